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

func (s *store) byIDs(ctx context.Context, scope access.Scope, ids []int64) ([]Partner, error) {
	cond, a := scope.Partners("id")
	return database.SelectIn[Partner](ctx, s.db, ids, func(in string) string {
		return `SELECT ` + columns + ` FROM partners WHERE id IN (` + in + `) AND ` + cond
	}, a...)
}

// WithOspID is a predicate partner publishes: partnerCol is the partner
// with that public id.
func WithOspID(partnerCol, ospID string) (string, []any) {
	return partnerCol + " IN (SELECT id FROM partners WHERE osp_id = ?)", []any{ospID}
}

// OspIDOf is an expression partner publishes: the public id of the partner
// whose id is partnerCol (NULL when there is none), a lookup by primary key.
func OspIDOf(partnerCol string) string {
	return "(SELECT osp_id FROM partners WHERE partners.id = " + partnerCol + ")"
}
