package seed_test

import (
	"context"
	"testing"

	"mobility/portal/internal/access"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/reconciliation"
	"mobility/portal/internal/server"
)

// assertReconciliation: after the providers' files the demo has a
// reconciliation row of each status (issue 15), the resolved one with
// platform staff's decision.
func assertReconciliation(t *testing.T, ctx context.Context, app *server.App) {
	t.Helper()
	staff := &access.Principal{Roles: []access.Role{access.OspAdmin}, Scope: access.SystemScope()}
	for _, st := range reconciliation.Statuses {
		page, err := app.Reconciliation.Problems(ctx, staff, reconciliation.ProblemsRequest{Status: st,
			Pagination: paging.Pagination{Page: 1, Size: 5}})
		if err != nil {
			t.Fatal(err)
		}
		if page.TotalElements == 0 {
			t.Errorf("no reconciliation row %s in the demo", st)
			continue
		}
		if st == reconciliation.StatusResolved {
			d, err := app.Reconciliation.Get(ctx, staff, page.Content[0].BookingID)
			if err != nil || d.Override == nil || d.Override.Decision != reconciliation.DecisionKeepPlatform {
				t.Errorf("the resolved row has no decision: %+v %v", d, err)
			}
		}
	}
}
