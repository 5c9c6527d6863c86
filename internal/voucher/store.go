package voucher

import (
	"context"
	"strings"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/database"
	"mobility/portal/internal/paging"
)

type store struct{ db *database.DB }

// uploadRow is a voucher_uploads row.
type uploadRow struct {
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
	ProcessedBy *int64     `db:"processed_by"`
	ProcessedAt *time.Time `db:"processed_at"`
}

// voucherRow is a vouchers row.
type voucherRow struct {
	ID                int64      `db:"id"`
	OspID             string     `db:"osp_id"`
	Code              string     `db:"code"`
	Value             int64      `db:"value_cents"`
	ValidFrom         string     `db:"valid_from"`
	ValidUntil        string     `db:"valid_until"`
	Description       string     `db:"description"`
	CompanyID         int64      `db:"corporate_account_id"`
	UserID            *int64     `db:"user_id"`
	Status            string     `db:"status"`
	RedeemedAt        *time.Time `db:"redeemed_at"`
	RedeemedBy        *int64     `db:"redeemed_by"`
	RedeemedReference string     `db:"redeemed_reference"`
	RecordedBy        *int64     `db:"recorded_by"`
	UploadID          int64      `db:"upload_id"`
	UploadOspID       string     `db:"upload_osp_id"`
	CreatedAt         time.Time  `db:"created_at"`
}

func (s *store) insertUpload(ctx context.Context, r *uploadRow) error {
	id, err := s.db.Insert(ctx, `INSERT INTO voucher_uploads (osp_id, corporate_account_id, filename, content, row_count, status,
		created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, r.OspID, r.CompanyID, r.Filename, r.Content, r.RowCount,
		r.Status, r.CreatedBy, r.CreatedAt)
	r.ID = id
	return err
}

const selectUpload = `SELECT u.id, u.osp_id, u.corporate_account_id, u.filename, u.content, u.row_count, u.status, u.report,
	u.created_by, u.created_at, u.processed_by, u.processed_at FROM voucher_uploads u `

// upload finds an upload within scope; lock takes its row lock
// (PostgreSQL), so two process calls run one after the other.
func (s *store) upload(ctx context.Context, scope access.Scope, ospID string, lock bool) (*uploadRow, error) {
	cond, args := scope.InCompanies("u.corporate_account_id")
	forUpdate := ""
	if lock {
		forUpdate = s.db.Dialect.ForUpdate()
	}
	var r uploadRow
	err := s.db.Get(ctx, &r, selectUpload+`WHERE u.osp_id = ? AND `+cond+forUpdate, append([]any{ospID}, args...)...)
	return &r, err
}

func (s *store) uploads(ctx context.Context, scope access.Scope, p paging.Pagination) ([]uploadRow, int, error) {
	cond, args := scope.InCompanies("u.corporate_account_id")
	var total int
	if err := s.db.Get(ctx, &total, `SELECT COUNT(*) FROM voucher_uploads u WHERE `+cond, args...); err != nil {
		return nil, 0, err
	}
	var rows []uploadRow
	err := s.db.Select(ctx, &rows, `SELECT u.id, u.osp_id, u.corporate_account_id, u.filename, u.row_count, u.status, u.report,
		u.created_by, u.created_at, u.processed_by, u.processed_at FROM voucher_uploads u WHERE `+cond+
		` ORDER BY u.created_at DESC, u.id DESC LIMIT ? OFFSET ?`, append(args, p.Size, p.Offset())...)
	return rows, total, err
}

func (s *store) markProcessed(ctx context.Context, id int64, report string, by int64, now time.Time) error {
	_, err := s.db.Exec(ctx, `UPDATE voucher_uploads SET status = 'PROCESSED', report = ?, processed_by = ?, processed_at = ? WHERE id = ?`,
		report, by, now, id)
	return err
}

// existing answers the vouchers with these codes, by code, in one query
// per 500 codes.
func (s *store) existing(ctx context.Context, codes []string) (map[string]voucherRow, error) {
	rows, err := database.SelectIn[voucherRow](ctx, s.db, codes, func(in string) string {
		return selectVoucher + `WHERE v.code IN (` + in + `)`
	})
	out := make(map[string]voucherRow, len(rows))
	for _, r := range rows {
		out[r.Code] = r
	}
	return out, err
}

// insertVouchers writes a file's new vouchers, a statement per 100.
func (s *store) insertVouchers(ctx context.Context, rows []*voucherRow) error {
	for i := 0; i < len(rows); i += 100 {
		part := rows[i:min(i+100, len(rows))]
		var sb strings.Builder
		args := make([]any, 0, len(part)*11)
		sb.WriteString(`INSERT INTO vouchers (osp_id, code, value_cents, valid_from, valid_until, description, corporate_account_id,
			user_id, status, upload_id, created_at) VALUES `)
		for j, r := range part {
			if j > 0 {
				sb.WriteString(", ")
			}
			sb.WriteString("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
			args = append(args, r.OspID, r.Code, r.Value, r.ValidFrom, r.ValidUntil, r.Description, r.CompanyID, r.UserID,
				r.Status, r.UploadID, r.CreatedAt)
		}
		if _, err := s.db.Exec(ctx, sb.String(), args...); err != nil {
			return err
		}
	}
	return nil
}

const selectVoucher = `SELECT v.id, v.osp_id, v.code, v.value_cents, v.valid_from, v.valid_until, v.description,
	v.corporate_account_id, v.user_id, v.status, v.redeemed_at, v.redeemed_by, v.redeemed_reference, v.recorded_by, v.upload_id,
	(SELECT u.osp_id FROM voucher_uploads u WHERE u.id = v.upload_id) AS upload_osp_id, v.created_at FROM vouchers v `

// byCode finds a voucher by code within scope and locks it.
func (s *store) byCode(ctx context.Context, scope access.Scope, code string) (*voucherRow, error) {
	cond, args := scope.InCompanies("v.corporate_account_id")
	var r voucherRow
	err := s.db.Get(ctx, &r, selectVoucher+`WHERE v.code = ? AND `+cond+s.db.Dialect.ForUpdate(), append([]any{code}, args...)...)
	return &r, err
}

func (s *store) redeem(ctx context.Context, id, userID, by int64, reference string, now time.Time) error {
	_, err := s.db.Exec(ctx, `UPDATE vouchers SET status = 'REDEEMED', redeemed_at = ?, redeemed_by = ?, recorded_by = ?,
		redeemed_reference = ? WHERE id = ? AND status = 'ISSUED'`, now, userID, by, reference, id)
	return err
}

type listFilter struct {
	scope     access.Scope
	companyID int64
	userID    int64
	status    string
	code      string
	today     string
}

func (s *store) list(ctx context.Context, f listFilter, p paging.Pagination) ([]voucherRow, int, error) {
	cond, args := f.scope.InCompanies("v.corporate_account_id")
	where := []string{cond}
	if f.companyID != 0 {
		where = append(where, "v.corporate_account_id = ?")
		args = append(args, f.companyID)
	}
	if f.userID != 0 {
		where = append(where, "(v.user_id = ? OR v.redeemed_by = ?)")
		args = append(args, f.userID, f.userID)
	}
	switch f.status {
	case StatusRedeemed:
		where = append(where, "v.status = 'REDEEMED'")
	case StatusIssued:
		where = append(where, "v.status = 'ISSUED' AND v.valid_until >= ?")
		args = append(args, f.today)
	case StatusExpired:
		where = append(where, "v.status = 'ISSUED' AND v.valid_until < ?")
		args = append(args, f.today)
	}
	if f.code != "" {
		where = append(where, "v.code LIKE ?")
		args = append(args, f.code+"%")
	}
	clause := "WHERE " + strings.Join(where, " AND ")
	var total int
	if err := s.db.Get(ctx, &total, `SELECT COUNT(*) FROM vouchers v `+clause, args...); err != nil {
		return nil, 0, err
	}
	var rows []voucherRow
	err := s.db.Select(ctx, &rows, selectVoucher+clause+` ORDER BY v.id DESC LIMIT ? OFFSET ?`, append(args, p.Size, p.Offset())...)
	return rows, total, err
}

// usersOfCode answers the users a voucher with exactly this code was
// issued to or redeemed by (the user search's read model).
func (s *store) usersOfCode(ctx context.Context, code string) ([]int64, error) {
	var rows []struct {
		UserID     *int64 `db:"user_id"`
		RedeemedBy *int64 `db:"redeemed_by"`
	}
	if err := s.db.Select(ctx, &rows, `SELECT v.user_id, v.redeemed_by FROM vouchers v WHERE v.code = ?`, code); err != nil {
		return nil, err
	}
	var out []int64
	for _, r := range rows {
		for _, id := range []*int64{r.UserID, r.RedeemedBy} {
			if id != nil && (len(out) == 0 || out[0] != *id) {
				out = append(out, *id)
			}
		}
	}
	return out, nil
}
