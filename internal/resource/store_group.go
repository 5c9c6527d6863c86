package resource

import (
	"context"
	"strings"
	"time"

	"mobility/portal/internal/database"
	"mobility/portal/internal/paging"
)

// groupRow is a stored resource group with its member counts (members that
// were not deleted).
type groupRow struct {
	ID                  int64     `db:"id"`
	OspID               string    `db:"osp_id"`
	Name                string    `db:"name"`
	Description         string    `db:"description"`
	Active              bool      `db:"active"`
	ResourceCount       int       `db:"resource_count"`
	ActiveResourceCount int       `db:"active_resource_count"`
	CreatedAt           time.Time `db:"created_at"`
}

const selectGroup = `SELECT g.id, g.osp_id, g.name, g.description, g.active, g.created_at,
	(SELECT COUNT(*) FROM resource_group_members m JOIN resources r ON r.id = m.resource_id
	  WHERE m.group_id = g.id AND r.archived_at IS NULL) AS resource_count,
	(SELECT COUNT(*) FROM resource_group_members m JOIN resources r ON r.id = m.resource_id
	  WHERE m.group_id = g.id AND r.archived_at IS NULL AND r.active) AS active_resource_count
FROM resource_groups g `

func (s *store) getGroup(ctx context.Context, ospID string) (*groupRow, error) {
	var g groupRow
	err := s.db.Get(ctx, &g, selectGroup+`WHERE g.osp_id = ? AND g.archived_at IS NULL`, ospID)
	return &g, err
}

func (s *store) insertGroup(ctx context.Context, ospID, name, description string, now time.Time) (int64, error) {
	return s.db.Insert(ctx, `INSERT INTO resource_groups (osp_id, name, description, active, created_at, updated_at)
		VALUES (?, ?, ?, TRUE, ?, ?) RETURNING id`, ospID, name, description, now, now)
}

func (s *store) updateGroup(ctx context.Context, id int64, name, description string, now time.Time) error {
	_, err := s.db.Exec(ctx, `UPDATE resource_groups SET name = ?, description = ?, updated_at = ? WHERE id = ? AND archived_at IS NULL`,
		name, description, now, id)
	return err
}

func (s *store) setGroupActive(ctx context.Context, id int64, active bool, now time.Time) error {
	_, err := s.db.Exec(ctx, `UPDATE resource_groups SET active = ?, updated_at = ? WHERE id = ? AND archived_at IS NULL`, active, now, id)
	return err
}

func (s *store) archiveGroup(ctx context.Context, id int64, now time.Time) error {
	_, err := s.db.Exec(ctx, `UPDATE resource_groups SET active = FALSE, archived_at = ?, updated_at = ? WHERE id = ? AND archived_at IS NULL`,
		now, now, id)
	return err
}

var groupSort = map[string]string{"name": "g.name", "active": "g.active", "createdOn": "g.created_at"}

func (s *store) groupWhere(search string, active *bool, resourceID int64) (string, []any) {
	where, args := []string{"g.archived_at IS NULL"}, []any{}
	if active != nil {
		where, args = append(where, "g.active = ?"), append(args, *active)
	}
	if resourceID != 0 {
		where = append(where, "EXISTS (SELECT 1 FROM resource_group_members m WHERE m.group_id = g.id AND m.resource_id = ?)")
		args = append(args, resourceID)
	}
	if q := strings.TrimSpace(search); q != "" {
		where = append(where, "(g.name "+s.db.Dialect.LikeOp()+" ? ESCAPE '\\' OR g.description "+s.db.Dialect.LikeOp()+" ? ESCAPE '\\')")
		args = append(args, database.LikePattern(q), database.LikePattern(q))
	}
	return "WHERE " + strings.Join(where, " AND "), args
}

func (s *store) listGroups(ctx context.Context, f GroupFilterRequest, resourceID int64, p paging.Pagination) ([]groupRow, int, error) {
	clause, args := s.groupWhere(f.Search, f.Active, resourceID)
	var total int
	if err := s.db.Get(ctx, &total, `SELECT COUNT(*) FROM resource_groups g `+clause, args...); err != nil {
		return nil, 0, err
	}
	var rows []groupRow
	err := s.db.Select(ctx, &rows, selectGroup+clause+p.OrderBy(groupSort, "g.name ASC, g.id ASC")+` LIMIT ? OFFSET ?`,
		append(args, p.Size, p.Offset())...)
	return rows, total, err
}

func (s *store) allGroups(ctx context.Context, active *bool) ([]groupRow, error) {
	clause, args := s.groupWhere("", active, 0)
	var rows []groupRow
	err := s.db.Select(ctx, &rows, selectGroup+clause+` ORDER BY g.name, g.id`, args...)
	return rows, err
}

// members lists a group's resources that were not deleted, by name.
func (s *store) members(ctx context.Context, groupID int64) ([]row, error) {
	var rows []row
	err := s.db.Select(ctx, &rows, selectRow+`JOIN resource_group_members m ON m.resource_id = r.id
		WHERE m.group_id = ? AND `+live+` ORDER BY r.name, r.id`, groupID)
	return rows, err
}

// byOspIDs reads live resources by ospId (any kind, active or not).
func (s *store) byOspIDs(ctx context.Context, ospIDs []string) ([]row, error) {
	return database.SelectIn[row](ctx, s.db, ospIDs, func(in string) string {
		return selectRow + `WHERE r.osp_id IN (` + in + `) AND ` + live
	})
}

func (s *store) addMembers(ctx context.Context, groupID int64, ids []int64, now time.Time) error {
	for _, id := range ids {
		if _, err := s.db.Exec(ctx, `INSERT INTO resource_group_members (group_id, resource_id, added_at) VALUES (?, ?, ?)
			ON CONFLICT DO NOTHING`, groupID, id, now); err != nil {
			return err
		}
	}
	return nil
}

func (s *store) removeMembers(ctx context.Context, groupID int64, ids []int64) error {
	for i := 0; i < len(ids); i += database.InBatch {
		part := ids[i:min(i+database.InBatch, len(ids))]
		args := []any{groupID}
		for _, id := range part {
			args = append(args, id)
		}
		if _, err := s.db.Exec(ctx, `DELETE FROM resource_group_members WHERE group_id = ? AND resource_id IN (`+
			database.Placeholders(len(part))+`)`, args...); err != nil {
			return err
		}
	}
	return nil
}
