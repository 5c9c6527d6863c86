package budget_test

import (
	"context"
	"errors"
	"testing"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/budget"
	"mobility/portal/internal/testkit"
)

// PostKnown books the common case in one statement (moveIfPlain) and
// leaves every other to the general path: each case here answers and
// books exactly what post's rules say, the caller's write runs only when
// the entry is booked (the general path runs it before its checks, and
// a refusal rolls it back), and its failure books nothing.
func TestPostKnownKeepsPostsRules(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		acme := e.LoginAs("acme.admin")
		jan := e.UserOspID("jan.peeters")
		b := e.CreateBudget(acme, "COMMUTING_BUDGET", jan, map[string]any{"frequency": "", "startAmount": 1000}) // limited
		if b.Remaining != 1000 {
			t.Fatalf("start balance %d, want 1000 cents", b.Remaining)
		}
		id := budgetID(t, e, b.OspID)
		balance := func() int64 {
			var v int64
			if err := e.DB.Get(ctx, &v, `SELECT balance FROM budgets WHERE id = ?`, id); err != nil {
				t.Fatal(err)
			}
			return v
		}
		rows := func() int {
			return count(t, e, `SELECT COUNT(*) FROM budget_transactions WHERE budget_id = ?`, id)
		}
		failed := errors.New("the caller's write failed")
		cases := []struct {
			name       string
			entry      budget.Entry
			deactivate bool
			writeErr   error
			label      string // "" booked
			after      int64
		}{
			{name: "a spend it holds", entry: budget.Entry{Type: budget.TxEvent, Amount: -400, Spend: true}, after: 600},
			{name: "a spend of more than it holds", entry: budget.Entry{Type: budget.TxEvent, Amount: -700, Spend: true}, label: "INSUFFICIENT_BUDGET"},
			{name: "all it holds", entry: budget.Entry{Type: budget.TxEvent, Amount: -600, Spend: true}, after: 0},
			{name: "a correction below zero (not a spend)", entry: budget.Entry{Type: budget.TxManualUpdate, Amount: -100}, after: -100},
			{name: "a refund", entry: budget.Entry{Type: budget.TxRefund, Amount: 300}, after: 200},
			{name: "past the largest balance", entry: budget.Entry{Type: budget.TxManualUpdate, Amount: budget.MaxBalance}, label: "BALANCE_OUT_OF_RANGE"},
			{name: "an amount past the bound", entry: budget.Entry{Type: budget.TxManualUpdate, Amount: -budget.MaxBalance - 1}, label: "BALANCE_OUT_OF_RANGE"},
			{name: "the caller's write fails", entry: budget.Entry{Type: budget.TxEvent, Amount: -100, Spend: true}, writeErr: failed},
			{name: "a spend on a switched-off budget", entry: budget.Entry{Type: budget.TxEvent, Amount: -100, Spend: true}, deactivate: true, label: "BUDGET_DEACTIVATED"},
			{name: "a refund on a switched-off budget", entry: budget.Entry{Type: budget.TxRefund, Amount: 100}, deactivate: true, after: 300},
		}
		for _, c := range cases {
			if c.deactivate {
				if _, err := e.DB.Exec(ctx, `UPDATE budgets SET activation_status = ? WHERE id = ?`, budget.StatusDeactivated, id); err != nil {
					t.Fatal(err)
				}
			}
			before, n := balance(), rows()
			wrote := 0
			_, got, err := e.App.Budgets.PostKnown(ctx, access.SystemScope(), id, c.entry, func(context.Context) error {
				wrote++
				return c.writeErr
			})
			switch {
			case c.writeErr != nil:
				if !errors.Is(err, c.writeErr) || balance() != before || rows() != n {
					t.Fatalf("%s: %v, balance %d (was %d), %d rows (were %d): want the write's error and nothing booked", c.name, err, balance(), before, rows(), n)
				}
			case c.label != "":
				if ae := apperr.As(err); ae == nil || ae.Label != c.label {
					t.Fatalf("%s: %v, want %s", c.name, err, c.label)
				}
				if balance() != before || rows() != n {
					t.Fatalf("%s: refused, but balance %d (was %d), %d rows (were %d)", c.name, balance(), before, rows(), n)
				}
			default:
				if err != nil || wrote != 1 || got != c.after || balance() != c.after || rows() != n+1 {
					t.Fatalf("%s: %v, wrote %d times, answered %d, balance %d, %d rows (were %d): want %d booked once", c.name, err, wrote, got, balance(), rows(), n, c.after)
				}
				var last int64
				if err := e.DB.Get(ctx, &last, `SELECT balance_after FROM budget_transactions WHERE budget_id = ? ORDER BY id DESC LIMIT 1`, id); err != nil || last != c.after {
					t.Fatalf("%s: the ledger row's balance after is %d (%v), want %d", c.name, last, err, c.after)
				}
			}
		}
		rep, err := e.App.Budgets.VerifyLedger(ctx)
		if err != nil || len(rep.Problems) > 0 {
			t.Fatalf("ledger: %v %v", rep.Problems, err)
		}
	})
}
