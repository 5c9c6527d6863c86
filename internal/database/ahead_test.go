package database_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"mobility/portal/internal/database"
	"mobility/portal/internal/testkit"
)

// accountMove is a test's announced write (database.Ahead): an account's
// balance moved by amount unless it would go below zero, the guard of a
// limited budget. moved and balance are its outcome.
type accountMove struct {
	account, amount int64
	failRun         *atomic.Bool // when set and true, RunAhead fails once (and clears it)
	moved           bool
	balance         int64
}

func (m *accountMove) AheadKind() string { return "test.account" }
func (m *accountMove) AheadKey() int64   { return m.account }
func (m *accountMove) RunAhead(ctx context.Context, ops []database.Ahead) ([]bool, error) {
	db := ctx.Value(testDBKey{}).(*database.DB)
	if m.failRun != nil && m.failRun.CompareAndSwap(true, false) {
		return nil, errors.New("the statement failed")
	}
	var values []string
	var args []any
	for _, a := range ops {
		values = append(values, "(CAST(? AS BIGINT), CAST(? AS BIGINT))")
		args = append(args, a.(*accountMove).account, a.(*accountMove).amount)
	}
	var rows []struct {
		ID      int64 `db:"id"`
		Balance int64 `db:"balance"`
	}
	if err := db.Select(ctx, &rows, `UPDATE accounts SET balance = balance + v.column2 FROM (VALUES `+strings.Join(values, ", ")+`) AS v
		WHERE accounts.id = v.column1 AND accounts.balance + v.column2 >= 0 RETURNING accounts.id, accounts.balance`, args...); err != nil {
		return nil, err
	}
	changed := make([]bool, len(ops))
	for i, a := range ops {
		m := a.(*accountMove)
		m.moved = false
		for _, r := range rows {
			if r.ID == m.account {
				m.moved, m.balance, changed[i] = true, r.Balance, true
			}
		}
	}
	return changed, nil
}

type testDBKey struct{}

// move is the posting's own write of m, or the outcome of it run ahead
// (TakeAhead): whether it moved, and the balance after.
func move(ctx context.Context, db *database.DB, m *accountMove, ignoreAhead bool) (bool, error) {
	if !ignoreAhead {
		if a, ok := database.TakeAhead(ctx, func(a database.Ahead) bool { return a == m }).(*accountMove); ok {
			return a.moved, nil
		}
	}
	var balance []int64
	err := db.Select(ctx, &balance, `UPDATE accounts SET balance = balance + ? WHERE id = ? AND balance + ? >= 0 RETURNING balance`,
		m.amount, m.account, m.amount)
	return len(balance) == 1, err
}

// aheadDB is groupDB with accounts 1..n, each holding 100.
func aheadDB(t *testing.T, d database.Dialect, n int) *database.DB {
	db, _ := groupDB(t, d, database.Options{GroupMax: 64, GroupLanes: 1})
	ctx := context.Background()
	if _, err := db.Exec(ctx, `DELETE FROM accounts`); err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= n; i++ {
		if _, err := db.Exec(ctx, `INSERT INTO accounts (id, balance) VALUES (?, 100)`, i); err != nil {
			t.Fatal(err)
		}
	}
	return db
}

// queuedBehindGate runs posting(i) for i in 1..n through
// WithGroupTxAhead, all queued in one batch behind a first posting that
// announces nothing (testkit.QueueBehindGate), and answers each one's
// error (posting i's at i-1).
func queuedBehindGate(t *testing.T, db *database.DB, n int, ahead func(i int) database.Ahead, posting func(ctx context.Context, i int) error) []error {
	t.Helper()
	ctx := context.WithValue(context.Background(), testDBKey{}, db)
	errs := make([]error, n)
	testkit.QueueBehindGate(t, db, n, func(i int) {
		errs[i] = db.WithGroupTxAhead(ctx, ahead(i+1), func(ctx context.Context) error { return posting(ctx, i+1) })
	})
	return errs
}

var errNotMoved = errors.New("the guard said no")

// Twelve postings queued in one batch, each announcing the move of its
// account: the leader moves them in one statement, in the first one's
// turn; each posting takes its own outcome, and one the guard refused
// (it would overdraw) refuses only itself without breaking the batch.
// Two postings on one account are never moved in one statement: the
// second is moved in a statement of its own, after the first, and its
// guard sees the first's move.
func TestGroupAheadMovesQueuedPostingsInOneStatement(t *testing.T) {
	forEachGroupDialect(t, func(t *testing.T, d database.Dialect) {
		const n = 12
		db := aheadDB(t, d, n)
		// posting i moves account i by -10, except: 5 asks -500 (refused);
		// 12 moves account 7 by -95 (after 7's -10 only 90 are left:
		// refused) and 11 moves account 9 by -90 (after 9's -10: booked)
		moves := map[int]*accountMove{}
		for i := 1; i <= n; i++ {
			moves[i] = &accountMove{account: int64(i), amount: -10}
		}
		moves[5].amount = -500
		moves[12].account, moves[12].amount = 7, -95
		moves[11].account, moves[11].amount = 9, -90
		var took atomic.Int64
		errs := queuedBehindGate(t, db, n, func(i int) database.Ahead { return moves[i] }, func(ctx context.Context, i int) error {
			if database.TakeAhead(ctx, func(database.Ahead) bool { return false }) != nil {
				return errors.New("TakeAhead answered a write its caller does not expect")
			}
			moved, err := move(ctx, db, moves[i], false)
			if err != nil {
				return err
			}
			took.Add(1)
			if !moved {
				return errNotMoved
			}
			_, err = db.Exec(ctx, `INSERT INTO postings (id, amount) VALUES (?, 1)`, i)
			return err
		})
		refused := func(i int) bool { return i == 5 || i == 12 }
		want := answers(t, errs, refused, errNotMoved)
		if got := ids(t, db); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("booked %v, want %v", got, want)
		}
		// 1..10 less 10 each, 5 unmoved, 7 once (12 refused), 9 by 10+90;
		// 11 and 12 move no account of their own
		if got, want := balances(t, db), "[90 90 90 90 100 90 90 90 0 90 100 100]"; got != want {
			t.Fatalf("balances %s, want %s", got, want)
		}
		st := db.GroupStats()
		if st.Broken != 0 || st.Batches != 1 || st.AheadWrites != n || st.AheadRuns < 2 || st.AheadRuns > 3 {
			t.Fatalf("stats %+v: want one batch, none broken, every write ahead in 2 or 3 statements", st)
		}
		if took.Load() != n {
			t.Fatalf("%d postings took an outcome, want %d", took.Load(), n)
		}
	})
}

// A posting that does not take the outcome of its write run ahead, and
// makes the write itself, must not move the account twice: the batch
// breaks, every member runs again alone (where nothing runs ahead), and
// each account moves once.
func TestGroupAheadNotTakenRunsTheBatchAgainAlone(t *testing.T) {
	forEachGroupDialect(t, func(t *testing.T, d database.Dialect) {
		const n = 6
		db := aheadDB(t, d, n)
		var runs [n]atomic.Int64
		announced := map[int]*accountMove{}
		for i := 1; i <= n; i++ {
			announced[i] = &accountMove{account: int64(i), amount: -10}
		}
		errs := queuedBehindGate(t, db, n, func(i int) database.Ahead { return announced[i] }, func(ctx context.Context, i int) error {
			runs[i-1].Add(1)
			moved, err := move(ctx, db, announced[i], i == 3)
			if err == nil && !moved {
				err = errNotMoved
			}
			return err
		})
		answers(t, errs, func(int) bool { return false }, nil)
		if got, want := balances(t, db), "[90 90 90 90 90 90]"; got != want {
			t.Fatalf("balances %s, want %s: a write ahead not taken was kept", got, want)
		}
		if st := db.GroupStats(); st.Broken != 1 || st.AheadWrites != n {
			t.Fatalf("stats %+v: want the batch broken once after its writes ran ahead", st)
		}
		if runs[2].Load() != 2 {
			t.Fatalf("posting 3 ran %d times, want twice (in the batch, then alone)", runs[2].Load())
		}
	})
}

// A posting that fails after its write ran ahead changed the
// transaction: the batch breaks and every member runs again alone, where
// the failing one refuses only itself. When the statement that runs the
// writes ahead fails, the batch breaks the same way and every posting is
// booked once, alone.
func TestGroupAheadFailuresRunTheBatchAgainAlone(t *testing.T) {
	forEachGroupDialect(t, func(t *testing.T, d database.Dialect) {
		for _, c := range []struct {
			name    string
			failRun bool
			want    string
		}{
			{"posting fails after its move", false, "[90 90 90 100 90 90]"},
			{"statement fails", true, "[90 90 90 90 90 90]"},
		} {
			t.Run(c.name, func(t *testing.T) {
				const n = 6
				db := aheadDB(t, d, n)
				failRun := &atomic.Bool{}
				failRun.Store(c.failRun)
				refusedLate := errors.New("refused after its move")
				announced := map[int]*accountMove{}
				for i := 1; i <= n; i++ {
					announced[i] = &accountMove{account: int64(i), amount: -10, failRun: failRun}
				}
				errs := queuedBehindGate(t, db, n, func(i int) database.Ahead { return announced[i] }, func(ctx context.Context, i int) error {
					moved, err := move(ctx, db, announced[i], false)
					if a, ok := database.TakeAhead(ctx, func(database.Ahead) bool { return true }).(*accountMove); ok {
						return fmt.Errorf("a second TakeAhead answered %+v", a)
					}
					switch {
					case err != nil:
						return err
					case !moved:
						return errNotMoved
					case i == 4 && !c.failRun:
						return refusedLate
					}
					return nil
				})
				answers(t, errs, func(i int) bool { return i == 4 && !c.failRun }, refusedLate)
				if got := balances(t, db); got != c.want {
					t.Fatalf("balances %s, want %s", got, c.want)
				}
				if st := db.GroupStats(); st.Broken != 1 {
					t.Fatalf("stats %+v: want the batch broken once", st)
				}
			})
		}
	})
}
