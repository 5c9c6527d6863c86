package nmbsinvoice

import (
	"context"
	"strings"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/database"
	"mobility/portal/internal/paging"
)

type store struct{ db *database.DB }

// uploadRow is a nmbs_invoice_uploads row.
type uploadRow struct {
	ID          int64      `db:"id"`
	OspID       string     `db:"osp_id"`
	CompanyID   int64      `db:"corporate_account_id"`
	Provider    string     `db:"provider"`
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

// invoicedRow is a nmbs_invoiced_orders row: an order a provider invoiced.
type invoicedRow struct {
	Provider      string    `db:"provider"`
	OrderID       int64     `db:"order_id"`
	CompanyID     int64     `db:"corporate_account_id"`
	UploadID      int64     `db:"upload_id"`
	LineNumber    int       `db:"line_number"`
	InvoiceNumber string    `db:"invoice_number"`
	InvoiceMonth  string    `db:"invoice_month"`
	CardNumber    string    `db:"card_number"`
	Amount        int64     `db:"amount_cents"`
	VatBP         int64     `db:"vat_basis_points"`
	CreatedAt     time.Time `db:"created_at"`
}

func (s *store) insertUpload(ctx context.Context, r *uploadRow) error {
	id, err := s.db.Insert(ctx, `INSERT INTO nmbs_invoice_uploads (osp_id, corporate_account_id, provider, filename, content, row_count,
		status, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, r.OspID, r.CompanyID, r.Provider, r.Filename,
		r.Content, r.RowCount, r.Status, r.CreatedBy, r.CreatedAt)
	r.ID = id
	return err
}

// upload finds an upload within scope (the tenant check is in the query);
// lock takes its row lock (PostgreSQL), so two processes of one file run
// one after the other.
func (s *store) upload(ctx context.Context, scope access.Scope, ospID string, lock bool) (*uploadRow, error) {
	cond, args := scope.InCompanies("u.corporate_account_id")
	forUpdate := ""
	if lock {
		forUpdate = s.db.Dialect.ForUpdate()
	}
	var r uploadRow
	err := s.db.Get(ctx, &r, `SELECT u.id, u.osp_id, u.corporate_account_id, u.provider, u.filename, u.content, u.row_count, u.status,
		u.report, u.created_by, u.created_at, u.processed_by, u.processed_at FROM nmbs_invoice_uploads u WHERE u.osp_id = ? AND `+
		cond+forUpdate, append([]any{ospID}, args...)...)
	return &r, err
}

// uploads is a page of a company's uploads of a provider, newest first
// (without their content).
func (s *store) uploads(ctx context.Context, companyID int64, provider string, p paging.Pagination) ([]uploadRow, int, error) {
	var total int
	if err := s.db.Get(ctx, &total, `SELECT COUNT(*) FROM nmbs_invoice_uploads WHERE corporate_account_id = ? AND provider = ?`,
		companyID, provider); err != nil {
		return nil, 0, err
	}
	var rows []uploadRow
	err := s.db.Select(ctx, &rows, `SELECT id, osp_id, corporate_account_id, provider, filename, row_count, status, report, created_by,
		created_at, processed_by, processed_at FROM nmbs_invoice_uploads WHERE corporate_account_id = ? AND provider = ?
		ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`, companyID, provider, p.Size, p.Offset())
	return rows, total, err
}

func (s *store) markProcessed(ctx context.Context, id int64, report string, by int64, now time.Time) error {
	_, err := s.db.Exec(ctx, `UPDATE nmbs_invoice_uploads SET status = 'PROCESSED', report = ?, processed_by = ?, processed_at = ?
		WHERE id = ?`, report, by, now, id)
	return err
}

// invoiced answers which of the orders a provider has invoiced already.
func (s *store) invoiced(ctx context.Context, provider string, orderIDs []int64) (map[int64]bool, error) {
	ids, err := database.SelectIn[int64](ctx, s.db, orderIDs, func(in string) string {
		return `SELECT order_id FROM nmbs_invoiced_orders WHERE order_id IN (` + in + `) AND provider = ?`
	}, provider)
	out := make(map[int64]bool, len(ids))
	for _, id := range ids {
		out[id] = true
	}
	return out, err
}

// markInvoiced writes the orders a file invoices, 100 a statement, and
// answers the ones it wrote: an order invoiced already (by an earlier
// file, or a process of another file that committed first) is left as it
// is, so (provider, order) is marked exactly once.
func (s *store) markInvoiced(ctx context.Context, rows []invoicedRow) (map[int64]bool, error) {
	wrote := map[int64]bool{}
	for i := 0; i < len(rows); i += 100 {
		part := rows[i:min(i+100, len(rows))]
		var sb strings.Builder
		args := make([]any, 0, len(part)*11)
		sb.WriteString(`INSERT INTO nmbs_invoiced_orders (provider, order_id, corporate_account_id, upload_id, line_number,
			invoice_number, invoice_month, card_number, amount_cents, vat_basis_points, created_at) VALUES `)
		for j, r := range part {
			if j > 0 {
				sb.WriteString(", ")
			}
			sb.WriteString("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
			args = append(args, r.Provider, r.OrderID, r.CompanyID, r.UploadID, r.LineNumber, r.InvoiceNumber, r.InvoiceMonth,
				r.CardNumber, r.Amount, r.VatBP, r.CreatedAt)
		}
		sb.WriteString(" ON CONFLICT (provider, order_id) DO NOTHING RETURNING order_id")
		var ids []int64
		if err := s.db.Select(ctx, &ids, sb.String(), args...); err != nil {
			return nil, err
		}
		for _, id := range ids {
			wrote[id] = true
		}
	}
	return wrote, nil
}
