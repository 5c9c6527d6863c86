package providerdata

import (
	"context"
	"time"

	"mobility/portal/internal/database"
)

type store struct{ db *database.DB }

// uploadRow is a provider_uploads row.
type uploadRow struct {
	ID           int64      `db:"id"`
	OspID        string     `db:"osp_id"`
	Kind         string     `db:"kind"`
	Filename     string     `db:"filename"`
	ContentType  string     `db:"content_type"`
	Content      []byte     `db:"content"`
	RowCount     int        `db:"row_count"`
	Status       string     `db:"status"`
	Result       string     `db:"result"`
	ProcessCount int        `db:"process_count"`
	CreatedBy    int64      `db:"created_by"`
	CreatedAt    time.Time  `db:"created_at"`
	ProcessedBy  *int64     `db:"processed_by"`
	ProcessedAt  *time.Time `db:"processed_at"`
}

func (s *store) insertUpload(ctx context.Context, r *uploadRow) error {
	id, err := s.db.Insert(ctx, `INSERT INTO provider_uploads (osp_id, kind, filename, content_type, content, row_count, status,
		created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, r.OspID, r.Kind, r.Filename, r.ContentType, r.Content,
		r.RowCount, r.Status, r.CreatedBy, r.CreatedAt)
	r.ID = id
	return err
}

const uploadCols = `id, osp_id, kind, filename, content_type, content, row_count, status, result, process_count, created_by,
	created_at, processed_by, processed_at`

// upload reads an upload; lock takes its row lock (PostgreSQL), so two
// processes of one file run one after the other.
func (s *store) upload(ctx context.Context, ospID string, lock bool) (*uploadRow, error) {
	forUpdate := ""
	if lock {
		forUpdate = s.db.Dialect.ForUpdate()
	}
	var r uploadRow
	err := s.db.Get(ctx, &r, `SELECT `+uploadCols+` FROM provider_uploads WHERE osp_id = ?`+forUpdate, ospID)
	return &r, err
}

func (s *store) markValidated(ctx context.Context, id int64) error {
	_, err := s.db.Exec(ctx, `UPDATE provider_uploads SET status = 'VALIDATED' WHERE id = ? AND status = 'UPLOADED'`, id)
	return err
}

func (s *store) markProcessed(ctx context.Context, id int64, result string, by int64, now time.Time) error {
	_, err := s.db.Exec(ctx, `UPDATE provider_uploads SET status = 'PROCESSED', result = ?, processed_by = ?, processed_at = ?,
		process_count = process_count + 1 WHERE id = ?`, result, by, now, id)
	return err
}

// history is a page of a kind's uploads, newest first (without content).
func (s *store) history(ctx context.Context, kind string, limit, offset int) ([]uploadRow, int, error) {
	var n int
	if err := s.db.Get(ctx, &n, `SELECT COUNT(*) FROM provider_uploads WHERE kind = ?`, kind); err != nil {
		return nil, 0, err
	}
	var rows []uploadRow
	err := s.db.Select(ctx, &rows, `SELECT id, osp_id, kind, filename, content_type, row_count, status, result, process_count,
		created_by, created_at, processed_by, processed_at FROM provider_uploads WHERE kind = ? ORDER BY created_at DESC, id DESC
		LIMIT ? OFFSET ?`, kind, limit, offset)
	return rows, n, err
}

// lineRow is a provider_lines row.
type lineRow struct {
	ID           int64     `db:"id"`
	Provider     string    `db:"provider"`
	NaturalKey   string    `db:"natural_key"`
	UploadID     int64     `db:"upload_id"`
	LineNumber   int       `db:"line_number"`
	LineDate     string    `db:"line_date"`
	Amount       int64     `db:"amount"`
	VatBP        int64     `db:"vat_percentage"`
	TokenValue   string    `db:"token_value"`
	UserID       *int64    `db:"user_id"`
	ExpenseID    *int64    `db:"expense_id"`
	ExpenseOspID *string   `db:"expense_osp_id"`
	BookingID    *string   `db:"booking_id"`
	Status       string    `db:"status"`
	Reason       string    `db:"reason"`
	CreatedAt    time.Time `db:"created_at"`
	UpdatedAt    time.Time `db:"updated_at"`
}

const lineCols = `id, provider, natural_key, upload_id, line_number, line_date, amount, vat_percentage, token_value, user_id,
	expense_id, expense_osp_id, booking_id, status, reason, created_at, updated_at`

// linesByKey reads a provider's lines by natural key (500 a query).
func (s *store) linesByKey(ctx context.Context, provider string, keys []string) ([]lineRow, error) {
	return database.SelectIn[lineRow](ctx, s.db, keys, func(in string) string {
		return `SELECT ` + lineCols + ` FROM provider_lines WHERE natural_key IN (` + in + `) AND provider = ?`
	}, provider)
}

// claimLine makes sure the line's row exists (a new one is UNMATCHED
// until its outcome is written) and locks it: the unique (provider,
// natural_key) lets only one insert through, and a concurrent process of
// the same line waits here for the first to commit, then sees its row.
func (s *store) claimLine(ctx context.Context, r *lineRow) (*lineRow, error) {
	if _, err := s.db.Exec(ctx, `INSERT INTO provider_lines (provider, natural_key, upload_id, line_number, line_date, amount,
		vat_percentage, token_value, status, reason, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'UNMATCHED', '', ?, ?)
		ON CONFLICT (provider, natural_key) DO NOTHING`, r.Provider, r.NaturalKey, r.UploadID, r.LineNumber, r.LineDate, r.Amount,
		r.VatBP, r.TokenValue, r.CreatedAt, r.UpdatedAt); err != nil {
		return nil, err
	}
	var got lineRow
	err := s.db.Get(ctx, &got, `SELECT `+lineCols+` FROM provider_lines WHERE provider = ? AND natural_key = ?`+s.db.Dialect.ForUpdate(),
		r.Provider, r.NaturalKey)
	return &got, err
}

// setOutcome writes a line's latest outcome (the upload and line number
// of the file that last processed it).
func (s *store) setOutcome(ctx context.Context, r *lineRow) error {
	_, err := s.db.Exec(ctx, `UPDATE provider_lines SET upload_id = ?, line_number = ?, line_date = ?, amount = ?, vat_percentage = ?,
		token_value = ?, user_id = ?, expense_id = ?, expense_osp_id = ?, booking_id = ?, status = ?, reason = ?, updated_at = ?
		WHERE id = ?`, r.UploadID, r.LineNumber, r.LineDate, r.Amount, r.VatBP, r.TokenValue, r.UserID, r.ExpenseID, r.ExpenseOspID,
		r.BookingID, r.Status, r.Reason, r.UpdatedAt, r.ID)
	return err
}

// linesAfter is a page (by id) of every provider line.
func (s *store) linesAfter(ctx context.Context, afterID int64, limit int) ([]lineRow, error) {
	var rows []lineRow
	err := s.db.Select(ctx, &rows, `SELECT id, provider, natural_key, line_date, amount, user_id, expense_id, booking_id, status, reason
		FROM provider_lines WHERE id > ? ORDER BY id LIMIT ?`, afterID, limit)
	return rows, err
}
