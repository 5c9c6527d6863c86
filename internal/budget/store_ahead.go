package budget

import (
	"context"
	"database/sql"
	"math/bits"
	"strings"

	"mobility/portal/internal/access"
	"mobility/portal/internal/database"
)

// moveAhead is moveIfPlain announced to a group-commit batch
// (database.Ahead): the batch may move the budgets of several queued
// postings in one statement (moveAll), each with moveIfPlain's guards,
// before their turns; each posting's moveIfPlain then answers its
// outcome. A posting that announces one (PostKnown's callers, through
// Service.MoveAhead) moves no other budget before its own.
type moveAhead struct {
	store  *store
	scope  access.Scope
	id     int64
	amount int64
	spend  bool
	moved  *row // the outcome: the budget as moved, nil when a guard said no
}

// newMove is moveIfPlain's move of e on budget id within scope.
func (s *store) newMove(scope access.Scope, id int64, e Entry) *moveAhead {
	return &moveAhead{store: s, scope: scope, id: id, amount: e.Amount, spend: e.Spend}
}

// same tells whether o is the same move as m.
func (m *moveAhead) same(o *moveAhead) bool {
	return m.scope == o.scope && m.id == o.id && m.amount == o.amount && m.spend == o.spend
}

// outcome is moveIfPlain's answer once the move ran: a copy of the budget
// as moved, or sql.ErrNoRows when a guard said no.
func (m *moveAhead) outcome() (*row, error) {
	if m.moved == nil {
		return nil, sql.ErrNoRows
	}
	r := *m.moved
	return &r, nil
}

func (m *moveAhead) AheadKind() string { return "budget.move" }
func (m *moveAhead) AheadKey() int64   { return m.id }
func (m *moveAhead) RunAhead(ctx context.Context, ops []database.Ahead) ([]bool, error) {
	return m.store.moveAll(ctx, ops)
}

// moveAllColumns: the id, the amount, and the scope (all, a company, a
// partner) and whether it is a spend, as integers (the same text on both
// databases).
const moveAllColumns = 6

// moveAll makes the moves of ops (*moveAhead, distinct budgets) in one
// statement, each under moveIfPlain's guards (this is the one place they
// are written: moveIfPlain runs it for one move), and keeps each one's
// outcome in it. The list of values is padded to a power of two with
// rows of id 0, which match no budget, so the statement has a handful of
// texts (a prepared statement each) rather than one per batch size.
func (s *store) moveAll(ctx context.Context, ops []database.Ahead) ([]bool, error) {
	changed := make([]bool, len(ops))
	at := make(map[int64]int, len(ops))
	args := make([]any, 0, moveAllColumns*len(ops)+4)
	for i, a := range ops {
		m := a.(*moveAhead)
		m.moved = nil
		if !withinMaxBalance(m.amount) {
			continue // moveIfPlain's answer without a statement
		}
		at[m.id] = i
		all, company, partner := m.scope.Columns()
		spend := 0
		if m.spend {
			spend = 1
		}
		args = append(args, m.id, m.amount, all, company, partner, spend)
	}
	n := len(args) / moveAllColumns
	if n == 0 {
		return changed, nil
	}
	size := 1 << bits.Len(uint(n-1))
	for range size - n {
		args = append(args, 0, 0, 0, 0, 0, 0)
	}
	one := "(" + strings.TrimSuffix(strings.Repeat("CAST(? AS BIGINT), ", moveAllColumns), ", ") + ")"
	values := strings.TrimSuffix(strings.Repeat(one+", ", size), ", ")
	// v.column1 id, column2 amount, column3 all, column4 company,
	// column5 partner, column6 spend: moveIfPlain's guards row by row
	q := `UPDATE budgets SET balance = balance + v.column2 FROM (VALUES ` + values + `) AS v
		WHERE budgets.id = v.column1
		AND ` + access.InCompaniesOfRow("budgets.corporate_account_id", "v.column3", "v.column4", "v.column5") + `
		AND budgets.balance + v.column2 BETWEEN ? AND ?
		AND (budgets.user_id IS NOT NULL OR budgets.threshold IS NULL)
		AND (v.column6 = 0 OR budgets.activation_status <> ?)
		AND (v.column6 = 0 OR v.column2 >= 0 OR budgets.limited = ? OR budgets.balance + v.column2 >= 0)
		RETURNING budgets.id, budgets.corporate_account_id, budgets.user_id, budgets.balance`
	args = append(args, -MaxBalance, MaxBalance, StatusDeactivated, false)
	var rows []row
	if err := s.db.Select(ctx, &rows, q, args...); err != nil {
		return nil, err
	}
	for i := range rows {
		k, ok := at[rows[i].ID]
		if !ok {
			continue
		}
		ops[k].(*moveAhead).moved = &rows[i]
		changed[k] = true
	}
	return changed, nil
}
