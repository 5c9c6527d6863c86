package invoice_test

import (
	"net/http"
	"testing"

	"mobility/portal/internal/access"
	"mobility/portal/internal/budget"
	"mobility/portal/internal/invoice"
	"mobility/portal/internal/invoice/document"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

// octoberDocs: October's invoices of Acme (prepaid), Globex (postpaid) and
// Initech (RideOn's), and CityBike's self-billing invoice, issued on
// 2026-11-21; the clock then moves to 2026-11-25.
type docs struct {
	acme, globex, initech, cityBike invoice.Invoice
}

func octoberDocs(t *testing.T, w *world) docs {
	e := w.e
	w.at("2026-10-10")
	staff := e.LoginAs("ospadmin")
	res := e.Post(apiV1+"/resource/service/create", staff, map[string]any{"extId": "CB-OCT", "name": "CityBike October",
		"description": "", "mrpPartnerOspId": seed.MrpPartnerOspID, "mobilityMode": "BIKE", "labelOspIds": []string{}, "fees": []any{}})
	testkit.MustStatus(t, res, http.StatusOK)
	var r struct {
		OspID string `json:"ospId"`
	}
	res.JSON(t, &r)
	for i, c := range []string{seed.AcmeOspID, seed.GlobexOspID, seed.InitechOspID} {
		u, b := w.appUser(c, budget.PaymentCompany)
		w.book(spend{user: u, budget: b, amount: int64(12100 * (i + 1)), vat: 21, mode: "BIKE", resource: r.OspID, quantity: 2})
		w.book(spend{user: u, budget: b, amount: 530, vat: 6, mode: "TRAIN"})
	}
	w.at("2026-11-21")
	if r := w.run("202610"); r.Invoices != 3 || r.SelfBillingInvoices != 1 {
		t.Fatalf("run: %+v", r)
	}
	w.at("2026-11-25")
	var d docs
	staff = e.LoginAs("ospadmin")
	for _, f := range []struct {
		filter invoice.Filter
		into   *invoice.Invoice
	}{
		{invoice.Filter{CorporateAccountOspID: seed.AcmeOspID}, &d.acme},
		{invoice.Filter{CorporateAccountOspID: seed.GlobexOspID}, &d.globex},
		{invoice.Filter{CorporateAccountOspID: seed.InitechOspID}, &d.initech},
		{invoice.Filter{SelfBilling: true}, &d.cityBike},
	} {
		p := page(t, e, staff, f.filter)
		if len(p.Content) != 1 {
			t.Fatalf("%+v: %+v", f.filter, p)
		}
		*f.into = p.Content[0]
	}
	return d
}

func detail(t *testing.T, res *testkit.Response) invoice.Detail {
	t.Helper()
	testkit.MustStatus(t, res, http.StatusOK)
	var d invoice.Detail
	res.JSON(t, &d)
	return d
}

// TestPayments: each payment sets the status from the sum paid against
// what is payable; refusals change nothing; a repeat with the same
// Idempotency-Key records nothing twice.
func TestPayments(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		w := newWorld(t, e)
		d := octoberDocs(t, w)
		staff := e.LoginAs("ospadmin")
		gx := d.globex
		// sent by the run (Globex's sending method is Peppol)
		if gx.Status != invoice.StatusSent || gx.PayableAmount <= 0 {
			t.Fatalf("Globex's invoice: %+v", gx)
		}
		for _, bad := range []struct {
			req   invoice.PayRequest
			field string
		}{
			{invoice.PayRequest{OspID: gx.OspID, Amount: 0, PaymentDate: "2026-11-24"}, "amount"},
			{invoice.PayRequest{OspID: gx.OspID, Amount: 100, PaymentDate: "2026-11-26"}, "paymentDate"},
			{invoice.PayRequest{OspID: gx.OspID, Amount: 100, PaymentDate: "2026-11-20"}, "paymentDate"}, // before the issue
			{invoice.PayRequest{OspID: gx.OspID, Amount: 100}, "paymentDate"},
			{invoice.PayRequest{OspID: gx.OspID, Amount: 100, PaymentDate: "2026-11-24", Method: "CASH"}, "method"},
			{invoice.PayRequest{OspID: gx.OspID, Amount: 10_000_000_000, PaymentDate: "2026-11-24"}, "amount"},
		} {
			res := e.Post(base+"/pay", staff, bad.req)
			if res.Status != http.StatusBadRequest || res.Field() != bad.field {
				t.Errorf("pay %+v: %d %s", bad.req, res.Status, res.Body)
			}
		}
		if n := w.count(`SELECT COUNT(*) FROM invoice_payments`); n != 0 {
			t.Fatalf("refused payments stored: %d", n)
		}
		pay := func(key string, amount int64, want string, paid int64) {
			t.Helper()
			got := detail(t, idem(e, base+"/pay", staff, key, invoice.PayRequest{OspID: gx.OspID, Amount: moneyOf(amount),
				PaymentDate: "2026-11-24", Reference: "bank " + key}))
			if got.Status != want || got.PaidAmount != paid {
				t.Errorf("after paying %d: %s paid %d, want %s %d", amount, got.Status, got.PaidAmount, want, paid)
			}
		}
		p := gx.PayableAmount
		pay("k1", 100, invoice.StatusInsufficientPayment, 100)
		pay("k1", 100, invoice.StatusInsufficientPayment, 100) // the same key: answered again, not booked again
		if n := w.count(`SELECT COUNT(*) FROM invoice_payments`); n != 1 {
			t.Errorf("%d payments after a repeated key, want 1", n)
		}
		pay("k2", p-100, invoice.StatusPaid, p)
		pay("k3", 50, invoice.StatusExcessivePayment, p+50)
		pay("k4", -50, invoice.StatusPaid, p)
		pay("k5", -p, invoice.StatusSent, 0) // all paid back: SENT again
		got := detail(t, e.Post(base+"/get", staff, invoice.GetRequest{OspID: gx.OspID}))
		if len(got.Payments) != 5 || got.Payments[0].Amount != 100 || got.Payments[0].Reference != "bank k1" ||
			got.Payments[0].Method != invoice.MethodTransfer || got.Payments[0].PaymentDate != "2026-11-24" {
			t.Errorf("payments: %+v", got.Payments)
		}
		var sum int64
		if err := e.DB.Get(w.ctx, &sum, `SELECT COALESCE(SUM(amount), 0) FROM invoice_payments`); err != nil || sum != got.PaidAmount {
			t.Errorf("paid amount %d, payments sum %d (%v)", got.PaidAmount, sum, err)
		}
		// one that was never sent (no recipient yet) goes back to CREATED
		if _, err := e.DB.Exec(w.ctx, `UPDATE invoices SET sent_at = NULL, peppol_status = '', status = 'CREATED' WHERE osp_id = ?`,
			gx.OspID); err != nil {
			t.Fatal(err)
		}
		got = detail(t, idem(e, base+"/pay", staff, "k6", invoice.PayRequest{OspID: gx.OspID, Amount: 700, PaymentDate: "2026-11-25", Method: invoice.MethodDirectDebit}))
		if got.Status != invoice.StatusInsufficientPayment || got.Payments[5].Method != invoice.MethodDirectDebit {
			t.Errorf("Globex unsent: %s %+v", got.Status, got.Payments)
		}
		got = detail(t, idem(e, base+"/pay", staff, "k7", invoice.PayRequest{OspID: gx.OspID, Amount: -700, PaymentDate: "2026-11-25"}))
		if got.Status != invoice.StatusCreated {
			t.Errorf("Globex unsent, paid back: %s", got.Status)
		}
		// a prepaid invoice is PAID without payments; paying it is too much
		if d.acme.Status != invoice.StatusPaid || d.acme.PayableAmount != 0 {
			t.Errorf("Acme: %+v", d.acme)
		}
		got = detail(t, idem(e, base+"/pay", staff, "k8", invoice.PayRequest{OspID: d.acme.OspID, Amount: 1, PaymentDate: "2026-11-25"}))
		if got.Status != invoice.StatusExcessivePayment {
			t.Errorf("Acme paid 1 cent: %s", got.Status)
		}
		res := e.Post(base+"/pay", staff, invoice.PayRequest{OspID: "00000000-0000-4000-8000-000000000000", Amount: 1, PaymentDate: "2026-11-25"})
		if res.Status != http.StatusNotFound {
			t.Errorf("unknown invoice: %d", res.Status)
		}
	})
}

// TestCreditNotes: a credit note is the negative copy of an invoice, once;
// credit notes and self-billing invoices are not credited, nor is a
// credit note paid.
func TestCreditNotes(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		w := newWorld(t, e)
		d := octoberDocs(t, w)
		staff := e.LoginAs("ospadmin")
		orig := detail(t, e.Post(base+"/get", staff, invoice.GetRequest{OspID: d.globex.OspID}))
		cn := detail(t, idem(e, base+"/creditNote", staff, "c1", invoice.CreditNoteRequest{OspID: d.globex.OspID, Reason: "wrong month"}))
		if cn.Kind != document.KindCreditNote || cn.Number != "INV-2026-000004" || cn.CreditedInvoiceNumber != orig.Number ||
			// issued CREATED, then sent as the invoice was (Peppol)
			cn.IssueDate != "2026-11-25" || cn.Status != invoice.StatusSent || cn.PeppolStatus != "PENDING" || cn.Month != orig.Month ||
			cn.CorporateAccountOspID != seed.GlobexOspID {
			t.Errorf("credit note: %+v", cn.Invoice)
		}
		if cn.NetAmount != -orig.NetAmount || cn.VatAmount != -orig.VatAmount || cn.TotalAmount != -orig.TotalAmount ||
			cn.PayableAmount != -orig.PayableAmount || len(cn.Lines) != len(orig.Lines) {
			t.Errorf("credit note amounts: %+v of %+v", cn.Invoice, orig.Invoice)
		}
		for i, l := range cn.Lines {
			o := orig.Lines[i]
			if l.NetAmount != -o.NetAmount || l.QuantityMilli != -o.QuantityMilli || l.UnitPrice != o.UnitPrice || l.LineType != o.LineType {
				t.Errorf("credit line %d: %+v of %+v", i+1, l, o)
			}
		}
		var items, origItems, sum int64
		id := func(osp string) string { return `(SELECT id FROM invoices WHERE osp_id = '` + osp + `')` }
		_ = e.DB.Get(w.ctx, &items, `SELECT COUNT(*) FROM invoice_line_items WHERE invoice_id = `+id(cn.OspID))
		_ = e.DB.Get(w.ctx, &origItems, `SELECT COUNT(*) FROM invoice_line_items WHERE invoice_id = `+id(orig.OspID))
		_ = e.DB.Get(w.ctx, &sum, `SELECT SUM(gross_amount) FROM invoice_line_items WHERE invoice_id IN (`+id(cn.OspID)+`, `+id(orig.OspID)+`)`)
		if items != origItems || items == 0 || sum != 0 {
			t.Errorf("credit note items: %d of %d, sum with the invoice's %d", items, origItems, sum)
		}
		again := detail(t, e.Post(base+"/get", staff, invoice.GetRequest{OspID: d.globex.OspID}))
		if again.CreditNoteNumber != cn.Number || again.NetAmount != orig.NetAmount {
			t.Errorf("the credited invoice: %+v", again.Invoice)
		}
		for _, c := range []struct {
			osp, label string
		}{
			{d.globex.OspID, invoice.LabelAlreadyCredited},
			{cn.OspID, invoice.LabelNotCreditable},
			{d.cityBike.OspID, invoice.LabelNotCreditable},
		} {
			res := e.Post(base+"/creditNote", staff, invoice.CreditNoteRequest{OspID: c.osp})
			if res.Status != http.StatusConflict || res.Label() != c.label {
				t.Errorf("credit %s: %d %s", c.osp, res.Status, res.Body)
			}
		}
		res := e.Post(base+"/pay", staff, invoice.PayRequest{OspID: cn.OspID, Amount: 100, PaymentDate: "2026-11-25"})
		if res.Status != http.StatusConflict || res.Label() != invoice.LabelNotPayable {
			t.Errorf("pay a credit note: %d %s", res.Status, res.Body)
		}
		// a prepaid invoice's credit note owes nothing either
		acn := detail(t, e.Post(base+"/creditNote", staff, invoice.CreditNoteRequest{OspID: d.acme.OspID}))
		if acn.PrepaidAmount != -d.acme.PrepaidAmount || acn.PayableAmount != 0 || acn.Number != "INV-2026-000005" {
			t.Errorf("Acme's credit note: %+v", acn.Invoice)
		}
		if n := w.gapless("INV", 2026); n != 5 {
			t.Errorf("%d INV documents", n)
		}
	})
}

// TestFindByFilter: filters, sorting, paging and sums; bad months are
// field errors.
func TestFindByFilter(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		w := newWorld(t, e)
		d := octoberDocs(t, w)
		staff := e.LoginAs("ospadmin")
		find := func(f invoice.Filter) invoice.InvoicePage { return page(t, e, staff, f) }
		all := find(invoice.Filter{})
		want := d.acme.TotalAmount + d.globex.TotalAmount + d.initech.TotalAmount
		if all.TotalElements != 3 || all.TotalAmountSum != want || all.PayableAmountSum != d.globex.PayableAmount ||
			all.PaidAmountSum != 0 {
			t.Errorf("all: %+v", all)
		}
		// default order: number descending
		if all.Content[0].Number != "INV-2026-000003" || all.Content[2].Number != "INV-2026-000001" {
			t.Errorf("order: %v %v", all.Content[0].Number, all.Content[2].Number)
		}
		asc := find(invoice.Filter{Pagination: paging.Pagination{Size: 1, Page: 2,
			SortOrders: []paging.SortOrder{{Property: "totalAmount", Direction: "ASC"}}}})
		if asc.TotalElements != 3 || len(asc.Content) != 1 || asc.Content[0].OspID != d.globex.OspID || asc.TotalAmountSum != want {
			t.Errorf("page 2 by total: %+v", asc)
		}
		if p := find(invoice.Filter{Number: "000002"}); p.TotalElements != 1 || p.Content[0].OspID != d.globex.OspID {
			t.Errorf("number: %+v", p)
		}
		// Acme and Initech are prepaid: PAID
		if p := find(invoice.Filter{Statuses: []string{invoice.StatusPaid}}); p.TotalElements != 2 || p.PayableAmountSum != 0 {
			t.Errorf("status: %+v", p)
		}
		if p := find(invoice.Filter{Statuses: []string{invoice.StatusCreated, invoice.StatusSent}}); p.TotalElements != 1 ||
			p.Content[0].OspID != d.globex.OspID {
			t.Errorf("statuses: %+v", p)
		}
		if p := find(invoice.Filter{MonthFrom: "202610", MonthTo: "202610"}); p.TotalElements != 3 {
			t.Errorf("October: %+v", p)
		}
		if p := find(invoice.Filter{MonthFrom: "202611"}); p.TotalElements != 0 || p.TotalAmountSum != 0 {
			t.Errorf("November: %+v", p)
		}
		if p := find(invoice.Filter{PartnerOspID: seed.OtherPartnerOspID}); p.TotalElements != 1 || p.Content[0].OspID != d.initech.OspID {
			t.Errorf("RideOn's companies: %+v", p)
		}
		for _, bad := range []struct {
			f     invoice.Filter
			field string
		}{
			{invoice.Filter{MonthFrom: "202610", MonthTo: "202609"}, "monthTo"},
			{invoice.Filter{MonthFrom: "2026-10"}, "monthFrom"},
			{invoice.Filter{MonthTo: "202613"}, "monthTo"},
			{invoice.Filter{Statuses: []string{"LOST"}}, "statuses"},
		} {
			res := e.Post(base+"/findByFilter", staff, bad.f)
			if res.Status != http.StatusBadRequest || res.Field() != bad.field {
				t.Errorf("%+v: %d %s", bad.f, res.Status, res.Body)
			}
		}
	})
}

// TestTenancyAndRoles: who sees and does what, through the API.
func TestTenancyAndRoles(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		w := newWorld(t, e)
		d := octoberDocs(t, w)
		e.CompanyAdmin("acme.reports", seed.AcmeOspID, access.ReportingManager)
		e.CompanyAdmin("acme.invoices", seed.AcmeOspID, access.InvoiceManager)
		e.PartnerAdmin("citybike.invoices", seed.MrpPartnerOspID, access.InvoiceManager)
		e.PartnerAdmin("citybike.users", seed.MrpPartnerOspID, access.UserManager)
		tok := map[string]string{}
		for _, l := range []string{"ospadmin", "acme.admin", "acme.reports", "acme.invoices", "globex.admin", "msp.admin", "rideon.admin",
			"citybike.invoices", "citybike.users"} {
			tok[l] = e.LoginAs(l)
		}
		tok["app user"] = e.PlantSession(e.UserOspID("jan.peeters"))
		seen := func(login string, f invoice.Filter) []string {
			t.Helper()
			var out []string
			for _, i := range page(t, e, tok[login], f).Content {
				out = append(out, i.OspID)
			}
			return out
		}
		same := func(got []string, want ...string) bool {
			if len(got) != len(want) {
				return false
			}
			m := map[string]bool{}
			for _, g := range got {
				m[g] = true
			}
			for _, x := range want {
				if !m[x] {
					return false
				}
			}
			return true
		}
		for _, c := range []struct {
			login string
			want  []string
		}{
			{"ospadmin", []string{d.acme.OspID, d.globex.OspID, d.initech.OspID}},
			{"acme.admin", []string{d.acme.OspID}},
			{"acme.invoices", []string{d.acme.OspID}},
			{"globex.admin", []string{d.globex.OspID}},
			{"msp.admin", []string{d.acme.OspID, d.globex.OspID}},
			{"rideon.admin", []string{d.initech.OspID}},
			{"citybike.invoices", nil},
		} {
			if got := seen(c.login, invoice.Filter{}); !same(got, c.want...) {
				t.Errorf("%s sees %v, want %v", c.login, got, c.want)
			}
		}
		// self-billing: platform staff and the provider's invoice managers
		for _, l := range []string{"ospadmin", "citybike.invoices"} {
			if got := seen(l, invoice.Filter{SelfBilling: true}); !same(got, d.cityBike.OspID) {
				t.Errorf("%s's self-billing invoices: %v", l, got)
			}
		}
		if got := seen("msp.admin", invoice.Filter{SelfBilling: true}); len(got) != 0 {
			t.Errorf("an MSP sees providers' self-billing invoices: %v", got)
		}
		for _, l := range []string{"acme.admin", "citybike.users", "globex.admin"} {
			if res := e.Post(base+"/findByFilter", tok[l], invoice.Filter{SelfBilling: true}); res.Status != http.StatusForbidden {
				t.Errorf("%s lists self-billing invoices: %d", l, res.Status)
			}
		}
		get := func(login, osp string) int {
			return e.Post(base+"/get", tok[login], invoice.GetRequest{OspID: osp}).Status
		}
		for _, c := range []struct {
			login, osp string
			status     int
		}{
			{"acme.admin", d.acme.OspID, http.StatusOK},
			{"acme.admin", d.globex.OspID, http.StatusNotFound},
			{"globex.admin", d.acme.OspID, http.StatusNotFound},
			{"msp.admin", d.globex.OspID, http.StatusOK},
			{"msp.admin", d.initech.OspID, http.StatusNotFound},
			{"msp.admin", d.cityBike.OspID, http.StatusNotFound},
			{"rideon.admin", d.acme.OspID, http.StatusNotFound},
			{"citybike.invoices", d.cityBike.OspID, http.StatusOK},
			{"citybike.invoices", d.acme.OspID, http.StatusNotFound},
			{"citybike.users", d.cityBike.OspID, http.StatusNotFound},
			{"acme.admin", d.cityBike.OspID, http.StatusNotFound},
			{"ospadmin", d.cityBike.OspID, http.StatusOK},
			{"acme.reports", d.acme.OspID, http.StatusForbidden},
			{"app user", d.acme.OspID, http.StatusUnauthorized},
		} {
			if got := get(c.login, c.osp); got != c.status {
				t.Errorf("%s gets %s: %d, want %d", c.login, c.osp, got, c.status)
			}
		}
		// a company filter outside the caller's reach is NOT_FOUND, not an empty page
		if res := e.Post(base+"/findByFilter", tok["globex.admin"], invoice.Filter{CorporateAccountOspID: seed.AcmeOspID}); res.Status != http.StatusNotFound {
			t.Errorf("Globex names Acme: %d", res.Status)
		}
		if res := e.Post(base+"/findByFilter", tok["acme.reports"], invoice.Filter{}); res.Status != http.StatusForbidden {
			t.Errorf("reporting manager lists invoices: %d", res.Status)
		}
		if res := e.Post(base+"/findByFilter", tok["app user"], invoice.Filter{}); res.Status != http.StatusUnauthorized {
			t.Errorf("app user lists invoices: %d", res.Status)
		}
		// payments, credit notes and runs are platform staff's
		for _, l := range []string{"acme.admin", "msp.admin", "citybike.invoices"} {
			for path, body := range map[string]any{
				"/pay":        invoice.PayRequest{OspID: d.acme.OspID, Amount: 100, PaymentDate: "2026-11-25"},
				"/creditNote": invoice.CreditNoteRequest{OspID: d.acme.OspID},
				"/run":        invoice.RunRequest{Month: "202610"},
			} {
				if res := e.Post(base+path, tok[l], body); res.Status != http.StatusForbidden {
					t.Errorf("%s %s: %d", l, path, res.Status)
				}
			}
		}
		if n := w.count(`SELECT COUNT(*) FROM invoice_payments`) + w.count(`SELECT COUNT(*) FROM invoices WHERE kind = 'CREDIT_NOTE'`); n != 0 {
			t.Errorf("refused calls wrote %d rows", n)
		}
	})
}
