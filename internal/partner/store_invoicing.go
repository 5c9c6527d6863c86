package partner

import "context"

func (s *store) selfBillingIDs(ctx context.Context) ([]int64, error) {
	var ids []int64
	err := s.db.Select(ctx, &ids, `SELECT id FROM partners WHERE self_billing ORDER BY id`)
	return ids, err
}
