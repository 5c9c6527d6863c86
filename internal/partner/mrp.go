package partner

import (
	"context"

	"mobility/portal/internal/apperr"
)

// The read model expenses name a provider's partner through (issue 15:
// a provider file's or Cambio invoice's MRP): MRP partners by extId, and
// names by id. The catalogue belongs to no tenant.

type idRow struct {
	ID    int64  `db:"id"`
	ExtID string `db:"ext_id"`
	Name  string `db:"name"`
}

// MRPsByExtID finds the MRP (or MRP_MSP) partners with the given extIds,
// by extId, active or not (older bookings keep their provider).
func (s *Service) MRPsByExtID(ctx context.Context, extIDs []string) (map[string]int64, error) {
	rows, err := s.store.mrpsByExtID(ctx, extIDs, []string{TypeMRP, TypeMRPMSP})
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := make(map[string]int64, len(rows))
	for _, r := range rows {
		out[r.ExtID] = r.ID
	}
	return out, nil
}

// NamesByID answers partners' names by id.
func (s *Service) NamesByID(ctx context.Context, ids []int64) (map[int64]string, error) {
	rows, err := s.store.namesByID(ctx, ids)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := make(map[int64]string, len(rows))
	for _, r := range rows {
		out[r.ID] = r.Name
	}
	return out, nil
}
