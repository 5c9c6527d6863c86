package budget_test

import (
	"context"
	"strings"
	"testing"

	"mobility/portal/internal/access"
	"mobility/portal/internal/budget"
	"mobility/portal/internal/database"
	"mobility/portal/internal/testkit"
)

// The schema holds the ledger's invariants by itself (migration 00006),
// whatever SQL reaches it.
func TestSchemaHoldsTheLedgerInvariants(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		b := create(t, e, e.LoginAs("acme.admin"), "CAFETERIA_BUDGET", e.UserOspID("jan.peeters"), map[string]any{"frequency": "", "startAmount": 1000})
		id := budgetID(t, e, b.OspID)
		row := func(amount any, expenseID any) error {
			_, err := e.DB.Exec(ctx, `INSERT INTO budget_transactions (osp_id, budget_id, tx_type, amount, balance_after, expense_id, booking_date, created_at)
				VALUES (?, ?, 'manual_update', ?, 0, ?, '2026-11-21', CURRENT_TIMESTAMP)`, "t-"+b.OspID[:8], id, amount, expenseID)
			return err
		}
		if err := row(int64(5), int64(987654)); err == nil {
			t.Error("a ledger row naming no expense was stored")
		}
		if e.DB.Dialect == database.SQLite {
			if err := row(1.5, nil); err == nil {
				t.Error("a REAL amount was stored")
			}
			if _, err := e.DB.Exec(ctx, `UPDATE budgets SET threshold = 2.5 WHERE id = ?`, id); err == nil {
				t.Error("a REAL threshold was stored")
			}
		}
		for _, q := range []string{`UPDATE budget_transactions SET description = 'x' WHERE budget_id = ?`, `DELETE FROM budget_transactions WHERE budget_id = ?`} {
			if _, err := e.DB.Exec(ctx, q, id); err == nil {
				t.Errorf("%s: accepted", q)
			}
		}
		if got := balance(t, e, b.OspID); got != 1000 {
			t.Fatalf("balance %d", got)
		}
		rep, err := e.App.Budgets.VerifyLedger(ctx)
		if err != nil || len(rep.Problems) != 0 {
			t.Fatalf("ledger after refused writes: %+v %v", rep, err)
		}
	})
}

// budget_negatives, which the negative-budget searches and the dashboard's
// count read, follows every balance across zero by itself (its triggers,
// migration 00037), and the ledger check catches it when it is wrong.
func TestNegativeBudgetsFollowBalancesAcrossZero(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		b := create(t, e, e.LoginAs("acme.admin"), "CAFETERIA_BUDGET", e.UserOspID("jan.peeters"), map[string]any{"frequency": "", "startAmount": 1000})
		id := budgetID(t, e, b.OspID)
		var company int64
		if err := e.DB.Get(ctx, &company, `SELECT corporate_account_id FROM budgets WHERE id = ?`, id); err != nil {
			t.Fatal(err)
		}
		listed := func() bool {
			var n int
			if err := e.DB.Get(ctx, &n, `SELECT COUNT(*) FROM budget_negatives WHERE budget_id = ?`, id); err != nil {
				t.Fatal(err)
			}
			return n == 1
		}
		negativeUsers := func() int64 {
			f, err := e.App.Budgets.CompanyFigures(ctx, access.SystemScope(), []int64{company})
			if err != nil {
				t.Fatal(err)
			}
			if f[company] == nil {
				return 0
			}
			return f[company].NegativeUsers
		}
		post := func(amount int64) {
			if _, _, err := e.App.Budgets.Post(ctx, access.SystemScope(), id, budget.Entry{Type: budget.TxManualUpdate, Amount: amount}); err != nil {
				t.Fatal(err)
			}
		}
		before := negativeUsers()
		if listed() {
			t.Fatal("listed at 1000")
		}
		for _, step := range []struct {
			amount int64
			below  bool
		}{{-1500, true}, {-200, true}, {700, false}, {-1, true}, {1, false}, {0 - 1000, true}, {1000, false}} {
			post(step.amount)
			if listed() != step.below {
				t.Fatalf("after %d: listed %v, want %v", step.amount, listed(), step.below)
			}
			want := before
			if step.below {
				want++
			}
			if got := negativeUsers(); got != want {
				t.Fatalf("after %d: %d users below zero, want %d", step.amount, got, want)
			}
			if rep, err := e.App.Budgets.VerifyLedger(ctx); err != nil || len(rep.Problems) != 0 {
				t.Fatalf("after %d: %+v %v", step.amount, rep, err)
			}
		}
		// wrong either way, the ledger check says so
		if _, err := e.DB.Exec(ctx, `INSERT INTO budget_negatives (budget_id, corporate_account_id, user_id) SELECT id, corporate_account_id, user_id FROM budgets WHERE id = ?`, id); err != nil {
			t.Fatal(err)
		}
		post(-5000)
		if _, err := e.DB.Exec(ctx, `DELETE FROM budget_negatives WHERE budget_id = ?`, id); err != nil {
			t.Fatal(err)
		}
		rep, err := e.App.Budgets.VerifyLedger(ctx)
		if err != nil || len(rep.Problems) != 1 || rep.Problems[0].BudgetID != id || !strings.Contains(rep.Problems[0].Detail, "budget_negatives lacks it") {
			t.Fatalf("a budget below zero missing from the list: %+v %v", rep, err)
		}
		post(5000)
		if _, err := e.DB.Exec(ctx, `INSERT INTO budget_negatives (budget_id, corporate_account_id, user_id) SELECT id, corporate_account_id, user_id FROM budgets WHERE id = ?`, id); err != nil {
			t.Fatal(err)
		}
		rep, err = e.App.Budgets.VerifyLedger(ctx)
		if err != nil || len(rep.Problems) != 1 || rep.Problems[0].BudgetID != id || !strings.Contains(rep.Problems[0].Detail, "budget_negatives lists it") {
			t.Fatalf("a budget at zero or above in the list: %+v %v", rep, err)
		}
	})
}
