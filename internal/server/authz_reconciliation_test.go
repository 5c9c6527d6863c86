package server_test

import (
	"context"
	"fmt"
	"strings"

	"mobility/portal/internal/expense"
	"mobility/portal/internal/seed"
)

// The matrix's reconciliation row: a provider booking of an Acme user's
// that no provider file reports (missing at the provider), made through
// expense.BookProvider and reconciled by the run, so an allowed override
// has a difference to book. Reconciliation spans every tenant: only
// platform staff reach it.
func init() {
	routeIDKinds[v1+"/reconciliation/"] = map[string]string{"bookingId": "reconciliationRow"}
	routeIDKinds["/portal-service/v2/reconciliation/"] = map[string]string{"bookingId": "reconciliationRow"}
	platformKinds["reconciliationRow"] = "reconciliation compares providers' files with bookings of every tenant: only platform staff (ospadmin) reach it"
	fixtureMakers["reconciliationRow"] = func(f *fixture, n int) string {
		e, ctx := f.m.e, context.Background()
		var b struct {
			ID     int64 `db:"id"`
			UserID int64 `db:"user_id"`
		}
		if err := e.DB.Get(ctx, &b, `SELECT b.id, b.user_id FROM budgets b JOIN corporate_accounts c ON c.id = b.corporate_account_id
			WHERE c.osp_id = ? AND b.user_id IS NOT NULL AND b.activation_status <> 'DEACTIVATED' AND (b.limited = ? OR b.balance >= 1000) ORDER BY b.id LIMIT 1`,
			seed.AcmeOspID, false); err != nil {
			f.m.t.Fatalf("reconciliation fixture budget: %v", err)
		}
		id := fmt.Sprintf("NMBS-AUTHZ%d", f.next())
		if _, err := e.App.Expenses.BookProvider(ctx, expense.ProviderBooking{UserID: b.UserID, CompanyID: e.CorporateAccountID(seed.AcmeOspID),
			BudgetID: b.ID, Amount: 100, Date: "2026-10-03", BookingID: id, MobilityMode: "TRAIN", Description: "authz"}); err != nil {
			f.m.t.Fatalf("reconciliation fixture booking: %v", err)
		}
		if _, err := e.App.Reconciliation.Run(ctx); err != nil {
			f.m.t.Fatalf("reconciliation fixture run: %v", err)
		}
		return id
	}
	sampleHooks = append(sampleHooks, func(f *fixture, path, name, _ string) (any, bool) {
		if !strings.Contains(path, "/reconciliation/") {
			return nil, false
		}
		switch name {
		case "decision":
			return "ACCEPT_PROVIDER", true
		case "remark":
			return "authz", true
		}
		return nil, false
	})
}
