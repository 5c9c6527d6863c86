package budget

import (
	"context"
	"strings"

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
	out := map[int64][]userBudgetCandidate{}
	for start := 0; start < len(userIDs); start += 500 {
		part := userIDs[start:min(start+500, len(userIDs))]
		var rows []userBudgetCandidate
		args := []any{PaymentCompany}
		for _, id := range part {
			args = append(args, id)
		}
		if err := s.db.Select(ctx, &rows, `SELECT b.id, b.budget_type, b.activation_status, b.user_id, b.corporate_account_id
			FROM budgets b WHERE b.payment_type = ? AND b.user_id IN (`+database.Placeholders(len(part))+`) ORDER BY b.user_id, b.id`,
			args...); err != nil {
			return nil, err
		}
		for _, r := range rows {
			out[r.UserID] = append(out[r.UserID], r)
		}
	}
	return out, nil
}

// lockByIDs locks and reads budgets by id (in id order, the order every
// batch locks them in).
func (s *store) lockByIDs(ctx context.Context, ids []int64) (map[int64]*row, error) {
	out := map[int64]*row{}
	for start := 0; start < len(ids); start += 500 {
		part := ids[start:min(start+500, len(ids))]
		args := make([]any, len(part))
		for i, id := range part {
			args[i] = id
		}
		if lock := s.db.Dialect.ForUpdate(); lock != "" {
			var locked []int64
			if err := s.db.Select(ctx, &locked, `SELECT b.id FROM budgets b WHERE b.id IN (`+database.Placeholders(len(part))+
				`) ORDER BY b.id`+lock, args...); err != nil {
				return nil, err
			}
		}
		var rows []*row
		if err := s.db.Select(ctx, &rows, selectRow+`WHERE b.id IN (`+database.Placeholders(len(part))+`)`, args...); err != nil {
			return nil, err
		}
		for _, r := range rows {
			out[r.ID] = r
		}
	}
	return out, nil
}

// appendTxs appends ledger rows (their balance_after set by the caller,
// one chain per budget) and moves the budgets' cached balances by their
// sum, in one statement per 200 rows and one per 200 budgets.
func (s *store) appendTxs(ctx context.Context, txs []*txRow) error {
	sums := map[int64]int64{}
	var order []int64
	for start := 0; start < len(txs); start += 200 {
		part := txs[start:min(start+200, len(txs))]
		ph := make([]string, len(part))
		args := make([]any, 0, 11*len(part))
		for i, t := range part {
			ph[i] = "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
			args = append(args, t.OspID, t.BudgetID, t.Type, t.Amount, t.BalanceAfter, t.Description, t.ExpenseID, t.PeriodKey,
				t.BookingDate, t.CreatedBy, t.CreatedAt)
			if _, ok := sums[t.BudgetID]; !ok {
				order = append(order, t.BudgetID)
			}
			sums[t.BudgetID] += t.Amount
		}
		if _, err := s.db.Exec(ctx, `INSERT INTO budget_transactions (osp_id, budget_id, tx_type, amount, balance_after, description,
			expense_id, period_key, booking_date, created_by, created_at) VALUES `+strings.Join(ph, ", "), args...); err != nil {
			return err
		}
	}
	for start := 0; start < len(order); start += 200 {
		part := order[start:min(start+200, len(order))]
		ph := make([]string, len(part))
		args := make([]any, 0, 2*len(part))
		for i, id := range part {
			ph[i] = "(CAST(? AS BIGINT), CAST(? AS BIGINT))"
			args = append(args, id, sums[id])
		}
		if _, err := s.db.Exec(ctx, `UPDATE budgets SET balance = budgets.balance + v.column2 FROM (VALUES `+strings.Join(ph, ", ")+
			`) AS v WHERE budgets.id = v.column1`, args...); err != nil {
			return err
		}
	}
	return nil
}
