package database

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jmoiron/sqlx"
)

// Group commit (issue 17): the money postings that arrive while another
// batch of them is being written and committed are gathered into one
// database transaction, so a batch of them shares one commit (one disk sync)
// instead of paying one each.
//
// Each posting is still a transaction of its own in every way a caller can
// see: it runs alone (the batch's leader runs its members' postings on the
// batch's transaction one at a time, in the order they joined), and a
// posting that fails refuses only itself, with its own error, while the
// others go on:
//   - A posting refused before it changed anything (a refused amount is
//     checked before anything is written; a lost idempotency race writes
//     nothing) leaves the transaction as it found it: the batch goes on.
//     The database methods note, for a member, every statement that may
//     have changed the transaction (noteOutcome: rows written, or a failed
//     statement, which breaks a PostgreSQL transaction).
//   - A posting that fails after it changed something (a panic, a write
//     the schema refuses, a lock held elsewhere) breaks its batch: nothing
//     of it is booked, and every member runs again alone, in a
//     transaction of its own, where it refuses only itself. For a second
//     after, batches give each member a SAVEPOINT of its own (as they all
//     do with Options.GroupSavepoints), so whatever broke one, if it goes
//     on, costs a rollback to a savepoint instead of a whole batch.
// A savepoint for every member costs a round trip per posting on
// PostgreSQL (RELEASE and the next SAVEPOINT), about a sixth of a
// posting's; a broken batch is rare where refusals write nothing. A
// refused call with an Idempotency-Key has written its key's claim and
// breaks its batch; while such refusals go on, the spell keeps them to
// about one broken batch a second.
// Balances and ledger rows are exactly those of posting one by one, in
// that order; locks are taken as before; and WithGroupTx returns only
// after the batch's commit, so a posting is acknowledged only once it is
// durable. When the commit itself fails, every member of the batch gets
// that error and none of them is booked.
//
// A batch closes when it holds GroupMax members, or when every member has
// run and the window (GroupWindow, from the batch's start) has passed:
// with the default window of zero the batch simply takes whoever arrived
// while the previous one was committing, so a lone posting waits for no
// one, and the batches grow with the load.
//
// On SQLite this process runs one batch at a time (its "lane", the
// process's single writer). On PostgreSQL up to GroupLanes batches run at
// once, each on a connection of its own: a posting's statements are round
// trips to a server process on the same machine, and one lane left most
// of that waiting idle (docs/performance.md). Batches of other processes,
// and of this process's other lanes, can meet a batch: a batch holds the
// locks of all its members until its commit, taken in no common order, so
// two batches would deadlock on shared rows (a budget, a company's
// budget) and stall for PostgreSQL's deadlock_timeout. A batch therefore
// never waits long for a lock while its members run: on PostgreSQL they
// run with a lock_timeout of batchLockTimeout, and a member whose
// statement meets a lock held elsewhere for longer (or a deadlock) is
// rolled back to its savepoint and run again alone, in a transaction of
// its own, after its batch. Alone it takes its few locks in the order
// every posting takes them, and may wait. The rows every posting of a
// company moves (its monthly totals) are written at the batch's end
// (deferred.go), in one fixed order, where a batch waits for them as any
// transaction would. The first write of a posting that announces it (an
// expense's budget move) may be made ahead of its turn, in one statement
// with those of the members queued behind it (ahead.go).

// DefaultGroupMax is the most postings a batch takes on SQLite unless
// Options.GroupMax says otherwise (the default window is none): its one
// lane takes all who wait.
const DefaultGroupMax = 64

// DefaultGroupLanes and DefaultGroupMaxLanes are PostgreSQL's defaults:
// two batches at once of at most eight postings, so sixteen waiting
// postings make two batches that run side by side (measured with 16
// clients, docs/performance.md: at first one lane of 64 about 480
// expenses a second, two lanes of 8 about 650, three lanes of 8 about
// 700, four lanes no better; once a posting's expense and ledger rows
// waited for its batch's end, a posting's turn is one statement, and two
// lanes of 8 did best: about 1,740 a second against 1,260 with three,
// 1,570 with two or one of 16).
const (
	DefaultGroupLanes    = 2
	DefaultGroupMaxLanes = 8
)

type groupCommit struct {
	db *DB
	// x opens the batches' transactions: on PostgreSQL a pool of its own
	// whose connections start with lock_timeout at batchLockTimeout
	// (OpenWith), elsewhere the database's pool
	x      *sqlx.DB
	max    int
	window time.Duration
	// lanes: how many batches execute at once in this process (a slot
	// each). On SQLite it is one: db.writeMu itself, taken by the batch's
	// leader.
	lanes chan struct{}
	// savepointsUntil (unix nanoseconds): batches begun before it give
	// each member a savepoint (see member); alwaysSavepoints: every batch
	// does (Options.GroupSavepoints)
	savepointsUntil  atomic.Int64
	alwaysSavepoints bool
	mu               sync.Mutex // guards open and the counters of every batch
	open             *batch     // the batch new members join, or nil

	batches, members atomic.Int64 // committed or not, for GroupStats
	broken           atomic.Int64 // batches a member broke (see member)
	aheadRuns        atomic.Int64 // statements that ran members' writes ahead (ahead.go)
	aheadWrites      atomic.Int64 // the members' writes they ran
}

// GroupStats counts WithGroupTx's batches and their members since the
// database was opened: members/batches is the average batch (benchmarks
// report it). AheadWrites of the members' announced writes ran ahead of
// their turns, in AheadRuns statements (ahead.go).
type GroupStats struct{ Batches, Members, Broken, AheadRuns, AheadWrites int64 }

// GroupStats answers the batches and members WithGroupTx ran so far.
func (db *DB) GroupStats() GroupStats {
	g := db.group
	return GroupStats{Batches: g.batches.Load(), Members: g.members.Load(), Broken: g.broken.Load(),
		AheadRuns: g.aheadRuns.Load(), AheadWrites: g.aheadWrites.Load()}
}

type batch struct {
	tx       *sqlx.Tx
	beginErr error
	start    time.Time

	// under groupCommit.mu
	queue  []*memberCall // joined, not run yet
	joined int
	closed bool

	broken error // a savepoint statement failed, or a member changed the transaction and failed without one: the batch cannot commit (the leader's only)

	savepoints bool // each member runs inside a savepoint (see member)

	deferred deferredSet // the read-model increments of the members that succeeded (deferred.go; the leader's only)

	wake chan struct{} // a member joined (buffered 1; a waiting leader takes it)
	done chan struct{} // closed after the commit (or rollback)
	err  error         // the commit's error, read after done
}

// memberCall is one member's posting: the leader runs fn and fills in its
// outcome before the batch's done is closed.
type memberCall struct {
	ctx      context.Context
	fn       func(ctx context.Context) error
	err      error
	panicked any

	// the write the posting announced (WithGroupTxAhead), or nil; whether
	// the batch ran it ahead of the member's turn, and whether that
	// changed the transaction (the leader's only, ahead.go)
	ahead        Ahead
	aheadRan     bool
	aheadChanged bool
}

// errRetryAlone marks a member that met a lock held elsewhere: it runs
// again alone.
var errRetryAlone = errors.New("group commit: retry alone")

// batchLockTimeout is the longest a batch's statement waits for a lock on
// PostgreSQL (see the top of this file). The previous batch of this
// process may still be committing (a disk sync) when the next one starts.
const batchLockTimeout = "25ms"

// memberKey marks the context of a batch member: the database methods
// note there what its statements did (noteOutcome).
type memberKey struct{}

type memberState struct {
	lockConflict atomic.Bool
	touched      atomic.Bool  // a statement of the member's may have changed the batch's transaction (noteOutcome)
	deferred     deferredSet  // what the member's posting handed to the batch (Deferred.Add)
	batch        *deferredSet // the batch's, from the members before it (settle writes from it)
	settledBatch atomic.Bool  // settle wrote some of the batch's rows in this member's turn
	ahead        Ahead        // the member's announced write, when the batch ran it ahead (TakeAhead)
	aheadTaken   atomic.Bool  // the member's posting took the outcome of ahead
}

// noteOutcome records, for a batch member, what one of its statements
// did:
//   - a statement that failed waiting for a lock (lock_timeout) or in a
//     deadlock (lockConflict), since the member's own code may turn that
//     error into an answer of its own;
//   - on the batch's transaction, a statement that may have changed it
//     (touched): one that failed (on PostgreSQL a failed statement breaks
//     the transaction), or whose outcome the caller judges a change
//     (changed: rows written, or a statement whose effect the row count
//     does not tell). sql.ErrNoRows is no failure: a read found nothing.
//     A member that touched nothing can fail without being undone.
func noteOutcome(ctx context.Context, err error, changed bool) {
	st, ok := ctx.Value(memberKey{}).(*memberState)
	if !ok {
		return
	}
	if err != nil && isLockConflict(err) {
		st.lockConflict.Store(true)
	}
	if txOf(ctx) == nil {
		return
	}
	if (err != nil && !IsNoRows(err)) || (err == nil && changed) {
		st.touched.Store(true)
	}
}

// WithGroupTx runs fn in a transaction shared with other concurrent callers
// of WithGroupTx (see the top of this file), committed when fn returns nil
// and acknowledged once durable. Inside an outer transaction it is WithTx.
// fn must not wait for other postings (it runs on the batch's turn).
func (db *DB) WithGroupTx(ctx context.Context, fn func(ctx context.Context) error) error {
	return db.withGroupTx(ctx, nil, fn)
}

func (db *DB) withGroupTx(ctx context.Context, ahead Ahead, fn func(ctx context.Context) error) error {
	if txOf(ctx) != nil {
		return fn(ctx)
	}
	g := db.group
	err := g.run(ctx, ahead, fn)
	if errors.Is(err, errRetryAlone) {
		// alone the posting makes its announced write itself
		return db.WithTx(ctx, fn)
	}
	return err
}

func (g *groupCommit) run(ctx context.Context, ahead Ahead, fn func(ctx context.Context) error) error {
	c := &memberCall{ctx: ctx, fn: fn, ahead: ahead}
	g.mu.Lock()
	b := g.open
	leader := b == nil
	if leader {
		b = &batch{wake: make(chan struct{}, 1), done: make(chan struct{})}
		g.open = b
	}
	b.queue = append(b.queue, c)
	b.joined++
	if b.joined >= g.max {
		g.closeLocked(b)
	}
	g.mu.Unlock()

	g.members.Add(1)
	if leader {
		g.batches.Add(1)
		g.lead(b)
	} else {
		select {
		case b.wake <- struct{}{}:
		default:
		}
	}
	<-b.done
	if c.panicked != nil {
		panic(c.panicked)
	}
	switch {
	case b.beginErr != nil:
		return b.beginErr
	case errors.Is(b.err, errRetryAlone):
		// the batch's deferred writes failed (end): nothing of it is
		// booked, and a refusal may rest on a posting before it that is
		// not booked either, so every member runs again alone
		return errRetryAlone
	case c.err != nil:
		return c.err
	default:
		return b.err
	}
}

// lead is the leader's: open the batch's transaction, run every member's
// posting in turn, in this goroutine, as they join, until the batch closes
// (GroupMax members, or none left to run once the window has passed), then
// commit and wake the members. The leader runs the others' postings itself
// because handing the turn from one member's goroutine to the next cost a
// scheduler wake-up each time, behind the requests' other work on a busy
// machine (docs/performance.md: about 6 % more postings a second).
func (g *groupCommit) lead(b *batch) {
	g.begin(b)
	if b.beginErr != nil {
		g.mu.Lock()
		g.closeLocked(b)
		g.mu.Unlock()
		close(b.done)
		return
	}
	for {
		g.mu.Lock()
		var (
			c     *memberCall
			ahead []*memberCall
		)
		if len(b.queue) > 0 {
			c = b.queue[0]
			b.queue[0] = nil
			b.queue = b.queue[1:]
			ahead = g.aheadOfLocked(b, c)
		} else if !b.closed && time.Since(b.start) >= g.window {
			g.closeLocked(b)
		}
		closed := b.closed
		g.mu.Unlock()
		switch {
		case c != nil:
			c.err, c.panicked = g.member(b, c, ahead)
		case closed:
			b.err = g.end(b)
			close(b.done)
			return
		default: // the window is open and nobody waits to run
			t := time.NewTimer(g.window - time.Since(b.start))
			select {
			case <-b.wake:
			case <-t.C:
			}
			t.Stop()
		}
	}
}

// begin takes the lane and opens the batch's transaction.
func (g *groupCommit) begin(b *batch) {
	g.takeLane()
	b.start = time.Now()
	b.savepoints = g.alwaysSavepoints || time.Now().UnixNano() < g.savepointsUntil.Load()
	// on PostgreSQL the connection's lock_timeout is the batch's already
	// (OpenWith)
	tx, err := g.x.BeginTxx(context.Background(), nil)
	if err == nil && b.savepoints {
		// the first member's savepoint (see member)
		if _, err = tx.Exec("SAVEPOINT " + memberSavepoint); err != nil {
			_ = tx.Rollback()
		}
	}
	if err != nil {
		g.releaseLane()
		b.beginErr = fmt.Errorf("begin transaction: %w", err)
		return
	}
	b.tx = tx
}

func (g *groupCommit) takeLane() {
	if g.db.Dialect == SQLite {
		g.db.writeMu.Lock()
		return
	}
	g.lanes <- struct{}{}
}

func (g *groupCommit) releaseLane() {
	if g.db.Dialect == SQLite {
		g.db.writeMu.Unlock()
		return
	}
	<-g.lanes
}

// savepointSpell is how long the batches after one that a member broke
// (see member) give each member a savepoint.
const savepointSpell = time.Second

// memberSavepoint is the savepoint every member starts from. The batch
// keeps one open at the start of each turn: begin sets the first, and each
// member leaves the next one behind in the statement that ends its own
// (RELEASE and a new SAVEPOINT in one round trip when it succeeded; a
// ROLLBACK TO, which keeps the savepoint, when it failed), so a turn
// costs the database one statement beyond the member's own.
const memberSavepoint = "portal_member"

// member runs c's posting on the batch's transaction, in its turn (on
// the leader's goroutine), inside a savepoint when the batch keeps them.
// First it runs the announced writes of ahead (c's and those of the
// members queued behind it, ahead.go) in one statement. A panic in the
// posting is recovered (after rolling back to the savepoint) and handed
// back, for the caller to raise again once the batch is done: the batch
// must still commit for the others.
func (g *groupCommit) member(b *batch, c *memberCall, ahead []*memberCall) (err error, panicked any) {
	if err := g.brokenErr(b); err != nil {
		return err, nil
	}
	// the caller's cancellation must not break the shared connection
	// (pgx closes a connection whose query is cancelled): a member runs to
	// its end once started.
	state := &memberState{batch: &b.deferred}
	txCtx := context.WithValue(context.WithValue(context.WithoutCancel(c.ctx), txKey{}, b.tx), memberKey{}, state)
	var fnErr error
	if len(ahead) > 0 {
		fnErr = g.runAhead(txCtx, state, ahead)
	}
	if fnErr == nil {
		g.takeAhead(txCtx, state, c)
		fnErr, panicked = callSafely(txCtx, c.fn)
	}
	conflict := state.lockConflict.Load()
	// a write the batch ran ahead for the posting that the posting did
	// not take: it moved what no ledger row accounts for
	orphan := c.aheadChanged && !state.aheadTaken.Load()
	if !b.savepoints {
		switch {
		case fnErr == nil && panicked == nil && !conflict && !orphan:
			b.deferred.takeFrom(&state.deferred)
			return nil, nil
		case !state.touched.Load() && !conflict:
			// refused before it changed anything (a refusal is checked
			// before anything is written): the batch goes on as if the
			// member had not run
			return fnErr, panicked
		}
		// it changed the transaction, and no savepoint can undo only its
		// part
		return g.breakOn(b), panicked
	}
	if fnErr == nil && panicked == nil && !conflict {
		// keep the member's writes, and open the next member's savepoint
		if _, err := b.tx.ExecContext(txCtx, "RELEASE SAVEPOINT "+memberSavepoint+"; SAVEPOINT "+memberSavepoint); err != nil {
			g.breakBatch(b, err)
			return g.brokenErr(b), nil
		}
		b.deferred.takeFrom(&state.deferred)
		return nil, nil
	}
	if state.settledBatch.Load() {
		// it wrote rows the members before it had deferred (settle):
		// its savepoint would undo them with its own
		return g.breakOn(b), panicked
	}
	// undo the member's writes; the savepoint stays for the next member
	if _, err := b.tx.ExecContext(txCtx, "ROLLBACK TO SAVEPOINT "+memberSavepoint); err != nil {
		g.breakBatch(b, err)
		if panicked != nil {
			return nil, panicked
		}
		return g.brokenErr(b), nil
	}
	if panicked != nil {
		return nil, panicked
	}
	if conflict || isLockConflict(fnErr) {
		return errRetryAlone, nil
	}
	return fnErr, nil
}

// breakOn breaks the batch for a member that failed having changed what
// no savepoint can undo alone: nothing of the batch is booked, every
// member runs again alone (a refusal of the batch may rest on it), and
// the batches of the next savepointSpell keep savepoints, in case
// whatever broke this one (a lock held elsewhere) goes on.
func (g *groupCommit) breakOn(b *batch) error {
	g.savepointsUntil.Store(time.Now().Add(savepointSpell).UnixNano())
	g.broken.Add(1)
	g.breakBatch(b, errRetryAlone)
	g.mu.Lock()
	g.closeLocked(b)
	g.mu.Unlock()
	return g.brokenErr(b)
}

func callSafely(ctx context.Context, fn func(ctx context.Context) error) (err error, panicked any) {
	defer func() {
		if p := recover(); p != nil {
			panicked = p
		}
	}()
	return fn(ctx), nil
}

// breakBatch and brokenErr run on the leader's goroutine only (member and
// end), so b.broken needs no lock.
func (g *groupCommit) breakBatch(b *batch, err error) {
	if b.broken == nil {
		b.broken = err
	}
}

// brokenErr is the error of a broken batch, nil while it is whole.
func (g *groupCommit) brokenErr(b *batch) error {
	if b.broken == nil {
		return nil
	}
	return fmt.Errorf("group transaction: %w", b.broken)
}

// end ends the batch's transaction, committed unless the batch is broken,
// and releases the lane.
func (g *groupCommit) end(b *batch) error {
	if err := g.brokenErr(b); err != nil {
		_ = b.tx.Rollback()
		g.releaseLane()
		return err
	}
	if g.db.Dialect == Postgres {
		// the deferred writes and the commit may still take locks (a
		// company's monthly totals; deferred triggers: the sign-in epoch,
		// migration 00035); they wait for them as any transaction would
		if _, err := b.tx.Exec("SET LOCAL lock_timeout = 0"); err != nil {
			_ = b.tx.Rollback()
			g.releaseLane()
			return commitErr(err)
		}
	}
	// the read-model increments of the members that succeeded, written
	// once for the batch (deferred.go)
	if err := b.deferred.flush(context.WithValue(context.Background(), txKey{}, b.tx)); err != nil {
		// a deadlock with another process's transaction, or one posting's
		// increment the read model refuses (its sum would overflow):
		// nothing of the batch is booked, and each posting runs again
		// alone, where such an increment refuses only its own posting
		_ = b.tx.Rollback()
		g.releaseLane()
		return errRetryAlone
	}
	if g.db.Dialect == SQLite {
		// SQLite's commit must hold the writer
		err := b.tx.Commit()
		g.releaseLane()
		return commitErr(err)
	}
	// the next batch may run while this one's commit reaches the disk:
	// it waits on this one's row locks at most, never the reverse
	g.releaseLane()
	return commitErr(b.tx.Commit())
}

func commitErr(err error) error {
	if err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// closeLocked stops a batch from taking members (g.mu held).
func (g *groupCommit) closeLocked(b *batch) {
	b.closed = true
	if g.open == b {
		g.open = nil
	}
}

// isLockConflict tells whether err is PostgreSQL's deadlock_detected
// (40P01) or lock_not_available (55P03, a lock_timeout).
func isLockConflict(err error) bool {
	if err == nil {
		return false
	}
	s := err.Error()
	return strings.Contains(s, "SQLSTATE 40P01") || strings.Contains(s, "SQLSTATE 55P03")
}
