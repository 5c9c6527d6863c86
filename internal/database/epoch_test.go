package database_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"mobility/portal/internal/database"
)

// An EpochCache answers a request from memory only at the request's
// epoch and only until the request writes: a request reads back what it
// wrote. What it keeps is committed, even when read for a request inside
// a transaction that holds others' writes. (The test's table moves no
// epoch; each step takes the epoch that makes its point.)
func TestEpochCacheAnswersOnlyAtTheEpochUntilTheRequestWrites(t *testing.T) {
	forEachGroupDialect(t, func(t *testing.T, d database.Dialect) {
		db, _ := groupDB(t, d, database.Options{})
		var c database.EpochCache[string, int64]
		reads := 0
		read := func(ctx context.Context) int64 {
			t.Helper()
			v, err := c.Read(ctx, "balance of 1", func(ctx context.Context) (int64, error) {
				reads++
				var b int64
				err := db.Get(ctx, &b, `SELECT balance FROM accounts WHERE id = 1`)
				return b, err
			})
			if err != nil {
				t.Fatal(err)
			}
			return v
		}
		expect := func(what string, got int64, want int64, wantReads int) {
			t.Helper()
			if got != want || reads != wantReads {
				t.Fatalf("%s: %d after %d reads, want %d after %d", what, got, reads, want, wantReads)
			}
		}
		set := func(ctx context.Context, balance int64) {
			t.Helper()
			if _, err := db.Exec(ctx, `UPDATE accounts SET balance = ? WHERE id = 1`, balance); err != nil {
				t.Fatal(err)
			}
		}
		bg := context.Background()

		expect("no epoch", read(bg), 0, 1)
		expect("no epoch again", read(bg), 0, 2)
		first := database.WithEpoch(bg, 7)
		expect("at epoch 7", read(first), 0, 3)
		expect("at epoch 7 again", read(first), 0, 3)
		expect("another request at epoch 7", read(database.WithEpoch(bg, 7)), 0, 3)

		// the request writes: it reads the database from then on, and its
		// own change is what it reads
		set(first, 5)
		expect("after its own write", read(first), 5, 4)
		expect("after its own write, again", read(first), 5, 5)

		// in a transaction: from memory until the request writes in it,
		// then its own change from the transaction
		in := database.WithEpoch(bg, 8)
		expect("at epoch 8", read(in), 5, 6)
		if err := db.WithTx(in, func(ctx context.Context) error {
			expect("in a transaction, before it writes", read(ctx), 5, 6)
			set(ctx, 6)
			expect("in a transaction, after it wrote", read(ctx), 6, 7)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		expect("after the transaction", read(in), 6, 8)

		// a request in a transaction that holds another's uncommitted
		// write (a batch's other posting): a miss reads and keeps what is
		// committed
		if err := db.WithTx(bg, func(ctx context.Context) error {
			set(ctx, 66)
			other := database.WithEpoch(ctx, 9)
			expect("a miss in a transaction holding another's write", read(other), 6, 9)
			expect("the same, again", read(other), 6, 9)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		expect("what was kept", read(database.WithEpoch(bg, 9)), 6, 9)

		// a group-committed posting and an INSERT ... RETURNING read
		// through Select are writes; a statement marked OffEpoch is not
		grouped := database.WithEpoch(bg, 10)
		expect("at epoch 10", read(grouped), 66, 10)
		if err := db.WithGroupTx(grouped, func(ctx context.Context) error {
			if _, err := db.Exec(database.OffEpoch(ctx), `INSERT INTO postings (id, amount) VALUES (2, 1)`); err != nil {
				return err
			}
			expect("after a statement off the epoch", read(ctx), 66, 10)
			set(ctx, 9)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		expect("after a group-committed posting", read(grouped), 9, 11)
		returning := database.WithEpoch(bg, 10)
		var ids []int64
		if err := db.Select(returning, &ids, `INSERT INTO postings (id, amount) VALUES (1, 1) RETURNING id`); err != nil || len(ids) != 1 {
			t.Fatal(ids, err)
		}
		expect("after an INSERT ... RETURNING", read(returning), 9, 12)

		// a newer epoch empties the cache; an older one is not kept
		expect("at epoch 11", read(database.WithEpoch(bg, 11)), 9, 13)
		expect("at epoch 11 again", read(database.WithEpoch(bg, 11)), 9, 13)
		expect("at epoch 10 after 11", read(database.WithEpoch(bg, 10)), 9, 14)
		expect("at epoch 11 still", read(database.WithEpoch(bg, 11)), 9, 14)
	})
}

// A caller that comes while a shared read is under way does not take
// that read's answer (it may have read before the caller came): it waits
// for the next read, begun after it came, which also answers everyone
// else who came meanwhile.
func TestSharedReadAnswersFromAReadBegunAfterTheCall(t *testing.T) {
	var value atomic.Int64 // what is "committed"
	started := make(chan struct{}, 8)
	release := make(chan struct{})
	var reads atomic.Int64
	r := database.NewSharedRead(func(context.Context) (int64, error) {
		reads.Add(1)
		v := value.Load() // the read's snapshot, then its round trip
		started <- struct{}{}
		<-release
		return v, nil
	})
	first := make(chan int64)
	go func() { v, _ := r.Do(context.Background()); first <- v }()
	<-started // the first read has its snapshot: 0
	value.Store(1)
	later := make(chan int64, 3)
	for range 3 {
		go func() { v, _ := r.Do(context.Background()); later <- v }()
	}
	for r.Waiting() < 3 { // the three wait for the next read
		time.Sleep(time.Millisecond)
	}
	close(release)
	if v := <-first; v != 0 {
		t.Fatalf("first caller: %d, want 0", v)
	}
	for range 3 {
		if v := <-later; v != 1 {
			t.Fatalf("a caller that came after the change was committed read %d, want 1", v)
		}
	}
	if n := reads.Load(); n != 2 {
		t.Fatalf("%d reads for 4 callers, want 2 (the three that waited share one)", n)
	}
	// a caller that gives up stops waiting; the read goes on for the rest
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := r.Do(ctx); err != nil && !errors.Is(err, context.Canceled) {
		t.Fatal(err)
	}
}

// On a database, under sixteen callers and a writer: every answer is at
// least what was committed before the call, and the callers share reads.
func TestSharedReadSeesEveryCommitBeforeTheCall(t *testing.T) {
	forEachGroupDialect(t, func(t *testing.T, d database.Dialect) {
		db, _ := groupDB(t, d, database.Options{})
		var reads atomic.Int64
		r := database.NewSharedRead(func(ctx context.Context) (int64, error) {
			reads.Add(1)
			var b int64
			err := db.Get(ctx, &b, `SELECT balance FROM accounts WHERE id = 1`)
			// a round trip's wait, as on a server: on SQLite a read can be
			// over before another caller comes, and then nothing is shared
			time.Sleep(200 * time.Microsecond)
			return b, err
		})
		var committed atomic.Int64
		stop := make(chan struct{})
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			for v := int64(1); ; v++ {
				select {
				case <-stop:
					return
				default:
				}
				if _, err := db.Exec(context.Background(), `UPDATE accounts SET balance = ? WHERE id = 1`, v); err != nil {
					t.Error(err)
					return
				}
				committed.Store(v)
			}
		}()
		var calls atomic.Int64
		var readers sync.WaitGroup
		for range 16 {
			readers.Add(1)
			go func() {
				defer readers.Done()
				for range 100 {
					before := committed.Load()
					got, err := r.Do(context.Background())
					calls.Add(1)
					if err != nil || got < before {
						t.Errorf("read %d (%v) after %d was committed", got, err, before)
						return
					}
				}
			}()
		}
		readers.Wait()
		close(stop)
		wg.Wait()
		if reads.Load() >= calls.Load() {
			t.Fatalf("%d reads for %d calls: none shared", reads.Load(), calls.Load())
		}
	})
}
