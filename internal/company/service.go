package company

import (
	"context"
	"slices"
	"strings"

	"mobility/portal/internal/clock"
	"mobility/portal/internal/constants"
	"mobility/portal/internal/money"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/database"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/partner"
	"mobility/portal/internal/validate"
)

// Service reads and manages corporate accounts.
type Service struct {
	db       *database.DB
	store    *store
	partners *partner.Service
	w        Wiring
	// resolvedAt: ResolveID's answers at the sign-in epoch
	resolvedAt database.EpochCache[resolveIDKey, Resolved]
}

// NewService reads partners (their public id and type) through their
// service; Wire hands it what it reaches through interfaces.
func NewService(db *database.DB, partners *partner.Service) *Service {
	return &Service{db: db, store: &store{db: db}, partners: partners, w: Wiring{Clock: clock.System{}}}
}

// BudgetTypes is the budget types a company offers (company_budget_types,
// owned by budget), implemented by budget.Service: budget imports company,
// so company reaches it through this interface wired in app.go.
type BudgetTypes interface {
	// OfferedTypes returns the budget types each company offers, in one
	// query per 500 ids.
	OfferedTypes(ctx context.Context, companyIDs []int64) (map[int64][]string, error)
	// SetOfferedTypes makes a company offer exactly types (user budget
	// types), keeping the defaults of types it already offered; it runs in
	// the caller's transaction.
	SetOfferedTypes(ctx context.Context, companyID int64, types []string) error
}

// PartnerBudgetTypes is the budget types partners allow their companies
// (partner.Service.SelectedBudgetTypes), by partner id, in one batch.
type PartnerBudgetTypes interface {
	SelectedBudgetTypes(ctx context.Context, partnerIDs []int64) (map[int64][]string, error)
}

// FirstAdmins creates a new company's first admin (user.Service), in the
// caller's transaction; it returns the admin's public id.
type FirstAdmins interface {
	CreateFirstAdmin(ctx context.Context, p *access.Principal, companyOspID string, a FirstAdmin) (string, error)
}

// ProductChoice is a company's selection of products and service
// resources by ospId; a nil list is one that was not sent.
type ProductChoice struct {
	Products         []string
	ServiceResources []string
}

func (c ProductChoice) given() bool { return c.Products != nil || c.ServiceResources != nil }

// Catalogue is what a company's detail shows of its products and service
// resources: what its partner allows and what it offers (ospIds).
type Catalogue struct {
	AllowedProducts          []string
	AllowedServiceResources  []string
	SelectedProducts         []string
	SelectedServiceResources []string
}

// Products is the product access (internal/productaccess.Service), which
// owns a company's selection of products and service resources: it
// imports company, so company reaches it through this interface.
type Products interface {
	// CompanyCatalogues reads companies' catalogues; companies maps
	// company ids to their partner ids.
	CompanyCatalogues(ctx context.Context, companies map[int64]int64) (map[int64]Catalogue, error)
	// CheckCompanyChoice checks a selection before anything is written
	// (companyID 0 on create; partnerID the company's partner after the
	// change).
	CheckCompanyChoice(ctx context.Context, companyID, partnerID int64, c ProductChoice) error
	// SetCompanyChoice stores it in the caller's transaction (create: a
	// list not sent offers all the partner allows; update: kept), and
	// files a company that moved under its new partner.
	SetCompanyChoice(ctx context.Context, companyID, partnerID int64, c ProductChoice, create bool) error
}

// Wiring is what company reaches through interfaces, set in app.go.
// Without BudgetTypes every user budget type counts as offered and a
// selection is not stored; without PartnerBudgetTypes a partner allows
// every user budget type; without FirstAdmins create refuses; without
// Products no product or service resource can be selected.
type Wiring struct {
	Clock              clock.Clock
	BudgetTypes        BudgetTypes
	PartnerBudgetTypes PartnerBudgetTypes
	FirstAdmins        FirstAdmins
	Products           Products
}

// Wire sets the services company reaches through interfaces; a nil Clock
// keeps the system clock.
func (s *Service) Wire(w Wiring) {
	if w.Clock == nil {
		w.Clock = s.w.Clock
	}
	s.w = w
}

// UserBudgetTypes are the budget types a company can offer its users
// (budget.UserTypes; the company budget is not offered to users).
var UserBudgetTypes = []string{"MOBILITY_BUDGET", "BUSINESS_BUDGET", "CAFETERIA_BUDGET", "COMMUTING_BUDGET"}

// withPartners fills the partner's public id and type into accounts from
// partner's read model, one batch for all (the accounts were reached
// within the caller's scope; a company admin's scope reaches no partner
// row, so the read uses the system scope).
func (s *Service) withPartners(ctx context.Context, rows ...*row) error {
	if len(rows) == 0 {
		return nil
	}
	ids := make([]int64, len(rows))
	for i, r := range rows {
		ids[i] = r.PartnerID
	}
	ps, err := s.partners.ByIDs(ctx, access.SystemScope(), ids)
	if err != nil {
		return err
	}
	for _, r := range rows {
		if p := ps[r.PartnerID]; p != nil {
			r.PartnerOspID, r.PartnerType = p.OspID, p.PartnerType
		}
	}
	return nil
}

// allowedTypes returns the budget types each partner allows, by partner
// id: the partner's selection (user budget types only, in display order).
func (s *Service) allowedTypes(ctx context.Context, partnerIDs []int64) (map[int64][]string, error) {
	out := make(map[int64][]string, len(partnerIDs))
	var sel map[int64][]string
	if s.w.PartnerBudgetTypes != nil {
		var err error
		if sel, err = s.w.PartnerBudgetTypes.SelectedBudgetTypes(ctx, partnerIDs); err != nil {
			return nil, apperr.Wrap(err)
		}
	}
	for _, id := range partnerIDs {
		// a partner that selected nothing allows every type, as a company
		// that configured none offers every type (budget)
		types := ordered(sel[id], UserBudgetTypes)
		if len(types) == 0 {
			types = UserBudgetTypes
		}
		out[id] = types
	}
	return out, nil
}

// ordered keeps the values of list that are in order, in order's order,
// once each.
func ordered(list, order []string) []string {
	out := []string{}
	for _, o := range order {
		if slices.Contains(list, o) {
			out = append(out, o)
		}
	}
	return out
}

// decorate fills what a full account shows besides its own columns:
// partner, allowed and selected budget types, app menu; a few queries for
// any number of rows.
func (s *Service) decorate(ctx context.Context, rows ...*row) error {
	if len(rows) == 0 {
		return nil
	}
	if err := s.withPartners(ctx, rows...); err != nil {
		return err
	}
	ids, partnerIDs := make([]int64, len(rows)), make([]int64, 0, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
		if !slices.Contains(partnerIDs, r.PartnerID) {
			partnerIDs = append(partnerIDs, r.PartnerID)
		}
	}
	allowed, err := s.allowedTypes(ctx, partnerIDs)
	if err != nil {
		return err
	}
	var offered map[int64][]string
	if s.w.BudgetTypes != nil {
		if offered, err = s.w.BudgetTypes.OfferedTypes(ctx, ids); err != nil {
			return apperr.Wrap(err)
		}
	}
	menus, err := s.store.appMenus(ctx, ids)
	if err != nil {
		return apperr.Internal(err)
	}
	for _, r := range rows {
		r.Allowed = allowed[r.PartnerID]
		if s.w.BudgetTypes == nil {
			r.Selected = UserBudgetTypes
		} else {
			r.Selected = ordered(offered[r.ID], UserBudgetTypes)
		}
		r.AppMenu = ordered(menus[r.ID], AppMenuTypes)
	}
	return nil
}

// Get returns one account the principal may see; others' are NOT_FOUND.
func (s *Service) Get(ctx context.Context, p *access.Principal, ospID string) (*CorporateAccount, error) {
	v := validate.New(ctx)
	v.Required("ospId", ospID)
	if err := v.Err(); err != nil {
		return nil, err
	}
	r, err := s.store.get(ctx, p.Scope, ospID)
	if database.IsNoRows(err) {
		return nil, apperr.NotFound("corporate account")
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	if err := s.decorate(ctx, r); err != nil {
		return nil, err
	}
	if err := s.withCatalogue(ctx, r); err != nil {
		return nil, err
	}
	ca := r.toAPI()
	return &ca, nil
}

// withCatalogue fills one account's products and service resources (a
// detail: lists leave them out).
func (s *Service) withCatalogue(ctx context.Context, r *row) error {
	if s.w.Products == nil {
		r.Catalogue = &Catalogue{}
		return nil
	}
	cats, err := s.w.Products.CompanyCatalogues(ctx, map[int64]int64{r.ID: r.PartnerID})
	if err != nil {
		return apperr.Wrap(err)
	}
	c := cats[r.ID]
	r.Catalogue = &c
	return nil
}

// ByID returns an account by internal id within scope; another tenant's
// is NOT_FOUND. Callers that hold an id reached through their own session
// or a job pass access.SystemScope().
func (s *Service) ByID(ctx context.Context, scope access.Scope, id int64) (*CorporateAccount, error) {
	r, err := s.store.byID(ctx, scope, id)
	if database.IsNoRows(err) {
		return nil, apperr.NotFound("corporate account")
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	if err := s.decorate(ctx, r); err != nil {
		return nil, err
	}
	ca := r.toAPI()
	return &ca, nil
}

// Filter pages through the accounts the principal may see.
// nameOrExtIdLike needs at least 3 characters (SPEC §5).
func (s *Service) Filter(ctx context.Context, p *access.Principal, f FilterRequest) (*paging.Page[CorporateAccount], error) {
	v := validate.New(ctx)
	searchLength(v, "nameOrExtIdLike", f.NameOrExtIDLike)
	if err := v.Err(); err != nil {
		return nil, err
	}
	return s.page(ctx, p, query{active: f.Active, partnerOsp: f.PartnerOspID, companyType: f.CompanyType, like: f.NameOrExtIDLike}, f.Pagination)
}

// FindByAny searches the accounts the principal may see over name, extId,
// company number and VAT number (at least 3 characters when given).
func (s *Service) FindByAny(ctx context.Context, p *access.Principal, f FindRequest) (*paging.Page[CorporateAccount], error) {
	v := validate.New(ctx)
	searchLength(v, "search", f.Search)
	if err := v.Err(); err != nil {
		return nil, err
	}
	return s.page(ctx, p, query{active: f.Active, like: f.Search, likeAny: true}, f.Pagination)
}

// ByPartner lists the companies of a partner within the caller's scope: a
// partner admin's own partner, a company admin's company when it belongs
// to the partner; any other partner is NOT_FOUND, as an unknown one.
func (s *Service) ByPartner(ctx context.Context, p *access.Principal, f ByPartnerRequest) (*paging.Page[CorporateAccount], error) {
	v := validate.New(ctx)
	v.Required("partnerOspId", f.PartnerOspID)
	if err := v.Err(); err != nil {
		return nil, err
	}
	pt, err := s.partners.Resolve(ctx, access.SystemScope(), f.PartnerOspID)
	if err != nil {
		return nil, err
	}
	switch {
	case p.Scope.All:
	case p.Scope.PartnerID != 0:
		if pt.ID != p.Scope.PartnerID {
			return nil, apperr.NotFound("partner")
		}
	case p.Scope.CorporateAccountID != 0:
		own, err := s.store.byID(ctx, p.Scope, p.Scope.CorporateAccountID)
		if database.IsNoRows(err) || (err == nil && own.PartnerID != pt.ID) {
			return nil, apperr.NotFound("partner")
		}
		if err != nil {
			return nil, apperr.Internal(err)
		}
	default:
		return nil, apperr.NotFound("partner")
	}
	if f.Pagination.Size == 0 {
		f.Pagination.Size = paging.MaxPageSize
	}
	return s.page(ctx, p, query{active: f.Active, partnerID: pt.ID}, f.Pagination)
}

// searchLength is SPEC §5's rule for searches: at least 3 characters.
func searchLength(v *validate.Checker, field, value string) {
	if t := strings.TrimSpace(value); t != "" {
		v.MinLength(field, t, constants.SearchMinChars)
	}
}

func (s *Service) page(ctx context.Context, p *access.Principal, q query, pagination paging.Pagination) (*paging.Page[CorporateAccount], error) {
	pg := pagination.Normalize(10)
	rows, total, err := s.store.list(ctx, p.Scope, q, pg)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	if err := s.decorate(ctx, ptrs(rows)...); err != nil {
		return nil, err
	}
	out := make([]CorporateAccount, len(rows))
	for i := range rows {
		out[i] = rows[i].toAPI()
	}
	page := paging.NewPage(out, total, pg)
	return &page, nil
}

// Resolved is a corporate account the caller may reach, with its ids.
type Resolved struct {
	ID          int64
	OspID       string
	ExtID       string
	Name        string
	PartnerID   int64
	PaymentType string
	PartnerType string
	CompanyType string
	Active      bool
	// MaxUsers caps the company's active app users; nil: unlimited.
	MaxUsers *int
	// ExternalReferenceMandatory: an expense needs an external reference.
	ExternalReferenceMandatory bool
	// TwoFactorForAdmins: every admin must enrol and use 2FA at sign-in.
	TwoFactorForAdmins bool
	// CompanyBudgetThreshold in cents; nil: none.
	CompanyBudgetThreshold *money.Amount
	SecurityDepositAmount  *money.Amount
}

// CanViewCompanyBudget is SPEC §2's rule: platform staff, a prepaid
// company, or a company of an ARTEMIS partner.
func (r *Resolved) CanViewCompanyBudget(p *access.Principal) bool {
	return p.IsOspAdmin() || r.PaymentType == PaymentPrepaid || r.PartnerType == "ARTEMIS"
}

// Resolve finds an account by ospId within the principal's scope; others'
// and unknown ids are NOT_FOUND.
func (s *Service) Resolve(ctx context.Context, p *access.Principal, ospID string) (*Resolved, error) {
	if ospID == "" {
		return nil, apperr.NotFound("corporate account")
	}
	r, err := s.store.get(ctx, p.Scope, ospID)
	if database.IsNoRows(err) {
		return nil, apperr.NotFound("corporate account")
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	if err := s.withPartners(ctx, r); err != nil {
		return nil, err
	}
	return r.resolved(), nil
}

// ResolveID returns an account by internal id within scope; another
// tenant's is NOT_FOUND (callers that read the id from a row they already
// reached pass access.SystemScope()).
func (s *Service) ResolveID(ctx context.Context, scope access.Scope, id int64) (*Resolved, error) {
	// answered from memory at the request's sign-in epoch, which every
	// change of a company or a partner moves (database/epoch.go)
	r, err := s.resolvedAt.Read(ctx, resolveIDKey{scope, id}, func(ctx context.Context) (Resolved, error) {
		r, err := s.store.byID(ctx, scope, id)
		if err != nil {
			return Resolved{}, err
		}
		if err := s.withPartners(ctx, r); err != nil {
			return Resolved{}, err
		}
		return *r.resolved(), nil
	})
	if database.IsNoRows(err) {
		return nil, apperr.NotFound("corporate account")
	}
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	return r.copied(), nil
}

// resolveIDKey is what ResolveID's answer depends on.
type resolveIDKey struct {
	scope access.Scope
	id    int64
}

// copied is r for one caller, its pointers its own.
func (r Resolved) copied() *Resolved {
	if r.MaxUsers != nil {
		v := *r.MaxUsers
		r.MaxUsers = &v
	}
	if r.CompanyBudgetThreshold != nil {
		v := *r.CompanyBudgetThreshold
		r.CompanyBudgetThreshold = &v
	}
	if r.SecurityDepositAmount != nil {
		v := *r.SecurityDepositAmount
		r.SecurityDepositAmount = &v
	}
	return &r
}

// ResolveIDs returns the accounts with ids within scope, by id, in one
// query per 500 ids (for pages of rows that name their company); ids
// outside scope are left out.
func (s *Service) ResolveIDs(ctx context.Context, scope access.Scope, ids []int64) (map[int64]*Resolved, error) {
	rows, err := s.store.byIDs(ctx, scope, ids)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	if err := s.withPartners(ctx, ptrs(rows)...); err != nil {
		return nil, err
	}
	out := make(map[int64]*Resolved, len(rows))
	for i := range rows {
		out[rows[i].ID] = rows[i].resolved()
	}
	return out, nil
}

// Names returns the accounts with ids within scope, by id, in one query
// per 500 ids, without their partner's public id and type (PartnerID is
// set): the cheap read model for a page of rows that shows its company's
// name (user's lists and search).
func (s *Service) Names(ctx context.Context, scope access.Scope, ids []int64) (map[int64]*Resolved, error) {
	rows, err := s.store.byIDs(ctx, scope, ids)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := make(map[int64]*Resolved, len(rows))
	for i := range rows {
		out[rows[i].ID] = rows[i].resolved()
	}
	return out, nil
}

func (r *row) resolved() *Resolved {
	ext := ""
	if r.ExtID != nil {
		ext = *r.ExtID
	}
	return &Resolved{ID: r.ID, OspID: r.OspID, ExtID: ext, Name: r.Name, PartnerID: r.PartnerID, PaymentType: r.PaymentType,
		PartnerType: r.PartnerType, CompanyType: r.CompanyType, Active: r.Active, MaxUsers: r.MaxUsers,
		ExternalReferenceMandatory: r.ExternalReferenceMandatory, TwoFactorForAdmins: r.TwoFactorForAdmins,
		CompanyBudgetThreshold: r.CompanyBudgetThreshold, SecurityDepositAmount: r.SecurityDepositAmount}
}

func ptrs(rows []row) []*row {
	out := make([]*row, len(rows))
	for i := range rows {
		out[i] = &rows[i]
	}
	return out
}
