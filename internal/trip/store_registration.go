package trip

import (
	"context"
	"strings"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/database"
	"mobility/portal/internal/paging"
)

// regStore holds the SQL of registrations (trip_registrations) and of
// the monthly payment runs (trip_payment_runs).
type regStore struct{ db *database.DB }

// regRow is a trip_registrations row.
type regRow struct {
	ID               int64     `db:"id"`
	OspID            string    `db:"osp_id"`
	UserID           int64     `db:"user_id"`
	CompanyID        int64     `db:"corporate_account_id"`
	Date             string    `db:"trip_date"`
	Kind             string    `db:"kind"`
	Mode             string    `db:"mode"`
	Direction        string    `db:"direction"`
	DistanceM        int64     `db:"distance_m"`
	CompensationType string    `db:"compensation_type"`
	RateMicro        *int64    `db:"rate_micro"`
	TaxFreeRateMicro *int64    `db:"tax_free_rate_micro"`
	Compensation     int64     `db:"compensation"`
	Taxable          int64     `db:"taxable"`
	Status           string    `db:"status"`
	PaidMonth        *string   `db:"paid_month"`
	BudgetTxOspID    *string   `db:"budget_tx_osp_id"`
	Description      string    `db:"description"`
	CreatedBy        *int64    `db:"created_by"`
	CreatedAt        time.Time `db:"created_at"`
	UpdatedAt        time.Time `db:"updated_at"`
}

const regCols = `r.id, r.osp_id, r.user_id, r.corporate_account_id, r.trip_date, r.kind, r.mode, r.direction, r.distance_m,
	r.compensation_type, r.rate_micro, r.tax_free_rate_micro, r.compensation, r.taxable, r.status, r.paid_month,
	r.budget_tx_osp_id, r.description, r.created_by, r.created_at, r.updated_at`

func (s *regStore) insert(ctx context.Context, r *regRow) error {
	id, err := s.db.Insert(ctx, `INSERT INTO trip_registrations (osp_id, user_id, corporate_account_id, trip_date, kind, mode,
		direction, distance_m, compensation_type, rate_micro, tax_free_rate_micro, compensation, taxable, status, description,
		created_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		r.OspID, r.UserID, r.CompanyID, r.Date, r.Kind, r.Mode, r.Direction, r.DistanceM, r.CompensationType, r.RateMicro,
		r.TaxFreeRateMicro, r.Compensation, r.Taxable, r.Status, r.Description, r.CreatedBy, r.CreatedAt, r.UpdatedAt)
	r.ID = id
	return err
}

// update writes what a correction changes (never status PAID's fields).
func (s *regStore) update(ctx context.Context, r *regRow) error {
	_, err := s.db.Exec(ctx, `UPDATE trip_registrations SET trip_date = ?, kind = ?, mode = ?, direction = ?, distance_m = ?,
		compensation_type = ?, rate_micro = ?, tax_free_rate_micro = ?, compensation = ?, taxable = ?, status = ?, description = ?,
		updated_at = ? WHERE id = ?`, r.Date, r.Kind, r.Mode, r.Direction, r.DistanceM, r.CompensationType, r.RateMicro,
		r.TaxFreeRateMicro, r.Compensation, r.Taxable, r.Status, r.Description, r.UpdatedAt, r.ID)
	return err
}

func (s *regStore) setStatus(ctx context.Context, id int64, status string, now time.Time) error {
	_, err := s.db.Exec(ctx, `UPDATE trip_registrations SET status = ?, updated_at = ? WHERE id = ?`, status, now, id)
	return err
}

// byOspID finds a registration within scope; forUpdate locks it in the
// same query's row (PostgreSQL).
func (s *regStore) byOspID(ctx context.Context, scope access.Scope, ospID string, forUpdate bool) (*regRow, error) {
	cond, args := scope.InCompanies("r.corporate_account_id")
	lock := ""
	if forUpdate {
		lock = s.db.Dialect.ForUpdate()
	}
	var r regRow
	err := s.db.Get(ctx, &r, `SELECT `+regCols+` FROM trip_registrations r WHERE r.osp_id = ? AND `+cond+lock,
		append([]any{ospID}, args...)...)
	return &r, err
}

// liveCommuteOn tells whether the user has another commute that day that
// is not rejected (a per-day amount is paid on the day's first only).
func (s *regStore) liveCommuteOn(ctx context.Context, userID int64, day string, except int64) (bool, error) {
	var n int
	err := s.db.Get(ctx, &n, `SELECT COUNT(*) FROM trip_registrations WHERE user_id = ? AND trip_date = ? AND kind = 'COMMUTE'
		AND status <> 'REJECTED' AND id <> ?`, userID, day, except)
	return n > 0, err
}

// monthPaid tells whether the user's month (yyyyMM) has been paid.
func (s *regStore) monthPaid(ctx context.Context, userID int64, month string) (bool, error) {
	var n int
	err := s.db.Get(ctx, &n, `SELECT COUNT(*) FROM trip_payment_runs WHERE user_id = ? AND month = ?`, userID, month)
	return n > 0, err
}

// regFilter narrows a page of registrations; scope always applies.
type regFilter struct {
	scope        access.Scope
	companyID    int64
	userID       int64
	from, to     string // trip dates, inclusive
	kind, status string
}

func (f regFilter) where() (string, []any) {
	cond, args := f.scope.InCompanies("r.corporate_account_id")
	parts := []string{cond}
	add := func(c string, v any) { parts = append(parts, c); args = append(args, v) }
	if f.companyID != 0 {
		add("r.corporate_account_id = ?", f.companyID)
	}
	if f.userID != 0 {
		add("r.user_id = ?", f.userID)
	}
	if f.from != "" {
		add("r.trip_date >= ?", f.from)
	}
	if f.to != "" {
		add("r.trip_date <= ?", f.to)
	}
	if f.kind != "" {
		add("r.kind = ?", f.kind)
	}
	if f.status != "" {
		add("r.status = ?", f.status)
	}
	return " WHERE " + strings.Join(parts, " AND "), args
}

var regOrder = map[string]string{"date": "r.trip_date", "tripDate": "r.trip_date", "status": "r.status", "kind": "r.kind",
	"compensation": "r.compensation"}

// page answers one page and the total; newest trips first. The company
// index (corporate_account_id, trip_date, id) and the user index
// (user_id, trip_date) serve the usual filters in index order.
func (s *regStore) page(ctx context.Context, f regFilter, p paging.Pagination) ([]regRow, int, error) {
	clause, args := f.where()
	var total int
	if err := s.db.Get(ctx, &total, `SELECT COUNT(*) FROM trip_registrations r`+clause, args...); err != nil {
		return nil, 0, err
	}
	var rows []regRow
	q := `SELECT ` + regCols + ` FROM trip_registrations r` + clause + p.OrderBy(regOrder, "r.trip_date DESC, r.id DESC") + ` LIMIT ? OFFSET ?`
	err := s.db.Select(ctx, &rows, q, append(args, p.Size, p.Offset())...)
	return rows, total, err
}
