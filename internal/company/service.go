package company

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/api"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/database"
	"mobility/portal/internal/validate"
)

// Service reads and (in later issues) manages corporate accounts.
type Service struct{ store *store }

func NewService(db *database.DB) *Service { return &Service{store: &store{db: db}} }

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
	ca := r.toAPI()
	return &ca, nil
}

// ByID returns an account by internal id, for other services that already
// hold a tenancy-checked id (e.g. the session user's own company).
func (s *Service) ByID(ctx context.Context, id int64) (*CorporateAccount, error) {
	r, err := s.store.byID(ctx, id)
	if database.IsNoRows(err) {
		return nil, apperr.NotFound("corporate account")
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	ca := r.toAPI()
	return &ca, nil
}

// Filter pages through the accounts the principal may see.
func (s *Service) Filter(ctx context.Context, p *access.Principal, f FilterRequest) (*api.Page[CorporateAccount], error) {
	pg := f.Pagination.Normalize(10)
	rows, total, err := s.store.filter(ctx, p.Scope, f, pg)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := make([]CorporateAccount, len(rows))
	for i := range rows {
		out[i] = rows[i].toAPI()
	}
	page := api.NewPage(out, total, pg)
	return &page, nil
}
