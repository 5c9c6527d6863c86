package database_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"mobility/portal/internal/database"
	"mobility/portal/internal/testkit"
)

// countTo is a read that runs for tens of seconds unless its Live
// condition stops it: a count of a hundred million generated rows.
func countTo(db *database.DB) func(ctx context.Context, live database.Live) (int64, error) {
	return func(ctx context.Context, live database.Live) (int64, error) {
		var n int64
		err := db.Get(ctx, &n, `WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 100000000 AND `+live.Cond+`)
			SELECT COUNT(*) FROM c`, live.Args...)
		return n, err
	}
}

// TestDroppedReadStopsAndKeepsItsConnection: a read run beside its caller
// stops soon after it is dropped, through its Live condition, and its
// connection goes back to the pool (a context's cancel interrupts the
// statement, after which database/sql discards the connection and its
// warm page cache).
func TestDroppedReadStopsAndKeepsItsConnection(t *testing.T) {
	defer database.SetBesideMax(1)()
	db := testkit.NewDB(t, database.SQLite)
	ctx := context.Background()
	// two open connections, both idle
	c1, err := db.SQL().Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	c2, err := db.SQL().Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	c1.Close()
	c2.Close()
	open := db.SQL().Stats().OpenConnections

	b := database.RunBeside(ctx, db, countTo(db))
	if !b.Started() {
		t.Fatal("the read did not start beside its caller with a core spare")
	}
	time.Sleep(50 * time.Millisecond) // well into its count
	t0 := time.Now()
	b.Drop()
	if d := time.Since(t0); d > 2*time.Second {
		t.Fatalf("Drop took %v: the read did not stop", d)
	}
	if _, err := b.Result(); err == nil || !strings.Contains(err.Error(), database.ErrDropped.Error()) {
		t.Fatalf("dropped read ended with %v, want %v", err, database.ErrDropped)
	}
	if got := db.SQL().Stats().OpenConnections; got != open {
		t.Fatalf("open connections %d after the drop, want %d (the dropped read's connection was discarded)", got, open)
	}
	// a read taken runs to its end and answers
	b = database.RunBeside(ctx, db, func(ctx context.Context, live database.Live) (int64, error) {
		var n int64
		err := db.Get(ctx, &n, `WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 100000 AND `+live.Cond+`)
			SELECT COUNT(*) FROM c`, live.Args...)
		return n, err
	})
	if n, err := b.Result(); err != nil || n != 100000 {
		t.Fatalf("Result = %d, %v; want 100000", n, err)
	}
}

// TestReadBesideLeavesACoreToTheCallers: no more reads run beside their
// callers than the limit; another runs when Result asks, in its caller's
// context.
func TestReadBesideLeavesACoreToTheCallers(t *testing.T) {
	defer database.SetBesideMax(1)()
	db := testkit.NewDB(t, database.SQLite)
	ctx := context.Background()
	first := database.RunBeside(ctx, db, countTo(db))
	defer first.Drop()
	second := database.RunBeside(ctx, db, func(ctx context.Context, live database.Live) (string, error) {
		return live.Cond, nil
	})
	if !first.Started() || second.Started() {
		t.Fatalf("started: first %v, second %v; want only the first", first.Started(), second.Started())
	}
	if cond, _ := second.Result(); cond != "1 = 1" {
		t.Fatalf("inline condition %q", cond)
	}
	first.Drop()
	third := database.RunBeside(ctx, db, func(ctx context.Context, live database.Live) (string, error) { return "", nil })
	third.Drop()
	if !third.Started() {
		t.Fatal("a read did not start beside its caller once the core was free again")
	}
}

// TestReadBesideRunsInlineInATransactionAndOnPostgres: inside a
// transaction the read runs in it when Result asks (and sees its
// writes); PostgreSQL reads run inline too.
func TestReadBesideRunsInlineInATransactionAndOnPostgres(t *testing.T) {
	defer database.SetBesideMax(1)()
	for _, d := range testkit.Dialects() {
		t.Run(string(d), func(t *testing.T) {
			db := testkit.NewDB(t, d)
			ctx := context.Background()
			if _, err := db.Exec(ctx, `CREATE TABLE beside_rows (x INTEGER)`); err != nil {
				t.Fatal(err)
			}
			count := func(ctx context.Context, live database.Live) (int, error) {
				var n int
				err := db.Get(ctx, &n, `SELECT COUNT(*) FROM beside_rows WHERE `+live.Cond, live.Args...)
				return n, err
			}
			err := db.WithTx(ctx, func(ctx context.Context) error {
				if _, err := db.Exec(ctx, `INSERT INTO beside_rows (x) VALUES (1)`); err != nil {
					return err
				}
				b := database.RunBeside(ctx, db, count)
				if b.Started() {
					t.Error("a read started beside a transaction")
				}
				if n, err := b.Result(); err != nil || n != 1 {
					t.Errorf("the read in the transaction counted %d, %v; want its write, 1", n, err)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			b := database.RunBeside(ctx, db, count)
			if b.Started() != (d == database.SQLite) {
				t.Errorf("started %v on %s", b.Started(), d)
			}
			if n, err := b.Result(); err != nil || n != 1 {
				t.Errorf("counted %d, %v; want 1", n, err)
			}
		})
	}
}

// TestPanicBesideIsTheCallers: a read that panics beside its caller
// panics on the caller's goroutine when it asks for the result (where the
// server's recovery answers 500), not on a goroutine of its own, which
// would end the process.
func TestPanicBesideIsTheCallers(t *testing.T) {
	defer database.SetBesideMax(1)()
	db := testkit.NewDB(t, database.SQLite)
	b := database.RunBeside(context.Background(), db, func(context.Context, database.Live) (int, error) { panic("boom") })
	if !b.Started() {
		t.Fatal("not started")
	}
	defer func() {
		if r := recover(); r != "boom" {
			t.Fatalf("recovered %v, want boom", r)
		}
	}()
	_, _ = b.Result()
	t.Fatal("Result did not panic")
}
