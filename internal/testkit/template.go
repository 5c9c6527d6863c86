package testkit

import (
	"context"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"mobility/portal/internal/clock"
	"mobility/portal/internal/database"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/server"
)

// Migrating a database and seeding the demo's base data take seconds, and
// the suite makes several hundred databases. So each test process builds,
// per dialect, one migrated database and one seeded one, once, and every
// test gets a copy: a copied file on SQLite, CREATE DATABASE … TEMPLATE on
// PostgreSQL. A copy is the same as a database built afresh (the seed runs
// on the fixed clock Start), so tests see no difference.

// templateKind says how far a template is built.
type templateKind int

const (
	migrated templateKind = iota // the schema, no rows
	seeded                       // the schema and seed.Demo's base data
)

type template struct {
	once sync.Once
	// path: the SQLite file; name: the PostgreSQL database.
	path, name string
	err        error
}

var (
	templatesMu sync.Mutex
	templates   = map[string]*template{}
)

// durability says whether a test database commits as the product does.
type durability bool

const (
	// notDurable: commits return before they reach the disk (SQLite
	// synchronous=NORMAL, PostgreSQL synchronous_commit=off). A test
	// database is thrown away, and a crash loses at most the last moments
	// of a test run, so the suite does not wait for fsyncs.
	notDurable durability = false
	// durable: the product's own settings (SQLite synchronous=FULL,
	// PostgreSQL synchronous_commit on), for benchmarks that measure
	// durable work.
	durable durability = true
)

// copyOf answers a new database of dialect d copied from the process's
// template of kind, built on first use; the copy is removed after the test.
func copyOf(t testing.TB, d database.Dialect, kind templateKind, dur durability) *database.DB {
	t.Helper()
	db, _ := copyWithDSN(t, d, kind, dur)
	return db
}

// copyWithDSN is copyOf that also answers the copy's connection string
// (for a second process on the same database).
func copyWithDSN(t testing.TB, d database.Dialect, kind templateKind, dur durability) (*database.DB, string) {
	t.Helper()
	key := fmt.Sprintf("%s/%d", d, kind)
	templatesMu.Lock()
	tp, ok := templates[key]
	if !ok {
		tp = &template{}
		templates[key] = tp
	}
	templatesMu.Unlock()
	if d == database.Postgres && PostgresURL() == "" {
		t.Skip("PORTAL_TEST_POSTGRES_URL not set")
	}
	tp.once.Do(func() { tp.err = tp.build(d, kind) })
	if tp.err != nil {
		if d == database.Postgres && os.Getenv("PORTAL_TEST_POSTGRES_REQUIRED") != "1" && strings.Contains(tp.err.Error(), "not reachable") {
			t.Skipf("PostgreSQL at PORTAL_TEST_POSTGRES_URL is not reachable, skipping: %v", tp.err)
		}
		t.Fatalf("template %s database: %v", d, tp.err)
	}
	ctx := context.Background()
	var dsn string
	if d == database.SQLite {
		dsn = filepath.Join(t.TempDir(), "portal.db")
		if err := copyFile(tp.path, dsn); err != nil {
			t.Fatalf("copy the template database: %v", err)
		}
	} else {
		name := pgName("t")
		admin, err := pgAdmin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := admin.Exec(ctx, "CREATE DATABASE "+name+" TEMPLATE "+tp.name); err != nil {
			admin.Close()
			t.Fatalf("copy the template database: %v", err)
		}
		t.Cleanup(func() {
			_, _ = admin.Exec(context.Background(), "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
			admin.Close()
		})
		dsn = pgDSN(name, dur)
	}
	db, err := openAs(ctx, dsn, dur)
	if err != nil {
		t.Fatalf("open %s: %v", d, err)
	}
	t.Cleanup(func() { db.Close() })
	return db, dsn
}

// build makes the template: migrated, and for seeded the demo's base data
// through the real services, as EnvOn does.
func (tp *template) build(d database.Dialect, kind templateKind) error {
	ctx := context.Background()
	var dsn string
	if d == database.SQLite {
		dir, err := os.MkdirTemp("", fmt.Sprintf("portal-template-%d-", os.Getpid()))
		if err != nil {
			return err
		}
		sweepSQLite(filepath.Dir(dir))
		tp.path = filepath.Join(dir, "portal.db")
		dsn = tp.path
	} else {
		admin, err := pgAdmin(ctx)
		if err != nil {
			return err
		}
		defer admin.Close()
		sweepPostgres(ctx, admin)
		tp.name = pgName("tpl")
		if _, err := admin.Exec(ctx, "CREATE DATABASE "+tp.name); err != nil {
			return fmt.Errorf("create: %w", err)
		}
		dsn = pgDSN(tp.name, notDurable)
	}
	db, err := openAs(ctx, dsn, notDurable)
	if err != nil {
		return err
	}
	// the copies must not see a connection to the template (PostgreSQL
	// refuses to copy a database in use; SQLite's file is whole once its
	// last connection has checkpointed the WAL)
	defer db.Close()
	if err := db.Migrate(ctx); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	if kind == seeded {
		c := clock.NewFixed(Start)
		app, err := server.New(TestConfig(), db, c)
		if err != nil {
			return err
		}
		if err := seed.Demo(ctx, seed.Deps{DB: db, Users: app.Users, Auth: app.Auth, Branding: app.Branding,
			Companies: app.Companies, Now: c.Now()}); err != nil {
			return fmt.Errorf("seed: %w", err)
		}
	}
	return nil
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(to)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// pgName names a database of this process: portal_<what>_<pid>_<random>,
// so a later run can tell the ones a dead process left behind.
func pgName(what string) string {
	return fmt.Sprintf("portal_%s_%d_%s", what, os.Getpid(), randomHex(4))
}

// pgDSN is the test server's URL on database name. Unless dur is
// durable, its commits do not wait for the disk: a test database is thrown
// away, and a crash of the server loses at most the last moments of a test
// run.
func pgDSN(name string, dur durability) string {
	u, _ := url.Parse(PostgresURL())
	u.Path = "/" + name
	if dur == notDurable {
		q := u.Query()
		q.Set("synchronous_commit", "off")
		u.RawQuery = q.Encode()
	}
	return u.String()
}

// openAs opens dsn with the SQLite synchronous setting dur asks for (a
// PostgreSQL URL carries its own, from pgDSN).
func openAs(ctx context.Context, dsn string, dur durability) (*database.DB, error) {
	return database.OpenWith(ctx, dsn, database.Options{TestOnlyNotDurable: dur == notDurable})
}

func pgAdmin(ctx context.Context) (*database.DB, error) {
	admin, err := database.Open(ctx, PostgresURL())
	if err != nil {
		return nil, fmt.Errorf("PostgreSQL at PORTAL_TEST_POSTGRES_URL is not reachable: %w", err)
	}
	return admin, nil
}

var ownName = regexp.MustCompile(`^portal_(?:t|tpl)_([0-9]+)_[0-9a-f]+$`)

// sweepPostgres drops the databases test processes that are gone left
// behind (a crash, a killed run): a template lives as long as its process.
func sweepPostgres(ctx context.Context, admin *database.DB) {
	var names []string
	if err := admin.Select(ctx, &names, `SELECT datname FROM pg_database WHERE datname LIKE 'portal\_%'`); err != nil {
		return
	}
	for _, n := range names {
		if m := ownName.FindStringSubmatch(n); m != nil && !alive(m[1]) {
			_, _ = admin.Exec(ctx, "DROP DATABASE IF EXISTS "+n+" WITH (FORCE)")
		}
	}
}

// sweepSQLite removes the template folders of processes that are gone.
func sweepSQLite(tmp string) {
	dirs, _ := filepath.Glob(filepath.Join(tmp, "portal-template-*"))
	for _, dir := range dirs {
		parts := strings.Split(filepath.Base(dir), "-")
		if len(parts) == 4 && !alive(parts[2]) {
			_ = os.RemoveAll(dir)
		}
	}
}

func alive(pid string) bool {
	if _, err := strconv.Atoi(pid); err != nil {
		return true
	}
	_, err := os.Stat("/proc/" + pid)
	return err == nil
}
