package resource

import (
	"context"

	"mobility/portal/internal/database"
)

// byIDs reads resources by id, deleted (archived) ones too.
func (s *store) byIDs(ctx context.Context, ids []int64) ([]row, error) {
	return database.SelectIn[row](ctx, s.db, ids, func(in string) string {
		return selectRow + `WHERE r.id IN (` + in + `)`
	})
}

// activeByOspIDs reads the active, live resources among ospIDs, of kind or
// any kind.
func (s *store) activeByOspIDs(ctx context.Context, kind string, ospIDs []string) ([]row, error) {
	cond, extra := "", []any{}
	if kind != AnyKind {
		cond, extra = " AND r.kind = ?", []any{kind}
	}
	return database.SelectIn[row](ctx, s.db, ospIDs, func(in string) string {
		return selectRow + `WHERE r.osp_id IN (` + in + `) AND r.active AND ` + live + cond
	}, extra...)
}

func (s *store) activeGroupsByOspIDs(ctx context.Context, ospIDs []string) ([]groupRow, error) {
	return database.SelectIn[groupRow](ctx, s.db, ospIDs, func(in string) string {
		return selectGroup + `WHERE g.osp_id IN (` + in + `) AND g.active AND g.archived_at IS NULL`
	})
}

func (s *store) groupsByIDs(ctx context.Context, ids []int64) ([]groupRow, error) {
	return database.SelectIn[groupRow](ctx, s.db, ids, func(in string) string {
		return selectGroup + `WHERE g.id IN (` + in + `)`
	})
}

type memberRow struct {
	GroupID int64 `db:"group_id"`
	row
}

// activeMembers reads the active, live resources of the active, live
// groups among groupIDs, by group and name.
func (s *store) activeMembers(ctx context.Context, groupIDs []int64) ([]memberRow, error) {
	return database.SelectIn[memberRow](ctx, s.db, groupIDs, func(in string) string {
		return `SELECT m.group_id, r.id, r.osp_id, r.kind, r.ext_id, r.name, r.description, r.active, r.mrp_partner_id, r.mobility_mode,
			r.street, r.street_number, r.zip_code, r.city, r.latitude, r.longitude, r.capacity, r.car_category, r.number_of_pumps,
			FALSE AS has_icon, r.created_at, r.updated_at
			FROM resource_group_members m JOIN resources r ON r.id = m.resource_id JOIN resource_groups g ON g.id = m.group_id
			WHERE m.group_id IN (` + in + `) AND g.active AND g.archived_at IS NULL AND r.active AND ` + live + `
			ORDER BY m.group_id, r.name, r.id`
	})
}
