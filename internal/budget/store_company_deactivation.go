package budget

import (
	"context"
	"time"

	"mobility/portal/internal/access"
)

func (s *store) switchOffCompany(ctx context.Context, scope access.Scope, companyID int64, extraCostsUntil string, end, now time.Time) (int64, error) {
	cond, args := scope.InCompanies("corporate_account_id")
	return s.db.Exec(ctx, `UPDATE budgets SET activation_status = ?, end_activation_time = ?, off_with_account = TRUE,
		extra_costs_until = ?, updated_at = ? WHERE corporate_account_id = ? AND activation_status <> ? AND `+cond,
		append([]any{StatusDeactivated, end, extraCostsUntil, now, companyID, StatusDeactivated}, args...)...)
}

func (s *store) offWithCompany(ctx context.Context, scope access.Scope, companyID int64) ([]int64, error) {
	cond, args := scope.InCompanies("b.corporate_account_id")
	var ids []int64
	err := s.db.Select(ctx, &ids, `SELECT b.id FROM budgets b WHERE b.corporate_account_id = ? AND b.off_with_account AND `+cond+` ORDER BY b.id`,
		append([]any{companyID}, args...)...)
	return ids, err
}

func (s *store) switchOnCompany(ctx context.Context, scope access.Scope, companyID int64, now time.Time) (int64, error) {
	cond, args := scope.InCompanies("corporate_account_id")
	return s.db.Exec(ctx, `UPDATE budgets SET activation_status = ?, end_activation_time = NULL, off_with_account = FALSE,
		extra_costs_until = NULL, updated_at = ? WHERE corporate_account_id = ? AND off_with_account AND `+cond,
		append([]any{StatusReactivated, now, companyID}, args...)...)
}

func (s *store) closeExtraCosts(ctx context.Context, scope access.Scope, companyID int64) error {
	cond, args := scope.InCompanies("corporate_account_id")
	_, err := s.db.Exec(ctx, `UPDATE budgets SET extra_costs_until = NULL WHERE corporate_account_id = ? AND extra_costs_until IS NOT NULL AND `+cond,
		append([]any{companyID}, args...)...)
	return err
}

func (s *store) companyBalances(ctx context.Context, scope access.Scope, companyID int64) ([]Balance, error) {
	cond, args := scope.InCompanies("b.corporate_account_id")
	var rows []Balance
	err := s.db.Select(ctx, &rows, `SELECT b.id, b.osp_id, b.user_id, b.budget_type, b.payment_type, b.balance FROM budgets b
		WHERE b.corporate_account_id = ? AND b.balance <> 0 AND `+cond+` ORDER BY b.id`, append([]any{companyID}, args...)...)
	return rows, err
}

// extraCostsUntil reads the window of a budget the caller locked already.
func (s *store) extraCostsUntil(ctx context.Context, budgetID int64) (*string, error) {
	var until *string
	err := s.db.Get(ctx, &until, `SELECT b.extra_costs_until FROM budgets b WHERE b.id = ?`, budgetID)
	return until, err
}
