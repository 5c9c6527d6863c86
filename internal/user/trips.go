package user

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
)

// CompanyIDs is the company of each user with ids within scope (users
// outside a company and outside scope are left out), one query per 500
// ids. trip reads it to pair each user with its company's trip settings.
func (s *Service) CompanyIDs(ctx context.Context, scope access.Scope, ids []int64) (map[int64]int64, error) {
	rows, err := s.store.companyIDs(ctx, scope, ids)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := make(map[int64]int64, len(rows))
	for _, r := range rows {
		out[r.ID] = r.CompanyID
	}
	return out, nil
}
