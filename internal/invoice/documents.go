package invoice

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/xuri/excelize/v2"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/database"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/invoice/document"
	"mobility/portal/internal/paging"
)

// Formats of a document's files.
const (
	FormatPDF = "pdf"
	FormatXML = "xml"
	FormatCSV = "csv"
)

// Bounds of the list downloads: a ZIP holds at most MaxZipDocuments
// documents and the XLSX at most MaxXLSXRows rows; a filter that matches
// more is refused (400) before anything is written.
const (
	MaxZipDocuments = 5000
	MaxXLSXRows     = 10000
	// zipBatch documents are loaded at once while a ZIP streams, so its
	// memory does not grow with the number of documents.
	zipBatch = 100
)

// The bounds in force (tests lower them rather than issue 5,001 documents).
var (
	maxZipDocuments = MaxZipDocuments
	maxXLSXRows     = MaxXLSXRows
)

var (
	// LabelDetailNotFound: the document has no items behind its lines
	// (SPEC §8's message).
	LabelDetailNotFound = apperr.Define("INVOICE_DETAIL_NOT_FOUND")
	// LabelDownloadTooLarge: the filter matches more documents than one
	// download holds.
	LabelDownloadTooLarge = apperr.Define("INVOICE_DOWNLOAD_TOO_LARGE")
)

// File is one document's file as a download answers it.
type File struct {
	Name        string
	ContentType string
	Body        []byte
}

// contentTypes of the formats.
var contentTypes = map[string]string{
	FormatPDF: "application/pdf",
	FormatXML: "application/xml",
	FormatCSV: "text/csv; charset=utf-8",
}

// fileName is a document's file name in a format: its number, which is
// unique, so the files of a ZIP never collide.
func fileName(d *document.Doc, format string) string {
	if format == FormatCSV {
		return d.Number + "-detail.csv"
	}
	return d.Number + "." + format
}

// render writes a document in a format.
func render(d document.Doc, format string, w io.Writer) error {
	switch format {
	case FormatPDF:
		return document.PDF(d, w)
	case FormatXML:
		return document.UBL(d, w)
	case FormatCSV:
		return document.DetailCSV(d, w)
	}
	return fmt.Errorf("invoice: unknown format %q", format)
}

// DocumentFile answers one document the principal may see as a PDF, UBL
// XML or detail CSV; another tenant's or an unknown id is NOT_FOUND, and
// a document without items has no detail CSV (SPEC §8's message, 404).
func (s *Service) DocumentFile(ctx context.Context, p *access.Principal, ospID, format string) (*File, error) {
	r, err := s.store.byOspID(ctx, p, ospID)
	if database.IsNoRows(err) {
		return nil, apperr.NotFound("invoice")
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	docs, err := s.documents(ctx, []*row{r}, format == FormatCSV)
	if err != nil {
		return nil, err
	}
	d := docs[0]
	if format == FormatCSV && len(d.Items) == 0 {
		return nil, apperr.New(apperr.KindNotFound, LabelDetailNotFound, i18n.T(i18n.FromContext(ctx), "error."+LabelDetailNotFound))
	}
	var buf bytes.Buffer
	if err := render(d, format, &buf); err != nil {
		return nil, apperr.Internal(err)
	}
	return &File{Name: fileName(&d, format), ContentType: contentTypes[format], Body: buf.Bytes()}, nil
}

// documents loads rows as document.Docs: the stored amounts and
// snapshots, the lines (one query per 500 documents), the VAT breakdown
// computed from them the way the run computed it, and the items when the
// detail CSV needs them.
func (s *Service) documents(ctx context.Context, rows []*row, withItems bool) ([]document.Doc, error) {
	ids := make([]int64, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	lines, err := s.store.linesOf(ctx, ids)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	var items map[int64][]document.Item
	if withItems {
		if items, err = s.store.itemsOf(ctx, ids); err != nil {
			return nil, apperr.Internal(err)
		}
	}
	out := make([]document.Doc, len(rows))
	for i, r := range rows {
		d, err := docOf(r, lines[r.ID])
		if err != nil {
			return nil, apperr.Internal(err)
		}
		d.Items = items[r.ID]
		out[i] = d
	}
	return out, nil
}

// docOf builds one document from its row and lines.
func docOf(r *row, lines []document.Line) (document.Doc, error) {
	totals, err := ComputeTotals(lines)
	if err != nil {
		return document.Doc{}, fmt.Errorf("invoice %s: %w", r.Number, err)
	}
	d := document.Doc{
		OspID: r.OspID, Kind: r.Kind, Number: r.Number, IssueDate: r.IssueDate, DueDate: r.DueDate, Month: r.Month,
		Currency: r.Currency, Language: r.Language, PaymentReference: r.PaymentReference, PONumber: r.PONumber,
		ContractType: r.ContractType, PaymentMethod: r.PaymentMethod, Lines: lines, Vat: totals.Rates,
		NetAmount: r.NetAmount, VatAmount: r.VatAmount, TotalAmount: r.TotalAmount, PrepaidAmount: r.PrepaidAmount,
		PayableAmount: r.PayableAmount,
	}
	if m, ok := clock.ParseMonth(r.Month); ok {
		d.PeriodStart, d.PeriodEnd = m.FirstDay(), m.LastDay()
	}
	if r.CreditedNumber != nil {
		d.CreditedNumber = *r.CreditedNumber
	}
	if r.CreditedIssueDate != nil {
		d.CreditedDate = *r.CreditedIssueDate
	}
	if err := json.Unmarshal([]byte(r.SellerJSON), &d.Seller); err != nil {
		return d, fmt.Errorf("invoice %s seller: %w", r.Number, err)
	}
	if err := json.Unmarshal([]byte(r.BuyerJSON), &d.Buyer); err != nil {
		return d, fmt.Errorf("invoice %s buyer: %w", r.Number, err)
	}
	return d, nil
}

// forEachPage walks every document the filter selects within the
// principal's reach, in pages of size (by number, ascending, so documents
// issued meanwhile come after the walk's end and shift no page), after
// checking that at most limit match. It answers the count.
func (s *Service) forEachPage(ctx context.Context, p *access.Principal, f Filter, size, limit int, fn func([]Invoice) error) (int, error) {
	f.Pagination = paging.Pagination{Page: 1, Size: size, SortOrders: []paging.SortOrder{{Property: "number", Direction: "ASC"}}}
	page, err := s.Find(ctx, p, f)
	if err != nil {
		return 0, err
	}
	total := page.TotalElements
	if total > limit {
		// the answer names the filter as the field at fault, with the
		// count, in the caller's language
		msg := i18n.T(i18n.FromContext(ctx), "invoice.rule.downloadTooLarge", total, limit)
		e := apperr.New(apperr.KindInvalid, LabelDownloadTooLarge, msg)
		e.Fields = []apperr.FieldError{{Field: "filter", Messages: []string{msg}}}
		return total, e
	}
	if fn == nil {
		return total, nil
	}
	for {
		if err := fn(page.Content); err != nil {
			return total, err
		}
		if f.Pagination.Page >= page.TotalPages || len(page.Content) == 0 {
			return total, nil
		}
		f.Pagination.Page++
		if page, err = s.Find(ctx, p, f); err != nil {
			return total, err
		}
	}
}

// ZipCheck validates a downloadByFilter request before anything is
// written: the filter's rules, the caller's reach and the size bound.
func (s *Service) ZipCheck(ctx context.Context, p *access.Principal, f Filter) (int, error) {
	return s.forEachPage(ctx, p, f, 1, maxZipDocuments, nil)
}

// WriteZip streams the documents the filter selects as one ZIP of files
// of a format, straight to w: the documents are loaded zipBatch at a time
// and each file is written and forgotten. The CSV archive holds the
// documents that have a detail. It answers how many files it wrote.
func (s *Service) WriteZip(ctx context.Context, p *access.Principal, f Filter, format string, w io.Writer) (int, error) {
	zw := zip.NewWriter(w)
	files := 0
	seen := map[string]bool{}
	_, err := s.forEachPage(ctx, p, f, zipBatch, maxZipDocuments, func(list []Invoice) error {
		ospIDs := make([]string, 0, len(list))
		for _, inv := range list {
			if !seen[inv.OspID] { // a page boundary that moved repeats none
				seen[inv.OspID] = true
				ospIDs = append(ospIDs, inv.OspID)
			}
		}
		byOsp, err := s.store.rowsByOspIDs(ctx, ospIDs)
		if err != nil {
			return apperr.Internal(err)
		}
		rows := make([]*row, 0, len(ospIDs))
		for _, id := range ospIDs {
			if r := byOsp[id]; r != nil {
				rows = append(rows, r)
			}
		}
		docs, err := s.documents(ctx, rows, format == FormatCSV)
		if err != nil {
			return err
		}
		for i := range docs {
			if format == FormatCSV && len(docs[i].Items) == 0 {
				continue
			}
			if err := writeEntry(zw, &docs[i], format); err != nil {
				return err
			}
			files++
		}
		return ctx.Err()
	})
	if err != nil {
		return files, err
	}
	return files, zw.Close()
}

// writeEntry adds one document's file to the archive, dated by its issue
// date (the same documents give the same archive).
func writeEntry(zw *zip.Writer, d *document.Doc, format string) error {
	modified, err := time.Parse(time.DateOnly, d.IssueDate)
	if err != nil {
		modified = time.Date(1980, 1, 1, 0, 0, 0, 0, time.UTC)
	}
	ew, err := zw.CreateHeader(&zip.FileHeader{Name: fileName(d, format), Method: zip.Deflate, Modified: modified})
	if err != nil {
		return err
	}
	return render(*d, format, ew)
}

// xlsxColumns are the list XLSX's columns (i18n invoice.xlsx.*).
var xlsxColumns = []string{"number", "kind", "party", "month", "issueDate", "dueDate", "status", "net", "vat", "total", "prepaid",
	"payable", "paid", "paymentReference", "sendingMethod", "sentAt"}

// WriteXLSX writes the documents the filter selects (the rows of
// findByFilter, without paging; at most MaxXLSXRows) as one XLSX sheet,
// amounts as euro numbers, headers in the caller's language. Rows are
// read a page of 1,000 at a time into excelize's stream writer.
func (s *Service) WriteXLSX(ctx context.Context, p *access.Principal, f Filter, w io.Writer) error {
	lang := i18n.FromContext(ctx)
	file := excelize.NewFile()
	defer file.Close()
	sw, err := file.NewStreamWriter("Sheet1")
	if err != nil {
		return apperr.Internal(err)
	}
	euro, err := file.NewStyle(&excelize.Style{NumFmt: 4}) // #,##0.00
	if err != nil {
		return apperr.Internal(err)
	}
	header := make([]any, len(xlsxColumns))
	for i, c := range xlsxColumns {
		header[i] = i18n.T(lang, "invoice.xlsx."+c)
	}
	if err := sw.SetRow("A1", header); err != nil {
		return apperr.Internal(err)
	}
	line := 2
	money := func(cents int64) excelize.Cell { return excelize.Cell{StyleID: euro, Value: float64(cents) / 100} }
	if _, err := s.forEachPage(ctx, p, f, paging.MaxPageSize, maxXLSXRows, func(list []Invoice) error {
		for _, inv := range list {
			party := inv.CorporateAccountName
			if inv.Kind == document.KindSelfBilling {
				party = inv.PartnerName
			}
			cell, _ := excelize.CoordinatesToCellName(1, line)
			if err := sw.SetRow(cell, []any{
				inv.Number, i18n.T(lang, "invoice.doc.title."+inv.Kind), party, inv.Month, inv.IssueDate, inv.DueDate,
				i18n.T(lang, "invoice.status."+inv.Status),
				money(inv.NetAmount), money(inv.VatAmount), money(inv.TotalAmount), money(inv.PrepaidAmount),
				money(inv.PayableAmount), money(inv.PaidAmount), inv.PaymentReference, inv.SendingMethod, inv.SentAt,
			}); err != nil {
				return apperr.Internal(err)
			}
			line++
		}
		return nil
	}); err != nil {
		return err
	}
	if err := sw.Flush(); err != nil {
		return apperr.Internal(err)
	}
	_, err = file.WriteTo(w)
	return err
}
