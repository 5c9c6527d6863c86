package partner

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/database"
)

type store struct{ db *database.DB }

const columns = `id, osp_id, name, ext_id, partner_type, active, brand_color`

// byID reads a partner by id; the scope is in the same query.
func (s *store) byID(ctx context.Context, scope access.Scope, id int64) (*Partner, error) {
	cond, args := scope.Partners("id")
	var p Partner
	err := s.db.Get(ctx, &p, `SELECT `+columns+` FROM partners WHERE id = ? AND `+cond, append([]any{id}, args...)...)
	return &p, err
}

// byOspID reads a partner by public id; the scope is in the same query.
func (s *store) byOspID(ctx context.Context, scope access.Scope, ospID string) (*Partner, error) {
	cond, args := scope.Partners("id")
	var p Partner
	err := s.db.Get(ctx, &p, `SELECT `+columns+` FROM partners WHERE osp_id = ? AND `+cond, append([]any{ospID}, args...)...)
	return &p, err
}
