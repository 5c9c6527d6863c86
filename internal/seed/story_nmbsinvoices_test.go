package seed_test

import (
	"context"
	"testing"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/nmbsinvoice"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/server"
	"mobility/portal/internal/testkit"
)

// octoberOrders stands for internal/order in the demo's test.
type octoberOrders []nmbsinvoice.Order

func (o octoberOrders) ProcessedInMonth(_ context.Context, year int, month time.Month) ([]nmbsinvoice.Order, error) {
	if year == 2026 && month == time.October {
		return o, nil
	}
	return nil, nil
}

// The demo's NMBS invoice from last month's orders: all lines match but
// two (the last order's amount differs, one unknown card); another
// company's order is not on Acme's invoice; with no orders the demo
// skips the invoice and writes nothing.
func TestDemoNMBSInvoice(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		staff := &access.Principal{UserID: 1, Roles: []access.Role{access.OspAdmin}, Scope: access.SystemScope()}
		if err := e.DB.Get(ctx, &staff.UserID, `SELECT id FROM users WHERE login = 'ospadmin'`); err != nil {
			t.Fatal(err)
		}
		acme, globex := e.CorporateAccountID(seed.AcmeOspID), e.CorporateAccountID(seed.GlobexOspID)
		before := e.Snapshot()
		if rep, err := seed.DemoNMBSInvoice(ctx, e.App.NmbsInvoices, staff, seed.AcmeOspID, acme, "ACME", e.Clock.Now()); rep != nil || err != nil {
			t.Fatalf("without orders: %+v %v", rep, err)
		}
		if changed := e.Snapshot().Changed(before); len(changed) > 0 {
			t.Fatalf("the skipped demo changed %v", changed)
		}
		day := func(d int) time.Time { return time.Date(2026, 10, d, 0, 0, 0, 0, clock.Brussels) }
		e.App.NmbsInvoices.UseOrders(octoberOrders{
			{OrderID: 11, CompanyID: acme, CardNumber: "12345678901234567", ProcessedOn: day(2), StartDate: day(5), PriceCents: 21400},
			{OrderID: 12, CompanyID: globex, CardNumber: "22345678901234567", ProcessedOn: day(3), StartDate: day(5), PriceCents: 9850},
			{OrderID: 13, CompanyID: acme, CardNumber: "32345678901234567", ProcessedOn: day(8), StartDate: day(10), PriceCents: 60320},
			{OrderID: 14, CompanyID: acme, CardNumber: "42345678901234567", ProcessedOn: day(9), StartDate: day(15), PriceCents: 9850},
		})
		rep, err := seed.DemoNMBSInvoice(ctx, e.App.NmbsInvoices, staff, seed.AcmeOspID, acme, "ACME", e.Clock.Now())
		if err != nil || rep == nil {
			t.Fatalf("demo invoice: %v", err)
		}
		if rep.InvoiceMonth != "202610" || rep.Counts != (nmbsinvoice.Counts{Invoiced: 2, AmountDiffers: 1, UnknownOrder: 1}) ||
			rep.Lines[2].OrderID != 14 || rep.Lines[2].InvoicedAmount != 10000 || rep.Lines[3].CardNumber != seed.DemoNMBSInvoiceUnknownCard {
			t.Fatalf("demo invoice: %+v", rep)
		}
		assertNMBSInvoice(t, ctx, e.App)
	})
}

// assertNMBSInvoice: Acme's NMBS history holds the demo's invoice of last
// month's processed orders, processed with its two differences.
func assertNMBSInvoice(t *testing.T, ctx context.Context, app *server.App) {
	t.Helper()
	staff := &access.Principal{Roles: []access.Role{access.OspAdmin}, Scope: access.SystemScope()}
	h, err := app.NmbsInvoices.History(ctx, staff, nmbsinvoice.HistoryRequest{CorporateAccountOspID: seed.AcmeOspID, Provider: "NMBS"})
	if err != nil {
		t.Fatal(err)
	}
	now := app.Clock.Now().In(clock.Brussels)
	last := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, clock.Brussels).AddDate(0, -1, 0)
	orders, err := app.NmbsInvoices.ProcessedOrders(ctx, last.Year(), last.Month())
	if err != nil {
		t.Fatal(err)
	}
	acme := 0
	for _, o := range orders {
		if ca, err := app.Companies.ResolveID(ctx, access.SystemScope(), o.CompanyID); err == nil && ca.OspID == seed.AcmeOspID {
			acme++
		}
	}
	if acme == 0 { // the story processes three of Acme's orders last month (orders.go)
		t.Errorf("no season-card order of Acme processed last month; NMBS invoices: %+v", h.Content)
		return
	}
	differs := min(1, acme-1)
	if h.TotalElements != 1 || h.Content[0].Status != "PROCESSED" || h.Content[0].Counts == nil ||
		*h.Content[0].Counts != (nmbsinvoice.Counts{Invoiced: acme - differs, AmountDiffers: differs, UnknownOrder: 1}) {
		t.Errorf("Acme's NMBS invoice: %+v", h.Content)
	}
}
