package database_test

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"mobility/portal/internal/database"
)

// totals is a read model of the test table postings: per account, how
// many postings and their sum, moved through a deferred writer.
type total struct {
	account, count, sum int64
}

func totalsWriter(db *database.DB, flushes *atomic.Int64, failFirst error) *database.Deferred[total] {
	var failed atomic.Bool
	return &database.Deferred[total]{Name: "totals", Flush: func(ctx context.Context, rows []total) error {
		flushes.Add(1)
		if failFirst != nil && failed.CompareAndSwap(false, true) {
			return failFirst
		}
		sums := map[int64]total{}
		for _, r := range rows {
			s := sums[r.account]
			s.account, s.count, s.sum = r.account, s.count+r.count, s.sum+r.sum
			sums[r.account] = s
		}
		// in the accounts' order, as SumRows orders a read model's rows:
		// two lanes' flushes that took them in a map's order would
		// deadlock now and then on PostgreSQL, and run their batches
		// again alone
		for _, account := range slices.Sorted(maps.Keys(sums)) {
			s := sums[account]
			if _, err := db.Exec(ctx, `UPDATE accounts SET balance = balance + ? WHERE id = ?`, s.sum, s.account); err != nil {
				return err
			}
		}
		return nil
	}}
}

func balances(t *testing.T, db *database.DB) string {
	t.Helper()
	var b []int64
	if err := db.Select(context.Background(), &b, `SELECT balance FROM accounts ORDER BY id`); err != nil {
		t.Fatal(err)
	}
	return fmt.Sprint(b)
}

// Postings of a batch hand their increments to the batch: those of the
// postings that succeeded are written once, before the commit, in its
// transaction; a refused posting's increments go with its other writes;
// outside a batch they are written at once.
//
// The postings are refused after writing, which breaks a batch without
// savepoints (group.go): the batches here keep them.
func TestDeferredWritesOncePerBatchOnlyWhatSucceeded(t *testing.T) {
	forEachGroupDialect(t, func(t *testing.T, d database.Dialect) {
		db, _ := groupDB(t, d, database.Options{GroupWindow: 20 * time.Millisecond, GroupSavepoints: true})
		var flushes atomic.Int64
		w := totalsWriter(db, &flushes, nil)
		refused := errors.New("refused")
		const n = 30
		errs := concurrently(db, n, func(ctx context.Context, i int) error {
			if _, err := db.Exec(ctx, `INSERT INTO postings (id, amount) VALUES (?, ?)`, i, 10); err != nil {
				return err
			}
			if err := w.Add(ctx, total{account: 1 + int64(i%2), count: 1, sum: 10}); err != nil {
				return err
			}
			if i%5 == 0 {
				return refused // after handing its increment over
			}
			return nil
		})
		var want [2]int64
		for i := 1; i <= n; i++ {
			if (i%5 == 0) != errors.Is(errs[i-1], refused) || (i%5 != 0 && errs[i-1] != nil) {
				t.Fatalf("posting %d: %v", i, errs[i-1])
			}
			if i%5 != 0 {
				want[i%2] += 10
			}
		}
		// account 1 takes the even postings, account 2 the odd ones
		if got := balances(t, db); got != fmt.Sprint([]int64{want[0], want[1]}) {
			t.Fatalf("balances %s, want %v", got, want)
		}
		st := db.GroupStats()
		if f := flushes.Load(); f > st.Batches || st.Batches >= n {
			t.Fatalf("%d flushes for %d batches of %d postings", f, st.Batches, st.Members)
		}

		// outside a batch: written at once, in the caller's transaction
		err := db.WithTx(context.Background(), func(ctx context.Context) error {
			if err := w.Add(ctx, total{account: 1, sum: 5}); err != nil {
				return err
			}
			var b int64
			if err := db.Get(ctx, &b, `SELECT balance FROM accounts WHERE id = 1`); err != nil || b != want[0]+5 {
				return fmt.Errorf("not written at once: %d %v", b, err)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	})
}

// A batch whose deferred writes fail (here a deadlock with another
// process's transaction) books nothing, and each of its postings runs
// again alone: every posting is then booked exactly once.
func TestDeferredWritesDeadlockRunsEachPostingAgainAlone(t *testing.T) {
	forEachGroupDialect(t, func(t *testing.T, d database.Dialect) {
		db, _ := groupDB(t, d, database.Options{GroupWindow: 20 * time.Millisecond})
		var flushes atomic.Int64
		w := totalsWriter(db, &flushes, errors.New("ERROR: deadlock detected (SQLSTATE 40P01)"))
		const n = 12
		var runs atomic.Int64
		errs := concurrently(db, n, func(ctx context.Context, i int) error {
			runs.Add(1)
			if _, err := db.Exec(ctx, `INSERT INTO postings (id, amount) VALUES (?, ?)`, i, 10); err != nil {
				return err
			}
			return w.Add(ctx, total{account: 1, count: 1, sum: 10})
		})
		for i, err := range errs {
			if err != nil {
				t.Fatalf("posting %d: %v", i+1, err)
			}
		}
		if got := ids(t, db); len(got) != n {
			t.Fatalf("booked %v", got)
		}
		if got := balances(t, db); got != fmt.Sprint([]int64{10 * n, 0}) {
			t.Fatalf("balances %s", got)
		}
		if r := runs.Load(); r <= n {
			t.Fatalf("%d runs of %d postings: none ran again", r, n)
		}
	})
}

// One posting's increment the read model refuses (its writer fails)
// refuses only that posting: the batch runs each posting again alone,
// and the others are booked.
func TestDeferredWriteRefusedRefusesOnlyItsPosting(t *testing.T) {
	forEachGroupDialect(t, func(t *testing.T, d database.Dialect) {
		db, _ := groupDB(t, d, database.Options{GroupWindow: 20 * time.Millisecond})
		refused := errors.New("the read model refuses a negative count")
		w := &database.Deferred[total]{Name: "totals", Flush: func(ctx context.Context, rows []total) error {
			var sum int64
			for _, r := range rows {
				if r.count < 0 {
					return refused
				}
				sum += r.sum
			}
			_, err := db.Exec(ctx, `UPDATE accounts SET balance = balance + ? WHERE id = 1`, sum)
			return err
		}}
		const n, bad = 10, 4
		errs := concurrently(db, n, func(ctx context.Context, i int) error {
			if _, err := db.Exec(ctx, `INSERT INTO postings (id, amount) VALUES (?, ?)`, i, 10); err != nil {
				return err
			}
			count := int64(1)
			if i == bad {
				count = -1
			}
			return w.Add(ctx, total{account: 1, count: count, sum: 10})
		})
		var want []int64
		for i := 1; i <= n; i++ {
			if i == bad {
				if !errors.Is(errs[i-1], refused) {
					t.Fatalf("posting %d: want the read model's refusal, got %v", i, errs[i-1])
				}
				continue
			}
			if errs[i-1] != nil {
				t.Fatalf("posting %d: %v", i, errs[i-1])
			}
			want = append(want, int64(i))
		}
		if got := ids(t, db); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("booked %v, want %v", got, want)
		}
		if got := balances(t, db); got != fmt.Sprint([]int64{10 * (n - 1), 0}) {
			t.Fatalf("balances %s", got)
		}
	})
}

// A deferred model that names its table is read in a posting as if every
// posting had written its rows in its turn: a posting's statement naming
// the table first writes the rows of the postings before it in the
// batch, then its own, in that order. Each posting here defers two rows,
// then counts the rows and reads the last one: with one lane the counts
// run 2, 4, ... 2n and the last row is the posting's own, in batches of
// several postings. Without the table's name the rows wait for the
// batch's end (the read sees none of its batch's).
func TestDeferredRowsAreWrittenBeforeAPostingNamesTheirTable(t *testing.T) {
	forEachGroupDialect(t, func(t *testing.T, d database.Dialect) {
		db, _ := groupDB(t, d, database.Options{GroupWindow: 20 * time.Millisecond, GroupLanes: 1, GroupMax: 64})
		if _, err := db.Exec(context.Background(), `CREATE TABLE journal (seq BIGINT NOT NULL, posting BIGINT NOT NULL)`); err != nil {
			t.Fatal(err)
		}
		var seq atomic.Int64 // the order rows reach the table
		journal := func(tables ...string) *database.Deferred[int64] {
			return &database.Deferred[int64]{Name: "journal", Tables: tables, Flush: func(ctx context.Context, postings []int64) error {
				for _, p := range postings {
					if _, err := db.Exec(ctx, `INSERT INTO journal (seq, posting) VALUES (?, ?)`, seq.Add(1), p); err != nil {
						return err
					}
				}
				return nil
			}}
		}
		type seen struct{ count, last int64 }
		post := func(w *database.Deferred[int64], n int) []seen {
			out := make([]seen, n+1)
			errs := concurrently(db, n, func(ctx context.Context, i int) error {
				if err := w.Add(ctx, int64(i), int64(i)); err != nil {
					return err
				}
				if err := db.Get(ctx, &out[i].count, `SELECT COUNT(*) FROM journal`); err != nil {
					return err
				}
				return db.Get(ctx, &out[i].last, `SELECT COALESCE(MAX(posting), 0) FROM journal WHERE seq = (SELECT MAX(seq) FROM journal)`)
			})
			for i, err := range errs {
				if err != nil {
					t.Fatalf("posting %d: %v", i+1, err)
				}
			}
			return out[1:]
		}

		const n = 24
		before := db.GroupStats()
		got := post(journal("journal"), n)
		st := db.GroupStats()
		if st.Batches-before.Batches >= n {
			t.Fatalf("%d batches for %d postings: none shared", st.Batches-before.Batches, n)
		}
		counts := make([]int64, 0, n)
		for i, s := range got {
			if s.last != int64(i+1) {
				t.Errorf("posting %d read %d as the last row, not its own", i+1, s.last)
			}
			counts = append(counts, s.count)
		}
		slices.Sort(counts)
		for i, c := range counts {
			if c != int64(2*(i+1)) {
				t.Fatalf("counts %v: want 2, 4, ... %d", counts, 2*n)
			}
		}

		// the same model without its table's name: a posting reads the
		// table as committed before its batch (what the check above rests on)
		hidden := post(journal(), n)
		var missed int
		for _, s := range hidden {
			if s.count < 2*n+2 {
				missed++
			}
		}
		if missed == 0 {
			t.Fatalf("every posting saw its own rows without the table's name: %v", hidden)
		}
		var total int64
		if err := db.Get(context.Background(), &total, `SELECT COUNT(*) FROM journal`); err != nil || total != 4*n {
			t.Fatalf("%d rows, want %d (%v)", total, 4*n, err)
		}
	})
}

// A posting that wrote the rows of the postings before it (settle) and
// then fails cannot be undone by its savepoint alone, which would undo
// theirs too: its batch runs every posting again alone. Here every third
// posting reads the deferred table and then refuses; every other
// posting's rows are there exactly once.
func TestDeferredRowsSettledByARefusedPostingAreKept(t *testing.T) {
	forEachGroupDialect(t, func(t *testing.T, d database.Dialect) {
		db, _ := groupDB(t, d, database.Options{GroupWindow: 20 * time.Millisecond, GroupLanes: 1, GroupMax: 64, GroupSavepoints: true})
		if _, err := db.Exec(context.Background(), `CREATE TABLE journal (posting BIGINT NOT NULL)`); err != nil {
			t.Fatal(err)
		}
		w := &database.Deferred[int64]{Name: "journal", Tables: []string{"journal"}, Flush: func(ctx context.Context, postings []int64) error {
			for _, p := range postings {
				if _, err := db.Exec(ctx, `INSERT INTO journal (posting) VALUES (?)`, p); err != nil {
					return err
				}
			}
			return nil
		}}
		refused := errors.New("refused")
		const n = 30
		errs := concurrently(db, n, func(ctx context.Context, i int) error {
			if i%3 != 0 {
				return w.Add(ctx, int64(i))
			}
			var c int64
			if err := db.Get(ctx, &c, `SELECT COUNT(*) FROM journal`); err != nil {
				return err
			}
			return refused
		})
		booked := answers(t, errs, func(i int) bool { return i%3 == 0 }, refused)
		var got []int64
		if err := db.Select(context.Background(), &got, `SELECT posting FROM journal ORDER BY posting`); err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(got) != fmt.Sprint(booked) {
			t.Fatalf("journal %v, want %v", got, booked)
		}
		if db.GroupStats().Broken == 0 {
			t.Fatal("no batch broken: the refusals all ran alone, the test shows nothing")
		}
	})
}

// SumRows sums the increments of one key, answers them in key order, and
// passes on a sum refused.
func TestSumRows(t *testing.T) {
	type inc struct {
		key string
		n   int64
	}
	add := func(into *inc, from inc) error {
		if into.n+from.n > 100 {
			return errors.New("over 100")
		}
		into.n += from.n
		return nil
	}
	keyOf := func(i inc) string { return i.key }
	compare := cmp.Compare[string]
	got, err := database.SumRows([]inc{{"b", 1}, {"a", 2}, {"b", 3}, {"c", 4}, {"a", 5}}, keyOf, compare, add)
	if err != nil || fmt.Sprint(got) != "[{a 7} {b 4} {c 4}]" {
		t.Fatalf("%v %v", got, err)
	}
	if _, err := database.SumRows([]inc{{"a", 60}, {"a", 50}}, keyOf, compare, add); err == nil {
		t.Fatal("a refused sum passed")
	}
}
