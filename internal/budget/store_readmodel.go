package budget

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/database"
)

// expenseTxTypes are the ledger rows that belong to an expense: its
// booking and its corrections.
const expenseTxTypes = `('event','refund','update')`

const selectRef = `SELECT b.id, b.osp_id, b.user_id, b.corporate_account_id, b.budget_type, b.activation_status, b.balance, b.limited FROM budgets b `

func (s *store) ref(ctx context.Context, scope access.Scope, ospID string) (*Ref, error) {
	cond, args := scope.InCompanies("b.corporate_account_id")
	var r Ref
	err := s.db.Get(ctx, &r, selectRef+`WHERE b.osp_id = ? AND `+cond, append([]any{ospID}, args...)...)
	return &r, err
}

// inList is "?,?,..." for n ids with the ids as arguments.
func inList(ids []int64) (string, []any) {
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	return database.Placeholders(len(ids)), args
}

// chunk calls fn for the ids 500 at a time (SQLite's and PostgreSQL's
// parameter limits stay far away).
func chunk(ids []int64, fn func(part []int64) error) error {
	for i := 0; i < len(ids); i += database.InBatch {
		if err := fn(ids[i:min(i+database.InBatch, len(ids))]); err != nil {
			return err
		}
	}
	return nil
}

func (s *store) refs(ctx context.Context, scope access.Scope, ids []int64) ([]Ref, error) {
	var out []Ref
	err := chunk(ids, func(part []int64) error {
		list, args := inList(part)
		cond, a := scope.InCompanies("b.corporate_account_id")
		var rows []Ref
		if err := s.db.Select(ctx, &rows, selectRef+`WHERE b.id IN (`+list+`) AND `+cond, append(args, a...)...); err != nil {
			return err
		}
		out = append(out, rows...)
		return nil
	})
	return out, err
}

func (s *store) expenseLedgers(ctx context.Context, scope access.Scope, expenseIDs []int64) ([]ExpenseLedger, error) {
	var out []ExpenseLedger
	err := chunk(expenseIDs, func(part []int64) error {
		list, args := inList(part)
		cond, a := scope.InCompanies("b.corporate_account_id")
		var rows []ExpenseLedger
		if err := s.db.Select(ctx, &rows, `SELECT t.expense_id, -COALESCE(SUM(t.amount), 0) AS net,
			MIN(CASE WHEN t.tx_type = 'event' THEN t.osp_id END) AS original_tx_osp_id
			FROM budget_transactions t JOIN budgets b ON b.id = t.budget_id
			WHERE t.expense_id IN (`+list+`) AND t.tx_type IN `+expenseTxTypes+` AND `+cond+`
			GROUP BY t.expense_id`, append(args, a...)...); err != nil {
			return err
		}
		out = append(out, rows...)
		return nil
	})
	return out, err
}

func (s *store) expenseCorrections(ctx context.Context, scope access.Scope, expenseID int64) ([]ExpenseCorrection, error) {
	cond, args := scope.InCompanies("b.corporate_account_id")
	var rows []ExpenseCorrection
	err := s.db.Select(ctx, &rows, `SELECT t.osp_id, t.tx_type, t.amount, t.description, t.booking_date, t.created_at, t.created_by
		FROM budget_transactions t JOIN budgets b ON b.id = t.budget_id
		WHERE t.expense_id = ? AND t.tx_type IN ('refund','update') AND `+cond+` ORDER BY t.id`, append([]any{expenseID}, args...)...)
	return rows, err
}

func (s *store) activeUsageReasons(ctx context.Context, scope access.Scope, companyID int64) ([]string, error) {
	cond, args := scope.InCompanies("corporate_account_id")
	var out []string
	err := s.db.Select(ctx, &out, `SELECT label FROM usage_reasons WHERE corporate_account_id = ? AND active AND `+cond+` ORDER BY label`,
		append([]any{companyID}, args...)...)
	return out, err
}

// companyBudgetRefs reads the company budgets (no user) of the given
// companies (500 companies a query).
func (s *store) companyBudgetRefs(ctx context.Context, companyIDs []int64) ([]Ref, error) {
	return database.SelectIn[Ref](ctx, s.db, companyIDs, func(in string) string {
		return selectRef + `WHERE b.corporate_account_id IN (` + in + `) AND b.user_id IS NULL AND b.budget_type = ?`
	}, TypeCompany)
}

// lockIDs locks budgets by id in the order given (ascending: the order
// every batch locks them in), reading nothing else; a no-op on SQLite.
func (s *store) lockIDs(ctx context.Context, ids []int64) error {
	lock := s.db.Dialect.ForUpdate()
	if lock == "" {
		return nil
	}
	_, err := database.SelectIn[int64](ctx, s.db, ids, func(in string) string {
		return `SELECT b.id FROM budgets b WHERE b.id IN (` + in + `) ORDER BY b.id` + lock
	})
	return err
}

// userRefs reads every budget of the given users within scope (500 users
// a query).
func (s *store) userRefs(ctx context.Context, scope access.Scope, userIDs []int64) ([]Ref, error) {
	cond, args := scope.InCompanies("b.corporate_account_id")
	return database.SelectIn[Ref](ctx, s.db, userIDs, func(in string) string {
		return selectRef + `WHERE b.user_id IN (` + in + `) AND ` + cond
	}, args...)
}
