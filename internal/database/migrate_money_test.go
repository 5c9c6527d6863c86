package database

import (
	"context"
	"io/fs"
	"path/filepath"
	"testing"
	"time"

	"github.com/pressly/goose/v3"
)

// Migration 00006 upgrades a database that holds a ledger already: on
// SQLite it rebuilds budget_transactions with its CHECKs and foreign key,
// keeping every row (ids and AUTOINCREMENT sequence included).
func TestMoneyInvariantsMigrationKeepsAnExistingLedger(t *testing.T) {
	ctx := context.Background()
	db, p := sqliteAt(t, 5)
	now := time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)
	execAt(t, db, now,
		`INSERT INTO partners (id, osp_id, name, partner_type, created_at) VALUES (1, 'p', 'P', 'MSP', ?)`,
		`INSERT INTO corporate_accounts (id, osp_id, partner_id, name, created_at) VALUES (1, 'c', 1, 'C', ?)`,
		`INSERT INTO users (id, osp_id, corporate_account_id, created_at, updated_at) VALUES (1, 'u', 1, ?, ?)`,
		`INSERT INTO budgets (id, osp_id, corporate_account_id, user_id, budget_type, frequency_method, balance, start_activation_time, created_at, updated_at)
			VALUES (1, 'b', 1, 1, 'CAFETERIA_BUDGET', 'MANUAL', 700, ?, ?, ?)`,
		`INSERT INTO expenses (id, osp_id, budget_id, user_id, corporate_account_id, amount, expense_date, booking_id, created_at)
			VALUES (1, 'e', 1, 1, 1, 300, '2026-11-20', 'BK1', ?)`,
		`INSERT INTO budget_transactions (id, osp_id, budget_id, tx_type, amount, balance_after, booking_date, created_at)
			VALUES (1, 't1', 1, 'start_amount', 1000, 1000, '2026-11-20', ?)`,
		`INSERT INTO budget_transactions (id, osp_id, budget_id, tx_type, amount, balance_after, expense_id, booking_date, created_at)
			VALUES (2, 't2', 1, 'event', -300, 700, 1, '2026-11-20', ?)`,
	)
	if _, err := p.Up(ctx); err != nil {
		t.Fatal(err)
	}
	var rows []struct {
		ID      int64  `db:"id"`
		Amount  int64  `db:"amount"`
		Expense *int64 `db:"expense_id"`
	}
	if err := db.Select(ctx, &rows, `SELECT id, amount, expense_id FROM budget_transactions ORDER BY id`); err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 || rows[1].Amount != -300 || rows[1].Expense == nil || *rows[1].Expense != 1 {
		t.Fatalf("ledger after the migration: %+v", rows)
	}
	// new rows continue the sequence; the constraints hold
	id, err := db.Insert(ctx, `INSERT INTO budget_transactions (osp_id, budget_id, tx_type, amount, balance_after, booking_date, created_at)
		VALUES ('t3', 1, 'manual_update', 5, 705, '2026-11-21', ?) RETURNING id`, now)
	if err != nil || id != 3 {
		t.Fatalf("next ledger row: %d %v", id, err)
	}
	for _, q := range []string{
		`INSERT INTO budget_transactions (osp_id, budget_id, tx_type, amount, balance_after, expense_id, booking_date, created_at)
			VALUES ('t4', 1, 'event', -5, 700, 99, '2026-11-21', CURRENT_TIMESTAMP)`,
		`DELETE FROM expenses WHERE id = 1`,
		`UPDATE budget_transactions SET amount = 6 WHERE id = 3`,
		`DELETE FROM budget_transactions WHERE id = 3`,
	} {
		if _, err := db.Exec(ctx, q); err == nil {
			t.Errorf("%s: accepted", q)
		}
	}
	// and back down
	if _, err := p.DownTo(ctx, 5); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := db.Get(ctx, &n, `SELECT COUNT(*) FROM budget_transactions`); err != nil || n != 3 {
		t.Fatalf("after down: %d %v", n, err)
	}
}

// sqliteAt opens a new SQLite database migrated up to version, and the
// provider that migrates it on (or back).
func sqliteAt(t *testing.T, version int64) (*DB, *goose.Provider) {
	t.Helper()
	ctx := context.Background()
	db, err := Open(ctx, filepath.Join(t.TempDir(), "up.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	sub, err := fs.Sub(migrations, "migrations")
	if err != nil {
		t.Fatal(err)
	}
	p, err := goose.NewProvider(goose.DialectSQLite3, db.SQL(), dialectFS{FS: sub, d: db.Dialect})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.UpTo(ctx, version); err != nil {
		t.Fatal(err)
	}
	return db, p
}

// execAt runs each of queries with every ? bound to now.
func execAt(t *testing.T, db *DB, now time.Time, queries ...string) {
	t.Helper()
	for _, q := range queries {
		args := []any{}
		for i := 0; i < countMarks(q); i++ {
			args = append(args, now)
		}
		if _, err := db.Exec(context.Background(), q, args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

func countMarks(q string) int {
	n := 0
	for _, c := range q {
		if c == '?' {
			n++
		}
	}
	return n
}
