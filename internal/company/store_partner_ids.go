package company

import "context"

func (s *store) idsOfPartner(ctx context.Context, partnerID int64) ([]int64, error) {
	ids := []int64{}
	err := s.db.Select(ctx, &ids, `SELECT id FROM corporate_accounts WHERE partner_id = ? ORDER BY id`, partnerID)
	return ids, err
}
