package deactivation

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/budget"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/company"
	"mobility/portal/internal/database"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/mail"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/partner"
	"mobility/portal/internal/user"
	"mobility/portal/internal/validate"
)

// Error labels of the deactivation workflows (texts in
// internal/i18n/catalog_deactivation.go and the web's errors.json).
var (
	// LabelAlreadyRequested: a company has at most one open request.
	LabelAlreadyRequested = apperr.Define("DEACTIVATION_ALREADY_REQUESTED")
	// LabelCompanyInactive: a deactivated company cannot be deactivated again.
	LabelCompanyInactive = apperr.Define("COMPANY_ALREADY_DEACTIVATED")
	// LabelNoOpenRequest: withdraw and handle need an open request.
	LabelNoOpenRequest = apperr.Define("NO_OPEN_DEACTIVATION")
	// LabelAlreadyHandled: a handled request is not handled again.
	LabelAlreadyHandled = apperr.Define("DEACTIVATION_ALREADY_HANDLED")
	// LabelAlreadyEffective: a request cannot be withdrawn once effective.
	LabelAlreadyEffective = apperr.Define("DEACTIVATION_ALREADY_EFFECTIVE")
	// LabelCompanyActive: only a deactivated company is activated.
	LabelCompanyActive = apperr.Define("COMPANY_NOT_DEACTIVATED")
	// LabelPartnerInactive: a company of a deactivated partner stays off
	// until the partner is activated.
	LabelPartnerInactive = apperr.Define("PARTNER_DEACTIVATED")
	// LabelPartnerAlreadyInactive: the partner is deactivated already.
	LabelPartnerAlreadyInactive = apperr.Define("PARTNER_ALREADY_DEACTIVATED")
	// LabelPartnerActive: only a deactivated partner is activated.
	LabelPartnerActive = apperr.Define("PARTNER_NOT_DEACTIVATED")
	// LabelPartnerRunning: a partner is activated once its deactivation is done.
	LabelPartnerRunning = apperr.Define("PARTNER_DEACTIVATION_RUNNING")
)

// Deps are what the deactivation workflows use: the owners of companies,
// partners, users and budgets do the switching in their own tables.
type Deps struct {
	DB        *database.DB
	Clock     clock.Clock
	Outbox    *mail.Outbox
	Companies *company.Service
	Partners  *partner.Service
	Users     *user.Service
	Budgets   *budget.Service
}

// Service runs the deactivation workflows.
type Service struct {
	db        *database.DB
	store     *store
	clock     clock.Clock
	outbox    *mail.Outbox
	companies *company.Service
	partners  *partner.Service
	users     *user.Service
	budgets   *budget.Service

	// the background worker of partner deactivations (one per process)
	busy, again atomic.Bool
	wg          sync.WaitGroup
	// failAfter, when set (tests), fails a partner run after that many
	// companies, as a crash would.
	failAfter func(done int) error
}

// NewService builds the service.
func NewService(d Deps) *Service {
	return &Service{db: d.DB, store: &store{db: d.DB}, clock: d.Clock, outbox: d.Outbox, companies: d.Companies,
		partners: d.Partners, users: d.Users, budgets: d.Budgets}
}

func (s *Service) now() time.Time { return database.Now(s.clock.Now()) }
func (s *Service) today() string  { return clock.Today(s.clock.Now()) }

func conflict(ctx context.Context, label string) error {
	return apperr.Conflict(label, i18n.T(i18n.FromContext(ctx), "error."+label))
}

// schedule fills a handled request's dates: effective on the first day of
// the month after handling, extra costs for 60 days after that.
func schedule(r *companyRow, handledOn string) error {
	eff, err := clock.FirstOfNextMonth(handledOn)
	if err != nil {
		return err
	}
	return effectiveFrom(r, handledOn, eff)
}

func effectiveFrom(r *companyRow, handledOn, effectiveOn string) error {
	until, err := clock.AddDays(effectiveOn, ExtraCostsDays)
	if err != nil {
		return err
	}
	r.HandledOn, r.EffectiveOn, r.ExtraCostsUntil = &handledOn, &effectiveOn, &until
	return nil
}

// resolve finds a company within the caller's scope (others: NOT_FOUND).
func (s *Service) resolve(ctx context.Context, p *access.Principal, ospID string) (*company.Resolved, error) {
	v := validate.New(ctx)
	v.Required("ospId", ospID)
	if err := v.Err(); err != nil {
		return nil, err
	}
	return s.companies.Resolve(ctx, p, ospID)
}

func (s *Service) companyActive(ctx context.Context, scope access.Scope, id int64) (bool, error) {
	st, err := s.companies.ActiveStates(ctx, scope, []int64{id})
	if err != nil {
		return false, err
	}
	return st[id], nil
}

// Request asks for a company's deactivation: handled by platform staff
// within 3 Belgian working days, effective at the start of the next month.
func (s *Service) Request(ctx context.Context, pr *access.Principal, req RequestRequest) (*CompanyDeactivation, error) {
	ca, err := s.resolve(ctx, pr, req.OspID)
	if err != nil {
		return nil, err
	}
	today := s.today()
	handleBy, err := clock.AddBelgianWorkingDays(today, HandleWorkingDays)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	now := s.now()
	r := &companyRow{OspID: uuid.NewString(), CorporateAccountID: ca.ID, Status: StatusRequested, Remark: req.Remark,
		RequestedOn: today, RequestedBy: &pr.UserID, HandleBy: handleBy, CreatedAt: now, UpdatedAt: now}
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		active, err := s.companyActive(ctx, pr.Scope, ca.ID)
		if err != nil {
			return err
		}
		if !active {
			return conflict(ctx, LabelCompanyInactive)
		}
		if _, err := s.store.open(ctx, pr.Scope, ca.ID); err == nil {
			return conflict(ctx, LabelAlreadyRequested)
		} else if !database.IsNoRows(err) {
			return err
		}
		err = s.store.insertCompany(ctx, r)
		if database.IsUniqueViolation(err) { // a concurrent request won
			return conflict(ctx, LabelAlreadyRequested)
		}
		return err
	})
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	return s.view(ctx, pr.Scope, r)
}

// Current is the company's open or last request, nil when it has none.
func (s *Service) Current(ctx context.Context, pr *access.Principal, companyOspID string) (*CompanyDeactivation, error) {
	ca, err := s.resolve(ctx, pr, companyOspID)
	if err != nil {
		return nil, err
	}
	r, err := s.store.last(ctx, pr.Scope, ca.ID, false)
	if database.IsNoRows(err) {
		return nil, nil
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return s.view(ctx, pr.Scope, r)
}

// Withdraw withdraws the company's open request before it takes effect.
func (s *Service) Withdraw(ctx context.Context, pr *access.Principal, companyOspID string) (*CompanyDeactivation, error) {
	return s.changeOpen(ctx, pr, companyOspID, func(ctx context.Context, r *companyRow) error {
		today := s.today()
		if r.EffectiveOn != nil && today >= *r.EffectiveOn {
			return conflict(ctx, LabelAlreadyEffective)
		}
		r.Status, r.WithdrawnOn = StatusWithdrawn, &today
		return nil
	})
}

// Handle confirms the company's open request (platform staff): it takes
// effect on the first day of the next month.
func (s *Service) Handle(ctx context.Context, pr *access.Principal, companyOspID string) (*CompanyDeactivation, error) {
	return s.changeOpen(ctx, pr, companyOspID, func(ctx context.Context, r *companyRow) error {
		if r.Status != StatusRequested {
			return conflict(ctx, LabelAlreadyHandled)
		}
		if err := schedule(r, s.today()); err != nil {
			return err
		}
		r.Status, r.HandledBy = StatusHandled, &pr.UserID
		return nil
	})
}

// changeOpen applies change to the company's open request in one
// transaction (NO_OPEN_REQUEST when there is none) and answers the result.
func (s *Service) changeOpen(ctx context.Context, pr *access.Principal, companyOspID string,
	change func(ctx context.Context, r *companyRow) error) (*CompanyDeactivation, error) {
	ca, err := s.resolve(ctx, pr, companyOspID)
	if err != nil {
		return nil, err
	}
	var r *companyRow
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		var err error
		if r, err = s.store.open(ctx, pr.Scope, ca.ID); database.IsNoRows(err) {
			return conflict(ctx, LabelNoOpenRequest)
		} else if err != nil {
			return err
		}
		if err := change(ctx, r); err != nil {
			return err
		}
		r.UpdatedAt = s.now()
		return s.store.updateCompany(ctx, r)
	})
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	return s.view(ctx, pr.Scope, r)
}

// Filter pages through requests: by default the open ones, the first to
// handle first.
func (s *Service) Filter(ctx context.Context, pr *access.Principal, req FilterRequest) (*paging.Page[CompanyDeactivation], error) {
	statuses := []string{StatusRequested, StatusHandled}
	if req.Status != "" {
		v := validate.New(ctx)
		v.OneOf("status", req.Status, []string{StatusRequested, StatusHandled, StatusEffective, StatusSettled, StatusWithdrawn, StatusReactivated})
		if err := v.Err(); err != nil {
			return nil, err
		}
		statuses = []string{req.Status}
	}
	pg := req.Pagination.Normalize(10)
	rows, total, err := s.store.filter(ctx, pr.Scope, statuses, pg)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	views, err := s.views(ctx, pr.Scope, rows)
	if err != nil {
		return nil, err
	}
	page := paging.NewPage(views, total, pg)
	return &page, nil
}

// ActivateCompany activates a deactivated company again, with the admins,
// users and budgets its deactivation switched off (platform staff and the
// partner's MSP admins). The settlement does not happen after that.
func (s *Service) ActivateCompany(ctx context.Context, pr *access.Principal, companyOspID string) (*CompanyDeactivation, error) {
	ca, err := s.resolve(ctx, pr, companyOspID)
	if err != nil {
		return nil, err
	}
	var last *companyRow
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		active, err := s.companyActive(ctx, pr.Scope, ca.ID)
		if err != nil {
			return err
		}
		if active {
			return conflict(ctx, LabelCompanyActive)
		}
		// the company's partner, reached through the company the caller may see
		pa, err := s.partners.ByID(ctx, access.SystemScope(), ca.PartnerID)
		if err != nil {
			return err
		}
		if !pa.Active {
			return conflict(ctx, LabelPartnerInactive)
		}
		if err := s.companies.SwitchActive(ctx, pr.Scope, ca.ID, true); err != nil {
			return err
		}
		if _, err := s.users.ReactivateCompanyUsers(ctx, pr.Scope, ca.ID); err != nil {
			return err
		}
		if _, err := s.budgets.ReactivateCompanyBudgets(ctx, pr.Scope, ca.ID); err != nil {
			return err
		}
		r, err := s.store.last(ctx, pr.Scope, ca.ID, true)
		if database.IsNoRows(err) {
			return nil
		}
		if err != nil {
			return err
		}
		last = r
		if r.Status == StatusEffective || r.Status == StatusSettled {
			today := s.today()
			r.Status, r.ActivatedOn, r.UpdatedAt = StatusReactivated, &today, s.now()
			return s.store.updateCompany(ctx, r)
		}
		return nil
	})
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	if last == nil {
		return nil, nil
	}
	return s.view(ctx, pr.Scope, last)
}

// view is the API shape of one row.
func (s *Service) view(ctx context.Context, scope access.Scope, r *companyRow) (*CompanyDeactivation, error) {
	v, err := s.views(ctx, scope, []companyRow{*r})
	if err != nil {
		return nil, err
	}
	return &v[0], nil
}

// views fills names from the owners' read models: one batch for the
// companies, their active flags and the users, whatever the page size.
func (s *Service) views(ctx context.Context, scope access.Scope, rows []companyRow) ([]CompanyDeactivation, error) {
	var companyIDs, userIDs []int64
	for _, r := range rows {
		companyIDs = append(companyIDs, r.CorporateAccountID)
		if r.RequestedBy != nil {
			userIDs = append(userIDs, *r.RequestedBy)
		}
		if r.HandledBy != nil {
			userIDs = append(userIDs, *r.HandledBy)
		}
	}
	names, err := s.companies.Names(ctx, scope, companyIDs)
	if err != nil {
		return nil, err
	}
	active, err := s.companies.ActiveStates(ctx, scope, companyIDs)
	if err != nil {
		return nil, err
	}
	// who asked or handled may be platform staff, outside the caller's
	// tenant: their name is shown on a row the caller may read
	people, err := s.users.Displays(ctx, access.SystemScope(), userIDs)
	if err != nil {
		return nil, err
	}
	ref := func(id *int64) *UserRef {
		if id == nil {
			return nil
		}
		d, ok := people[*id]
		if !ok {
			return nil
		}
		return &UserRef{OspID: d.OspID, FullName: d.FullName()}
	}
	today := s.today()
	out := make([]CompanyDeactivation, len(rows))
	for i, r := range rows {
		v := CompanyDeactivation{OspID: r.OspID, Status: r.Status, Remark: r.Remark, RequestedOn: r.RequestedOn,
			RequestedBy: ref(r.RequestedBy), HandleBy: r.HandleBy, Overdue: r.Status == StatusRequested && today > r.HandleBy,
			HandledOn: r.HandledOn, HandledBy: ref(r.HandledBy), EffectiveOn: r.EffectiveOn, ExtraCostsUntil: r.ExtraCostsUntil,
			SettledOn: r.SettledOn, WithdrawnOn: r.WithdrawnOn, ActivatedOn: r.ActivatedOn, CompanyActive: active[r.CorporateAccountID]}
		if ca, ok := names[r.CorporateAccountID]; ok {
			v.CorporateAccount = CompanyRef{OspID: ca.OspID, Name: ca.Name}
		}
		out[i] = v
	}
	return out, nil
}
