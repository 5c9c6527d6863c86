package voucher

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"time"

	"github.com/google/uuid"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/company"
	"mobility/portal/internal/constants"
	"mobility/portal/internal/database"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/money"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/provfile"
	"mobility/portal/internal/user"
	"mobility/portal/internal/validate"
)

// Service loads voucher files and records vouchers' use.
type Service struct {
	db        *database.DB
	store     *store
	clock     clock.Clock
	users     *user.Service
	companies *company.Service
}

// Deps are what the voucher service calls.
type Deps struct {
	DB        *database.DB
	Clock     clock.Clock
	Users     *user.Service
	Companies *company.Service
}

// NewService builds the service and hands the user search its voucher
// read model (the users of a code).
func NewService(d Deps) *Service {
	s := &Service{db: d.DB, store: &store{db: d.DB}, clock: d.Clock, users: d.Users, companies: d.Companies}
	if d.Users != nil {
		d.Users.UseVoucherCodes(s.UsersOfCode)
	}
	return s
}

func (s *Service) now() time.Time { return database.Now(s.clock.Now()) }

func (s *Service) today() string { return clock.Today(s.clock.Now()) }

// codePattern: 4 to 40 of A-Z, 0-9 and - (stored upper case).
var codePattern = regexp.MustCompile(`^[A-Z0-9][A-Z0-9-]{3,39}$`)

// NormalizeCode is a code as stored: trimmed, upper case.
func NormalizeCode(c string) string { return strings.ToUpper(strings.TrimSpace(c)) }

// UsersOfCode is the user search's read model: the users a voucher whose
// code equals the search (case-insensitive) was issued to or redeemed
// by. The search applies the caller's scope to them.
func (s *Service) UsersOfCode(ctx context.Context, search string) ([]int64, error) {
	code := NormalizeCode(search)
	if !codePattern.MatchString(code) {
		return nil, nil
	}
	return s.store.usersOfCode(ctx, code)
}

// Upload stores a voucher file of a company after checking its shape
// (CSV, the columns, 1 to 500 lines). Platform staff only (the route).
func (s *Service) Upload(ctx context.Context, p *access.Principal, companyOspID, filename string, content []byte) (*provfile.Upload, error) {
	v := validate.New(ctx)
	v.Required("corporateAccountOspId", companyOspID)
	if err := v.Err(); err != nil {
		return nil, err
	}
	ca, err := s.companies.Resolve(ctx, p, companyOspID)
	if err != nil {
		return nil, err
	}
	lines, err := provfile.Read(ctx, Spec, filename, content)
	if err != nil {
		return nil, err
	}
	r := uploadRow{OspID: uuid.NewString(), CompanyID: ca.ID, Filename: filename, Content: content, RowCount: len(lines),
		Status: "UPLOADED", CreatedBy: p.UserID, CreatedAt: s.now()}
	if err := s.store.insertUpload(ctx, &r); err != nil {
		return nil, apperr.Internal(err)
	}
	up := s.toUpload(&r, map[int64]user.Display{}, map[int64]*company.Resolved{ca.ID: ca})
	return &up, nil
}

// Validate checks every line as process would, against the database and
// the file's other lines; it writes nothing.
func (s *Service) Validate(ctx context.Context, p *access.Principal, uploadID string) (*provfile.Report, error) {
	var rep *provfile.Report
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		up, err := s.findUpload(ctx, p, uploadID, false)
		if err != nil {
			return err
		}
		if up.Status == "PROCESSED" {
			rep, err = storedReport(up)
			return err
		}
		rep, _, err = s.check(ctx, up)
		return err
	})
	return rep, provfile.Internal(err)
}

// Process stores the vouchers of a valid file in one transaction, once:
// a code already stored for the company is ALREADY_PROCESSED (the same
// file uploaded again stores nothing twice); a processed file answers its
// stored report; an invalid file answers its errors and writes nothing.
func (s *Service) Process(ctx context.Context, p *access.Principal, uploadID string) (*provfile.Report, error) {
	var rep *provfile.Report
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		up, err := s.findUpload(ctx, p, uploadID, true)
		if err != nil {
			return err
		}
		if up.Status == "PROCESSED" {
			rep, err = storedReport(up)
			return err
		}
		var rows []*voucherRow
		rep, rows, err = s.check(ctx, up)
		if err != nil || rep.Status == "invalid" {
			return err
		}
		if err := s.store.insertVouchers(ctx, rows); err != nil {
			return err
		}
		for i := range rep.Lines {
			if rep.Lines[i].Status == provfile.StatusBookable {
				rep.Lines[i].Status = provfile.StatusBooked
				rep.Booked++
			}
		}
		rep.Finish(true)
		rep.ProcessedAt = s.now().UTC().Format(time.RFC3339)
		b, err := json.Marshal(rep)
		if err != nil {
			return err
		}
		return s.store.markProcessed(ctx, up.ID, string(b), p.UserID, s.now())
	})
	return rep, provfile.Internal(err)
}

func storedReport(up *uploadRow) (*provfile.Report, error) {
	var rep provfile.Report
	err := json.Unmarshal([]byte(up.Report), &rep)
	return &rep, err
}

func (s *Service) findUpload(ctx context.Context, p *access.Principal, uploadID string, lock bool) (*uploadRow, error) {
	if len(uploadID) > 36 {
		return nil, apperr.NotFound("upload")
	}
	up, err := s.store.upload(ctx, p.Scope, uploadID, lock)
	if database.IsNoRows(err) {
		return nil, apperr.NotFound("upload")
	}
	return up, err
}

// check reads a file's lines and checks each: the report (lines
// BOOKABLE or ALREADY_PROCESSED, or the errors) and the vouchers to
// store, in file order.
func (s *Service) check(ctx context.Context, up *uploadRow) (*provfile.Report, []*voucherRow, error) {
	lines, err := provfile.Read(ctx, Spec, up.Filename, up.Content)
	if err != nil {
		return nil, nil, err
	}
	lang := i18n.FromContext(ctx)
	rep := provfile.NewReport(up.OspID, KindVoucher, len(lines))
	codes := make([]string, 0, len(lines))
	userIDs := make([]string, 0, len(lines))
	for _, l := range lines {
		codes = append(codes, NormalizeCode(l.Cell("code")))
		if u := l.Cell("userOspId"); u != "" && len(u) <= 36 {
			userIDs = append(userIDs, u)
		}
	}
	existing, err := s.store.existing(ctx, codes)
	if err != nil {
		return nil, nil, err
	}
	users, err := s.users.AppUsersByOspID(ctx, up.CompanyID, userIDs)
	if err != nil {
		return nil, nil, err
	}
	seen := map[string]int{}
	now := s.now()
	var rows []*voucherRow
	for _, l := range lines {
		n := len(rep.Errors)
		code := NormalizeCode(l.Cell("code"))
		if code == "" {
			rep.Fail(l.Number, "code", i18n.T(lang, "rule.required", "code"))
		} else if !codePattern.MatchString(code) {
			rep.Fail(l.Number, "code", i18n.T(lang, "voucher.rule.code"))
		} else if first, dup := seen[code]; dup {
			rep.Fail(l.Number, "code", i18n.T(lang, "provfile.sameAs", first))
		}
		seen[code] = l.Number
		value, ok := provfile.Cents(l.Cell("value"))
		if !ok {
			rep.Fail(l.Number, "value", i18n.T(lang, "provfile.amount", money.MaxAmount/100))
		}
		from, okFrom := provfile.Date(l.Cell("validFrom"))
		if !okFrom {
			rep.Fail(l.Number, "validFrom", i18n.T(lang, "provfile.date"))
		}
		until, okUntil := provfile.Date(l.Cell("validUntil"))
		if !okUntil {
			rep.Fail(l.Number, "validUntil", i18n.T(lang, "provfile.date"))
		} else if okFrom && until < from {
			rep.Fail(l.Number, "validUntil", i18n.T(lang, "voucher.rule.untilBeforeFrom"))
		}
		desc := l.Cell("description")
		if !provfile.Text(desc, constants.DescriptionMaxLength) {
			rep.Fail(l.Number, "description", i18n.T(lang, "provfile.text", constants.DescriptionMaxLength))
		}
		var userID *int64
		if uo := l.Cell("userOspId"); uo != "" {
			u, ok := users[uo]
			if !ok {
				rep.Fail(l.Number, "userOspId", i18n.T(lang, "voucher.rule.user"))
			} else {
				userID = &u.ID
			}
		}
		if len(rep.Errors) > n {
			continue
		}
		if ex, ok := existing[code]; ok {
			if ex.CompanyID != up.CompanyID {
				rep.Fail(l.Number, "code", i18n.T(lang, "voucher.rule.codeTaken"))
				continue
			}
			rep.Add(provfile.LineResult{Line: l.Number, Status: provfile.StatusAlready, Key: code, OspID: ex.OspID,
				Reason: i18n.T(lang, "voucher.already")})
			continue
		}
		r := &voucherRow{OspID: uuid.NewString(), Code: code, Value: value, ValidFrom: from, ValidUntil: until, Description: desc,
			CompanyID: up.CompanyID, UserID: userID, Status: StatusIssued, UploadID: up.ID, CreatedAt: now}
		rows = append(rows, r)
		rep.Add(provfile.LineResult{Line: l.Number, Status: provfile.StatusBookable, Key: code, OspID: r.OspID})
	}
	rep.Finish(false)
	if rep.Status == "invalid" {
		rows = nil
	}
	return rep, rows, nil
}

// Uploads lists the voucher files in reach, newest first, with who
// uploaded and processed them and the last report.
func (s *Service) Uploads(ctx context.Context, p *access.Principal, req provfile.ListRequest) (*paging.Page[provfile.Upload], error) {
	pg := req.Pagination.Normalize(constants.DefaultPageSize)
	rows, total, err := s.store.uploads(ctx, p.Scope, pg)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	cids := make([]int64, len(rows))
	for i, r := range rows {
		cids[i] = r.CompanyID
	}
	names, err := provfile.Handlers(ctx, s.users, rows, func(r *uploadRow) (int64, *int64) { return r.CreatedBy, r.ProcessedBy })
	if err != nil {
		return nil, err
	}
	cos, err := s.companies.Names(ctx, access.SystemScope(), cids)
	if err != nil {
		return nil, err
	}
	out := make([]provfile.Upload, len(rows))
	for i := range rows {
		out[i] = s.toUpload(&rows[i], names, cos)
	}
	page := paging.NewPage(out, total, pg)
	return &page, nil
}

func (s *Service) toUpload(r *uploadRow, names provfile.HandlerNames, cos map[int64]*company.Resolved) provfile.Upload {
	u := provfile.Upload{UploadID: r.OspID, Kind: KindVoucher, Filename: r.Filename, RowCount: r.RowCount, Status: r.Status,
		CreatedBy: names.Of(r.CreatedBy), CreatedAt: r.CreatedAt.UTC().Format(time.RFC3339), ProcessedBy: names.OfOptional(r.ProcessedBy)}
	if r.ProcessedAt != nil {
		u.ProcessedAt = r.ProcessedAt.UTC().Format(time.RFC3339)
	}
	if r.Report != "" {
		if rep, err := storedReport(r); err == nil {
			u.Report = rep
		}
	}
	if c := cos[r.CompanyID]; c != nil {
		u.CorporateAccountOspID, u.CorporateAccountName = c.OspID, c.Name
	}
	return u
}

// File answers a stored voucher file as it was uploaded.
func (s *Service) File(ctx context.Context, p *access.Principal, uploadID string) (string, []byte, error) {
	up, err := s.findUpload(ctx, p, uploadID, false)
	if err != nil {
		return "", nil, provfile.Internal(err)
	}
	return up.Filename, up.Content, nil
}

// List pages the vouchers in the caller's reach, newest first.
func (s *Service) List(ctx context.Context, p *access.Principal, req ListRequest) (*paging.Page[Voucher], error) {
	f := listFilter{scope: p.Scope, status: req.Status, code: NormalizeCode(req.Code), today: s.today()}
	if strings.ContainsAny(f.code, "%_\\") {
		v := validate.New(ctx)
		v.Fail("code", "rule.invalid")
		return nil, v.Err()
	}
	var err error
	if f.companyID, f.userID, err = s.users.ResolveFilter(ctx, p, req.CorporateAccountOspID, req.UserOspID); err != nil {
		return nil, err
	}
	pg := req.Pagination.Normalize(constants.DefaultPageSize)
	rows, total, err := s.store.list(ctx, f, pg)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out, err := s.toAPI(ctx, rows)
	if err != nil {
		return nil, err
	}
	page := paging.NewPage(out, total, pg)
	return &page, nil
}

func (s *Service) toAPI(ctx context.Context, rows []voucherRow) ([]Voucher, error) {
	var uids, cids []int64
	for _, r := range rows {
		cids = append(cids, r.CompanyID)
		for _, id := range []*int64{r.UserID, r.RedeemedBy} {
			if id != nil {
				uids = append(uids, *id)
			}
		}
	}
	names, err := s.users.Displays(ctx, access.SystemScope(), uids)
	if err != nil {
		return nil, err
	}
	cos, err := s.companies.Names(ctx, access.SystemScope(), cids)
	if err != nil {
		return nil, err
	}
	today := s.today()
	out := make([]Voucher, len(rows))
	for i, r := range rows {
		v := Voucher{OspID: r.OspID, Code: r.Code, Value: money.Amount(r.Value), ValidFrom: r.ValidFrom, ValidUntil: r.ValidUntil,
			Status: r.Status, Description: r.Description, RedeemedReference: r.RedeemedReference, UploadID: r.UploadOspID}
		if v.Status == StatusIssued && r.ValidUntil < today {
			v.Status = StatusExpired
		}
		if c := cos[r.CompanyID]; c != nil {
			v.CorporateAccountOspID, v.CorporateAccountName = c.OspID, c.Name
		}
		if r.UserID != nil {
			d := names[*r.UserID]
			v.UserOspID, v.UserName = d.OspID, d.FullName()
		}
		if r.RedeemedBy != nil {
			d := names[*r.RedeemedBy]
			v.RedeemedByOspID, v.RedeemedByName = d.OspID, d.FullName()
		}
		if r.RedeemedAt != nil {
			v.RedeemedAt = r.RedeemedAt.UTC().Format(time.RFC3339)
		}
		out[i] = v
	}
	return out, nil
}

// Redeem records that an app user used a voucher, once: the voucher must
// be issued (not redeemed), valid today, and belong to that user or, for
// a company voucher, to the user's company; the user must be active. The
// voucher's value was paid to the provider with the voucher: no budget
// moves (a provider's invoice that charges it is booked by its own file).
func (s *Service) Redeem(ctx context.Context, p *access.Principal, req RedeemRequest) (*Voucher, error) {
	code := NormalizeCode(req.Code)
	ref := strings.TrimSpace(req.Reference)
	v := validate.New(ctx)
	v.Required("code", code)
	v.Required("userOspId", req.UserOspID)
	if !provfile.Text(ref, constants.DescriptionMaxLength) {
		v.Fail("reference", "rule.invalid")
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	if !codePattern.MatchString(code) {
		return nil, apperr.NotFound("voucher")
	}
	u, err := s.users.Resolve(ctx, p, req.UserOspID)
	if err != nil {
		return nil, err
	}
	var out []Voucher
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		r, err := s.store.byCode(ctx, p.Scope, code)
		if database.IsNoRows(err) {
			return apperr.NotFound("voucher")
		}
		if err != nil {
			return err
		}
		today := s.today()
		switch {
		case r.Status == StatusRedeemed:
			v.Fail("code", "voucher.rule.redeemed")
		case today < r.ValidFrom || today > r.ValidUntil:
			v.Fail("code", "voucher.rule.notValidToday", r.ValidFrom, r.ValidUntil)
		case u.Type != user.TypeMobile || u.CompanyID != r.CompanyID || (r.UserID != nil && *r.UserID != u.ID):
			v.Fail("userOspId", "voucher.rule.notTheirs")
		case !u.Active:
			v.Fail("userOspId", "voucher.rule.inactive")
		}
		if err := v.Err(); err != nil {
			return err
		}
		if err := s.store.redeem(ctx, r.ID, u.ID, p.UserID, ref, s.now()); err != nil {
			return err
		}
		r.Status, r.RedeemedBy, r.RedeemedReference = StatusRedeemed, &u.ID, ref
		now := s.now()
		r.RedeemedAt = &now
		out, err = s.toAPI(ctx, []voucherRow{*r})
		return err
	})
	if err != nil {
		return nil, provfile.Internal(err)
	}
	return &out[0], nil
}
