package usergroup

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/database"
)

// Resolved is a user group as other domains need it: ids, company, name
// and state, without the member count.
type Resolved struct {
	ID        int64  `db:"id"`
	OspID     string `db:"osp_id"`
	CompanyID int64  `db:"corporate_account_id"`
	ExtID     string `db:"ext_id"`
	Active    bool   `db:"active"`
	IsDefault bool   `db:"is_default"`
}

// Name is the group's name as shown: underscores as spaces.
func (r *Resolved) Name() string { return DisplayName(r.ExtID) }

// Resolve finds a group by ospId within the caller's scope; another
// tenant's or an unknown one is NOT_FOUND.
func (s *Service) Resolve(ctx context.Context, p *access.Principal, ospID string) (*Resolved, error) {
	if ospID == "" {
		return nil, apperr.NotFound("user group")
	}
	r, err := s.store.resolve(ctx, p.Scope, ospID)
	if database.IsNoRows(err) {
		return nil, apperr.NotFound("user group")
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return r, nil
}

// Refs returns the groups with ids within scope, by id, in one query per
// 500 ids; ids outside scope are left out.
func (s *Service) Refs(ctx context.Context, scope access.Scope, ids []int64) (map[int64]*Resolved, error) {
	rows, err := s.store.refs(ctx, scope, ids)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := make(map[int64]*Resolved, len(rows))
	for i := range rows {
		out[rows[i].ID] = &rows[i]
	}
	return out, nil
}

// ResolveMany finds groups by ospId within scope, by ospId, in one query
// per 500 ids; unknown and other tenants' ids are left out.
func (s *Service) ResolveMany(ctx context.Context, scope access.Scope, ospIDs []string) (map[string]*Resolved, error) {
	rows, err := s.store.resolveMany(ctx, scope, ospIDs)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := make(map[string]*Resolved, len(rows))
	for i := range rows {
		out[rows[i].OspID] = &rows[i]
	}
	return out, nil
}
