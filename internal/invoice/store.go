package invoice

import (
	"context"
	"fmt"
	"strings"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/database"
	"mobility/portal/internal/invoice/document"
	"mobility/portal/internal/paging"
)

type store struct{ db *database.DB }

// row is an invoice as stored, with the numbers of the documents linked to
// it (a credit note's invoice, the credit note of an invoice).
type row struct {
	ID                int64      `db:"id"`
	OspID             string     `db:"osp_id"`
	Kind              string     `db:"kind"`
	Series            string     `db:"series"`
	Year              int        `db:"year"`
	Seq               int64      `db:"seq"`
	Number            string     `db:"number"`
	CompanyID         *int64     `db:"corporate_account_id"`
	PartnerID         *int64     `db:"partner_id"`
	Month             string     `db:"month"`
	IssueDate         string     `db:"issue_date"`
	DueDate           string     `db:"due_date"`
	CreditedInvoiceID *int64     `db:"credited_invoice_id"`
	Currency          string     `db:"currency"`
	NetAmount         int64      `db:"net_amount"`
	VatAmount         int64      `db:"vat_amount"`
	TotalAmount       int64      `db:"total_amount"`
	PrepaidAmount     int64      `db:"prepaid_amount"`
	PayableAmount     int64      `db:"payable_amount"`
	PaidAmount        int64      `db:"paid_amount"`
	Status            string     `db:"status"`
	PaymentReference  string     `db:"payment_reference"`
	PONumber          string     `db:"po_number"`
	ContractType      string     `db:"contract_type"`
	PaymentType       string     `db:"payment_type"`
	PaymentMethod     string     `db:"payment_method"`
	SendingMethod     string     `db:"sending_method"`
	VatLiable         bool       `db:"vat_liable"`
	Language          string     `db:"language"`
	SellerJSON        string     `db:"seller_json"`
	BuyerJSON         string     `db:"buyer_json"`
	PeppolStatus      string     `db:"peppol_status"`
	SentAt            *time.Time `db:"sent_at"`
	CreatedAt         time.Time  `db:"created_at"`
	CreditedNumber    *string    `db:"credited_number"`
	CreditedIssueDate *string    `db:"credited_issue_date"`
	CreditNoteNumber  *string    `db:"credit_note_number"`
	HasDetail         bool       `db:"has_detail"`
}

const rowColumns = `i.id, i.osp_id, i.kind, i.series, i.year, i.seq, i.number, i.corporate_account_id, i.partner_id, i.month,
	i.issue_date, i.due_date, i.credited_invoice_id, i.currency, i.net_amount, i.vat_amount, i.total_amount, i.prepaid_amount,
	i.payable_amount, i.paid_amount, i.status, i.payment_reference, i.po_number, i.contract_type, i.payment_type,
	i.payment_method, i.sending_method, i.vat_liable, i.language, i.seller_json, i.buyer_json, i.peppol_status, i.sent_at,
	i.created_at, ci.number AS credited_number, ci.issue_date AS credited_issue_date, cn.number AS credit_note_number,
	EXISTS (SELECT 1 FROM invoice_line_items it WHERE it.invoice_id = i.id) AS has_detail`

const selectRow = `SELECT ` + rowColumns + ` FROM invoices i
	LEFT JOIN invoices ci ON ci.id = i.credited_invoice_id
	LEFT JOIN invoices cn ON cn.credited_invoice_id = i.id AND cn.kind = 'CREDIT_NOTE' `

// visible is the tenancy condition on documents i: company documents
// (invoices, credit notes) within the caller's companies; self-billing
// documents for platform staff, and for invoice managers of the partner
// that is their seller.
func visible(p *access.Principal) (string, []any) {
	comp, args := p.Scope.InCompanies("i.corporate_account_id")
	sb, sbArgs := selfBillingScope(p)
	return fmt.Sprintf("((i.kind <> 'SELF_BILLING' AND %s) OR (i.kind = 'SELF_BILLING' AND %s))", comp, sb), append(args, sbArgs...)
}

// selfBillingScope is who reaches self-billing documents: platform staff
// all, an invoice manager of a partner that partner's (as seller).
func selfBillingScope(p *access.Principal) (string, []any) {
	switch {
	case p.Scope.All:
		return "1=1", nil
	case p.Scope.PartnerID != 0 && p.Has(access.InvoiceManager):
		return "i.partner_id = ?", []any{p.Scope.PartnerID}
	default:
		return "1=0", nil
	}
}

// byOspID reads a document the principal may see; sql.ErrNoRows otherwise.
func (s *store) byOspID(ctx context.Context, p *access.Principal, ospID string) (*row, error) {
	cond, args := visible(p)
	var r row
	err := s.db.Get(ctx, &r, selectRow+`WHERE i.osp_id = ? AND `+cond, append([]any{ospID}, args...)...)
	return &r, err
}

// byID reads a document by id without a tenancy check (trusted callers:
// the run, the sender, after a scoped read).
func (s *store) byID(ctx context.Context, id int64) (*row, error) {
	var r row
	err := s.db.Get(ctx, &r, selectRow+`WHERE i.id = ?`, id)
	return &r, err
}

// lockForUpdate takes the invoice's row lock in the transaction of ctx
// (PostgreSQL; SQLite's writers are serialised) and reads it again, within
// the principal's reach.
func (s *store) lockForUpdate(ctx context.Context, p *access.Principal, ospID string) (*row, error) {
	cond, args := visible(p)
	var id int64
	if err := s.db.Get(ctx, &id, `SELECT i.id FROM invoices i WHERE i.osp_id = ? AND `+cond+s.db.Dialect.ForUpdate(),
		append([]any{ospID}, args...)...); err != nil {
		return nil, err
	}
	return s.byID(ctx, id)
}

// ---- numbers ----

// nextNumber takes the next number of series and year in the transaction
// of ctx: the sequence's row is created at 0 the first time, then raised
// by one. The UPDATE holds the row lock until commit, so concurrent
// issuers queue and a rolled-back issue gives its number back: gapless.
func (s *store) nextNumber(ctx context.Context, series string, year int) (int64, error) {
	if _, err := s.db.Exec(ctx, `INSERT INTO invoice_number_sequences (series, year, last_number) VALUES (?, ?, 0)
		ON CONFLICT (series, year) DO NOTHING`, series, year); err != nil {
		return 0, err
	}
	var n int64
	err := s.db.Get(ctx, &n, `UPDATE invoice_number_sequences SET last_number = last_number + 1
		WHERE series = ? AND year = ? RETURNING last_number`, series, year)
	return n, err
}

// lastNumber is the last number taken of series and year (0: none).
func (s *store) lastNumber(ctx context.Context, series string, year int) (int64, error) {
	var n []int64
	err := s.db.Select(ctx, &n, `SELECT last_number FROM invoice_number_sequences WHERE series = ? AND year = ?`, series, year)
	if err != nil || len(n) == 0 {
		return 0, err
	}
	return n[0], nil
}

// ---- writes ----

// insert stores a numbered document with its lines and items, in the
// transaction of ctx, and returns its id.
func (s *store) insert(ctx context.Context, d *draft, number numbered, ospID string, now time.Time) (int64, error) {
	id, err := s.db.Insert(ctx, `INSERT INTO invoices (osp_id, kind, series, year, seq, number, corporate_account_id, partner_id,
		month, issue_date, due_date, credited_invoice_id, currency, net_amount, vat_amount, total_amount, prepaid_amount,
		payable_amount, paid_amount, status, payment_reference, po_number, contract_type, payment_type, payment_method,
		sending_method, vat_liable, language, seller_json, buyer_json, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		ospID, d.Kind, number.series, number.year, number.seq, number.text, d.CompanyID, d.PartnerID,
		d.Month, d.IssueDate, d.DueDate, d.CreditedID, d.Currency, d.Totals.Net, d.Totals.Vat, d.Totals.Total, d.Prepaid,
		d.payable(), d.Paid, d.Status, d.PaymentReference, d.PONumber, d.ContractType, d.PaymentType, d.PaymentMethod,
		d.SendingMethod, d.VatLiable, d.Language, d.sellerJSON, d.buyerJSON, database.Now(now))
	if err != nil {
		return 0, err
	}
	if err := s.insertLines(ctx, id, d.Lines); err != nil {
		return 0, err
	}
	return id, s.insertItems(ctx, id, d.Items)
}

// rowsPerInsert bounds one multi-row INSERT (13 or 14 columns: far below
// both databases' parameter limits).
const rowsPerInsert = 200

func (s *store) insertLines(ctx context.Context, invoiceID int64, lines []document.Line) error {
	for i := 0; i < len(lines); i += rowsPerInsert {
		part := lines[i:min(i+rowsPerInsert, len(lines))]
		var b strings.Builder
		args := make([]any, 0, len(part)*11)
		for j, l := range part {
			if j > 0 {
				b.WriteString(", ")
			}
			b.WriteString("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
			args = append(args, invoiceID, l.Position, l.LineType, l.Description, l.MobilityMode, l.QuantityMilli, l.UnitCode,
				l.UnitPrice, l.NetAmount, l.VatCategory, l.VatBasisPoints)
		}
		if _, err := s.db.Exec(ctx, `INSERT INTO invoice_lines (invoice_id, position, line_type, description, mobility_mode,
			quantity_milli, unit_code, unit_price, net_amount, vat_category, vat_basis_points) VALUES `+b.String(), args...); err != nil {
			return err
		}
	}
	return nil
}

func (s *store) insertItems(ctx context.Context, invoiceID int64, items []document.Item) error {
	for i := 0; i < len(items); i += rowsPerInsert {
		part := items[i:min(i+rowsPerInsert, len(items))]
		var b strings.Builder
		args := make([]any, 0, len(part)*13)
		for j, it := range part {
			if j > 0 {
				b.WriteString(", ")
			}
			b.WriteString("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
			args = append(args, invoiceID, i+j+1, it.Position, it.ItemType, it.Reference, it.BookingID, it.UserOspID, it.UserName,
				it.Date, it.MobilityMode, it.Description, it.GrossAmount, it.VatBasisPoints)
		}
		if _, err := s.db.Exec(ctx, `INSERT INTO invoice_line_items (invoice_id, item, position, item_type, reference, booking_id,
			user_osp_id, user_name, item_date, mobility_mode, description, gross_amount, vat_basis_points) VALUES `+b.String(),
			args...); err != nil {
			return err
		}
	}
	return nil
}

// ---- reads of a document's parts ----

// lineRow and itemRow are document.Line and document.Item as stored.
type lineRow struct {
	Position       int    `db:"position"`
	LineType       string `db:"line_type"`
	Description    string `db:"description"`
	MobilityMode   string `db:"mobility_mode"`
	QuantityMilli  int64  `db:"quantity_milli"`
	UnitCode       string `db:"unit_code"`
	UnitPrice      int64  `db:"unit_price"`
	NetAmount      int64  `db:"net_amount"`
	VatCategory    string `db:"vat_category"`
	VatBasisPoints int    `db:"vat_basis_points"`
}

type itemRow struct {
	Position       int    `db:"position"`
	ItemType       string `db:"item_type"`
	Reference      string `db:"reference"`
	BookingID      string `db:"booking_id"`
	UserOspID      string `db:"user_osp_id"`
	UserName       string `db:"user_name"`
	Date           string `db:"item_date"`
	MobilityMode   string `db:"mobility_mode"`
	Description    string `db:"description"`
	GrossAmount    int64  `db:"gross_amount"`
	VatBasisPoints int    `db:"vat_basis_points"`
}

func (s *store) lines(ctx context.Context, invoiceID int64) ([]document.Line, error) {
	var rows []lineRow
	if err := s.db.Select(ctx, &rows, `SELECT position, line_type, description, mobility_mode, quantity_milli, unit_code, unit_price,
		net_amount, vat_category, vat_basis_points FROM invoice_lines WHERE invoice_id = ? ORDER BY position`, invoiceID); err != nil {
		return nil, err
	}
	out := make([]document.Line, len(rows))
	for i, r := range rows {
		out[i] = document.Line(r)
	}
	return out, nil
}

func (s *store) items(ctx context.Context, invoiceID int64) ([]document.Item, error) {
	var rows []itemRow
	if err := s.db.Select(ctx, &rows, `SELECT position, item_type, reference, booking_id, user_osp_id, user_name, item_date,
		mobility_mode, description, gross_amount, vat_basis_points FROM invoice_line_items WHERE invoice_id = ? ORDER BY item`,
		invoiceID); err != nil {
		return nil, err
	}
	out := make([]document.Item, len(rows))
	for i, r := range rows {
		out[i] = document.Item(r)
	}
	return out, nil
}

type paymentRow struct {
	OspID       string    `db:"osp_id"`
	Amount      int64     `db:"amount"`
	PaymentDate string    `db:"payment_date"`
	Reference   string    `db:"reference"`
	Method      string    `db:"method"`
	CreatedAt   time.Time `db:"created_at"`
}

func (s *store) payments(ctx context.Context, invoiceID int64) ([]paymentRow, error) {
	var out []paymentRow
	err := s.db.Select(ctx, &out, `SELECT osp_id, amount, payment_date, reference, method, created_at FROM invoice_payments
		WHERE invoice_id = ? ORDER BY id`, invoiceID)
	return out, err
}

// ---- the run's reads ----

// issuedFor returns the companies (kind INVOICE) or partners (kind
// SELF_BILLING) that already have their document for month.
func (s *store) issuedFor(ctx context.Context, kind, month string) (map[int64]bool, error) {
	col := "corporate_account_id"
	if kind == document.KindSelfBilling {
		col = "partner_id"
	}
	var ids []int64
	if err := s.db.Select(ctx, &ids, `SELECT `+col+` FROM invoices WHERE kind = ? AND month = ?`, kind, month); err != nil {
		return nil, err
	}
	out := make(map[int64]bool, len(ids))
	for _, id := range ids {
		out[id] = true
	}
	return out, nil
}

// exists tells whether the document of (kind, owner, month) is issued, in
// the transaction of ctx.
func (s *store) exists(ctx context.Context, kind string, ownerID int64, month string) (bool, error) {
	col := "corporate_account_id"
	if kind == document.KindSelfBilling {
		col = "partner_id"
	}
	var n int
	err := s.db.Get(ctx, &n, `SELECT COUNT(*) FROM invoices WHERE kind = ? AND `+col+` = ? AND month = ?`, kind, ownerID, month)
	return n > 0, err
}

// ---- payments and status ----

func (s *store) insertPayment(ctx context.Context, invoiceID int64, ospID string, amount int64, date, reference, method string,
	by int64, now time.Time) error {
	_, err := s.db.Exec(ctx, `INSERT INTO invoice_payments (osp_id, invoice_id, amount, payment_date, reference, method, created_by,
		created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, ospID, invoiceID, amount, date, reference, method, nullID(by), database.Now(now))
	return err
}

func (s *store) setPaid(ctx context.Context, invoiceID, paid int64, status string) error {
	_, err := s.db.Exec(ctx, `UPDATE invoices SET paid_amount = ?, status = ? WHERE id = ?`, paid, status, invoiceID)
	return err
}

func nullID(id int64) any {
	if id == 0 {
		return nil
	}
	return id
}

// ---- findByFilter ----

// sortColumns are findByFilter's sort properties.
var sortColumns = map[string]string{"number": "i.number", "month": "i.month", "issueDate": "i.issue_date",
	"totalAmount": "i.total_amount", "status": "i.status"}

// where is a filter's condition on i, tenancy included.
type where struct {
	conds []string
	args  []any
}

func (w *where) add(cond string, args ...any) {
	w.conds = append(w.conds, cond)
	w.args = append(w.args, args...)
}

func (w *where) sql() string { return " WHERE " + strings.Join(w.conds, " AND ") }

type sums struct {
	Count   int   `db:"n"`
	Total   int64 `db:"total"`
	Payable int64 `db:"payable"`
	Paid    int64 `db:"paid"`
}

func (s *store) find(ctx context.Context, w *where, p paging.Pagination) ([]row, sums, error) {
	var sm sums
	if err := s.db.Get(ctx, &sm, `SELECT COUNT(*) AS n, COALESCE(SUM(i.total_amount), 0) AS total,
		COALESCE(SUM(i.payable_amount), 0) AS payable, COALESCE(SUM(i.paid_amount), 0) AS paid FROM invoices i`+w.sql(),
		w.args...); err != nil {
		return nil, sums{}, err
	}
	var rows []row
	if sm.Count == 0 {
		return rows, sm, nil
	}
	err := s.db.Select(ctx, &rows, selectRow+w.sql()+p.OrderBy(sortColumns, "i.number DESC")+`, i.id DESC LIMIT ? OFFSET ?`,
		append(w.args, p.Size, p.Offset())...)
	return rows, sm, err
}
