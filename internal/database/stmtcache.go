package database

import (
	"container/list"
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"reflect"

	"github.com/jmoiron/sqlx"
	_ "modernc.org/sqlite" // registers "sqlite", whose driver this one wraps
)

// sqliteDriverName is the SQLite driver the product opens: modernc's, with
// a cache of prepared statements on each connection.
//
// database/sql hands a query with arguments straight to the driver, and
// modernc's driver compiles the SQL text anew every time: under a money
// posting's dozen statements the parser alone took about a fifth of the
// CPU (issue 17's profile). The wrapper keeps the most recently used
// statements of each connection compiled (SQLite resets and reuses a
// compiled statement; a schema change recompiles it by itself). PostgreSQL
// needs nothing of the kind: pgx caches prepared statements per connection.
const sqliteDriverName = "sqlite-stmtcache"

// stmtCacheSize is how many compiled statements a connection keeps: the
// product has a few hundred distinct statements, and the least recently
// used one is finalized when a new one needs room.
const stmtCacheSize = 256

func init() {
	// the functions registered with the package (portal_uuid7) live on the
	// driver "sqlite" registers; sql.Open only looks it up.
	probe, err := sql.Open("sqlite", "")
	if err != nil {
		panic(err)
	}
	inner := probe.Driver()
	_ = probe.Close()
	sql.Register(sqliteDriverName, &stmtCacheDriver{inner: inner})
	sqlx.BindDriver(sqliteDriverName, sqlx.QUESTION)
}

type stmtCacheDriver struct{ inner driver.Driver }

func (d *stmtCacheDriver) Open(name string) (driver.Conn, error) {
	c, err := d.inner.Open(name)
	if err != nil {
		return nil, err
	}
	return newStmtCacheConn(c)
}

// innerConn is what modernc's connection offers and the wrapper passes on.
type innerConn interface {
	driver.Conn
	driver.ConnBeginTx
	driver.ConnPrepareContext
	driver.ExecerContext
	driver.QueryerContext
	driver.Pinger
	driver.SessionResetter
	driver.Validator
}

// stmtCacheConn is one connection with its compiled statements. database/sql
// uses a connection from one goroutine at a time, so it needs no lock.
type stmtCacheConn struct {
	innerConn
	lru   *list.List // of *cachedStmt, most recently used first
	bySQL map[string]*list.Element
}

type cachedStmt struct {
	query string
	stmt  driver.Stmt
	// busy: rows of the statement are still open (a second use of the same
	// text meanwhile, such as a query inside a loop over its own rows, is
	// compiled apart).
	busy bool
}

func newStmtCacheConn(c driver.Conn) (driver.Conn, error) {
	ic, ok := c.(innerConn)
	if !ok {
		_ = c.Close()
		return nil, errors.New("sqlite driver lacks the context interfaces")
	}
	return &stmtCacheConn{innerConn: ic, lru: list.New(), bySQL: map[string]*list.Element{}}, nil
}

// acquire returns the compiled statement for query, marked busy, or nil
// when it is busy already (the caller then runs the query uncached).
func (c *stmtCacheConn) acquire(ctx context.Context, query string) (*cachedStmt, error) {
	if el, ok := c.bySQL[query]; ok {
		cs := el.Value.(*cachedStmt)
		if cs.busy {
			return nil, nil
		}
		c.lru.MoveToFront(el)
		cs.busy = true
		return cs, nil
	}
	st, err := c.innerConn.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	cs := &cachedStmt{query: query, stmt: st, busy: true}
	c.bySQL[query] = c.lru.PushFront(cs)
	for c.lru.Len() > stmtCacheSize {
		c.evict(c.lru.Back())
	}
	return cs, nil
}

// evict forgets a statement; a busy one is finalized when its rows close.
func (c *stmtCacheConn) evict(el *list.Element) {
	cs := el.Value.(*cachedStmt)
	c.lru.Remove(el)
	delete(c.bySQL, cs.query)
	if !cs.busy {
		_ = cs.stmt.Close()
	}
}

// release marks a statement free again, finalizing it if it was evicted
// meanwhile.
func (c *stmtCacheConn) release(cs *cachedStmt) {
	cs.busy = false
	if _, cached := c.bySQL[cs.query]; !cached {
		_ = cs.stmt.Close()
	}
}

func (c *stmtCacheConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	cs, err := c.acquire(ctx, query)
	if err != nil {
		return nil, err
	}
	if cs == nil {
		return c.innerConn.QueryContext(ctx, query, args)
	}
	rows, err := cs.stmt.(driver.StmtQueryContext).QueryContext(ctx, args)
	if err != nil {
		c.release(cs)
		return nil, err
	}
	return &cachedRows{Rows: rows, conn: c, stmt: cs}, nil
}

func (c *stmtCacheConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	cs, err := c.acquire(ctx, query)
	if err != nil {
		return nil, err
	}
	if cs == nil {
		return c.innerConn.ExecContext(ctx, query, args)
	}
	defer c.release(cs)
	return cs.stmt.(driver.StmtExecContext).ExecContext(ctx, args)
}

// Close finalizes the cached statements, then closes the connection.
func (c *stmtCacheConn) Close() error {
	for el := c.lru.Front(); el != nil; el = el.Next() {
		_ = el.Value.(*cachedStmt).stmt.Close()
	}
	c.lru.Init()
	c.bySQL = map[string]*list.Element{}
	return c.innerConn.Close()
}

// cachedRows gives its statement back when closed; the column type
// methods of modernc's rows stay reachable through RowsColumnType*.
type cachedRows struct {
	driver.Rows
	conn   *stmtCacheConn
	stmt   *cachedStmt
	closed bool
}

func (r *cachedRows) Close() error {
	if r.closed {
		return nil
	}
	r.closed = true
	err := r.Rows.Close()
	r.conn.release(r.stmt)
	return err
}

func (r *cachedRows) ColumnTypeDatabaseTypeName(i int) string {
	if t, ok := r.Rows.(driver.RowsColumnTypeDatabaseTypeName); ok {
		return t.ColumnTypeDatabaseTypeName(i)
	}
	return ""
}

func (r *cachedRows) ColumnTypeScanType(i int) reflect.Type {
	if t, ok := r.Rows.(driver.RowsColumnTypeScanType); ok {
		return t.ColumnTypeScanType(i)
	}
	return reflect.TypeOf(new(any)).Elem()
}

func (r *cachedRows) ColumnTypeNullable(i int) (nullable, ok bool) {
	if t, ok := r.Rows.(driver.RowsColumnTypeNullable); ok {
		return t.ColumnTypeNullable(i)
	}
	return false, false
}
