package database

import (
	"context"
	"database/sql/driver"
	"errors"
	"runtime"
	"sync"
	"sync/atomic"

	"modernc.org/sqlite"
)

// Beside is a read run on another connection, and so another core, beside
// its caller's next statements, for a call whose answer needs one of two
// statements and learns which only from the first: a user search counts
// its hits and then either walks an index or sorts every hit, and its sort
// can run while it counts and walks (internal/user, docs/users.md). The
// caller takes the result (Result) when it turns out to need it, or
// stops it (Drop).
//
// RunBeside starts the read at once only on SQLite, outside any
// transaction, and when a core is spare: fewer reads run beside their
// callers than the process has cores less one, so a busy process spends
// no CPU on reads it may throw away, while a quiet one answers in the time
// of its slower statement instead of their sum. Otherwise the read waits
// for Result, which runs it in the caller's own context, as if there were
// no Beside. (A transaction is one connection, and its reads must see its
// own writes. PostgreSQL gains nothing it needs: its searches are within
// their aims, and pgx closes a connection whose query is cancelled.)
//
// A dropped read stops itself: the statement tests its Live condition,
// and once dropped the condition's function fails the statement. Not the
// context: modernc's driver cancels a statement with sqlite3_interrupt,
// after which database/sql discards the connection, and the one opened in
// its place starts with an empty page cache (up to 64 MiB a connection)
// and no compiled statements.
type Beside[T any] struct {
	fn   func(ctx context.Context, live Live) (T, error)
	ctx  context.Context
	key  int64        // in dropped, with stop
	stop *atomic.Bool // set by Drop
	done chan struct{}
	val  T
	err  error
	// panicked is what fn panicked with beside the caller, raised again
	// on the caller's goroutine by Result or Drop (a panic on a goroutine
	// of its own would end the process, past the server's recovery)
	panicked any
}

// Live is the condition a read run beside its caller ANDs into its WHERE
// (Cond, Args), so that it stops soon after it was dropped. Inline it is
// always true and takes no argument.
type Live struct {
	Cond string
	Args []any
}

// inline is Live for a read run in its caller's context.
var inline = Live{Cond: "1 = 1"}

// besideRunning counts the reads running beside their callers.
var besideRunning atomic.Int32

// besideMax is how many reads may run beside their callers at once.
var besideMax = int32(runtime.GOMAXPROCS(0) - 1)

// dropped holds a flag per read run beside its caller, by key, set when
// it is dropped; besideKeys numbers them.
var (
	dropped    sync.Map // int64 -> *atomic.Bool
	besideKeys atomic.Int64
)

var errDropped = errors.New("read dropped by its caller")

// portal_live(key) is Live's test on SQLite: 1 while the read of key is
// wanted, an error (which ends the statement, leaving the connection as it
// was) once it is dropped. Live calls it for one row in 64 (random()), so
// it costs nothing measurable, and a dropped read stops within some 64
// rows.
func init() {
	sqlite.MustRegisterScalarFunction("portal_live", 1, func(_ *sqlite.FunctionContext, args []driver.Value) (driver.Value, error) {
		key, _ := args[0].(int64)
		if f, ok := dropped.Load(key); ok && !f.(*atomic.Bool).Load() {
			return int64(1), nil
		}
		return nil, errDropped
	})
}

// RunBeside starts fn beside the caller when it may (Beside), else keeps
// it for Result to run.
func RunBeside[T any](ctx context.Context, db *DB, fn func(ctx context.Context, live Live) (T, error)) *Beside[T] {
	b := &Beside[T]{fn: fn, ctx: ctx}
	if db.Dialect != SQLite || txOf(ctx) != nil || !takeCore() {
		return b
	}
	b.key, b.stop = besideKeys.Add(1), new(atomic.Bool)
	dropped.Store(b.key, b.stop)
	live := Live{Cond: "((random() & 63) <> 0 OR portal_live(?))", Args: []any{b.key}}
	b.done = make(chan struct{})
	go func() {
		defer close(b.done)
		defer besideRunning.Add(-1)
		defer func() { b.panicked = recover() }()
		b.val, b.err = fn(ctx, live)
	}()
	return b
}

// takeCore counts one more read beside its caller if that leaves a core
// for the callers.
func takeCore() bool {
	for {
		n := besideRunning.Load()
		if n >= besideMax {
			return false
		}
		if besideRunning.CompareAndSwap(n, n+1) {
			return true
		}
	}
}

// Started tells whether fn runs beside the caller.
func (b *Beside[T]) Started() bool { return b.done != nil }

// Result is fn's answer: waited for when it runs beside the caller, else
// run now.
func (b *Beside[T]) Result() (T, error) {
	if b.done == nil {
		return b.fn(b.ctx, inline)
	}
	<-b.done
	dropped.Delete(b.key)
	if b.panicked != nil {
		panic(b.panicked)
	}
	return b.val, b.err
}

// Drop stops fn if it runs beside the caller and waits until it has
// ended, so its connection is back in the pool and nothing of it
// outlives the caller's call.
func (b *Beside[T]) Drop() {
	if b.done == nil {
		return
	}
	b.stop.Store(true)
	<-b.done
	dropped.Delete(b.key)
	if b.panicked != nil {
		panic(b.panicked)
	}
}
