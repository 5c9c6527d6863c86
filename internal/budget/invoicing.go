package budget

import (
	"context"

	"mobility/portal/internal/apperr"
)

// MonthExpense is what the ledger booked for one expense in a period: the
// expense's rows (its booking, refunds and corrections) whose booking date
// lies in the period, netted to a cost (the negated sum), with the company
// of the budget they were booked on.
type MonthExpense struct {
	CompanyID int64 `db:"corporate_account_id"`
	ExpenseID int64 `db:"expense_id"`
	Net       int64 `db:"net"`
	// Booked: the expense's booking row (type event) lies in the period,
	// so the expense counts as one of the period's bookings.
	Booked bool `db:"booked"`
}

// MonthExpenses lists, for every company, the expenses with ledger rows
// booked from..to (yyyy-MM-dd, inclusive) and their net cost in that
// period, in one query over the period's rows (the invoice run reads a
// whole month at once). companyPaid keeps the rows of COMPANY_BUDGET
// budgets only (the employer's money: what a company is invoiced for);
// otherwise every budget's (a provider's self-billing counts every
// booking on its resources, whoever paid). A trusted caller's read: it
// spans every tenant.
func (s *Service) MonthExpenses(ctx context.Context, from, to string, companyPaid bool) ([]MonthExpense, error) {
	rows, err := s.store.monthExpenses(ctx, from, to, companyPaid)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return rows, nil
}
