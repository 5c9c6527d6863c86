package trip

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"mime/multipart"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/google/uuid"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/constants"
	"mobility/portal/internal/database"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/user"
)

// ImportUploadForm is the multipart body of the registrations import.
type ImportUploadForm struct {
	File                  multipart.File `formData:"file" required:"true" description:"CSV (UTF-8, ; or , separated), header on line 1, at most 500 rows; columns userOspId, date, kind, mode, direction, distance, description"`
	CorporateAccountOspID string         `formData:"corporateAccountOspId" required:"true" maxLength:"36"`
}

// ImportUpload is a stored import file.
type ImportUpload struct {
	UploadID string `json:"uploadId"`
	Filename string `json:"filename"`
	RowCount int    `json:"rowCount"`
	Status   string `json:"status" enum:"UPLOADED,PROCESSED"`
}

// ImportRef names an import file.
type ImportRef struct {
	UploadID string `json:"uploadId" required:"true" maxLength:"36"`
}

// ImportLineError is what is wrong with one field of one line.
type ImportLineError struct {
	Line     int      `json:"line" description:"line in the file; the header is line 1"`
	Field    string   `json:"field" description:"column name"`
	Messages []string `json:"messages"`
}

// ImportReport is what validate answers, and process once it ran (the
// registrations made, by line).
type ImportReport struct {
	UploadID string            `json:"uploadId"`
	Status   string            `json:"status" enum:"valid,invalid,processed"`
	RowCount int               `json:"rowCount"`
	Errors   []ImportLineError `json:"errors"`
	Created  []ImportedRow     `json:"created"`
}

// ImportedRow is one registration an import made.
type ImportedRow struct {
	Line  int    `json:"line"`
	OspID string `json:"ospId"`
}

// ImportColumns are the columns of the registrations file.
var ImportColumns = []string{"userOspId", "date", "kind", "mode", "direction", "distance", "description"}

// LabelImportFile: the file is not a readable CSV of 1 to 500 rows with
// the userOspId, date and kind columns.
var LabelImportFile = apperr.Define("TRIP_IMPORT_FILE")

type importLine struct {
	line  int
	write RegistrationWrite
	err   *ImportLineError // a cell that is no number
}

// parseImport reads the file's lines (blank ones skipped).
func parseImport(ctx context.Context, filename string, content []byte) ([]importLine, error) {
	bad := func(key string) error {
		return apperr.Invalid(LabelImportFile, "file", i18n.T(i18n.FromContext(ctx), key, constants.MaxImportRows))
	}
	if !strings.EqualFold(filepath.Ext(filename), ".csv") {
		return nil, bad("trip.import.csv")
	}
	records, lines, err := user.ReadCSV(content)
	if err != nil || len(records) == 0 {
		return nil, bad("trip.import.csv")
	}
	col := map[string]int{}
	for i, h := range records[0] {
		for _, c := range ImportColumns {
			if strings.EqualFold(strings.TrimSpace(h), c) {
				col[c] = i
			}
		}
	}
	for _, c := range []string{"userOspId", "date", "kind"} {
		if _, ok := col[c]; !ok {
			return nil, bad("trip.import.columns")
		}
	}
	var out []importLine
	for i, rec := range records[1:] {
		cell := func(c string) string {
			if j, ok := col[c]; ok && j < len(rec) {
				return strings.TrimSpace(rec[j])
			}
			return ""
		}
		if strings.TrimSpace(strings.Join(rec, "")) == "" {
			continue
		}
		l := importLine{line: lines[i+1], write: RegistrationWrite{UserOspID: cell("userOspId"), Date: cell("date"),
			Kind: strings.ToUpper(cell("kind")), Mode: strings.ToUpper(cell("mode")), Direction: strings.ToUpper(cell("direction")),
			Description: cell("description")}}
		if d := cell("distance"); d != "" {
			n, err := strconv.Atoi(d)
			if err != nil {
				l.err = &ImportLineError{Line: l.line, Field: "distance", Messages: []string{i18n.T(i18n.FromContext(ctx), "trip.rule.distance")}}
			} else {
				l.write.Distance = &n
			}
		}
		out = append(out, l)
	}
	if len(out) == 0 || len(out) > constants.MaxImportRows {
		return nil, bad("trip.import.rows")
	}
	return out, nil
}

// Upload stores an import file of a company in the caller's scope after
// checking its shape (CSV, the columns, 1 to 500 rows).
func (s *Registrations) Upload(ctx context.Context, p *access.Principal, companyOspID, filename string, content []byte) (*ImportUpload, error) {
	ca, err := s.companies.Resolve(ctx, p, companyOspID)
	if err != nil {
		return nil, err
	}
	lines, err := parseImport(ctx, filename, content)
	if err != nil {
		return nil, err
	}
	r := importRow{OspID: uuid.NewString(), CompanyID: ca.ID, Filename: filename, Content: content, RowCount: len(lines),
		Status: "UPLOADED", CreatedBy: p.UserID, CreatedAt: s.now()}
	if err := s.store.insertImport(ctx, &r); err != nil {
		return nil, internal(err)
	}
	return &ImportUpload{UploadID: r.OspID, Filename: filename, RowCount: r.RowCount, Status: r.Status}, nil
}

// ValidateImport checks every line as create would, against the database
// and the file's other lines; it changes nothing.
func (s *Registrations) ValidateImport(ctx context.Context, p *access.Principal, uploadID string) (*ImportReport, error) {
	var rep *ImportReport
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		var err error
		rep, _, err = s.checkImport(ctx, p, uploadID, false)
		return err
	})
	return rep, internal(err)
}

// ProcessImport makes every line's registration (REGISTERED) in one
// transaction when the whole file is valid, once: a processed file
// answers its stored report. An invalid file answers its errors and
// writes nothing.
func (s *Registrations) ProcessImport(ctx context.Context, p *access.Principal, uploadID string) (*ImportReport, error) {
	var rep *ImportReport
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		var rows []*regRow
		var err error
		rep, rows, err = s.checkImport(ctx, p, uploadID, true)
		if err != nil || rep.Status != "valid" {
			return err
		}
		// the users' locks (in id order), as every registration write
		// takes them; then the months are checked again under them, since
		// a run may have paid one since the lines were checked
		users := map[int64]int64{}
		for _, r := range rows {
			users[r.UserID] = r.CompanyID
		}
		for _, id := range slices.Sorted(maps.Keys(users)) {
			if err := s.store.lockUser(ctx, id, users[id], s.now()); err != nil {
				return err
			}
		}
		// the file's lines were checked against one another; inserted in
		// order, then each day's per-day amount goes to its first commute
		days := map[string]bool{}
		for i, r := range rows {
			if err := s.checkMonthOpen(ctx, r.UserID, r.Date); err != nil {
				return err
			}
			if err := s.store.insert(ctx, r); err != nil {
				return err
			}
			rep.Created[i].OspID = r.OspID
			if r.DayAmount != nil {
				days[fmt.Sprintf("%d/%s", r.UserID, r.Date)] = true
			}
		}
		for _, r := range rows {
			if key := fmt.Sprintf("%d/%s", r.UserID, r.Date); days[key] {
				delete(days, key)
				if err := s.rebalanceDays(ctx, nil, r.UserID, r.Date); err != nil {
					return err
				}
			}
		}
		rep.Status = "processed"
		b, err := json.Marshal(rep)
		if err != nil {
			return err
		}
		return s.store.markImported(ctx, uploadID, string(b), s.now())
	})
	return rep, s.writeErr(ctx, err, nil)
}

// checkImport reads (and with lock, locks) the upload and checks each
// line in the caller's transaction: rows are the registrations the lines
// make, each with its compensation, in file order.
func (s *Registrations) checkImport(ctx context.Context, p *access.Principal, uploadID string, lock bool) (*ImportReport, []*regRow, error) {
	up, err := s.store.importByOspID(ctx, p.Scope, uploadID, lock)
	if database.IsNoRows(err) {
		return nil, nil, apperr.NotFound("upload")
	}
	if err != nil {
		return nil, nil, err
	}
	if up.Status == "PROCESSED" {
		var rep ImportReport
		if err := json.Unmarshal([]byte(up.Report), &rep); err != nil {
			return nil, nil, err
		}
		return &rep, nil, nil
	}
	lines, err := parseImport(ctx, up.Filename, up.Content)
	if err != nil {
		return nil, nil, err
	}
	rep := &ImportReport{UploadID: uploadID, RowCount: len(lines), Errors: []ImportLineError{}, Created: []ImportedRow{}}
	ospIDs := make([]string, 0, len(lines))
	for _, l := range lines {
		ospIDs = append(ospIDs, l.write.UserOspID)
	}
	users, err := s.users.IDsInCompany(ctx, up.CompanyID, ospIDs)
	if err != nil {
		return nil, nil, err
	}
	seen := map[string]int{} // user, day, kind, direction → line
	commuteDays := map[string]bool{}
	var rows []*regRow
	for _, l := range lines {
		fail := func(field, msg string) {
			rep.Errors = append(rep.Errors, ImportLineError{Line: l.line, Field: field, Messages: []string{msg}})
		}
		if l.err != nil {
			rep.Errors = append(rep.Errors, *l.err)
			continue
		}
		uid, ok := users[l.write.UserOspID]
		if !ok {
			fail("userOspId", i18n.T(i18n.FromContext(ctx), "trip.import.user"))
			continue
		}
		r := &regRow{OspID: uuid.NewString(), UserID: uid, CompanyID: up.CompanyID, Status: StatusRegistered, CreatedBy: &p.UserID}
		if err := s.fill(ctx, r, l.write); err != nil {
			e := apperr.As(err)
			if e == nil || e.Kind == apperr.KindInternal {
				return nil, nil, err
			}
			for _, f := range e.Fields {
				rep.Errors = append(rep.Errors, ImportLineError{Line: l.line, Field: f.Field, Messages: f.Messages})
			}
			if len(e.Fields) == 0 {
				fail("kind", e.Message)
			}
			continue
		}
		key := fmt.Sprintf("%d/%s/%s/%s", uid, r.Date, r.Kind, r.Direction)
		taken, err := s.store.taken(ctx, r)
		if err != nil {
			return nil, nil, err
		}
		if first, dup := seen[key]; (dup || taken) && r.Kind != KindBusiness {
			msg := i18n.T(i18n.FromContext(ctx), "trip.error.duplicate")
			if dup {
				msg = i18n.T(i18n.FromContext(ctx), "trip.import.sameAs", first)
			}
			fail(map[bool]string{true: "date", false: "direction"}[r.Kind == KindHomeWork], msg)
			continue
		}
		seen[key] = l.line
		// a per-day amount is paid on the day's first commute: the file's
		// earlier line may be that one
		day := fmt.Sprintf("%d/%s", uid, r.Date)
		if r.Kind == KindCommute && r.CompensationType == PerDay && commuteDays[day] {
			r.Compensation, r.Taxable = 0, 0
		}
		if r.Kind == KindCommute {
			commuteDays[day] = true
		}
		r.CreatedAt, r.UpdatedAt = s.now(), s.now()
		rows = append(rows, r)
		rep.Created = append(rep.Created, ImportedRow{Line: l.line})
	}
	rep.Status = "valid"
	if len(rep.Errors) > 0 {
		rep.Status, rep.Created, rows = "invalid", []ImportedRow{}, nil
	}
	return rep, rows, nil
}
