package trip_test

import (
	"context"
	"strings"
	"testing"

	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

// travel/getByFilter's total comes from counts the schema keeps per
// company, month, kind and status. After creates, approvals, rejections,
// a correction into another month and a monthly run, every filter's total
// is what counting the registrations says, and the kept counts are the
// registrations grouped.
func TestFilterTotalsFromKeptCounts(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		staff := e.LoginAs("ospadmin")
		acme := e.LoginAs("acme.admin")
		configure(t, e, seed.AcmeOspID, 400_000, 240_000, 284, 0, 0, false)
		a, b := appUser(t, e, "trip.count.a", seed.AcmeOspID), appUser(t, e, "trip.count.b", seed.AcmeOspID)
		allow(t, e, a, seed.AcmeOspID)
		e.CreateBudget(staff, "COMMUTING_BUDGET", a, map[string]any{"frequency": ""})
		var made []reg
		for i, day := range []string{"2026-09-29", "2026-10-01", "2026-10-02", "2026-10-30", "2026-11-03", "2026-11-04"} {
			for _, u := range []string{a, b} {
				r, _ := create(t, e, acme, map[string]any{"userOspId": u, "date": day, "kind": "COMMUTE", "mode": "BIKE",
					"direction": "OUTBOUND", "distance": 1000 + i}, 200)
				made = append(made, r)
			}
		}
		home, _ := create(t, e, acme, map[string]any{"userOspId": a, "date": "2026-10-05", "kind": "HOME_WORK"}, 200)
		act := func(action, osp string) {
			testkit.MustStatus(t, e.Post(travel+"/registration/"+action, acme, map[string]any{"ospId": osp}), 200)
		}
		for i, r := range made {
			switch i % 3 {
			case 0:
				act("approve", r.OspID)
			case 1:
				act("reject", r.OspID)
			}
		}
		act("approve", home.OspID)
		// a rejected one corrected into another month
		testkit.MustStatus(t, e.Post(travel+"/registration/update", acme, map[string]any{"ospId": made[1].OspID, "userOspId": b,
			"date": "2026-11-05", "kind": "COMMUTE", "mode": "WALK", "direction": "RETURN", "distance": 900}), 200)
		if _, err := e.App.TripRegistrations.RunMonth(ctx, "202610"); err != nil {
			t.Fatal(err)
		}
		var stray int
		if err := e.DB.Get(ctx, &stray, `SELECT COUNT(*) FROM (
			SELECT corporate_account_id, substr(trip_date, 1, 7) AS month, kind, status, COUNT(*) AS n FROM trip_registrations
			GROUP BY corporate_account_id, substr(trip_date, 1, 7), kind, status) x
			FULL OUTER JOIN (SELECT * FROM trip_registration_counts WHERE n > 0) c
			ON c.corporate_account_id = x.corporate_account_id AND c.month = x.month AND c.kind = x.kind AND c.status = x.status
			WHERE c.n IS NULL OR x.n IS NULL OR c.n <> x.n`); err != nil {
			t.Fatal(err)
		}
		if stray != 0 {
			t.Fatalf("%d kept counts differ from the registrations", stray)
		}
		ca := e.CorporateAccountID(seed.AcmeOspID)
		for _, f := range []struct {
			body  map[string]any
			where string
		}{
			{map[string]any{"corporateAccountOspId": seed.AcmeOspID}, ""},
			{map[string]any{"corporateAccountOspId": seed.AcmeOspID, "month": "202610"}, "trip_date LIKE '2026-10-%'"},
			{map[string]any{"corporateAccountOspId": seed.AcmeOspID, "month": "202611", "status": "REGISTERED"},
				"trip_date LIKE '2026-11-%' AND status = 'REGISTERED'"},
			{map[string]any{"corporateAccountOspId": seed.AcmeOspID, "status": "PAID"}, "status = 'PAID'"},
			{map[string]any{"corporateAccountOspId": seed.AcmeOspID, "kind": "HOME_WORK"}, "kind = 'HOME_WORK'"},
			{map[string]any{"month": "202609"}, "trip_date LIKE '2026-09-%'"},
			{map[string]any{"userOspId": a, "month": "202610"}, "trip_date LIKE '2026-10-%' AND user_id = (SELECT id FROM users WHERE osp_id = '" + a + "')"},
		} {
			where := "corporate_account_id = ?"
			if f.where != "" {
				where += " AND " + f.where
			}
			var want int
			if err := e.DB.Get(ctx, &want, `SELECT COUNT(*) FROM trip_registrations WHERE `+where, ca); err != nil {
				t.Fatal(err)
			}
			res := e.Post(travel+"/getByFilter", acme, f.body)
			testkit.MustStatus(t, res, 200)
			var page struct {
				TotalElements int   `json:"totalElements"`
				Content       []reg `json:"content"`
			}
			res.JSON(t, &page)
			if page.TotalElements != want || want == 0 {
				t.Fatalf("%v: total %d, counted %d", f.body, page.TotalElements, want)
			}
		}
		// another tenant's admin counts none of Acme's
		res := e.Post(travel+"/getByFilter", e.LoginAs("initech.admin"), map[string]any{"month": "202610"})
		testkit.MustStatus(t, res, 200)
		if body := string(res.Body); !strings.Contains(body, `"totalElements":0`) {
			t.Fatalf("initech sees Acme's totals: %s", body)
		}
	})
}
