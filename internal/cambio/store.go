package cambio

import (
	"context"
	"strings"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/database"
	"mobility/portal/internal/paging"
)

type store struct{ db *database.DB }

// uploadRow is a cambio_uploads row.
type uploadRow struct {
	ID          int64      `db:"id"`
	OspID       string     `db:"osp_id"`
	Kind        string     `db:"kind"`
	Filename    string     `db:"filename"`
	Content     []byte     `db:"content"`
	RowCount    int        `db:"row_count"`
	Status      string     `db:"status"`
	Report      string     `db:"report"`
	CreatedBy   int64      `db:"created_by"`
	CreatedAt   time.Time  `db:"created_at"`
	ProcessedBy *int64     `db:"processed_by"`
	ProcessedAt *time.Time `db:"processed_at"`
}

func (s *store) insertUpload(ctx context.Context, r *uploadRow) error {
	id, err := s.db.Insert(ctx, `INSERT INTO cambio_uploads (osp_id, kind, filename, content, row_count, status, created_by, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, r.OspID, r.Kind, r.Filename, r.Content, r.RowCount, r.Status, r.CreatedBy, r.CreatedAt)
	r.ID = id
	return err
}

// upload finds an upload of a kind; lock takes its row lock (PostgreSQL),
// so two process calls run one after the other.
func (s *store) upload(ctx context.Context, kind, ospID string, lock bool) (*uploadRow, error) {
	forUpdate := ""
	if lock {
		forUpdate = s.db.Dialect.ForUpdate()
	}
	var r uploadRow
	err := s.db.Get(ctx, &r, `SELECT u.id, u.osp_id, u.kind, u.filename, u.content, u.row_count, u.status, u.report, u.created_by,
		u.created_at, u.processed_by, u.processed_at FROM cambio_uploads u WHERE u.osp_id = ? AND u.kind = ?`+forUpdate, ospID, kind)
	return &r, err
}

func (s *store) uploads(ctx context.Context, kind string, p paging.Pagination) ([]uploadRow, int, error) {
	var total int
	if err := s.db.Get(ctx, &total, `SELECT COUNT(*) FROM cambio_uploads u WHERE u.kind = ?`, kind); err != nil {
		return nil, 0, err
	}
	var rows []uploadRow
	err := s.db.Select(ctx, &rows, `SELECT u.id, u.osp_id, u.kind, u.filename, u.row_count, u.status, u.report, u.created_by,
		u.created_at, u.processed_by, u.processed_at FROM cambio_uploads u WHERE u.kind = ?
		ORDER BY u.created_at DESC, u.id DESC LIMIT ? OFFSET ?`, kind, p.Size, p.Offset())
	return rows, total, err
}

func (s *store) markProcessed(ctx context.Context, id int64, status, report string, by int64, now time.Time) error {
	_, err := s.db.Exec(ctx, `UPDATE cambio_uploads SET status = ?, report = ?, processed_by = ?, processed_at = ? WHERE id = ?`,
		status, report, by, now, id)
	return err
}

// lineKey is an invoice line's natural key.
type lineKey struct {
	Invoice string `db:"invoice_number"`
	Line    string `db:"line_id"`
}

// bookedLines answers which of the invoices' lines are booked, with the
// expense they booked.
func (s *store) bookedLines(ctx context.Context, invoices []string) (map[lineKey][2]string, error) {
	rows, err := database.SelectIn[struct {
		lineKey
		Expense string `db:"expense_osp_id"`
		Booking string `db:"booking_id"`
	}](ctx, s.db, invoices, func(in string) string {
		return `SELECT l.invoice_number, l.line_id, l.expense_osp_id, l.booking_id FROM cambio_invoice_lines l
			WHERE l.invoice_number IN (` + in + `)`
	})
	out := make(map[lineKey][2]string, len(rows))
	for _, r := range rows {
		out[r.lineKey] = [2]string{r.Expense, r.Booking}
	}
	return out, err
}

// invoiceLineRow is a cambio_invoice_lines row.
type invoiceLineRow struct {
	InvoiceNumber  string
	LineID         string
	CustomerNumber string
	UserID         int64
	CompanyID      int64
	Date           string
	Amount         int64
	VatBasisPoints int64
	ExpenseOspID   string
	BookingID      string
	UploadID       int64
	CreatedAt      time.Time
}

func (s *store) insertLine(ctx context.Context, r *invoiceLineRow) error {
	_, err := s.db.Exec(ctx, `INSERT INTO cambio_invoice_lines (invoice_number, line_id, customer_number, user_id,
		corporate_account_id, trip_date, amount_cents, vat_basis_points, expense_osp_id, booking_id, upload_id, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, r.InvoiceNumber, r.LineID, r.CustomerNumber, r.UserID, r.CompanyID, r.Date,
		r.Amount, r.VatBasisPoints, r.ExpenseOspID, r.BookingID, r.UploadID, r.CreatedAt)
	return err
}

// co2Row is a cambio_co2 row.
type co2Row struct {
	UserID         int64     `db:"user_id"`
	CompanyID      int64     `db:"corporate_account_id"`
	Month          string    `db:"month"`
	CustomerNumber string    `db:"customer_number"`
	Km             int64     `db:"km"`
	CO2Grams       int64     `db:"co2_grams"`
	UploadID       int64     `db:"upload_id"`
	CreatedAt      time.Time `db:"created_at"`
}

// co2Stored answers which (user, month) pairs of these users are stored.
func (s *store) co2Stored(ctx context.Context, userIDs []int64) (map[[2]any]bool, error) {
	rows, err := database.SelectIn[struct {
		UserID int64  `db:"user_id"`
		Month  string `db:"month"`
	}](ctx, s.db, userIDs, func(in string) string {
		return `SELECT c.user_id, c.month FROM cambio_co2 c WHERE c.user_id IN (` + in + `)`
	})
	out := make(map[[2]any]bool, len(rows))
	for _, r := range rows {
		out[[2]any{r.UserID, r.Month}] = true
	}
	return out, err
}

// insertCO2 writes a file's figures, a statement per 100.
func (s *store) insertCO2(ctx context.Context, rows []co2Row) error {
	for i := 0; i < len(rows); i += 100 {
		part := rows[i:min(i+100, len(rows))]
		var sb strings.Builder
		args := make([]any, 0, len(part)*8)
		sb.WriteString(`INSERT INTO cambio_co2 (user_id, corporate_account_id, month, customer_number, km, co2_grams, upload_id,
			created_at) VALUES `)
		for j, r := range part {
			if j > 0 {
				sb.WriteString(", ")
			}
			sb.WriteString("(?, ?, ?, ?, ?, ?, ?, ?)")
			args = append(args, r.UserID, r.CompanyID, r.Month, r.CustomerNumber, r.Km, r.CO2Grams, r.UploadID, r.CreatedAt)
		}
		if _, err := s.db.Exec(ctx, sb.String(), args...); err != nil {
			return err
		}
	}
	return nil
}

// co2Of pages a company's figures for a range of months (the caller
// resolved the company within its scope; the scope holds here too).
func (s *store) co2Of(ctx context.Context, scope access.Scope, companyID int64, from, to string, p paging.Pagination) ([]co2Row, int, int64, int64, error) {
	cond, args := scope.InCompanies("c.corporate_account_id")
	where := ` WHERE c.corporate_account_id = ? AND c.month >= ? AND c.month <= ? AND ` + cond
	args = append([]any{companyID, from, to}, args...)
	var totals struct {
		N   int   `db:"n"`
		Km  int64 `db:"km"`
		CO2 int64 `db:"co2"`
	}
	if err := s.db.Get(ctx, &totals, `SELECT COUNT(*) AS n, COALESCE(SUM(c.km), 0) AS km, COALESCE(SUM(c.co2_grams), 0) AS co2
		FROM cambio_co2 c`+where, args...); err != nil {
		return nil, 0, 0, 0, err
	}
	var rows []co2Row
	err := s.db.Select(ctx, &rows, `SELECT c.user_id, c.corporate_account_id, c.month, c.customer_number, c.km, c.co2_grams,
		c.upload_id, c.created_at FROM cambio_co2 c`+where+` ORDER BY c.month, c.user_id LIMIT ? OFFSET ?`,
		append(args, p.Size, p.Offset())...)
	return rows, totals.N, totals.Km, totals.CO2, err
}

func (s *store) linesAfter(ctx context.Context, afterID int64, limit int) ([]ReportedLine, error) {
	var rows []ReportedLine
	err := s.db.Select(ctx, &rows, `SELECT id, booking_id, amount_cents, trip_date, user_id FROM cambio_invoice_lines
		WHERE id > ? ORDER BY id LIMIT ?`, afterID, limit)
	return rows, err
}
