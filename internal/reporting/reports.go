package reporting

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/xuri/excelize/v2"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/csvsafe"
	"mobility/portal/internal/database"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/validate"
)

func (s *Service) now() time.Time { return database.Now(s.clock.Now()) }

// typeColumns are each report type's columns (docs/reports.md).
var typeColumns = map[string][]string{
	TypeExpensesPerMode: {"billingMonth", "corporateAccountExtId", "mobilityMode", "mobilityModeLabel", "mrpExtId", "mrpName",
		"count", "totalPriceVatIncl"},
	TypeExpensesPerUser: {"billingMonth", "userOspId", "firstname", "lastname", "email", "mobilityMode", "count", "totalPriceVatIncl"},
	TypeBudgetBalances:  {"date", "budgetOspId", "budgetType", "userOspId", "firstname", "lastname", "email", "balance"},
	TypeTransactions: {"bookingDate", "transactionOspId", "transactionType", "budgetType", "userOspId", "firstname", "lastname",
		"amount", "description"},
	TypeUsers: {"userOspId", "firstname", "lastname", "email", "employeeNumber", "status", "activeSince", "createdOn", "lastChangedOn"},
	TypeYearEnd: {"year", "userOspId", "firstname", "lastname", "email", "credited", "expensesCount", "expensesAmount",
		"balanceAtYearEnd"},
}

// Types lists the report types with their columns.
func (s *Service) Types() *TypesResponse {
	out := &TypesResponse{}
	for _, t := range AllTypes {
		out.Types = append(out.Types, ReportType{ReportType: t, Columns: typeColumns[t], Yearly: t == TypeYearEnd})
	}
	return out
}

func (r *reportRow) toAPI() Report {
	return Report{OspID: r.OspID, ReportType: r.ReportType, ReportMonth: r.ReportMonth, ReportPeriod: r.ReportPeriod,
		MspExtID: r.MspExtID, CorporateAccountExtID: r.CorporateAccountExtID, CorporateAccountOspID: r.CorporateAccountOspID,
		CorporateAccountName: r.CorporateAccountName, RowCount: r.RowCount, CreatedOn: r.CreatedAt}
}

// Find pages through the reports within the caller's scope.
func (s *Service) Find(ctx context.Context, pr *access.Principal, req FindRequest) (*paging.Page[Report], error) {
	v := validate.New(ctx)
	if req.ReportType != "" {
		v.OneOf("reportType", req.ReportType, AllTypes)
	}
	if req.ReportMonth != "" {
		s.checkMonth(v, "reportMonth", req.ReportMonth)
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	f := reportFilter{scope: pr.Scope, typ: req.ReportType, month: req.ReportMonth}
	if req.CorporateAccountOspID != "" {
		c, err := s.companies.Resolve(ctx, pr, req.CorporateAccountOspID)
		if err != nil {
			return nil, err
		}
		f.companyID = c.ID
	}
	pg := req.Pagination.Normalize(10)
	rows, total, err := s.store.find(ctx, f, pg.Size, pg.Offset())
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := make([]Report, len(rows))
	for i := range rows {
		out[i] = rows[i].toAPI()
	}
	page := paging.NewPage(out, total, pg)
	return &page, nil
}

// Download answers a stored report's file; a report outside the caller's
// scope, or of another type than the path names, is NOT_FOUND.
func (s *Service) Download(ctx context.Context, pr *access.Principal, req DownloadRequest) (*File, error) {
	v := validate.New(ctx)
	v.Required("reportOspId", req.ReportOspID)
	if req.Format != "" {
		v.OneOf("format", req.Format, []string{"xlsx", "csv"})
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	format := req.Format
	if format == "" {
		format = "xlsx"
	}
	r, err := s.store.file(ctx, pr.Scope, req.ReportOspID)
	if database.IsNoRows(err) || (err == nil && r.ReportType != req.Type) {
		return nil, apperr.NotFound("report")
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	ct, body := contentTypeCSV, r.CSV
	if format == "xlsx" {
		ct, body = contentTypeXLSX, r.XLSX
		if body == nil {
			tbl, err := tableFromCSV(r.CSV, r.Kinds)
			if err != nil {
				return nil, apperr.Internal(err)
			}
			if body, err = tbl.xlsx(sheetName(r.ReportType)); err != nil {
				return nil, apperr.Internal(err)
			}
		}
	}
	name := fmt.Sprintf("%s-%s-%s.%s", r.ReportType, safeName(r.CorporateAccountExtID, r.CorporateAccountOspID), r.ReportPeriod, format)
	return &File{Name: name, ContentType: ct, Body: body}, nil
}

// safeName keeps a file name to letters, digits, dashes and underscores.
func safeName(s, fallback string) string {
	if s == "" {
		s = fallback
	}
	b := []byte(s)
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			b[i] = '_'
		}
	}
	return string(b)
}

// ---- files ----

// money is a cell of cents, written as euros.
type money int64

// table is a report's content: its columns and rows.
type table struct {
	columns []string
	rows    [][]any
}

func (t *table) xlsx(sheet string) ([]byte, error) {
	f := excelize.NewFile()
	defer f.Close()
	if err := f.SetSheetName("Sheet1", sheet); err != nil {
		return nil, err
	}
	sw, err := f.NewStreamWriter(sheet)
	if err != nil {
		return nil, err
	}
	euro, err := f.NewStyle(&excelize.Style{NumFmt: 4}) // #,##0.00
	if err != nil {
		return nil, err
	}
	head := make([]any, len(t.columns))
	for i, c := range t.columns {
		head[i] = c
	}
	if err := sw.SetRow("A1", head); err != nil {
		return nil, err
	}
	for i, r := range t.rows {
		cells := make([]any, len(r))
		for j, c := range r {
			if m, ok := c.(money); ok {
				cells[j] = excelize.Cell{StyleID: euro, Value: float64(m) / 100}
			} else {
				cells[j] = c
			}
		}
		cell, _ := excelize.CoordinatesToCellName(1, i+2)
		if err := sw.SetRow(cell, cells); err != nil {
			return nil, err
		}
	}
	if err := sw.Flush(); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if _, err := f.WriteTo(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// formatCents writes cents as euros with two decimals (1234 → 12.34).
func formatCents(c int64) string {
	sign := ""
	u := uint64(c)
	if c < 0 {
		sign, u = "-", uint64(-(c+1))+1
	}
	return fmt.Sprintf("%s%d.%02d", sign, u/100, u%100)
}

func (t *table) csv() ([]byte, error) {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	if err := w.Write(t.columns); err != nil {
		return nil, err
	}
	rec := make([]string, len(t.columns))
	for _, r := range t.rows {
		for j, c := range r {
			switch v := c.(type) {
			case money:
				rec[j] = formatCents(int64(v))
			case int64:
				rec[j] = strconv.FormatInt(v, 10)
			case string:
				rec[j] = csvSafe(v)
			default:
				rec[j] = fmt.Sprint(v)
			}
		}
		if err := w.Write(rec); err != nil {
			return nil, err
		}
	}
	w.Flush()
	return buf.Bytes(), w.Error()
}

// csvSafe and csvUnsafe are the shared rule (internal/csvsafe): the XLSX
// is made from the CSV, so every value must read back exactly.
func csvSafe(s string) string { return csvsafe.Text(s) }

func csvUnsafe(s string) string { return csvsafe.Undo(s) }

// sheetName is a report type's XLSX sheet (at most 31 characters).
func sheetName(typ string) string {
	if len(typ) > 31 {
		return typ[:31]
	}
	return typ
}

// kinds tells how each column is written, for reading the CSV back: m
// euros (cents), i integer, s text. A column takes the kind of its first
// non-text cell.
func (t *table) kinds() string {
	k := []byte(strings.Repeat("s", len(t.columns)))
	for _, r := range t.rows {
		for j, c := range r {
			switch c.(type) {
			case money:
				k[j] = 'm'
			case int64:
				k[j] = 'i'
			}
		}
	}
	return string(k)
}

// tableFromCSV reads a stored CSV back into the table it was written from.
func tableFromCSV(body []byte, kinds string) (*table, error) {
	recs, err := csv.NewReader(bytes.NewReader(body)).ReadAll()
	if err != nil || len(recs) == 0 {
		return nil, fmt.Errorf("stored csv: %v", err)
	}
	t := &table{columns: recs[0]}
	for _, rec := range recs[1:] {
		row := make([]any, len(rec))
		for j, v := range rec {
			kind := byte('s')
			if j < len(kinds) {
				kind = kinds[j]
			}
			switch {
			case kind == 'm' && v != "":
				c, err := parseCents(v)
				if err != nil {
					return nil, err
				}
				row[j] = money(c)
			case kind == 'i' && v != "":
				n, err := strconv.ParseInt(v, 10, 64)
				if err != nil {
					return nil, err
				}
				row[j] = n
			default:
				row[j] = csvUnsafe(v)
			}
		}
		t.rows = append(t.rows, row)
	}
	return t, nil
}

// parseCents reads formatCents' output back ("-12.34" → -1234).
func parseCents(s string) (int64, error) {
	neg := strings.HasPrefix(s, "-")
	whole, frac, ok := strings.Cut(strings.TrimPrefix(s, "-"), ".")
	if !ok || len(frac) != 2 {
		return 0, fmt.Errorf("not an amount: %q", s)
	}
	w, err := strconv.ParseUint(whole, 10, 63)
	if err != nil {
		return 0, err
	}
	f, err := strconv.ParseUint(frac, 10, 7)
	if err != nil {
		return 0, err
	}
	u := w*100 + f
	if neg {
		return -int64(u-1) - 1, nil
	}
	return int64(u), nil
}

func newOspID() string { return uuid.NewString() }

// label of a report type in a language.
func typeLabel(lang i18n.Lang, typ string) string { return i18n.T(lang, "reporting.type."+typ) }
