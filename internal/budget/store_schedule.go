package budget

import (
	"context"
	"strings"

	"mobility/portal/internal/database"
)

// lockAndLoad locks (PostgreSQL) and reads a batch of budgets.
func (s *store) lockAndLoad(ctx context.Context, ids []int64) ([]*row, error) {
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	in := database.Placeholders(len(ids))
	if lock := s.db.Dialect.ForUpdate(); lock != "" {
		var locked []int64
		if err := s.db.Select(ctx, &locked, `SELECT id FROM budgets WHERE id IN (`+in+`) ORDER BY id`+lock, args...); err != nil {
			return nil, err
		}
	}
	// only the columns the period rules read: no joins, less to scan
	var rows []*row
	err := s.db.Select(ctx, &rows, `SELECT b.id, b.user_id, b.budget_type, b.frequency, b.transfer_strategy,
		b.end_of_year_recurrence_strategy, b.activation_status, b.balance, b.frequency_amount, b.pending_frequency_amount,
		b.budget_upper_limit, b.limited, b.end_activation_time, b.created_at, b.period_key FROM budgets b WHERE b.id IN (`+in+`) ORDER BY b.id`, args...)
	return rows, err
}

// setPeriods moves the budgets' latest recorded periods, in one statement
// (runBatch's callers pass at most runBatch budgets, as lockAndLoad reads
// them in one). The caller holds the budgets' locks and read their periods
// under them, so every move is forward and no other run can have made it
// meanwhile.
func (s *store) setPeriods(ctx context.Context, moves []periodMove) error {
	if len(moves) == 0 {
		return nil
	}
	args := make([]any, 0, len(moves)*3)
	for _, m := range moves {
		args = append(args, m.budgetID, m.period)
	}
	for _, m := range moves {
		args = append(args, m.budgetID)
	}
	_, err := s.db.Exec(ctx, `UPDATE budgets SET period_key = CASE id `+strings.Repeat("WHEN ? THEN ? ", len(moves))+
		`END WHERE id IN (`+database.Placeholders(len(moves))+`)`, args...)
	return err
}

func (s *store) applyPendingMany(ctx context.Context, ids []int64) error {
	if len(ids) == 0 {
		return nil
	}
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	_, err := s.db.Exec(ctx, `UPDATE budgets SET previous_frequency_amount = frequency_amount, frequency_amount = pending_frequency_amount,
		pending_frequency_amount = NULL WHERE pending_frequency_amount IS NOT NULL AND id IN (`+database.Placeholders(len(ids))+`)`, args...)
	return err
}

// appendMany writes ledger rows in bulk and moves each budget's cached
// balance by the sum of its rows, in the caller's transaction.
func (s *store) appendMany(ctx context.Context, entries []*txRow) error {
	const chunk = 500 // 5,500 parameters: under both dialects' limits
	for i := 0; i < len(entries); i += chunk {
		part := entries[i:min(i+chunk, len(entries))]
		ph := make([]string, len(part))
		var args []any
		moved := map[int64]int64{}
		var order []int64
		for j, t := range part {
			ph[j] = "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
			args = append(args, t.OspID, t.BudgetID, t.Type, t.Amount, t.BalanceAfter, t.Description, t.ExpenseID, t.PeriodKey,
				t.BookingDate, t.CreatedBy, t.CreatedAt)
			if _, ok := moved[t.BudgetID]; !ok {
				order = append(order, t.BudgetID)
			}
			moved[t.BudgetID] += t.Amount
		}
		if _, err := s.db.Exec(ctx, `INSERT INTO budget_transactions (osp_id, budget_id, tx_type, amount, balance_after, description,
			expense_id, period_key, booking_date, created_by, created_at) VALUES `+strings.Join(ph, ","), args...); err != nil {
			return err
		}
		cases := make([]string, 0, len(order))
		var cargs, ids []any
		for _, id := range order {
			cases = append(cases, "WHEN ? THEN CAST(? AS BIGINT)")
			cargs = append(cargs, id, moved[id])
			ids = append(ids, id)
		}
		q := `UPDATE budgets SET balance = balance + CASE id ` + strings.Join(cases, " ") + ` ELSE 0 END WHERE id IN (` +
			database.Placeholders(len(ids)) + `)`
		if _, err := s.db.Exec(ctx, q, append(cargs, ids...)...); err != nil {
			return err
		}
	}
	return nil
}
