package company

import (
	"context"

	"mobility/portal/internal/apperr"
)

// IDsOfPartner is company's read model of a partner's companies: the ids
// of every corporate account of partnerID (active or not), in id order,
// in one query. Trusted callers only: partnerID was resolved within the
// caller's scope (partner's update pushes its budget types with it).
func (s *Service) IDsOfPartner(ctx context.Context, partnerID int64) ([]int64, error) {
	ids, err := s.store.idsOfPartner(ctx, partnerID)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return ids, nil
}
