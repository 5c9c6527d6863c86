package user

import (
	"context"
	"time"

	"mobility/portal/internal/access"
)

// activeAdminIDs lists the active portal users (type admin) matching cond
// within scope.
func (s *store) activeAdminIDs(ctx context.Context, scope access.Scope, cond string, arg int64) ([]int64, error) {
	sc, args := scoped(scope)
	var ids []int64
	err := s.db.Select(ctx, &ids, `SELECT u.id FROM users u WHERE `+cond+` AND u.active AND u.user_type = ? AND u.anonymized_at IS NULL AND `+sc,
		append([]any{arg, TypeAdmin}, args...)...)
	return ids, err
}

// switchOffAccount deactivates and marks the active users matching cond
// within scope.
func (s *store) switchOffAccount(ctx context.Context, scope access.Scope, cond string, arg int64, now time.Time) (int64, error) {
	sc, args := scoped(scope)
	return s.db.Exec(ctx, `UPDATE users SET active = FALSE, off_with_account = TRUE, desired_activation_date = NULL, deactivated_at = ?,
		updated_at = ? WHERE id IN (SELECT u.id FROM users u WHERE `+cond+` AND u.active AND u.anonymized_at IS NULL AND `+sc+`)`,
		append([]any{now, now, arg}, args...)...)
}

// switchOnAccount activates the marked users matching cond within scope
// and clears their mark.
func (s *store) switchOnAccount(ctx context.Context, scope access.Scope, cond string, arg int64, now time.Time) (int64, error) {
	sc, args := scoped(scope)
	return s.db.Exec(ctx, `UPDATE users SET active = TRUE, off_with_account = FALSE, start_activation_time = ?, deactivated_at = NULL, updated_at = ?
		WHERE id IN (SELECT u.id FROM users u WHERE `+cond+` AND u.off_with_account AND u.anonymized_at IS NULL AND `+sc+`)`,
		append([]any{now, now, arg}, args...)...)
}

// companyContacts reads the active contacts of a company within scope:
// users of type contact, or with a contact type.
func (s *store) companyContacts(ctx context.Context, scope access.Scope, companyID int64) ([]row, error) {
	sc, args := scoped(scope)
	var rows []row
	err := s.db.Select(ctx, &rows, resolvedColumns+`WHERE u.corporate_account_id = ? AND u.active AND u.anonymized_at IS NULL AND u.email <> ''
		AND (u.user_type = ? OR EXISTS (SELECT 1 FROM user_contact_types ct WHERE ct.user_id = u.id)) AND `+sc+` ORDER BY u.id`,
		append([]any{companyID, TypeContact}, args...)...)
	return rows, err
}
