package document

import (
	"bytes"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"mobility/portal/internal/testkit/filecheck"
)

// pdfText reads the PDF back with an independent reader.
func pdfText(t *testing.T, b []byte) (string, int) { return filecheck.PDFText(t, b) }

func renderPDF(t *testing.T, d Doc) string {
	t.Helper()
	var buf bytes.Buffer
	if err := PDF(d, &buf); err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(buf.Bytes(), []byte("%PDF-")) {
		t.Fatalf("not a PDF: %q", buf.Bytes()[:min(20, buf.Len())])
	}
	text, _ := pdfText(t, buf.Bytes())
	return text
}

func mustContain(t *testing.T, text string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("the PDF does not show %q; it reads:\n%s", w, text)
		}
	}
}

func TestPDFShowsTheInvoiceInItsLanguage(t *testing.T) {
	d := invoiceDoc(t)
	// net 1,340.00; VAT 6 % on 1,230.00 = 73.80, 21 % on 110.00 = 23.10
	if d.TotalAmount != 143_690 {
		t.Fatalf("fixture total %d", d.TotalAmount)
	}
	nl := renderPDF(t, d)
	mustContain(t, nl, "Factuur", "INV-2026-000042", "€ 1.436,90", "+++090/9337/55493+++", "€ 1.340,00", "€ 73,80", "€ 23,10",
		"Acme België BV", "Liège", "BE0202239951", "0202.239.951", "Mobility Platform NV", "BE0403170701",
		"02/11/2026", "02/12/2026", "01/10/2026", "31/10/2026", "Treinritten oktober", "BE71 0961 2345 6769", "GKCCBEBB",
		"Gestructureerde mededeling", "Btw-overzicht", "6 %", "21 %", "12", "€ 102,50")

	d.Language = "en"
	en := renderPDF(t, d)
	mustContain(t, en, "Invoice", "€1,436.90", "Structured reference", "VAT summary", "Please transfer €1,436.90 by 02/12/2026")
	if strings.Contains(en, "Factuur") {
		t.Error("an English document shows Dutch labels")
	}

	d.Language, d.PaymentMethod = "fr", "DIRECT_DEBIT"
	fr := renderPDF(t, d)
	mustContain(t, fr, "Facture", "€ 1.436,90", "prélevé par domiciliation", "Communication structurée")
}

func TestPDFTitlesAndMentionsByKind(t *testing.T) {
	cn := creditNoteDoc(t)
	cn.Language = "en"
	mustContain(t, renderPDF(t, cn), "Credit note", "INV-2026-000050", "Credits invoice INV-2026-000042 of 02/11/2026", "-€1,436.90", "will be credited")

	sb := selfBillingDoc(t)
	sb.Language = "fr"
	text := renderPDF(t, sb)
	mustContain(t, text, "Facture d'autofacturation", "Autofacturation", "SB-2026-000007", "Blue Bikes CV", "BE62 5100 0754 7061", "95,5")
	sb.Language = "en"
	mustContain(t, renderPDF(t, sb), "Self-billing invoice", "Self-billing", "We will transfer")

	pre := docWith(t, KindInvoice, true, expenseLine("Trein", 1000, 10_000, 10_000, 600))
	pre.Language = "en"
	mustContain(t, renderPDF(t, pre), "Prepaid", "-€106.00", "Amount due", "€0.00", "nothing is due")
}

// A long document goes on over pages, each with the table's header, and
// every line is on some page.
func TestPDFBreaksLongDocumentsOverPages(t *testing.T) {
	var lines []Line
	for i := range 120 {
		lines = append(lines, expenseLine(fmt.Sprintf("Lijn nummer %03d met een omschrijving die lang genoeg is om over twee regels te lopen in de tabel", i), 1000, 100, 100, 2100))
	}
	var buf bytes.Buffer
	if err := PDF(docWith(t, KindInvoice, false, lines...), &buf); err != nil {
		t.Fatal(err)
	}
	text, pages := pdfText(t, buf.Bytes())
	if pages < 3 {
		t.Fatalf("120 two-row lines on %d pages", pages)
	}
	for _, n := range []string{"000", "061", "119"} {
		mustContain(t, text, "Lijn nummer "+n)
	}
	if got := strings.Count(text, "Omschrijving"); got != pages {
		t.Errorf("the lines' header is on %d of %d pages", got, pages)
	}
	mustContain(t, text, fmt.Sprintf("Pagina %d van %d", pages, pages))
}

func TestPDFRefusesBrokenTotals(t *testing.T) {
	d := invoiceDoc(t)
	d.TotalAmount++
	if err := PDF(d, &bytes.Buffer{}); err == nil {
		t.Fatal("a document whose total is not net + VAT was written")
	}
}

// The same document gives the same bytes (the PDF's dates are its issue
// date), so a downloaded document equals the mailed one.
func TestPDFIsReproducible(t *testing.T) {
	var a, b bytes.Buffer
	if err := PDF(invoiceDoc(t), &a); err != nil {
		t.Fatal(err)
	}
	if err := PDF(invoiceDoc(t), &b); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Fatal("two renderings of one document differ")
	}
	if os.Getenv("DOCUMENT_PDF_OUT") != "" {
		_ = os.WriteFile(os.Getenv("DOCUMENT_PDF_OUT"), a.Bytes(), 0o644)
	}
}

// BenchmarkPDF renders a 30-line invoice; TestPDFTime reports its median.
func BenchmarkPDF(b *testing.B) {
	d := pdfBenchDoc(b)
	b.ReportAllocs()
	for b.Loop() {
		if err := PDF(d, &bytes.Buffer{}); err != nil {
			b.Fatal(err)
		}
	}
}

func pdfBenchDoc(tb testing.TB) Doc {
	var lines []Line
	for i := range 30 {
		lines = append(lines, expenseLine(fmt.Sprintf("Uitgaven mobiliteitsvorm %d", i), 1000*int64(i+1), 1250, 1250*int64(i+1), []int{600, 2100, 0}[i%3]))
	}
	return docWith(tb, KindInvoice, false, lines...)
}

// The aim is one PDF under 50 ms; on a shared machine the median of 9 is
// asserted against a bound 4 times looser so the test does not flake.
func TestPDFTime(t *testing.T) {
	d := pdfBenchDoc(t)
	var times []time.Duration
	for range 9 {
		start := time.Now()
		if err := PDF(d, &bytes.Buffer{}); err != nil {
			t.Fatal(err)
		}
		times = append(times, time.Since(start))
	}
	slices.Sort(times)
	t.Logf("PDF of %d lines: median %v", len(d.Lines), times[4])
	if times[4] > 200*time.Millisecond {
		t.Fatalf("median PDF time %v", times[4])
	}
}
