package expense

import (
	"cmp"
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/database"
	"mobility/portal/internal/money"
)

// addMonthly adds increments to the monthly totals, in the caller's
// transaction (the one that wrote the expenses); in a posting of a
// group-commit batch, once for the whole batch just before its commit
// (database.Deferred: monthlyWriter).
func (s *store) addMonthly(ctx context.Context, rows []MonthlyTotal) error {
	return s.monthly.Add(ctx, rows...)
}

// monthlyWriter is the deferred writer of the monthly totals (one per
// store: it writes with the store's database).
func (s *store) monthlyWriter() *database.Deferred[MonthlyTotal] {
	return &database.Deferred[MonthlyTotal]{Name: "expense_monthly_totals", Flush: s.writeMonthly}
}

// writeMonthly writes increments, those of one row summed first (a
// batch's expenses share their company's rollup rows, and one statement
// may not move a row twice on PostgreSQL), in the order of the table's
// key, so two transactions take the rows' locks in the same order.
func (s *store) writeMonthly(ctx context.Context, rows []MonthlyTotal) error {
	merged, err := database.SumRows(rows, keyOf, compareMonthlyKeys, addMonthlyTotal)
	if err != nil {
		return err
	}
	err = database.InsertValues(len(merged), 7, func(i int, args []any) []any {
		m := &merged[i]
		return append(args, m.CompanyID, m.UserID, m.Month, m.MobilityMode, m.Provider, m.Count, m.Sum)
	}, func(values string, args []any) error {
		_, err := s.db.Exec(ctx, `INSERT INTO expense_monthly_totals (corporate_account_id, user_id, month, mobility_mode, provider,
			expense_count, amount_sum) VALUES `+values+` ON CONFLICT (corporate_account_id, user_id, month, mobility_mode, provider)
			DO UPDATE SET expense_count = expense_monthly_totals.expense_count + excluded.expense_count,
			amount_sum = expense_monthly_totals.amount_sum + excluded.amount_sum`, args...)
		return err
	})
	if err != nil {
		return err
	}
	return nil
}

func compareMonthlyKeys(a, b monthlyKey) int {
	return cmp.Or(cmp.Compare(a.company, b.company), cmp.Compare(a.user, b.user), cmp.Compare(a.month, b.month), cmp.Compare(a.mode, b.mode),
		cmp.Compare(a.provr, b.provr))
}

// addMonthlyTotal sums two increments of one row (refused past int64).
func addMonthlyTotal(into *MonthlyTotal, from MonthlyTotal) (err error) {
	if into.Count, err = money.Add(into.Count, from.Count); err != nil {
		return err
	}
	into.Sum, err = money.Add(into.Sum, from.Sum)
	return err
}

func (s *store) monthlyTotals(ctx context.Context, scope access.Scope, q MonthlyQuery) ([]MonthlyTotal, error) {
	cond, args := scope.InCompanies("corporate_account_id")
	where := "month >= ? AND month <= ? AND " + cond
	args = append([]any{q.MonthFrom, q.MonthTo}, args...)
	const cols = "corporate_account_id, user_id, month, mobility_mode, provider, expense_count, amount_sum"
	group := " AND user_id = -1" // the rollup rows
	if q.ByUser {
		group = " AND user_id <> -1"
	}
	if q.CompanyIDs == nil {
		var out []MonthlyTotal
		err := s.db.Select(ctx, &out, `SELECT `+cols+` FROM expense_monthly_totals WHERE `+where+group, args...)
		return out, err
	}
	return database.SelectIn[MonthlyTotal](ctx, s.db, q.CompanyIDs, func(in string) string {
		return `SELECT ` + cols + ` FROM expense_monthly_totals WHERE corporate_account_id IN (` + in + `) AND ` + where + group
	}, args...)
}

func (s *store) monthlyAll(ctx context.Context) ([]MonthlyTotal, error) {
	var out []MonthlyTotal
	err := s.db.Select(ctx, &out, `SELECT corporate_account_id, user_id, month, mobility_mode, provider, expense_count, amount_sum
		FROM expense_monthly_totals`)
	return out, err
}

func (s *store) replaceMonthly(ctx context.Context, rows []MonthlyTotal) error {
	if _, err := s.db.Exec(ctx, `DELETE FROM expense_monthly_totals`); err != nil {
		return err
	}
	return s.addMonthly(ctx, rows)
}

// expenseKeys pages through the expenses' grouping columns by id.
func (s *store) expenseKeys(ctx context.Context, afterID int64, limit int) ([]expenseRow, error) {
	var out []expenseRow
	err := s.db.Select(ctx, &out, `SELECT id, user_id, corporate_account_id, expense_date, mobility_mode, mrp_code FROM expenses
		WHERE id > ? ORDER BY id LIMIT ?`, afterID, limit)
	return out, err
}
