package budget

import (
	"context"

	"mobility/portal/internal/database"
)

// companyPaidOf lists a user's company-paid budgets in the company (the
// candidates of a user fee).
func (s *store) companyPaidOf(ctx context.Context, userID, companyID int64) ([]userFeeCandidate, error) {
	var out []userFeeCandidate
	err := s.db.Select(ctx, &out, `SELECT b.id, b.budget_type, b.activation_status FROM budgets b
		WHERE b.user_id = ? AND b.corporate_account_id = ? AND b.payment_type = ? ORDER BY b.id`, userID, companyID, PaymentCompany)
	return out, err
}

// userBudgetCandidate is a company-paid budget of one of several users.
type userBudgetCandidate struct {
	userFeeCandidate
	UserID    int64 `db:"user_id"`
	CompanyID int64 `db:"corporate_account_id"`
}

// companyPaidOfUsers lists the users' company-paid budgets by user, each
// user's ordered by id.
func (s *store) companyPaidOfUsers(ctx context.Context, userIDs []int64) (map[int64][]userBudgetCandidate, error) {
	rows, err := database.SelectIn[userBudgetCandidate](ctx, s.db, userIDs, func(in string) string {
		return `SELECT b.id, b.budget_type, b.activation_status, b.user_id, b.corporate_account_id FROM budgets b
			WHERE b.user_id IN (` + in + `) AND b.payment_type = ? ORDER BY b.user_id, b.id`
	}, PaymentCompany)
	out := map[int64][]userBudgetCandidate{}
	for _, r := range rows {
		out[r.UserID] = append(out[r.UserID], r)
	}
	return out, err
}

// lockByIDs locks and reads budgets by id (in id order, the order every
// batch locks them in).
func (s *store) lockByIDs(ctx context.Context, ids []int64) (map[int64]*row, error) {
	if lock := s.db.Dialect.ForUpdate(); lock != "" {
		if _, err := database.SelectIn[int64](ctx, s.db, ids, func(in string) string {
			return `SELECT b.id FROM budgets b WHERE b.id IN (` + in + `) ORDER BY b.id` + lock
		}); err != nil {
			return nil, err
		}
	}
	rows, err := database.SelectIn[*row](ctx, s.db, ids, func(in string) string { return selectRow + `WHERE b.id IN (` + in + `)` })
	out := make(map[int64]*row, len(rows))
	for _, r := range rows {
		out[r.ID] = r
	}
	return out, err
}
