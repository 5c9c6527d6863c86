package database

import (
	"context"
	"strings"
	"sync"
	"sync/atomic"
)

// Reads answered from memory while the sign-in epoch stands (issue 17:
// reads off the posting's path). The sign-in epoch (auth, migration
// 00035) moves, in the same transaction, with every change of a user, a
// role, a session, a company or a partner. A row of those tables read
// after the epoch was read as n is therefore still what the database
// holds as long as the epoch is still n. Auth reads the epoch once per
// request to sign it in (its principal cache is an EpochCache too) and
// puts it in the request's context (WithEpoch); an EpochCache then
// answers that request's reads of such rows from what an earlier request
// read at the same epoch, so a change committed before the request began
// is seen by it, in this process and in every other on the database.
//
// A request forgets its epoch once it writes (a statement that may write,
// in a transaction or outside one): its own change moves the epoch only
// at its commit, after the request read it, and the request must read
// back what it wrote. Statements on tables the epoch does not follow may
// say so (OffEpoch: a money call's idempotency key), and leave the epoch
// standing. A value missing from the cache is read outside the request's
// transaction, so what is kept is committed: a group-committed batch's
// transaction holds its other postings' writes, not committed yet.

type epochKey struct{}

// requestEpoch is a request's epoch, shared by the contexts derived from
// its context (a group-commit member's too), so a write through any of
// them is seen by all.
type requestEpoch struct {
	n     int64
	wrote atomic.Bool
}

// WithEpoch is ctx carrying the sign-in epoch n, read when the request was
// signed in.
func WithEpoch(ctx context.Context, n int64) context.Context {
	return context.WithValue(ctx, epochKey{}, &requestEpoch{n: n})
}

// epochOf is the epoch ctx's reads may be answered at: none once the
// request has written.
func epochOf(ctx context.Context) (int64, bool) {
	e, ok := ctx.Value(epochKey{}).(*requestEpoch)
	if !ok || e.wrote.Load() {
		return 0, false
	}
	return e.n, true
}

type offEpochKey struct{}

// OffEpoch is ctx for statements that touch no table the sign-in epoch
// follows (migration 00035): they leave the request's epoch standing.
func OffEpoch(ctx context.Context) context.Context {
	return context.WithValue(ctx, offEpochKey{}, true)
}

// noteWrite makes ctx's request forget its epoch (see the top of this
// file): every statement that may write calls it before it runs.
func noteWrite(ctx context.Context) {
	if off, _ := ctx.Value(offEpochKey{}).(bool); off {
		return
	}
	if e, ok := ctx.Value(epochKey{}).(*requestEpoch); ok {
		e.wrote.Store(true)
	}
}

// isPlainRead tells a statement that begins with SELECT (a read; its
// locks aside) from one that may write (INSERT ... RETURNING, WITH ...).
func isPlainRead(query string) bool {
	q := strings.TrimSpace(query)
	return len(q) >= 6 && strings.EqualFold(q[:6], "SELECT")
}

// isRowWrite tells an INSERT, UPDATE or DELETE, whose count of rows
// touched says whether it changed anything, from any other statement.
func isRowWrite(query string) bool {
	q := strings.TrimSpace(query)
	for _, w := range []string{"INSERT", "UPDATE", "DELETE"} {
		if len(q) >= len(w) && strings.EqualFold(q[:len(w)], w) {
			return true
		}
	}
	return false
}

// EpochCacheSize bounds an EpochCache: past it the cache starts over
// (values in use come back with one read each).
const EpochCacheSize = 20000

// EpochCache keeps values read at one epoch, the newest it was given:
// a value is answered only for that same epoch, and a newer epoch empties
// the cache. Values are shared between requests: a caller must not change
// what it gets (copy it first).
type EpochCache[K comparable, V any] struct {
	mu    sync.Mutex
	epoch int64
	m     map[K]V
}

// Get answers the value of k kept at epoch.
func (c *EpochCache[K, V]) Get(epoch int64, k K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.epoch != epoch {
		var none V
		return none, false
	}
	v, ok := c.m[k]
	return v, ok
}

// Put keeps v, read after the epoch was read as epoch. A value of an
// older epoch than the cache's is dropped; a newer one empties the cache
// first.
func (c *EpochCache[K, V]) Put(epoch int64, k K, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if epoch < c.epoch {
		return
	}
	if epoch > c.epoch || c.m == nil || len(c.m) >= EpochCacheSize {
		c.epoch, c.m = epoch, map[K]V{}
	}
	c.m[k] = v
}

// Read answers k's value for ctx's request: kept from an earlier read at
// the request's epoch, or read now by read and kept. read gets the
// context to read with: ctx itself for a request without an epoch (or
// that has written), otherwise ctx outside its transaction, so only what
// is committed is kept. A read's error is answered and nothing kept (an
// absent row is not kept: a new one moves no epoch).
func (c *EpochCache[K, V]) Read(ctx context.Context, k K, read func(ctx context.Context) (V, error)) (V, error) {
	epoch, ok := epochOf(ctx)
	if !ok {
		return read(ctx)
	}
	if v, hit := c.Get(epoch, k); hit {
		return v, nil
	}
	v, err := read(outsideTx(ctx))
	if err == nil {
		c.Put(epoch, k, v)
	}
	return v, err
}

// SharedRead reads something committed (the sign-in epoch) for many
// concurrent callers with fewer round trips, and as exactly as each
// reading it alone: a caller's answer comes from a read that began after
// the caller asked. A caller that comes while no read is under way reads
// at once; one that comes while a read is under way (begun, perhaps,
// before the caller asked) waits for the next, which begins as that one
// ends and answers everyone who came meanwhile. Under load a round trip
// answers several requests; a change committed before a request began is
// still seen by it, in this process and in every other on the database.
// Inside a transaction the read is the caller's own (it may see the
// transaction's own writes).
type SharedRead[T any] struct {
	read    func(ctx context.Context) (T, error)
	mu      sync.Mutex
	running bool           // a read is under way
	next    *sharedCall[T] // the callers waiting for the read after it
}

type sharedCall[T any] struct {
	done    chan struct{}
	v       T
	err     error
	waiters int // callers that joined it (under SharedRead.mu)
}

// NewSharedRead shares read, which reads outside any transaction.
func NewSharedRead[T any](read func(ctx context.Context) (T, error)) *SharedRead[T] {
	return &SharedRead[T]{read: read}
}

// Do answers a read begun after Do was called (see SharedRead).
func (r *SharedRead[T]) Do(ctx context.Context) (T, error) {
	if txOf(ctx) != nil {
		return r.read(ctx)
	}
	r.mu.Lock()
	if !r.running {
		r.running = true
		r.mu.Unlock()
		c := &sharedCall[T]{done: make(chan struct{})}
		r.run(c)
		return c.v, c.err
	}
	if r.next == nil {
		r.next = &sharedCall[T]{done: make(chan struct{})}
	}
	c := r.next
	c.waiters++
	r.mu.Unlock()
	select {
	case <-c.done:
		return c.v, c.err
	case <-ctx.Done():
		var none T
		return none, ctx.Err()
	}
}

// run reads for c, then starts the read its waiters need, if any came
// meanwhile (on a goroutine of its own: c's caller goes on).
func (r *SharedRead[T]) run(c *sharedCall[T]) {
	// no caller's context: the read answers several, and one caller
	// giving up must not fail the others
	c.v, c.err = r.read(context.Background())
	close(c.done)
	r.mu.Lock()
	next := r.next
	r.next = nil
	if next == nil {
		r.running = false
	}
	r.mu.Unlock()
	if next != nil {
		go r.run(next)
	}
}
