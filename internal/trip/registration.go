package trip

import (
	"context"
	"fmt"
	"slices"
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
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/user"
	"mobility/portal/internal/validate"
)

// Error labels of registrations.
var (
	// LabelMonthPaid: the user's month has been paid by the monthly run;
	// nothing in it changes any more.
	LabelMonthPaid = apperr.Define("TRIP_MONTH_PAID")
	// LabelModeNotAllowed: the company does not compensate the mode (or
	// home work), or the user may not register it.
	LabelModeNotAllowed = apperr.Define("TRIP_MODE_NOT_ALLOWED")
	// LabelDuplicate: a commute in that direction (or a home-work day)
	// is already registered for the user on that day.
	LabelDuplicate = apperr.Define("TRIP_ALREADY_REGISTERED")
	// LabelWrongStatus: the registration's status does not allow it.
	LabelWrongStatus = apperr.Define("TRIP_WRONG_STATUS")
)

// effectiveSettings is the read model of the configuration half of the
// package (Service.EffectiveSettings).
type effectiveSettings interface {
	EffectiveSettings(ctx context.Context, userIDs []int64, day string) (map[int64]Effective, error)
}

// RegistrationDeps are what registrations are built from.
type RegistrationDeps struct {
	DB        *database.DB
	Clock     clock.Clock
	Users     *user.Service
	Companies *company.Service
	Budgets   *budget.Service
	Settings  effectiveSettings
}

// Registrations manages trip registrations and pays them monthly.
type Registrations struct {
	db        *database.DB
	store     *regStore
	clock     clock.Clock
	users     *user.Service
	companies *company.Service
	budgets   *budget.Service
	settings  effectiveSettings
	// monthChecked, when set (tests), runs between approve's check of the
	// month and its write; runBatch, when set (tests), is the run's batch.
	monthChecked func()
	runBatch     int
}

// NewRegistrations builds the registrations service.
func NewRegistrations(d RegistrationDeps) *Registrations {
	return &Registrations{db: d.DB, store: &regStore{db: d.DB}, clock: d.Clock, users: d.Users, companies: d.Companies,
		budgets: d.Budgets, settings: d.Settings}
}

func (s *Registrations) now() time.Time { return database.Now(s.clock.Now()) }

func internal(err error) error {
	if err == nil || apperr.As(err) != nil {
		return err
	}
	return apperr.Internal(err)
}

// Filter pages through registrations in the caller's scope, newest trip
// first: a company's, a user's, a month's, one kind's or status's.
func (s *Registrations) Filter(ctx context.Context, p *access.Principal, f RegistrationFilter) (*paging.Page[Registration], error) {
	rf := regFilter{scope: p.Scope, kind: f.Kind, status: f.Status}
	if f.Month != "" {
		m, ok := clock.ParseMonth(f.Month)
		if !ok {
			v := validate.New(ctx)
			v.Fail("month", "rule.month")
			return nil, v.Err()
		}
		rf.from, rf.to = m.FirstDay(), m.LastDay()
	}
	if f.UserOspID != "" {
		u, err := s.users.Resolve(ctx, p, f.UserOspID)
		if err != nil {
			return nil, err
		}
		rf.userID = u.ID
	}
	if f.CorporateAccountOspID != "" {
		ca, err := s.companies.Resolve(ctx, p, f.CorporateAccountOspID)
		if err != nil {
			return nil, err
		}
		rf.companyID = ca.ID
	}
	pg := f.Pagination.Normalize(constants.DefaultPageSize)
	rows, total, err := s.store.page(ctx, rf, pg)
	if err != nil {
		return nil, internal(err)
	}
	out, err := s.views(ctx, p.Scope, rows)
	if err != nil {
		return nil, err
	}
	page := paging.NewPage(out, total, pg)
	return &page, nil
}

// Get answers one registration in the caller's scope.
func (s *Registrations) Get(ctx context.Context, p *access.Principal, ospID string) (*Registration, error) {
	r, err := s.store.byOspID(ctx, p.Scope, ospID, false)
	if database.IsNoRows(err) {
		return nil, apperr.NotFound("registration")
	}
	if err != nil {
		return nil, internal(err)
	}
	return s.view(ctx, p.Scope, r)
}

func (s *Registrations) view(ctx context.Context, scope access.Scope, r *regRow) (*Registration, error) {
	out, err := s.views(ctx, scope, []regRow{*r})
	if err != nil {
		return nil, err
	}
	return &out[0], nil
}

// views turns rows into answers with the users' and companies' public
// ids and names (one read-model batch each per page).
func (s *Registrations) views(ctx context.Context, scope access.Scope, rows []regRow) ([]Registration, error) {
	var userIDs, companyIDs []int64
	for _, r := range rows {
		userIDs = append(userIDs, r.UserID)
		companyIDs = append(companyIDs, r.CompanyID)
	}
	slices.Sort(userIDs)
	slices.Sort(companyIDs)
	users, err := s.users.Displays(ctx, scope, slices.Compact(userIDs))
	if err != nil {
		return nil, err
	}
	companies, err := s.companies.Names(ctx, scope, slices.Compact(companyIDs))
	if err != nil {
		return nil, err
	}
	out := make([]Registration, len(rows))
	for i, r := range rows {
		u := users[r.UserID]
		x := Registration{OspID: r.OspID, UserOspID: u.OspID, UserName: u.FullName(), Date: r.Date, Kind: r.Kind, Mode: r.Mode,
			Direction: r.Direction, Distance: int(r.DistanceM), CompensationType: r.CompensationType, Rate: r.RateMicro,
			TaxFreeRate: r.TaxFreeRateMicro, Compensation: r.Compensation, Taxable: r.Taxable, Status: r.Status,
			Description: r.Description, CreatedOn: r.CreatedAt.Format(time.RFC3339), UpdatedOn: r.UpdatedAt.Format(time.RFC3339)}
		if c := companies[r.CompanyID]; c != nil {
			x.CorporateAccountOspID = c.OspID
		}
		if r.PaidMonth != nil {
			x.PaidMonth = *r.PaidMonth
		}
		if r.BudgetTxOspID != nil {
			x.BudgetTransactionOspID = *r.BudgetTxOspID
		}
		out[i] = x
	}
	return out, nil
}

// Create registers a trip or home-work day on a user's behalf (status
// REGISTERED). Rules: the date is a valid day, not in the future, not in
// a month already paid for the user; the company compensates the mode and
// the user may register it (business trips only when the company enables
// them, SPEC §8); a commute has a direction, at most one each way a day
// (the schema's unique index holds it too), and by default the distance
// valid that day; the compensation and its taxable part are computed with
// the terms and tax-free rate valid on the date.
func (s *Registrations) Create(ctx context.Context, p *access.Principal, w RegistrationWrite) (*Registration, error) {
	u, err := s.appUser(ctx, p, w.UserOspID)
	if err != nil {
		return nil, err
	}
	r := &regRow{OspID: uuid.NewString(), UserID: u.ID, CompanyID: u.CompanyID, Status: StatusRegistered, CreatedBy: &p.UserID}
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		if err := s.store.lockUser(ctx, u.ID, u.CompanyID, s.now()); err != nil {
			return err
		}
		if err := s.fill(ctx, r, w); err != nil {
			return err
		}
		r.CreatedAt, r.UpdatedAt = s.now(), s.now()
		if err := s.store.insert(ctx, r); err != nil {
			return err
		}
		return s.rebalanceDays(ctx, r, r.UserID, r.Date)
	})
	if err != nil {
		return nil, s.writeErr(ctx, err, r)
	}
	return s.view(ctx, p.Scope, r)
}

// Update corrects a REGISTERED or REJECTED registration with the same
// rules as Create; a rejected one is registered again.
func (s *Registrations) Update(ctx context.Context, p *access.Principal, w RegistrationUpdate) (*Registration, error) {
	u, err := s.appUser(ctx, p, w.UserOspID)
	if err != nil {
		return nil, err
	}
	var r *regRow
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		if err := s.store.lockUser(ctx, u.ID, u.CompanyID, s.now()); err != nil {
			return err
		}
		if r, err = s.locked(ctx, p, w.OspID); err != nil {
			return err
		}
		if r.UserID != u.ID {
			return apperr.Invalid(apperr.LabelValidationFailed, "userOspId", i18n.T(i18n.FromContext(ctx), "trip.rule.otherUser"))
		}
		if r.Status != StatusRegistered && r.Status != StatusRejected {
			return wrongStatus(ctx, r.Status)
		}
		before, was := r.Date, r.key()
		if err := s.fill(ctx, r, w.RegistrationWrite); err != nil {
			return err
		}
		r.Status, r.UpdatedAt = StatusRegistered, s.now()
		if err := s.store.update(ctx, r, was); err != nil {
			return err
		}
		return s.rebalanceDays(ctx, r, r.UserID, before, r.Date)
	})
	if err != nil {
		return nil, s.writeErr(ctx, err, r)
	}
	return s.view(ctx, p.Scope, r)
}

// Approve marks a REGISTERED (or REJECTED) registration APPROVED, for the
// next monthly run; refused in a month already paid for the user (the run
// would never pay it).
func (s *Registrations) Approve(ctx context.Context, p *access.Principal, ospID string) (*Registration, error) {
	return s.decide(ctx, p, ospID, StatusApproved, []string{StatusRegistered, StatusRejected})
}

// Reject marks a REGISTERED or APPROVED registration REJECTED (not paid).
func (s *Registrations) Reject(ctx context.Context, p *access.Principal, ospID string) (*Registration, error) {
	return s.decide(ctx, p, ospID, StatusRejected, []string{StatusRegistered, StatusApproved})
}

func (s *Registrations) decide(ctx context.Context, p *access.Principal, ospID, to string, from []string) (*Registration, error) {
	var r *regRow
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		// the user's lock first (as the run takes it), then the row's
		seen, err := s.store.byOspID(ctx, p.Scope, ospID, false)
		if database.IsNoRows(err) {
			return apperr.NotFound("registration")
		}
		if err != nil {
			return err
		}
		if err := s.store.lockUser(ctx, seen.UserID, seen.CompanyID, s.now()); err != nil {
			return err
		}
		if r, err = s.locked(ctx, p, ospID); err != nil {
			return err
		}
		if !slices.Contains(from, r.Status) {
			return wrongStatus(ctx, r.Status)
		}
		if to == StatusApproved {
			if err := s.checkMonthOpen(ctx, r.UserID, r.Date); err != nil {
				return err
			}
			if s.monthChecked != nil {
				s.monthChecked()
			}
		}
		now := s.now()
		if err := s.store.setStatus(ctx, r, to, now); err != nil {
			return err
		}
		r.Status, r.UpdatedAt = to, now
		return s.rebalanceDays(ctx, r, r.UserID, r.Date)
	})
	if err != nil {
		return nil, internal(err)
	}
	return s.view(ctx, p.Scope, r)
}

// locked finds and locks a registration within scope (404 otherwise).
func (s *Registrations) locked(ctx context.Context, p *access.Principal, ospID string) (*regRow, error) {
	r, err := s.store.byOspID(ctx, p.Scope, ospID, true)
	if database.IsNoRows(err) {
		return nil, apperr.NotFound("registration")
	}
	return r, err
}

func wrongStatus(ctx context.Context, status string) error {
	return apperr.Conflict(LabelWrongStatus, i18n.T(i18n.FromContext(ctx), "trip.error.wrongStatus", status))
}

// appUser resolves an app user of a company within the caller's scope.
func (s *Registrations) appUser(ctx context.Context, p *access.Principal, ospID string) (*user.Resolved, error) {
	if strings.TrimSpace(ospID) == "" {
		v := validate.New(ctx)
		v.Required("userOspId", ospID)
		return nil, v.Err()
	}
	u, err := s.users.Resolve(ctx, p, ospID)
	if err != nil {
		return nil, err
	}
	if u.CompanyID == 0 || u.Type != user.TypeMobile {
		return nil, apperr.Invalid(apperr.LabelValidationFailed, "userOspId", i18n.T(i18n.FromContext(ctx), "trip.rule.appUser"))
	}
	return u, nil
}

// writeErr names the field of a duplicate registration (the unique
// indexes of the schema, met by a concurrent write too).
func (s *Registrations) writeErr(ctx context.Context, err error, r *regRow) error {
	if database.IsUniqueViolation(err) {
		field := "direction"
		if r != nil && r.Kind == KindHomeWork {
			field = "date"
		}
		return apperr.Invalid(LabelDuplicate, field, i18n.T(i18n.FromContext(ctx), "trip.error.duplicate"))
	}
	return internal(err)
}

// checkMonthOpen refuses a day whose month was paid for the user.
func (s *Registrations) checkMonthOpen(ctx context.Context, userID int64, day string) error {
	paid, err := s.store.monthPaid(ctx, userID, strings.ReplaceAll(day[:7], "-", ""))
	if err != nil {
		return err
	}
	if paid {
		return apperr.Invalid(LabelMonthPaid, "date", i18n.T(i18n.FromContext(ctx), "trip.error.monthPaid"))
	}
	return nil
}

// fill validates a write against the user's terms on its date and sets
// the row's trip fields and compensation (in the caller's transaction).
func (s *Registrations) fill(ctx context.Context, r *regRow, w RegistrationWrite) error {
	v := validate.New(ctx)
	v.ExpenseDate("date", w.Date, clock.Today(s.clock.Now()))
	v.Required("date", w.Date)
	if !slices.Contains([]string{KindCommute, KindBusiness, KindHomeWork}, w.Kind) {
		v.FailText("kind", "trip.rule.kind")
	}
	desc := strings.TrimSpace(w.Description)
	v.MaxLength("description", desc, constants.DescriptionMaxLength)
	switch w.Kind {
	case KindCommute:
		if !slices.Contains([]string{ModeBike, ModeWalk, ModeCar}, w.Mode) {
			v.FailText("mode", "trip.rule.commuteMode")
		}
		if !slices.Contains([]string{DirectionOutbound, DirectionReturn}, w.Direction) {
			v.FailText("direction", "trip.rule.direction")
		}
	case KindBusiness:
		if !slices.Contains([]string{ModePrivateCar, ModeCompanyCar, ModeBike}, w.Mode) {
			v.FailText("mode", "trip.rule.businessMode")
		}
		if w.Direction != "" {
			v.FailText("direction", "trip.rule.noDirection")
		}
	case KindHomeWork:
		if w.Mode != "" {
			v.FailText("mode", "trip.rule.noMode")
		}
		if w.Direction != "" {
			v.FailText("direction", "trip.rule.noDirection")
		}
		if w.Distance != nil && *w.Distance != 0 {
			v.FailText("distance", "trip.rule.noDistance")
		}
	}
	if w.Distance != nil && (*w.Distance < 0 || *w.Distance > MaxTripDistanceM) {
		v.FailText("distance", "trip.rule.distance")
	}
	if err := v.Err(); err != nil {
		return err
	}
	if err := s.checkMonthOpen(ctx, r.UserID, w.Date); err != nil {
		return err
	}
	effs, err := s.settings.EffectiveSettings(ctx, []int64{r.UserID}, w.Date)
	if err != nil {
		return err
	}
	eff := effs[r.UserID]
	var terms ModeTerms
	switch w.Kind {
	case KindCommute:
		terms = eff.Commute[w.Mode]
	case KindBusiness:
		if !eff.BusinessTripsEnabled {
			return errBusinessTripsOff()
		}
		terms = eff.Business[w.Mode]
	default:
		terms = eff.HomeWork
	}
	if !terms.Allowed {
		return apperr.Invalid(LabelModeNotAllowed, "mode", i18n.T(i18n.FromContext(ctx), "trip.error.modeNotAllowed"))
	}
	metres := int64(0)
	switch {
	case w.Kind == KindHomeWork:
	case w.Distance != nil:
		metres = int64(*w.Distance)
	case w.Kind == KindCommute && eff.HasDistance:
		metres = int64(eff.DistanceM)
	}
	if w.Kind != KindHomeWork && metres == 0 {
		v.FailText("distance", "trip.rule.distance")
		return v.Err()
	}
	// a per-day commute is computed as the day's first; rebalanceDays then
	// leaves the day amount on the day's first live commute only
	c, err := Compute(w.Kind, terms, metres, true)
	if err != nil {
		return apperr.Internal(fmt.Errorf("trip compensation: %w", err))
	}
	r.Date, r.Kind, r.Mode, r.Direction, r.DistanceM, r.Description = w.Date, w.Kind, w.Mode, w.Direction, metres, desc
	r.CompensationType, r.Compensation, r.Taxable = terms.Type, c.Amount, c.Taxable
	r.DayAmount = nil
	if w.Kind == KindCommute && terms.Type == PerDay {
		day := terms.Amount
		r.DayAmount = &day
	}
	if r.CompensationType == "" {
		r.CompensationType = PerKilometer
	}
	if w.Kind == KindHomeWork {
		r.CompensationType = PerDay
	}
	r.RateMicro, r.TaxFreeRateMicro = nil, nil
	if c.RateMicro != 0 || terms.Type == PerKilometer && w.Kind != KindHomeWork {
		r.RateMicro = &c.RateMicro
	}
	if terms.HasTaxFree && w.Kind != KindHomeWork {
		free := terms.TaxFreeMicro
		r.TaxFreeRateMicro = &free
	}
	return nil
}

// rebalanceDays pays each of the user's days its per-day commute amount
// once: the day's first live (REGISTERED or APPROVED) per-day commute gets
// its day amount, the others 0. Called after every write that adds,
// moves, rejects or approves a commute, so rejecting the day's first
// moves the amount to the next, and approving it again moves it back.
// Paid days never change (their month is closed to every write). r, when
// among the rows, is updated to what was stored.
func (s *Registrations) rebalanceDays(ctx context.Context, r *regRow, userID int64, days ...string) error {
	slices.Sort(days)
	for _, day := range slices.Compact(days) {
		rows, err := s.store.perDayCommutes(ctx, userID, day)
		if err != nil {
			return err
		}
		for i, row := range rows {
			day := int64(0)
			if row.DayAmount != nil {
				day = *row.DayAmount
			}
			terms := ModeTerms{Type: PerDay, Amount: day, TaxFreeMicro: orZero(row.TaxFreeRateMicro), HasTaxFree: row.TaxFreeRateMicro != nil}
			c, err := Compute(KindCommute, terms, row.DistanceM, i == 0)
			if err != nil {
				return apperr.Internal(fmt.Errorf("trip compensation: %w", err))
			}
			if c.Amount == row.Compensation && c.Taxable == row.Taxable {
				continue
			}
			if err := s.store.setAmounts(ctx, row.ID, c.Amount, c.Taxable, s.now()); err != nil {
				return err
			}
			if r != nil && r.ID == row.ID {
				r.Compensation, r.Taxable = c.Amount, c.Taxable
			}
		}
	}
	return nil
}

// orZero is *p, or 0 for nil.
func orZero(p *int64) int64 {
	if p == nil {
		return 0
	}
	return *p
}
