package user

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/csv"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"path/filepath"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/company"
	"mobility/portal/internal/constants"
	"mobility/portal/internal/database"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/validate"
)

// --- API types of manage/import-users: upload, validate, process ---

// Import kinds: new app users, or changes to existing ones.
const (
	ImportCreate = "create"
	ImportUpdate = "update"
)

// Error labels of imports.
var (
	LabelUnsupportedFile = apperr.Define("UNSUPPORTED_FILE")
	LabelTooManyRows     = apperr.Define("TOO_MANY_ROWS")
	LabelEmptyFile       = apperr.Define("EMPTY_FILE")
	LabelMissingColumns  = apperr.Define("MISSING_COLUMNS")
	LabelImportInvalid   = apperr.Define("IMPORT_INVALID")
)

// Row outcomes of a processed import.
const (
	OutcomeCreated          = "CREATED"
	OutcomeUpdated          = "UPDATED"
	OutcomeSkipped          = "SKIPPED"
	OutcomeAlreadyProcessed = "ALREADY_PROCESSED"
)

// UploadForm is the multipart body of upload/upload.
type UploadForm struct {
	File                  multipart.File `formData:"file" required:"true" description:"CSV (UTF-8, ; or , separated) or XLSX, header on line 1, at most 500 rows"`
	CorporateAccountOspID string         `formData:"corporateAccountOspId" required:"true"`
	Kind                  string         `formData:"kind" required:"true" enum:"create,update" description:"create: new app users; update: existing users matched by extId, else login"`
	SendCredentials       string         `formData:"sendCredentials" enum:"true,false" description:"create: mail new users their credentials (default true; a sendCredentials column overrides per row)"`
}

// UploadResult is a stored import file.
type UploadResult struct {
	UploadID       string   `json:"uploadId"`
	Kind           string   `json:"kind" enum:"create,update"`
	Filename       string   `json:"filename"`
	RowCount       int      `json:"rowCount"`
	Status         string   `json:"status"`
	Columns        []string `json:"columns" description:"recognised columns"`
	IgnoredColumns []string `json:"ignoredColumns" description:"header cells that are no known column"`
	SameFileAs     string   `json:"sameFileAs,omitempty" description:"an earlier upload of the very same file for this company"`
}

// UploadRef names an upload.
type UploadRef struct {
	UploadID string `json:"uploadId" required:"true"`
}

// LineError is what is wrong with one field of one line of the file.
type LineError struct {
	Line     int      `json:"line" description:"line in the file; the header is line 1"`
	Field    string   `json:"field" description:"column name"`
	Messages []string `json:"messages"`
}

// ImportReport is the answer of validate: what processing would do.
type ImportReport struct {
	UploadID         string      `json:"uploadId"`
	Status           string      `json:"status" enum:"valid,invalid,processed"`
	RowCount         int         `json:"rowCount"`
	Errors           []LineError `json:"errors"`
	ToCreate         int         `json:"toCreate"`
	ToUpdate         int         `json:"toUpdate"`
	Skipped          int         `json:"skipped" description:"update rows that change nothing"`
	AlreadyProcessed int         `json:"alreadyProcessed" description:"create rows whose login or extId already exists in the company"`
}

// RowOutcome is what processing did with one line.
type RowOutcome struct {
	Line      int    `json:"line"`
	Outcome   string `json:"outcome" enum:"CREATED,UPDATED,SKIPPED,ALREADY_PROCESSED"`
	UserOspID string `json:"userOspId"`
}

// ProcessReport is the answer of process (stored; a second call returns it).
type ProcessReport struct {
	UploadID         string       `json:"uploadId"`
	Status           string       `json:"status" enum:"processed"`
	Created          int          `json:"created"`
	Updated          int          `json:"updated"`
	Skipped          int          `json:"skipped"`
	AlreadyProcessed int          `json:"alreadyProcessed"`
	Rows             []RowOutcome `json:"rows"`
}

// TemplateRequest asks for the empty import file.
type TemplateRequest struct {
	Kind   string `path:"kind" enum:"create,update"`
	Format string `query:"format" enum:"csv,xlsx" description:"default csv"`
}

// ImportColumns are the columns of the import file, in template order.
var ImportColumns = []string{"firstname", "lastname", "email", "login", "msisdn", "language", "birthdate", "employeeNumber",
	"contractId", "extId", "workStreet", "workNumber", "workZip", "workCity", "homeStreet", "homeNumber", "homeZip", "homeCity",
	"desiredActivationDate", "mobibCardNumber", "licensePlate"}

// optionalColumns are recognised but left out of the template.
var optionalColumns = []string{"sendCredentials"}

var (
	requiredForCreate = []string{"firstname", "lastname", "email", "login"}
	dateColumns       = map[string]bool{"birthdate": true, "desiredActivationDate": true}
)

// --- reading files ---

type fileRow struct {
	line  int
	cells map[string]string
}

type importFile struct {
	columns []string
	ignored []string
	rows    []fileRow
}

func fileError(ctx context.Context, label, key string, args ...any) error {
	return apperr.Invalid(label, "file", i18n.T(i18n.FromContext(ctx), key, args...))
}

// readImport parses a CSV or XLSX import file and checks its shape: known
// format, a header with the columns kind needs, 1 to MaxImportRows rows.
func readImport(ctx context.Context, filename string, content []byte, kind string) (*importFile, error) {
	var records [][]string
	var lines []int
	var err error
	switch strings.ToLower(filepath.Ext(filename)) {
	case ".csv":
		records, lines, err = readCSV(content)
	case ".xlsx":
		records, lines, err = readXLSX(content)
	default:
		return nil, fileError(ctx, LabelUnsupportedFile, "import.unsupported")
	}
	if err != nil {
		return nil, fileError(ctx, LabelUnsupportedFile, "import.unreadable")
	}
	if len(records) == 0 {
		return nil, fileError(ctx, LabelEmptyFile, "import.empty")
	}
	f := &importFile{}
	known := append(append([]string{}, ImportColumns...), optionalColumns...)
	header := make([]string, len(records[0]))
	for i, h := range records[0] {
		h = strings.TrimSpace(h)
		for _, k := range known {
			if strings.EqualFold(h, k) && !contains(f.columns, k) {
				header[i] = k
				f.columns = append(f.columns, k)
			}
		}
		if header[i] == "" && h != "" {
			f.ignored = append(f.ignored, h)
		}
	}
	for i, rec := range records[1:] {
		cells := map[string]string{}
		for j, v := range rec {
			if j < len(header) && header[j] != "" && strings.TrimSpace(v) != "" {
				cells[header[j]] = strings.TrimSpace(v)
			}
		}
		if len(cells) > 0 { // blank lines (common at the end of exports) are no rows
			f.rows = append(f.rows, fileRow{line: lines[i+1], cells: cells})
		}
	}
	switch {
	case len(f.rows) == 0:
		return nil, fileError(ctx, LabelEmptyFile, "import.empty")
	case len(f.rows) > constants.MaxImportRows:
		return nil, fileError(ctx, LabelTooManyRows, "import.tooManyRows", len(f.rows), constants.MaxImportRows)
	}
	if kind == ImportCreate {
		var missing []string
		for _, c := range requiredForCreate {
			if !contains(f.columns, c) {
				missing = append(missing, c)
			}
		}
		if len(missing) > 0 {
			return nil, fileError(ctx, LabelMissingColumns, "import.missingColumns", strings.Join(missing, ", "))
		}
	} else if !contains(f.columns, "extId") && !contains(f.columns, "login") {
		return nil, fileError(ctx, LabelMissingColumns, "import.missingKey")
	}
	return f, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// readCSV reads UTF-8 CSV (Excel adds a BOM) separated by ';' (Excel in
// Belgian locales) or ',', whichever the header line uses more; it returns
// each record with the file line it starts on.
func readCSV(content []byte) ([][]string, []int, error) {
	content = bytes.TrimPrefix(content, []byte("\xef\xbb\xbf"))
	if !utf8.Valid(content) || bytes.IndexByte(content, 0) >= 0 {
		return nil, nil, errors.New("not UTF-8 text")
	}
	first, _, _ := bytes.Cut(content, []byte("\n"))
	r := csv.NewReader(bytes.NewReader(content))
	if bytes.Count(first, []byte(";")) > bytes.Count(first, []byte(",")) {
		r.Comma = ';'
	}
	r.FieldsPerRecord = -1
	var records [][]string
	var lines []int
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, nil, err
		}
		line, _ := r.FieldPos(0)
		records, lines = append(records, rec), append(lines, line)
	}
	return records, lines, nil
}

// readXLSX reads the first sheet of a workbook. Cells are read raw so dates
// arrive as serial numbers (whatever display format the sheet uses) and
// are turned into yyyy-MM-dd here.
func readXLSX(content []byte) ([][]string, []int, error) {
	if !bytes.HasPrefix(content, []byte("PK\x03\x04")) {
		return nil, nil, errors.New("not a zip archive")
	}
	// a small upload may not unpack into gigabytes (zip bomb)
	f, err := excelize.OpenReader(bytes.NewReader(content), excelize.Options{UnzipSizeLimit: 64 << 20, UnzipXMLSizeLimit: 16 << 20})
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	sheets := f.GetSheetList()
	if len(sheets) == 0 {
		return nil, nil, nil
	}
	rows, err := f.GetRows(sheets[0], excelize.Options{RawCellValue: true})
	if err != nil {
		return nil, nil, err
	}
	lines := make([]int, len(rows))
	for i := range rows {
		lines[i] = i + 1
	}
	if len(rows) > 0 {
		for j, h := range rows[0] {
			for k := range dateColumns {
				if !strings.EqualFold(strings.TrimSpace(h), k) {
					continue
				}
				for _, r := range rows[1:] {
					if j < len(r) {
						if serial, err := strconv.ParseFloat(strings.TrimSpace(r[j]), 64); err == nil {
							if t, err := excelize.ExcelDateToTime(serial, false); err == nil {
								r[j] = t.Format("2006-01-02")
							}
						}
					}
				}
			}
		}
	}
	return rows, lines, nil
}

// fileDate accepts yyyy-MM-dd and dd/MM/yyyy (the UI's display format) and
// returns yyyy-MM-dd.
func fileDate(v string) (string, bool) {
	if v == "" {
		return "", true
	}
	for _, layout := range []string{"2006-01-02", "2/1/2006", "2-1-2006", "2.1.2006"} {
		if t, err := time.Parse(layout, v); err == nil {
			return t.Format("2006-01-02"), true
		}
	}
	return v, false
}

// overlay copies the non-empty cells of a row onto user data: a create
// starts from nothing, an update from the stored user, so empty cells
// never erase anything.
func overlay(d *UserData, c map[string]string) {
	set := func(dst *string, col string) {
		if v, ok := c[col]; ok {
			*dst = v
		}
	}
	set(&d.Firstname, "firstname")
	set(&d.Lastname, "lastname")
	set(&d.Email, "email")
	set(&d.Login, "login")
	set(&d.Msisdn, "msisdn")
	if v, ok := c["language"]; ok {
		d.Language = strings.ToLower(v)
	}
	set(&d.Birthdate, "birthdate")
	set(&d.EmployeeNumber, "employeeNumber")
	set(&d.ContractID, "contractId")
	set(&d.ExtID, "extId")
	set(&d.WorkAddress.StreetName, "workStreet")
	set(&d.WorkAddress.Number, "workNumber")
	set(&d.WorkAddress.Zip, "workZip")
	set(&d.WorkAddress.City, "workCity")
	set(&d.HomeAddress.StreetName, "homeStreet")
	set(&d.HomeAddress.Number, "homeNumber")
	set(&d.HomeAddress.Zip, "homeZip")
	set(&d.HomeAddress.City, "homeCity")
	set(&d.DesiredActivationDate, "desiredActivationDate")
	set(&d.LicensePlate, "licensePlate")
}

// columnOf names a checkData field by its file column.
func columnOf(field string) string {
	switch field {
	case "workAddress.zip":
		return "workZip"
	case "homeAddress.zip":
		return "homeZip"
	}
	return field
}

// --- validating and processing ---

type plannedRow struct {
	line     int
	outcome  string
	data     UserData
	mobib    string
	send     bool
	existing *row
}

type importPlan struct {
	rows   []plannedRow
	errors []LineError
	counts map[string]int
}

// plan reads an upload again and checks every row as the create and update
// calls would, plus what only a file can get wrong (a login, e-mail or
// extId twice). It writes nothing.
func (s *Service) plan(ctx context.Context, up *upload) (*importPlan, error) {
	kind := ImportCreate
	if up.Kind == uploadKindUpdate {
		kind = ImportUpdate
	}
	f, err := readImport(ctx, up.Filename, up.Content, kind)
	if err != nil {
		return nil, err
	}
	pl := &importPlan{counts: map[string]int{}, errors: []LineError{}}
	// maxUsers: each new app user counts against the company's limit, the
	// line that goes beyond it and every one after fail with a clear message
	room, limit, err := s.importRoom(ctx, up.CorporateAccountID)
	if err != nil {
		return nil, err
	}
	seen := map[string]int{}   // "column\x00value" -> first line
	matched := map[int64]int{} // updated user -> first line
	for _, fr := range f.rows {
		c := fr.cells
		v := validate.New(ctx)
		for col := range dateColumns {
			if d, ok := fileDate(c[col]); ok {
				if d != "" {
					c[col] = d
				}
			} else {
				v.Fail(col, "rule.fileDate")
			}
		}
		pr := plannedRow{line: fr.line, send: up.SendCredentials}
		if raw, ok := c["sendCredentials"]; ok {
			if b, ok := parseBool(raw); ok {
				pr.send = b
			} else {
				v.Fail("sendCredentials", "rule.invalid")
			}
		}
		if raw, ok := c["mobibCardNumber"]; ok {
			card, ok := NormalizeTokenValue(FieldMobibCard, raw)
			if !ok {
				v.Fail("mobibCardNumber", "rule.digits", 10, 20)
			}
			pr.mobib = card
		}
		login, extID := NormalizeLogin(c["login"]), c["extId"]
		if kind == ImportCreate {
			// a row whose user exists already was imported before (the same
			// file again, or a file fixed and re-sent): count it, change nothing
			if pr.existing, err = s.companyUser(ctx, up.CorporateAccountID, login, extID); err != nil {
				return nil, err
			}
			if pr.existing != nil {
				pr.outcome = OutcomeAlreadyProcessed
			} else {
				pr.outcome = OutcomeCreated
				overlay(&pr.data, c)
				if err := s.checkData(ctx, v, &pr.data, TypeMobile, up.CorporateAccountID, nil); err != nil {
					return nil, err
				}
			}
		} else {
			if pr.existing, err = s.companyUser(ctx, up.CorporateAccountID, "", extID); err == nil && pr.existing == nil {
				pr.existing, err = s.companyUser(ctx, up.CorporateAccountID, login, "")
			}
			if err != nil {
				return nil, err
			}
			switch {
			case pr.existing != nil:
				pr.data = pr.existing.toAPI().UserData
				before := pr.data
				overlay(&pr.data, c)
				if err := s.checkData(ctx, v, &pr.data, pr.existing.UserType, up.CorporateAccountID, pr.existing); err != nil {
					return nil, err
				}
				pr.outcome = OutcomeSkipped
				if pr.data != before || (pr.mobib != "" && pr.mobib != pr.existing.MobibCardNumber) {
					pr.outcome = OutcomeUpdated
				}
				if first, dup := matched[pr.existing.ID]; dup {
					v.Fail(map[bool]string{true: "extId", false: "login"}[extID != ""], "rule.duplicateInFile", first)
				}
				matched[pr.existing.ID] = fr.line
			case extID == "" && login == "":
				v.Fail("extId", "rule.required")
			case extID != "":
				v.Fail("extId", "rule.noMatch")
			default:
				v.Fail("login", "rule.noMatch")
			}
		}
		for col, val := range map[string]string{"login": login, "email": strings.ToLower(c["email"]), "extId": extID} {
			if val == "" {
				continue
			}
			if first, dup := seen[col+"\x00"+val]; dup {
				v.Fail(col, "rule.duplicateInFile", first)
			} else {
				seen[col+"\x00"+val] = fr.line
			}
		}
		if e := apperr.As(v.Err()); e != nil {
			for _, fe := range e.Fields {
				pl.errors = append(pl.errors, LineError{Line: fr.line, Field: columnOf(fe.Field), Messages: fe.Messages})
			}
		} else if kind == ImportCreate && pr.outcome == OutcomeCreated && limit != nil {
			if room <= 0 {
				pl.errors = append(pl.errors, LineError{Line: fr.line, Field: "corporateAccount",
					Messages: []string{company.MaxUsersReached(ctx, *limit).Message}})
			}
			room--
		}
		pl.counts[pr.outcome]++
		pl.rows = append(pl.rows, pr)
	}
	return pl, nil
}

// companyUser finds a living app user of the company by login, else extId.
func (s *Service) companyUser(ctx context.Context, companyID int64, login, extID string) (*row, error) {
	if login != "" {
		if r, err := s.store.companyAppUser(ctx, companyID, "login", login); err != nil || r != nil {
			return r, wrapInternal(err)
		}
	}
	if extID != "" {
		r, err := s.store.companyAppUser(ctx, companyID, "ext_id", extID)
		return r, wrapInternal(err)
	}
	return nil, nil
}

func wrapInternal(err error) error {
	if err == nil {
		return nil
	}
	return apperr.Internal(err)
}

func parseBool(s string) (bool, bool) {
	switch strings.ToLower(s) {
	case "true", "yes", "y", "1", "ja", "j", "oui", "o", "x":
		return true, true
	case "false", "no", "n", "0", "nee", "non":
		return false, true
	}
	return false, false
}

func (s *Service) loadUpload(ctx context.Context, p *access.Principal, ospID string) (*upload, error) {
	v := validate.New(ctx)
	v.Required("uploadId", ospID)
	if err := v.Err(); err != nil {
		return nil, err
	}
	up, err := s.store.getUpload(ctx, p.Scope, ospID)
	if database.IsNoRows(err) {
		return nil, apperr.NotFound("upload")
	}
	if err != nil {
		return nil, wrapInternal(err)
	}
	// the upload was reached within scope: its company is the caller's to see
	ca, err := s.companies.ResolveID(ctx, access.SystemScope(), up.CorporateAccountID)
	if err != nil {
		return nil, err
	}
	up.CompanyOspID, up.CompanyName = ca.OspID, ca.Name
	return up, nil
}

// UploadInput is an import file as the upload call received it.
type UploadInput struct {
	CorporateAccountOspID string
	Kind                  string
	Filename              string
	Content               []byte
	SendCredentials       string
}

// Upload stores an import file for a company after checking its shape;
// rows are checked by Validate and Process.
func (s *Service) Upload(ctx context.Context, p *access.Principal, in UploadInput) (*UploadResult, error) {
	ca, err := s.companies.Resolve(ctx, p, in.CorporateAccountOspID)
	if err != nil {
		if apperr.IsNotFound(err) && in.CorporateAccountOspID == "" {
			v := validate.New(ctx)
			v.Required("corporateAccount", "")
			return nil, v.Err()
		}
		return nil, err
	}
	v := validate.New(ctx)
	v.OneOf("kind", in.Kind, []string{ImportCreate, ImportUpdate})
	send := true
	if in.SendCredentials != "" {
		var ok bool
		if send, ok = parseBool(in.SendCredentials); !ok {
			v.Fail("sendCredentials", "rule.invalid")
		}
	}
	if in.Filename == "" {
		v.Required("file", "")
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	if len(in.Content) == 0 {
		return nil, fileError(ctx, LabelEmptyFile, "import.empty")
	}
	f, err := readImport(ctx, in.Filename, in.Content, in.Kind)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(in.Content)
	contentType := "text/csv"
	if strings.EqualFold(filepath.Ext(in.Filename), ".xlsx") {
		contentType = xlsxType
	}
	up := &upload{OspID: NewOspID(), CorporateAccountID: ca.ID, Kind: uploadKindCreate, Filename: filepath.Base(in.Filename),
		ContentType: contentType, Content: in.Content, FileHash: hex.EncodeToString(sum[:]), RowCount: len(f.rows),
		Status: uploadUploaded, SendCredentials: send}
	if in.Kind == ImportUpdate {
		up.Kind = uploadKindUpdate
	}
	if err := s.store.insertUpload(ctx, up, p.UserID, s.now()); err != nil {
		return nil, apperr.Internal(err)
	}
	prev, err := s.store.previousUpload(ctx, up)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	ignored := f.ignored
	if ignored == nil {
		ignored = []string{}
	}
	return &UploadResult{UploadID: up.OspID, Kind: in.Kind, Filename: up.Filename, RowCount: up.RowCount, Status: up.Status,
		Columns: f.columns, IgnoredColumns: ignored, SameFileAs: prev}, nil
}

// ValidateImport reports every error of every line and what processing
// would do; it changes no user.
func (s *Service) ValidateImport(ctx context.Context, p *access.Principal, uploadID string) (*ImportReport, error) {
	up, err := s.loadUpload(ctx, p, uploadID)
	if err != nil {
		return nil, err
	}
	pl, err := s.plan(ctx, up)
	if err != nil {
		return nil, err
	}
	rep := &ImportReport{UploadID: up.OspID, Status: uploadValid, RowCount: len(pl.rows), Errors: pl.errors,
		ToCreate: pl.counts[OutcomeCreated], ToUpdate: pl.counts[OutcomeUpdated], Skipped: pl.counts[OutcomeSkipped],
		AlreadyProcessed: pl.counts[OutcomeAlreadyProcessed]}
	if len(pl.errors) > 0 {
		rep.Status = uploadInvalid
	}
	if up.Status == uploadProcessed {
		rep.Status = uploadProcessed
	} else if err := s.store.setUploadStatus(ctx, up.ID, rep.Status); err != nil {
		return nil, apperr.Internal(err)
	}
	return rep, nil
}

var errProcessed = errors.New("upload already processed")

// ProcessImport validates the upload again and, when every row is valid,
// writes all rows in one transaction. Processing is once per upload: a
// second call returns the stored report.
func (s *Service) ProcessImport(ctx context.Context, p *access.Principal, uploadID string) (*ProcessReport, error) {
	up, err := s.loadUpload(ctx, p, uploadID)
	if err != nil {
		return nil, err
	}
	if up.Status == uploadProcessed {
		return storedReport(up)
	}
	rep := &ProcessReport{UploadID: up.OspID, Status: uploadProcessed, Rows: []RowOutcome{}}
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		if ok, err := s.store.claimUpload(ctx, up.ID); err != nil {
			return apperr.Internal(err)
		} else if !ok {
			return errProcessed
		}
		pl, err := s.plan(ctx, up)
		if err != nil {
			return err
		}
		if len(pl.errors) > 0 {
			return importInvalid(ctx, pl.errors)
		}
		now := s.now()
		for _, r := range pl.rows {
			out := RowOutcome{Line: r.line, Outcome: r.outcome}
			switch r.outcome {
			case OutcomeCreated:
				u, err := s.create(ctx, p, newUser{kind: TypeMobile, company: Ref{OspID: up.CompanyOspID}, data: r.data,
					mobibCard: r.mobib, sendCredentials: r.send})
				if err != nil {
					return err
				}
				out.UserOspID = u.OspID
				rep.Created++
			case OutcomeUpdated:
				// the same rule as user/update: an app user holding a role
				// the uploader lacks is not theirs to change
				if err := mayActOn(ctx, p, r.existing); err != nil {
					return err
				}
				oldEmail := r.existing.Email
				r.data.applyTo(r.existing)
				if err := s.store.updateRow(ctx, r.existing, now); err != nil {
					return apperr.Internal(err)
				}
				if err := s.emailChanged(ctx, p, r.existing, oldEmail); err != nil {
					return apperr.Internal(err)
				}
				if r.mobib != "" {
					if err := s.store.setMobibCard(ctx, r.existing.ID, r.mobib, now); err != nil {
						return apperr.Internal(err)
					}
				}
				out.UserOspID = r.existing.OspID
				rep.Updated++
			case OutcomeSkipped:
				out.UserOspID = r.existing.OspID
				rep.Skipped++
			case OutcomeAlreadyProcessed:
				out.UserOspID = r.existing.OspID
				rep.AlreadyProcessed++
			}
			rep.Rows = append(rep.Rows, out)
		}
		b, err := json.Marshal(rep)
		if err != nil {
			return apperr.Internal(err)
		}
		return wrapInternal(s.store.finishUpload(ctx, up.ID, string(b), now))
	})
	if errors.Is(err, errProcessed) {
		// a concurrent call processed it first
		if up, err = s.loadUpload(ctx, p, uploadID); err != nil {
			return nil, err
		}
		return storedReport(up)
	}
	if err != nil {
		if database.IsUniqueViolation(err) {
			// a concurrent create took a login between check and write
			return nil, apperr.Conflict(apperr.LabelValidationFailed, "a login or extId of the file was taken meanwhile; validate again")
		}
		if apperr.As(err) != nil {
			return nil, err
		}
		return nil, apperr.Internal(err)
	}
	return rep, nil
}

func storedReport(up *upload) (*ProcessReport, error) {
	var rep ProcessReport
	if err := json.Unmarshal([]byte(up.Report), &rep); err != nil {
		return nil, apperr.Internal(fmt.Errorf("stored report of upload %s: %w", up.OspID, err))
	}
	return &rep, nil
}

// importInvalid refuses a file, naming every line's errors as
// "line N: column" so the generic error notification can list them.
func importInvalid(ctx context.Context, errs []LineError) error {
	fields := make([]apperr.FieldError, len(errs))
	for i, e := range errs {
		fields[i] = apperr.FieldError{Field: fmt.Sprintf("line %d: %s", e.Line, e.Field), Messages: e.Messages}
	}
	return &apperr.Error{Kind: apperr.KindInvalid, Label: LabelImportInvalid,
		Message: i18n.T(i18n.FromContext(ctx), "import.invalid"), Fields: fields}
}

const xlsxType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

// ImportTemplate is the empty import file: the header row only.
func ImportTemplate(kind, format string) (filename, contentType string, body []byte, err error) {
	name := "users-" + kind + "-template"
	if format == "xlsx" {
		f := excelize.NewFile()
		defer f.Close()
		sheet := f.GetSheetName(0)
		header := make([]any, len(ImportColumns))
		for i, c := range ImportColumns {
			header[i] = c
		}
		if err := f.SetSheetRow(sheet, "A1", &header); err != nil {
			return "", "", nil, err
		}
		// text format for every column, so Excel keeps phone numbers'
		// leading + or 0 and does not turn card numbers into 1.2E+16
		last, _ := excelize.ColumnNumberToName(len(ImportColumns))
		style, err := f.NewStyle(&excelize.Style{NumFmt: 49})
		if err != nil {
			return "", "", nil, err
		}
		if err := f.SetColStyle(sheet, "A:"+last, style); err != nil {
			return "", "", nil, err
		}
		if err := f.SetColWidth(sheet, "A", last, 18); err != nil {
			return "", "", nil, err
		}
		buf, err := f.WriteToBuffer()
		if err != nil {
			return "", "", nil, err
		}
		return name + ".xlsx", xlsxType, buf.Bytes(), nil
	}
	// ';' and a BOM, so Excel in Belgian locales opens it in columns and as UTF-8
	return name + ".csv", "text/csv; charset=utf-8", []byte("\xef\xbb\xbf" + strings.Join(ImportColumns, ";") + "\r\n"), nil
}

// importRoom is how many app users an import may still add to a company
// under its maxUsers, and the limit (nil: unlimited).
func (s *Service) importRoom(ctx context.Context, companyID int64) (int, *int, error) {
	ca, err := s.companies.ResolveID(ctx, access.SystemScope(), companyID)
	if err != nil {
		return 0, nil, err
	}
	if ca.MaxUsers == nil {
		return 0, nil, nil
	}
	n, err := s.store.countActiveAppUsers(ctx, companyID)
	if err != nil {
		return 0, nil, wrapInternal(err)
	}
	return *ca.MaxUsers - n, ca.MaxUsers, nil
}
