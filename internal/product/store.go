package product

import (
	"context"
	"strings"
	"time"

	"mobility/portal/internal/database"
	"mobility/portal/internal/paging"
)

// store holds the SQL of the tables product owns: products,
// product_label_translations and product_composition. Products are
// platform-wide, so no query carries a tenant: who sees what (active
// products for every admin, inactive ones for platform staff) is a filter
// the service passes.
type store struct {
	db *database.DB
}

type row struct {
	ID               int64     `db:"id"`
	OspID            string    `db:"osp_id"`
	ExtID            string    `db:"ext_id"`
	Active           bool      `db:"active"`
	MobilityMode     string    `db:"mobility_mode"`
	LabelOspID       string    `db:"label_osp_id"`
	DefaultValue     string    `db:"default_value"`
	DefaultValueHTML string    `db:"default_value_html"`
	UpdatedAt        time.Time `db:"updated_at"`
}

type translationRow struct {
	ProductID    int64  `db:"product_id"`
	LanguageCode string `db:"language_code"`
	Text         string `db:"text"`
	HTML         string `db:"html"`
}

type elementRow struct {
	ProductID int64  `db:"product_id"`
	Kind      string `db:"element_kind"`
	OspID     string `db:"element_osp_id"`
	ElementID int64  `db:"element_id"`
	Position  int    `db:"position"`
	Mandatory bool   `db:"mandatory"`
}

const selectProduct = `SELECT p.id, p.osp_id, p.ext_id, p.active, p.mobility_mode, p.label_osp_id, p.default_value,
	p.default_value_html, p.updated_at FROM products p `

func (s *store) byOspID(ctx context.Context, ospID string) (*row, error) {
	var r row
	err := s.db.Get(ctx, &r, selectProduct+`WHERE p.osp_id = ?`, ospID)
	return &r, err
}

// lock takes the product's row lock in the transaction of ctx and reads
// it again (PostgreSQL; SQLite's writers are serialised already).
func (s *store) lock(ctx context.Context, id int64) (*row, error) {
	var r row
	err := s.db.Get(ctx, &r, selectProduct+`WHERE p.id = ?`+s.db.Dialect.ForUpdate(), id)
	return &r, err
}

func (s *store) byIDs(ctx context.Context, ids []int64) ([]row, error) {
	return database.SelectIn[row](ctx, s.db, ids, func(in string) string {
		return selectProduct + `WHERE p.id IN (` + in + `)`
	})
}

func (s *store) byOspIDs(ctx context.Context, ospIDs []string) ([]row, error) {
	var out []row
	for i := 0; i < len(ospIDs); i += database.InBatch {
		part := ospIDs[i:min(i+database.InBatch, len(ospIDs))]
		args := make([]any, len(part))
		for j, o := range part {
			args[j] = o
		}
		var rows []row
		if err := s.db.Select(ctx, &rows, selectProduct+`WHERE p.osp_id IN (`+database.Placeholders(len(part))+`)`, args...); err != nil {
			return nil, err
		}
		out = append(out, rows...)
	}
	return out, nil
}

// filter is a list query: an optional active state, mode, search text
// (matched on the lowercased search_text) and a set of ids.
type filter struct {
	Active       *bool
	MobilityMode string
	Search       string
}

func (f filter) where() (string, []any) {
	where := []string{"1=1"}
	var args []any
	if f.Active != nil {
		where = append(where, "p.active = ?")
		args = append(args, *f.Active)
	}
	if f.MobilityMode != "" {
		where = append(where, "p.mobility_mode = ?")
		args = append(args, f.MobilityMode)
	}
	if q := strings.TrimSpace(f.Search); q != "" {
		where = append(where, `p.search_text LIKE ? ESCAPE '\'`)
		args = append(args, database.LikePattern(strings.ToLower(q)))
	}
	return "WHERE " + strings.Join(where, " AND "), args
}

const byLabel = "p.default_value, p.ext_id"

var sortColumns = map[string]string{"label": "p.default_value", "defaultValue": "p.default_value", "extId": "p.ext_id",
	"mobilityMode": "p.mobility_mode", "active": "p.active"}

func (s *store) all(ctx context.Context, f filter) ([]row, error) {
	where, args := f.where()
	var rows []row
	err := s.db.Select(ctx, &rows, selectProduct+where+` ORDER BY `+byLabel, args...)
	return rows, err
}

func (s *store) page(ctx context.Context, f filter, pg paging.Pagination) ([]row, int, error) {
	where, args := f.where()
	var total int
	if err := s.db.Get(ctx, &total, `SELECT COUNT(*) FROM products p `+where, args...); err != nil {
		return nil, 0, err
	}
	var rows []row
	err := s.db.Select(ctx, &rows, selectProduct+where+pg.OrderBy(sortColumns, byLabel)+` LIMIT ? OFFSET ?`,
		append(args, pg.Size, pg.Offset())...)
	return rows, total, err
}

// withElements lists the products (by label) whose composition holds one
// of ospIDs, in the state asked (nil: any).
func (s *store) withElements(ctx context.Context, ospIDs []string, active *bool) ([]row, error) {
	var rows []row
	seen := map[int64]bool{}
	for i := 0; i < len(ospIDs); i += database.InBatch {
		part := ospIDs[i:min(i+database.InBatch, len(ospIDs))]
		args := make([]any, 0, len(part)+1)
		for _, o := range part {
			args = append(args, o)
		}
		cond := ""
		if active != nil {
			cond = " AND p.active = ?"
			args = append(args, *active)
		}
		var batch []row
		if err := s.db.Select(ctx, &batch, selectProduct+`WHERE p.id IN (SELECT c.product_id FROM product_composition c
			WHERE c.element_osp_id IN (`+database.Placeholders(len(part))+`))`+cond+` ORDER BY `+byLabel, args...); err != nil {
			return nil, err
		}
		for _, r := range batch {
			if !seen[r.ID] {
				seen[r.ID] = true
				rows = append(rows, r)
			}
		}
	}
	return rows, nil
}

func (s *store) translations(ctx context.Context, productIDs []int64) ([]translationRow, error) {
	return database.SelectIn[translationRow](ctx, s.db, productIDs, func(in string) string {
		return `SELECT product_id, language_code, text, html FROM product_label_translations
			WHERE product_id IN (` + in + `) ORDER BY product_id, language_code`
	})
}

func (s *store) elements(ctx context.Context, productIDs []int64) ([]elementRow, error) {
	return database.SelectIn[elementRow](ctx, s.db, productIDs, func(in string) string {
		return `SELECT product_id, element_kind, element_osp_id, element_id, position, mandatory FROM product_composition
			WHERE product_id IN (` + in + `) ORDER BY product_id, position, id`
	})
}

// groupElements lists every resource group some composition holds, by
// id and ospId.
func (s *store) groupElements(ctx context.Context) ([]elementRow, error) {
	var out []elementRow
	err := s.db.Select(ctx, &out, `SELECT DISTINCT element_id, element_osp_id FROM product_composition WHERE element_kind = ?`, KindResourceGroup)
	return out, err
}

func (s *store) insert(ctx context.Context, r *row, searchText string, now time.Time) (int64, error) {
	return s.db.Insert(ctx, `INSERT INTO products (osp_id, ext_id, active, mobility_mode, label_osp_id, default_value,
		default_value_html, search_text, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		r.OspID, r.ExtID, r.Active, r.MobilityMode, r.LabelOspID, r.DefaultValue, r.DefaultValueHTML, searchText, now, now)
}

func (s *store) update(ctx context.Context, r *row, searchText string, now time.Time) error {
	_, err := s.db.Exec(ctx, `UPDATE products SET ext_id = ?, mobility_mode = ?, default_value = ?, default_value_html = ?,
		search_text = ?, updated_at = ? WHERE id = ?`, r.ExtID, r.MobilityMode, r.DefaultValue, r.DefaultValueHTML, searchText, now, r.ID)
	return err
}

func (s *store) setActive(ctx context.Context, id int64, active bool, now time.Time) error {
	_, err := s.db.Exec(ctx, `UPDATE products SET active = ?, updated_at = ? WHERE id = ?`, active, now, id)
	return err
}

// replaceTranslations writes a label's whole set of translations.
func (s *store) replaceTranslations(ctx context.Context, productID int64, trs []translationRow) error {
	if _, err := s.db.Exec(ctx, `DELETE FROM product_label_translations WHERE product_id = ?`, productID); err != nil {
		return err
	}
	for _, t := range trs {
		if _, err := s.db.Exec(ctx, `INSERT INTO product_label_translations (product_id, language_code, text, html) VALUES (?, ?, ?, ?)`,
			productID, t.LanguageCode, t.Text, t.HTML); err != nil {
			return err
		}
	}
	return nil
}

func (s *store) insertElement(ctx context.Context, e elementRow, now time.Time) error {
	_, err := s.db.Exec(ctx, `INSERT INTO product_composition (product_id, element_kind, element_osp_id, element_id, position, mandatory, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, e.ProductID, e.Kind, e.OspID, e.ElementID, e.Position, e.Mandatory, now)
	return err
}

func (s *store) updateElement(ctx context.Context, e elementRow) error {
	_, err := s.db.Exec(ctx, `UPDATE product_composition SET position = ?, mandatory = ? WHERE product_id = ? AND element_osp_id = ?`,
		e.Position, e.Mandatory, e.ProductID, e.OspID)
	return err
}

func (s *store) deleteElement(ctx context.Context, productID int64, ospID string) error {
	_, err := s.db.Exec(ctx, `DELETE FROM product_composition WHERE product_id = ? AND element_osp_id = ?`, productID, ospID)
	return err
}
