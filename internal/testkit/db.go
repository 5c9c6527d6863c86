// Package testkit gives tests real databases: a fresh SQLite file always,
// and a fresh PostgreSQL schema when PORTAL_TEST_POSTGRES_URL is set (as CI
// sets it), so every store and API test runs on both dialects.
package testkit

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"mobility/portal/internal/database"
)

// PostgresURL is the server tests use for the PostgreSQL dialect, or "".
func PostgresURL() string { return os.Getenv("PORTAL_TEST_POSTGRES_URL") }

// Dialects lists the dialects this run covers.
func Dialects() []database.Dialect {
	if PostgresURL() != "" {
		return []database.Dialect{database.SQLite, database.Postgres}
	}
	return []database.Dialect{database.SQLite}
}

// ForEachDialect runs fn as a subtest per dialect with a migrated, empty
// database of its own.
func ForEachDialect(t *testing.T, fn func(t *testing.T, db *database.DB)) {
	t.Helper()
	for _, d := range Dialects() {
		t.Run(string(d), func(t *testing.T) {
			fn(t, NewDB(t, d))
		})
	}
}

// NewDB opens a migrated, empty database of dialect d, removed after the
// test: a copy of the process's migrated template (template.go), whose
// commits do not wait for the disk.
func NewDB(t testing.TB, d database.Dialect) *database.DB {
	t.Helper()
	return copyOf(t, d, migrated, notDurable)
}

// DSN returns a connection string for an empty database of dialect d: a new
// SQLite file, or a new PostgreSQL schema dropped at cleanup.
func DSN(t testing.TB, d database.Dialect) string {
	t.Helper()
	if d == database.SQLite {
		return filepath.Join(t.TempDir(), "portal.db")
	}
	base := PostgresURL()
	if base == "" {
		t.Skip("PORTAL_TEST_POSTGRES_URL not set")
	}
	ctx := context.Background()
	admin, err := database.Open(ctx, base)
	if err != nil {
		if os.Getenv("PORTAL_TEST_POSTGRES_REQUIRED") == "1" {
			t.Fatalf("PostgreSQL at PORTAL_TEST_POSTGRES_URL is not reachable: %v", err)
		}
		t.Skipf("PostgreSQL at PORTAL_TEST_POSTGRES_URL is not reachable, skipping: %v", err)
	}
	schema := "t_" + randomHex(8)
	if _, err := admin.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		admin.Close()
		t.Fatalf("create schema: %v", err)
	}
	t.Cleanup(func() {
		_, _ = admin.Exec(context.Background(), "DROP SCHEMA "+schema+" CASCADE")
		admin.Close()
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("PORTAL_TEST_POSTGRES_URL: %v", err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
