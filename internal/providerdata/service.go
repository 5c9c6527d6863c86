package providerdata

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"time"

	"github.com/google/uuid"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/budget"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/company"
	"mobility/portal/internal/constants"
	"mobility/portal/internal/database"
	"mobility/portal/internal/expense"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/provfile"
	"mobility/portal/internal/user"
)

// Deps are what the service is built from: it matches through user's
// tokens, chooses budgets through budget and books through expense.
type Deps struct {
	DB       *database.DB
	Clock    clock.Clock
	Users    *user.Service
	Budgets  *budget.Service
	Expenses *expense.Service
	// Companies resolves the company of a direct-payment setting
	Companies *company.Service
}

// Service runs the provider-data pipeline.
type Service struct {
	db        *database.DB
	store     *store
	clock     clock.Clock
	users     *user.Service
	budgets   *budget.Service
	expenses  *expense.Service
	companies *company.Service
}

// NewService builds the service.
func NewService(d Deps) *Service {
	return &Service{db: d.DB, store: &store{db: d.DB}, clock: d.Clock, users: d.Users, budgets: d.Budgets, expenses: d.Expenses,
		companies: d.Companies}
}

func (s *Service) now() time.Time { return database.Now(s.clock.Now()) }

func internal(err error) error {
	if err == nil || apperr.As(err) != nil {
		return err
	}
	return apperr.Internal(err)
}

// maxFilename bounds a stored file name.
const maxFilename = 255

// Upload stores a provider's file of a kind after checking its shape (the
// kind's format and columns, 1 to 500 rows), and answers a preview: how
// many lines are fine and how many have errors. Platform staff only (the
// route's policy).
func (s *Service) Upload(ctx context.Context, p *access.Principal, kind, filename string, content []byte) (*Uploaded, error) {
	k := kindOf(kind)
	if k == nil {
		return nil, apperr.Invalid(LabelFile, "kind", i18n.T(i18n.FromContext(ctx), "rule.oneOf", "kind", strings.Join(KindNames(), ", ")))
	}
	filename = filepath.Base(strings.ReplaceAll(filename, "\\", "/"))
	if filename == "" || len(filename) > maxFilename || strings.ContainsRune(filename, 0) {
		return nil, apperr.Invalid(LabelFile, "file", i18n.T(i18n.FromContext(ctx), "providerdata.file.name", maxFilename))
	}
	recs, err := parseFile(ctx, k, filename, content)
	if err != nil {
		return nil, err
	}
	today := clock.Today(s.clock.Now())
	valid := 0
	for _, r := range recs {
		if _, errs := checkLine(ctx, k, r, today); errs == nil {
			valid++
		}
	}
	_, ct := extOf(k.Format)
	row := uploadRow{OspID: uuid.NewString(), Kind: k.Kind, Filename: filename, ContentType: ct, Content: content,
		RowCount: len(recs), Status: StatusUploaded, CreatedBy: p.UserID, CreatedAt: s.now()}
	if err := s.store.insertUpload(ctx, &row); err != nil {
		return nil, internal(err)
	}
	return &Uploaded{UploadID: row.OspID, Kind: k.Kind, Filename: filename, RowCount: row.RowCount, Status: row.Status,
		ValidLines: valid, InvalidLines: len(recs) - valid}, nil
}

// Validate checks every line (field and reason) and tells what process
// would do with each: book it for a user (READY), skip it, find it already
// processed, or fail it for a reason (no token holder, token not valid yet
// on the line's date, deactivated user or budget, no budget). It books
// nothing; a valid file's status becomes VALIDATED.
func (s *Service) Validate(ctx context.Context, p *access.Principal, uploadID string) (*Report, error) {
	var rep *Report
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		up, err := s.find(ctx, uploadID, false)
		if err != nil {
			return err
		}
		rep, err = s.run(ctx, p, up, false)
		if err != nil || !rep.Valid {
			return err
		}
		if up.Status == StatusUploaded {
			rep.Status = StatusValidated
			return s.store.markValidated(ctx, up.ID)
		}
		return nil
	})
	return rep, internal(err)
}

// Process books a valid file's lines in one transaction: each line once
// per (provider, natural key), ever. Lines that match nobody or that a
// budget refuses are kept (UNMATCHED, REFUSED) with their reason; a later
// process of this file or another one with the same line books them. A
// file with line errors writes nothing and answers its errors. The result
// is stored with the upload.
func (s *Service) Process(ctx context.Context, p *access.Principal, uploadID string) (*Report, error) {
	var rep *Report
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		up, err := s.find(ctx, uploadID, true)
		if err != nil {
			return err
		}
		rep, err = s.run(ctx, p, up, true)
		if err != nil || !rep.Valid {
			return err
		}
		rep.Status = StatusProcessed
		b, err := json.Marshal(rep)
		if err != nil {
			return err
		}
		return s.store.markProcessed(ctx, up.ID, string(b), p.UserID, s.now())
	})
	if err != nil {
		return nil, internal(err)
	}
	return rep, nil
}

func (s *Service) find(ctx context.Context, uploadID string, lock bool) (*uploadRow, error) {
	up, err := s.store.upload(ctx, uploadID, lock)
	if database.IsNoRows(err) {
		return nil, apperr.NotFound("upload")
	}
	return up, err
}

// run checks (and with book, books) an upload's lines in the caller's
// transaction.
func (s *Service) run(ctx context.Context, p *access.Principal, up *uploadRow, book bool) (*Report, error) {
	k := kindOf(up.Kind)
	if k == nil {
		return nil, errors.New("unknown kind " + up.Kind)
	}
	recs, err := parseFile(ctx, k, up.Filename, up.Content)
	if err != nil {
		return nil, err
	}
	lang := i18n.FromContext(ctx)
	today := clock.Today(s.clock.Now())
	rep := &Report{UploadID: up.OspID, Kind: k.Kind, Status: up.Status, RowCount: len(recs), Errors: []LineError{}, Lines: []LineResult{}}
	var lines []*pline
	for _, r := range recs {
		pl, errs := checkLine(ctx, k, r, today)
		if errs != nil {
			rep.Errors = append(rep.Errors, errs...)
			continue
		}
		lines = append(lines, pl)
	}
	rep.Valid = len(rep.Errors) == 0
	if book && !rep.Valid {
		return rep, nil
	}
	m, err := s.match(ctx, k, lines)
	if err != nil {
		return nil, err
	}
	if book {
		// every budget the file may book on, locked up front in id order,
		// so two files booking on the same budgets cannot deadlock
		if err := s.budgets.LockForFile(ctx, m.budgetIDs()); err != nil {
			return nil, err
		}
	}
	seen := map[string]int{}
	for _, l := range lines {
		res := LineResult{Line: l.line, NaturalKey: l.key, Date: l.date, Amount: l.amount}
		fail := func(outcome, reason string) {
			res.Outcome, res.Reason = outcome, reason
			res.Message = i18n.T(lang, "providerdata.reason."+reason)
		}
		prev, dup := seen[l.key]
		seen[l.key] = l.line
		ex, had := m.existing[l.key]
		t := m.targets[l.key]
		if t != nil {
			res.UserOspID, res.CorporateAccountOspID = t.userOspID, t.companyOsp
		}
		switch {
		case dup:
			fail(OutcomeSkipped, ReasonDuplicateInFile)
			res.Message = i18n.T(lang, "providerdata.reason.DUPLICATE_IN_FILE", prev)
		case l.amount == 0:
			fail(OutcomeSkipped, ReasonZeroAmount)
		case had && ex.Status == "BOOKED":
			res.Outcome = OutcomeAlreadyProcessed
			res.BookingID, res.ExpenseOspID = deref(ex.BookingID), deref(ex.ExpenseOspID)
		case t.reason != "" && !(book && t.reason == ReasonBudgetDeactivated):
			// (a deactivated budget may still take extra costs in its
			// company's window: process asks the budget itself)
			fail(OutcomeFailed, t.reason)
		case !book:
			res.Outcome = OutcomeReady
			res.BookingID = t.bookingID
		}
		if book && res.Outcome != OutcomeSkipped && res.Outcome != OutcomeAlreadyProcessed {
			if err := s.bookLine(ctx, k, up, l, t, &res, fail); err != nil {
				return nil, err
			}
		}
		rep.Lines = append(rep.Lines, res)
		switch res.Outcome {
		case OutcomeReady:
			rep.Counts.Ready++
		case OutcomeBooked:
			rep.Counts.Booked++
		case OutcomeSkipped:
			rep.Counts.Skipped++
		case OutcomeAlreadyProcessed:
			rep.Counts.AlreadyProcessed++
		default:
			rep.Counts.Failed++
		}
	}
	return rep, nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// target is who a line is booked for, or why it cannot be.
type target struct {
	reason     string
	userID     int64
	userOspID  string
	companyOsp string
	companyID  int64
	// budgets are the candidates in the order to try (budget.ProviderBudgets,
	// the company budget where the company pays the provider directly, a
	// surcharge's earlier budget)
	budgets   []budget.ProviderBudget
	mode      string
	bookingID string
	ident     string
	mrp       expense.ProviderMRP
}

// matched is what the batched reads found for a file's lines.
type matched struct {
	existing map[string]lineRow // by natural key
	targets  map[string]*target // by natural key (the file's first line with it)
}

// budgetIDs are every candidate budget of the file's lines.
func (m *matched) budgetIDs() []int64 {
	var ids []int64
	for _, t := range m.targets {
		if t.reason == "" || t.reason == ReasonBudgetDeactivated {
			for _, b := range t.budgets {
				ids = append(ids, b.ID)
			}
		}
	}
	return ids
}

// match reads, in a few batched queries whatever the file's size, the
// lines processed before, the token holders on each line's date (or a
// surcharge's earlier booking), the users' states, their budgets and
// which companies pay this provider directly.
func (s *Service) match(ctx context.Context, k *kindDef, lines []*pline) (*matched, error) {
	m := &matched{existing: map[string]lineRow{}, targets: map[string]*target{}}
	keys := make([]string, 0, len(lines))
	var tokens, refs []string
	for _, l := range lines {
		keys = append(keys, l.key)
		if l.token != "" {
			tokens = append(tokens, l.token)
		}
		if l.ref != "" {
			refs = append(refs, l.ref)
		}
	}
	ex, err := s.store.linesByKey(ctx, k.Provider, keys)
	if err != nil {
		return nil, err
	}
	for _, r := range ex {
		m.existing[r.NaturalKey] = r
	}
	holders := user.TokenHolders{}
	if k.TokenField != "" {
		if holders, err = s.users.TokenOwners(ctx, k.TokenField, tokens); err != nil {
			return nil, err
		}
	}
	originals := map[string]expense.BookedRef{}
	if k.RefCol != "" {
		if originals, err = s.expenses.ByBookingIDs(ctx, refs); err != nil {
			return nil, err
		}
	}
	var userIDs, companyIDs []int64
	for _, hs := range holders {
		for _, o := range hs {
			userIDs, companyIDs = append(userIDs, o.UserID), append(companyIDs, o.CompanyID)
		}
	}
	for _, o := range originals {
		userIDs = append(userIDs, o.UserID)
	}
	states, err := s.users.Displays(ctx, access.SystemScope(), userIDs)
	if err != nil {
		return nil, err
	}
	budgets, err := s.budgets.ProviderBudgets(ctx, userIDs)
	if err != nil {
		return nil, err
	}
	direct, err := s.store.directPayers(ctx, k.Kind, companyIDs)
	if err != nil {
		return nil, err
	}
	var payers []int64
	for id := range direct {
		payers = append(payers, id)
	}
	companyBudgets, err := s.budgets.CompanyBudgets(ctx, payers)
	if err != nil {
		return nil, err
	}
	mrp, err := s.expenses.ResolveMRP(ctx, k.Mrp)
	if err != nil {
		return nil, err
	}
	today := clock.Today(s.clock.Now())
	for _, l := range lines {
		if _, ok := m.targets[l.key]; ok {
			continue
		}
		t := &target{mode: l.mode, bookingID: bookingID(k, l.key), ident: l.token, mrp: mrp}
		m.targets[l.key] = t
		if k.RefCol != "" {
			o, ok := originals[l.ref]
			if !ok {
				t.reason = ReasonBookingNotFound
				continue
			}
			t.userID, t.companyID, t.mode, t.ident = o.UserID, o.CompanyID, o.MobilityMode, l.ref
			t.budgets = []budget.ProviderBudget{{ID: o.BudgetID, Active: true}}
			t.mrp = expense.ProviderMRP{Code: o.MrpCode, PartnerID: o.MrpPartnerID}
			st := states[o.UserID]
			t.userOspID = st.OspID
			if !st.Active && (st.DeactivatedAt == nil || today > extraCostsUntil(*st.DeactivatedAt)) {
				t.reason = ReasonExtraCostsClosed
			}
			continue
		}
		o, found := holders.On(l.token, l.date)
		switch found {
		case user.TokenUnknown:
			t.reason = ReasonUnmatched
			continue
		case user.TokenNotOnDate:
			t.reason = ReasonTokenNotValid
			continue
		}
		t.userID, t.userOspID, t.companyID, t.companyOsp = o.UserID, o.UserOspID, o.CompanyID, o.CompanyOspID
		if !states[o.UserID].Active {
			t.reason = ReasonUserDeactivated
			continue
		}
		t.budgets = budgets[o.UserID]
		if direct[o.CompanyID] {
			// the company pays this provider: its company budget, the user
			// still the traveller
			t.budgets = nil
			if cb, ok := companyBudgets[o.CompanyID]; ok {
				t.budgets = []budget.ProviderBudget{cb}
			}
		}
		b, ok := budget.FirstForPurchase(t.budgets)
		if !ok {
			t.reason = ReasonNoBudget
			continue
		}
		if !b.Active {
			t.reason = ReasonBudgetDeactivated
		}
	}
	return m, nil
}

// extraCostsUntil is the last day (Europe/Brussels) extra costs may be
// booked for a user switched off at t (SPEC §9: two months after).
func extraCostsUntil(t time.Time) string {
	return clock.Today(t.AddDate(0, constants.UserExtraCostsMonths, 0))
}

// bookLine claims the line's row (locked), books it unless it was booked
// meanwhile, and writes its outcome.
func (s *Service) bookLine(ctx context.Context, k *kindDef, up *uploadRow, l *pline, t *target, res *LineResult,
	fail func(outcome, reason string)) error {
	now := s.now()
	row := &lineRow{Provider: k.Provider, NaturalKey: l.key, UploadID: up.ID, LineNumber: l.line, LineDate: l.date, Amount: l.amount,
		VatBP: l.vatBP, TokenValue: l.token, CreatedAt: now, UpdatedAt: now}
	got, err := s.store.claimLine(ctx, row)
	if err != nil {
		return err
	}
	if got.Status == "BOOKED" {
		res.Outcome, res.Reason, res.Message = OutcomeAlreadyProcessed, "", ""
		res.BookingID, res.ExpenseOspID = deref(got.BookingID), deref(got.ExpenseOspID)
		return nil
	}
	row.ID = got.ID
	if t.userID != 0 {
		row.UserID = &t.userID
	}
	if res.Outcome == OutcomeFailed {
		row.Status, row.Reason = statusOf(res.Reason), res.Reason
		return s.store.setOutcome(ctx, row)
	}
	budgetID, err := s.budgets.ChooseForPurchase(ctx, t.budgets, l.amount)
	var booked *expense.ProviderBooked
	if err == nil {
		booked, err = s.expenses.BookProvider(ctx, expense.ProviderBooking{UserID: t.userID, CompanyID: t.companyID, BudgetID: budgetID,
			Amount: l.amount, VatBasisPoints: l.vatBP, Date: l.date, BookingID: t.bookingID, ExternalReference: l.key,
			IdentificationField: t.ident, MobilityMode: t.mode, Description: l.description, Mrp: t.mrp})
	}
	if reason := refusal(err); reason != "" {
		fail(OutcomeFailed, reason)
		row.Status, row.Reason = statusOf(reason), reason
		return s.store.setOutcome(ctx, row)
	}
	if e := apperr.As(err); e != nil && e.Label == expense.LabelBookingTaken {
		// booked outside this pipeline's lines under the same id
		res.Outcome, res.BookingID = OutcomeAlreadyProcessed, t.bookingID
		return nil
	}
	if err != nil {
		return err
	}
	res.Outcome, res.Reason, res.Message = OutcomeBooked, "", ""
	res.BookingID, res.ExpenseOspID = booked.BookingID, booked.OspID
	row.Status, row.ExpenseID, row.ExpenseOspID, row.BookingID = "BOOKED", &booked.ID, &booked.OspID, &booked.BookingID
	return s.store.setOutcome(ctx, row)
}

// refusal is the reason a budget refused a booking ("" for other errors).
func refusal(err error) string {
	e := apperr.As(err)
	if e == nil {
		return ""
	}
	switch e.Label {
	case budget.LabelDeactivated:
		return ReasonBudgetDeactivated
	case budget.LabelInsufficient:
		return ReasonInsufficient
	case budget.LabelBalanceOutOfRange:
		return ReasonBalanceOutOfRange
	}
	return ""
}

// statusOf is a failed line's stored status.
func statusOf(reason string) string {
	if reason == ReasonUnmatched || reason == ReasonTokenNotValid || reason == ReasonBookingNotFound {
		return "UNMATCHED"
	}
	return "REFUSED"
}

// History is a page of a kind's uploads, newest first, with who uploaded
// and processed them and the last result's counts.
func (s *Service) History(ctx context.Context, p *access.Principal, req HistoryRequest) (*paging.Page[HistoryRow], error) {
	if kindOf(req.Kind) == nil {
		return nil, apperr.Invalid(apperr.LabelBadRequest, "kind", i18n.T(i18n.FromContext(ctx), "rule.oneOf", "kind", strings.Join(KindNames(), ", ")))
	}
	pg := req.Pagination.Normalize(constants.DefaultPageSize)
	rows, total, err := s.store.history(ctx, req.Kind, pg.Size, pg.Offset())
	if err != nil {
		return nil, internal(err)
	}
	names, err := provfile.Handlers(ctx, s.users, rows, func(r *uploadRow) (int64, *int64) { return r.CreatedBy, r.ProcessedBy })
	if err != nil {
		return nil, err
	}
	out := make([]HistoryRow, 0, len(rows))
	for _, r := range rows {
		h := HistoryRow{UploadID: r.OspID, Kind: r.Kind, Filename: r.Filename, RowCount: r.RowCount, Status: r.Status,
			UploadedBy: names.Of(r.CreatedBy), UploadedOn: r.CreatedAt.Format(time.RFC3339), ProcessCount: r.ProcessCount,
			DownloadPath: base + "/download/" + r.OspID}
		if r.ProcessedBy != nil {
			n := names.OfOptional(r.ProcessedBy)
			h.ProcessedBy = &n
		}
		if r.ProcessedAt != nil {
			d := r.ProcessedAt.Format(time.RFC3339)
			h.ProcessedOn = &d
		}
		if r.Result != "" {
			var rep Report
			if json.Unmarshal([]byte(r.Result), &rep) == nil {
				h.Counts = &rep.Counts
			}
		}
		out = append(out, h)
	}
	page := paging.NewPage(out, total, pg)
	return &page, nil
}

// File is a file to download.
type File struct {
	Name        string
	ContentType string
	Body        []byte
}

// Download answers an upload's original file.
func (s *Service) Download(ctx context.Context, p *access.Principal, uploadID string) (*File, error) {
	up, err := s.find(ctx, uploadID, false)
	if err != nil {
		return nil, internal(err)
	}
	return &File{Name: up.Filename, ContentType: up.ContentType, Body: up.Content}, nil
}
