package database_test

import (
	"context"
	"strings"
	"testing"

	"mobility/portal/internal/database"
	"mobility/portal/internal/testkit"
)

// TestLedgerDateIndexHoldsOnlyExpenseRows: after migration 00039 the
// ledger's date index covers the rows of expenses only (a top-up row pays
// for no entry in it), and the month's invoicing, which reads expense rows
// between two dates, still finds them through it.
func TestLedgerDateIndexHoldsOnlyExpenseRows(t *testing.T) {
	testkit.ForEachDialect(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		var def string
		q := `SELECT sql FROM sqlite_master WHERE name = 'budget_transactions_date'`
		if db.Dialect == database.Postgres {
			q = `SELECT indexdef FROM pg_indexes WHERE indexname = 'budget_transactions_date'`
		}
		if err := db.Get(ctx, &def, q); err != nil {
			t.Fatal(err)
		}
		// PostgreSQL writes the condition in parentheses, SQLite as given
		if def := strings.ToLower(def); !strings.Contains(def, "where (expense_id is not null)") && !strings.Contains(def, "where expense_id is not null") {
			t.Fatalf("budget_transactions_date: %s, want it partial on expense rows", def)
		}
		if db.Dialect != database.SQLite {
			return
		}
		plan := testkit.SQLitePlan(t, db, `SELECT t.expense_id FROM budget_transactions t
			WHERE t.booking_date BETWEEN '2026-11-01' AND '2026-11-30' AND t.expense_id IS NOT NULL`)
		if len(plan) == 0 || !strings.Contains(plan[0], "budget_transactions_date") {
			t.Fatalf("the invoicing's read: %q, want it through budget_transactions_date", plan)
		}
	})
}
