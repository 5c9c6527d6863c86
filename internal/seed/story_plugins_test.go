package seed_test

import (
	"context"
	"strings"
	"testing"

	"mobility/portal/internal/access"
	"mobility/portal/internal/plugin"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/server"
)

// assertPlugins: Acme has plugin purchases in every state, two awaiting
// approval; the accepted one is booked once, the approved ones have the
// provider's mail; Acme's NMBS settings carry its organism number and
// MobiPartner's ticket sales are on.
func assertPlugins(t *testing.T, ctx context.Context, app *server.App) {
	t.Helper()
	staff := &access.Principal{Roles: []access.Role{access.OspAdmin}, Scope: access.SystemScope()}
	page, err := app.Plugins.GetByFilter(ctx, staff, plugin.FilterRequest{CorporateAccountOspID: seed.AcmeOspID})
	if err != nil || page.TotalElements != 6 {
		t.Fatalf("Acme's plugin purchases: %+v %v", page, err)
	}
	byState := map[string][]plugin.Purchase{}
	for _, p := range page.Content {
		byState[p.State] = append(byState[p.State], p)
	}
	for state, n := range map[string]int{"PENDING": 2, "REQUESTED": 1, "REJECTED": 1, "ACCEPTED": 1, "DECLINED": 1} {
		if len(byState[state]) != n {
			t.Errorf("%d %s purchases, want %d", len(byState[state]), state, n)
		}
	}
	acc := byState["ACCEPTED"]
	if len(acc) == 1 && (acc[0].BookingID == "" || acc[0].UserName != "Jan Peeters" || len(acc[0].History) != 3) {
		t.Errorf("accepted: %+v", acc[0])
	}
	if req := byState["REQUESTED"]; len(req) == 1 {
		m, err := app.Plugins.Email(ctx, staff, plugin.EmailRequest{PurchaseOspID: req[0].OspID})
		if err != nil || m.To != "b2b@interparking.example" || !strings.Contains(m.Body, "Emma") {
			t.Errorf("the request mail: %+v %v", m, err)
		}
	}
	if rej := byState["REJECTED"]; len(rej) == 1 && rej[0].RejectReason == "" {
		t.Errorf("rejected without reason: %+v", rej[0])
	}
	cfg, err := app.NMBS.SeasonTicket(ctx, staff, seed.AcmeOspID)
	if err != nil || !cfg.Enabled || cfg.OrganismNumber != seed.DemoOrganismNumber || len(cfg.Products) != 3 || len(cfg.BudgetTypes) == 0 {
		t.Errorf("Acme's season cards: %+v %v", cfg, err)
	}
	sales, err := app.NMBS.TicketSales(ctx, staff, seed.MobiPartnerOspID)
	if err != nil || !sales.Enabled || sales.AssigneeType != "PARTNER" || sales.ContractNumber == "" {
		t.Errorf("MobiPartner's ticket sales: %+v %v", sales, err)
	}
}
