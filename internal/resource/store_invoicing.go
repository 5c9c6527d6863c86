package resource

import "context"

func (s *store) providerIDs(ctx context.Context) ([]int64, error) {
	var ids []int64
	err := s.db.Select(ctx, &ids, `SELECT DISTINCT r.mrp_partner_id FROM resources r ORDER BY r.mrp_partner_id`)
	return ids, err
}
