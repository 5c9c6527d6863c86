package document

import (
	"io"
	"strings"
	"sync"
	"time"

	"github.com/go-pdf/fpdf"
)

// The PDF uses the core Helvetica fonts, which every reader has, so no font
// file is read at run time; text goes through fpdf's cp1252 translator
// (embedded in the library), which covers € and the accents of nl and fr.
// A4 portrait, millimetres.
const (
	pageHeight    = 297.0
	margin        = 15.0
	contentWidth  = 210.0 - 2*margin
	bottomMargin  = 20.0
	rowHeight     = 5.0
	totalsLabelW  = 55.0
	totalsValueW  = 35.0
	partyColWidth = contentWidth/2 - 5
)

// cp1252 is fpdf's UTF-8 → cp1252 translator, built once: it is a pure
// function of the embedded code page map.
var cp1252 = sync.OnceValue(func() func(string) string {
	return fpdf.New("P", "mm", "A4", "").UnicodeTranslatorFromDescriptor("cp1252")
})

// columns of the lines table: description, quantity, unit price, VAT, net.
var lineCols = [5]float64{82, 22, 28, 18, 30}

// PDF writes the document as a PDF a person reads: title by kind (and the
// self-billing mention), seller and buyer with their VAT and enterprise
// numbers, number and dates, the lines, the VAT per rate, the totals and
// how it is paid (structured reference, IBAN, BIC), in the document's
// language. The same Doc always gives the same bytes (the PDF's dates are
// its issue date).
func PDF(d Doc, w io.Writer) error {
	if err := d.CheckTotals(); err != nil {
		return err
	}
	p := &pdfWriter{Fpdf: fpdf.New("P", "mm", "A4", ""), d: &d, tr: cp1252()}
	p.SetCatalogSort(true) // fonts in a fixed order: same Doc, same bytes
	p.SetMargins(margin, margin, margin)
	p.SetAutoPageBreak(true, bottomMargin)
	if t, err := time.Parse(time.DateOnly, d.IssueDate); err == nil {
		p.SetCreationDate(t)
		p.SetModificationDate(t)
	}
	title := d.t("invoice.doc.title." + d.Kind)
	p.SetTitle(title+" "+d.Number, true)
	p.SetAuthor(d.Seller.Name, true)
	p.AliasNbPages("{nb}")
	p.SetFooterFunc(func() {
		p.SetY(-15)
		p.SetFont("Helvetica", "", 8)
		p.SetTextColor(110, 110, 110)
		p.CellFormat(0, 5, p.tr(d.Number+"  ·  "+d.t("invoice.doc.page", p.PageNo(), "{nb}")), "", 0, "R", false, 0, "")
		p.SetTextColor(0, 0, 0)
	})
	p.AddPage()

	p.header(title)
	p.parties()
	p.meta()
	p.lines()
	p.vatSummary()
	p.totals()
	p.payment()
	return p.Output(w)
}

type pdfWriter struct {
	*fpdf.Fpdf
	d  *Doc
	tr func(string) string
}

// split translates s and wraps it to width w in the current font (by
// bytes: the translated text is cp1252, not UTF-8), at least one line.
func (p *pdfWriter) split(s string, w float64) []string {
	var out []string
	for _, l := range p.SplitLines([]byte(p.tr(s)), w) {
		out = append(out, string(l))
	}
	if len(out) == 0 {
		out = []string{""}
	}
	return out
}

// text writes one cell of translated text.
func (p *pdfWriter) text(w, h float64, s, align string) {
	p.CellFormat(w, h, p.tr(s), "", 0, align, false, 0, "")
}

func (p *pdfWriter) header(title string) {
	p.SetFont("Helvetica", "B", 20)
	p.text(contentWidth/2, 10, title, "L")
	p.SetFont("Helvetica", "B", 11)
	p.text(contentWidth/2, 10, p.d.Number, "R")
	p.Ln(10)
	if p.d.Kind == KindSelfBilling {
		p.SetFont("Helvetica", "B", 11)
		p.text(contentWidth, 6, p.d.t("invoice.doc.selfBillingMention"), "L")
		p.Ln(6)
	}
	p.Ln(4)
}

// parties writes seller (left) and buyer (right) side by side.
func (p *pdfWriter) parties() {
	top := p.GetY()
	left := p.party(margin, top, p.d.t("invoice.doc.seller"), p.d.Seller)
	right := p.party(margin+contentWidth/2+5, top, p.d.t("invoice.doc.buyer"), p.d.Buyer)
	p.SetXY(margin, max(left, right)+6)
}

// party writes one party's block at (x, y) and answers where it ended.
func (p *pdfWriter) party(x, y float64, label string, party Party) float64 {
	p.SetXY(x, y)
	p.SetFont("Helvetica", "B", 8)
	p.SetTextColor(110, 110, 110)
	p.text(partyColWidth, 4, strings.ToUpper(label), "L")
	p.SetTextColor(0, 0, 0)
	y += 5
	p.SetFont("Helvetica", "B", 10)
	for _, l := range p.split(party.Name, partyColWidth) {
		p.SetXY(x, y)
		p.CellFormat(partyColWidth, rowHeight, l, "", 0, "L", false, 0, "")
		y += rowHeight
	}
	p.SetFont("Helvetica", "", 9)
	rows := []string{
		strings.TrimSpace(party.Street + " " + party.StreetNumber),
		strings.TrimSpace(party.ZipCode + " " + party.City),
		party.Country,
	}
	if party.VatNumber != "" {
		rows = append(rows, p.d.t("invoice.doc.vatNumber")+": "+party.VatNumber)
	}
	if party.CompanyNumber != "" {
		rows = append(rows, p.d.t("invoice.doc.companyNumber")+": "+formatCompanyNumber(party.CompanyNumber))
	}
	if party.Email != "" {
		rows = append(rows, party.Email)
	}
	for _, r := range rows {
		if r == "" {
			continue
		}
		p.SetXY(x, y)
		p.text(partyColWidth, 4.5, r, "L")
		y += 4.5
	}
	return y
}

// formatCompanyNumber writes a 10-digit enterprise number as 0123.456.749.
func formatCompanyNumber(s string) string {
	if len(s) != 10 {
		return s
	}
	return s[:4] + "." + s[4:7] + "." + s[7:]
}

// meta writes number, dates, period, PO number and a credit note's invoice.
func (p *pdfWriter) meta() {
	d := p.d
	rows := [][2]string{
		{d.t("invoice.doc.number"), d.Number},
		{d.t("invoice.doc.issueDate"), date(d.IssueDate)},
	}
	if d.DueDate != "" {
		rows = append(rows, [2]string{d.t("invoice.doc.dueDate"), date(d.DueDate)})
	}
	if d.PeriodStart != "" {
		rows = append(rows, [2]string{d.t("invoice.doc.period"), date(d.PeriodStart) + " – " + date(d.PeriodEnd)})
	}
	if d.PONumber != "" {
		rows = append(rows, [2]string{d.t("invoice.doc.poNumber"), d.PONumber})
	}
	for _, r := range rows {
		p.SetFont("Helvetica", "B", 9)
		p.text(40, 5, r[0], "L")
		p.SetFont("Helvetica", "", 9)
		p.text(contentWidth-40, 5, r[1], "L")
		p.Ln(5)
	}
	if d.Kind == KindCreditNote && d.CreditedNumber != "" {
		p.SetFont("Helvetica", "I", 9)
		p.text(contentWidth, 5, d.t("invoice.doc.credits", d.CreditedNumber, date(d.CreditedDate)), "L")
		p.Ln(5)
	}
	p.Ln(5)
}

func (p *pdfWriter) linesHeader() {
	d := p.d
	p.SetFont("Helvetica", "B", 9)
	p.SetFillColor(235, 238, 242)
	heads := []string{d.t("invoice.doc.col.description"), d.t("invoice.doc.col.quantity"), d.t("invoice.doc.col.unitPrice"), d.t("invoice.doc.col.vat"), d.t("invoice.doc.col.net")}
	for i, h := range heads {
		align := "R"
		if i == 0 {
			align = "L"
		}
		p.CellFormat(lineCols[i], 7, p.tr(h), "B", 0, align, true, 0, "")
	}
	p.Ln(7)
}

// ensure starts a new page when h more millimetres do not fit, and answers
// whether it did.
func (p *pdfWriter) ensure(h float64) bool {
	if p.GetY()+h <= pageHeight-bottomMargin {
		return false
	}
	p.AddPage()
	return true
}

func (p *pdfWriter) lines() {
	d := p.d
	p.ensure(7 + rowHeight)
	p.linesHeader()
	for _, l := range d.Lines {
		desc := p.split(l.Description, lineCols[0]-2)
		h := rowHeight * float64(len(desc))
		if p.ensure(h) {
			p.linesHeader()
		}
		p.SetFont("Helvetica", "", 9)
		x, y := p.GetX(), p.GetY()
		for i, s := range desc {
			p.SetXY(x, y+float64(i)*rowHeight)
			p.CellFormat(lineCols[0], rowHeight, s, "", 0, "L", false, 0, "")
		}
		p.SetXY(x+lineCols[0], y)
		vat := d.percent(l.VatBasisPoints)
		if l.VatCategory != VatStandard {
			vat = l.VatCategory + " " + vat
		}
		p.text(lineCols[1], rowHeight, d.quantity(l.QuantityMilli), "R")
		p.text(lineCols[2], rowHeight, d.euro(l.UnitPrice), "R")
		p.text(lineCols[3], rowHeight, vat, "R")
		p.text(lineCols[4], rowHeight, d.euro(l.NetAmount), "R")
		p.SetXY(x, y+h)
		p.SetDrawColor(220, 220, 220)
		p.Line(margin, y+h, margin+contentWidth, y+h)
		p.SetDrawColor(0, 0, 0)
	}
	p.Ln(6)
}

// vatSummary writes one row per VAT category and rate, with the exemption
// reason of E, AE and O.
func (p *pdfWriter) vatSummary() {
	d := p.d
	p.ensure(14 + rowHeight*float64(len(d.Vat)))
	p.SetFont("Helvetica", "B", 9)
	p.text(contentWidth, 6, d.t("invoice.doc.vatSummary"), "L")
	p.Ln(6)
	cols := []float64{30, 40, 35, 75}
	p.SetFillColor(235, 238, 242)
	for i, h := range []string{d.t("invoice.doc.vatRate"), d.t("invoice.doc.taxable"), d.t("invoice.doc.vatAmount"), ""} {
		align := "R"
		if i == 0 || i == 3 {
			align = "L"
		}
		p.CellFormat(cols[i], 6, p.tr(h), "B", 0, align, true, 0, "")
	}
	p.Ln(6)
	p.SetFont("Helvetica", "", 9)
	for _, b := range d.Vat {
		rate := d.percent(b.VatBasisPoints)
		if b.Category != VatStandard {
			rate = b.Category + " " + rate
		}
		p.text(cols[0], rowHeight, rate, "L")
		p.text(cols[1], rowHeight, d.euro(b.TaxableAmount), "R")
		p.text(cols[2], rowHeight, d.euro(b.VatAmount), "R")
		p.text(cols[3], rowHeight, "  "+d.exemptionReason(b), "L")
		p.Ln(rowHeight)
	}
	p.Ln(4)
}

// exemptionReason is a breakdown's stated reason, else the category's
// standard text (only E, AE and O have one).
func (d *Doc) exemptionReason(b VatBreakdown) string {
	if b.ExemptionReason != "" {
		return b.ExemptionReason
	}
	switch b.Category {
	case VatExempt, VatReverseCharge, VatOutside:
		return d.t("invoice.doc.exemption." + b.Category)
	}
	return ""
}

func (p *pdfWriter) totals() {
	d := p.d
	rows := [][2]string{
		{d.t("invoice.doc.totalNet"), d.euro(d.NetAmount)},
		{d.t("invoice.doc.totalVat"), d.euro(d.VatAmount)},
		{d.t("invoice.doc.total"), d.euro(d.TotalAmount)},
	}
	if d.PrepaidAmount != 0 {
		rows = append(rows, [2]string{d.t("invoice.doc.prepaid"), d.euro(-d.PrepaidAmount)})
	}
	rows = append(rows, [2]string{d.t("invoice.doc.payable"), d.euro(d.PayableAmount)})
	p.ensure(6 * float64(len(rows)))
	x := margin + contentWidth - totalsLabelW - totalsValueW
	for i, r := range rows {
		last := i == len(rows)-1
		style := ""
		if last {
			style = "B"
			p.SetDrawColor(0, 0, 0)
			p.Line(x, p.GetY(), margin+contentWidth, p.GetY())
		}
		p.SetX(x)
		p.SetFont("Helvetica", style, 10)
		p.text(totalsLabelW, 6, r[0], "L")
		p.text(totalsValueW, 6, r[1], "R")
		p.Ln(6)
	}
	p.Ln(6)
}

// payment says how the payable amount is settled, then the structured
// reference and the account.
func (p *pdfWriter) payment() {
	d := p.d
	p.ensure(35)
	p.SetFont("Helvetica", "B", 10)
	p.text(contentWidth, 6, d.t("invoice.doc.payment"), "L")
	p.Ln(6)
	p.SetFont("Helvetica", "", 9)
	var how string
	due := date(d.DueDate)
	switch {
	case d.PayableAmount == 0 && d.PrepaidAmount != 0:
		how = d.t("invoice.doc.pay.prepaid")
	case d.PayableAmount < 0:
		how = d.t("invoice.doc.pay.credit", d.euro(-d.PayableAmount))
	case d.Kind == KindSelfBilling:
		how = d.t("invoice.doc.pay.selfBilling", d.euro(d.PayableAmount), due)
	case d.PaymentMethod == "DIRECT_DEBIT":
		how = d.t("invoice.doc.pay.directDebit", d.euro(d.PayableAmount), due)
	default:
		how = d.t("invoice.doc.pay.transfer", d.euro(d.PayableAmount), due)
	}
	p.MultiCell(contentWidth, 5, p.tr(how), "", "L", false)
	p.Ln(2)
	rows := [][2]string{}
	if d.PaymentReference != "" {
		rows = append(rows, [2]string{d.t("invoice.doc.paymentReference"), d.PaymentReference})
	}
	if d.Seller.IBAN != "" {
		rows = append(rows, [2]string{d.t("invoice.doc.iban"), d.Seller.IBAN})
	}
	if d.Seller.BIC != "" {
		rows = append(rows, [2]string{d.t("invoice.doc.bic"), d.Seller.BIC})
	}
	for _, r := range rows {
		p.SetFont("Helvetica", "B", 9)
		p.text(50, 5, r[0], "L")
		p.SetFont("Courier", "B", 10)
		p.text(contentWidth-50, 5, r[1], "L")
		p.Ln(5)
	}
}
