package resource

import (
	"context"
	"strings"
	"time"

	"mobility/portal/internal/database"
	"mobility/portal/internal/paging"
)

// labelRow is a stored resource label.
type labelRow struct {
	ID            int64     `db:"id"`
	OspID         string    `db:"osp_id"`
	DefaultValue  string    `db:"default_value"`
	Active        bool      `db:"active"`
	ResourceCount int       `db:"resource_count"`
	CreatedAt     time.Time `db:"created_at"`
}

const selectLabel = `SELECT l.id, l.osp_id, l.default_value, l.active, l.created_at,
	(SELECT COUNT(*) FROM resource_label_links k JOIN resources r ON r.id = k.resource_id
	  WHERE k.label_id = l.id AND r.archived_at IS NULL) AS resource_count
FROM resource_labels l `

func (s *store) getLabel(ctx context.Context, ospID string) (*labelRow, error) {
	var l labelRow
	err := s.db.Get(ctx, &l, selectLabel+`WHERE l.osp_id = ? AND l.archived_at IS NULL`, ospID)
	return &l, err
}

type translationRow struct {
	LabelID      int64  `db:"label_id"`
	LanguageCode string `db:"language_code"`
	Text         string `db:"text"`
}

func (s *store) translations(ctx context.Context, ids []int64) ([]translationRow, error) {
	return database.SelectIn[translationRow](ctx, s.db, ids, func(in string) string {
		return `SELECT label_id, language_code, text FROM resource_label_translations WHERE label_id IN (` + in + `)
			ORDER BY label_id, language_code`
	})
}

func (s *store) insertLabel(ctx context.Context, ospID, defaultValue string, now time.Time) (int64, error) {
	return s.db.Insert(ctx, `INSERT INTO resource_labels (osp_id, default_value, active, created_at, updated_at)
		VALUES (?, ?, TRUE, ?, ?) RETURNING id`, ospID, defaultValue, now, now)
}

func (s *store) updateLabel(ctx context.Context, id int64, defaultValue string, now time.Time) error {
	_, err := s.db.Exec(ctx, `UPDATE resource_labels SET default_value = ?, updated_at = ? WHERE id = ?`, defaultValue, now, id)
	return err
}

func (s *store) replaceTranslations(ctx context.Context, id int64, ts []LabelTranslation) error {
	if _, err := s.db.Exec(ctx, `DELETE FROM resource_label_translations WHERE label_id = ?`, id); err != nil {
		return err
	}
	for _, t := range ts {
		if _, err := s.db.Exec(ctx, `INSERT INTO resource_label_translations (label_id, language_code, text) VALUES (?, ?, ?)`,
			id, t.LanguageCode, t.Text); err != nil {
			return err
		}
	}
	return nil
}

func (s *store) setLabelActive(ctx context.Context, id int64, active bool, now time.Time) error {
	_, err := s.db.Exec(ctx, `UPDATE resource_labels SET active = ?, updated_at = ? WHERE id = ? AND archived_at IS NULL`, active, now, id)
	return err
}

func (s *store) archiveLabel(ctx context.Context, id int64, now time.Time) error {
	_, err := s.db.Exec(ctx, `UPDATE resource_labels SET active = FALSE, archived_at = ?, updated_at = ? WHERE id = ? AND archived_at IS NULL`,
		now, now, id)
	return err
}

var labelSort = map[string]string{"defaultValue": "l.default_value", "active": "l.active", "createdOn": "l.created_at"}

func (s *store) listLabels(ctx context.Context, f LabelFilterRequest, p paging.Pagination) ([]labelRow, int, error) {
	where, args := []string{"l.archived_at IS NULL"}, []any{}
	if f.Active != nil {
		where, args = append(where, "l.active = ?"), append(args, *f.Active)
	}
	if q := strings.TrimSpace(f.Search); q != "" {
		like, pat := s.db.Dialect.LikeOp(), database.LikePattern(q)
		where = append(where, "(l.default_value "+like+" ? ESCAPE '\\' OR EXISTS (SELECT 1 FROM resource_label_translations t"+
			" WHERE t.label_id = l.id AND t.text "+like+" ? ESCAPE '\\'))")
		args = append(args, pat, pat)
	}
	clause := "WHERE " + strings.Join(where, " AND ")
	var total int
	if err := s.db.Get(ctx, &total, `SELECT COUNT(*) FROM resource_labels l `+clause, args...); err != nil {
		return nil, 0, err
	}
	var rows []labelRow
	err := s.db.Select(ctx, &rows, selectLabel+clause+p.OrderBy(labelSort, "l.default_value ASC, l.id ASC")+` LIMIT ? OFFSET ?`,
		append(args, p.Size, p.Offset())...)
	return rows, total, err
}

// labelIDs resolves the ospIds of live labels to their ids and active flags.
func (s *store) labelIDs(ctx context.Context, ospIDs []string) ([]labelRow, error) {
	return database.SelectIn[labelRow](ctx, s.db, ospIDs, func(in string) string {
		return `SELECT l.id, l.osp_id, l.default_value, l.active, l.created_at, 0 AS resource_count
			FROM resource_labels l WHERE l.osp_id IN (` + in + `) AND l.archived_at IS NULL`
	})
}
