package user

import (
	"context"
	"time"
)

// activeAdminIDs lists the active portal users (type admin) matching cond.
func (s *store) activeAdminIDs(ctx context.Context, cond string, arg int64) ([]int64, error) {
	var ids []int64
	err := s.db.Select(ctx, &ids, `SELECT u.id FROM users u WHERE `+cond+` AND u.active AND u.user_type = ? AND u.anonymized_at IS NULL`, arg, TypeAdmin)
	return ids, err
}

// switchOffAccount deactivates and marks the active users matching cond.
func (s *store) switchOffAccount(ctx context.Context, cond string, arg int64, now time.Time) (int64, error) {
	return s.db.Exec(ctx, `UPDATE users SET active = FALSE, off_with_account = TRUE, desired_activation_date = NULL, updated_at = ?
		WHERE id IN (SELECT u.id FROM users u WHERE `+cond+` AND u.active AND u.anonymized_at IS NULL)`, now, arg)
}

// switchOnAccount activates the marked users matching cond (on the users
// table, no alias) and clears their mark.
func (s *store) switchOnAccount(ctx context.Context, cond string, arg int64, now time.Time) (int64, error) {
	return s.db.Exec(ctx, `UPDATE users SET active = TRUE, off_with_account = FALSE, start_activation_time = ?, updated_at = ?
		WHERE off_with_account AND anonymized_at IS NULL AND `+cond, now, now, arg)
}

// companyContacts reads the active contacts of a company: users of type
// contact, or with a contact type.
func (s *store) companyContacts(ctx context.Context, companyID int64) ([]row, error) {
	var rows []row
	err := s.db.Select(ctx, &rows, resolvedColumns+`WHERE u.corporate_account_id = ? AND u.active AND u.anonymized_at IS NULL AND u.email <> ''
		AND (u.user_type = ? OR EXISTS (SELECT 1 FROM user_contact_types ct WHERE ct.user_id = u.id)) ORDER BY u.id`, companyID, TypeContact)
	return rows, err
}
