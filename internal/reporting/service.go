package reporting

import (
	"context"
	"slices"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/budget"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/company"
	"mobility/portal/internal/database"
	"mobility/portal/internal/expense"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/mail"
	"mobility/portal/internal/partner"
	"mobility/portal/internal/user"
	"mobility/portal/internal/validate"
)

const (
	contentTypeXLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
	contentTypeCSV  = "text/csv; charset=utf-8"
	// MaxMonths is the longest range of months one call covers.
	MaxMonths = 24
)

type rowsKind int

const (
	rowsUsers rowsKind = iota
	rowsBookings
	rowsEvents
	rowsTransactions
)

// File is a report file to send.
type File struct {
	Name        string
	ContentType string
	Body        []byte
}

// Deps are what reporting reads from: the owners' read models.
type Deps struct {
	DB        *database.DB
	Clock     clock.Clock
	PublicURL string
	Outbox    *mail.Outbox
	Companies *company.Service
	Partners  *partner.Service
	Users     *user.Service
	Budgets   *budget.Service
	Expenses  *expense.Service
}

// Service serves reports and dashboard figures.
type Service struct {
	db        *database.DB
	store     *store
	clock     clock.Clock
	publicURL string
	outbox    *mail.Outbox
	companies *company.Service
	partners  *partner.Service
	users     *user.Service
	budgets   *budget.Service
	expenses  *expense.Service
}

// NewService makes the service.
func NewService(d Deps) *Service {
	return &Service{db: d.DB, store: &store{db: d.DB}, clock: d.Clock, publicURL: d.PublicURL, outbox: d.Outbox,
		companies: d.Companies, partners: d.Partners, users: d.Users, budgets: d.Budgets, expenses: d.Expenses}
}

// ---- months ----

// month is a calendar month (Europe/Brussels).
type month = clock.Month

// monthBounds is m as the user read model's counts take it.
func monthBounds(m month) user.MonthBounds {
	return user.MonthBounds{Month: m.String(), Start: m.Start().UTC(), End: m.End().UTC()}
}

// monthRange is a checked range of months, from..to included.
type monthRange struct{ from, to month }

func (r monthRange) months() []month {
	var out []month
	for m := r.from; m.Index() <= r.to.Index(); m = m.Next() {
		out = append(out, m)
	}
	return out
}

func (r monthRange) bounds() []user.MonthBounds {
	var out []user.MonthBounds
	for _, m := range r.months() {
		out = append(out, monthBounds(m))
	}
	return out
}

// checkMonth validates one yyyyMM field, not after the current month.
func (s *Service) checkMonth(v *validate.Checker, field, value string) (month, bool) {
	m, ok := clock.ParseMonth(value)
	if !ok {
		v.Fail(field, "rule.month")
		return m, false
	}
	if m.Index() > clock.MonthOf(s.clock.Now()).Index() {
		v.Fail(field, "rule.monthFuture")
		return m, false
	}
	return m, true
}

// checkRange validates monthFrom and monthTo (SPEC §9's month format; from
// not after to, at most MaxMonths months, none after the current month).
func (s *Service) checkRange(v *validate.Checker, fromValue, toValue string) monthRange {
	var r monthRange
	okFrom, okTo := v.Required("monthFrom", fromValue), v.Required("monthTo", toValue)
	if okFrom {
		r.from, okFrom = s.checkMonth(v, "monthFrom", fromValue)
	}
	if okTo {
		r.to, okTo = s.checkMonth(v, "monthTo", toValue)
	}
	if okFrom && okTo {
		switch {
		case r.to.Index() < r.from.Index():
			v.Fail("monthTo", "rule.monthOrder")
		case r.to.Index()-r.from.Index()+1 > MaxMonths:
			v.Fail("monthTo", "rule.monthSpan", MaxMonths)
		}
	}
	return r
}

// ---- scope ----

// target is the companies a call is about: ids nil means every company in
// the caller's scope (platform staff without a filter).
type target struct {
	scope access.Scope
	ids   []int64
	// companyType narrows to companies of that type (checked on the rows).
	companyType string
	// one is set when the call names one company.
	one *company.Resolved
}

// targetOf resolves a dashboard or reporting filter within the caller's
// scope: a company (404 outside scope), a partner (404 outside scope;
// company admins reach none), or everything the caller sees.
func (s *Service) targetOf(ctx context.Context, pr *access.Principal, companyOspID, partnerOspID, companyType string) (*target, error) {
	t := &target{scope: pr.Scope, companyType: companyType}
	switch {
	case companyOspID != "":
		c, err := s.companies.Resolve(ctx, pr, companyOspID)
		if err != nil {
			return nil, err
		}
		t.ids, t.one = []int64{c.ID}, c
	case partnerOspID != "":
		p, err := s.partners.Resolve(ctx, pr.Scope, partnerOspID)
		if err != nil {
			return nil, err
		}
		if t.ids, err = s.companies.IDsOfPartner(ctx, p.ID); err != nil {
			return nil, err
		}
		if t.ids == nil {
			t.ids = []int64{}
		}
	case pr.Scope.All:
		t.ids = nil
	case pr.Scope.CorporateAccountID != 0:
		// a company admin is fixed to their company
		c, err := s.companies.ResolveID(ctx, pr.Scope, pr.Scope.CorporateAccountID)
		if err != nil {
			return nil, err
		}
		t.ids, t.one = []int64{c.ID}, c
	case pr.Scope.PartnerID != 0:
		ids, err := s.companies.IDsOfPartner(ctx, pr.Scope.PartnerID)
		if err != nil {
			return nil, err
		}
		t.ids = append([]int64{}, ids...)
	default:
		t.ids = []int64{}
	}
	return t, nil
}

// parentTarget resolves SPEC §7's parentOspId: a company's or a partner's
// ospId within the caller's scope; anything else is NOT_FOUND.
func (s *Service) parentTarget(ctx context.Context, pr *access.Principal, parentOspID string) (*target, error) {
	t, err := s.targetOf(ctx, pr, parentOspID, "", "")
	if err == nil || !apperr.IsNotFound(err) {
		return t, err
	}
	t, err = s.targetOf(ctx, pr, "", parentOspID, "")
	if apperr.IsNotFound(err) {
		return nil, apperr.NotFound("corporate account or partner")
	}
	return t, err
}

// companyInfo is what rows and tables show of a company.
type companyInfo struct {
	*company.Resolved
	MspExtID string
}

// describe resolves the companies of ids (their names, types and their
// partner's extId), in a few batched queries; ids outside t's scope are
// left out, and so are companies of another type than t's filter.
func (s *Service) describe(ctx context.Context, t *target, ids []int64) (map[int64]*companyInfo, error) {
	ids = uniq(ids)
	res, err := s.companies.ResolveIDs(ctx, t.scope, ids)
	if err != nil {
		return nil, err
	}
	var pids []int64
	for _, r := range res {
		pids = append(pids, r.PartnerID)
	}
	// the partners of companies the caller reached: read as the system
	// (a company admin's scope names no partner)
	parts, err := s.partners.ByIDs(ctx, access.SystemScope(), uniq(pids))
	if err != nil {
		return nil, err
	}
	out := make(map[int64]*companyInfo, len(res))
	for id, r := range res {
		if t.companyType != "" && r.CompanyType != t.companyType {
			continue
		}
		ci := &companyInfo{Resolved: r}
		if p := parts[r.PartnerID]; p != nil && p.ExtID != nil {
			ci.MspExtID = *p.ExtID
		}
		out[id] = ci
	}
	return out, nil
}

func uniq(ids []int64) []int64 {
	out := slices.Clone(ids)
	slices.Sort(out)
	return slices.Compact(out)
}

// modeLabel is a mobility mode's name in the caller's language.
func modeLabel(lang i18n.Lang, mode string) string {
	if i18n.Has("mobilityMode." + mode) {
		return i18n.T(lang, "mobilityMode."+mode)
	}
	return mode
}

// providerOther is the provider group of expenses without a provider.
const providerOther = "OTHER"

func providerKey(p string) string {
	if p == "" {
		return providerOther
	}
	return p
}
