package partner

import (
	"context"

	"mobility/portal/internal/apperr"
)

// SetActive switches a partner on or off, in the caller's transaction when
// there is one (the partner deactivation of internal/deactivation). The
// caller reached the partner within its scope.
//
// Added by the deactivation branch because the partner branch had not
// published it yet; when both are merged keep one of the two.
func (s *Service) SetActive(ctx context.Context, id int64, active bool) error {
	if err := s.store.setActive(ctx, id, active); err != nil {
		return apperr.Internal(err)
	}
	return nil
}
