package database_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"mobility/portal/internal/database"
	"mobility/portal/internal/testkit"
)

// groupDB opens an empty database of dialect d with the group-commit
// options opt and a table of postings: id, an amount that must stay
// positive (a CHECK), and a deferred foreign key to itself so a test can
// make the commit fail.
func groupDB(t *testing.T, d database.Dialect, opt database.Options) (*database.DB, string) {
	t.Helper()
	dsn := testkit.DSN(t, d)
	db, err := database.OpenWith(context.Background(), dsn, opt)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	pk := "INTEGER PRIMARY KEY"
	if d == database.Postgres {
		pk = "BIGINT PRIMARY KEY"
	}
	for _, q := range []string{
		`CREATE TABLE postings (id ` + pk + `, amount BIGINT NOT NULL CHECK (amount > 0),
			parent BIGINT REFERENCES postings (id) DEFERRABLE INITIALLY DEFERRED)`,
		`CREATE TABLE accounts (id ` + pk + `, balance BIGINT NOT NULL)`,
		`INSERT INTO accounts (id, balance) VALUES (1, 0), (2, 0)`,
	} {
		if _, err := db.Exec(context.Background(), q); err != nil {
			t.Fatal(err)
		}
	}
	return db, dsn
}

func forEachGroupDialect(t *testing.T, fn func(t *testing.T, d database.Dialect)) {
	for _, d := range testkit.Dialects() {
		t.Run(string(d), func(t *testing.T) { fn(t, d) })
	}
}

// concurrently runs postings 1..n at once through WithGroupTx, posting i
// running fn(ctx, i), and answers each one's error (posting i's at i-1).
func concurrently(db *database.DB, n int, fn func(ctx context.Context, i int) error) []error {
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := 1; i <= n; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			errs[i-1] = db.WithGroupTx(context.Background(), func(ctx context.Context) error { return fn(ctx, i) })
		}(i)
	}
	wg.Wait()
	return errs
}

// answers checks each posting's answer: those refusedAt names got want
// (errors.Is), the others none. It returns the others: the postings that
// must be booked.
func answers(t *testing.T, errs []error, refusedAt func(i int) bool, want error) []int64 {
	t.Helper()
	var booked []int64
	for i := 1; i <= len(errs); i++ {
		if refusedAt(i) {
			if !errors.Is(errs[i-1], want) {
				t.Errorf("posting %d: want %v, got %v", i, want, errs[i-1])
			}
			continue
		}
		if errs[i-1] != nil {
			t.Errorf("posting %d: %v", i, errs[i-1])
		}
		booked = append(booked, int64(i))
	}
	return booked
}

func ids(t *testing.T, db *database.DB) []int64 {
	t.Helper()
	var out []int64
	if err := db.Select(context.Background(), &out, `SELECT id FROM postings ORDER BY id`); err != nil {
		t.Fatal(err)
	}
	return out
}

// Forty postings at once share a few transactions; every third one is
// refused after it wrote (a CHECK violation, or its own error after a
// good insert) and refuses only itself: the others are all there, each
// caller got its own answer, and fewer batches than postings ran.
func TestGroupRefusedPostingRefusesOnlyItself(t *testing.T) {
	forEachGroupDialect(t, func(t *testing.T, d database.Dialect) {
		db, _ := groupDB(t, d, database.Options{GroupWindow: 20 * time.Millisecond})
		const n = 40
		refused := errors.New("refused by the rules")
		errs := concurrently(db, n, func(ctx context.Context, i int) error {
			amount := 100
			if i%3 == 0 && i%2 == 0 {
				amount = -1 // the CHECK refuses the statement
			}
			if _, err := db.Exec(ctx, `INSERT INTO postings (id, amount) VALUES (?, ?)`, i, amount); err != nil {
				return err
			}
			if _, err := db.Exec(ctx, `UPDATE accounts SET balance = balance + ? WHERE id = 1`, amount); err != nil {
				return err
			}
			if i%3 == 0 {
				return refused // after writing: the savepoint undoes it
			}
			return nil
		})
		var want []int64
		for i := 1; i <= n; i++ {
			err := errs[i-1]
			switch {
			case i%3 != 0:
				if err != nil {
					t.Errorf("posting %d: %v", i, err)
				}
				want = append(want, int64(i))
			case i%2 == 0:
				if err == nil || errors.Is(err, refused) || !strings.Contains(strings.ToLower(err.Error()), "check") {
					t.Errorf("posting %d: want its CHECK violation, got %v", i, err)
				}
			default:
				if !errors.Is(err, refused) {
					t.Errorf("posting %d: want its own error, got %v", i, err)
				}
			}
		}
		if got := ids(t, db); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("booked %v, want %v", got, want)
		}
		var balance int64
		if err := db.Get(context.Background(), &balance, `SELECT balance FROM accounts WHERE id = 1`); err != nil || balance != int64(100*len(want)) {
			t.Fatalf("balance %d (%v), want %d", balance, err, 100*len(want))
		}
		st := db.GroupStats()
		if st.Members != n || st.Batches >= n {
			t.Fatalf("%d postings in %d batches: nothing was grouped", st.Members, st.Batches)
		}
		t.Logf("%d postings in %d batches", st.Members, st.Batches)
	})
}

// A posting is acknowledged only after its batch committed: the moment
// WithGroupTx returns, another connection sees it.
func TestGroupAcknowledgesAfterCommit(t *testing.T) {
	forEachGroupDialect(t, func(t *testing.T, d database.Dialect) {
		db, dsn := groupDB(t, d, database.Options{GroupWindow: 5 * time.Millisecond})
		other, err := database.Open(context.Background(), dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer other.Close()
		var wg sync.WaitGroup
		for i := 1; i <= 12; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				err := db.WithGroupTx(context.Background(), func(ctx context.Context) error {
					_, err := db.Exec(ctx, `INSERT INTO postings (id, amount) VALUES (?, 1)`, i)
					return err
				})
				if err != nil {
					t.Errorf("posting %d: %v", i, err)
					return
				}
				var n int
				if err := other.Get(context.Background(), &n, `SELECT COUNT(*) FROM postings WHERE id = ?`, i); err != nil || n != 1 {
					t.Errorf("posting %d acknowledged but not visible elsewhere (n=%d, %v)", i, n, err)
				}
			}(i)
		}
		wg.Wait()
	})
}

// When the batch's commit fails (here a deferred foreign key, checked only
// at commit), no member of it is booked and each of them gets the error:
// none is acknowledged.
func TestGroupFailedCommitBooksNoMember(t *testing.T) {
	forEachGroupDialect(t, func(t *testing.T, d database.Dialect) {
		db, _ := groupDB(t, d, database.Options{GroupWindow: 200 * time.Millisecond, GroupMax: 3})
		errs := make([]error, 3)
		var wg sync.WaitGroup
		for i := 1; i <= 3; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				errs[i-1] = db.WithGroupTx(context.Background(), func(ctx context.Context) error {
					if i == 2 { // points at a posting that never exists
						_, err := db.Exec(ctx, `INSERT INTO postings (id, amount, parent) VALUES (?, 1, 999)`, i)
						return err
					}
					_, err := db.Exec(ctx, `INSERT INTO postings (id, amount) VALUES (?, 1)`, i)
					return err
				})
			}(i)
		}
		wg.Wait()
		if st := db.GroupStats(); st.Batches != 1 {
			t.Fatalf("want the three in one batch, got %d batches", st.Batches)
		}
		for i, err := range errs {
			if err == nil || !strings.Contains(err.Error(), "commit") {
				t.Errorf("posting %d: want the commit's error, got %v", i+1, err)
			}
		}
		if got := ids(t, db); len(got) != 0 {
			t.Fatalf("booked %v of a batch whose commit failed", got)
		}
		// the next batch works
		if err := db.WithGroupTx(context.Background(), func(ctx context.Context) error {
			_, err := db.Exec(ctx, `INSERT INTO postings (id, amount) VALUES (7, 1)`)
			return err
		}); err != nil {
			t.Fatal(err)
		}
	})
}

// A posting that panics is rolled back and its caller sees the panic; the
// others of its batch are booked.
func TestGroupPanicRollsBackOnlyItself(t *testing.T) {
	forEachGroupDialect(t, func(t *testing.T, d database.Dialect) {
		db, _ := groupDB(t, d, database.Options{GroupWindow: 100 * time.Millisecond, GroupMax: 4})
		var wg sync.WaitGroup
		var recovered any
		for i := 1; i <= 4; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				defer func() {
					if p := recover(); p != nil {
						recovered = p
					}
				}()
				err := db.WithGroupTx(context.Background(), func(ctx context.Context) error {
					if _, err := db.Exec(ctx, `INSERT INTO postings (id, amount) VALUES (?, 1)`, i); err != nil {
						return err
					}
					if i == 3 {
						panic("posting 3 broke")
					}
					return nil
				})
				if err != nil {
					t.Errorf("posting %d: %v", i, err)
				}
			}(i)
		}
		wg.Wait()
		if recovered != "posting 3 broke" {
			t.Fatalf("the panic did not reach its caller: %v", recovered)
		}
		if got := ids(t, db); fmt.Sprint(got) != "[1 2 4]" {
			t.Fatalf("booked %v, want [1 2 4]", got)
		}
	})
}

// Inside an outer transaction WithGroupTx joins it (no second
// transaction, no batch).
func TestGroupJoinsOuterTransaction(t *testing.T) {
	forEachGroupDialect(t, func(t *testing.T, d database.Dialect) {
		db, _ := groupDB(t, d, database.Options{})
		boom := errors.New("boom")
		err := db.WithTx(context.Background(), func(ctx context.Context) error {
			if err := db.WithGroupTx(ctx, func(ctx context.Context) error {
				_, err := db.Exec(ctx, `INSERT INTO postings (id, amount) VALUES (1, 1)`)
				return err
			}); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) || len(ids(t, db)) != 0 || db.GroupStats().Batches != 0 {
			t.Fatalf("err %v, rows %v, stats %+v", err, ids(t, db), db.GroupStats())
		}
	})
}

// Two processes' batches that lock two accounts in opposite orders
// deadlock on PostgreSQL; the member PostgreSQL picks as the victim is
// rolled back to its savepoint and run again alone after its batch, so
// both callers succeed and every update counts once.
func TestGroupDeadlockedMemberRunsAgainAlone(t *testing.T) {
	if testkit.PostgresURL() == "" {
		t.Skip("PORTAL_TEST_POSTGRES_URL not set")
	}
	opt := database.Options{GroupWindow: 1500 * time.Millisecond, GroupMax: 2}
	one, dsn := groupDB(t, database.Postgres, opt)
	two, err := database.OpenWith(context.Background(), dsn, opt)
	if err != nil {
		t.Fatal(err)
	}
	defer two.Close()
	add := func(db *database.DB, account int, ran chan<- struct{}) error {
		return db.WithGroupTx(context.Background(), func(ctx context.Context) error {
			_, err := db.Exec(ctx, `UPDATE accounts SET balance = balance + 1 WHERE id = ?`, account)
			if ran != nil {
				ran <- struct{}{}
			}
			return err
		})
	}
	errs := make(chan error, 4)
	// process one's batch locks account 1, process two's account 2 ...
	ran1, ran2 := make(chan struct{}, 1), make(chan struct{}, 1)
	go func() { errs <- add(one, 1, ran1) }()
	<-ran1
	go func() { errs <- add(two, 2, ran2) }()
	<-ran2
	// ... then each batch's second member wants the other's account
	go func() { errs <- add(one, 2, nil) }()
	go func() { errs <- add(two, 1, nil) }()
	for range 4 {
		if err := <-errs; err != nil {
			t.Fatalf("a posting failed: %v", err)
		}
	}
	var balances []int64
	if err := one.Select(context.Background(), &balances, `SELECT balance FROM accounts ORDER BY id`); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(balances) != "[2 2]" {
		t.Fatalf("balances %v, want [2 2]", balances)
	}
}

// A batch's commit may itself wait for a lock (the sign-in epoch's
// deferred trigger, migration 00035) longer than a batch's statements
// may: it waits as any commit does, and the batch is booked.
func TestGroupCommitWaitsForItsDeferredLocks(t *testing.T) {
	if testkit.PostgresURL() == "" {
		t.Skip("PORTAL_TEST_POSTGRES_URL not set")
	}
	db := testkit.NewDB(t, database.Postgres)
	ctx := context.Background()
	if _, err := db.Exec(ctx, `INSERT INTO partners (osp_id, name, partner_type, created_at) VALUES ('p', 'P', 'MSP', ?)`, time.Now().UTC()); err != nil {
		t.Fatal(err)
	}
	var before int64
	if err := db.Get(ctx, &before, `SELECT epoch FROM auth_epoch`); err != nil {
		t.Fatal(err)
	}
	holding := make(chan struct{})
	held := make(chan error, 1)
	go func() {
		held <- db.WithTx(ctx, func(ctx context.Context) error {
			if _, err := db.Exec(ctx, `UPDATE auth_epoch SET epoch = epoch + 1`); err != nil {
				return err
			}
			close(holding)
			time.Sleep(300 * time.Millisecond)
			return nil
		})
	}()
	<-holding
	if err := db.WithGroupTx(ctx, func(ctx context.Context) error {
		_, err := db.Exec(ctx, `UPDATE partners SET name = 'Renamed' WHERE osp_id = 'p'`)
		return err
	}); err != nil {
		t.Fatalf("the batch's commit gave up waiting: %v", err)
	}
	if err := <-held; err != nil {
		t.Fatal(err)
	}
	var after int64
	var name string
	if err := db.Get(ctx, &after, `SELECT epoch FROM auth_epoch`); err != nil || after != before+2 {
		t.Fatalf("epoch %d (%v), want %d", after, err, before+2)
	}
	if err := db.Get(ctx, &name, `SELECT name FROM partners WHERE osp_id = 'p'`); err != nil || name != "Renamed" {
		t.Fatalf("name %q (%v)", name, err)
	}
}

// On PostgreSQL batches of one process run side by side (GroupLanes):
// two postings in two batches are inside their turns at the same time.
// When they want the same row, the second waits for it no longer than a
// batch's lock timeout and runs again alone once the first is booked.
func TestGroupLanesRunSideBySide(t *testing.T) {
	if testkit.PostgresURL() == "" {
		t.Skip("PORTAL_TEST_POSTGRES_URL not set")
	}
	db, _ := groupDB(t, database.Postgres, database.Options{GroupMax: 1, GroupLanes: 2})
	ctx := context.Background()
	inside := make(chan int, 2)
	both := make(chan struct{})
	var once sync.Once
	errs := make(chan error, 2)
	for i := 1; i <= 2; i++ {
		go func() {
			errs <- db.WithGroupTx(ctx, func(ctx context.Context) error {
				if _, err := db.Exec(ctx, `INSERT INTO postings (id, amount) VALUES (?, 1)`, i); err != nil {
					return err
				}
				inside <- i
				if len(inside) == 2 {
					once.Do(func() { close(both) })
				}
				select {
				case <-both:
					return nil
				case <-time.After(5 * time.Second):
					return errors.New("the other batch did not run beside this one")
				}
			})
		}()
	}
	for range 2 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	if got := ids(t, db); fmt.Sprint(got) != "[1 2]" {
		t.Fatalf("booked %v", got)
	}

	// the same row from two lanes: the second meets the first's lock
	holds := make(chan struct{})
	var runs [2]int
	go func() {
		errs <- db.WithGroupTx(ctx, func(ctx context.Context) error {
			runs[0]++
			if _, err := db.Exec(ctx, `UPDATE accounts SET balance = balance + 1 WHERE id = 1`); err != nil {
				return err
			}
			close(holds)
			time.Sleep(300 * time.Millisecond) // longer than the lock timeout
			return nil
		})
	}()
	<-holds
	go func() {
		errs <- db.WithGroupTx(ctx, func(ctx context.Context) error {
			runs[1]++
			_, err := db.Exec(ctx, `UPDATE accounts SET balance = balance + 10 WHERE id = 1`)
			return err
		})
	}()
	for range 2 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	var balance int64
	if err := db.Get(ctx, &balance, `SELECT balance FROM accounts WHERE id = 1`); err != nil || balance != 11 {
		t.Fatalf("balance %d (%v), want 11", balance, err)
	}
	if runs != [2]int{1, 2} {
		t.Fatalf("runs %v: the second posting should have run again alone", runs)
	}
}

// Without savepoints (the default), a posting refused before it wrote
// anything (its rules checked on what it read) leaves its batch as it was:
// the others of the batch are booked in it, with their deferred
// increments written once per batch, and no batch breaks.
func TestGroupRefusalBeforeWritingKeepsTheBatch(t *testing.T) {
	forEachGroupDialect(t, func(t *testing.T, d database.Dialect) {
		db, _ := groupDB(t, d, database.Options{GroupWindow: 20 * time.Millisecond})
		var flushes atomic.Int64
		w := totalsWriter(db, &flushes, nil)
		refused := errors.New("refused by the rules")
		const n = 30
		errs := concurrently(db, n, func(ctx context.Context, i int) error {
			var balance int64
			if err := db.Get(ctx, &balance, `SELECT balance FROM accounts WHERE id = 1`); err != nil {
				return err
			}
			// an update that matches nothing changes nothing either
			if _, err := db.Exec(ctx, `UPDATE accounts SET balance = 0 WHERE id = 99`); err != nil {
				return err
			}
			if i%3 == 0 {
				return refused
			}
			if _, err := db.Exec(ctx, `INSERT INTO postings (id, amount) VALUES (?, 10)`, i); err != nil {
				return err
			}
			return w.Add(ctx, total{account: 1 + int64(i%2), count: 1, sum: 10})
		})
		want := answers(t, errs, func(i int) bool { return i%3 == 0 }, refused)
		var sums [2]int64
		for _, i := range want {
			sums[i%2] += 10
		}
		if got := ids(t, db); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("booked %v, want %v", got, want)
		}
		if got := balances(t, db); got != fmt.Sprint([]int64{sums[0], sums[1]}) {
			t.Fatalf("balances %s, want %v", got, sums)
		}
		st := db.GroupStats()
		if st.Broken != 0 || st.Batches >= n || flushes.Load() > st.Batches {
			t.Fatalf("%d postings in %d batches, %d broken, %d flushes", st.Members, st.Batches, st.Broken, flushes.Load())
		}
	})
}

// Without savepoints, a posting that fails after it wrote cannot be undone
// alone: its batch is rolled back and every member runs again alone, where
// it refuses only itself. Every caller gets its own answer, the rows and
// the deferred increments are booked exactly once, and the batch counts
// as broken.
func TestGroupFailureAfterWritingRunsTheBatchAgainAlone(t *testing.T) {
	forEachGroupDialect(t, func(t *testing.T, d database.Dialect) {
		db, _ := groupDB(t, d, database.Options{GroupWindow: 50 * time.Millisecond, GroupMax: 8})
		var flushes atomic.Int64
		w := totalsWriter(db, &flushes, nil)
		refused := errors.New("refused after writing")
		const n = 8
		var runs [n]atomic.Int64
		errs := concurrently(db, n, func(ctx context.Context, i int) error {
			runs[i-1].Add(1)
			if _, err := db.Exec(ctx, `INSERT INTO postings (id, amount) VALUES (?, 10)`, i); err != nil {
				return err
			}
			if err := w.Add(ctx, total{account: 1, count: 1, sum: 10}); err != nil {
				return err
			}
			if i == 5 {
				return refused
			}
			return nil
		})
		want := answers(t, errs, func(i int) bool { return i == 5 }, refused)
		if got := ids(t, db); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("booked %v, want %v", got, want)
		}
		if got := balances(t, db); got != fmt.Sprint([]int64{10 * int64(len(want)), 0}) {
			t.Fatalf("balances %s, want %d once per booked posting", got, 10*len(want))
		}
		if st := db.GroupStats(); st.Broken < 1 {
			t.Fatalf("no batch broke: %+v", st)
		}
		if runs[4].Load() < 2 {
			t.Fatalf("posting 5 ran %d times: its batch did not run again alone", runs[4].Load())
		}
	})
}

// On PostgreSQL a batch's statements wait for a lock held elsewhere at
// most batchLockTimeout (its connections start with it), while every
// other transaction waits as long as it takes; the batch's deferred
// writes and commit wait like any other.
func TestGroupStatementsWaitForLocksBriefly(t *testing.T) {
	for _, d := range testkit.Dialects() {
		if d != database.Postgres {
			continue
		}
		db, _ := groupDB(t, d, database.Options{})
		var inBatch, atEnd, outside string
		w := &database.Deferred[int64]{Name: "probe", Flush: func(ctx context.Context, _ []int64) error {
			return db.Get(ctx, &atEnd, `SHOW lock_timeout`)
		}}
		err := db.WithGroupTx(context.Background(), func(ctx context.Context) error {
			if err := db.Get(ctx, &inBatch, `SHOW lock_timeout`); err != nil {
				return err
			}
			return w.Add(ctx, 1)
		})
		if err != nil {
			t.Fatal(err)
		}
		if err := db.WithTx(context.Background(), func(ctx context.Context) error {
			return db.Get(ctx, &outside, `SHOW lock_timeout`)
		}); err != nil {
			t.Fatal(err)
		}
		if inBatch != "25ms" || atEnd != "0" || outside != "0" {
			t.Fatalf("lock_timeout in a batch %q, at its end %q, elsewhere %q", inBatch, atEnd, outside)
		}
	}
}
