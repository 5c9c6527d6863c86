package trip_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"mobility/portal/internal/access"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
	"mobility/portal/internal/trip"
	"mobility/portal/internal/user"
)

const v1 = "/portal-service/v1"

// tripEnv is an Env with an Acme user manager, a Globex one and an Acme
// app user whose trips the tests configure.
type tripEnv struct {
	*testkit.Env
	acme, globex, staff string // tokens
	userOsp             string
	userID              int64
}

func newTripEnv(t *testing.T, e *testkit.Env) *tripEnv {
	te := &tripEnv{Env: e, staff: e.LoginAs("ospadmin")}
	te.acme = e.PlantSession(e.CompanyAdmin("trip.acme", seed.AcmeOspID, access.UserManager))
	te.globex = e.PlantSession(e.CompanyAdmin("trip.globex", seed.GlobexOspID, access.UserManager))
	ca := e.CorporateAccountID(seed.AcmeOspID)
	te.userOsp = e.NewUser(user.NewUser{Login: "trip.rider", CorporateAccountID: &ca, Roles: []access.Role{access.OspUser}})
	if err := e.DB.Get(context.Background(), &te.userID, `SELECT id FROM users WHERE osp_id = ?`, te.userOsp); err != nil {
		t.Fatal(err)
	}
	return te
}

func (te *tripEnv) configure(t *testing.T, body map[string]any) map[string]any {
	t.Helper()
	body["corporateAccountOspId"] = seed.AcmeOspID
	res := te.Post(v1+"/travel/compensation/update", te.acme, body)
	testkit.MustStatus(t, res, http.StatusOK)
	return res.Map(t)
}

func (te *tripEnv) effective(t *testing.T, day string) trip.Effective {
	t.Helper()
	m, err := te.App.Trips.EffectiveSettings(context.Background(), []int64{te.userID}, day)
	if err != nil {
		t.Fatal(err)
	}
	e, ok := m[te.userID]
	if !ok {
		t.Fatalf("no effective settings for the user on %s", day)
	}
	return e
}

func TestCompanyCompensation(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		te := newTripEnv(t, e)
		res := te.Post(v1+"/travel/compensation/get", te.acme, map[string]any{"corporateAccountOspId": seed.AcmeOspID})
		testkit.MustStatus(t, res, http.StatusOK)
		if m := res.Map(t); m["carCommuteCompensationType"] != "PER_KILOMETER" || m["commuteBikeEnabled"] != false {
			t.Fatalf("default configuration: %v", m)
		}
		got := te.configure(t, map[string]any{"commuteBikeEnabled": true, "commuteBikeCompensationPerKm": 350000,
			"carCommuteCompensationType": "PER_DAY", "commuteCarEnabled": true, "commuteCarCompensationPerDay": 400,
			"homeWorkEnabled": true, "homeWorkDailyAllowance": 300})
		if got["commuteBikeCompensationPerKm"] != float64(350000) || got["carCommuteCompensationType"] != "PER_DAY" {
			t.Fatalf("update answered %v", got)
		}
		res = te.Post(v1+"/travel/compensation/get", te.acme, map[string]any{"corporateAccountOspId": seed.AcmeOspID})
		if m := res.Map(t); m["commuteCarCompensationPerDay"] != float64(400) || m["homeWorkDailyAllowance"] != float64(300) {
			t.Fatalf("stored configuration: %v", m)
		}
		// a car type without business trips is refused, on the field
		res = te.Post(v1+"/travel/compensation/update", te.acme, map[string]any{"corporateAccountOspId": seed.AcmeOspID,
			"businessTripCarType": "COMPANY_CAR"})
		if res.Status != http.StatusBadRequest || res.Field() != "businessTripsEnabled" {
			t.Fatalf("car type without business trips: %d %s", res.Status, res.Body)
		}
		// another tenant's company is not found, for reading and writing
		for _, path := range []string{"/travel/compensation/get", "/travel/compensation/update"} {
			if res := te.Post(v1+path, te.globex, map[string]any{"corporateAccountOspId": seed.AcmeOspID}); res.Status != http.StatusNotFound {
				t.Errorf("%s by Globex: %d %s", path, res.Status, res.Body)
			}
		}

		// the user's effective terms follow the company, then the override
		ef := te.effective(t, "2026-11-20")
		if b := ef.Commute[trip.ModeBike]; !b.Allowed || b.RateMicro != 350000 || b.TaxFreeMicro != 350000 || !b.HasTaxFree {
			t.Fatalf("bike terms %+v", b)
		}
		if c := ef.Commute[trip.ModeCar]; c.Type != trip.PerDay || c.Amount != 400 {
			t.Fatalf("car terms %+v", c)
		}
		if ef.HomeWork.Allowed {
			t.Fatal("home work allowed without the user's permission")
		}
		testkit.MustStatus(t, te.Post(v1+"/commute/user/compensation/update", te.acme, map[string]any{"userOspId": te.userOsp,
			"commuteBikeCompensationPerKm": 200000, "carCommuteCompensationType": "PER_TRIP", "commuteCarCompensationPerTrip": 250}), http.StatusOK)
		testkit.MustStatus(t, te.Post(v1+"/homework/configuration/permission/update", te.acme, map[string]any{"userOspId": te.userOsp,
			"allowed": true}), http.StatusOK)
		testkit.MustStatus(t, te.Post(v1+"/homework/compensation/update", te.acme, map[string]any{"userOspId": te.userOsp,
			"dailyAllowance": 150}), http.StatusOK)
		res = te.Post(v1+"/commute/user/update", te.acme, map[string]any{"userOspId": te.userOsp,
			"bikeAllowed": true, "carAllowed": false, "walkingAllowed": false})
		testkit.MustStatus(t, res, http.StatusOK)
		// the answer keeps the user's own permissions apart from what the
		// company offers (walking: not offered, and not allowed either)
		if m := res.Map(t); fmt.Sprint(m["commuteModes"]) != "[BIKE]" || m["bikeAllowed"] != true || m["carAllowed"] != false ||
			m["walkingAllowed"] != false {
			t.Fatalf("status after the update: %v", m)
		}
		res = te.Post(v1+"/commute/user/update", te.acme, map[string]any{"userOspId": te.userOsp,
			"bikeAllowed": true, "carAllowed": false, "walkingAllowed": true})
		if m := res.Map(t); fmt.Sprint(m["commuteModes"]) != "[BIKE]" || m["walkingAllowed"] != true {
			t.Fatalf("walking allowed for the user, not offered by the company: %v", m)
		}
		ef = te.effective(t, "2026-11-20")
		if b := ef.Commute[trip.ModeBike]; b.RateMicro != 200000 {
			t.Fatalf("bike override %+v", b)
		}
		if c := ef.Commute[trip.ModeCar]; c.Allowed || c.Type != trip.PerTrip || c.Amount != 250 {
			t.Fatalf("car override %+v", c)
		}
		if h := ef.HomeWork; !h.Allowed || h.Amount != 150 || h.Type != trip.PerDay {
			t.Fatalf("home work %+v", h)
		}
		res = te.Post(v1+"/commute/user/compensation/get", te.acme, map[string]any{"userOspId": te.userOsp})
		m := res.Map(t)
		if m["commuteBikeCompensationPerKm"] != float64(200000) || m["company"].(map[string]any)["commuteBikeCompensationPerKm"] != float64(350000) {
			t.Fatalf("overrides beside the company's: %v", m)
		}
		// walking is allowed for the user but not offered by the company
		res = te.Do(testkit.Request{Method: http.MethodGet, Path: v1 + "/commute/user/" + te.userOsp + "/status?date=2026-11-20", Token: te.acme})
		testkit.MustStatus(t, res, http.StatusOK)
		var st trip.CommuteUserStatus
		res.JSON(t, &st)
		if len(st.CommuteModes) != 1 || st.CommuteModes[0] != trip.ModeBike || !st.HomeWorkAllowed || st.Distance != 0 {
			t.Fatalf("status %+v", st)
		}
		// back to the company's values: null overrides
		testkit.MustStatus(t, te.Post(v1+"/commute/user/compensation/update", te.acme, map[string]any{"userOspId": te.userOsp}), http.StatusOK)
		if b := te.effective(t, "2026-11-20").Commute[trip.ModeBike]; b.RateMicro != 350000 {
			t.Fatalf("cleared override %+v", b)
		}
		// another tenant's user is not found
		if res := te.Post(v1+"/commute/user/compensation/get", te.globex, map[string]any{"userOspId": te.userOsp}); res.Status != http.StatusNotFound {
			t.Fatalf("Globex reads Acme's user: %d", res.Status)
		}
	})
}

// SPEC §5, §9: the user's own distance lies within ±20 % of the admin's.
func TestDistanceDeviation(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		te := newTripEnv(t, e)
		put := func(own int) *testkit.Response {
			return te.Post(v1+"/commute/distance/update", te.acme, map[string]any{"userOspId": te.userOsp,
				"validFrom": "2026-01-01", "distance": 10000, "userDistance": own})
		}
		if res := put(11990); res.Status != http.StatusBadRequest || res.Field() != "userDistance" {
			t.Fatalf("own distance without the company's leave: %d %s", res.Status, res.Body)
		}
		te.configure(t, map[string]any{"allowDistancesConfiguredByUser": true})
		for _, c := range []struct {
			own int
			ok  bool
		}{{11990, true}, {8010, true}, {12000, true}, {8000, true}, {12010, false}, {7990, false}} {
			res := put(c.own)
			if c.ok && res.Status != http.StatusOK {
				t.Errorf("%d m (within 20 %%): %d %s", c.own, res.Status, res.Body)
			}
			if !c.ok && (res.Status != http.StatusBadRequest || res.Field() != "userDistance") {
				t.Errorf("%d m (beyond 20 %%): %d %s", c.own, res.Status, res.Body)
			}
		}
		// the last accepted value is stored and is the one that applies
		if ef := te.effective(t, "2026-02-01"); ef.DistanceM != 8000 || !ef.HasDistance {
			t.Fatalf("effective distance %+v", ef)
		}
		for _, c := range []struct {
			admin, own int
			want       bool
		}{{10000, 11990, true}, {10000, 12010, false}, {10000, 8010, true}, {10000, 7990, false}, {1, 1, true}} {
			if got := trip.WithinDeviation(c.admin, c.own); got != c.want {
				t.Errorf("WithinDeviation(%d, %d) = %v", c.admin, c.own, got)
			}
		}
	})
}

// One distance applies on any day: the latest valid from on or before it.
func TestDistanceHistory(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		te := newTripEnv(t, e)
		ids := map[string]string{}
		for from, d := range map[string]int{"2025-01-01": 5000, "2025-06-01": 7000, "2026-12-01": 9000} {
			res := te.Post(v1+"/commute/distance/update", te.acme, map[string]any{"userOspId": te.userOsp, "validFrom": from, "distance": d})
			testkit.MustStatus(t, res, http.StatusOK)
			ids[from] = res.Map(t)["ospId"].(string)
		}
		for day, want := range map[string]int{"2024-12-31": 0, "2025-01-01": 5000, "2025-05-31": 5000, "2025-06-01": 7000,
			"2026-11-30": 7000, "2026-12-01": 9000} {
			if ef := te.effective(t, day); ef.DistanceM != want || ef.HasDistance != (want != 0) {
				t.Errorf("distance on %s = %d (%v), want %d", day, ef.DistanceM, ef.HasDistance, want)
			}
		}
		res := te.Post(v1+"/commute/distance/get", te.acme, map[string]any{"userOspId": te.userOsp})
		var got trip.CommuteDistances
		res.JSON(t, &got)
		// the clock's today is 2026-11-21: the June 2025 entry is current
		if len(got.History) != 3 || got.History[0].ValidFrom != "2026-12-01" || got.Current == nil || got.Current.Distance != 7000 {
			t.Fatalf("history %+v", got)
		}
		// Globex may not delete Acme's entry; Acme may, and the earlier one applies again
		if res := te.Post(v1+"/commute/distance/delete", te.globex, map[string]any{"ospId": ids["2025-06-01"]}); res.Status != http.StatusNotFound {
			t.Fatalf("Globex deletes: %d", res.Status)
		}
		testkit.MustStatus(t, te.Post(v1+"/commute/distance/delete", te.acme, map[string]any{"ospId": ids["2025-06-01"]}), http.StatusNoContent)
		if ef := te.effective(t, "2025-07-01"); ef.DistanceM != 5000 {
			t.Fatalf("after delete: %d", ef.DistanceM)
		}
	})
}

// SPEC §8: business-trip settings wait for the company's enablement.
func TestBusinessTripsNeedCompany(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		te := newTripEnv(t, e)
		for path, body := range map[string]map[string]any{
			"/businessTrip/configuration/permission/update": {"userOspId": te.userOsp, "allowed": true},
			"/businessTrip/compensation/update":             {"userOspId": te.userOsp, "carCompensationPerKm": 300000},
		} {
			res := te.Post(v1+path, te.acme, body)
			if res.Status != http.StatusBadRequest || res.Label() != trip.LabelBusinessTripsNotEnabled ||
				res.Map(t)["message"] != "You need to enable business trips on company level first" {
				t.Fatalf("%s before enablement: %d %s", path, res.Status, res.Body)
			}
		}
		if ef := te.effective(t, "2025-06-30"); len(ef.Business) != 1 || ef.Business[trip.ModeBike].Allowed {
			t.Fatalf("business terms before: %+v", ef.Business)
		}
		te.configure(t, map[string]any{"businessTripsEnabled": true, "businessTripCarType": "PRIVATE_CAR",
			"businessTripPrivateCarCompensationPerKm": 500000})
		testkit.MustStatus(t, te.Post(v1+"/businessTrip/configuration/permission/update", te.acme,
			map[string]any{"userOspId": te.userOsp, "allowed": true}), http.StatusOK)
		res := te.Post(v1+"/businessTrip/configuration/permission/get", te.acme, map[string]any{"userOspId": te.userOsp})
		if m := res.Map(t); m["allowed"] != true || m["companyEnabled"] != true {
			t.Fatalf("permission %v", m)
		}
		// the tax-free rate is the one valid on the day: the period boundary
		for day, want := range map[string]int64{"2025-06-30": 441500, "2025-07-01": 444900} {
			car := te.effective(t, day).Business[trip.ModePrivateCar]
			if !car.Allowed || car.RateMicro != 500000 || car.TaxFreeMicro != want || !car.HasTaxFree {
				t.Errorf("private car on %s: %+v", day, car)
			}
		}
	})
}

func TestTaxFreeRates(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		te := newTripEnv(t, e)
		create := func(token string, body map[string]any) *testkit.Response {
			return te.Post(v1+"/travel/taxFreeRate/create", token, body)
		}
		if res := create(te.acme, map[string]any{"kind": "WALK", "rate": 250000, "validFrom": "2027-01-01"}); res.Status != http.StatusForbidden {
			t.Fatalf("a company admin adds a rate: %d", res.Status)
		}
		testkit.MustStatus(t, create(te.staff, map[string]any{"kind": "WALK", "rate": 250000, "validFrom": "2027-01-01"}), http.StatusOK)
		// overlapping a closed period is refused
		res := create(te.staff, map[string]any{"kind": "BUSINESS_PRIVATE_CAR", "rate": 400000, "validFrom": "2025-03-01", "validTo": "2025-08-01"})
		if res.Status != http.StatusConflict || res.Label() != trip.LabelTaxFreeRatesOverlap {
			t.Fatalf("overlap: %d %s", res.Status, res.Body)
		}
		res = te.Post(v1+"/travel/taxFreeRate/findAll", te.acme, map[string]any{})
		testkit.MustStatus(t, res, http.StatusOK)
		var rates []trip.TaxFreeRate
		res.JSON(t, &rates)
		var walks []string
		for _, r := range rates {
			if r.Kind == trip.RateWalk {
				walks = append(walks, r.ValidFrom+".."+r.ValidTo)
			}
		}
		if len(walks) != 2 || walks[0] != "2024-07-01..2026-12-31" || walks[1] != "2027-01-01.." || len(rates) != 5 {
			t.Fatalf("rates %v / %+v", walks, rates)
		}
		te.configure(t, map[string]any{"commuteWalkingEnabled": true, "commuteWalkingCompensationPerKm": 300000})
		for day, want := range map[string]int64{"2026-12-31": 240000, "2027-01-01": 250000} {
			if w := te.effective(t, day).Commute[trip.ModeWalk]; w.TaxFreeMicro != want {
				t.Errorf("walking tax-free rate on %s: %d", day, w.TaxFreeMicro)
			}
		}
	})
}

// Two admins changing different settings of one user at once both land:
// each change applies to the row as it is under its lock.
func TestUserSettingsConcurrentChanges(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		te := newTripEnv(t, e)
		te.configure(t, map[string]any{"homeWorkEnabled": true, "homeWorkDailyAllowance": 300, "commuteBikeEnabled": true})
		for round := range 6 {
			allowed := round%2 == 0
			rate := int64(100000 + round)
			done := make(chan *testkit.Response, 2)
			go func() {
				done <- te.Post(v1+"/homework/configuration/permission/update", te.acme, map[string]any{"userOspId": te.userOsp, "allowed": allowed})
			}()
			go func() {
				done <- te.Post(v1+"/commute/user/compensation/update", te.acme, map[string]any{"userOspId": te.userOsp,
					"commuteBikeCompensationPerKm": rate})
			}()
			for range 2 {
				testkit.MustStatus(t, <-done, http.StatusOK)
			}
			ef := te.effective(t, "2026-11-20")
			if ef.HomeWork.Allowed != allowed || ef.Commute[trip.ModeBike].RateMicro != rate {
				t.Fatalf("round %d: home work %v (want %v), bike rate %d (want %d)", round, ef.HomeWork.Allowed, allowed,
					ef.Commute[trip.ModeBike].RateMicro, rate)
			}
		}
	})
}
