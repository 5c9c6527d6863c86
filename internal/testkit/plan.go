package testkit

import (
	"context"
	"testing"

	"mobility/portal/internal/database"
)

// SQLitePlan is SQLite's EXPLAIN QUERY PLAN of query on db: the detail of
// each step, in order.
func SQLitePlan(t testing.TB, db *database.DB, query string, args ...any) []string {
	t.Helper()
	var plan []struct {
		ID      int    `db:"id"`
		Parent  int    `db:"parent"`
		NotUsed int    `db:"notused"`
		Detail  string `db:"detail"`
	}
	if err := db.Select(context.Background(), &plan, `EXPLAIN QUERY PLAN `+query, args...); err != nil {
		t.Fatal(err)
	}
	steps := make([]string, len(plan))
	for i, p := range plan {
		steps[i] = p.Detail
	}
	return steps
}
