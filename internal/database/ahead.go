package database

import (
	"context"
)

// Writes run ahead (issue 17): a posting may announce, as it joins a
// group-commit batch, the one write its turn will begin with (an Ahead:
// the guarded move of a budget's balance). When the leader comes to such
// a member it runs, in one statement, the announced writes of that
// member and of the members queued right behind it that announced one
// of the same kind, each on a key (a budget) none of the others has.
// Each member's posting then takes its write's outcome (TakeAhead)
// instead of making it: on PostgreSQL one round trip for the batch's
// moves instead of one a posting (docs/performance.md).
//
// Running a write ahead keeps every rule of the group commit
// (group.go):
//   - The outcome is the same as in the member's turn. The writes run
//     together are those of consecutive members, on distinct keys, and a
//     posting that announces a write touches no row of another's key
//     before it takes its own (the announcer's promise). So what the
//     members in between write cannot change what a write ahead finds,
//     and the order of the batch's rows is the order of its members.
//     A write that, run ahead, changes nothing (a guard said no) is an
//     outcome too: the posting takes it, and goes on as after the same
//     answer in its turn.
//   - A refused posting refuses only itself. A member whose write ahead
//     changed the transaction has changed it from its turn's start
//     (touched): if it fails, the batch breaks and every member runs
//     again alone, as after any posting that fails having written. So
//     does a member that did not take a write ahead that changed
//     something: nothing of it would account for the change.
//   - Batches that keep a savepoint a member never run writes ahead: a
//     member's rollback to its savepoint would undo the writes of the
//     members behind it.
//   - A statement that fails is the turn's member's failure (a broken
//     PostgreSQL transaction, a lock held elsewhere): the batch breaks,
//     and every member runs again alone, where each makes its own write.
//
// The first member's own connection context runs the statement: it is
// that member's turn.

// Ahead is a write a posting announces to its group-commit batch
// (WithGroupTxAhead). Its outcome is kept in it, for TakeAhead.
type Ahead interface {
	// AheadKind names the statement: writes of one kind run together,
	// by the first one's RunAhead.
	AheadKind() string
	// AheadKey names what the write changes (a budget's id): two writes
	// of one key never run in one statement.
	AheadKey() int64
	// RunAhead makes the writes of ops (of this kind, on distinct keys,
	// in the members' order) in one statement in ctx's transaction,
	// keeps each one's outcome in it, and answers, for each, whether it
	// changed something.
	RunAhead(ctx context.Context, ops []Ahead) (changed []bool, err error)
}

// WithGroupTxAhead is WithGroupTx for a posting whose turn begins with
// the write ahead announces: the batch may make it ahead of the turn,
// with the like writes of the members behind it, and fn then takes its
// outcome (TakeAhead). fn must make no write on another posting's key
// (AheadKey) before it takes its own.
func (db *DB) WithGroupTxAhead(ctx context.Context, ahead Ahead, fn func(ctx context.Context) error) error {
	return db.withGroupTx(ctx, ahead, fn)
}

// TakeAhead answers, in a batch member's posting (ctx), its announced
// write once the batch has made it ahead of the turn, when is says it
// is the write the caller is about to make: the caller takes its outcome
// from it instead of writing. Otherwise (no batch, run alone, not run
// ahead, taken already, not the write is expects) it answers nil and the
// caller writes itself.
func TakeAhead(ctx context.Context, is func(Ahead) bool) Ahead {
	st, ok := ctx.Value(memberKey{}).(*memberState)
	if !ok || st.ahead == nil || st.aheadTaken.Load() || !is(st.ahead) {
		return nil
	}
	st.aheadTaken.Store(true)
	return st.ahead
}

// aheadOfLocked answers the members whose announced writes run ahead at
// c's turn (g.mu held): c, when its write has not run yet, and the
// members queued right behind it with a write of the same kind on a key
// none before them has, up to the first that has none.
func (g *groupCommit) aheadOfLocked(b *batch, c *memberCall) []*memberCall {
	if c.ahead == nil || c.aheadRan || b.savepoints || b.broken != nil {
		return nil
	}
	kind := c.ahead.AheadKind()
	keys := map[int64]bool{c.ahead.AheadKey(): true}
	run := []*memberCall{c}
	for _, q := range b.queue {
		if q.ahead == nil || q.aheadRan || q.ahead.AheadKind() != kind || keys[q.ahead.AheadKey()] {
			break
		}
		keys[q.ahead.AheadKey()] = true
		run = append(run, q)
	}
	return run
}

// runAhead makes the writes of run in one statement, in the turn of its
// first member (state, txCtx). The statement's own outcome is noted on a
// state of its own, so that the first member counts as having changed
// the transaction only when its own write did (or the statement failed,
// or settled the batch's deferred rows).
func (g *groupCommit) runAhead(txCtx context.Context, state *memberState, run []*memberCall) error {
	scratch := &memberState{batch: state.batch}
	ctx := context.WithValue(txCtx, memberKey{}, scratch)
	ops := make([]Ahead, len(run))
	for i, m := range run {
		ops[i] = m.ahead
	}
	changed, err := ops[0].RunAhead(ctx, ops)
	if scratch.lockConflict.Load() {
		state.lockConflict.Store(true)
	}
	if scratch.settledBatch.Load() {
		state.settledBatch.Store(true)
	}
	if err != nil {
		state.touched.Store(true) // a failed statement (on PostgreSQL it breaks the transaction)
		return err
	}
	if len(changed) != len(run) {
		panic("database: RunAhead answered a wrong number of outcomes")
	}
	g.aheadRuns.Add(1)
	g.aheadWrites.Add(int64(len(run)))
	for i, m := range run {
		m.aheadRan, m.aheadChanged = true, changed[i]
	}
	return nil
}

// takeAhead hands c's posting the outcome of its write run ahead
// (TakeAhead): a change it made counts as the member's, from the start
// of its turn.
func (g *groupCommit) takeAhead(txCtx context.Context, state *memberState, c *memberCall) {
	if !c.aheadRan {
		return
	}
	state.ahead = c.ahead
	if c.aheadChanged {
		noteWrite(txCtx)
		state.touched.Store(true)
	}
}
