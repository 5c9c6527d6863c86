package budget

import (
	"context"
	"strings"
	"time"
)

// lockAndLoad locks (PostgreSQL) and reads a batch of budgets.
func (s *store) lockAndLoad(ctx context.Context, ids []int64) ([]*row, error) {
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	in := strings.TrimSuffix(strings.Repeat("?,", len(ids)), ",")
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
		b.budget_upper_limit, b.limited, b.end_activation_time, b.created_at FROM budgets b WHERE b.id IN (`+in+`) ORDER BY b.id`, args...)
	return rows, err
}

// markPeriods claims runs in one statement and returns the budgets whose
// claim is new; a row that exists already is left alone.
func (s *store) markPeriods(ctx context.Context, runs []periodRun, now time.Time) (map[claimKey]bool, error) {
	fresh := map[claimKey]bool{}
	if len(runs) == 0 {
		return fresh, nil
	}
	ph := make([]string, len(runs))
	args := make([]any, 0, len(runs)*4)
	for i, r := range runs {
		ph[i] = "(?, ?, ?, ?)"
		args = append(args, r.budgetID, r.period, r.outcome, now)
	}
	var claimed []struct {
		BudgetID int64  `db:"budget_id"`
		Period   string `db:"period_key"`
	}
	for i := 0; i < len(ph); i += 2000 { // 8,000 parameters a statement: under both dialects' limits
		part := ph[i:min(i+2000, len(ph))]
		if err := s.db.Select(ctx, &claimed, `INSERT INTO budget_period_runs (budget_id, period_key, outcome, created_at) VALUES `+
			strings.Join(part, ",")+` ON CONFLICT DO NOTHING RETURNING budget_id, period_key`, args[i*4:(i+len(part))*4]...); err != nil {
			return fresh, err
		}
		for _, c := range claimed {
			fresh[claimKey{c.BudgetID, c.Period}] = true
		}
		claimed = claimed[:0]
	}
	return fresh, nil
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
		pending_frequency_amount = NULL WHERE pending_frequency_amount IS NOT NULL AND id IN (`+strings.TrimSuffix(strings.Repeat("?,", len(ids)), ",")+`)`, args...)
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
			strings.TrimSuffix(strings.Repeat("?,", len(ids)), ",") + `)`
		if _, err := s.db.Exec(ctx, q, append(cargs, ids...)...); err != nil {
			return err
		}
	}
	return nil
}

// lastPeriods returns each budget's latest recorded period key (budgets
// with none are absent). Keys compare as strings in time order within a
// frequency; across a change of frequency the change itself recorded the
// current period under the new one, which is then the latest.
func (s *store) lastPeriods(ctx context.Context, ids []int64) (map[int64]string, error) {
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	var rows []struct {
		BudgetID int64   `db:"budget_id"`
		Last     *string `db:"last"`
	}
	// one index seek per budget to its latest key (a MAX ... GROUP BY
	// would read every period the budget ever had)
	err := s.db.Select(ctx, &rows, `SELECT b.id AS budget_id, (SELECT r.period_key FROM budget_period_runs r WHERE r.budget_id = b.id
		ORDER BY r.period_key DESC LIMIT 1) AS last FROM budgets b WHERE b.id IN (`+
		strings.TrimSuffix(strings.Repeat("?,", len(ids)), ",")+`)`, args...)
	out := make(map[int64]string, len(rows))
	for _, r := range rows {
		if r.Last != nil {
			out[r.BudgetID] = *r.Last
		}
	}
	return out, err
}
