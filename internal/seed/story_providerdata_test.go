package seed_test

import (
	"context"
	"testing"

	"mobility/portal/internal/database"
)

// assertProviderData: platform staff processed a month of each provider's
// file (issue 15): eight files, each processed once; lines booked on the
// token holders' budgets, the unmatched ones kept, and the surcharge
// booked on the first NMBS ticket's budget.
func assertProviderData(t *testing.T, ctx context.Context, db *database.DB) {
	t.Helper()
	count := func(q string) int {
		var n int
		if err := db.Get(ctx, &n, q); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := count(`SELECT COUNT(*) FROM provider_uploads WHERE status = 'PROCESSED' AND process_count = 1`); n != 8 {
		t.Errorf("%d processed provider files, want 8", n)
	}
	if n := count(`SELECT COUNT(DISTINCT provider) FROM provider_lines WHERE status = 'BOOKED'`); n != 8 {
		t.Errorf("lines booked for %d providers, want 8", n)
	}
	if n := count(`SELECT COUNT(*) FROM provider_lines WHERE status = 'UNMATCHED'`); n != 2 {
		t.Errorf("%d unmatched provider lines kept, want 2", n)
	}
	if n := count(`SELECT COUNT(*) FROM expenses x JOIN provider_lines l ON l.expense_id = x.id WHERE x.booking_id LIKE 'SUR-%'
		AND x.budget_id = (SELECT o.budget_id FROM expenses o WHERE o.booking_id LIKE 'NMBS-TK%0001')`); n != 1 {
		t.Errorf("%d surcharges on the first NMBS ticket's budget, want 1", n)
	}
}
