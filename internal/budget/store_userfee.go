package budget

import "context"

// companyPaidOf lists a user's company-paid budgets in the company (the
// candidates of a user fee).
func (s *store) companyPaidOf(ctx context.Context, userID, companyID int64) ([]userFeeCandidate, error) {
	var out []userFeeCandidate
	err := s.db.Select(ctx, &out, `SELECT b.id, b.budget_type, b.activation_status FROM budgets b
		WHERE b.user_id = ? AND b.corporate_account_id = ? AND b.payment_type = ? ORDER BY b.id`, userID, companyID, PaymentCompany)
	return out, err
}
