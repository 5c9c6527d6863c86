package partner

import (
	"context"

	"mobility/portal/internal/database"
)

func (s *store) mrpsByExtID(ctx context.Context, extIDs, types []string) ([]idRow, error) {
	return database.SelectIn[idRow](ctx, s.db, extIDs, func(in string) string {
		return `SELECT id, ext_id, name FROM partners WHERE ext_id IN (` + in + `) AND partner_type IN (?, ?) ORDER BY id`
	}, types[0], types[1])
}

func (s *store) namesByID(ctx context.Context, ids []int64) ([]idRow, error) {
	return database.SelectIn[idRow](ctx, s.db, ids, func(in string) string {
		return `SELECT id, COALESCE(ext_id, '') AS ext_id, name FROM partners WHERE id IN (` + in + `)`
	})
}
