package budget_test

import (
	"context"
	"testing"

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
