package testkit_test

import (
	"context"
	"testing"

	"mobility/portal/internal/database"
	"mobility/portal/internal/testkit"
)

// Tests' databases do not wait for the disk, and a benchmark's durable Env
// commits as the product does, so its figures are those of durable
// postings.
func TestEnvDurability(t *testing.T) {
	for _, d := range testkit.Dialects() {
		t.Run(string(d), func(t *testing.T) {
			query, fast, durable := "PRAGMA synchronous", "1", "2" // NORMAL, FULL
			if d == database.Postgres {
				query, fast, durable = "SHOW synchronous_commit", "off", "on"
			}
			for _, c := range []struct {
				name string
				db   *database.DB
				want string
			}{
				{"NewDB", testkit.NewDB(t, d), fast},
				{"NewEnv", testkit.NewEnv(t, d).DB, fast},
				{"NewDurableEnv", testkit.NewDurableEnv(t, d).DB, durable},
			} {
				var got string
				if err := c.db.Get(context.Background(), &got, query); err != nil {
					t.Fatal(err)
				}
				if got != c.want {
					t.Errorf("%s: %s = %s, want %s", c.name, query, got, c.want)
				}
			}
		})
	}
}
