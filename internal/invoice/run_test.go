package invoice_test

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"

	"mobility/portal/internal/budget"
	"mobility/portal/internal/company"
	"mobility/portal/internal/invoice"
	"mobility/portal/internal/invoice/document"
	"mobility/portal/internal/partner"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
	"mobility/portal/internal/userfee"
)

// novemberBooks books November 2026 for Acme (prepaid) and Globex
// (postpaid): expenses on company-paid and private budgets, a refund in
// November of an October expense, bookings on a service resource of the
// MRP partner CityBike that Acme offers, whose fees are charged to the
// company (scheduled, pro rata, per booking, per km), and a user fee tier.
// It returns the resource's ospId.
type booked struct {
	resource string
	// acme is what Acme's November invoice must bill, computed here from
	// what was booked: gross per (mode, rate), fees, user fees.
	acmeGross map[[2]any]int64
	acmeItems int
	globex    int64 // Globex's gross at 21 %
	cityBike  int64 // CityBike's bookings' gross at 21 %
}

func novemberBooks(t *testing.T, w *world) booked {
	e := w.e
	staff := e.LoginAs("ospadmin")
	// a service resource of CityBike with fees for the company and one for
	// the user's budget (not invoiced)
	res := e.Post(apiV1+"/resource/service/create", staff, map[string]any{"extId": "CB-SHARE", "name": "CityBike share",
		"description": "", "mrpPartnerOspId": seed.MrpPartnerOspID, "mobilityMode": "BIKE", "labelOspIds": []string{},
		"fees": []any{
			map[string]any{"feeType": "FIXED", "amount": 1500, "vatPercent": 21, "cron": "0 6 1 * *", "onUserBudget": false, "description": "Monthly access"},
			map[string]any{"feeType": "VARIABLE", "amount": 25, "unit": "KM", "vatPercent": 21, "onUserBudget": false},
			map[string]any{"feeType": "FIXED", "amount": 200, "vatPercent": 21, "onUserBudget": false, "description": "Booking fee"},
			map[string]any{"feeType": "FIXED", "amount": 999, "vatPercent": 21, "onUserBudget": true},
			map[string]any{"feeType": "FIXED", "amount": 100, "vatPercent": 6, "cron": "0 0 * * 1", "proRata": true, "onUserBudget": false, "description": "Weekly service"},
		}})
	testkit.MustStatus(t, res, http.StatusOK)
	var r struct {
		OspID string `json:"ospId"`
	}
	res.JSON(t, &r)
	// MobiPartner lets its companies offer it, Acme offers it
	mobi, acme := e.PartnerID(seed.MobiPartnerOspID), e.CorporateAccountID(seed.AcmeOspID)
	if err := e.App.ProductAccess.SetPartnerChoice(w.ctx, mobi, partner.Choice{ServiceResources: []string{r.OspID}}, false); err != nil {
		t.Fatal(err)
	}
	if err := e.App.ProductAccess.SetCompanyChoice(w.ctx, acme, mobi, company.ProductChoice{ServiceResources: []string{r.OspID}}, false); err != nil {
		t.Fatal(err)
	}
	// Acme's user fee: 1.50 + 21 % per user with 1..100 events
	if _, err := e.App.UserFees.Create(w.ctx, w.staff, userfee.TierWrite{AssigneeType: userfee.AssigneeCompany,
		AssigneeOspID: seed.AcmeOspID, EventCountFrom: 1, EventCountTo: 100, Amount: 150, VatPercent: 21}); err != nil {
		t.Fatal(err)
	}
	b := booked{resource: r.OspID, acmeGross: map[[2]any]int64{}}
	gross := func(mode string, bp int, amount int64) { b.acmeGross[[2]any{mode, bp}] += amount }

	// October: an expense, refunded in part in November
	w.at("2026-10-15")
	u1, b1 := w.appUser(seed.AcmeOspID, budget.PaymentCompany)
	old := w.book(spend{user: u1, budget: b1, amount: 1000, vat: 21, mode: "CAR"})

	w.at("2026-11-21")
	u2, b2 := w.appUser(seed.AcmeOspID, budget.PaymentCompany)
	_, private := w.appUser(seed.AcmeOspID, budget.PaymentPrivate)
	var privateUser string
	if err := e.DB.Get(w.ctx, &privateUser, `SELECT u.osp_id FROM users u JOIN budgets b ON b.user_id = u.id WHERE b.osp_id = ?`, private); err != nil {
		t.Fatal(err)
	}
	w.book(spend{user: u1, budget: b1, amount: 1210, vat: 21, mode: "CAR", resource: r.OspID, quantity: 12.5})
	gross("CAR", 2100, 1210)
	w.at("2026-11-22")
	w.book(spend{user: u1, budget: b1, amount: 530, vat: 6, mode: "TRAIN"})
	gross("TRAIN", 600, 530)
	x3 := w.book(spend{user: u2, budget: b2, amount: 2420, vat: 21, mode: "CAR", resource: r.OspID, quantity: 3.333})
	gross("CAR", 2100, 2420)
	w.at("2026-11-23")
	w.refund(x3, 420)
	gross("CAR", 2100, -420)
	w.book(spend{user: u2, budget: b2, amount: 999, vat: 0, mode: "BIKE"})
	gross("BIKE", 0, 999)
	// the employee's own money: not the company's invoice
	w.book(spend{user: privateUser, budget: private, amount: 5000, vat: 21, mode: "CAR"})
	w.at("2026-11-24")
	w.refund(old, 300)
	gross("CAR", 2100, -300)
	b.acmeItems = 5 // e1, e2, e3, e4 and October's expense (its November refund)

	g, gb := w.appUser(seed.GlobexOspID, budget.PaymentCompany)
	w.book(spend{user: g, budget: gb, amount: 1000, vat: 21, mode: "OTHER_PURCHASES"})
	b.globex = 1000
	b.cityBike = 1210 + 2420 - 420
	return b
}

// TestMonthlyRun: a month's invoice computed here from what was booked,
// compared to the cent with the stored one and its EN 16931 sums; the
// self-billing invoice; a second run issues nothing.
func TestMonthlyRun(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		w := newWorld(t, e)
		b := novemberBooks(t, w)
		// Globex's invoicing contact reads French: its invoice is in French
		invoicingContact(t, e, seed.GlobexOspID, "factures@globex.example", "fr")
		w.at("2026-12-02")
		first := w.run("202611")
		if first.Invoices != 2 || first.SelfBillingInvoices != 1 || first.Skipped != 0 {
			t.Fatalf("first run: %+v", first)
		}
		staff := e.LoginAs("ospadmin")

		// ---- Acme's invoice, computed independently ----
		type want struct {
			lineType, mode string
			qty, price     int64
			net            int64
			bp             int
		}
		var lines []want
		for _, k := range [][2]any{{"BIKE", 0}, {"CAR", 2100}, {"TRAIN", 600}} { // mode, then rate
			net := netOfGross(b.acmeGross[k], int64(k[1].(int)))
			lines = append(lines, want{invoice.LineExpenses, k[0].(string), 1000, net, net, k[1].(int)})
		}
		// fees, in the resource's order: monthly on the 1st (once in
		// November), per km (12.5 + 3.333 km), per booking (2), weekly on
		// Mondays pro rata (5 Mondays; Acme exists from 21 November: 10 of
		// 30 days)
		perKm := roundDiv(25*(12500+3333), 1000)
		weekly := roundDiv(5*100*10, 30)
		lines = append(lines,
			want{invoice.LineResourceFee, "BIKE", 1000, 1500, 1500, 2100},
			want{invoice.LineResourceFee, "BIKE", 1000, perKm, perKm, 2100},
			want{invoice.LineResourceFee, "BIKE", 2000, 200, 400, 2100},
			want{invoice.LineResourceFee, "BIKE", 1000, weekly, weekly, 600},
			// three users had events (one on their private budget: an event
			// all the same) and pay 1.50 each
			want{invoice.LineUserFee, "", 3000, 150, 450, 2100},
		)
		taxable := map[int]int64{}
		var net, vat int64
		for _, l := range lines {
			taxable[l.bp] += l.net
			net += l.net
		}
		for bp, tx := range taxable {
			vat += roundDiv(tx*int64(bp), 10000)
		}

		p := page(t, e, staff, invoice.Filter{CorporateAccountOspID: seed.AcmeOspID})
		if p.TotalElements != 1 {
			t.Fatalf("Acme's invoices: %+v", p)
		}
		got := p.Content[0]
		if got.Number != "INV-2026-000001" || got.Kind != document.KindInvoice || got.Month != "202611" ||
			got.IssueDate != "2026-12-02" || got.DueDate != "2027-01-01" || got.CorporateAccountName != "Acme NV" {
			t.Errorf("Acme's invoice: %+v", got)
		}
		if got.NetAmount != net || got.VatAmount != vat || got.TotalAmount != net+vat {
			t.Errorf("Acme's totals: net %d vat %d total %d, want %d %d %d", got.NetAmount, got.VatAmount, got.TotalAmount, net, vat, net+vat)
		}
		// prepaid: drawn from the company budget, nothing owed, PAID
		if got.PrepaidAmount != got.TotalAmount || got.PayableAmount != 0 || got.Status != invoice.StatusPaid || !got.HasDetail {
			t.Errorf("Acme is prepaid: %+v", got)
		}
		var ref string
		if err := e.DB.Get(w.ctx, &ref, `SELECT payment_reference FROM corporate_accounts WHERE osp_id = ?`, seed.AcmeOspID); err != nil {
			t.Fatal(err)
		}
		if got.PaymentReference != ref || ref == "" {
			t.Errorf("payment reference %q, want the company's %q", got.PaymentReference, ref)
		}
		res := e.Post(base+"/get", staff, invoice.GetRequest{OspID: got.OspID})
		testkit.MustStatus(t, res, http.StatusOK)
		var d invoice.Detail
		res.JSON(t, &d)
		if len(d.Lines) != len(lines) {
			t.Fatalf("%d lines, want %d: %+v", len(d.Lines), len(lines), d.Lines)
		}
		for i, l := range d.Lines {
			wl := lines[i]
			cat := document.VatStandard
			if wl.bp == 0 {
				cat = document.VatZero
			}
			if l.Position != i+1 || l.LineType != wl.lineType || l.MobilityMode != wl.mode || l.QuantityMilli != wl.qty ||
				l.UnitPrice != wl.price || l.NetAmount != wl.net || l.VatBasisPoints != wl.bp || l.VatCategory != cat || l.UnitCode != "C62" {
				t.Errorf("line %d: %+v, want %+v", i+1, l, wl)
			}
			// BIS 3 R120: quantity x price = net, exactly
			if l.QuantityMilli*l.UnitPrice != l.NetAmount*1000 {
				t.Errorf("line %d: %d x %d != %d", i+1, l.QuantityMilli, l.UnitPrice, l.NetAmount)
			}
		}
		// EN 16931: net = Σ lines, VAT per rate on its taxable total, total = net + VAT
		var sumVat, sumTaxable int64
		for _, v := range d.Vat {
			if v.TaxableAmount != taxable[v.VatBasisPoints] || v.VatAmount != roundDiv(v.TaxableAmount*int64(v.VatBasisPoints), 10000) {
				t.Errorf("VAT breakdown %+v", v)
			}
			sumVat += v.VatAmount
			sumTaxable += v.TaxableAmount
		}
		if len(d.Vat) != 3 || sumVat != d.VatAmount || sumTaxable != d.NetAmount || d.TotalAmount != d.NetAmount+d.VatAmount {
			t.Errorf("EN 16931 sums: %+v", d)
		}
		// what is behind the lines: the expenses, one item per fee, one per user fee
		if n := w.count(`SELECT COUNT(*) FROM invoice_line_items WHERE invoice_id = (SELECT id FROM invoices WHERE osp_id = ?)`,
			got.OspID); n != b.acmeItems+4+3 {
			t.Errorf("%d items behind Acme's lines, want %d", n, b.acmeItems+4+3)
		}
		var sumItems int64
		if err := e.DB.Get(w.ctx, &sumItems, `SELECT SUM(gross_amount) FROM invoice_line_items WHERE item_type = 'EXPENSE'
			AND invoice_id = (SELECT id FROM invoices WHERE osp_id = ?)`, got.OspID); err != nil {
			t.Fatal(err)
		}
		var wantGross int64
		for _, g := range b.acmeGross {
			wantGross += g
		}
		if sumItems != wantGross {
			t.Errorf("expense items sum to %d, want %d", sumItems, wantGross)
		}

		// ---- Globex: postpaid, owes the total; sent by Peppol ----
		gx := page(t, e, staff, invoice.Filter{CorporateAccountOspID: seed.GlobexOspID}).Content[0]
		gNet := netOfGross(b.globex, 2100)
		gVat := roundDiv(gNet*2100, 10000)
		if gx.Number != "INV-2026-000002" || gx.NetAmount != gNet || gx.VatAmount != gVat || gx.PayableAmount != gNet+gVat ||
			gx.PrepaidAmount != 0 || gx.Status != invoice.StatusSent || gx.PeppolStatus != "PENDING" || gx.SentAt == "" {
			t.Errorf("Globex's invoice: %+v", gx)
		}

		gd := detail(t, e.Post(base+"/get", staff, invoice.GetRequest{OspID: gx.OspID}))
		if len(gd.Lines) != 1 || gd.Lines[0].Description != "Autres achats" {
			t.Errorf("Globex's lines: %+v", gd.Lines)
		}
		var langs []string
		if err := e.DB.Select(w.ctx, &langs, `SELECT language FROM invoices WHERE kind = 'INVOICE' ORDER BY seq`); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(langs, []string{"nl", "fr"}) {
			t.Errorf("languages: %v (Acme has no invoicing contact: nl)", langs)
		}

		// ---- CityBike's self-billing invoice: its resource's bookings ----
		p = page(t, e, staff, invoice.Filter{SelfBilling: true})
		if p.TotalElements != 1 {
			t.Fatalf("self-billing invoices: %+v", p)
		}
		sb := p.Content[0]
		sbNet := netOfGross(b.cityBike, 2100)
		if sb.Number != "SB-2026-000001" || sb.Kind != document.KindSelfBilling || sb.PartnerOspID != seed.MrpPartnerOspID ||
			sb.PartnerName != "CityBike Rentals" || sb.NetAmount != sbNet || sb.VatAmount != roundDiv(sbNet*2100, 10000) {
			t.Errorf("CityBike's self-billing invoice: %+v", sb)
		}
		var seller, buyer string
		if err := e.DB.Get(w.ctx, &seller, `SELECT seller_json FROM invoices WHERE osp_id = ?`, sb.OspID); err != nil {
			t.Fatal(err)
		}
		if err := e.DB.Get(w.ctx, &buyer, `SELECT buyer_json FROM invoices WHERE osp_id = ?`, sb.OspID); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(seller, `"vatNumber":"BE0654321022"`) || !strings.Contains(buyer, `"companyNumber":"0456789034"`) {
			t.Errorf("self-billing parties: seller %s buyer %s", seller, buyer)
		}

		// ---- a second run issues nothing ----
		again := w.run("202611")
		if again.Invoices != 0 || again.SelfBillingInvoices != 0 || again.Skipped != 3 {
			t.Errorf("second run: %+v", again)
		}
		if w.gapless("INV", 2026) != 2 || w.gapless("SB", 2026) != 1 {
			t.Errorf("documents after two runs: INV %v SB %v", w.numbers("INV"), w.numbers("SB"))
		}
		// the user fees were charged once
		if n := w.count(`SELECT COUNT(*) FROM user_fee_charges WHERE month = '202611'`); n != 3 {
			t.Errorf("%d user fee charges, want 3", n)
		}
	})
}

// TestRunRefusesOpenMonth: the run bills only months that have ended.
func TestRunRefusesOpenMonth(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff := e.LoginAs("ospadmin")
		for _, m := range []string{"202611", "202612", "2026-10", "202613"} {
			res := e.Post(base+"/run", staff, invoice.RunRequest{Month: m})
			if res.Status != http.StatusBadRequest || res.Field() != "month" {
				t.Errorf("run %s: %d %s", m, res.Status, res.Body)
			}
		}
		if _, err := e.App.Invoices.RunMonth(context.Background(), "202611"); err == nil {
			t.Error("RunMonth of the current month")
		}
		res := e.Post(base+"/run", staff, invoice.RunRequest{Month: "202610"})
		testkit.MustStatus(t, res, http.StatusOK)
	})
}

// TestRunStoppedPartWay: a run cancelled after its first invoice leaves
// one whole invoice; the rerun issues the others, nothing twice, and the
// numbers have no gap.
func TestRunStoppedPartWay(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		w := newWorld(t, e)
		w.at("2026-10-10")
		for _, c := range []string{seed.AcmeOspID, seed.GlobexOspID, seed.InitechOspID} {
			u, b := w.appUser(c, budget.PaymentCompany)
			w.book(spend{user: u, budget: b, amount: 2000, vat: 21, mode: "TRAIN"})
		}
		w.at("2026-11-03")
		ctx, cancel := context.WithCancel(context.Background())
		issued := 0
		invoice.SetAfterIssue(e.App.Invoices, func(int64) {
			if issued++; issued == 1 {
				cancel()
			}
		})
		if _, err := e.App.Invoices.RunMonth(ctx, "202610"); !errors.Is(err, context.Canceled) {
			t.Fatalf("stopped run: %v", err)
		}
		if n := w.count(`SELECT COUNT(*) FROM invoices WHERE month = '202610'`); n != 1 {
			t.Fatalf("%d invoices after the stopped run, want 1", n)
		}
		invoice.SetAfterIssue(e.App.Invoices, nil)
		r := w.run("202610")
		if r.Invoices != 2 || r.Skipped != 1 {
			t.Errorf("rerun: %+v", r)
		}
		if n := w.gapless("INV", 2026); n != 3 {
			t.Errorf("%d invoices", n)
		}
		if n := w.count(`SELECT COUNT(DISTINCT corporate_account_id) FROM invoices WHERE month = '202610'`); n != 3 {
			t.Errorf("%d companies invoiced", n)
		}
	})
}

// TestConcurrentRuns: 16 runs at once over 16 companies (and the demo's)
// issue one invoice each with numbers 1..N: the sequence's row lock
// serialises numbering on PostgreSQL, and a run that loses the race for a
// company rolls back without using a number.
func TestConcurrentRuns(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		w := newWorld(t, e)
		w.at("2026-09-10")
		for i := range 16 {
			c := w.company("Concurrent " + string(rune('A'+i)))
			u, b := w.appUser(c, budget.PaymentCompany)
			w.book(spend{user: u, budget: b, amount: int64(1000 + i), vat: 21, mode: "BIKE"})
		}
		w.at("2026-10-01")
		var wg sync.WaitGroup
		errs := make([]error, 16)
		results := make([]invoice.RunResult, 16)
		for i := range 16 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				results[i], errs[i] = e.App.Invoices.RunMonth(context.Background(), "202609")
			}()
		}
		wg.Wait()
		issued := 0
		for i, err := range errs {
			if err != nil {
				t.Errorf("run %d: %v", i, err)
			}
			issued += results[i].Invoices
		}
		if issued != 16 {
			t.Errorf("%d invoices issued by the runs together, want 16", issued)
		}
		if n := w.gapless("INV", 2026); n != 16 {
			t.Errorf("%d invoices", n)
		}
		if n := w.count(`SELECT COUNT(DISTINCT corporate_account_id) FROM invoices WHERE month = '202609'`); n != 16 {
			t.Errorf("%d companies invoiced", n)
		}
	})
}

// TestInvoicesJob: the jobs runner's "invoices" job bills the previous
// month on any day, and days after issue nothing twice.
func TestInvoicesJob(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		w := newWorld(t, e)
		u, b := w.appUser(seed.GlobexOspID, budget.PaymentCompany)
		w.book(spend{user: u, budget: b, amount: 4840, vat: 21, mode: "CAR"})
		runner := e.App.JobRunner()
		for _, day := range []string{"2026-12-01", "2026-12-02", "2026-12-15"} {
			w.at(day)
			results, err := runner.RunDay(context.Background(), day)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range results {
				if r.Job == "invoices" && (r.Status != "done" || !strings.HasPrefix(r.Detail, "202611: ")) {
					t.Errorf("%s: %+v", day, r)
				}
			}
		}
		var got []struct {
			Month string `db:"month"`
			Net   int64  `db:"net_amount"`
			Issue string `db:"issue_date"`
		}
		if err := e.DB.Select(w.ctx, &got, `SELECT month, net_amount, issue_date FROM invoices`); err != nil {
			t.Fatal(err)
		}
		if len(got) != 1 || got[0].Month != "202611" || got[0].Net != 4000 || got[0].Issue != "2026-12-01" {
			t.Errorf("invoices: %+v", got)
		}
	})
}
