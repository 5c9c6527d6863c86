package company

import (
	"context"

	"mobility/portal/internal/apperr"
)

// What the deactivation workflows (internal/deactivation) ask of
// corporate accounts. They run in the caller's transaction.

// SwitchActive switches a company on or off (the caller reached it within
// its scope, or is a job).
func (s *Service) SwitchActive(ctx context.Context, id int64, active bool) error {
	if err := s.store.switchActive(ctx, id, active); err != nil {
		return apperr.Internal(err)
	}
	return nil
}

// ActiveStates tells, by id, whether companies are active, in one query
// per 500 ids.
func (s *Service) ActiveStates(ctx context.Context, ids []int64) (map[int64]bool, error) {
	rows, err := s.store.activeStates(ctx, ids)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := make(map[int64]bool, len(rows))
	for _, r := range rows {
		out[r.ID] = r.Active
	}
	return out, nil
}

// ActiveIDsOfPartner lists the ids of a partner's active companies.
func (s *Service) ActiveIDsOfPartner(ctx context.Context, partnerID int64) ([]int64, error) {
	ids, err := s.store.activeIDsOfPartner(ctx, partnerID)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return ids, nil
}
