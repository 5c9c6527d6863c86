package database

import (
	"context"
	"fmt"
	"testing"
	"time"
)

// Migration 00037 upgrades a database that holds budgets below zero
// already: budget_negatives starts with exactly the user budgets below
// zero, its triggers follow every crossing from then on, and it goes away
// again on the way down (the partial index it replaced comes back).
func TestNegativesMigrationListsTheBudgetsBelowZeroAlready(t *testing.T) {
	ctx := context.Background()
	db, p := sqliteAt(t, 36)
	now := time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)
	budget := func(id int64, user any, typ string, balance int64) string {
		return fmt.Sprintf(`INSERT INTO budgets (id, osp_id, corporate_account_id, user_id, budget_type, frequency_method, balance, start_activation_time, created_at, updated_at)
			VALUES (%d, 'b%d', 1, %v, '%s', 'MANUAL', %d, ?, ?, ?)`, id, id, user, typ, balance)
	}
	execAt(t, db, now,
		`INSERT INTO partners (id, osp_id, name, partner_type, created_at) VALUES (1, 'p', 'P', 'MSP', ?)`,
		`INSERT INTO corporate_accounts (id, osp_id, partner_id, name, created_at) VALUES (1, 'c', 1, 'C', ?)`,
		`INSERT INTO users (id, osp_id, corporate_account_id, created_at, updated_at) VALUES (1, 'u1', 1, ?, ?)`,
		`INSERT INTO users (id, osp_id, corporate_account_id, created_at, updated_at) VALUES (2, 'u2', 1, ?, ?)`,
		budget(1, 1, "CAFETERIA_BUDGET", -500),
		budget(2, 2, "CAFETERIA_BUDGET", 300),
		budget(3, "NULL", "COMPANY_BUDGET", -100), // a company budget is no user's
	)
	if _, err := p.Up(ctx); err != nil {
		t.Fatal(err)
	}
	listed := func() string {
		t.Helper()
		var ids []int64
		if err := db.Select(ctx, &ids, `SELECT budget_id FROM budget_negatives ORDER BY budget_id`); err != nil {
			t.Fatal(err)
		}
		return fmt.Sprint(ids)
	}
	if got := listed(); got != "[1]" {
		t.Fatalf("after the migration: %s, want [1]", got)
	}
	for _, step := range []struct {
		q    string
		want string
	}{
		{`UPDATE budgets SET balance = 200 WHERE id = 1`, "[]"},
		{`UPDATE budgets SET balance = -1 WHERE id = 2`, "[2]"},
		{`UPDATE budgets SET balance = -2 WHERE id = 2`, "[2]"},
		{`UPDATE budgets SET balance = -200 WHERE id = 3`, "[2]"},
		{`UPDATE budgets SET balance = -3 WHERE id = 1`, "[1 2]"},
		{`UPDATE budgets SET balance = 0 WHERE id IN (1, 2)`, "[]"},
	} {
		if _, err := db.Exec(ctx, step.q); err != nil {
			t.Fatal(err)
		}
		if got := listed(); got != step.want {
			t.Fatalf("after %s: %s, want %s", step.q, got, step.want)
		}
	}
	if _, err := p.DownTo(ctx, 36); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := db.Get(ctx, &n, `SELECT COUNT(*) FROM sqlite_master WHERE name IN ('budget_negatives', 'budgets_negative_update', 'budgets_negative_insert')`); err != nil || n != 0 {
		t.Fatalf("after down: %d of the table and its triggers left (%v)", n, err)
	}
	if err := db.Get(ctx, &n, `SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' AND name = 'budgets_negative'`); err != nil || n != 1 {
		t.Fatalf("after down: the partial index is not back (%d, %v)", n, err)
	}
}
