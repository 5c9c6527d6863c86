package invoice

import (
	"context"
	"time"

	"mobility/portal/internal/database"
	"mobility/portal/internal/invoice/document"
)

// Reads and writes of the documents' files and sending (documents.go,
// send.go). Batches take 500 ids a query (database.SelectIn), so a ZIP of
// thousands of documents costs a few queries per hundred documents.

// rowsByOspIDs reads documents by public id without a tenancy check: the
// callers got the ids from a scoped read (Find).
func (s *store) rowsByOspIDs(ctx context.Context, ospIDs []string) (map[string]*row, error) {
	rows, err := database.SelectIn[row](ctx, s.db, ospIDs, func(in string) string {
		return selectRow + `WHERE i.osp_id IN (` + in + `)`
	})
	if err != nil {
		return nil, err
	}
	out := make(map[string]*row, len(rows))
	for i := range rows {
		out[rows[i].OspID] = &rows[i]
	}
	return out, nil
}

// linesOf reads the lines of documents, by document id, in order.
func (s *store) linesOf(ctx context.Context, ids []int64) (map[int64][]document.Line, error) {
	type r struct {
		InvoiceID int64 `db:"invoice_id"`
		lineRow
	}
	rows, err := database.SelectIn[r](ctx, s.db, ids, func(in string) string {
		return `SELECT invoice_id, position, line_type, description, mobility_mode, quantity_milli, unit_code, unit_price,
			net_amount, vat_category, vat_basis_points FROM invoice_lines WHERE invoice_id IN (` + in + `) ORDER BY invoice_id, position`
	})
	if err != nil {
		return nil, err
	}
	out := make(map[int64][]document.Line, len(ids))
	for _, x := range rows {
		out[x.InvoiceID] = append(out[x.InvoiceID], document.Line(x.lineRow))
	}
	return out, nil
}

// itemsOf reads the items behind documents' lines, by document id.
func (s *store) itemsOf(ctx context.Context, ids []int64) (map[int64][]document.Item, error) {
	type r struct {
		InvoiceID int64 `db:"invoice_id"`
		itemRow
	}
	rows, err := database.SelectIn[r](ctx, s.db, ids, func(in string) string {
		return `SELECT invoice_id, position, item_type, reference, booking_id, user_osp_id, user_name, item_date, mobility_mode,
			description, gross_amount, vat_basis_points FROM invoice_line_items WHERE invoice_id IN (` + in + `) ORDER BY invoice_id, item`
	})
	if err != nil {
		return nil, err
	}
	out := make(map[int64][]document.Item, len(ids))
	for _, x := range rows {
		out[x.InvoiceID] = append(out[x.InvoiceID], document.Item(x.itemRow))
	}
	return out, nil
}

// markSent records that a document went out: CREATED becomes SENT (a
// prepaid document stays PAID, a paid one keeps its status), sent_at is
// now, and a Peppol document waits for the access point (PENDING).
func (s *store) markSent(ctx context.Context, id int64, peppolStatus string, now time.Time) error {
	_, err := s.db.Exec(ctx, `UPDATE invoices SET status = CASE WHEN status = 'CREATED' THEN 'SENT' ELSE status END,
		sent_at = ?, peppol_status = ? WHERE id = ?`, database.Now(now), peppolStatus, id)
	return err
}
