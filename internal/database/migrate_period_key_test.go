package database

import (
	"context"
	"fmt"
	"testing"
	"time"
)

// Migration 00038 moves each budget's latest scheduled period from its
// budget_period_runs rows onto the budget (budgets.period_key): the
// latest key by the order the run compares keys in ("2026" < "2026-12" <
// "2027"), none for a budget that never ran; on the way down the table
// comes back with that latest period as its row.
func TestPeriodKeyMigrationKeepsEachBudgetsLatestPeriod(t *testing.T) {
	ctx := context.Background()
	db, p := sqliteAt(t, 37)
	now := time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)
	budget := func(id int64) string {
		return fmt.Sprintf(`INSERT INTO budgets (id, osp_id, corporate_account_id, user_id, budget_type, frequency_method, balance, start_activation_time, created_at, updated_at)
			VALUES (%d, 'b%d', 1, %d, 'CAFETERIA_BUDGET', 'AUTOMATIC', 0, ?, ?, ?)`, id, id, id)
	}
	run := func(id int64, key string) string {
		return fmt.Sprintf(`INSERT INTO budget_period_runs (budget_id, period_key, outcome, created_at) VALUES (%d, '%s', 'credited', ?)`, id, key)
	}
	execAt(t, db, now,
		`INSERT INTO partners (id, osp_id, name, partner_type, created_at) VALUES (1, 'p', 'P', 'MSP', ?)`,
		`INSERT INTO corporate_accounts (id, osp_id, partner_id, name, created_at) VALUES (1, 'c', 1, 'C', ?)`,
		`INSERT INTO users (id, osp_id, corporate_account_id, created_at, updated_at) VALUES (1, 'u1', 1, ?, ?)`,
		`INSERT INTO users (id, osp_id, corporate_account_id, created_at, updated_at) VALUES (2, 'u2', 1, ?, ?)`,
		`INSERT INTO users (id, osp_id, corporate_account_id, created_at, updated_at) VALUES (3, 'u3', 1, ?, ?)`,
		budget(1), budget(2), budget(3),
		run(1, "2026-10"), run(1, "2026-12"), run(1, "2026-11"),
		run(2, "2026"), run(2, "2026-12"), // a change from yearly to monthly recorded the month under the new frequency
	)
	if _, err := p.Up(ctx); err != nil {
		t.Fatal(err)
	}
	var got []struct {
		ID  int64   `db:"id"`
		Key *string `db:"period_key"`
	}
	if err := db.Select(ctx, &got, `SELECT id, period_key FROM budgets ORDER BY id`); err != nil {
		t.Fatal(err)
	}
	keys := map[int64]string{}
	for _, g := range got {
		if g.Key != nil {
			keys[g.ID] = *g.Key
		}
	}
	if fmt.Sprint(keys) != "map[1:2026-12 2:2026-12]" {
		t.Fatalf("after the migration: %v, want budgets 1 and 2 at 2026-12 and 3 without a period", keys)
	}
	var n int
	if err := db.Get(ctx, &n, `SELECT COUNT(*) FROM sqlite_master WHERE name = 'budget_period_runs'`); err != nil || n != 0 {
		t.Fatalf("after the migration: budget_period_runs still there (%d, %v)", n, err)
	}
	if _, err := p.DownTo(ctx, 37); err != nil {
		t.Fatal(err)
	}
	var rows []string
	if err := db.Select(ctx, &rows, `SELECT budget_id || ':' || period_key FROM budget_period_runs ORDER BY budget_id`); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(rows) != "[1:2026-12 2:2026-12]" {
		t.Fatalf("after down: %v", rows)
	}
}
