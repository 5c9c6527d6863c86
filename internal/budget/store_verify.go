package budget

import (
	"context"

	"github.com/jmoiron/sqlx"

	"mobility/portal/internal/database"
)

// The ledger check reads the whole ledger; these are its queries.

func (s *store) countBudgets(ctx context.Context) (int, error) {
	var n int
	err := s.db.Get(ctx, &n, `SELECT COUNT(*) FROM budgets`)
	return n, err
}

// balanceMismatch is a budget whose cached balance is not the sum of its
// rows, both as text (CAST keeps a tampered REAL comparable on SQLite;
// PostgreSQL's columns are BIGINT anyway).
type balanceMismatch struct {
	ID      int64  `db:"id"`
	Balance string `db:"balance"`
	Total   string `db:"total"`
}

func (s *store) balanceMismatches(ctx context.Context) ([]balanceMismatch, error) {
	var out []balanceMismatch
	err := s.db.Select(ctx, &out, `SELECT b.id, CAST(b.balance AS TEXT) AS balance, CAST(COALESCE(t.total, 0) AS TEXT) AS total
		FROM budgets b LEFT JOIN (SELECT budget_id, SUM(amount) AS total FROM budget_transactions GROUP BY budget_id) t ON t.budget_id = b.id
		WHERE t.total IS NULL AND b.balance <> 0 OR t.total IS NOT NULL AND b.balance <> t.total ORDER BY b.id`)
	return out, err
}

// negativeMismatch is a budget that budget_negatives gets wrong: below
// zero but not listed (listed false), or listed but not below zero or
// under another owner (listed true).
type negativeMismatch struct {
	ID     int64 `db:"id"`
	Listed bool  `db:"listed"`
}

// negativeMismatches compares budget_negatives, which triggers keep
// (migration 00037), with the user budgets below zero.
func (s *store) negativeMismatches(ctx context.Context) ([]negativeMismatch, error) {
	var out []negativeMismatch
	err := s.db.Select(ctx, &out, `SELECT b.id, 1 = 0 AS listed FROM budgets b
			WHERE b.balance < 0 AND b.user_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM budget_negatives n WHERE n.budget_id = b.id)
		UNION ALL
		SELECT n.budget_id AS id, 1 = 1 AS listed FROM budget_negatives n JOIN budgets b ON b.id = n.budget_id
			WHERE NOT (b.balance < 0) OR b.user_id IS NULL OR n.user_id <> b.user_id OR n.corporate_account_id <> b.corporate_account_id
		ORDER BY id`)
	return out, err
}

// ledgerChain streams every transaction (budget_id, id, amount,
// balance_after) in chain order; the caller closes the rows.
func (s *store) ledgerChain(ctx context.Context) (*sqlx.Rows, error) {
	return s.db.Query(ctx, `SELECT budget_id, id, amount, balance_after FROM budget_transactions ORDER BY budget_id, id`)
}

type budgetInfo struct {
	ID    int64  `db:"id"`
	OspID string `db:"osp_id"`
	Type  string `db:"budget_type"`
}

// budgetInfos reads the public id and type of budgets, 500 ids a query.
func (s *store) budgetInfos(ctx context.Context, ids []int64) ([]budgetInfo, error) {
	return database.SelectIn[budgetInfo](ctx, s.db, ids, func(in string) string {
		return `SELECT id, osp_id, budget_type FROM budgets WHERE id IN (` + in + `)`
	})
}
