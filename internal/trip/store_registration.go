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
	ID               int64  `db:"id"`
	OspID            string `db:"osp_id"`
	UserID           int64  `db:"user_id"`
	CompanyID        int64  `db:"corporate_account_id"`
	Date             string `db:"trip_date"`
	Kind             string `db:"kind"`
	Mode             string `db:"mode"`
	Direction        string `db:"direction"`
	DistanceM        int64  `db:"distance_m"`
	CompensationType string `db:"compensation_type"`
	RateMicro        *int64 `db:"rate_micro"`
	TaxFreeRateMicro *int64 `db:"tax_free_rate_micro"`
	Compensation     int64  `db:"compensation"`
	Taxable          int64  `db:"taxable"`
	// DayAmount is a per-day commute's day amount as registered (paid on
	// the day's first live commute only, see rebalanceDay); nil otherwise.
	DayAmount     *int64    `db:"day_amount"`
	Status        string    `db:"status"`
	PaidMonth     *string   `db:"paid_month"`
	BudgetTxOspID *string   `db:"budget_tx_osp_id"`
	Description   string    `db:"description"`
	CreatedBy     *int64    `db:"created_by"`
	CreatedAt     time.Time `db:"created_at"`
	UpdatedAt     time.Time `db:"updated_at"`
}

const regCols = `r.id, r.osp_id, r.user_id, r.corporate_account_id, r.trip_date, r.kind, r.mode, r.direction, r.distance_m,
	r.compensation_type, r.rate_micro, r.tax_free_rate_micro, r.compensation, r.taxable, r.day_amount, r.status, r.paid_month,
	r.budget_tx_osp_id, r.description, r.created_by, r.created_at, r.updated_at`

func (s *regStore) insert(ctx context.Context, r *regRow) error {
	id, err := s.db.Insert(ctx, `INSERT INTO trip_registrations (osp_id, user_id, corporate_account_id, trip_date, kind, mode,
		direction, distance_m, compensation_type, rate_micro, tax_free_rate_micro, compensation, taxable, day_amount, status,
		description, created_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		r.OspID, r.UserID, r.CompanyID, r.Date, r.Kind, r.Mode, r.Direction, r.DistanceM, r.CompensationType, r.RateMicro,
		r.TaxFreeRateMicro, r.Compensation, r.Taxable, r.DayAmount, r.Status, r.Description, r.CreatedBy, r.CreatedAt, r.UpdatedAt)
	if err != nil {
		return err
	}
	r.ID = id
	return s.bump(ctx, r.key(), 1)
}

// update writes what a correction changes (never status PAID's fields);
// was is the row's count key before the correction.
func (s *regStore) update(ctx context.Context, r *regRow, was countKey) error {
	_, err := s.db.Exec(ctx, `UPDATE trip_registrations SET trip_date = ?, kind = ?, mode = ?, direction = ?, distance_m = ?,
		compensation_type = ?, rate_micro = ?, tax_free_rate_micro = ?, compensation = ?, taxable = ?, day_amount = ?, status = ?,
		description = ?, updated_at = ? WHERE id = ?`, r.Date, r.Kind, r.Mode, r.Direction, r.DistanceM, r.CompensationType, r.RateMicro,
		r.TaxFreeRateMicro, r.Compensation, r.Taxable, r.DayAmount, r.Status, r.Description, r.UpdatedAt, r.ID)
	if err != nil {
		return err
	}
	return s.move(ctx, was, r.key(), 1)
}

// setStatus changes r's status (r as stored before).
func (s *regStore) setStatus(ctx context.Context, r *regRow, status string, now time.Time) error {
	if _, err := s.db.Exec(ctx, `UPDATE trip_registrations SET status = ?, updated_at = ? WHERE id = ?`, status, now, r.ID); err != nil {
		return err
	}
	to := r.key()
	to.Status = status
	return s.move(ctx, r.key(), to, 1)
}

// countKey is a registration's cell of trip_registration_counts, the
// read model of getByFilter's totals, which every write here keeps in its
// own transaction (insert, update, setStatus, markPaid).
type countKey struct {
	CompanyID           int64
	Month, Kind, Status string
}

func (r *regRow) key() countKey {
	return countKey{CompanyID: r.CompanyID, Month: r.Date[:7], Kind: r.Kind, Status: r.Status}
}

// bump adds n (negative: takes) to a cell's count. Taking is an UPDATE:
// an upsert's proposed row of -n would fail the cell's CHECK (n >= 0)
// before its conflict is seen (SQLite tests CHECK before UNIQUE).
func (s *regStore) bump(ctx context.Context, k countKey, n int) error {
	if n < 0 {
		_, err := s.db.Exec(ctx, `UPDATE trip_registration_counts SET n = n + ? WHERE corporate_account_id = ? AND month = ?
			AND kind = ? AND status = ?`, n, k.CompanyID, k.Month, k.Kind, k.Status)
		return err
	}
	_, err := s.db.Exec(ctx, `INSERT INTO trip_registration_counts (corporate_account_id, month, kind, status, n) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (corporate_account_id, month, kind, status) DO UPDATE SET n = trip_registration_counts.n + excluded.n`,
		k.CompanyID, k.Month, k.Kind, k.Status, n)
	return err
}

// move moves n registrations' count from one cell to another.
func (s *regStore) move(ctx context.Context, from, to countKey, n int) error {
	if from == to || n == 0 {
		return nil
	}
	if err := s.bump(ctx, from, -n); err != nil {
		return err
	}
	return s.bump(ctx, to, n)
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

// perDayCommutes lists the user's live (REGISTERED or APPROVED) per-day
// commutes of a day, oldest first: the first is paid the day amount.
func (s *regStore) perDayCommutes(ctx context.Context, userID int64, day string) ([]regRow, error) {
	var out []regRow
	err := s.db.Select(ctx, &out, `SELECT `+regCols+` FROM trip_registrations r WHERE r.user_id = ? AND r.trip_date = ?
		AND r.kind = 'COMMUTE' AND r.compensation_type = 'PER_DAY' AND r.status IN ('REGISTERED', 'APPROVED') ORDER BY r.id`,
		userID, day)
	return out, err
}

// setAmounts changes a registration's compensation (a per-day commute's
// share of its day).
func (s *regStore) setAmounts(ctx context.Context, id, compensation, taxable int64, now time.Time) error {
	_, err := s.db.Exec(ctx, `UPDATE trip_registrations SET compensation = ?, taxable = ?, updated_at = ? WHERE id = ?`,
		compensation, taxable, now, id)
	return err
}

// lockUser takes the user's trip settings row lock (inserting the
// defaults first when there is none): every write of a user's
// registrations and the monthly run's payment of the user take it first,
// so an approval or a new registration and the run that pays the month
// never interleave (the approval sees the paid month, or the run sees the
// approval).
func (s *regStore) lockUser(ctx context.Context, userID, companyID int64, now time.Time) error {
	_, err := (&store{db: s.db}).lockUser(ctx, userID, companyID, now)
	return err
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
	total, err := s.count(ctx, f)
	if err != nil {
		return nil, 0, err
	}
	var rows []regRow
	q := `SELECT ` + regCols + ` FROM trip_registrations r` + clause + p.OrderBy(regOrder, "r.trip_date DESC, r.id DESC") + ` LIMIT ? OFFSET ?`
	err = s.db.Select(ctx, &rows, q, append(args, p.Size, p.Offset())...)
	return rows, total, err
}

// count is the filter's total. A user's registrations are counted (the
// user index, a few hundred rows); anything wider sums the kept counts
// per company, month, kind and status (trip_registration_counts), since
// the month filter is whole months: a company of 2,000,000 rows sums a
// few dozen rows a year instead of counting them.
func (s *regStore) count(ctx context.Context, f regFilter) (int, error) {
	var total int
	if f.userID != 0 {
		clause, args := f.where()
		err := s.db.Get(ctx, &total, `SELECT COUNT(*) FROM trip_registrations r`+clause, args...)
		return total, err
	}
	cond, args := f.scope.InCompanies("c.corporate_account_id")
	parts := []string{cond}
	add := func(c string, v any) { parts = append(parts, c); args = append(args, v) }
	if f.companyID != 0 {
		add("c.corporate_account_id = ?", f.companyID)
	}
	if f.from != "" {
		add("c.month >= ?", f.from[:7])
	}
	if f.to != "" {
		add("c.month <= ?", f.to[:7])
	}
	if f.kind != "" {
		add("c.kind = ?", f.kind)
	}
	if f.status != "" {
		add("c.status = ?", f.status)
	}
	err := s.db.Get(ctx, &total, `SELECT COALESCE(SUM(c.n), 0) FROM trip_registration_counts c WHERE `+strings.Join(parts, " AND "),
		args...)
	return total, err
}
