package usergroup

import (
	"context"
	"strings"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/database"
	"mobility/portal/internal/paging"
)

type store struct {
	db *database.DB
	// live is a condition on a user-id column: the user is not anonymized.
	// user owns that fact and hands it over (Service.UseUsers).
	live func(userCol string) string
}

type row struct {
	ID                 int64  `db:"id"`
	OspID              string `db:"osp_id"`
	CorporateAccountID int64  `db:"corporate_account_id"`
	CompanyOspID       string `db:"-"` // from company's read model (Service.named)
	ExtID              string `db:"ext_id"`
	Description        string `db:"description"`
	Active             bool   `db:"active"`
	IsDefault          bool   `db:"is_default"`
	UserCount          int    `db:"user_count"`
}

func (r *row) toAPI() UserGroup {
	return UserGroup{OspID: r.OspID, Data: Data{Active: r.Active, Description: r.Description, ExtID: r.ExtID,
		Name: DisplayName(r.ExtID), CorporateAccount: Ref{OspID: r.CompanyOspID}, UserCount: r.UserCount, IsDefault: r.IsDefault}}
}

// selectRow counts the members user has not anonymized, through the
// predicate user hands over at wiring (store.live).
func (s *store) selectRow() string {
	return `SELECT g.id, g.osp_id, g.corporate_account_id, g.ext_id, g.description,
	g.active, g.is_default,
	(SELECT COUNT(*) FROM user_group_members m
	  WHERE m.user_group_id = g.id AND ` + s.live("m.user_id") + `) AS user_count
FROM user_groups g `
}

func (s *store) get(ctx context.Context, scope access.Scope, ospID string) (*row, error) {
	cond, args := scope.InCompanies("g.corporate_account_id")
	var r row
	err := s.db.Get(ctx, &r, s.selectRow()+`WHERE g.osp_id = ? AND `+cond, append([]any{ospID}, args...)...)
	return &r, err
}

var sortColumns = map[string]string{"name": "g.ext_id", "extId": "g.ext_id", "description": "g.description", "active": "g.active"}

func (s *store) list(ctx context.Context, companyID int64, f FindAllRequest, p paging.Pagination) ([]row, int, error) {
	where := []string{"g.corporate_account_id = ?"}
	args := []any{companyID}
	if f.Active != nil {
		where = append(where, "g.active = ?")
		args = append(args, *f.Active)
	}
	if q := strings.TrimSpace(f.Search); q != "" {
		like := s.db.Dialect.LikeOp()
		where = append(where, "(g.ext_id "+like+" ? ESCAPE '\\' OR g.description "+like+" ? ESCAPE '\\')")
		pat := database.LikePattern(StoredName(q))
		args = append(args, pat, database.LikePattern(q))
	}
	clause := "WHERE " + strings.Join(where, " AND ")
	var total int
	if err := s.db.Get(ctx, &total, `SELECT COUNT(*) FROM user_groups g `+clause, args...); err != nil {
		return nil, 0, err
	}
	var rows []row
	err := s.db.Select(ctx, &rows, s.selectRow()+clause+p.OrderBy(sortColumns, "g.is_default DESC, g.ext_id ASC")+` LIMIT ? OFFSET ?`,
		append(args, p.Size, p.Offset())...)
	return rows, total, err
}

func (s *store) byUser(ctx context.Context, scope access.Scope, userID int64) ([]row, error) {
	cond, args := scope.InCompanies("g.corporate_account_id")
	var rows []row
	err := s.db.Select(ctx, &rows, s.selectRow()+`JOIN user_group_members m ON m.user_group_id = g.id WHERE m.user_id = ? AND `+cond+
		` ORDER BY g.is_default DESC, g.ext_id`, append([]any{userID}, args...)...)
	return rows, err
}

func (s *store) defaultOf(ctx context.Context, companyID int64) (*row, error) {
	var r row
	err := s.db.Get(ctx, &r, s.selectRow()+`WHERE g.corporate_account_id = ? AND g.is_default`, companyID)
	return &r, err
}

func (s *store) insert(ctx context.Context, ospID string, companyID int64, extID, description string, active, isDefault bool, now time.Time) (int64, error) {
	return s.db.Insert(ctx, `INSERT INTO user_groups (osp_id, corporate_account_id, ext_id, description, active, is_default, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`, ospID, companyID, extID, description, active, isDefault, now)
}

func (s *store) update(ctx context.Context, id int64, extID, description string, active bool) error {
	_, err := s.db.Exec(ctx, `UPDATE user_groups SET ext_id = ?, description = ?, active = ? WHERE id = ?`, extID, description, active, id)
	return err
}

func (s *store) delete(ctx context.Context, id int64) error {
	if _, err := s.db.Exec(ctx, `DELETE FROM user_group_members WHERE user_group_id = ?`, id); err != nil {
		return err
	}
	_, err := s.db.Exec(ctx, `DELETE FROM user_groups WHERE id = ?`, id)
	return err
}

// addMember is idempotent: a user already in the group stays once.
func (s *store) addMember(ctx context.Context, groupID, userID int64) error {
	_, err := s.db.Exec(ctx, `INSERT INTO user_group_members (user_group_id, user_id) VALUES (?, ?) ON CONFLICT DO NOTHING`, groupID, userID)
	return err
}

func (s *store) removeMember(ctx context.Context, groupID, userID int64) error {
	_, err := s.db.Exec(ctx, `DELETE FROM user_group_members WHERE user_group_id = ? AND user_id = ?`, groupID, userID)
	return err
}

func (s *store) leaveAll(ctx context.Context, userID int64) error {
	_, err := s.db.Exec(ctx, `DELETE FROM user_group_members WHERE user_id = ?`, userID)
	return err
}

const resolvedColumns = `SELECT g.id, g.osp_id, g.corporate_account_id, g.ext_id, g.active, g.is_default FROM user_groups g `

func (s *store) resolve(ctx context.Context, scope access.Scope, ospID string) (*Resolved, error) {
	cond, args := scope.InCompanies("g.corporate_account_id")
	var r Resolved
	err := s.db.Get(ctx, &r, resolvedColumns+`WHERE g.osp_id = ? AND `+cond, append([]any{ospID}, args...)...)
	return &r, err
}

func (s *store) refs(ctx context.Context, scope access.Scope, ids []int64) ([]Resolved, error) {
	cond, args := scope.InCompanies("g.corporate_account_id")
	return database.SelectIn[Resolved](ctx, s.db, ids, func(in string) string {
		return resolvedColumns + `WHERE g.id IN (` + in + `) AND ` + cond
	}, args...)
}

func (s *store) resolveMany(ctx context.Context, scope access.Scope, ospIDs []string) ([]Resolved, error) {
	cond, args := scope.InCompanies("g.corporate_account_id")
	return database.SelectIn[Resolved](ctx, s.db, ospIDs, func(in string) string {
		return resolvedColumns + `WHERE g.osp_id IN (` + in + `) AND ` + cond
	}, args...)
}
