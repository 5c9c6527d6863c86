package budget

import "context"

func (s *store) monthExpenses(ctx context.Context, from, to string, companyPaid bool) ([]MonthExpense, error) {
	paid := ""
	args := []any{from, to}
	if companyPaid {
		paid = ` AND b.payment_type = ?`
		args = append(args, PaymentCompany)
	}
	var rows []MonthExpense
	err := s.db.Select(ctx, &rows, `SELECT b.corporate_account_id, t.expense_id, -SUM(t.amount) AS net,
		MAX(CASE WHEN t.tx_type = 'event' THEN 1 ELSE 0 END) = 1 AS booked
		FROM budget_transactions t JOIN budgets b ON b.id = t.budget_id
		WHERE t.booking_date BETWEEN ? AND ? AND t.expense_id IS NOT NULL AND t.tx_type IN `+expenseTxTypes+paid+`
		GROUP BY b.corporate_account_id, t.expense_id
		ORDER BY b.corporate_account_id, t.expense_id`, args...)
	return rows, err
}
