package nmbsinvoice_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"mobility/portal/internal/access"
	"mobility/portal/internal/nmbsinvoice"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

// Acme's October NMBS invoice: every line matches an order of Acme's;
// validate writes nothing; process marks each order invoiced once; the
// file, who and when are in the history and the file downloads as sent.
func TestNMBSInvoiceMatched(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme := e.CorporateAccountID(seed.AcmeOspID)
		src := &fakeOrders{byMonth: map[string][]nmbsinvoice.Order{"202610": {
			octoberOrder(101, acme, "12345678901234567", 1, 21400),
			octoberOrder(102, acme, "22345678901234567", 5, 9850),
			octoberOrder(103, acme, "32345678901234567", 12, 60320),
		}}}
		e.App.NmbsInvoices.UseOrders(src)
		admin := e.LoginAs("acme.admin")
		file := nmbsFile(
			[5]string{"NMBS-2026-104233", "1234 5678 9012 3456 7", "2026-10-01", "214.00", ""},
			[5]string{"NMBS-2026-104233", "22345678901234567", "2026-10-05", "98,5", "102"},
			[5]string{"NMBS-2026-104233", "32345678901234567", "2026-10-12", "603.20", ""},
		)
		id := uploadID(t, e, admin, seed.AcmeOspID, "NMBS", file)
		before := e.Snapshot()
		rep := call(t, e, admin, "validate", id)
		if !rep.Valid || rep.InvoiceMonth != "202610" || rep.RowCount != 3 || rep.Counts.Matched != 3 ||
			!slices.Equal(outcomes(rep), []string{"MATCHED", "MATCHED", "MATCHED"}) {
			t.Fatalf("validate: %+v", rep)
		}
		if l := rep.Lines[0]; l.OrderID != 101 || l.CardNumber != "12345678901234567" || l.ExpectedAmount != 21400 ||
			l.InvoicedAmount != 21400 || l.Message != "Komt overeen met bestelling 101" {
			t.Fatalf("first line: %+v", l)
		}
		if changed := e.Snapshot().Changed(before); len(changed) > 0 {
			t.Fatalf("validate changed %v", changed)
		}
		rep = call(t, e, admin, "process", id)
		if rep.Status != "PROCESSED" || rep.Counts.Invoiced != 3 || rep.Counts.Matched != 0 || rep.Lines[1].OrderID != 102 ||
			rep.Lines[1].Outcome != "INVOICED" {
			t.Fatalf("process: %+v", rep)
		}
		var rows []struct {
			OrderID int64  `db:"order_id"`
			Amount  int64  `db:"amount_cents"`
			VatBP   int64  `db:"vat_basis_points"`
			Card    string `db:"card_number"`
			Month   string `db:"invoice_month"`
			Invoice string `db:"invoice_number"`
			Line    int    `db:"line_number"`
		}
		if err := e.DB.Select(context.Background(), &rows, `SELECT order_id, amount_cents, vat_basis_points, card_number, invoice_month,
			invoice_number, line_number FROM nmbs_invoiced_orders WHERE provider = 'NMBS' ORDER BY order_id`); err != nil {
			t.Fatal(err)
		}
		if len(rows) != 3 || rows[0].OrderID != 101 || rows[0].Amount != 21400 || rows[0].VatBP != 600 || rows[0].Card != "12345678901234567" ||
			rows[0].Month != "202610" || rows[0].Invoice != "NMBS-2026-104233" || rows[0].Line != 2 || rows[1].Amount != 9850 {
			t.Fatalf("invoiced rows: %+v", rows)
		}

		res := e.Post(base+"/history", admin, map[string]any{"corporateAccountOspId": seed.AcmeOspID, "provider": "NMBS"})
		testkit.MustStatus(t, res, http.StatusOK)
		var page struct {
			TotalElements int                      `json:"totalElements"`
			Content       []nmbsinvoice.HistoryRow `json:"content"`
		}
		res.JSON(t, &page)
		if page.TotalElements != 1 || page.Content[0].UploadID != id || page.Content[0].Status != "PROCESSED" ||
			page.Content[0].UploadedBy != "Anna Acme" || page.Content[0].ProcessedBy != "Anna Acme" || page.Content[0].Counts == nil ||
			page.Content[0].Counts.Invoiced != 3 || page.Content[0].Report == nil || len(page.Content[0].Report.Lines) != 3 {
			t.Fatalf("history: %s", res.Body)
		}
		dl := e.Do(testkit.Request{Method: http.MethodGet, Path: base + "/download/" + id, Token: admin})
		testkit.MustStatus(t, dl, http.StatusOK)
		if string(dl.Body) != file {
			t.Fatalf("download: %q", dl.Body)
		}
		tpl := e.Do(testkit.Request{Method: http.MethodGet, Path: base + "/template/NMBS", Token: admin})
		testkit.MustStatus(t, tpl, http.StatusOK)
		if !strings.HasPrefix(string(tpl.Body), "invoiceNumber;invoiceMonth;organismNumber;orderReference;mobibCardNumber;") {
			t.Fatalf("template: %q", tpl.Body)
		}
		if r := e.Do(testkit.Request{Method: http.MethodGet, Path: base + "/template/DELIJN", Token: admin}); r.Status != http.StatusNotFound {
			t.Fatalf("unknown provider's template: %d", r.Status)
		}
		// the template itself, uploaded, is a valid file of its provider
		for _, p := range nmbsinvoice.ProviderNames() {
			tpl := e.Do(testkit.Request{Method: http.MethodGet, Path: base + "/template/" + p, Token: admin})
			r := call(t, e, admin, "validate", uploadID(t, e, admin, seed.AcmeOspID, p, string(tpl.Body)))
			if !r.Valid || len(r.Lines) != 1 || r.InvoiceMonth != "202610" {
				t.Fatalf("%s template: %+v", p, r)
			}
		}
	})
}

// Each kind of difference, per line: amount differs (expected and
// invoiced), unknown card, another company's card, an orderReference that
// is not the card's, a duplicate in the file, and two lines for a card
// with two orders. Process marks only the matched ones; the report stays
// with the upload.
func TestNMBSInvoiceDifferences(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme, globex := e.CorporateAccountID(seed.AcmeOspID), e.CorporateAccountID(seed.GlobexOspID)
		e.App.NmbsInvoices.UseOrders(&fakeOrders{byMonth: map[string][]nmbsinvoice.Order{"202610": {
			octoberOrder(201, acme, "11111111111111111", 1, 21400),
			octoberOrder(202, acme, "22222222222222222", 1, 9850),
			octoberOrder(203, globex, "33333333333333333", 1, 5000),
			octoberOrder(204, acme, "44444444444444444", 1, 4000),
			octoberOrder(205, acme, "44444444444444444", 15, 4000),
		}}})
		staff := e.LoginAs("ospadmin")
		id := uploadID(t, e, staff, seed.AcmeOspID, "NMBS", nmbsFile(
			[5]string{"INV-1", "11111111111111111", "2026-10-01", "214.00", ""},   // line 2 matched
			[5]string{"INV-1", "22222222222222222", "2026-10-01", "99.00", ""},    // 3 amount differs
			[5]string{"INV-1", "99999999999999999", "2026-10-01", "10.00", ""},    // 4 unknown card
			[5]string{"INV-1", "33333333333333333", "2026-10-01", "50.00", ""},    // 5 Globex's card: unknown for Acme
			[5]string{"INV-1", "11111111111111111", "2026-10-01", "214.00", ""},   // 6 duplicate of line 2
			[5]string{"INV-1", "44444444444444444", "2026-10-15", "40.00", ""},    // 7 the order starting on the 15th
			[5]string{"INV-1", "44444444444444444", "2026-10-01", "40.00", ""},    // 8 the other one
			[5]string{"INV-1", "11111111111111111", "2026-10-02", "214.00", ""},   // 9 the card's only order is line 2's
			[5]string{"INV-1", "22222222222222222", "2026-10-03", "98.50", "201"}, // 10 order 201 is another card's
		))
		rep := call(t, e, staff, "validate", id)
		want := []string{"MATCHED", "AMOUNT_DIFFERS", "UNKNOWN_ORDER", "UNKNOWN_ORDER", "DUPLICATE_IN_FILE", "MATCHED", "MATCHED",
			"DUPLICATE_IN_FILE", "UNKNOWN_ORDER"}
		if !rep.Valid || !slices.Equal(outcomes(rep), want) {
			t.Fatalf("validate: %v\n%+v", outcomes(rep), rep)
		}
		if l := rep.Lines[1]; l.ExpectedAmount != 9850 || l.InvoicedAmount != 9900 || l.OrderID != 202 ||
			l.Message != "Amount differs: the order expects € 98.50, the invoice charges € 99.00" {
			t.Fatalf("amount differs: %+v", l)
		}
		if rep.Lines[3].OrderID != 0 || rep.Lines[4].Message != "Same card and order as line 2" || rep.Lines[5].OrderID != 205 ||
			rep.Lines[6].OrderID != 204 || rep.Lines[7].Message != "Same card and order as line 2" {
			t.Fatalf("lines: %+v", rep.Lines)
		}
		if rep.Counts != (nmbsinvoice.Counts{Matched: 3, AmountDiffers: 1, UnknownOrder: 3, DuplicateInFile: 2}) {
			t.Fatalf("counts: %+v", rep.Counts)
		}
		rep = call(t, e, staff, "process", id)
		if rep.Counts != (nmbsinvoice.Counts{Invoiced: 3, AmountDiffers: 1, UnknownOrder: 3, DuplicateInFile: 2}) {
			t.Fatalf("process counts: %+v", rep.Counts)
		}
		var ids []int64
		if err := e.DB.Select(context.Background(), &ids, `SELECT order_id FROM nmbs_invoiced_orders ORDER BY order_id`); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(ids, []int64{201, 204, 205}) {
			t.Fatalf("invoiced orders: %v", ids)
		}
		// the differing order stays open: a corrected invoice matches it
		fix := call(t, e, staff, "process", uploadID(t, e, staff, seed.AcmeOspID, "NMBS", nmbsFile(
			[5]string{"INV-1-CORR", "22222222222222222", "2026-10-01", "98.50", ""})))
		if !slices.Equal(outcomes(fix), []string{"INVOICED"}) || fix.Lines[0].OrderID != 202 {
			t.Fatalf("corrected invoice: %+v", fix)
		}
		// the report is kept with the upload, in the caller's language
		nl := e.LoginAs("acme.admin") // Anna's language is nl
		kept := call(t, e, nl, "validate", id)
		if kept.Status != "PROCESSED" || kept.Counts.Invoiced != 3 || kept.Lines[1].Outcome != "AMOUNT_DIFFERS" {
			t.Fatalf("kept report: %+v", kept)
		}
	})
}

// The same file twice: the second upload invoices nothing (every line
// ALREADY_INVOICED by the first), a second process of one upload answers
// its report and writes nothing.
func TestNMBSInvoiceSameFileTwice(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme := e.CorporateAccountID(seed.AcmeOspID)
		e.App.NmbsInvoices.UseOrders(&fakeOrders{byMonth: map[string][]nmbsinvoice.Order{"202610": {
			octoberOrder(301, acme, "12345678901234567", 1, 21400), octoberOrder(302, acme, "22345678901234567", 1, 21400),
		}}})
		staff := e.LoginAs("ospadmin")
		file := nmbsFile([5]string{"I-9", "12345678901234567", "2026-10-01", "214", ""},
			[5]string{"I-9", "22345678901234567", "2026-10-01", "214", ""})
		first := uploadID(t, e, staff, seed.AcmeOspID, "NMBS", file)
		if r := call(t, e, staff, "process", first); r.Counts.Invoiced != 2 {
			t.Fatalf("first: %+v", r)
		}
		before := e.Snapshot()
		if r := call(t, e, staff, "process", first); r.Counts.Invoiced != 2 || r.Status != "PROCESSED" {
			t.Fatalf("first again: %+v", r)
		}
		if changed := e.Snapshot().Changed(before); len(changed) > 0 {
			t.Fatalf("a second process changed %v", changed)
		}
		second := uploadID(t, e, staff, seed.AcmeOspID, "NMBS", file)
		if r := call(t, e, staff, "validate", second); !slices.Equal(outcomes(r), []string{"ALREADY_INVOICED", "ALREADY_INVOICED"}) ||
			r.Lines[0].OrderID != 301 || r.Lines[0].Message != "Order 301 was invoiced by an earlier file" {
			t.Fatalf("second validate: %+v", r)
		}
		r := call(t, e, staff, "process", second)
		if r.Counts != (nmbsinvoice.Counts{AlreadyInvoiced: 2}) || invoicedCount(t, e, "NMBS") != 2 {
			t.Fatalf("second process: %+v", r)
		}
		// B-Parking is another provider: the same orders are invoiced apart
		if r := call(t, e, staff, "validate", uploadID(t, e, staff, seed.AcmeOspID, "BPARKING",
			"invoiceNumber,invoiceMonth,cardNumber,parking,periodStart,periodEnd,amountInclVat,vatRate\n"+
				"BP-1,202610,12345678901234567,Gent-Sint-Pieters P1,2026-10-01,2026-10-31,28.00,21\n")); r.Lines[0].Outcome != "UNKNOWN_ORDER" {
			t.Fatalf("bparking on an order without parking: %+v", r)
		}
	})
}

// B-Parking lines match orders that include parking and compare their
// parking part.
func TestBParkingInvoice(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme := e.CorporateAccountID(seed.AcmeOspID)
		e.App.NmbsInvoices.UseOrders(&fakeOrders{byMonth: map[string][]nmbsinvoice.Order{"202610": {
			withParking(octoberOrder(401, acme, "12345678901234567", 1, 21400), 2800),
			withParking(octoberOrder(402, acme, "22345678901234567", 1, 21400), 2800),
			octoberOrder(403, acme, "32345678901234567", 1, 21400),
		}}})
		admin := e.LoginAs("acme.admin")
		head := "invoiceNumber;invoiceMonth;cardNumber;parking;periodStart;periodEnd;amountInclVat;vatRate\n"
		id := uploadID(t, e, admin, seed.AcmeOspID, "BPARKING", head+
			"BP-2026-009911;202610;12345678901234567;Gent-Sint-Pieters P1 Fabiolalaan;2026-10-01;2026-10-31;28.00;21\n"+
			"BP-2026-009911;202610;22345678901234567;Brussel-Zuid P3;2026-10-01;2026-10-31;30.00;21\n"+
			"BP-2026-009911;202610;32345678901234567;Leuven P2;2026-10-01;2026-10-31;28.00;21\n")
		r := call(t, e, admin, "process", id)
		if !slices.Equal(outcomes(r), []string{"INVOICED", "AMOUNT_DIFFERS", "UNKNOWN_ORDER"}) || r.Lines[1].ExpectedAmount != 2800 ||
			r.Lines[1].InvoicedAmount != 3000 || r.Provider != "BPARKING" || invoicedCount(t, e, "BPARKING") != 1 {
			t.Fatalf("bparking: %+v", r)
		}
	})
}

// A file's shape: 501 rows, another format, a missing column and no rows
// are refused at upload with a clear error, nothing stored.
func TestInvoiceFileRefused(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff := e.LoginAs("ospadmin")
		var rows [][5]string
		for i := range 501 {
			rows = append(rows, [5]string{"I-1", fmt.Sprintf("1%016d", i), "2026-10-01", "10.00", ""})
		}
		before := e.Snapshot()
		for name, c := range map[string]struct {
			file, filename, provider, label, field string
		}{
			"501 rows":       {nmbsFile(rows...), "invoice.csv", "NMBS", "TOO_MANY_ROWS", "file"},
			"500 rows + one": {nmbsFile(rows...), "invoice.csv", "NMBS", "TOO_MANY_ROWS", "file"},
			"xlsx":           {nmbsFile(rows[0]), "invoice.xlsx", "NMBS", "UNSUPPORTED_FILE", "file"},
			"missing column": {"invoiceNumber;invoiceMonth\nI-1;202610\n", "invoice.csv", "NMBS", "MISSING_COLUMNS", "file"},
			"header only":    {strings.Join(nmbsinvoice.Columns("NMBS"), ";") + "\n", "invoice.csv", "NMBS", "EMPTY_FILE", "file"},
			"bparking as nmbs": {"invoiceNumber,invoiceMonth,cardNumber,parking,periodStart,periodEnd,amountInclVat,vatRate\n" +
				"BP-1,202610,12345678901234567,P1,2026-10-01,2026-10-31,28.00,21\n", "invoice.csv", "NMBS", "MISSING_COLUMNS", "file"},
			"other provider": {nmbsFile(rows[0]), "invoice.csv", "DELIJN", "VALIDATION_FAILED", "provider"},
			"no provider":    {nmbsFile(rows[0]), "invoice.csv", "", "VALIDATION_FAILED", "provider"},
			"NUL":            {nmbsFile(rows[0]) + "I-2\x00", "invoice.csv", "NMBS", "UNSUPPORTED_FILE", "file"},
		} {
			res := upload(t, e, staff, seed.AcmeOspID, c.provider, c.filename, c.file)
			if res.Status != http.StatusBadRequest || res.Label() != c.label || res.Field() != c.field {
				t.Errorf("%s: %d %s", name, res.Status, res.Body)
			}
		}
		if changed := e.Snapshot().Changed(before); len(changed) > 0 {
			t.Fatalf("refused uploads changed %v", changed)
		}
		// 500 rows pass
		if id := uploadID(t, e, staff, seed.AcmeOspID, "NMBS", nmbsFile(rows[:500]...)); id == "" {
			t.Fatal("500 rows refused")
		}
	})
}

// Bad lines: every wrong field is named on its line, translated; process
// of such a file writes nothing and answers the errors.
func TestInvoiceBadLines(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff := e.LoginAs("ospadmin")
		head := strings.Join(nmbsinvoice.Columns("NMBS"), ";") + "\n"
		ok := "I-1;202610;ACME;;12345678901234567;Abonnement;2026-10-01;2026-10-31;214.00;6\n"
		file := head + ok +
			"I 1;202613;AC1;12x;12ab;Abonnement;2026-10-01;2026-09-30;-5;121\n" + // line 3: six fields
			"I-2;202609;ACME;;12345678901234567;Abonnement;1900-01-01;9999-12-31;99999999999.00;6\n" + // line 4: other month, dates, amount
			"I-3;202612;ACME;9223372036854775808;12345678901234567;" + strings.Repeat("x", 50000) + ";2026-10-01;2026-10-31;1;6\n" +
			"I-4;202610;ACME;;12345678901234567;with\x01control;2026-10-01;2026-10-31;1;6\n"
		id := uploadID(t, e, staff, seed.AcmeOspID, "NMBS", file)
		r := call(t, e, staff, "validate", id)
		got := map[string]bool{}
		for _, le := range r.Errors {
			got[fmt.Sprintf("%d:%s", le.Line, le.Field)] = true
			if len(le.Messages) != 1 || le.Messages[0] == "" {
				t.Errorf("error without a message: %+v", le)
			}
		}
		want := []string{"3:invoiceNumber", "3:invoiceMonth", "3:organismNumber", "3:orderReference", "3:mobibCardNumber", "3:periodEnd",
			"3:amountInclVat", "3:vatRate", "4:invoiceMonth", "4:periodStart", "4:periodEnd", "4:amountInclVat", "5:invoiceMonth",
			"5:orderReference", "5:product", "6:product"}
		for _, w := range want {
			if !got[w] {
				t.Errorf("missing error %s in %+v", w, r.Errors)
			}
		}
		if r.Valid || len(r.Errors) != len(want) || len(r.Lines) != 0 || r.InvoiceMonth != "" {
			t.Fatalf("report: %d errors %+v", len(r.Errors), r)
		}
		fr := e.LoginAs("initech.admin") // French; another company's admin, so platform staff's file is not theirs
		if res := e.Post(base+"/validate", fr, map[string]any{"uploadId": id}); res.Status != http.StatusNotFound {
			t.Fatalf("initech validates acme's: %d", res.Status)
		}
		before := e.Snapshot()
		if p := call(t, e, staff, "process", id); p.Valid || len(p.Errors) != len(want) || p.Status != "UPLOADED" {
			t.Fatalf("process of a bad file: %+v", p)
		}
		if changed := e.Snapshot().Changed(before); len(changed) > 0 {
			t.Fatalf("process of a bad file changed %v", changed)
		}
		// a French admin of Initech reads their own file's errors in French
		fid := uploadID(t, e, fr, seed.InitechOspID, "NMBS", head+"I-1;202610;AC;;12345678901234567;A;2026-10-01;2026-10-31;1;6\n")
		if r := call(t, e, fr, "validate", fid); len(r.Errors) != 1 || r.Errors[0].Messages[0] != "Le numéro d'organisme compte 4 lettres" {
			t.Fatalf("french: %+v", r.Errors)
		}
	})
}

// An NMBS invoice line carries the company's organism number: once the
// company's NMBS settings hold one, a line of another organism is named as
// another company's, in the caller's language, and process writes nothing.
// Without settings any 4 letters pass (nothing to compare with).
func TestInvoiceOrganismOfTheCompany(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff := e.LoginAs("ospadmin")
		head := strings.Join(nmbsinvoice.Columns("NMBS"), ";") + "\n"
		lineOf := func(organism string) string {
			return "I-1;202610;" + organism + ";;12345678901234567;Abonnement;2026-10-01;2026-10-31;214.00;6\n"
		}
		other := uploadID(t, e, staff, seed.AcmeOspID, "NMBS", head+lineOf("ACME")+lineOf("BETA"))
		if r := call(t, e, staff, "validate", other); !r.Valid || len(r.Errors) != 0 {
			t.Fatalf("without settings: %+v", r.Errors)
		}
		testkit.MustStatus(t, e.Post("/portal-service/v1/seasonTicket/configuration/update", staff, map[string]any{
			"corporateAccountOspId": seed.AcmeOspID, "enabled": true, "products": []string{"ROUTE"}, "classes": []int{2},
			"budgetTypes": []string{"MOBILITY_BUDGET"}, "organismNumber": "acme"}), http.StatusOK)
		r := call(t, e, staff, "validate", other)
		if r.Valid || len(r.Errors) != 1 || r.Errors[0].Line != 3 || r.Errors[0].Field != "organismNumber" ||
			r.Errors[0].Messages[0] != "This line is for organism BETA; the company's NMBS settings hold organism ACME" {
			t.Fatalf("other organism: %+v", r.Errors)
		}
		before := e.Snapshot()
		if p := call(t, e, staff, "process", other); p.Valid || p.Status != "UPLOADED" {
			t.Fatalf("process: %+v", p)
		}
		if changed := e.Snapshot().Changed(before); len(changed) > 0 {
			t.Fatalf("process of another organism's lines changed %v", changed)
		}
		// lower case is the same organism
		same := uploadID(t, e, staff, seed.AcmeOspID, "NMBS", head+lineOf("acme"))
		if r := call(t, e, staff, "validate", same); !r.Valid {
			t.Fatalf("own organism: %+v", r.Errors)
		}
	})
}

// Who: invoice managers of the company, of its partner, and platform
// staff; another company's or partner's are refused (404) and change
// nothing; an admin without invoice_manager gets 403.
func TestInvoiceTenancyAndRoles(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme := e.CorporateAccountID(seed.AcmeOspID)
		e.App.NmbsInvoices.UseOrders(&fakeOrders{byMonth: map[string][]nmbsinvoice.Order{"202610": {
			octoberOrder(501, acme, "12345678901234567", 1, 21400)}}})
		file := nmbsFile([5]string{"I-1", "12345678901234567", "2026-10-01", "214.00", ""})
		e.CompanyAdmin("globex.invoices", seed.GlobexOspID, access.InvoiceManager)
		e.PartnerAdmin("rideon.invoices", seed.OtherPartnerOspID, access.InvoiceManager)
		e.CompanyAdmin("acme.users", seed.AcmeOspID, access.UserManager)
		e.CompanyAdmin("acme.invoices", seed.AcmeOspID, access.InvoiceManager)
		id := uploadID(t, e, e.LoginAs("msp.admin"), seed.AcmeOspID, "NMBS", file)
		tokens := map[string]string{}
		for _, l := range []string{"globex.invoices", "rideon.invoices", "acme.users", "acme.invoices", "ospadmin"} {
			tokens[l] = e.LoginAs(l)
		}
		before := e.Snapshot()
		for _, c := range []struct {
			login  string
			status int
		}{{"globex.invoices", http.StatusNotFound}, {"rideon.invoices", http.StatusNotFound}, {"acme.users", http.StatusForbidden}} {
			tok := tokens[c.login]
			if res := upload(t, e, tok, seed.AcmeOspID, "NMBS", "invoice.csv", file); res.Status != c.status {
				t.Errorf("%s uploads for Acme: %d %s", c.login, res.Status, res.Body)
			}
			for _, what := range []string{"validate", "process"} {
				if res := e.Post(base+"/"+what, tok, map[string]any{"uploadId": id}); res.Status != c.status {
					t.Errorf("%s %s Acme's: %d %s", c.login, what, res.Status, res.Body)
				}
			}
			if res := e.Post(base+"/history", tok, map[string]any{"corporateAccountOspId": seed.AcmeOspID, "provider": "NMBS"}); res.Status != c.status {
				t.Errorf("%s history of Acme: %d", c.login, res.Status)
			}
			if res := e.Do(testkit.Request{Method: http.MethodGet, Path: base + "/download/" + id, Token: tok}); res.Status != c.status {
				t.Errorf("%s downloads Acme's: %d", c.login, res.Status)
			}
		}
		for _, bad := range []map[string]any{{"uploadId": ""}, {"uploadId": strings.Repeat("a", 50000)}, {"uploadId": "x\x00y"}} {
			if res := e.Post(base+"/process", tokens["ospadmin"], bad); res.Status != http.StatusBadRequest && res.Status != http.StatusNotFound {
				t.Errorf("process %q: %d", fmt.Sprint(bad["uploadId"])[:min(10, len(fmt.Sprint(bad["uploadId"])))], res.Status)
			}
		}
		if changed := e.Snapshot().Changed(before); len(changed) > 0 {
			t.Fatalf("refused calls changed %v", changed)
		}
		// Acme's own invoice manager processes the MSP admin's upload
		if r := call(t, e, tokens["acme.invoices"], "process", id); r.Counts.Invoiced != 1 {
			t.Fatalf("acme's invoice manager: %+v", r)
		}
	})
}
