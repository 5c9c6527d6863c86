package trip_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"mobility/portal/internal/access"
	"mobility/portal/internal/database"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
	"mobility/portal/internal/user"
)

const travel = "/portal-service/v1/travel"

// cents is metres × µ€/km in cents, half away from zero, written apart
// from the package's arithmetic.
func cents(metres, micro int64) int64 { return (metres*micro + 5_000_000) / 10_000_000 }

// configure sets a company's travel settings straight in the table (the
// configuration calls are tested with their routes): bike commutes at
// bike µ€/km, walking at walk µ€/km, home work at homeWork cents a day,
// car commutes per day at carDay cents, business trips by private car at
// businessCar µ€/km when businessCar > 0.
func configure(t testing.TB, e *testkit.Env, companyOsp string, bike, walk, homeWork, carDay, businessCar int64, viaMobility bool) {
	t.Helper()
	ctx := context.Background()
	id := e.CorporateAccountID(companyOsp)
	if _, err := e.DB.Exec(ctx, `DELETE FROM company_travel_settings WHERE corporate_account_id = ?`, id); err != nil {
		t.Fatal(err)
	}
	carType := ""
	if businessCar > 0 {
		carType = "PRIVATE_CAR"
	}
	if _, err := e.DB.Exec(ctx, `INSERT INTO company_travel_settings (corporate_account_id, commute_bike_enabled, commute_car_enabled,
		commute_walk_enabled, business_trips_enabled, business_car_type, home_work_enabled, home_work_daily_allowance,
		car_commute_compensation_type, commute_bike_per_km_micro, commute_walk_per_km_micro, commute_car_per_day,
		business_private_car_per_km_micro, pay_bike_via_mobility_budget, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'PER_DAY', ?, ?, ?, ?, ?, ?)`,
		id, bike > 0, carDay > 0, walk > 0, businessCar > 0, carType, homeWork > 0, homeWork, bike, walk, carDay, businessCar,
		viaMobility, database.Now(e.Clock.Now())); err != nil {
		t.Fatal(err)
	}
}

// distance gives a user a commuting distance valid from a day.
func distance(t *testing.T, e *testkit.Env, userOsp, companyOsp, from string, metres int) {
	t.Helper()
	now := database.Now(e.Clock.Now())
	if _, err := e.DB.Exec(context.Background(), `INSERT INTO commute_distances (osp_id, user_id, corporate_account_id, valid_from,
		distance_m, created_at, updated_at) VALUES (?, (SELECT id FROM users WHERE osp_id = ?), ?, ?, ?, ?, ?)`,
		fmt.Sprintf("dist-%s-%s", userOsp, from), userOsp, e.CorporateAccountID(companyOsp), from, metres, now, now); err != nil {
		t.Fatal(err)
	}
}

// allow lets a user register home work and business trips.
func allow(t *testing.T, e *testkit.Env, userOsp, companyOsp string) {
	t.Helper()
	if _, err := e.DB.Exec(context.Background(), `INSERT INTO user_trip_settings (user_id, corporate_account_id, home_work_allowed,
		business_trip_allowed, updated_at) VALUES ((SELECT id FROM users WHERE osp_id = ?), ?, TRUE, TRUE, ?)`,
		userOsp, e.CorporateAccountID(companyOsp), database.Now(e.Clock.Now())); err != nil {
		t.Fatal(err)
	}
}

func appUser(t testing.TB, e *testkit.Env, login, companyOsp string) string {
	t.Helper()
	ca := e.CorporateAccountID(companyOsp)
	return e.NewUser(user.NewUser{Login: login, CorporateAccountID: &ca, Roles: []access.Role{access.OspUser}})
}

type reg struct {
	OspID, UserOspID, Date, Kind, Mode, Direction, Status, PaidMonth, BudgetTransactionOspID string
	Distance                                                                                 int
	Compensation, Taxable                                                                    int64
	Rate, TaxFreeRate                                                                        *int64
}

func create(t *testing.T, e *testkit.Env, token string, body map[string]any, status int) (reg, *testkit.Response) {
	t.Helper()
	res := e.Post(travel+"/registration/create", token, body)
	testkit.MustStatus(t, res, status)
	var r reg
	if status == http.StatusOK {
		res.JSON(t, &r)
	}
	return r, res
}

func TestRegistrationRules(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme := e.LoginAs("acme.admin")
		u := appUser(t, e, "trip.rules", seed.AcmeOspID)
		// bike paid 0.40 €/km (tax-free 0.35), walking 0.24 (= tax-free),
		// home work 2.84 € a day, car per day 6.50 €, no business trips
		configure(t, e, seed.AcmeOspID, 400_000, 240_000, 284, 650, 0, false)
		distance(t, e, u, seed.AcmeOspID, "2026-01-01", 12_345)
		distance(t, e, u, seed.AcmeOspID, "2026-11-01", 15_000)
		allow(t, e, u, seed.AcmeOspID)

		// the distance valid on each day, the rate and the taxable part
		oct, _ := create(t, e, acme, map[string]any{"userOspId": u, "date": "2026-10-31", "kind": "COMMUTE", "mode": "BIKE",
			"direction": "OUTBOUND"}, 200)
		if oct.Distance != 12_345 || oct.Compensation != cents(12_345, 400_000) || oct.Taxable != cents(12_345, 400_000)-cents(12_345, 350_000) ||
			oct.Status != "REGISTERED" || oct.Rate == nil || *oct.Rate != 400_000 || oct.TaxFreeRate == nil || *oct.TaxFreeRate != 350_000 {
			t.Fatalf("october: %+v", oct)
		}
		if oct.Compensation != 494 || oct.Taxable != 62 {
			t.Fatalf("12.345 km at 0.40 €/km is 4.94 €, 0.62 € above 0.35 €/km: %+v", oct)
		}
		nov, _ := create(t, e, acme, map[string]any{"userOspId": u, "date": "2026-11-02", "kind": "COMMUTE", "mode": "BIKE",
			"direction": "OUTBOUND"}, 200)
		if nov.Distance != 15_000 || nov.Compensation != 600 || nov.Taxable != 75 {
			t.Fatalf("november: %+v", nov)
		}
		walk, _ := create(t, e, acme, map[string]any{"userOspId": u, "date": "2026-11-02", "kind": "COMMUTE", "mode": "WALK",
			"direction": "RETURN", "distance": 2_345}, 200)
		if walk.Compensation != cents(2_345, 240_000) || walk.Taxable != 0 {
			t.Fatalf("walk: %+v", walk)
		}
		// per day: the day's first commute is paid, the second is not
		car1, _ := create(t, e, acme, map[string]any{"userOspId": u, "date": "2026-11-03", "kind": "COMMUTE", "mode": "CAR",
			"direction": "OUTBOUND"}, 200)
		car2, _ := create(t, e, acme, map[string]any{"userOspId": u, "date": "2026-11-03", "kind": "COMMUTE", "mode": "CAR",
			"direction": "RETURN"}, 200)
		if car1.Compensation != 650 || car1.Taxable != 650 || car2.Compensation != 0 {
			t.Fatalf("per day: %+v %+v", car1, car2)
		}
		home, _ := create(t, e, acme, map[string]any{"userOspId": u, "date": "2026-11-04", "kind": "HOME_WORK"}, 200)
		if home.Compensation != 284 || home.Taxable != 0 || home.Mode != "" || home.Distance != 0 {
			t.Fatalf("home work: %+v", home)
		}

		for _, c := range []struct {
			name  string
			body  map[string]any
			label string
			field string
		}{
			{"same direction twice a day", map[string]any{"date": "2026-10-31", "kind": "COMMUTE", "mode": "WALK", "direction": "OUTBOUND"},
				"TRIP_ALREADY_REGISTERED", "direction"},
			{"home work twice a day", map[string]any{"date": "2026-11-04", "kind": "HOME_WORK"}, "TRIP_ALREADY_REGISTERED", "date"},
			{"in the future", map[string]any{"date": "2026-11-22", "kind": "COMMUTE", "mode": "BIKE", "direction": "RETURN"},
				"VALIDATION_FAILED", "date"},
			{"no direction", map[string]any{"date": "2026-11-05", "kind": "COMMUTE", "mode": "BIKE"}, "VALIDATION_FAILED", "direction"},
			{"business trips off", map[string]any{"date": "2026-11-05", "kind": "BUSINESS", "mode": "PRIVATE_CAR", "distance": 10_000},
				"BUSINESS_TRIPS_NOT_ENABLED", ""},
			{"distance too long", map[string]any{"date": "2026-11-05", "kind": "COMMUTE", "mode": "BIKE", "direction": "RETURN",
				"distance": 1_000_001}, "VALIDATION_FAILED", "distance"},
			{"home work with a mode", map[string]any{"date": "2026-11-06", "kind": "HOME_WORK", "mode": "BIKE"}, "VALIDATION_FAILED", "mode"},
		} {
			c.body["userOspId"] = u
			_, res := create(t, e, acme, c.body, http.StatusBadRequest)
			if res.Label() != c.label || (c.field != "" && res.Field() != c.field) {
				t.Errorf("%s: %s %s, want %s on %s", c.name, res.Label(), res.Body, c.label, c.field)
			}
		}
		// the mode must be one the company compensates and the user may use
		if _, err := e.DB.Exec(context.Background(), `UPDATE user_trip_settings SET commute_bike_allowed = FALSE
			WHERE user_id = (SELECT id FROM users WHERE osp_id = ?)`, u); err != nil {
			t.Fatal(err)
		}
		_, res := create(t, e, acme, map[string]any{"userOspId": u, "date": "2026-11-05", "kind": "COMMUTE", "mode": "BIKE",
			"direction": "OUTBOUND"}, http.StatusBadRequest)
		if res.Label() != "TRIP_MODE_NOT_ALLOWED" || res.Field() != "mode" {
			t.Fatalf("bike not allowed: %s", res.Body)
		}

		// approve, reject, correct
		post := func(path, osp string, status int) reg {
			t.Helper()
			res := e.Post(travel+"/registration/"+path, acme, map[string]any{"ospId": osp})
			testkit.MustStatus(t, res, status)
			var r reg
			if status == 200 {
				res.JSON(t, &r)
			}
			return r
		}
		if r := post("approve", oct.OspID, 200); r.Status != "APPROVED" {
			t.Fatalf("approve: %+v", r)
		}
		res = e.Post(travel+"/registration/update", acme, map[string]any{"ospId": oct.OspID, "userOspId": u, "date": "2026-10-30",
			"kind": "COMMUTE", "mode": "WALK", "direction": "OUTBOUND"})
		if res.Status != http.StatusConflict || res.Label() != "TRIP_WRONG_STATUS" {
			t.Fatalf("update an approved one: %d %s", res.Status, res.Body)
		}
		if r := post("reject", oct.OspID, 200); r.Status != "REJECTED" {
			t.Fatalf("reject: %+v", r)
		}
		res = e.Post(travel+"/registration/update", acme, map[string]any{"ospId": oct.OspID, "userOspId": u, "date": "2026-10-30",
			"kind": "COMMUTE", "mode": "WALK", "direction": "OUTBOUND", "distance": 3_000})
		testkit.MustStatus(t, res, 200)
		var upd reg
		res.JSON(t, &upd)
		if upd.Status != "REGISTERED" || upd.Date != "2026-10-30" || upd.Mode != "WALK" || upd.Compensation != cents(3_000, 240_000) {
			t.Fatalf("update: %+v", upd)
		}
		if r := post("reject", oct.OspID, 200); r.Status != "REJECTED" {
			t.Fatalf("reject again: %+v", r)
		}
		post("reject", oct.OspID, http.StatusConflict)

		// the list: a user's month, a kind, a status; get
		list := func(token string, body map[string]any) (int, []reg) {
			t.Helper()
			res := e.Post(travel+"/getByFilter", token, body)
			if res.Status != 200 {
				return res.Status, nil
			}
			var p struct {
				Content       []reg `json:"content"`
				TotalElements int   `json:"totalElements"`
			}
			res.JSON(t, &p)
			if len(p.Content) != min(p.TotalElements, 10) {
				t.Fatalf("page of %d for %d", len(p.Content), p.TotalElements)
			}
			return p.TotalElements, p.Content
		}
		if n, rows := list(acme, map[string]any{"userOspId": u, "month": "202611"}); n != 5 || rows[0].Date != "2026-11-04" {
			t.Fatalf("november: %d %+v", n, rows)
		}
		if n, _ := list(acme, map[string]any{"corporateAccountOspId": seed.AcmeOspID, "userOspId": u, "kind": "HOME_WORK"}); n != 1 {
			t.Fatalf("home work: %d", n)
		}
		if n, rows := list(acme, map[string]any{"userOspId": u, "status": "REJECTED"}); n != 1 || rows[0].OspID != oct.OspID {
			t.Fatalf("rejected: %d %+v", n, rows)
		}
		res = e.Post(travel+"/getByFilter", acme, map[string]any{"month": "2026-11"})
		if res.Status != 400 || res.Field() != "month" {
			t.Fatalf("bad month: %d %s", res.Status, res.Body)
		}
		res = e.Post(travel+"/registration/get", acme, map[string]any{"ospId": home.OspID})
		testkit.MustStatus(t, res, 200)

		// tenancy: another company's admin sees nothing of Acme's
		globex := e.LoginAs("globex.admin")
		for _, p := range []string{"/registration/get", "/registration/approve", "/registration/reject"} {
			if res := e.Post(travel+p, globex, map[string]any{"ospId": home.OspID}); res.Status != http.StatusNotFound {
				t.Errorf("globex %s: %d %s", p, res.Status, res.Body)
			}
		}
		if st, _ := list(globex, map[string]any{"userOspId": u}); st != http.StatusNotFound {
			t.Errorf("globex list of an Acme user: %d", st)
		}
		if st, _ := list(globex, map[string]any{"corporateAccountOspId": seed.AcmeOspID}); st != http.StatusNotFound {
			t.Errorf("globex list of Acme: %d", st)
		}
		if n, _ := list(globex, map[string]any{}); n != 0 {
			t.Errorf("globex sees %d registrations", n)
		}
		if res := e.Post(travel+"/registration/create", globex, map[string]any{"userOspId": u, "date": "2026-11-05", "kind": "HOME_WORK"}); res.Status != http.StatusNotFound {
			t.Errorf("globex create for an Acme user: %d", res.Status)
		}
		// the MSP admin of Acme's partner reaches them
		if n, _ := list(e.LoginAs("msp.admin"), map[string]any{"userOspId": u}); n != 6 {
			t.Errorf("msp admin: %d", n)
		}
		// roles: an Acme admin without user_manager may not
		e.CompanyAdmin("acme.reports", seed.AcmeOspID, access.ReportingManager)
		rep := e.LoginAs("acme.reports")
		if st, _ := list(rep, map[string]any{"userOspId": u}); st != http.StatusForbidden {
			t.Errorf("reporting manager: %d", st)
		}
	})
}

// TestBusinessTripRatePeriods: a business trip by private car uses the
// tax-free rate valid on its date — 0.4415 €/km up to 30 June 2025,
// 0.4449 €/km from 1 July 2025 (the seeded periods) — so the same trip
// paid 0.4450 €/km has another taxable part on the 30th and on the 1st.
func TestBusinessTripRatePeriods(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		globex := e.LoginAs("globex.admin")
		u := appUser(t, e, "trip.business", seed.GlobexOspID)
		configure(t, e, seed.GlobexOspID, 0, 0, 0, 0, 445_000, false)
		allow(t, e, u, seed.GlobexOspID)
		const m = 123_456 // 123.456 km × 0.4450 = 54.93792 € → 54.94 €
		for _, c := range []struct {
			day     string
			free    int64
			taxable int64
		}{
			// tax-free 123.456 × 0.4415 = 54.505824 → 54.51 €: 0.43 € taxable
			{"2025-06-30", 441_500, 43},
			// tax-free 123.456 × 0.4449 = 54.9255744 → 54.93 €: 0.01 € taxable
			{"2025-07-01", 444_900, 1},
		} {
			r, _ := create(t, e, globex, map[string]any{"userOspId": u, "date": c.day, "kind": "BUSINESS", "mode": "PRIVATE_CAR",
				"distance": m}, 200)
			if r.Compensation != 5494 || r.Compensation != cents(m, 445_000) || r.Taxable != c.taxable ||
				r.Taxable != cents(m, 445_000)-cents(m, c.free) || r.TaxFreeRate == nil || *r.TaxFreeRate != c.free {
				t.Errorf("%s: %+v", c.day, r)
			}
		}
		// a business trip by company car: the company offers private cars only
		_, res := create(t, e, globex, map[string]any{"userOspId": u, "date": "2026-11-02", "kind": "BUSINESS", "mode": "COMPANY_CAR",
			"distance": 1000}, http.StatusBadRequest)
		if res.Label() != "TRIP_MODE_NOT_ALLOWED" {
			t.Fatalf("company car: %s", res.Body)
		}
	})
}
