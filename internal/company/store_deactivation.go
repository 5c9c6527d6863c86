package company

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/database"
)

func (s *store) switchActive(ctx context.Context, scope access.Scope, id int64, active bool) (int64, error) {
	cond, args := scope.CorporateAccounts("id", "partner_id")
	return s.db.Exec(ctx, `UPDATE corporate_accounts SET active = ? WHERE id = ? AND `+cond, append([]any{active, id}, args...)...)
}

type activeState struct {
	ID     int64 `db:"id"`
	Active bool  `db:"active"`
}

func (s *store) activeStates(ctx context.Context, scope access.Scope, ids []int64) ([]activeState, error) {
	cond, args := scope.CorporateAccounts("ca.id", "ca.partner_id")
	return database.SelectIn[activeState](ctx, s.db, ids, func(in string) string {
		return `SELECT ca.id, ca.active FROM corporate_accounts ca WHERE ca.id IN (` + in + `) AND ` + cond
	}, args...)
}

func (s *store) activeIDsOfPartner(ctx context.Context, scope access.Scope, partnerID int64) ([]int64, error) {
	cond, args := scope.CorporateAccounts("ca.id", "ca.partner_id")
	var ids []int64
	err := s.db.Select(ctx, &ids, `SELECT ca.id FROM corporate_accounts ca WHERE ca.partner_id = ? AND ca.active AND `+cond+` ORDER BY ca.id`,
		append([]any{partnerID}, args...)...)
	return ids, err
}
