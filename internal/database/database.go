// Package database opens SQLite or PostgreSQL behind one small API: queries
// are written once with '?' placeholders, rebound for the dialect, and run
// on the transaction in the context when there is one (see WithTx).
package database

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"
	"modernc.org/sqlite" // pure-Go SQLite driver "sqlite"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib" // PostgreSQL driver "pgx"
)

// portal_uuid7() is Dialect.NewUUID on SQLite: the same time-ordered
// UUIDs the application makes in Go, for set-based inserts. Registered
// before any connection is opened (the driver adds it to new ones).
func init() {
	sqlite.MustRegisterScalarFunction("portal_uuid7", 0, func(*sqlite.FunctionContext, []driver.Value) (driver.Value, error) {
		return NewID(), nil
	})
}

// NewID makes the public id of a row of an ever-growing table (ledger
// rows, expenses): a time-ordered UUID (version 7), so the unique index on
// it takes appends at its end, not inserts at random places, each a page
// of its own to write at the commit.
func NewID() string {
	id, err := uuid.NewV7()
	if err != nil {
		return uuid.NewString()
	}
	return id.String()
}

// DB is the application's handle on its database.
type DB struct {
	x       *sqlx.DB
	Dialect Dialect
	// writeMu queues this process's write transactions on SQLite, which
	// has one writer at a time anyway: waiting on a Go mutex is immediate,
	// where SQLite's busy handler sleeps in growing steps and makes tail
	// latencies long under concurrent writes.
	writeMu sync.Mutex
	// group gathers concurrent money postings into shared transactions
	// (WithGroupTx, group.go).
	group *groupCommit
}

// Open connects to url: a postgres:// or postgresql:// URL selects
// PostgreSQL; anything else is a SQLite file path (optionally "sqlite:" or
// "file:" prefixed), whose folder is created. Commits are durable: a
// transaction that has returned survives a power cut (SQLite
// synchronous=FULL; PostgreSQL keeps synchronous_commit, on by default,
// which Open never turns off).
func Open(ctx context.Context, url string) (*DB, error) {
	return OpenWith(ctx, url, Options{})
}

// Options tune Open. The zero value is the product's.
type Options struct {
	// TestOnlyNotDurable runs SQLite with synchronous=NORMAL: a commit
	// returns before the write-ahead log reaches the disk, so a power cut
	// can lose the last acknowledged transactions (never corrupt the
	// file). Only for databases thrown away after a test, where fsyncs
	// are time spent on nothing; the product never sets it. PostgreSQL
	// test databases get synchronous_commit=off in their URL instead.
	TestOnlyNotDurable bool
	// GroupMax, GroupWindow and GroupLanes shape the batches of
	// WithGroupTx (group.go): at most GroupMax postings share a commit, a
	// batch whose members have all run waits for more until GroupWindow
	// has passed since it began, and on PostgreSQL GroupLanes batches run
	// at once (SQLite: one). A zero GroupMax takes DefaultGroupMax on
	// SQLite and DefaultGroupMaxLanes on PostgreSQL; a zero GroupWindow
	// waits for no one; a zero GroupLanes takes DefaultGroupLanes.
	GroupMax    int
	GroupWindow time.Duration
	GroupLanes  int
	// GroupSavepoints gives every member of every batch a savepoint of
	// its own, as the batches do for a while after a member broke one
	// (group.go): for a load whose postings often fail after writing.
	GroupSavepoints bool
}

// OpenWith is Open with options.
func OpenWith(ctx context.Context, url string, opt Options) (*DB, error) {
	var (
		x   *sqlx.DB
		err error
		d   Dialect
	)
	if IsPostgresURL(url) {
		d = Postgres
		x, err = sqlx.Open("pgx", url)
		if err == nil {
			x.SetMaxOpenConns(20)
			x.SetMaxIdleConns(20)
			x.SetConnMaxIdleTime(5 * time.Minute)
		}
	} else {
		d = SQLite
		path := strings.TrimPrefix(strings.TrimPrefix(url, "sqlite:"), "file:")
		if i := strings.IndexByte(path, '?'); i >= 0 {
			path = path[:i]
		}
		if dir := filepath.Dir(path); dir != "." && dir != "" {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return nil, fmt.Errorf("create database folder: %w", err)
			}
		}
		// WAL lets readers run beside the single writer; immediate
		// transactions take the write lock up front so two writers wait on
		// busy_timeout instead of failing with SQLITE_BUSY half-way.
		// synchronous=FULL syncs the WAL at every commit, so an
		// acknowledged posting survives a power cut; NORMAL would sync only
		// at checkpoints and could lose the last commits.
		// The database file is read through a memory map (mmap_size 1
		// GiB), so every connection reads the one copy of a page the
		// kernel holds. Each connection's own page cache holds a copy of
		// its own: a search whose sort runs on a second connection beside
		// its count (RunBeside, beside.go) then works over two copies of
		// the users' pages, and both statements took twice as long as
		// alone; mapped, each takes about its time alone. (The map was off
		// for a while: under postings a read transaction after another
		// connection's commit unmaps the file and maps it again, which a
		// profile showed as 6 % of a posting's CPU; the postings' rate
		// measured the same with and without it, docs/performance.md.) A
		// disk error on a mapped page ends the process instead of failing
		// the statement.
		// temp_store=MEMORY keeps the savepoint sub-journal in memory: a
		// group commit runs each posting in a savepoint, and by default
		// SQLite spills that journal to a temporary file past 64 KiB, so
		// every page a posting first touched was written to disk, to be
		// thrown away at the commit.
		synchronous := "FULL"
		if opt.TestOnlyNotDurable {
			synchronous = "NORMAL"
		}
		dsn := "file:" + path + "?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)" +
			"&_pragma=foreign_keys(1)&_pragma=synchronous(" + synchronous + ")&_pragma=cache_size(-65536)&_pragma=mmap_size(1073741824)" +
			"&_pragma=temp_store(MEMORY)" +
			"&_txlock=immediate&_time_format=sqlite"
		x, err = sqlx.Open(sqliteDriverName, dsn)
		if err == nil {
			x.SetMaxOpenConns(8)
			x.SetMaxIdleConns(8)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("open database: %w", err)
	}
	pingCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := x.PingContext(pingCtx); err != nil {
		x.Close()
		return nil, fmt.Errorf("connect to database: %w", err)
	}
	db := &DB{x: x, Dialect: d}
	db.group = &groupCommit{db: db, max: opt.GroupMax, window: opt.GroupWindow, alwaysSavepoints: opt.GroupSavepoints, x: x}
	lanes := opt.GroupLanes
	switch {
	case d == SQLite:
		lanes = 1 // the single writer (writeMu); the channel stays unused
	case lanes <= 0:
		lanes = DefaultGroupLanes
	}
	db.group.lanes = make(chan struct{}, lanes)
	if d == Postgres {
		// the batches' own connections start with their lock_timeout
		// (group.go), so a batch's begin is one round trip, not two
		cfg, err := pgx.ParseConfig(url)
		if err != nil {
			x.Close()
			return nil, fmt.Errorf("open database: %w", err)
		}
		cfg.RuntimeParams["lock_timeout"] = batchLockTimeout
		db.group.x = sqlx.NewDb(stdlib.OpenDB(*cfg), "pgx")
		db.group.x.SetConnMaxIdleTime(5 * time.Minute)
		// a lane's batch, and the one before it still committing (end)
		db.group.x.SetMaxOpenConns(2 * lanes)
		db.group.x.SetMaxIdleConns(2 * lanes)
	}
	if db.group.max <= 0 {
		db.group.max = DefaultGroupMax
		if d == Postgres {
			db.group.max = DefaultGroupMaxLanes
		}
	}
	return db, nil
}

// IsPostgresURL tells whether url selects PostgreSQL.
func IsPostgresURL(url string) bool {
	return strings.HasPrefix(url, "postgres://") || strings.HasPrefix(url, "postgresql://")
}

// Close releases the connection pool.
func (db *DB) Close() error {
	if db.group != nil && db.group.x != db.x {
		_ = db.group.x.Close()
	}
	return db.x.Close()
}

// SQL exposes the underlying *sql.DB (for migrations).
func (db *DB) SQL() *sql.DB { return db.x.DB }

type txKey struct{}

// querier is what both *sqlx.DB and *sqlx.Tx offer.
type querier interface {
	GetContext(ctx context.Context, dest any, query string, args ...any) error
	SelectContext(ctx context.Context, dest any, query string, args ...any) error
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryxContext(ctx context.Context, query string, args ...any) (*sqlx.Rows, error)
}

func (db *DB) q(ctx context.Context) querier {
	if tx := txOf(ctx); tx != nil {
		return tx
	}
	return db.x
}

// txOf is the transaction ctx runs in, nil for none (outsideTx may have
// set none on a context inside one).
func txOf(ctx context.Context) *sqlx.Tx {
	tx, _ := ctx.Value(txKey{}).(*sqlx.Tx)
	return tx
}

// outsideTx is ctx for statements that must not run in ctx's transaction
// (epoch.go: a read of what is committed).
func outsideTx(ctx context.Context) context.Context {
	return context.WithValue(ctx, txKey{}, (*sqlx.Tx)(nil))
}

// WithTx runs fn in one transaction, committed when fn returns nil. An outer
// transaction in ctx is reused, so services compose without nesting.
func (db *DB) WithTx(ctx context.Context, fn func(ctx context.Context) error) error {
	if txOf(ctx) != nil {
		return fn(ctx)
	}
	if db.Dialect == SQLite {
		db.writeMu.Lock()
		defer db.writeMu.Unlock()
	}
	tx, err := db.x.BeginTxx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin transaction: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			_ = tx.Rollback()
			panic(p)
		}
	}()
	if err := fn(context.WithValue(ctx, txKey{}, tx)); err != nil {
		_ = tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// Get scans one row into dest; sql.ErrNoRows when there is none.
func (db *DB) Get(ctx context.Context, dest any, query string, args ...any) error {
	read := isPlainRead(query)
	if !read {
		noteWrite(ctx)
	}
	if err := settle(ctx, query); err != nil {
		return err
	}
	err := db.q(ctx).GetContext(ctx, dest, db.x.Rebind(query), args...)
	noteOutcome(ctx, err, err == nil && !read)
	return err
}

// Select scans all rows into the slice dest.
func (db *DB) Select(ctx context.Context, dest any, query string, args ...any) error {
	read := isPlainRead(query)
	if !read {
		noteWrite(ctx)
	}
	if err := settle(ctx, query); err != nil {
		return err
	}
	err := db.q(ctx).SelectContext(ctx, dest, db.x.Rebind(query), args...)
	noteOutcome(ctx, err, !read && reflect.Indirect(reflect.ValueOf(dest)).Len() > 0)
	return err
}

// Exec runs a statement and returns the number of rows it touched.
func (db *DB) Exec(ctx context.Context, query string, args ...any) (int64, error) {
	noteWrite(ctx)
	if err := settle(ctx, query); err != nil {
		return 0, err
	}
	res, err := db.q(ctx).ExecContext(ctx, db.x.Rebind(query), args...)
	if err != nil {
		noteOutcome(ctx, err, true)
		return 0, err
	}
	n, err := res.RowsAffected()
	noteOutcome(ctx, err, n > 0 || !isRowWrite(query))
	return n, err
}

// Query streams rows (for exports that must not sit in memory).
func (db *DB) Query(ctx context.Context, query string, args ...any) (*sqlx.Rows, error) {
	read := isPlainRead(query)
	if !read {
		noteWrite(ctx)
	}
	if err := settle(ctx, query); err != nil {
		return nil, err
	}
	rows, err := db.q(ctx).QueryxContext(ctx, db.x.Rebind(query), args...)
	noteOutcome(ctx, err, !read)
	return rows, err
}

// Insert runs an INSERT ending in "RETURNING id" and returns that id; both
// dialects support RETURNING.
func (db *DB) Insert(ctx context.Context, query string, args ...any) (int64, error) {
	noteWrite(ctx)
	if err := settle(ctx, query); err != nil {
		return 0, err
	}
	var id int64
	if err := db.q(ctx).GetContext(ctx, &id, db.x.Rebind(query), args...); err != nil {
		noteOutcome(ctx, err, false)
		return 0, err
	}
	noteOutcome(ctx, nil, true)
	return id, nil
}

// IsNoRows tells whether err means "no such row".
func IsNoRows(err error) bool { return errors.Is(err, sql.ErrNoRows) }

// IsUniqueViolation tells whether err is a unique-constraint failure, in
// either dialect's words.
func IsUniqueViolation(err error) bool {
	if err == nil {
		return false
	}
	s := err.Error()
	return strings.Contains(s, "UNIQUE constraint failed") || strings.Contains(s, "SQLSTATE 23505")
}

// LockRow takes the row lock of table's row whose column equals key, in
// the transaction of ctx (PostgreSQL: SELECT ... FOR UPDATE; SQLite's
// write transactions are serialised already, so it only checks the row
// exists). table and column are code constants, never user input.
// sql.ErrNoRows when there is no such row.
func (db *DB) LockRow(ctx context.Context, table, column string, key any) error {
	var id int64
	return db.Get(ctx, &id, "SELECT id FROM "+table+" WHERE "+column+" = ?"+db.Dialect.ForUpdate(), key)
}
