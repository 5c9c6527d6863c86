package user

import (
	"context"
	"strings"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/database"
	"mobility/portal/internal/paging"
)

func (s *store) insertSelfRegistrationLink(ctx context.Context, tokenHash string, companyID, by int64, now, expires time.Time) error {
	_, err := s.db.Exec(ctx, `INSERT INTO self_registration_links (token_hash, corporate_account_id, created_by, created_at, expires_at)
		VALUES (?, ?, ?, ?, ?)`, tokenHash, companyID, by, now, expires)
	return err
}

type parkingRow struct {
	OspID        string     `db:"osp_id"`
	ParkingName  string     `db:"parking_name"`
	LicensePlate string     `db:"license_plate"`
	StartedAt    time.Time  `db:"started_at"`
	EndedAt      *time.Time `db:"ended_at"`
	AmountCents  int64      `db:"amount_cents"`
}

// parkingSessions pages a user's parking stays, newest first, with the total.
func (s *store) parkingSessions(ctx context.Context, userID int64, pg paging.Pagination) ([]parkingRow, int, error) {
	var total int
	if err := s.db.Get(ctx, &total, `SELECT COUNT(*) FROM parking_sessions WHERE user_id = ?`, userID); err != nil {
		return nil, 0, err
	}
	var rows []parkingRow
	err := s.db.Select(ctx, &rows, `SELECT osp_id, parking_name, license_plate, started_at, ended_at, amount_cents
		FROM parking_sessions WHERE user_id = ? ORDER BY started_at DESC, id DESC LIMIT ? OFFSET ?`, userID, pg.Size, pg.Offset())
	return rows, total, err
}

// resolvedColumns are what Resolve answers: the users table only.
const resolvedColumns = `SELECT u.id, u.osp_id, u.corporate_account_id, u.user_type, u.firstname, u.lastname, u.email,
	u.language, u.active, u.contract_id FROM users u `

// resolve reads a user by public id within the scope, users table only.
func (s *store) resolve(ctx context.Context, scope access.Scope, ospID string) (*row, error) {
	cond, args := scoped(scope)
	var r row
	err := s.db.Get(ctx, &r, resolvedColumns+`WHERE u.osp_id = ? AND `+cond, append([]any{ospID}, args...)...)
	return &r, err
}

// byIDIn reads a user by id within the scope, in one query, users table only.
func (s *store) byIDIn(ctx context.Context, scope access.Scope, id int64) (*row, error) {
	cond, args := scoped(scope)
	var r row
	err := s.db.Get(ctx, &r, resolvedColumns+`WHERE u.id = ? AND `+cond, append([]any{id}, args...)...)
	return &r, err
}

// contacts lists the active users of a company with a contact type, in one query.
func (s *store) contacts(ctx context.Context, companyID int64, contactType string) ([]row, error) {
	var rows []row
	err := s.db.Select(ctx, &rows, resolvedColumns+`JOIN user_contact_types ct ON ct.user_id = u.id
		WHERE u.corporate_account_id = ? AND ct.contact_type = ? AND u.active AND u.anonymized_at IS NULL ORDER BY u.id`, companyID, contactType)
	return rows, err
}

// displays reads the display fields of users by id within scope.
func (s *store) displays(ctx context.Context, scope access.Scope, ids []int64) ([]Display, error) {
	cond, a := scoped(scope)
	return database.SelectIn[Display](ctx, s.db, ids, func(in string) string {
		return `SELECT u.id, u.osp_id, u.firstname, u.lastname, u.email, u.language, u.contract_id, u.login, u.active, u.deactivated_at
			FROM users u WHERE u.id IN (` + in + `) AND ` + cond
	}, a...)
}

// idsInCompany resolves public ids to ids within one company, leaving out
// unknown, foreign and anonymized users; one query.
func (s *store) idsInCompany(ctx context.Context, companyID int64, ospIDs []string) (map[string]int64, error) {
	out := map[string]int64{}
	if len(ospIDs) == 0 {
		return out, nil
	}
	args := []any{companyID}
	for _, o := range ospIDs {
		args = append(args, o)
	}
	var rows []struct {
		ID    int64  `db:"id"`
		OspID string `db:"osp_id"`
	}
	err := s.db.Select(ctx, &rows, `SELECT id, osp_id FROM users WHERE corporate_account_id = ? AND anonymized_at IS NULL AND osp_id IN (`+
		strings.TrimSuffix(strings.Repeat("?,", len(ospIDs)), ",")+`)`, args...)
	for _, r := range rows {
		out[r.OspID] = r.ID
	}
	return out, err
}

// countActiveAppUsers counts a company's active, not anonymized app users
// (what maxUsers caps).
func (s *store) countActiveAppUsers(ctx context.Context, companyID int64) (int, error) {
	var n int
	err := s.db.Get(ctx, &n, `SELECT COUNT(*) FROM users WHERE corporate_account_id = ? AND user_type = 'mobile'
		AND active AND anonymized_at IS NULL`, companyID)
	return n, err
}
