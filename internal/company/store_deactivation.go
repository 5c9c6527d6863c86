package company

import (
	"context"

	"mobility/portal/internal/database"
)

func (s *store) switchActive(ctx context.Context, id int64, active bool) error {
	_, err := s.db.Exec(ctx, `UPDATE corporate_accounts SET active = ? WHERE id = ?`, active, id)
	return err
}

type activeState struct {
	ID     int64 `db:"id"`
	Active bool  `db:"active"`
}

func (s *store) activeStates(ctx context.Context, ids []int64) ([]activeState, error) {
	return database.SelectIn[activeState](ctx, s.db, ids, func(in string) string {
		return `SELECT ca.id, ca.active FROM corporate_accounts ca WHERE ca.id IN (` + in + `)`
	})
}

func (s *store) activeIDsOfPartner(ctx context.Context, partnerID int64) ([]int64, error) {
	var ids []int64
	err := s.db.Select(ctx, &ids, `SELECT ca.id FROM corporate_accounts ca WHERE ca.partner_id = ? AND ca.active ORDER BY ca.id`, partnerID)
	return ids, err
}
