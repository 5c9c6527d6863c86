package seed_test

import (
	"context"
	"testing"

	"mobility/portal/internal/database"
	"mobility/portal/internal/seed"
)

// assertExpensesOnResources: the year's expenses name the catalogue's
// resources with quantities of their units (issue 12): train kilometres,
// bike days and minutes, parking hours, litres, kWh; tickets name their
// service without a quantity.
func assertExpensesOnResources(t *testing.T, ctx context.Context, db *database.DB) {
	t.Helper()
	var rows []struct {
		ExtID string `db:"ext_id"`
		Mode  string `db:"mobility_mode"`
		N     int    `db:"n"`
		Q     int    `db:"q"`
		Min   *int64 `db:"min_q"`
	}
	if err := db.Select(ctx, &rows, `SELECT r.ext_id, x.mobility_mode, COUNT(*) AS n, COUNT(x.quantity_milli) AS q,
		MIN(x.quantity_milli) AS min_q FROM expenses x JOIN resources r ON r.id = x.resource_id
		GROUP BY r.ext_id, x.mobility_mode ORDER BY r.ext_id`); err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for _, r := range rows {
		got[r.ExtID] = r.N
		wantQuantity := r.ExtID != "STIB-TICKETS" && r.ExtID != "DELIJN-TICKETS" && r.ExtID != "TEC-TICKETS"
		if (wantQuantity && (r.Q != r.N || r.Min == nil || *r.Min <= 0)) || (!wantQuantity && r.Q != 0) {
			t.Errorf("expenses on %s (%s): %d, %d with a quantity (least %v)", r.ExtID, r.Mode, r.N, r.Q, r.Min)
		}
	}
	for _, ext := range []string{"NMBS-TICKETS", "BB-GENT-SINT-PIETERS", "CB-GENT-KORENMARKT", "IP-BXL-ALBERTINE", "TE-ZAVENTEM",
		"TE-GENT-CHARGE", "STIB-TICKETS"} {
		if got[ext] == 0 {
			t.Errorf("no expense on %s: %v", ext, got)
		}
	}
	// a resource's expense is in its mode and costs its quantity at the catalogue's price
	var train struct {
		Amount int64  `db:"amount"`
		Milli  int64  `db:"quantity_milli"`
		Mode   string `db:"mobility_mode"`
	}
	if err := db.Get(ctx, &train, `SELECT x.amount, x.quantity_milli, x.mobility_mode FROM expenses x JOIN resources r ON r.id = x.resource_id
		WHERE r.ext_id = 'NMBS-TICKETS' ORDER BY x.id LIMIT 1`); err != nil {
		t.Fatal(err)
	}
	// 19 cents a km plus 6 % VAT, rounded half up
	if want := (train.Milli*19*10600 + 5_000_000) / 10_000_000; train.Mode != "TRAIN" || train.Amount != want {
		t.Errorf("a train ticket: %+v, want amount %d", train, want)
	}
}

// assertFinance: the jobs runner issued a year of monthly invoices as the
// story went (issue 12): Acme's twelve closed months, each once and paid
// from its company budget; Globex's postpaid ones mostly paid, one short,
// one paid too much, the last month's still open and one cancelled by a
// credit note; the numbers of each series and year without gaps.
func assertFinance(t *testing.T, ctx context.Context, db *database.DB) {
	t.Helper()
	type inv struct {
		ID       int64  `db:"id"`
		Kind     string `db:"kind"`
		Series   string `db:"series"`
		Year     int    `db:"year"`
		Seq      int64  `db:"seq"`
		Company  string `db:"company"`
		Month    string `db:"month"`
		Status   string `db:"status"`
		Total    int64  `db:"total_amount"`
		Prepaid  int64  `db:"prepaid_amount"`
		Paid     int64  `db:"paid_amount"`
		Credited *int64 `db:"credited_invoice_id"`
	}
	var all []inv
	if err := db.Select(ctx, &all, `SELECT i.id, i.kind, i.series, i.year, i.seq, COALESCE(c.osp_id, '') AS company, i.month, i.status,
		i.total_amount, i.prepaid_amount, i.paid_amount, i.credited_invoice_id
		FROM invoices i LEFT JOIN corporate_accounts c ON c.id = i.corporate_account_id ORDER BY i.series, i.year, i.seq`); err != nil {
		t.Fatal(err)
	}
	// the story's clock: now is 2026-11-21, so November 2025 to October 2026 are closed
	closed := []string{"202511", "202512", "202601", "202602", "202603", "202604", "202605", "202606", "202607", "202608", "202609", "202610"}
	acme := map[string]int{}
	statuses := map[string]int{}
	var globexOpen, credits []inv
	byID := map[int64]inv{}
	for _, i := range all {
		byID[i.ID] = i
		switch {
		case i.Kind == "INVOICE" && i.Company == seed.AcmeOspID:
			acme[i.Month]++
			if i.Status != "PAID" || i.Prepaid != i.Total || i.Paid != 0 {
				t.Errorf("Acme's prepaid invoice of %s: %+v", i.Month, i)
			}
		case i.Kind == "INVOICE" && i.Company == seed.GlobexOspID && (i.Status == "SENT" || i.Status == "CREATED"):
			globexOpen = append(globexOpen, i)
		case i.Kind == "CREDIT_NOTE":
			credits = append(credits, i)
		}
		if i.Kind == "INVOICE" {
			statuses[i.Status]++
		}
	}
	for _, m := range closed {
		if acme[m] != 1 {
			t.Errorf("Acme's invoices per month: %v, want one for each of %v", acme, closed)
			break
		}
	}
	if len(acme) != len(closed) {
		t.Errorf("Acme has invoices for %d months: %v", len(acme), acme)
	}
	if statuses["PAID"] < 30 || statuses["INSUFFICIENT_PAYMENT"] != 1 || statuses["EXCESSIVE_PAYMENT"] != 1 {
		t.Errorf("invoice statuses: %v", statuses)
	}
	// open: the last closed month's (not due yet) and the credited one
	open := map[string]bool{}
	for _, i := range globexOpen {
		open[i.Month] = true
	}
	if len(globexOpen) != 2 || !open["202610"] {
		t.Errorf("Globex's open invoices: %+v", globexOpen)
	}
	if len(credits) != 1 {
		t.Fatalf("credit notes: %+v", credits)
	}
	cn := credits[0]
	if orig, ok := byID[*cn.Credited]; !ok || orig.Company != seed.GlobexOspID || cn.Total != -orig.Total || cn.Series != "INV" ||
		!open[orig.Month] || orig.Paid != 0 {
		t.Errorf("credit note %+v of %+v", cn, byID[*cn.Credited])
	}
	// every payment is one row of invoice_payments; a postpaid PAID invoice's rows sum to what it owed
	var wrong int
	if err := db.Get(ctx, &wrong, `SELECT COUNT(*) FROM invoices i WHERE i.paid_amount <>
		COALESCE((SELECT SUM(p.amount) FROM invoice_payments p WHERE p.invoice_id = i.id), 0)`); err != nil {
		t.Fatal(err)
	}
	var payments int
	if err := db.Get(ctx, &payments, `SELECT COUNT(*) FROM invoice_payments p JOIN invoices i ON i.id = p.invoice_id
		WHERE i.status = 'PAID' AND i.prepaid_amount = 0`); err != nil {
		t.Fatal(err)
	}
	if wrong != 0 || payments < 8 {
		t.Errorf("payments: %d invoices whose paid amount is not their payments' sum, %d payments of paid invoices", wrong, payments)
	}
	// every document went out: by e-mail to Acme's and Initech's invoicing
	// contacts and the providers, by Peppol for Globex
	var unsent int
	if err := db.Get(ctx, &unsent, `SELECT COUNT(*) FROM invoices WHERE sent_at IS NULL`); err != nil {
		t.Fatal(err)
	}
	if unsent != 0 {
		t.Errorf("%d documents were never sent", unsent)
	}
	assertSelfBilling(t, ctx, db, closed)
	// gapless: each series' numbers of a year run 1, 2, 3...
	next := map[string]int64{}
	for _, i := range all {
		key := i.Series + "/" + itoa(int64(i.Year))
		next[key]++
		if i.Seq != next[key] {
			t.Errorf("%s: number %d follows %d", key, i.Seq, next[key]-1)
			next[key] = i.Seq
		}
	}
}

// assertSelfBilling: the self-billing providers (NMBS-SNCB, Blue-bike,
// CityBike) get a self-billing invoice (series SB) for each month with
// bookings on their resources, NMBS for every closed month; providers
// without self-billing (Interparking) get none; and Acme's invoices bill
// the company fee of the NMBS business travel account each month.
func assertSelfBilling(t *testing.T, ctx context.Context, db *database.DB, closed []string) {
	t.Helper()
	var rows []struct {
		Name        string `db:"name"`
		SelfBilling bool   `db:"self_billing"`
		Series      string `db:"series"`
		Months      int    `db:"months"`
		N           int    `db:"n"`
	}
	if err := db.Select(ctx, &rows, `SELECT p.name, p.self_billing, i.series, COUNT(DISTINCT i.month) AS months, COUNT(*) AS n
		FROM invoices i JOIN partners p ON p.id = i.partner_id WHERE i.kind = 'SELF_BILLING'
		GROUP BY p.name, p.self_billing, i.series ORDER BY p.name`); err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for _, r := range rows {
		got[r.Name] = r.Months
		if !r.SelfBilling || r.Series != "SB" || r.N != r.Months {
			t.Errorf("self-billing invoices of %s: %+v", r.Name, r)
		}
	}
	if got["NMBS-SNCB"] != len(closed) || got["Blue-bike"] == 0 || got["CityBike Rentals"] == 0 || got["Interparking"] != 0 {
		t.Errorf("self-billing invoices: months per provider %v", got)
	}
	var fees int
	if err := db.Get(ctx, &fees, `SELECT COUNT(DISTINCT i.month) FROM invoice_lines l JOIN invoices i ON i.id = l.invoice_id
		JOIN corporate_accounts c ON c.id = i.corporate_account_id
		WHERE c.osp_id = ? AND i.kind = 'INVOICE' AND l.line_type = 'RESOURCE_FEE' AND l.description LIKE '%Business travel account%'`,
		seed.AcmeOspID); err != nil {
		t.Fatal(err)
	}
	if fees != len(closed) {
		t.Errorf("Acme's invoices bill the NMBS business travel account in %d months, want %d", fees, len(closed))
	}
}
