package partner

import (
	"context"

	"mobility/portal/internal/apperr"
)

// SelfBillingIDs lists the partners the platform issues self-billing
// invoices to (self_billing on), for the invoice run: a run whose partners
// all have their document for the month reads no bookings. One query.
func (s *Service) SelfBillingIDs(ctx context.Context) ([]int64, error) {
	ids, err := s.store.selfBillingIDs(ctx)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return ids, nil
}
