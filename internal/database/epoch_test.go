package database_test

import (
	"context"
	"testing"

	"mobility/portal/internal/database"
)

// An EpochCache answers a request from memory only at the request's
// epoch, only outside a transaction, and only until the request writes:
// a request reads back what it wrote.
func TestEpochCacheAnswersOnlyAtTheEpochUntilTheRequestWrites(t *testing.T) {
	forEachGroupDialect(t, func(t *testing.T, d database.Dialect) {
		db, _ := groupDB(t, d, database.Options{})
		var c database.EpochCache[string, int64]
		reads := 0
		read := func(ctx context.Context) int64 {
			t.Helper()
			v, err := c.Read(ctx, "balance of 1", func() (int64, error) {
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
		bg := context.Background()

		expect("no epoch", read(bg), 0, 1)
		expect("no epoch again", read(bg), 0, 2)
		first := database.WithEpoch(bg, 7)
		expect("at epoch 7", read(first), 0, 3)
		expect("at epoch 7 again", read(first), 0, 3)
		expect("another request at epoch 7", read(database.WithEpoch(bg, 7)), 0, 3)

		// the request writes: it reads the database from then on, and its
		// own change is what it reads
		if _, err := db.Exec(first, `UPDATE accounts SET balance = 5 WHERE id = 1`); err != nil {
			t.Fatal(err)
		}
		expect("after its own write", read(first), 5, 4)
		expect("after its own write, again", read(first), 5, 5)

		// a transaction's reads never come from memory, nor go to it
		tx := database.WithEpoch(bg, 7)
		if err := db.WithTx(tx, func(ctx context.Context) error {
			if _, err := db.Exec(ctx, `UPDATE accounts SET balance = 6 WHERE id = 1`); err != nil {
				return err
			}
			expect("inside a transaction", read(ctx), 6, 6)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		expect("after a transaction", read(tx), 6, 7)

		// a group-committed posting, and an INSERT ... RETURNING read
		// through Select, are writes too
		grouped := database.WithEpoch(bg, 8)
		expect("at epoch 8", read(grouped), 6, 8)
		if err := db.WithGroupTx(grouped, func(ctx context.Context) error {
			_, err := db.Exec(ctx, `UPDATE accounts SET balance = 9 WHERE id = 1`)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		expect("after a group-committed posting", read(grouped), 9, 9)
		returning := database.WithEpoch(bg, 8)
		var ids []int64
		if err := db.Select(returning, &ids, `INSERT INTO postings (id, amount) VALUES (1, 1) RETURNING id`); err != nil || len(ids) != 1 {
			t.Fatal(ids, err)
		}
		expect("after an INSERT ... RETURNING", read(returning), 9, 10)

		// a newer epoch empties the cache; an older one is not kept
		expect("at epoch 9", read(database.WithEpoch(bg, 9)), 9, 11)
		expect("at epoch 9 again", read(database.WithEpoch(bg, 9)), 9, 11)
		expect("at epoch 8 after 9", read(database.WithEpoch(bg, 8)), 9, 12)
		expect("at epoch 9 still", read(database.WithEpoch(bg, 9)), 9, 12)
	})
}
