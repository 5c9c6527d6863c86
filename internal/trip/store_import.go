package trip

import (
	"context"
	"time"

	"mobility/portal/internal/access"
)

// importRow is a trip_import_uploads row.
type importRow struct {
	ID          int64      `db:"id"`
	OspID       string     `db:"osp_id"`
	CompanyID   int64      `db:"corporate_account_id"`
	Filename    string     `db:"filename"`
	Content     []byte     `db:"content"`
	RowCount    int        `db:"row_count"`
	Status      string     `db:"status"`
	Report      string     `db:"report"`
	CreatedBy   int64      `db:"created_by"`
	CreatedAt   time.Time  `db:"created_at"`
	ProcessedAt *time.Time `db:"processed_at"`
}

func (s *regStore) insertImport(ctx context.Context, r *importRow) error {
	id, err := s.db.Insert(ctx, `INSERT INTO trip_import_uploads (osp_id, corporate_account_id, filename, content, row_count, status,
		created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, r.OspID, r.CompanyID, r.Filename, r.Content, r.RowCount,
		r.Status, r.CreatedBy, r.CreatedAt)
	r.ID = id
	return err
}

// importByOspID finds an upload within scope; lock takes its row lock
// (PostgreSQL), so two process calls run one after the other.
func (s *regStore) importByOspID(ctx context.Context, scope access.Scope, ospID string, lock bool) (*importRow, error) {
	cond, args := scope.InCompanies("u.corporate_account_id")
	forUpdate := ""
	if lock {
		forUpdate = s.db.Dialect.ForUpdate()
	}
	var r importRow
	err := s.db.Get(ctx, &r, `SELECT u.id, u.osp_id, u.corporate_account_id, u.filename, u.content, u.row_count, u.status, u.report,
		u.created_by, u.created_at, u.processed_at FROM trip_import_uploads u WHERE u.osp_id = ? AND `+cond+forUpdate,
		append([]any{ospID}, args...)...)
	return &r, err
}

func (s *regStore) markImported(ctx context.Context, ospID, report string, now time.Time) error {
	_, err := s.db.Exec(ctx, `UPDATE trip_import_uploads SET status = 'PROCESSED', report = ?, processed_at = ? WHERE osp_id = ?`,
		report, now, ospID)
	return err
}

// taken tells whether the user already has a commute in that direction
// (or a home-work day) on the registration's day.
func (s *regStore) taken(ctx context.Context, r *regRow) (bool, error) {
	var n int
	err := s.db.Get(ctx, &n, `SELECT COUNT(*) FROM trip_registrations WHERE user_id = ? AND trip_date = ? AND kind = ? AND direction = ?`,
		r.UserID, r.Date, r.Kind, r.Direction)
	return n > 0, err
}
