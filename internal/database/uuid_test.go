package database_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"mobility/portal/internal/database"
	"mobility/portal/internal/testkit"
)

// TestNewUUIDIsAVersion7UUIDPerRow: the ids a set-based insert makes are
// what uuid.NewV7 would make: version 7, the RFC variant, the time of the
// statement in their first 48 bits, in canonical text; each row's its own,
// and a second statement's none of the first's, not even in the bits after
// the time (the same statement text run again draws a seed of its own).
func TestNewUUIDIsAVersion7UUIDPerRow(t *testing.T) {
	testkit.ForEachDialect(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		seen := map[string]bool{}
		for statement := 0; statement < 2; statement++ {
			before := time.Now().Add(-time.Second)
			var ids []string
			if err := db.Select(ctx, &ids, `WITH RECURSIVE g(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM g WHERE n < 2000)
				SELECT `+db.Dialect.NewUUID("g.n")+` FROM g`); err != nil {
				t.Fatal(err)
			}
			after := time.Now().Add(time.Second)
			if len(ids) != 2000 {
				t.Fatalf("%d ids, want 2000", len(ids))
			}
			for _, s := range ids {
				u, err := uuid.Parse(s)
				if err != nil || u.String() != s {
					t.Fatalf("%q is not a UUID in canonical text (%v)", s, err)
				}
				if u.Version() != 7 || u.Variant() != uuid.RFC4122 {
					t.Fatalf("%s: version %d, variant %v", s, u.Version(), u.Variant())
				}
				sec, nsec := u.Time().UnixTime()
				if at := time.Unix(sec, nsec); at.Before(before) || at.After(after) {
					t.Fatalf("%s: time %v, not between %v and %v", s, at, before, after)
				}
				if seen[s[14:]] {
					t.Fatalf("%s: its bits after the time made twice", s)
				}
				seen[s[14:]] = true
			}
		}
	})
}
