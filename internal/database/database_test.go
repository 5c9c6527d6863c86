package database_test

import (
	"context"
	"errors"
	"path/filepath"
	"strconv"
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

// An acknowledged posting must survive a power cut: every connection the
// product opens runs SQLite with synchronous=FULL (2), which syncs the WAL
// at each commit, and PostgreSQL with synchronous_commit on. Only the test
// kit's option turns SQLite's down to NORMAL (1).
func TestOpenIsDurable(t *testing.T) {
	ctx := context.Background()
	t.Run("sqlite", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "portal.db")
		for _, c := range []struct {
			name string
			opt  database.Options
			want int
		}{{"product", database.Options{}, 2}, {"test only", database.Options{TestOnlyNotDurable: true}, 1}} {
			db, err := database.OpenWith(ctx, path, c.opt)
			if err != nil {
				t.Fatal(err)
			}
			for i, got := range eachConnection(t, db, "PRAGMA synchronous") {
				if got != strconv.Itoa(c.want) {
					t.Errorf("%s: connection %d runs synchronous=%s, want %d", c.name, i, got, c.want)
				}
			}
			db.Close()
		}
	})
	t.Run("postgres", func(t *testing.T) {
		if testkit.PostgresURL() == "" {
			t.Skip("PORTAL_TEST_POSTGRES_URL not set")
		}
		// the server's own URL, as an operator would configure it (the test
		// kit's databases turn synchronous_commit off in theirs)
		db, err := database.Open(ctx, testkit.PostgresURL())
		if err != nil {
			t.Skipf("PostgreSQL not reachable: %v", err)
		}
		defer db.Close()
		for i, got := range eachConnection(t, db, "SHOW synchronous_commit") {
			if got != "on" {
				t.Errorf("connection %d runs synchronous_commit=%s, want on", i, got)
			}
		}
	})
}

// eachConnection answers query's one value on several connections of db's
// pool held at once, so a setting made per connection is seen on each.
func eachConnection(t *testing.T, db *database.DB, query string) []string {
	t.Helper()
	ctx := context.Background()
	var out []string
	for i := 0; i < 4; i++ {
		conn, err := db.SQL().Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		var v string
		if err := conn.QueryRowContext(ctx, query).Scan(&v); err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	return out
}
