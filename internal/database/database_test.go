package database_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"mobility/portal/internal/database"
	"mobility/portal/internal/testkit"
)

func TestWithTxCommitsAndRollsBack(t *testing.T) {
	testkit.ForEachDialect(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		now := database.Now(time.Date(2026, 3, 1, 10, 30, 0, 123456000, time.UTC))
		insert := func(ctx context.Context, osp string) error {
			_, err := db.Insert(ctx, `INSERT INTO partners (osp_id, name, partner_type, created_at) VALUES (?, ?, 'MSP', ?) RETURNING id`, osp, osp, now)
			return err
		}
		if err := db.WithTx(ctx, func(ctx context.Context) error { return insert(ctx, "a") }); err != nil {
			t.Fatal(err)
		}
		boom := errors.New("boom")
		err := db.WithTx(ctx, func(ctx context.Context) error {
			if err := insert(ctx, "b"); err != nil {
				return err
			}
			// a nested WithTx joins the outer transaction
			return db.WithTx(ctx, func(ctx context.Context) error { return boom })
		})
		if !errors.Is(err, boom) {
			t.Fatalf("want boom, got %v", err)
		}
		var names []string
		if err := db.Select(ctx, &names, `SELECT osp_id FROM partners ORDER BY osp_id`); err != nil {
			t.Fatal(err)
		}
		if len(names) != 1 || names[0] != "a" {
			t.Fatalf("want only a committed, got %v", names)
		}
		var got time.Time
		if err := db.Get(ctx, &got, `SELECT created_at FROM partners WHERE osp_id = ?`, "a"); err != nil {
			t.Fatal(err)
		}
		if !got.Equal(now) {
			t.Fatalf("timestamp round trip: wrote %v, read %v", now, got)
		}
		// timestamps compare in SQL in both dialects
		var n int
		if err := db.Get(ctx, &n, `SELECT COUNT(*) FROM partners WHERE created_at < ?`, now.Add(time.Second)); err != nil || n != 1 {
			t.Fatalf("timestamp comparison: n=%d err=%v", n, err)
		}
		_, err = db.Insert(ctx, `INSERT INTO partners (osp_id, name, partner_type, created_at) VALUES ('a', 'dup', 'MSP', ?) RETURNING id`, now)
		if !database.IsUniqueViolation(err) {
			t.Fatalf("want unique violation, got %v", err)
		}
	})
}

func TestMigrateTwiceIsNoop(t *testing.T) {
	testkit.ForEachDialect(t, func(t *testing.T, db *database.DB) {
		if err := db.Migrate(context.Background()); err != nil {
			t.Fatal(err)
		}
	})
}
