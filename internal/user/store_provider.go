package user

import (
	"context"

	"mobility/portal/internal/database"
)

func (s *store) appUsersByEmail(ctx context.Context, lower []string) ([]AppUser, error) {
	return database.SelectIn[AppUser](ctx, s.db, lower, func(in string) string {
		return `SELECT u.id, u.osp_id, u.corporate_account_id, u.email, u.active FROM users u
			WHERE LOWER(u.email) IN (` + in + `) AND u.user_type = ? AND u.corporate_account_id IS NOT NULL
			AND u.anonymized_at IS NULL ORDER BY u.id`
	}, TypeMobile)
}

func (s *store) appUsersByOspID(ctx context.Context, companyID int64, ospIDs []string) ([]AppUser, error) {
	return database.SelectIn[AppUser](ctx, s.db, ospIDs, func(in string) string {
		return `SELECT u.id, u.osp_id, u.corporate_account_id, u.email, u.active FROM users u
			WHERE u.osp_id IN (` + in + `) AND u.corporate_account_id = ? AND u.user_type = ? AND u.anonymized_at IS NULL`
	}, companyID, TypeMobile)
}
