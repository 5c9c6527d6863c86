package trip_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/google/uuid"

	"mobility/portal/internal/database"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
	"mobility/portal/internal/trip"
)

// approved stores an APPROVED registration straight away (the rules of
// create are tested through the route) with its compensation.
func approved(t *testing.T, e *testkit.Env, userOsp, companyOsp, day, mode, direction string, amount, taxable int64) {
	t.Helper()
	now := database.Now(e.Clock.Now())
	if _, err := e.DB.Exec(context.Background(), `INSERT INTO trip_registrations (osp_id, user_id, corporate_account_id, trip_date,
		kind, mode, direction, distance_m, compensation_type, compensation, taxable, status, created_at, updated_at)
		VALUES (?, (SELECT id FROM users WHERE osp_id = ?), ?, ?, 'COMMUTE', ?, ?, 1000, 'PER_KILOMETER', ?, ?, 'APPROVED', ?, ?)`,
		uuid.NewString(), userOsp, e.CorporateAccountID(companyOsp), day, mode, direction, amount, taxable, now, now); err != nil {
		t.Fatal(err)
	}
	recount(t, e)
}

// recount rebuilds the kept registration counts after rows were stored
// straight in the table (the store keeps them on every write of its own).
func recount(t testing.TB, e *testkit.Env) {
	t.Helper()
	for _, q := range []string{`DELETE FROM trip_registration_counts`, `INSERT INTO trip_registration_counts (corporate_account_id,
		month, kind, status, n) SELECT corporate_account_id, substr(trip_date, 1, 7), kind, status, COUNT(*) FROM trip_registrations
		GROUP BY corporate_account_id, substr(trip_date, 1, 7), kind, status`} {
		if _, err := e.DB.Exec(context.Background(), q); err != nil {
			t.Fatal(err)
		}
	}
}

type topup struct {
	OspID  string `db:"osp_id"`
	Amount int64  `db:"amount"`
	Type   string `db:"budget_type"`
}

// topups are the trip compensation rows on a user's budgets.
func topups(t *testing.T, e *testkit.Env, userOsp string) []topup {
	t.Helper()
	var out []topup
	if err := e.DB.Select(context.Background(), &out, `SELECT x.osp_id, x.amount, b.budget_type FROM budget_transactions x
		JOIN budgets b ON b.id = x.budget_id JOIN users u ON u.id = b.user_id
		WHERE u.osp_id = ? AND x.tx_type = 'topup' AND x.description LIKE 'trip compensation%' ORDER BY x.id`, userOsp); err != nil {
		t.Fatal(err)
	}
	return out
}

type regState struct {
	Status    string  `db:"status"`
	PaidMonth *string `db:"paid_month"`
	Tx        *string `db:"budget_tx_osp_id"`
	Amount    int64   `db:"compensation"`
}

func states(t *testing.T, e *testkit.Env, userOsp string) []regState {
	t.Helper()
	var out []regState
	if err := e.DB.Select(context.Background(), &out, `SELECT r.status, r.paid_month, r.budget_tx_osp_id, r.compensation
		FROM trip_registrations r JOIN users u ON u.id = r.user_id WHERE u.osp_id = ? ORDER BY r.trip_date, r.id`, userOsp); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestRunMonthPaysOnce(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		staff := e.LoginAs("ospadmin")
		acme := e.LoginAs("acme.admin")
		configure(t, e, seed.AcmeOspID, 400_000, 240_000, 284, 0, 0, false)
		a, b, none := appUser(t, e, "trip.run.a", seed.AcmeOspID), appUser(t, e, "trip.run.b", seed.AcmeOspID),
			appUser(t, e, "trip.run.none", seed.AcmeOspID)
		ca := e.CreateBudget(staff, "COMMUTING_BUDGET", a, map[string]any{"frequency": "", "startAmount": 1000})
		e.CreateBudget(staff, "COMMUTING_BUDGET", b, map[string]any{"frequency": ""})
		approved(t, e, a, seed.AcmeOspID, "2026-10-01", "BIKE", "OUTBOUND", 494, 62)
		approved(t, e, a, seed.AcmeOspID, "2026-10-01", "BIKE", "RETURN", 494, 62)
		approved(t, e, a, seed.AcmeOspID, "2026-10-31", "WALK", "OUTBOUND", 57, 0)
		approved(t, e, a, seed.AcmeOspID, "2026-11-02", "WALK", "OUTBOUND", 1000, 0) // next month: not now
		approved(t, e, b, seed.AcmeOspID, "2026-10-15", "BIKE", "OUTBOUND", 300, 0)
		approved(t, e, none, seed.AcmeOspID, "2026-10-15", "BIKE", "OUTBOUND", 300, 0)
		// a registered (not approved) one is not paid
		home, _ := create(t, e, acme, map[string]any{"userOspId": b, "date": "2026-10-16", "kind": "COMMUTE", "mode": "BIKE",
			"direction": "OUTBOUND", "distance": 1000}, 200)

		if _, err := e.App.TripRegistrations.RunMonth(ctx, "202611"); err == nil {
			t.Fatal("the current month was run")
		}
		res, err := e.App.TripRegistrations.RunMonth(ctx, "202610")
		if err != nil {
			t.Fatal(err)
		}
		if res.Paid < 2 || res.NoBudget < 1 {
			t.Fatalf("run: %+v", res)
		}
		// a: one topup of the month's sum on the commuting budget
		ta := topups(t, e, a)
		if len(ta) != 1 || ta[0].Amount != 494+494+57 || ta[0].Type != "COMMUTING_BUDGET" {
			t.Fatalf("a's topups: %+v", ta)
		}
		var balance int64
		if err := e.DB.Get(ctx, &balance, `SELECT balance FROM budgets WHERE osp_id = ?`, ca.OspID); err != nil || balance != 1000+1045 {
			t.Fatalf("a's balance %d (%v)", balance, err)
		}
		for i, s := range states(t, e, a) {
			paid := i < 3
			if paid != (s.Status == "PAID") || paid != (s.PaidMonth != nil && *s.PaidMonth == "202610") ||
				paid != (s.Tx != nil && *s.Tx == ta[0].OspID) {
				t.Fatalf("a's registration %d: %+v", i, s)
			}
		}
		var run struct {
			Count   int     `db:"registration_count"`
			Amount  int64   `db:"amount"`
			Taxable int64   `db:"taxable"`
			Tx      *string `db:"budget_tx_osp_id"`
		}
		if err := e.DB.Get(ctx, &run, `SELECT registration_count, amount, taxable, budget_tx_osp_id FROM trip_payment_runs
			WHERE user_id = (SELECT id FROM users WHERE osp_id = ?) AND month = '202610'`, a); err != nil {
			t.Fatal(err)
		}
		if run.Count != 3 || run.Amount != 1045 || run.Taxable != 124 || run.Tx == nil || *run.Tx != ta[0].OspID {
			t.Fatalf("a's run: %+v", run)
		}
		if tb := topups(t, e, b); len(tb) != 1 || tb[0].Amount != 300 {
			t.Fatalf("b's topups: %+v", tb)
		}
		// no budget: nothing paid, nothing recorded, left for a later run
		if tn := topups(t, e, none); len(tn) != 0 || states(t, e, none)[0].Status != "APPROVED" {
			t.Fatalf("no budget: %+v %+v", tn, states(t, e, none))
		}

		// again: nothing twice
		res, err = e.App.TripRegistrations.RunMonth(ctx, "202610")
		if err != nil || res.Paid != 0 {
			t.Fatalf("rerun: %+v %v", res, err)
		}
		if ta := topups(t, e, a); len(ta) != 1 {
			t.Fatalf("a paid twice: %+v", ta)
		}
		// once the user has a budget, the next run pays them
		e.CreateBudget(staff, "COMMUTING_BUDGET", none, map[string]any{"frequency": ""})
		if res, err = e.App.TripRegistrations.RunMonth(ctx, "202610"); err != nil || res.Paid != 1 {
			t.Fatalf("late budget: %+v %v", res, err)
		}
		if tn := topups(t, e, none); len(tn) != 1 || tn[0].Amount != 300 {
			t.Fatalf("late budget topups: %+v", tn)
		}

		// the paid month is closed: no new registration, no approval
		_, r := create(t, e, acme, map[string]any{"userOspId": a, "date": "2026-10-20", "kind": "COMMUTE", "mode": "BIKE",
			"direction": "OUTBOUND", "distance": 1000}, http.StatusBadRequest)
		if r.Label() != "TRIP_MONTH_PAID" || r.Field() != "date" {
			t.Fatalf("create in a paid month: %s", r.Body)
		}
		r = e.Post(travel+"/registration/approve", acme, map[string]any{"ospId": home.OspID})
		if r.Status != http.StatusBadRequest || r.Label() != "TRIP_MONTH_PAID" {
			t.Fatalf("approve in a paid month: %d %s", r.Status, r.Body)
		}

		// the jobs runner's job pays the previous month
		e.Clock.Set(time.Date(2026, 12, 2, 6, 0, 0, 0, e.Clock.Now().Location()))
		results, err := e.App.JobRunner().RunDay(ctx, "2026-12-02")
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, x := range results {
			if x.Job == "trip-compensation" {
				found = x.Status == "done"
			}
		}
		if !found {
			t.Fatalf("jobs: %+v", results)
		}
		if ta := topups(t, e, a); len(ta) != 2 || ta[1].Amount != 1000 {
			t.Fatalf("november by the job: %+v", ta)
		}
	})
}

// TestRunMonthCancelledPartWay cancels a run while it pays 40 users, then
// runs again: every registration is paid exactly once.
func TestRunMonthCancelledPartWay(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff := e.LoginAs("ospadmin")
		configure(t, e, seed.AcmeOspID, 400_000, 0, 0, 0, 0, false)
		const n = 40
		users := make([]string, n)
		for i := range users {
			users[i] = appUser(t, e, fmt.Sprintf("trip.cancel.%d", i), seed.AcmeOspID)
			e.CreateBudget(staff, "COMMUTING_BUDGET", users[i], map[string]any{"frequency": ""})
			approved(t, e, users[i], seed.AcmeOspID, "2026-10-05", "BIKE", "OUTBOUND", int64(100+i), 0)
			approved(t, e, users[i], seed.AcmeOspID, "2026-10-05", "BIKE", "RETURN", int64(200+i), 0)
		}
		// a batch of 3 users a transaction, so the cancel lands between
		// batches or inside one
		trip.SetRunBatch(e.App.TripRegistrations, 3)
		defer trip.SetRunBatch(e.App.TripRegistrations, 0)
		ctx, cancel := context.WithCancel(context.Background())
		go func() {
			// cancel once the first users are paid
			for ctx.Err() == nil {
				var paid int
				_ = e.DB.Get(context.Background(), &paid, `SELECT COUNT(*) FROM trip_payment_runs`)
				if paid >= 3 {
					cancel()
					return
				}
				time.Sleep(time.Millisecond)
			}
		}()
		res, err := e.App.TripRegistrations.RunMonth(ctx, "202610")
		cancel()
		if err == nil || !errors.Is(err, context.Canceled) {
			t.Logf("the run ended before it was cancelled (%+v, %v): the invariants below still hold", res, err)
		} else if res.Paid >= n {
			t.Fatalf("cancelled run paid everyone: %+v", res)
		}
		if _, err := e.App.TripRegistrations.RunMonth(context.Background(), "202610"); err != nil {
			t.Fatal(err)
		}
		for i, u := range users {
			tx := topups(t, e, u)
			if len(tx) != 1 || tx[0].Amount != int64(300+2*i) {
				t.Fatalf("user %d: %+v", i, tx)
			}
			for _, s := range states(t, e, u) {
				if s.Status != "PAID" || s.Tx == nil || *s.Tx != tx[0].OspID {
					t.Fatalf("user %d: %+v", i, s)
				}
			}
		}
	})
}

// TestRunMonthBikeViaMobilityBudget: a company paying the bike allowance
// through the legal mobility budget gets the bike part there and the rest
// on the commuting budget, each registration naming its ledger row.
func TestRunMonthBikeViaMobilityBudget(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff := e.LoginAs("ospadmin")
		configure(t, e, seed.AcmeOspID, 350_000, 240_000, 0, 0, 0, true)
		u := appUser(t, e, "trip.mobility", seed.AcmeOspID)
		e.CreateBudget(staff, "COMMUTING_BUDGET", u, map[string]any{"frequency": ""})
		e.CreateBudget(staff, "MOBILITY_BUDGET", u, map[string]any{})
		approved(t, e, u, seed.AcmeOspID, "2026-10-01", "BIKE", "OUTBOUND", 350, 0)
		approved(t, e, u, seed.AcmeOspID, "2026-10-01", "WALK", "RETURN", 240, 0)
		approved(t, e, u, seed.AcmeOspID, "2026-10-02", "BIKE", "OUTBOUND", 351, 0)
		if _, err := e.App.TripRegistrations.RunMonth(context.Background(), "202610"); err != nil {
			t.Fatal(err)
		}
		tx := topups(t, e, u)
		byType := map[string]topup{}
		for _, x := range tx {
			byType[x.Type] = x
		}
		if len(tx) != 2 || byType["MOBILITY_BUDGET"].Amount != 701 || byType["COMMUTING_BUDGET"].Amount != 240 {
			t.Fatalf("topups: %+v", tx)
		}
		for i, s := range states(t, e, u) {
			want := byType["MOBILITY_BUDGET"].OspID
			if i == 1 {
				want = byType["COMMUTING_BUDGET"].OspID
			}
			if s.Status != "PAID" || s.Tx == nil || *s.Tx != want {
				t.Fatalf("registration %d: %+v", i, s)
			}
		}
	})
}

// A user paid on two budgets (the bike part via the mobility budget) who
// lacks the second gets nothing booked, not half of the month, while the
// users beside them in the run's batch are paid; once the budget exists,
// the next run pays the whole month once.
func TestRunMonthHalfABudgetPaysNothing(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		staff := e.LoginAs("ospadmin")
		configure(t, e, seed.AcmeOspID, 350_000, 240_000, 0, 0, 0, true)
		half, whole := appUser(t, e, "trip.half", seed.AcmeOspID), appUser(t, e, "trip.whole", seed.AcmeOspID)
		e.CreateBudget(staff, "COMMUTING_BUDGET", half, map[string]any{"frequency": ""})
		for _, u := range []string{half, whole} {
			approved(t, e, u, seed.AcmeOspID, "2026-10-01", "WALK", "OUTBOUND", 240, 0)
			approved(t, e, u, seed.AcmeOspID, "2026-10-01", "BIKE", "RETURN", 350, 0)
		}
		e.CreateBudget(staff, "COMMUTING_BUDGET", whole, map[string]any{"frequency": ""})
		e.CreateBudget(staff, "MOBILITY_BUDGET", whole, map[string]any{})
		res, err := e.App.TripRegistrations.RunMonth(ctx, "202610")
		if err != nil {
			t.Fatal(err)
		}
		if res.Paid != 1 || res.NoBudget != 1 || res.Registrations != 2 || res.Amount != 590 {
			t.Fatalf("run: %+v", res)
		}
		if tx := topups(t, e, half); len(tx) != 0 {
			t.Fatalf("half a month booked for the user without a mobility budget: %+v", tx)
		}
		for _, s := range states(t, e, half) {
			if s.Status != "APPROVED" {
				t.Fatalf("unpaid registration: %+v", s)
			}
		}
		if tx := topups(t, e, whole); len(tx) != 2 {
			t.Fatalf("the other user of the batch: %+v", tx)
		}
		e.CreateBudget(staff, "MOBILITY_BUDGET", half, map[string]any{})
		if res, err = e.App.TripRegistrations.RunMonth(ctx, "202610"); err != nil || res.Paid != 1 || res.Amount != 590 {
			t.Fatalf("rerun: %+v %v", res, err)
		}
		if tx := topups(t, e, half); len(tx) != 2 {
			t.Fatalf("paid once the budget exists: %+v", tx)
		}
	})
}
