package reconciliation

import (
	"context"
	"sort"
	"strings"
	"time"

	"github.com/google/uuid"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/cambio"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/database"
	"mobility/portal/internal/expense"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/money"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/providerdata"
	"mobility/portal/internal/user"
	"mobility/portal/internal/validate"
)

// Labels of the reconciliation errors.
var (
	LabelAlreadyOverridden = apperr.Define("RECONCILIATION_ALREADY_OVERRIDDEN")
	LabelNoExpense         = apperr.Define("RECONCILIATION_NO_EXPENSE")
	LabelMatched           = apperr.Define("RECONCILIATION_MATCHED")
)

// Deps are what the service is built from: it reads the expenses'
// (expense) and the provider lines' (providerdata) read models, and books
// corrections through expense's own Correct.
type Deps struct {
	DB           *database.DB
	Clock        clock.Clock
	Users        *user.Service
	Expenses     *expense.Service
	ProviderData *providerdata.Service
	// Cambio's invoice lines are the provider side of CAMBIO- bookings
	Cambio *cambio.Service
}

// Service runs reconciliations and records overrides.
type Service struct {
	db       *database.DB
	store    *store
	clock    clock.Clock
	users    *user.Service
	expenses *expense.Service
	lines    *providerdata.Service
	cambio   *cambio.Service
	// batch is how many rows a read takes at a time
	batch int
}

// NewService builds the service.
func NewService(d Deps) *Service {
	return &Service{db: d.DB, store: &store{db: d.DB}, clock: d.Clock, users: d.Users, expenses: d.Expenses, lines: d.ProviderData,
		cambio: d.Cambio, batch: 5000}
}

func (s *Service) now() time.Time { return database.Now(s.clock.Now()) }

func internal(err error) error {
	if err == nil || apperr.As(err) != nil {
		return err
	}
	return apperr.Internal(err)
}

func monthOf(date string) string {
	if len(date) < 7 {
		return ""
	}
	return date[0:4] + date[5:7]
}

// side is what one booking id has on each side.
type side struct {
	kind      string
	reported  bool // a provider line names it
	actual    int64
	lineDate  string
	booked    bool // the platform has an expense
	expected  int64
	expID     int64
	expOspID  string
	userID    int64
	companyID int64
	date      string
}

// Run reconciles every provider booking: the provider lines (summed per
// booking id) against the expenses with a provider booking id (net of
// refunds and corrections). Both read models are read in batches; the
// rows are written in multi-row upserts in one transaction, changing
// only rows that changed and never a RESOLVED one. Safe to run again.
func (s *Service) Run(ctx context.Context) (RunResult, error) {
	var res RunResult
	prefixKinds := bookingPrefixes()
	kindOfPrefix := make(map[string]string, len(prefixKinds))
	prefixes := make([]string, 0, len(prefixKinds))
	for k, p := range prefixKinds {
		kindOfPrefix[p] = k
		prefixes = append(prefixes, p)
	}
	sort.Strings(prefixes)
	sides := make(map[string]*side)
	get := func(id string) *side {
		sd := sides[id]
		if sd == nil {
			sd = &side{}
			sides[id] = sd
		}
		return sd
	}
	for after := int64(0); ; {
		lines, err := s.lines.ReportedLines(ctx, after, s.batch)
		if err != nil {
			return res, internal(err)
		}
		if len(lines) == 0 {
			break
		}
		for _, l := range lines {
			sd := get(l.BookingID)
			sd.kind, sd.reported, sd.lineDate = l.Kind, true, l.Date
			sd.actual += l.Amount
		}
		after = lines[len(lines)-1].ID
	}
	for after := int64(0); s.cambio != nil; {
		lines, err := s.cambio.ReportedLines(ctx, after, s.batch)
		if err != nil {
			return res, internal(err)
		}
		if len(lines) == 0 {
			break
		}
		for _, l := range lines {
			sd := get(l.BookingID)
			sd.kind, sd.reported, sd.lineDate = cambio.BookingPrefix, true, l.Date
			sd.actual += l.Amount
		}
		after = lines[len(lines)-1].ID
	}
	for after := int64(0); ; {
		exps, err := s.expenses.ProviderExpenses(ctx, prefixes, after, s.batch)
		if err != nil {
			return res, internal(err)
		}
		if len(exps) == 0 {
			break
		}
		for _, e := range exps {
			sd := get(e.BookingID)
			sd.booked, sd.expected, sd.expID, sd.expOspID = true, e.Net, e.ID, e.OspID
			sd.userID, sd.companyID, sd.date = e.UserID, e.CompanyID, e.ExpenseDate
			if sd.kind == "" {
				if i := strings.IndexByte(e.BookingID, '-'); i > 0 {
					sd.kind = kindOfPrefix[e.BookingID[:i]]
				}
			}
		}
		after = exps[len(exps)-1].ID
	}
	// the rows as they stand: only new and changed ones are written
	current := make(map[string]known, len(sides))
	for after := int64(0); ; {
		page, err := s.store.knownAfter(ctx, after, s.batch)
		if err != nil {
			return res, internal(err)
		}
		if len(page) == 0 {
			break
		}
		for _, k := range page {
			current[k.BookingID] = k
		}
		after = page[len(page)-1].ID
	}
	now := s.now()
	rows := make([]rowRec, 0, len(sides))
	for id, sd := range sides {
		r := rowRec{BookingID: id, Provider: sd.kind, Currency: "EUR", LastUpdatedOn: now, Expected: sd.expected, Actual: sd.actual}
		switch {
		case sd.booked && sd.reported && sd.expected == sd.actual:
			r.Status = StatusMatched
			res.Matched++
		case sd.booked && sd.reported:
			r.Status = StatusMismatch
			res.Mismatch++
		case sd.booked:
			r.Status = StatusMissingAtProvider
			res.MissingAtProvider++
		default:
			r.Status = StatusMissingAtPlatform
			res.MissingAtPlatform++
		}
		if sd.booked {
			uid, cid, eid := sd.userID, sd.companyID, sd.expID
			r.UserID, r.CompanyID, r.ExpenseID, r.ExpenseOspID, r.Month = &uid, &cid, &eid, sd.expOspID, monthOf(sd.date)
		} else {
			r.Month = monthOf(sd.lineDate)
		}
		res.Rows++
		if k, ok := current[id]; ok && (k.Status == StatusResolved || k.Status == r.Status && k.Expected == r.Expected &&
			k.Actual == r.Actual && k.ExpenseOspID == r.ExpenseOspID) {
			continue
		}
		rows = append(rows, r)
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].BookingID < rows[j].BookingID })
	err := s.db.WithTx(ctx, func(ctx context.Context) error { return s.store.upsert(ctx, rows) })
	return res, internal(err)
}

func toRow(r *rowRec) Row {
	return Row{BookingID: r.BookingID, MrpOspID: r.Provider, ExpectedAmount: r.Expected, ActualAmount: r.Actual, Currency: r.Currency,
		Status: r.Status, Month: r.Month, ExpenseOspID: r.ExpenseOspID, LastUpdatedOn: r.LastUpdatedOn}
}

// Problems is a page of rows: by default every row that needs a decision
// (all but MATCHED and RESOLVED), filtered by provider, status and month.
func (s *Service) Problems(ctx context.Context, _ *access.Principal, req ProblemsRequest) (*paging.Page[Row], error) {
	v := validate.New(ctx)
	if req.Provider != "" {
		if _, ok := bookingPrefixes()[req.Provider]; !ok {
			v.Fail("provider", "rule.oneOf", strings.Join(kinds(), ", "))
		}
	}
	if req.Status != "" {
		v.OneOf("status", req.Status, Statuses)
	}
	if req.Month != "" {
		if _, ok := clock.ParseMonth(req.Month); !ok {
			v.Fail("month", "rule.month")
		}
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	statuses := []string{StatusMismatch, StatusMissingAtProvider, StatusMissingAtPlatform}
	if req.Status != "" {
		statuses = []string{req.Status}
	}
	pg := req.Pagination.Normalize(50)
	recs, total, err := s.store.page(ctx, req.Provider, statuses, req.Month, pg.Size, pg.Offset())
	if err != nil {
		return nil, internal(err)
	}
	out := make([]Row, len(recs))
	for i := range recs {
		out[i] = toRow(&recs[i])
	}
	page := paging.NewPage(out, total, pg)
	return &page, nil
}

func kinds() []string {
	out := make([]string, 0, len(providerdata.Kinds)+1)
	for _, k := range providerdata.Kinds {
		out = append(out, k.Kind)
	}
	return append(out, cambio.BookingPrefix)
}

// bookingPrefixes are the booking id prefixes reconciled, by provider:
// the provider files' kinds and Cambio's invoices (CAMBIO-…).
func bookingPrefixes() map[string]string {
	out := providerdata.BookingPrefixes()
	out[cambio.BookingPrefix] = cambio.BookingPrefix
	return out
}

func notFound(ctx context.Context) error {
	return apperr.NotFound(i18n.T(i18n.FromContext(ctx), "reconciliation.row"))
}

// Get is a row with its override.
func (s *Service) Get(ctx context.Context, _ *access.Principal, bookingID string) (*Detail, error) {
	r, err := s.store.row(ctx, strings.TrimSpace(bookingID), false)
	if database.IsNoRows(err) {
		return nil, notFound(ctx)
	}
	if err != nil {
		return nil, internal(err)
	}
	d := &Detail{Row: toRow(r)}
	o, err := s.store.override(ctx, r.BookingID)
	if database.IsNoRows(err) {
		return d, nil
	}
	if err != nil {
		return nil, internal(err)
	}
	d.Override = &Override{Decision: o.Decision, Remark: o.Remark, ExpectedAmount: o.Expected, ActualAmount: o.Actual,
		BookedAmount: o.Booked, DecidedAt: o.DecidedAt}
	if u, err := s.users.ResolveID(ctx, access.SystemScope(), o.DecidedBy); err == nil {
		d.Override.DecidedBy = u.FullName
	}
	return d, nil
}

// Override records platform staff's decision on a problem row, once:
// ACCEPT_PROVIDER books the difference (actual − expected) on the
// expense as a correction with the remark (expense.Correct: its rules,
// its ledger row); KEEP_PLATFORM books nothing. The row becomes RESOLVED.
// One transaction; a second override of the booking id is a 409.
func (s *Service) Override(ctx context.Context, p *access.Principal, req OverrideRequest) (*Detail, error) {
	bookingID := strings.TrimSpace(req.BookingID)
	remark := strings.TrimSpace(req.Remark)
	v := validate.New(ctx)
	v.Required("bookingId", bookingID)
	v.OneOf("decision", req.Decision, []string{DecisionAcceptProvider, DecisionKeepPlatform})
	if v.Required("remark", remark) {
		v.MaxLength("remark", remark, 140)
		if strings.IndexByte(remark, 0) >= 0 {
			v.Fail("remark", "rule.nul")
		}
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		r, err := s.store.row(ctx, bookingID, true)
		if database.IsNoRows(err) {
			return notFound(ctx)
		}
		if err != nil {
			return err
		}
		lang := i18n.FromContext(ctx)
		o := &overrideRec{OspID: uuid.NewString(), BookingID: r.BookingID, Decision: req.Decision, Remark: remark,
			Expected: r.Expected, Actual: r.Actual, DecidedBy: p.UserID, DecidedAt: s.now()}
		ok, err := s.store.insertOverride(ctx, o)
		if err != nil {
			return err
		}
		if !ok || r.Status == StatusResolved {
			return apperr.Conflict(LabelAlreadyOverridden, i18n.T(lang, "reconciliation.error.alreadyOverridden"))
		}
		if r.Status == StatusMatched {
			return apperr.Conflict(LabelMatched, i18n.T(lang, "reconciliation.error.matched"))
		}
		if req.Decision == DecisionAcceptProvider {
			if r.ExpenseOspID == "" {
				return apperr.Conflict(LabelNoExpense, i18n.T(lang, "reconciliation.error.noExpense"))
			}
			diff := r.Actual - r.Expected
			if diff == 0 {
				return s.store.resolve(ctx, r.ID, o.DecidedAt)
			}
			if _, err := s.expenses.Correct(ctx, p, expense.CorrectRequest{OspID: r.ExpenseOspID, Amount: money.Amount(diff),
				Remark: remark}); err != nil {
				return err
			}
			o.Booked = diff
			if err := s.store.setBooked(ctx, r.BookingID, diff); err != nil {
				return err
			}
		}
		return s.store.resolve(ctx, r.ID, o.DecidedAt)
	})
	if err != nil {
		return nil, internal(err)
	}
	return s.Get(ctx, p, bookingID)
}
