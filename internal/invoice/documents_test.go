package invoice_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/csv"
	"encoding/xml"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"mobility/portal/internal/access"
	"mobility/portal/internal/invoice"
	"mobility/portal/internal/invoice/document"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
	"mobility/portal/internal/testkit/filecheck"
)

const v1 = "/portal-service/v1/invoice"

func get(e *testkit.Env, path, token string) *testkit.Response {
	return e.Do(testkit.Request{Method: http.MethodGet, Path: path, Token: token})
}

func pdfText(t *testing.T, b []byte) string {
	text, _ := filecheck.PDFText(t, b)
	return text
}

func TestDocumentFilesByRoleAndTenant(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		_, osp, number := store(t, e, spec{company: seed.AcmeOspID, items: 3})
		_, bare, _ := store(t, e, spec{company: seed.AcmeOspID, month: "202609"})
		e.CompanyAdmin("acme.invoices", seed.AcmeOspID, access.InvoiceManager)
		e.CompanyAdmin("acme.users", seed.AcmeOspID, access.UserManager)
		e.CompanyAdmin("globex.invoices", seed.GlobexOspID, access.InvoiceManager)
		e.CompanyAdmin("acme.reports", seed.AcmeOspID, access.ReportingManager)
		acme, users, globex, reports := e.LoginAs("acme.invoices"), e.LoginAs("acme.users"), e.LoginAs("globex.invoices"), e.LoginAs("acme.reports")

		res := get(e, v1+"/download/pdf/"+osp, acme)
		testkit.MustStatus(t, res, http.StatusOK)
		if res.Header.Get("Content-Type") != "application/pdf" || res.Header.Get("Content-Disposition") != `attachment; filename="`+number+`.pdf"` {
			t.Errorf("PDF headers %v", res.Header)
		}
		// 100.00 + 6 % and 50.00 + 21 %: 106.00 + 60.50 = 166.50
		if text := pdfText(t, res.Body); !strings.Contains(text, number) || !strings.Contains(text, "€ 166,50") || !strings.Contains(text, "+++090/9337/55493+++") {
			t.Errorf("the PDF reads:\n%s", text)
		}

		res = get(e, v1+"/xml/"+osp, users)
		testkit.MustStatus(t, res, http.StatusOK)
		var u struct {
			XMLName xml.Name
			ID      string `xml:"ID"`
			Payable string `xml:"LegalMonetaryTotal>PayableAmount"`
		}
		if err := xml.Unmarshal(res.Body, &u); err != nil || u.XMLName.Local != "Invoice" || u.ID != number || u.Payable != "166.50" {
			t.Errorf("UBL %+v %v", u, err)
		}
		if res.Header.Get("Content-Type") != "application/xml" {
			t.Errorf("UBL content type %q", res.Header.Get("Content-Type"))
		}

		res = get(e, v1+"/detail/csv/"+osp, acme)
		testkit.MustStatus(t, res, http.StatusOK)
		rows, err := csv.NewReader(bytes.NewReader(res.Body)).ReadAll()
		if err != nil || len(rows) != 4 || rows[1][2] != "exp-1" || rows[1][8] != "'=cmd" || rows[3][9] != "53.00" {
			t.Errorf("detail CSV %q %v", rows, err)
		}
		if !strings.HasPrefix(res.Header.Get("Content-Type"), "text/csv") {
			t.Errorf("CSV content type %q", res.Header.Get("Content-Type"))
		}

		// SPEC §8: a document without items has no detail report
		res = e.Do(testkit.Request{Method: http.MethodGet, Path: v1 + "/detail/csv/" + bare, Token: acme})
		testkit.MustStatus(t, res, http.StatusNotFound)
		if res.Label() != invoice.LabelDetailNotFound || !strings.Contains(string(res.Body), "An invoice detail report does not exist for this corporate account and period.") {
			t.Errorf("empty detail: %s", res.Body)
		}

		for _, path := range []string{"/download/pdf/", "/xml/", "/detail/csv/"} {
			// another tenant's document does not exist for Globex
			if res := get(e, v1+path+osp, globex); res.Status != http.StatusNotFound {
				t.Errorf("Globex %s: %d %s", path, res.Status, res.Body)
			}
			// a reporting manager may not read invoices
			if res := get(e, v1+path+osp, reports); res.Status != http.StatusForbidden {
				t.Errorf("reporting manager %s: %d", path, res.Status)
			}
			if res := get(e, v1+path+"00000000-0000-4000-8000-000000000000", acme); res.Status != http.StatusNotFound {
				t.Errorf("unknown id %s: %d", path, res.Status)
			}
			if res := get(e, v1+path+osp, ""); res.Status != http.StatusUnauthorized {
				t.Errorf("anonymous %s: %d", path, res.Status)
			}
		}
	})
}

func readZip(t *testing.T, b []byte) map[string][]byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatalf("ZIP: %v", err)
	}
	out := map[string][]byte{}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if _, err := buf.ReadFrom(rc); err != nil {
			t.Fatal(err)
		}
		rc.Close()
		out[f.Name] = buf.Bytes()
	}
	return out
}

func keys(m map[string][]byte) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func TestDownloadByFilterZipsOneFilePerDocument(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		_, _, n1 := store(t, e, spec{company: seed.AcmeOspID, month: "202608", items: 2})
		_, _, n2 := store(t, e, spec{company: seed.AcmeOspID, month: "202609", status: invoice.StatusPaid})
		_, _, n3 := store(t, e, spec{company: seed.AcmeOspID, month: "202610", items: 1, language: "en"})
		store(t, e, spec{company: seed.GlobexOspID, month: "202610", items: 1})
		e.CompanyAdmin("acme.invoices", seed.AcmeOspID, access.InvoiceManager)
		acme := e.LoginAs("acme.invoices")

		res := e.Post(v1+"/downloadByFilter/pdf", acme, map[string]any{})
		testkit.MustStatus(t, res, http.StatusOK)
		if res.Header.Get("Content-Type") != "application/zip" || !strings.Contains(res.Header.Get("Content-Disposition"), "attachment") {
			t.Errorf("ZIP headers %v", res.Header)
		}
		files := readZip(t, res.Body)
		if got, want := keys(files), []string{n1 + ".pdf", n2 + ".pdf", n3 + ".pdf"}; !slices.Equal(got, want) {
			t.Fatalf("PDF entries %v, want %v (Globex's is not Acme's)", got, want)
		}
		if !strings.Contains(pdfText(t, files[n3+".pdf"]), "Invoice") || !bytes.HasPrefix(files[n1+".pdf"], []byte("%PDF-")) {
			t.Error("the entries are the documents' PDFs")
		}

		res = e.Post(v1+"/downloadByFilter/xml", acme, map[string]any{"statuses": []string{"CREATED"}})
		testkit.MustStatus(t, res, http.StatusOK)
		files = readZip(t, res.Body)
		if got, want := keys(files), []string{n1 + ".xml", n3 + ".xml"}; !slices.Equal(got, want) {
			t.Fatalf("XML entries %v, want %v", got, want)
		}
		if !bytes.Contains(files[n1+".xml"], []byte("<cbc:ID>"+n1+"</cbc:ID>")) {
			t.Errorf("XML entry %s", files[n1+".xml"])
		}

		// the CSV archive holds the documents that have a detail
		res = e.Post(v1+"/downloadByFilter/csv", acme, map[string]any{})
		testkit.MustStatus(t, res, http.StatusOK)
		files = readZip(t, res.Body)
		if got, want := keys(files), []string{n1 + "-detail.csv", n3 + "-detail.csv"}; !slices.Equal(got, want) {
			t.Fatalf("CSV entries %v, want %v", got, want)
		}
		if rows, _ := csv.NewReader(bytes.NewReader(files[n1+"-detail.csv"])).ReadAll(); len(rows) != 3 {
			t.Errorf("CSV entry rows %q", rows)
		}

		// over the bound: 400 before any byte of a ZIP, naming the count
		defer invoice.SetDownloadLimits(2, 2)()
		res = e.Post(v1+"/downloadByFilter/pdf", acme, map[string]any{})
		testkit.MustStatus(t, res, http.StatusBadRequest)
		if res.Label() != invoice.LabelDownloadTooLarge || res.Field() != "filter" || !strings.Contains(string(res.Body), "matches 3 documents; one download holds at most 2") ||
			res.Header.Get("Content-Type") == "application/zip" {
			t.Errorf("too many: %s %v", res.Body, res.Header)
		}
		res = e.Post(v1+"/downloadByFilter/pdf", acme, map[string]any{"monthFrom": "202609"})
		testkit.MustStatus(t, res, http.StatusOK)
		if got := keys(readZip(t, res.Body)); len(got) != 2 {
			t.Errorf("narrowed: %v", got)
		}
		// the filter's own rules still answer field errors
		res = e.Post(v1+"/downloadByFilter/pdf", acme, map[string]any{"monthFrom": "202610", "monthTo": "202601"})
		if res.Status != http.StatusBadRequest || res.Field() != "monthTo" {
			t.Errorf("month order: %d %s", res.Status, res.Body)
		}
	})
}

func TestDownloadXLSXHasTheListsRows(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		_, _, n1 := store(t, e, spec{company: seed.AcmeOspID, month: "202609"})
		_, _, n2 := store(t, e, spec{company: seed.AcmeOspID, month: "202610", prepaid: true, status: invoice.StatusPaid})
		store(t, e, spec{company: seed.GlobexOspID})
		e.CompanyAdmin("acme.invoices", seed.AcmeOspID, access.InvoiceManager)
		acme := e.LoginAs("acme.invoices")

		res := e.Post(v1+"/download/xlsx", acme, map[string]any{})
		testkit.MustStatus(t, res, http.StatusOK)
		if !strings.HasPrefix(res.Header.Get("Content-Type"), "application/vnd.openxmlformats") {
			t.Errorf("content type %q", res.Header.Get("Content-Type"))
		}
		f, err := excelize.OpenReader(bytes.NewReader(res.Body))
		if err != nil {
			t.Fatal(err)
		}
		rows, err := f.GetRows("Sheet1", excelize.Options{RawCellValue: true})
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) != 3 || rows[0][0] != "Number" || rows[1][0] != n1 || rows[2][0] != n2 {
			t.Fatalf("rows %q", rows)
		}
		// total 166.50; the prepaid one payable 0 and PAID
		if rows[1][9] != "166.5" || rows[2][10] != "166.5" || rows[2][11] != "0" || rows[2][6] != "Paid" {
			t.Errorf("amounts %q / %q", rows[1], rows[2])
		}

		defer invoice.SetDownloadLimits(2, 1)()
		res = e.Post(v1+"/download/xlsx", acme, map[string]any{})
		if res.Status != http.StatusBadRequest || res.Label() != invoice.LabelDownloadTooLarge {
			t.Errorf("over the bound: %d %s", res.Status, res.Body)
		}
	})
}

// The service checks the filter with the caller's reach: a partner's MSP
// admin zips its companies' documents, a company's only its own.
func TestZipFollowsTheCallersReach(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		store(t, e, spec{company: seed.AcmeOspID})
		store(t, e, spec{company: seed.GlobexOspID})
		ctx := context.Background()
		var buf bytes.Buffer
		n, err := e.App.Invoices.WriteZip(ctx, staff(), invoice.Filter{}, invoice.FormatXML, &buf)
		if err != nil || n != 2 {
			t.Fatalf("staff: %d files, %v", n, err)
		}
		if got := len(readZip(t, buf.Bytes())); got != 2 {
			t.Errorf("%d entries", got)
		}
		buf.Reset()
		n, err = e.App.Invoices.WriteZip(ctx, staff(), invoice.Filter{CorporateAccountOspID: seed.GlobexOspID}, invoice.FormatXML, &buf)
		if err != nil || n != 1 {
			t.Fatalf("Globex only: %d files, %v", n, err)
		}
	})
}

var _ = document.KindInvoice

// Documents as the run and the credit note issue them pass the Peppol
// rules once loaded back from the database: the invoice, and its credit
// note (negative stored amounts, written positive in a CreditNote).
func TestIssuedDocumentsPassThePeppolRules(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		tool := filecheck.PeppolValidator(t)
		ctx := context.Background()
		bookAndRun(t, e, seed.GlobexOspID, "run.peppol", time.September)
		var osp string
		if err := e.DB.Get(ctx, &osp, `SELECT osp_id FROM invoices WHERE kind = 'INVOICE' AND corporate_account_id = ?`,
			e.CorporateAccountID(seed.GlobexOspID)); err != nil {
			t.Fatal(err)
		}
		p := staff()
		if err := e.DB.Get(ctx, &p.UserID, `SELECT id FROM users WHERE login = 'ospadmin'`); err != nil {
			t.Fatal(err)
		}
		cn, err := e.App.Invoices.CreditNote(ctx, p, invoice.CreditNoteRequest{OspID: osp, Reason: "wrong month"})
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range []string{osp, cn.OspID} {
			f, err := e.App.Invoices.DocumentFile(ctx, p, id, invoice.FormatXML)
			if err != nil {
				t.Fatal(err)
			}
			if out, ok := filecheck.ValidateUBL(t, tool, f.Name, f.Body); !ok {
				t.Errorf("%s:\n%s\n%s", f.Name, out, f.Body)
			}
			pdfFile, err := e.App.Invoices.DocumentFile(ctx, p, id, invoice.FormatPDF)
			if err != nil {
				t.Fatal(err)
			}
			if text := pdfText(t, pdfFile.Body); !strings.Contains(text, "12,10") {
				t.Errorf("%s reads:\n%s", pdfFile.Name, text)
			}
		}
		if !strings.Contains(cn.Number, "INV-") || cn.TotalAmount != -1210 {
			t.Errorf("credit note %+v", cn.Invoice)
		}
	})
}
