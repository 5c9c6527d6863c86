package company

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
)

// What the deactivation workflows (internal/deactivation) ask of
// corporate accounts. They run in the caller's transaction; the accounts
// must lie in scope (the condition is in the same query), jobs pass
// access.SystemScope().

// SwitchActive switches a company on or off; another tenant's is NOT_FOUND.
func (s *Service) SwitchActive(ctx context.Context, scope access.Scope, id int64, active bool) error {
	n, err := s.store.switchActive(ctx, scope, id, active)
	if err != nil {
		return apperr.Internal(err)
	}
	if n == 0 {
		return apperr.NotFound("corporate account")
	}
	return nil
}

// ActiveStates tells, by id, whether the companies within scope are
// active, in one query per 500 ids; ids outside scope are left out.
func (s *Service) ActiveStates(ctx context.Context, scope access.Scope, ids []int64) (map[int64]bool, error) {
	rows, err := s.store.activeStates(ctx, scope, ids)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := make(map[int64]bool, len(rows))
	for _, r := range rows {
		out[r.ID] = r.Active
	}
	return out, nil
}

// ActiveIDsOfPartner lists the ids of a partner's active companies within
// scope.
func (s *Service) ActiveIDsOfPartner(ctx context.Context, scope access.Scope, partnerID int64) ([]int64, error) {
	ids, err := s.store.activeIDsOfPartner(ctx, scope, partnerID)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return ids, nil
}
