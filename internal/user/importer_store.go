package user

import (
	"context"
	"time"

	"mobility/portal/internal/access"
)

// upload is an import file as stored in the shared uploads table.
type upload struct {
	ID                 int64   `db:"id"`
	OspID              string  `db:"osp_id"`
	CorporateAccountID int64   `db:"corporate_account_id"`
	Kind               string  `db:"kind"`
	Filename           string  `db:"filename"`
	ContentType        string  `db:"content_type"`
	Content            []byte  `db:"content"`
	FileHash           string  `db:"file_hash"`
	RowCount           int     `db:"row_count"`
	Status             string  `db:"status"`
	Report             string  `db:"report"`
	SendCredentials    bool    `db:"send_credentials"`
	CompanyOspID       string  `db:"-"` // from company's read model (Service.loadUpload)
	CompanyName        string  `db:"-"`
	PreviousOspID      *string `db:"-"`
}

// Upload kinds of user imports in the shared uploads table; other domains
// store their own kinds (vouchers, invoices) there, so lookups filter on these.
const (
	uploadKindCreate = "users_create"
	uploadKindUpdate = "users_update"
)

// Upload statuses: uploaded, then valid or invalid after a validation,
// processed once written (terminal).
const (
	uploadUploaded   = "uploaded"
	uploadValid      = "valid"
	uploadInvalid    = "invalid"
	uploadProcessing = "processing"
	uploadProcessed  = "processed"
)

func (s *store) insertUpload(ctx context.Context, u *upload, createdBy int64, now time.Time) error {
	id, err := s.db.Insert(ctx, `INSERT INTO uploads (osp_id, corporate_account_id, kind, filename, content_type, content,
		file_hash, row_count, status, send_credentials, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		u.OspID, u.CorporateAccountID, u.Kind, u.Filename, u.ContentType, u.Content, u.FileHash, u.RowCount, u.Status,
		u.SendCredentials, createdBy, now)
	u.ID = id
	return err
}

// getUpload loads a user import within the caller's tenancy.
func (s *store) getUpload(ctx context.Context, scope access.Scope, ospID string) (*upload, error) {
	cond, args := scope.InCompanies("up.corporate_account_id")
	var u upload
	err := s.db.Get(ctx, &u, `SELECT up.id, up.osp_id, up.corporate_account_id, up.kind, up.filename, up.content_type, up.content,
		up.file_hash, up.row_count, up.status, up.report, up.send_credentials
		FROM uploads up
		WHERE up.osp_id = ? AND up.kind IN (?, ?) AND `+cond, append([]any{ospID, uploadKindCreate, uploadKindUpdate}, args...)...)
	return &u, err
}

// previousUpload is the earliest other upload of the same file for the
// same company and kind ("" when none), so the screen can warn about it.
func (s *store) previousUpload(ctx context.Context, u *upload) (string, error) {
	var osp []string
	err := s.db.Select(ctx, &osp, `SELECT osp_id FROM uploads WHERE corporate_account_id = ? AND kind = ? AND file_hash = ? AND id <> ?
		ORDER BY id LIMIT 1`, u.CorporateAccountID, u.Kind, u.FileHash, u.ID)
	if err != nil || len(osp) == 0 {
		return "", err
	}
	return osp[0], nil
}

func (s *store) setUploadStatus(ctx context.Context, id int64, status string) error {
	_, err := s.db.Exec(ctx, `UPDATE uploads SET status = ? WHERE id = ? AND status <> ?`, status, id, uploadProcessed)
	return err
}

// claimUpload marks an upload as being processed unless it already was; in
// PostgreSQL the row lock makes a concurrent second call wait and then see
// "processed", in SQLite the write transaction is exclusive anyway.
func (s *store) claimUpload(ctx context.Context, id int64) (bool, error) {
	n, err := s.db.Exec(ctx, `UPDATE uploads SET status = ? WHERE id = ? AND status <> ?`, uploadProcessing, id, uploadProcessed)
	return n == 1, err
}

func (s *store) finishUpload(ctx context.Context, id int64, report string, now time.Time) error {
	_, err := s.db.Exec(ctx, `UPDATE uploads SET status = ?, report = ?, processed_at = ? WHERE id = ?`, uploadProcessed, report, now, id)
	return err
}

// companyAppUser finds a living app user of a company by login or extId
// (column is "login" or "ext_id"); nil when there is none.
func (s *store) companyAppUser(ctx context.Context, companyID int64, column, value string) (*row, error) {
	var rows []*row
	err := s.db.Select(ctx, &rows, selectRow+`WHERE u.corporate_account_id = ? AND u.user_type = ? AND u.anonymized_at IS NULL
		AND u.`+column+` = ?`, companyID, TypeMobile, value)
	if err != nil || len(rows) == 0 {
		return nil, err
	}
	return rows[0], s.decorate(ctx, rows[:1])
}

func (s *store) setMobibCard(ctx context.Context, userID int64, card string, now time.Time) error {
	_, err := s.db.Exec(ctx, `UPDATE users SET mobib_card_number = ?, updated_at = ? WHERE id = ?`, card, now, userID)
	return err
}
