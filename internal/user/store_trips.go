package user

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/database"
)

type userCompany struct {
	ID        int64 `db:"id"`
	CompanyID int64 `db:"corporate_account_id"`
}

// companyIDs reads the company of users by id within scope.
func (s *store) companyIDs(ctx context.Context, scope access.Scope, ids []int64) ([]userCompany, error) {
	cond, a := scoped(scope)
	return database.SelectIn[userCompany](ctx, s.db, ids, func(in string) string {
		return `SELECT u.id, u.corporate_account_id FROM users u WHERE u.id IN (` + in + `)
			AND u.corporate_account_id IS NOT NULL AND ` + cond
	}, a...)
}
