// Package provfile holds what the provider-file uploads of voucher and
// cambio share: reading a CSV of 1 to 500 lines with named columns, money
// and number cells, the per-line report, and the multipart, template and
// download handlers. It owns no table.
package provfile

import (
	"context"
	"fmt"
	"io"
	"mime"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/api"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/constants"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/money"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/user"
	"mobility/portal/internal/validate"
)

// Line is one non-blank line of a file: its line number (the header is
// line 1) and its cells by column name (trimmed; "" when absent).
type Line struct {
	Number int
	Cells  map[string]string
}

// Cell is a line's value of a column.
func (l Line) Cell(c string) string { return l.Cells[c] }

// LineError is what is wrong with one field of one line.
type LineError struct {
	Line     int      `json:"line" description:"line in the file; the header is line 1"`
	Field    string   `json:"field" description:"column name"`
	Messages []string `json:"messages"`
}

// LineResult is what process did with one line (or, from validate, what
// it would do).
type LineResult struct {
	Line   int    `json:"line"`
	Status string `json:"status" enum:"BOOKABLE,BOOKED,ALREADY_PROCESSED,FAILED" description:"BOOKABLE: validate's answer for a line process would book or store; BOOKED: booked or stored by this process; ALREADY_PROCESSED: its natural key was booked before (this or an earlier file), nothing done; FAILED: not booked for the reason given, left for a later process"`
	Key    string `json:"key" description:"the line's natural key (voucher code; invoice number/line id; customer number/month)"`
	Reason string `json:"reason,omitempty" description:"why a line failed or was skipped, in the caller's language"`
	// what the line made: a voucher's ospId, an expense's ospId and booking id
	OspID     string `json:"ospId,omitempty"`
	BookingID string `json:"bookingId,omitempty"`
}

// Report is validate's and process's answer for a file.
type Report struct {
	UploadID         string       `json:"uploadId"`
	Kind             string       `json:"kind" enum:"VOUCHER,CAMBIO_INVOICE,CAMBIO_CO2"`
	Status           string       `json:"status" enum:"valid,invalid,processed,partial" description:"valid/invalid: validate's verdict (invalid: errors, process writes nothing); processed: every line booked or already processed; partial: some lines failed and are left for a later process"`
	RowCount         int          `json:"rowCount"`
	Errors           []LineError  `json:"errors" description:"per line and field: why the file is invalid"`
	Lines            []LineResult `json:"lines"`
	Booked           int          `json:"booked"`
	AlreadyProcessed int          `json:"alreadyProcessed"`
	Failed           int          `json:"failed"`
	ProcessedAt      string       `json:"processedAt,omitempty" format:"date-time"`
}

// NewReport is an empty report of a file.
func NewReport(uploadID, kind string, rows int) *Report {
	return &Report{UploadID: uploadID, Kind: kind, RowCount: rows, Errors: []LineError{}, Lines: []LineResult{}}
}

// Fail adds a line error.
func (r *Report) Fail(line int, field, msg string) {
	r.Errors = append(r.Errors, LineError{Line: line, Field: field, Messages: []string{msg}})
}

// Add adds a line result and counts it.
func (r *Report) Add(l LineResult) {
	r.Lines = append(r.Lines, l)
	switch l.Status {
	case StatusBooked:
		r.Booked++
	case StatusAlready:
		r.AlreadyProcessed++
	case StatusFailed:
		r.Failed++
	}
}

// Line statuses.
const (
	StatusBookable = "BOOKABLE"
	StatusBooked   = "BOOKED"
	StatusAlready  = "ALREADY_PROCESSED"
	StatusFailed   = "FAILED"
)

// Finish sets the verdict: invalid with errors (no line results then),
// else valid (validate) or processed/partial (process).
func (r *Report) Finish(processed bool) {
	switch {
	case len(r.Errors) > 0:
		r.Status, r.Lines, r.Booked, r.AlreadyProcessed, r.Failed = "invalid", []LineResult{}, 0, 0, 0
	case !processed:
		r.Status = "valid"
	case r.Failed > 0:
		r.Status = "partial"
	default:
		r.Status = "processed"
	}
}

// Upload is a stored provider file as its history lists it.
type Upload struct {
	UploadID    string  `json:"uploadId"`
	Kind        string  `json:"kind" enum:"VOUCHER,CAMBIO_INVOICE,CAMBIO_CO2"`
	Filename    string  `json:"filename"`
	RowCount    int     `json:"rowCount"`
	Status      string  `json:"status" enum:"UPLOADED,PARTIAL,PROCESSED"`
	CreatedBy   string  `json:"createdBy" description:"who uploaded it (full name)"`
	CreatedAt   string  `json:"createdAt" format:"date-time"`
	ProcessedBy string  `json:"processedBy,omitempty"`
	ProcessedAt string  `json:"processedAt,omitempty" format:"date-time"`
	Report      *Report `json:"report,omitempty" description:"the last process's report"`
	// the company a voucher file is for
	CorporateAccountOspID string `json:"corporateAccountOspId,omitempty"`
	CorporateAccountName  string `json:"corporateAccountName,omitempty"`
}

// Ref names an uploaded file.
type Ref struct {
	UploadID string `json:"uploadId" required:"true" maxLength:"36"`
}

// ListRequest pages a kind's upload history, newest first.
type ListRequest struct {
	Pagination paging.Pagination `json:"pagination"`
}

// FileRequest names a stored file to download again (GET, path).
type FileRequest struct {
	UploadID string `path:"uploadId" json:"-" maxLength:"36"`
}

// Spec is a file kind's columns: all of them in template order, the
// required ones, and a template line.
type Spec struct {
	Columns  []string
	Required []string
	Example  []string
	Template string // file name of the template
}

func fileErr(ctx context.Context, label, key string, args ...any) error {
	return apperr.Invalid(label, "file", i18n.T(i18n.FromContext(ctx), key, args...))
}

// Read parses a CSV file (UTF-8, optional BOM, ; or , separated, header
// on line 1): its non-blank lines, 1 to 500 of them, with the required
// columns present. Anything else is a 400 naming the file.
func Read(ctx context.Context, spec Spec, filename string, content []byte) ([]Line, error) {
	if !strings.EqualFold(filepath.Ext(filename), ".csv") {
		return nil, fileErr(ctx, user.LabelUnsupportedFile, "provfile.csvOnly")
	}
	records, lines, err := user.ReadCSV(content)
	if err != nil {
		return nil, fileErr(ctx, user.LabelUnsupportedFile, "import.unreadable")
	}
	if len(records) == 0 {
		return nil, fileErr(ctx, user.LabelEmptyFile, "import.empty")
	}
	col := map[string]int{}
	for i, h := range records[0] {
		for _, c := range spec.Columns {
			if strings.EqualFold(strings.TrimSpace(h), c) {
				col[c] = i
			}
		}
	}
	var missing []string
	for _, c := range spec.Required {
		if _, ok := col[c]; !ok {
			missing = append(missing, c)
		}
	}
	if len(missing) > 0 {
		return nil, fileErr(ctx, user.LabelMissingColumns, "import.missingColumns", strings.Join(missing, ", "))
	}
	var out []Line
	for i, rec := range records[1:] {
		if strings.TrimSpace(strings.Join(rec, "")) == "" {
			continue
		}
		if len(out) == constants.MaxImportRows {
			n := len(out)
			for _, r := range records[1+i:] {
				if strings.TrimSpace(strings.Join(r, "")) != "" {
					n++
				}
			}
			return nil, fileErr(ctx, user.LabelTooManyRows, "import.tooManyRows", n, constants.MaxImportRows)
		}
		l := Line{Number: lines[i+1], Cells: make(map[string]string, len(col))}
		for c, j := range col {
			if j < len(rec) {
				l.Cells[c] = strings.TrimSpace(rec[j])
			}
		}
		out = append(out, l)
	}
	if len(out) == 0 {
		return nil, fileErr(ctx, user.LabelEmptyFile, "import.empty")
	}
	return out, nil
}

// Cents reads an amount in euro with at most two decimals ("12.34",
// "12,34", "12"): cents, positive and at most money.MaxAmount.
func Cents(s string) (int64, bool) {
	s = strings.Replace(strings.TrimSpace(s), ",", ".", 1)
	if s == "" || len(s) > 16 {
		return 0, false
	}
	whole, frac, hasDot := strings.Cut(s, ".")
	if hasDot && (len(frac) == 0 || len(frac) > 2) || whole == "" {
		return 0, false
	}
	for _, c := range whole + frac {
		if c < '0' || c > '9' {
			return 0, false
		}
	}
	for len(frac) < 2 {
		frac += "0"
	}
	n, err := strconv.ParseInt(whole+frac, 10, 64)
	if err != nil || n <= 0 || n > money.MaxAmount {
		return 0, false
	}
	return n, true
}

// Count reads a whole number between 0 and max.
func Count(s string, max int64) (int64, bool) {
	s = strings.TrimSpace(s)
	if s == "" || len(s) > 12 {
		return 0, false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, false
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil && n <= max
}

// Date reads a yyyy-MM-dd date between 2000-01-01 and 2099-12-31.
func Date(s string) (string, bool) {
	t, err := time.Parse("2006-01-02", s)
	if err != nil || t.Year() < 2000 || t.Year() > 2099 {
		return "", false
	}
	return s, true
}

// Month reads a yyyy-MM month between 2000-01 and 2099-12.
func Month(s string) (string, bool) {
	t, err := time.Parse("2006-01", s)
	if err != nil || t.Year() < 2000 || t.Year() > 2099 {
		return "", false
	}
	return s, true
}

// Text checks a free-text cell: at most max characters, no control
// characters.
func Text(s string, max int) bool {
	if len([]rune(s)) > max {
		return false
	}
	for _, c := range s {
		if c < 0x20 || c == 0x7f {
			return false
		}
	}
	return true
}

// ServeUpload reads a multipart upload (the file field, and the form
// values named in fields, each at most 36 characters) and hands it to fn.
func ServeUpload(fields []string, fn func(ctx context.Context, p *access.Principal, filename string, content []byte, form map[string]string) (any, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		up, err := api.ReadUpload(r, api.FileRequired)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		name := struct {
			Filename string `json:"filename" maxLength:"255"`
		}{up.Filename}
		if err := validate.Input(ctx, &name); err != nil {
			api.WriteError(w, r, err)
			return
		}
		form := map[string]string{}
		v := validate.New(ctx)
		for _, f := range fields {
			form[f] = strings.TrimSpace(r.FormValue(f))
			v.MaxLength(f, form[f], 36)
		}
		if err := v.Err(); err != nil {
			api.WriteError(w, r, err)
			return
		}
		res, err := fn(ctx, access.FromContext(ctx), name.Filename, up.Content, form)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		api.WriteJSON(w, http.StatusOK, res)
	}
}

// ServeTemplate answers a kind's template: the header and one example
// line, as CSV.
func ServeTemplate(spec Spec) http.HandlerFunc {
	body := strings.Join(spec.Columns, ";") + "\n" + strings.Join(spec.Example, ";") + "\n"
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/csv; charset=utf-8")
		w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": spec.Template}))
		_, _ = io.WriteString(w, body)
	}
}

// ServeFile answers a stored file as it was uploaded.
func ServeFile(w http.ResponseWriter, filename string, content []byte) {
	ct := "text/csv; charset=utf-8"
	if !strings.EqualFold(filepath.Ext(filename), ".csv") {
		ct = "application/octet-stream"
	}
	w.Header().Set("Content-Type", ct)
	w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": filename}))
	w.Header().Set("Content-Length", fmt.Sprint(len(content)))
	_, _ = w.Write(content)
}

// Internal wraps an unexpected error, leaving typed ones alone.
func Internal(err error) error {
	if err == nil || apperr.As(err) != nil {
		return err
	}
	return apperr.Internal(err)
}
