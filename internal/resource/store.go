package resource

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"mobility/portal/internal/database"
	"mobility/portal/internal/paging"
)

// store holds the SQL of the tables resource owns (ARCHITECTURE.md). The
// catalogue belongs to no tenant: every admin reads it, platform staff
// write it (the routes' policies), so its queries carry no tenant scope;
// gas-station owners, which name companies, do (store_fuel.go).
type store struct {
	db *database.DB
}

// row is a stored resource.
type row struct {
	ID            int64     `db:"id"`
	OspID         string    `db:"osp_id"`
	Kind          string    `db:"kind"`
	ExtID         string    `db:"ext_id"`
	Name          string    `db:"name"`
	Description   string    `db:"description"`
	Active        bool      `db:"active"`
	MrpPartnerID  int64     `db:"mrp_partner_id"`
	MobilityMode  string    `db:"mobility_mode"`
	Street        string    `db:"street"`
	StreetNumber  string    `db:"street_number"`
	ZipCode       string    `db:"zip_code"`
	City          string    `db:"city"`
	Latitude      *float64  `db:"latitude"`
	Longitude     *float64  `db:"longitude"`
	Capacity      *int      `db:"capacity"`
	CarCategory   *string   `db:"car_category"`
	NumberOfPumps *int      `db:"number_of_pumps"`
	HasIcon       bool      `db:"has_icon"`
	CreatedAt     time.Time `db:"created_at"`
	UpdatedAt     time.Time `db:"updated_at"`
}

const selectRow = `SELECT r.id, r.osp_id, r.kind, r.ext_id, r.name, r.description, r.active, r.mrp_partner_id, r.mobility_mode,
	r.street, r.street_number, r.zip_code, r.city, r.latitude, r.longitude, r.capacity, r.car_category, r.number_of_pumps,
	EXISTS (SELECT 1 FROM resource_icons i WHERE i.resource_id = r.id) AS has_icon, r.created_at, r.updated_at
FROM resources r `

// live is the condition of resources that were not deleted (archived).
const live = "r.archived_at IS NULL"

// get reads a live resource of kind (any kind with AnyKind) by ospId.
func (s *store) get(ctx context.Context, kind, ospID string) (*row, error) {
	q, args := selectRow+`WHERE r.osp_id = ? AND `+live, []any{ospID}
	if kind != AnyKind {
		q, args = q+` AND r.kind = ?`, append(args, kind)
	}
	var r row
	err := s.db.Get(ctx, &r, q, args...)
	return &r, err
}

// lock takes a resource's row lock in the transaction of ctx (gas-station
// owners are replaced under it).
func (s *store) lock(ctx context.Context, id int64) error {
	return s.db.LockRow(ctx, "resources", "id", id)
}

func (s *store) insert(ctx context.Context, r *row) (int64, error) {
	return s.db.Insert(ctx, `INSERT INTO resources (osp_id, kind, ext_id, name, description, active, mrp_partner_id, mobility_mode,
		street, street_number, zip_code, city, latitude, longitude, capacity, car_category, number_of_pumps, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		r.OspID, r.Kind, r.ExtID, r.Name, r.Description, r.Active, r.MrpPartnerID, r.MobilityMode,
		r.Street, r.StreetNumber, r.ZipCode, r.City, r.Latitude, r.Longitude, r.Capacity, r.CarCategory, r.NumberOfPumps,
		r.CreatedAt, r.UpdatedAt)
}

func (s *store) update(ctx context.Context, r *row) error {
	_, err := s.db.Exec(ctx, `UPDATE resources SET ext_id = ?, name = ?, description = ?, mrp_partner_id = ?, mobility_mode = ?,
		street = ?, street_number = ?, zip_code = ?, city = ?, latitude = ?, longitude = ?, capacity = ?, car_category = ?,
		number_of_pumps = ?, updated_at = ? WHERE id = ? AND archived_at IS NULL`,
		r.ExtID, r.Name, r.Description, r.MrpPartnerID, r.MobilityMode, r.Street, r.StreetNumber, r.ZipCode, r.City,
		r.Latitude, r.Longitude, r.Capacity, r.CarCategory, r.NumberOfPumps, r.UpdatedAt, r.ID)
	return err
}

func (s *store) setActive(ctx context.Context, id int64, active bool, now time.Time) error {
	_, err := s.db.Exec(ctx, `UPDATE resources SET active = ?, updated_at = ? WHERE id = ? AND archived_at IS NULL`, active, now, id)
	return err
}

// archive deletes a resource the way the catalogue deletes: inactive and
// archived, its row and links kept for history.
func (s *store) archive(ctx context.Context, id int64, now time.Time) error {
	_, err := s.db.Exec(ctx, `UPDATE resources SET active = FALSE, archived_at = ?, updated_at = ? WHERE id = ? AND archived_at IS NULL`,
		now, now, id)
	return err
}

// filter is a list's conditions; a zero value lists every live resource.
type filter struct {
	kinds  []string
	search string
	active *bool
	// partnerID and labelID restrict when not 0; -1 matches nothing (an
	// unknown ospId was asked for).
	partnerID int64
	labelID   int64
	mode      string
}

// where is the WHERE clause of a list. walk makes the search condition
// one no index serves (SQLite's unary +), so the planner walks the order's
// index and probes the matches instead of sorting all of them: cheaper
// when a search matches many resources.
func (s *store) where(f filter, walk bool) (string, []any) {
	where, args := []string{live}, []any{}
	switch len(f.kinds) {
	case 0:
	case 1:
		where, args = append(where, "r.kind = ?"), append(args, f.kinds[0])
	default:
		where = append(where, "r.kind IN ("+database.Placeholders(len(f.kinds))+")")
		for _, k := range f.kinds {
			args = append(args, k)
		}
	}
	if f.active != nil {
		where, args = append(where, "r.active = ?"), append(args, *f.active)
	}
	if f.partnerID != 0 {
		where, args = append(where, "r.mrp_partner_id = ?"), append(args, f.partnerID)
	}
	if f.mode != "" {
		where, args = append(where, "r.mobility_mode = ?"), append(args, f.mode)
	}
	if f.labelID != 0 {
		// the label's links drive the query (not a scan with EXISTS)
		where = append(where, s.db.Dialect.InList("r.id", "SELECT l.resource_id FROM resource_label_links l WHERE l.label_id = ?"))
		args = append(args, f.labelID)
	}
	if q := strings.TrimSpace(f.search); q != "" {
		cond, a := s.db.Dialect.TextSearch("resources", "r", q)
		if walk && strings.HasPrefix(cond, "r.id IN ") {
			cond = "+" + cond
		}
		where, args = append(where, cond), append(args, a...)
	}
	return "WHERE " + strings.Join(where, " AND "), args
}

// searchOnly tells whether a list filters by a search alone, which SQLite
// counts in its trigram index (it holds live resources only).
func (s *store) searchOnly(f filter) bool {
	return s.db.Dialect == database.SQLite && len(f.kinds) == 0 && f.active == nil && f.partnerID == 0 && f.mode == "" &&
		f.labelID == 0 && utf8.RuneCountInString(strings.TrimSpace(f.search)) >= 3
}

// walkFrom is how many matches make walking the order's index cheaper
// than sorting the matches (measured over 50,000 resources).
var walkFrom = 1000

// sortIndexes are the orders a list can have, each the columns of the
// index that serves it (ties broken by id in the same direction).
var sortIndexes = map[string][]string{
	"name":         {"r.name", "r.id"},
	"extId":        {"r.ext_id", "r.id"},
	"kind":         {"r.kind", "r.name", "r.id"},
	"mobilityMode": {"r.mobility_mode", "r.name", "r.id"},
}

// orderBy sorts by the first known sort order (name by default), so every
// order a list can have is one an index serves.
func orderBy(p paging.Pagination) string {
	for _, so := range p.SortOrders {
		cols, ok := sortIndexes[so.Property]
		if !ok {
			continue
		}
		dir := " ASC"
		if strings.EqualFold(so.Direction, "DESC") {
			dir = " DESC"
		}
		return " ORDER BY " + strings.Join(cols, dir+", ") + dir
	}
	return " ORDER BY r.name ASC, r.id ASC"
}

// list is one page of resources and the count of all that match.
func (s *store) list(ctx context.Context, f filter, p paging.Pagination) ([]row, int, error) {
	clause, args := s.where(f, false)
	count := `SELECT COUNT(*) FROM resources r ` + clause
	if s.searchOnly(f) {
		_, phrase := s.db.Dialect.TextSearch("resources", "r", f.search)
		count, args = `SELECT COUNT(*) FROM resources_fts WHERE resources_fts MATCH ?`, phrase
	}
	var total int
	if err := s.db.Get(ctx, &total, count, args...); err != nil {
		return nil, 0, err
	}
	var rows []row
	if total == 0 {
		return rows, 0, nil
	}
	clause, args = s.where(f, total >= walkFrom)
	err := s.db.Select(ctx, &rows, selectRow+clause+orderBy(p)+` LIMIT ? OFFSET ?`, append(args, p.Size, p.Offset())...)
	return rows, total, err
}

// all lists every resource that matches, by name (the find/all calls:
// there are a few hundred service resources or rental cars at most).
func (s *store) all(ctx context.Context, f filter) ([]row, error) {
	clause, args := s.where(f, false)
	var rows []row
	err := s.db.Select(ctx, &rows, selectRow+clause+` ORDER BY r.name, r.id`, args...)
	return rows, err
}

// ---- fees ----

type feeRow struct {
	ResourceID     int64   `db:"resource_id"`
	Position       int     `db:"position"`
	FeeType        string  `db:"fee_type"`
	Amount         int64   `db:"amount"`
	Unit           *string `db:"unit"`
	VatBasisPoints int64   `db:"vat_basis_points"`
	Cron           string  `db:"cron"`
	ProRata        bool    `db:"pro_rata"`
	OnUserBudget   bool    `db:"on_user_budget"`
	Description    string  `db:"description"`
}

func (s *store) fees(ctx context.Context, ids []int64) ([]feeRow, error) {
	return database.SelectIn[feeRow](ctx, s.db, ids, func(in string) string {
		return `SELECT resource_id, position, fee_type, amount, unit, vat_basis_points, cron, pro_rata, on_user_budget, description
			FROM resource_fees WHERE resource_id IN (` + in + `) ORDER BY resource_id, position`
	})
}

func (s *store) replaceFees(ctx context.Context, id int64, fees []feeRow) error {
	if _, err := s.db.Exec(ctx, `DELETE FROM resource_fees WHERE resource_id = ?`, id); err != nil {
		return err
	}
	for _, f := range fees {
		if _, err := s.db.Exec(ctx, `INSERT INTO resource_fees (resource_id, position, fee_type, amount, unit, vat_basis_points, cron,
			pro_rata, on_user_budget, description) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			id, f.Position, f.FeeType, f.Amount, f.Unit, f.VatBasisPoints, f.Cron, f.ProRata, f.OnUserBudget, f.Description); err != nil {
			return err
		}
	}
	return nil
}

// ---- labels of resources ----

// labelOfRow is a live, active label a resource carries, once per
// translation (language and text empty when it has none).
type labelOfRow struct {
	ResourceID   int64  `db:"resource_id"`
	OspID        string `db:"osp_id"`
	DefaultValue string `db:"default_value"`
	Language     string `db:"language_code"`
	Text         string `db:"text"`
}

func (s *store) labelsOf(ctx context.Context, ids []int64) ([]labelOfRow, error) {
	return database.SelectIn[labelOfRow](ctx, s.db, ids, func(in string) string {
		return `SELECT k.resource_id, l.osp_id, l.default_value, COALESCE(t.language_code, '') AS language_code, COALESCE(t.text, '') AS text
			FROM resource_label_links k JOIN resource_labels l ON l.id = k.label_id
			LEFT JOIN resource_label_translations t ON t.label_id = l.id
			WHERE k.resource_id IN (` + in + `) AND l.active AND l.archived_at IS NULL
			ORDER BY k.resource_id, l.default_value, l.id`
	})
}

// replaceLabels makes labelIDs the labels of a resource. Links to archived
// labels stay (history); only live labels are replaced.
func (s *store) replaceLabels(ctx context.Context, id int64, labelIDs []int64) error {
	if _, err := s.db.Exec(ctx, `DELETE FROM resource_label_links WHERE resource_id = ?
		AND label_id IN (SELECT id FROM resource_labels WHERE archived_at IS NULL)`, id); err != nil {
		return err
	}
	for _, l := range labelIDs {
		if _, err := s.db.Exec(ctx, `INSERT INTO resource_label_links (resource_id, label_id) VALUES (?, ?) ON CONFLICT DO NOTHING`,
			id, l); err != nil {
			return err
		}
	}
	return nil
}

// ---- icons ----

type iconRow struct {
	ResourceID  int64     `db:"resource_id"`
	ContentType string    `db:"content_type"`
	Width       int       `db:"width"`
	Height      int       `db:"height"`
	SizeBytes   int       `db:"size_bytes"`
	Sha256      string    `db:"sha256"`
	FileName    string    `db:"file_name"`
	UpdatedAt   time.Time `db:"updated_at"`
}

func (s *store) icons(ctx context.Context, ids []int64) ([]iconRow, error) {
	return database.SelectIn[iconRow](ctx, s.db, ids, func(in string) string {
		return `SELECT resource_id, content_type, width, height, size_bytes, sha256, file_name, updated_at
			FROM resource_icons WHERE resource_id IN (` + in + `)`
	})
}

type iconContent struct {
	ContentType string `db:"content_type"`
	Sha256      string `db:"sha256"`
	Content     []byte `db:"content"`
}

// iconOf reads the icon of a live service resource by its ospId.
func (s *store) iconOf(ctx context.Context, ospID string) (*iconContent, error) {
	var c iconContent
	err := s.db.Get(ctx, &c, `SELECT i.content_type, i.sha256, i.content FROM resource_icons i JOIN resources r ON r.id = i.resource_id
		WHERE r.osp_id = ? AND r.kind = ? AND `+live, ospID, KindService)
	return &c, err
}

func (s *store) saveIcon(ctx context.Context, ic iconRow, content []byte) error {
	_, err := s.db.Exec(ctx, `INSERT INTO resource_icons (resource_id, content_type, width, height, size_bytes, sha256, file_name, content, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (resource_id) DO UPDATE SET content_type = excluded.content_type, width = excluded.width, height = excluded.height,
		size_bytes = excluded.size_bytes, sha256 = excluded.sha256, file_name = excluded.file_name, content = excluded.content,
		updated_at = excluded.updated_at`,
		ic.ResourceID, ic.ContentType, ic.Width, ic.Height, ic.SizeBytes, ic.Sha256, ic.FileName, content, ic.UpdatedAt)
	return err
}

func (s *store) deleteIcon(ctx context.Context, id int64) (int64, error) {
	return s.db.Exec(ctx, `DELETE FROM resource_icons WHERE resource_id = ?`, id)
}
