package budget

import (
	"cmp"
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/database"
	"mobility/portal/internal/money"
)

const monthlyUpsert = ` ON CONFLICT (corporate_account_id, user_id, month, tx_type) DO UPDATE SET
	tx_count = budget_monthly_totals.tx_count + excluded.tx_count, amount_sum = budget_monthly_totals.amount_sum + excluded.amount_sum`

// addMonthly adds increments to the monthly totals, in the caller's
// transaction (the one that wrote the ledger rows); in a posting of a
// group-commit batch, once for the whole batch just before its commit
// (database.Deferred: monthlyWriter).
func (s *store) addMonthly(ctx context.Context, rows []MonthlyTotal) error {
	return s.monthly.Add(ctx, rows...)
}

// monthlyWriter is the deferred writer of the monthly totals (one per
// store: it writes with the store's database).
func (s *store) monthlyWriter() *database.Deferred[MonthlyTotal] {
	return &database.Deferred[MonthlyTotal]{Name: "budget_monthly_totals", Flush: s.writeMonthly}
}

// writeMonthly writes increments, those of one row summed first (a
// batch's postings share their company's rollup rows, and one statement
// may not move a row twice on PostgreSQL), in the order of the table's
// key, so two transactions take the rows' locks in the same order.
func (s *store) writeMonthly(ctx context.Context, rows []MonthlyTotal) error {
	merged, err := database.SumRows(rows, monthlyKeyOf, compareMonthlyKeys, addMonthlyTotal)
	if err != nil {
		return err
	}
	return database.InsertValues(len(merged), 6, func(i int, args []any) []any {
		m := &merged[i]
		return append(args, m.CompanyID, m.UserID, m.Month, m.TxType, m.Count, m.Sum)
	}, func(values string, args []any) error {
		_, err := s.db.Exec(ctx, `INSERT INTO budget_monthly_totals (corporate_account_id, user_id, month, tx_type, tx_count, amount_sum)
			VALUES `+values+monthlyUpsert, args...)
		return err
	})
}

func monthlyKeyOf(m MonthlyTotal) monthlyKey {
	return monthlyKey{m.CompanyID, m.UserID, m.Month, m.TxType}
}

func compareMonthlyKeys(a, b monthlyKey) int {
	return cmp.Or(cmp.Compare(a.company, b.company), cmp.Compare(a.user, b.user), cmp.Compare(a.month, b.month), cmp.Compare(a.txType, b.txType))
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
	const cols = "corporate_account_id, user_id, month, tx_type, tx_count, amount_sum"
	group := " AND user_id = -1" // the rollup rows
	if q.ByUser {
		group = " AND user_id <> -1"
	}
	if q.CompanyIDs == nil {
		var out []MonthlyTotal
		err := s.db.Select(ctx, &out, `SELECT `+cols+` FROM budget_monthly_totals WHERE `+where+group, args...)
		return out, err
	}
	return database.SelectIn[MonthlyTotal](ctx, s.db, q.CompanyIDs, func(in string) string {
		return `SELECT ` + cols + ` FROM budget_monthly_totals WHERE corporate_account_id IN (` + in + `) AND ` + where + group
	}, args...)
}

func (s *store) monthlyAll(ctx context.Context) ([]MonthlyTotal, error) {
	var out []MonthlyTotal
	err := s.db.Select(ctx, &out, `SELECT corporate_account_id, user_id, month, tx_type, tx_count, amount_sum FROM budget_monthly_totals`)
	return out, err
}

// monthlyFromLedger sums the ledger per user and per company (the rollup).
const monthlyFromLedger = `SELECT b.corporate_account_id, COALESCE(b.user_id, 0) AS user_id,
	substr(t.booking_date, 1, 4) || substr(t.booking_date, 6, 2) AS month, t.tx_type, COUNT(*) AS tx_count, CAST(SUM(t.amount) AS BIGINT) AS amount_sum
	FROM budget_transactions t JOIN budgets b ON b.id = t.budget_id
	GROUP BY b.corporate_account_id, COALESCE(b.user_id, 0), substr(t.booking_date, 1, 4) || substr(t.booking_date, 6, 2), t.tx_type
	UNION ALL
	SELECT b.corporate_account_id, -1 AS user_id,
	substr(t.booking_date, 1, 4) || substr(t.booking_date, 6, 2) AS month, t.tx_type, COUNT(*) AS tx_count, CAST(SUM(t.amount) AS BIGINT) AS amount_sum
	FROM budget_transactions t JOIN budgets b ON b.id = t.budget_id
	GROUP BY b.corporate_account_id, substr(t.booking_date, 1, 4) || substr(t.booking_date, 6, 2), t.tx_type`

func (s *store) monthlyFromLedger(ctx context.Context) ([]MonthlyTotal, error) {
	var out []MonthlyTotal
	err := s.db.Select(ctx, &out, monthlyFromLedger)
	return out, err
}

func (s *store) rebuildMonthly(ctx context.Context) error {
	if _, err := s.db.Exec(ctx, `DELETE FROM budget_monthly_totals`); err != nil {
		return err
	}
	_, err := s.db.Exec(ctx, `INSERT INTO budget_monthly_totals (corporate_account_id, user_id, month, tx_type, tx_count, amount_sum) `+
		monthlyFromLedger)
	return err
}

func (s *store) negativeUsersPerCompany(ctx context.Context, scope access.Scope, ids []int64) ([]CompanyFigure, error) {
	// budget_negatives holds exactly the user budgets below zero (its
	// triggers, migration 00037): the count reads no budget
	cond, args := scope.InCompanies("n.corporate_account_id")
	q := `SELECT n.corporate_account_id, COUNT(DISTINCT n.user_id) AS negative_users FROM budget_negatives n WHERE ` + cond
	if ids == nil {
		var out []CompanyFigure
		err := s.db.Select(ctx, &out, q+` GROUP BY n.corporate_account_id`, args...)
		return out, err
	}
	return database.SelectIn[CompanyFigure](ctx, s.db, ids, func(in string) string {
		return q + ` AND n.corporate_account_id IN (` + in + `) GROUP BY n.corporate_account_id`
	}, args...)
}

func (s *store) companyBudgetsOf(ctx context.Context, scope access.Scope, ids []int64) ([]CompanyFigure, error) {
	cond, args := scope.InCompanies("b.corporate_account_id")
	q := `SELECT b.corporate_account_id, b.balance, b.threshold FROM budgets b
		WHERE b.user_id IS NULL AND b.budget_type = '` + TypeCompany + `' AND ` + cond
	if ids == nil {
		var out []CompanyFigure
		err := s.db.Select(ctx, &out, q+` ORDER BY b.id`, args...)
		return out, err
	}
	return database.SelectIn[CompanyFigure](ctx, s.db, ids, func(in string) string {
		return q + ` AND b.corporate_account_id IN (` + in + `) ORDER BY b.id`
	}, args...)
}

func (s *store) balancesAt(ctx context.Context, scope access.Scope, companyID int64, date string) ([]MonthEndBalance, error) {
	cond, args := scope.InCompanies("b.corporate_account_id")
	var out []MonthEndBalance
	err := s.db.Select(ctx, &out, `SELECT b.id, b.osp_id, b.user_id, b.budget_type,
		COALESCE((SELECT t.balance_after FROM budget_transactions t WHERE t.budget_id = b.id AND t.booking_date <= ?
			ORDER BY t.id DESC LIMIT 1), 0) AS balance
		FROM budgets b WHERE b.corporate_account_id = ? AND `+cond+` ORDER BY b.user_id, b.id`,
		append([]any{date, companyID}, args...)...)
	return out, err
}

func (s *store) monthTransactions(ctx context.Context, scope access.Scope, companyID int64, from, to string) ([]MonthTransaction, error) {
	cond, args := scope.InCompanies("b.corporate_account_id")
	var out []MonthTransaction
	err := s.db.Select(ctx, &out, `SELECT t.osp_id, b.user_id, b.budget_type, t.tx_type, t.amount, t.booking_date, t.description
		FROM budgets b JOIN budget_transactions t ON t.budget_id = b.id
		WHERE b.corporate_account_id = ? AND t.booking_date >= ? AND t.booking_date <= ? AND `+cond+` ORDER BY t.booking_date, t.id`,
		append([]any{companyID, from, to}, args...)...)
	return out, err
}

type budgetOwner struct {
	ID        int64  `db:"id"`
	CompanyID int64  `db:"corporate_account_id"`
	UserID    *int64 `db:"user_id"`
}

func (s *store) budgetOwners(ctx context.Context, ids []int64) (map[int64]budgetOwner, error) {
	rows, err := database.SelectIn[budgetOwner](ctx, s.db, ids, func(in string) string {
		return `SELECT id, corporate_account_id, user_id FROM budgets WHERE id IN (` + in + `)`
	})
	if err != nil {
		return nil, err
	}
	out := make(map[int64]budgetOwner, len(rows))
	for _, r := range rows {
		out[r.ID] = r
	}
	return out, nil
}
