package company

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/database"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/partner"
	"mobility/portal/internal/validate"
)

// Service reads and (in later issues) manages corporate accounts.
type Service struct {
	store    *store
	partners *partner.Service
}

// NewService reads partners (their public id and type) through their service.
func NewService(db *database.DB, partners *partner.Service) *Service {
	return &Service{store: &store{db: db}, partners: partners}
}

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
	if err := s.withPartners(ctx, r); err != nil {
		return nil, err
	}
	ca := r.toAPI()
	return &ca, nil
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
	if err := s.withPartners(ctx, r); err != nil {
		return nil, err
	}
	ca := r.toAPI()
	return &ca, nil
}

// Filter pages through the accounts the principal may see.
func (s *Service) Filter(ctx context.Context, p *access.Principal, f FilterRequest) (*paging.Page[CorporateAccount], error) {
	pg := f.Pagination.Normalize(10)
	rows, total, err := s.store.filter(ctx, p.Scope, f, pg)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	if err := s.withPartners(ctx, ptrs(rows)...); err != nil {
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
	r, err := s.store.byID(ctx, scope, id)
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
	return &Resolved{ID: r.ID, OspID: r.OspID, ExtID: ext, Name: r.Name, PartnerID: r.PartnerID, PaymentType: r.PaymentType, PartnerType: r.PartnerType, CompanyType: r.CompanyType}
}

func ptrs(rows []row) []*row {
	out := make([]*row, len(rows))
	for i := range rows {
		out[i] = &rows[i]
	}
	return out
}

// FindByAny searches over name, extId, company number and VAT number.
func (s *Service) FindByAny(ctx context.Context, p *access.Principal, f FindRequest) (*paging.Page[CorporateAccount], error) {
	return nil, apperr.Forbidden("not implemented yet")
}

// ByPartner lists the companies of a partner within the caller's scope.
func (s *Service) ByPartner(ctx context.Context, p *access.Principal, f ByPartnerRequest) (*paging.Page[CorporateAccount], error) {
	return nil, apperr.Forbidden("not implemented yet")
}

// Create creates an account with its first admin in one transaction.
func (s *Service) Create(ctx context.Context, p *access.Principal, req CreateRequest) (*CorporateAccount, error) {
	return nil, apperr.Forbidden("not implemented yet")
}

// Update changes an account; company admins only a subset of the fields.
func (s *Service) Update(ctx context.Context, p *access.Principal, req UpdateRequest) (*CorporateAccount, error) {
	return nil, apperr.Forbidden("not implemented yet")
}
