package reporting

import (
	"context"
	"strings"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/database"
)

type store struct{ db *database.DB }

// reportRow is a stored report without its files.
type reportRow struct {
	ID                    int64     `db:"id"`
	OspID                 string    `db:"osp_id"`
	ReportType            string    `db:"report_type"`
	ReportMonth           string    `db:"report_month"`
	ReportPeriod          string    `db:"report_period"`
	CorporateAccountID    int64     `db:"corporate_account_id"`
	CorporateAccountOspID string    `db:"corporate_account_osp_id"`
	CorporateAccountExtID string    `db:"corporate_account_ext_id"`
	CorporateAccountName  string    `db:"corporate_account_name"`
	MspExtID              string    `db:"msp_ext_id"`
	RowCount              int       `db:"row_count"`
	CreatedAt             time.Time `db:"created_at"`
}

const reportCols = `id, osp_id, report_type, report_month, report_period, corporate_account_id, corporate_account_osp_id,
	corporate_account_ext_id, corporate_account_name, msp_ext_id, row_count, created_at`

type reportFilter struct {
	scope     access.Scope
	typ       string
	month     string
	companyID int64
}

func (f reportFilter) where() (string, []any) {
	cond, args := f.scope.InCompanies("corporate_account_id")
	w := []string{cond}
	if f.typ != "" {
		w = append(w, "report_type = ?")
		args = append(args, f.typ)
	}
	if f.month != "" {
		w = append(w, "report_month = ?")
		args = append(args, f.month)
	}
	if f.companyID != 0 {
		w = append(w, "corporate_account_id = ?")
		args = append(args, f.companyID)
	}
	return " WHERE " + strings.Join(w, " AND "), args
}

func (s *store) find(ctx context.Context, f reportFilter, limit, offset int) ([]reportRow, int, error) {
	where, args := f.where()
	var total int
	if err := s.db.Get(ctx, &total, `SELECT COUNT(*) FROM reports`+where, args...); err != nil {
		return nil, 0, err
	}
	var out []reportRow
	err := s.db.Select(ctx, &out, `SELECT `+reportCols+` FROM reports`+where+`
		ORDER BY report_month DESC, corporate_account_name, report_type, id LIMIT ? OFFSET ?`, append(args, limit, offset)...)
	return out, total, err
}

// reportFile is a report's stored files: its CSV, and its XLSX when it was
// stored (reports made before migration 00020; nil: made on download from
// the CSV and the column kinds).
type reportFile struct {
	reportRow
	XLSX  []byte `db:"xlsx"`
	CSV   []byte `db:"csv"`
	Kinds string `db:"column_kinds"`
}

// file reads a report's files by public id within scope.
func (s *store) file(ctx context.Context, scope access.Scope, ospID string) (*reportFile, error) {
	cond, args := scope.InCompanies("corporate_account_id")
	var r reportFile
	err := s.db.Get(ctx, &r, `SELECT `+reportCols+`, xlsx, csv, column_kinds FROM reports WHERE osp_id = ? AND `+cond, append([]any{ospID}, args...)...)
	if err != nil {
		return nil, err
	}
	return &r, nil
}

// exists tells which of a month's reports exist, by type and company.
func (s *store) existing(ctx context.Context, month string) (map[string]map[int64]bool, error) {
	var rows []struct {
		Type      string `db:"report_type"`
		CompanyID int64  `db:"corporate_account_id"`
	}
	if err := s.db.Select(ctx, &rows, `SELECT report_type, corporate_account_id FROM reports WHERE report_month = ?`, month); err != nil {
		return nil, err
	}
	out := map[string]map[int64]bool{}
	for _, r := range rows {
		if out[r.Type] == nil {
			out[r.Type] = map[int64]bool{}
		}
		out[r.Type][r.CompanyID] = true
	}
	return out, nil
}

// insert stores a report once per (type, company, month); false when it
// already exists (then nothing is written).
func (s *store) insert(ctx context.Context, r *reportRow, csv []byte, kinds string) (bool, error) {
	n, err := s.db.Exec(ctx, `INSERT INTO reports (osp_id, report_type, report_month, report_period, corporate_account_id,
		corporate_account_osp_id, corporate_account_ext_id, corporate_account_name, msp_ext_id, row_count, csv, column_kinds, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
		r.OspID, r.ReportType, r.ReportMonth, r.ReportPeriod, r.CorporateAccountID, r.CorporateAccountOspID, r.CorporateAccountExtID,
		r.CorporateAccountName, r.MspExtID, r.RowCount, csv, kinds, r.CreatedAt)
	return n == 1, err
}

type recipientRow struct {
	ReportType string `db:"report_type"`
	Email      string `db:"email"`
}

func (s *store) recipients(ctx context.Context, companyID int64, typ string) ([]recipientRow, error) {
	q := `SELECT report_type, email FROM report_recipients WHERE corporate_account_id = ?`
	args := []any{companyID}
	if typ != "" {
		q += ` AND report_type = ?`
		args = append(args, typ)
	}
	var out []recipientRow
	err := s.db.Select(ctx, &out, q+` ORDER BY report_type, email`, args...)
	return out, err
}

func (s *store) addRecipient(ctx context.Context, companyID int64, typ, email string, now time.Time) error {
	_, err := s.db.Exec(ctx, `INSERT INTO report_recipients (corporate_account_id, report_type, email, created_at) VALUES (?, ?, ?, ?)
		ON CONFLICT DO NOTHING`, companyID, typ, email, now)
	return err
}

func (s *store) removeRecipient(ctx context.Context, companyID int64, typ, email string) error {
	_, err := s.db.Exec(ctx, `DELETE FROM report_recipients WHERE corporate_account_id = ? AND report_type = ? AND email = ?`,
		companyID, typ, email)
	return err
}

func (s *store) countRecipients(ctx context.Context, companyID int64, typ string) (int, error) {
	var n int
	err := s.db.Get(ctx, &n, `SELECT COUNT(*) FROM report_recipients WHERE corporate_account_id = ? AND report_type = ?`, companyID, typ)
	return n, err
}
