package seed_test

import (
	"context"
	"fmt"
	"testing"

	"mobility/portal/internal/database"
	"mobility/portal/internal/seed"
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
	// Emma's Blue-bike number went to Sophie on the 15th: each ride on the
	// user who held it that day, Emma's token kept as ended
	byHolder := func(login, cmp string) int {
		return count(`SELECT COUNT(*) FROM expenses x JOIN users u ON u.id = x.user_id WHERE x.identification_field = '` +
			seed.HandoverBluebike + `' AND x.booking_id LIKE 'BB-%' AND u.login = '` + login + `' AND substr(x.expense_date, 9, 2) ` + cmp +
			fmt.Sprintf(" '%02d'", seed.HandoverDay))
	}
	if before, after := byHolder("emma.claes", "<"), byHolder("sophie.dubois", ">="); before < 1 || after < 1 {
		t.Errorf("handed-over rides: %d before on Emma, %d after on Sophie", before, after)
	}
	if wrong := byHolder("emma.claes", ">=") + byHolder("sophie.dubois", "<"); wrong != 0 {
		t.Errorf("%d handed-over rides on the wrong holder", wrong)
	}
	if n := count(`SELECT COUNT(*) FROM identification_tokens WHERE valid_until IS NOT NULL`); n != 1 {
		t.Errorf("%d ended tokens, want 1 (Emma's Blue-bike)", n)
	}
	// Initech pays NMBS directly: Camille's tickets are on its company
	// budget, Camille the traveller
	if n := count(`SELECT COUNT(*) FROM expenses x JOIN users u ON u.id = x.user_id JOIN budgets b ON b.id = x.budget_id
		WHERE x.booking_id LIKE 'NMBS-TK%' AND u.login = 'camille.leclercq' AND b.budget_type = 'COMPANY_BUDGET' AND b.user_id IS NULL`); n != 4 {
		t.Errorf("%d of Camille's tickets on Initech's company budget, want 4", n)
	}
	if n := count(`SELECT COUNT(*) FROM expenses x JOIN budgets b ON b.id = x.budget_id
		WHERE x.booking_id LIKE 'NMBS-TK%' AND b.budget_type = 'COMPANY_BUDGET' AND b.user_id IS NULL`); n != 4 {
		t.Errorf("%d NMBS tickets on company budgets, want Camille's 4", n)
	}
	// every provider expense records its provider
	if n := count(`SELECT COUNT(*) FROM expenses x JOIN provider_lines l ON l.expense_id = x.id WHERE x.mrp_code = ''`); n != 0 {
		t.Errorf("%d provider expenses without their provider", n)
	}
	if n := count(`SELECT COUNT(*) FROM expenses WHERE booking_id LIKE 'NMBS-TK%' AND mrp_code = 'NMBS' AND mrp_partner_id IS NOT NULL`); n < 16 {
		t.Errorf("%d NMBS tickets name the catalogue's NMBS-SNCB, want every one", n)
	}
}
