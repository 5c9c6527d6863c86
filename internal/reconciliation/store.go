package reconciliation

import (
	"context"
	"strings"
	"time"

	"mobility/portal/internal/database"
)

type store struct{ db *database.DB }

type rowRec struct {
	ID            int64     `db:"id"`
	BookingID     string    `db:"booking_id"`
	Provider      string    `db:"provider"`
	CompanyID     *int64    `db:"company_id"`
	UserID        *int64    `db:"user_id"`
	ExpenseID     *int64    `db:"expense_id"`
	ExpenseOspID  string    `db:"expense_osp_id"`
	Expected      int64     `db:"expected_amount"`
	Actual        int64     `db:"actual_amount"`
	Currency      string    `db:"currency"`
	Status        string    `db:"status"`
	Month         string    `db:"month"`
	LastUpdatedOn time.Time `db:"last_updated_on"`
}

const rowCols = `id, booking_id, provider, company_id, user_id, expense_id, expense_osp_id, expected_amount, actual_amount, currency,
	status, month, last_updated_on`

// upsert writes rows (many a statement): a new booking id is inserted, a
// known one updated only when something changed and it is not RESOLVED,
// so last_updated_on is the last change.
func (s *store) upsert(ctx context.Context, rows []rowRec) error {
	const per = 500 // 12 parameters a row: 6,000 a statement, within SQLite's and PostgreSQL's limits
	for start := 0; start < len(rows); start += per {
		end := min(start+per, len(rows))
		var b strings.Builder
		args := make([]any, 0, (end-start)*12)
		b.WriteString(`INSERT INTO reconciliation_rows (booking_id, provider, company_id, user_id, expense_id, expense_osp_id,
			expected_amount, actual_amount, currency, status, month, last_updated_on) VALUES `)
		for i, r := range rows[start:end] {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
			args = append(args, r.BookingID, r.Provider, r.CompanyID, r.UserID, r.ExpenseID, r.ExpenseOspID, r.Expected, r.Actual,
				r.Currency, r.Status, r.Month, r.LastUpdatedOn)
		}
		b.WriteString(` ON CONFLICT (booking_id) DO UPDATE SET provider = excluded.provider, company_id = excluded.company_id,
			user_id = excluded.user_id, expense_id = excluded.expense_id, expense_osp_id = excluded.expense_osp_id,
			expected_amount = excluded.expected_amount, actual_amount = excluded.actual_amount, status = excluded.status,
			month = excluded.month, last_updated_on = excluded.last_updated_on
			WHERE reconciliation_rows.status <> 'RESOLVED' AND (reconciliation_rows.status <> excluded.status
			OR reconciliation_rows.expected_amount <> excluded.expected_amount OR reconciliation_rows.actual_amount <> excluded.actual_amount
			OR reconciliation_rows.expense_osp_id <> excluded.expense_osp_id)`)
		if _, err := s.db.Exec(ctx, b.String(), args...); err != nil {
			return err
		}
	}
	return nil
}

func (s *store) page(ctx context.Context, provider string, statuses []string, month string, limit, offset int) ([]rowRec, int, error) {
	where := []string{"1 = 1"}
	var args []any
	if provider != "" {
		where = append(where, "provider = ?")
		args = append(args, provider)
	}
	if len(statuses) > 0 {
		where = append(where, "status IN (?"+strings.Repeat(", ?", len(statuses)-1)+")")
		for _, st := range statuses {
			args = append(args, st)
		}
	}
	if month != "" {
		where = append(where, "month = ?")
		args = append(args, month)
	}
	w := strings.Join(where, " AND ")
	var n int
	if err := s.db.Get(ctx, &n, `SELECT COUNT(*) FROM reconciliation_rows WHERE `+w, args...); err != nil {
		return nil, 0, err
	}
	var rows []rowRec
	err := s.db.Select(ctx, &rows, `SELECT `+rowCols+` FROM reconciliation_rows WHERE `+w+` ORDER BY month DESC, booking_id
		LIMIT ? OFFSET ?`, append(args, limit, offset)...)
	return rows, n, err
}

func (s *store) row(ctx context.Context, bookingID string, lock bool) (*rowRec, error) {
	forUpdate := ""
	if lock {
		forUpdate = s.db.Dialect.ForUpdate()
	}
	var r rowRec
	err := s.db.Get(ctx, &r, `SELECT `+rowCols+` FROM reconciliation_rows WHERE booking_id = ?`+forUpdate, bookingID)
	return &r, err
}

func (s *store) resolve(ctx context.Context, id int64, now time.Time) error {
	_, err := s.db.Exec(ctx, `UPDATE reconciliation_rows SET status = 'RESOLVED', last_updated_on = ? WHERE id = ?`, now, id)
	return err
}

type overrideRec struct {
	OspID     string    `db:"osp_id"`
	BookingID string    `db:"booking_id"`
	Decision  string    `db:"decision"`
	Remark    string    `db:"remark"`
	Expected  int64     `db:"expected_amount"`
	Actual    int64     `db:"actual_amount"`
	Booked    int64     `db:"booked_amount"`
	DecidedBy int64     `db:"decided_by"`
	DecidedAt time.Time `db:"decided_at"`
}

// insertOverride claims the booking id's one override: false when there
// is one already (the unique booking id lets one insert through).
func (s *store) insertOverride(ctx context.Context, o *overrideRec) (bool, error) {
	n, err := s.db.Exec(ctx, `INSERT INTO reconciliation_overrides (osp_id, booking_id, decision, remark, expected_amount,
		actual_amount, booked_amount, decided_by, decided_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (booking_id) DO NOTHING`,
		o.OspID, o.BookingID, o.Decision, o.Remark, o.Expected, o.Actual, o.Booked, o.DecidedBy, o.DecidedAt)
	return n == 1, err
}

func (s *store) override(ctx context.Context, bookingID string) (*overrideRec, error) {
	var o overrideRec
	err := s.db.Get(ctx, &o, `SELECT osp_id, booking_id, decision, remark, expected_amount, actual_amount, booked_amount, decided_by,
		decided_at FROM reconciliation_overrides WHERE booking_id = ?`, bookingID)
	return &o, err
}

func (s *store) setBooked(ctx context.Context, bookingID string, amount int64) error {
	_, err := s.db.Exec(ctx, `UPDATE reconciliation_overrides SET booked_amount = ? WHERE booking_id = ?`, amount, bookingID)
	return err
}

// known is a row's state as a run compares it.
type known struct {
	ID           int64  `db:"id"`
	BookingID    string `db:"booking_id"`
	Status       string `db:"status"`
	Expected     int64  `db:"expected_amount"`
	Actual       int64  `db:"actual_amount"`
	ExpenseOspID string `db:"expense_osp_id"`
}

// knownAfter is a page (by id) of the rows' states.
func (s *store) knownAfter(ctx context.Context, afterID int64, limit int) ([]known, error) {
	var rows []known
	err := s.db.Select(ctx, &rows, `SELECT id, booking_id, status, expected_amount, actual_amount, expense_osp_id
		FROM reconciliation_rows WHERE id > ? ORDER BY id LIMIT ?`, afterID, limit)
	return rows, err
}
