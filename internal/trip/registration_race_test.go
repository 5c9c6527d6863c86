package trip_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
	"mobility/portal/internal/trip"
)

// An approval racing the monthly run: approve has found October open and
// is held there while the run pays the user's October. Without a lock
// shared by both, the run paid the month and the approval then wrote
// APPROVED into a paid month, a registration never to be paid. With it,
// the run waits for the approval and pays it too.
func TestApproveRacingTheRun(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		staff := e.LoginAs("ospadmin")
		acme := e.LoginAs("acme.admin")
		configure(t, e, seed.AcmeOspID, 400_000, 240_000, 0, 0, 0, false)
		u := appUser(t, e, "trip.race", seed.AcmeOspID)
		e.CreateBudget(staff, "COMMUTING_BUDGET", u, map[string]any{"frequency": ""})
		approved(t, e, u, seed.AcmeOspID, "2026-10-01", "BIKE", "OUTBOUND", 494, 62)
		late, _ := create(t, e, acme, map[string]any{"userOspId": u, "date": "2026-10-02", "kind": "COMMUTE", "mode": "BIKE",
			"direction": "OUTBOUND", "distance": 1000}, 200)

		checked, runDone := make(chan struct{}), make(chan struct{})
		trip.SetMonthCheckedHook(e.App.TripRegistrations, func() {
			close(checked)
			select { // the run goes now; with the lock it waits for us
			case <-runDone:
			case <-time.After(400 * time.Millisecond):
			}
		})
		defer trip.SetMonthCheckedHook(e.App.TripRegistrations, nil)
		approveDone := make(chan *testkit.Response)
		go func() {
			approveDone <- e.Post(travel+"/registration/approve", acme, map[string]any{"ospId": late.OspID})
		}()
		<-checked
		var res trip.RunResult
		var runErr error
		go func() { res, runErr = e.App.TripRegistrations.RunMonth(ctx, "202610"); close(runDone) }()
		approval := <-approveDone
		<-runDone
		if runErr != nil {
			t.Fatal(runErr)
		}
		if approval.Status != http.StatusOK {
			t.Fatalf("approve: %d %s", approval.Status, approval.Body)
		}
		// both registrations paid, in one payment of the month
		for i, s := range states(t, e, u) {
			if s.Status != "PAID" || s.PaidMonth == nil || *s.PaidMonth != "202610" {
				t.Fatalf("registration %d is %+v after the run (run %+v): approved into a paid month", i, s, res)
			}
		}
		if tu := topups(t, e, u); len(tu) != 1 || tu[0].Amount != 494+cents(1000, 400_000) {
			t.Fatalf("topups: %+v", tu)
		}
	})
}

// A car commute paid per day earns the day amount once, on the day's
// first live commute: rejecting that one moves the amount to the day's
// other commute, approving it again moves it back, and moving it to
// another day leaves the amount on both days' first.
func TestPerDayAmountFollowsTheDaysFirstCommute(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme := e.LoginAs("acme.admin")
		configure(t, e, seed.AcmeOspID, 0, 0, 0, 650, 0, false)
		u := appUser(t, e, "trip.perday", seed.AcmeOspID)
		distance(t, e, u, seed.AcmeOspID, "2026-01-01", 20_000)
		car := func(day, dir string) reg {
			r, _ := create(t, e, acme, map[string]any{"userOspId": u, "date": day, "kind": "COMMUTE", "mode": "CAR", "direction": dir}, 200)
			return r
		}
		get := func(osp string) reg {
			res := e.Post(travel+"/registration/get", acme, map[string]any{"ospId": osp})
			testkit.MustStatus(t, res, 200)
			var r reg
			res.JSON(t, &r)
			return r
		}
		post := func(action, osp string) reg {
			res := e.Post(travel+"/registration/"+action, acme, map[string]any{"ospId": osp})
			testkit.MustStatus(t, res, 200)
			var r reg
			res.JSON(t, &r)
			return r
		}
		amounts := func(step string, want ...int64) {
			t.Helper()
			var got []int64
			for _, r := range states(t, e, u) {
				got = append(got, r.Amount)
			}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("%s: amounts by day %v, want %v", step, got, want)
			}
		}
		out, back := car("2026-11-02", "OUTBOUND"), car("2026-11-02", "RETURN")
		if out.Compensation != 650 || out.Taxable != 650 || back.Compensation != 0 || back.Taxable != 0 {
			t.Fatalf("the day's first is paid the day: %+v %+v", out, back)
		}
		if r := post("reject", out.OspID); r.Compensation != 650 {
			t.Fatalf("a rejected one keeps what it would have earned: %+v", r)
		}
		if r := get(back.OspID); r.Compensation != 650 || r.Taxable != 650 {
			t.Fatalf("rejecting the first moves the day amount to the return: %+v", r)
		}
		if r := post("approve", out.OspID); r.Compensation != 650 {
			t.Fatalf("approved again, the first: %+v", r)
		}
		if r := get(back.OspID); r.Compensation != 0 {
			t.Fatalf("approved again, the first takes the day back: %+v", r)
		}
		amounts("approved again", 650, 0)
		// corrected to the next day: each day has its own first
		post("reject", out.OspID)
		res := e.Post(travel+"/registration/update", acme, map[string]any{"ospId": out.OspID, "userOspId": u, "date": "2026-11-03",
			"kind": "COMMUTE", "mode": "CAR", "direction": "OUTBOUND"})
		testkit.MustStatus(t, res, 200)
		amounts("moved to the 3rd", 650, 650)
		// a third commute on the 3rd is not paid again
		car("2026-11-03", "RETURN")
		amounts("a return on the 3rd", 650, 650, 0)
	})
}
