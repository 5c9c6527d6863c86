package budget

import (
	"context"
	"fmt"
	"sort"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
)

// Monthly totals: budget's read model for reporting and the dashboard. Per
// company, user (0: the company's own budget), month of the booking date
// (yyyyMM) and transaction type, the number of ledger rows and their sum.
// post and the scheduled runs add to it in the same transaction as the
// ledger rows; RebuildMonthly recomputes it from the ledger and
// CheckMonthly compares the two.

// MonthlyTotal is one row of the monthly totals.
type MonthlyTotal struct {
	CompanyID int64  `db:"corporate_account_id"`
	UserID    int64  `db:"user_id"`
	Month     string `db:"month"`
	TxType    string `db:"tx_type"`
	Count     int64  `db:"tx_count"`
	Sum       int64  `db:"amount_sum"`
}

// MonthlyQuery selects monthly totals: months from..to (yyyyMM, both
// included), the companies of CompanyIDs (nil: every company in scope).
// ByUser answers one row per user (0: the company budget); otherwise the
// company's rollup rows (UserID RollupUser), one per company, month and
// type.
type MonthlyQuery struct {
	CompanyIDs []int64
	MonthFrom  string
	MonthTo    string
	ByUser     bool
}

// MonthOf turns a booking date (yyyy-MM-dd) into its month (yyyyMM).
func MonthOf(date string) string {
	if len(date) < 7 {
		return date
	}
	return date[:4] + date[5:7]
}

// MonthlyTotals reads the totals within scope.
func (s *Service) MonthlyTotals(ctx context.Context, scope access.Scope, q MonthlyQuery) ([]MonthlyTotal, error) {
	rows, err := s.store.monthlyTotals(ctx, scope, q)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return rows, nil
}

type monthlyKey struct {
	company, user int64
	month, txType string
}

// monthlyDelta sums ledger rows into monthly increments.
type monthlyDelta map[monthlyKey]*MonthlyTotal

// RollupUser is the user id of the company-wide rows: each ledger row
// counts once for its user (0: the company budget) and once in its
// company's rollup, so a dashboard reads one row per company, month and
// type whatever the number of users.
const RollupUser = -1

func (d monthlyDelta) add(company int64, user *int64, t *txRow) {
	u := int64(0)
	if user != nil {
		u = *user
	}
	for _, who := range []int64{u, RollupUser} {
		k := monthlyKey{company, who, MonthOf(t.BookingDate), t.Type}
		m := d[k]
		if m == nil {
			m = &MonthlyTotal{CompanyID: company, UserID: who, Month: k.month, TxType: t.Type}
			d[k] = m
		}
		m.Count++
		m.Sum += t.Amount
	}
}

// addMonthlyOf adds ledger rows to the monthly totals, reading their
// budgets' company and user in one query per 500 budgets.
func (s *Service) addMonthlyOf(ctx context.Context, entries []*txRow) error {
	if len(entries) == 0 {
		return nil
	}
	var ids []int64
	for _, t := range entries {
		ids = append(ids, t.BudgetID)
	}
	owners, err := s.store.budgetOwners(ctx, uniqIDs(ids))
	if err != nil {
		return err
	}
	d := monthlyDelta{}
	for _, t := range entries {
		o, ok := owners[t.BudgetID]
		if !ok {
			return fmt.Errorf("monthly totals: budget %d not found", t.BudgetID)
		}
		d.add(o.CompanyID, o.UserID, t)
	}
	return s.store.addMonthly(ctx, d.rows())
}

func uniqIDs(ids []int64) []int64 {
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	out := ids[:0]
	for i, id := range ids {
		if i == 0 || id != ids[i-1] {
			out = append(out, id)
		}
	}
	return out
}

// rows lists the increments, in no order: the writer orders them by the
// table's key (store.writeMonthly).
func (d monthlyDelta) rows() []MonthlyTotal {
	out := make([]MonthlyTotal, 0, len(d))
	for _, m := range d {
		out = append(out, *m)
	}
	return out
}

// RebuildMonthly recomputes the monthly totals from the ledger, in one
// transaction (a repair; the totals are kept as rows are written).
func (s *Service) RebuildMonthly(ctx context.Context) error {
	return apperr.Wrap(s.db.WithTx(ctx, func(ctx context.Context) error { return s.store.rebuildMonthly(ctx) }))
}

// CheckMonthly compares the kept totals with the ledger and describes
// every difference (none: nil).
func (s *Service) CheckMonthly(ctx context.Context) ([]string, error) {
	kept, err := s.store.monthlyAll(ctx)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	fresh, err := s.store.monthlyFromLedger(ctx)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return diffMonthly(kept, fresh), nil
}

func diffMonthly(kept, fresh []MonthlyTotal) []string {
	key := func(m MonthlyTotal) monthlyKey { return monthlyKey{m.CompanyID, m.UserID, m.Month, m.TxType} }
	want := map[monthlyKey]MonthlyTotal{}
	for _, m := range fresh {
		want[key(m)] = m
	}
	var out []string
	for _, m := range kept {
		w, ok := want[key(m)]
		delete(want, key(m))
		if !ok {
			if m.Count != 0 || m.Sum != 0 {
				out = append(out, fmt.Sprintf("%+v: kept but no ledger rows", m))
			}
			continue
		}
		if w.Count != m.Count || w.Sum != m.Sum {
			out = append(out, fmt.Sprintf("%+v: ledger says count %d sum %d", m, w.Count, w.Sum))
		}
	}
	for _, w := range want {
		out = append(out, fmt.Sprintf("%+v: missing", w))
	}
	sort.Strings(out)
	return out
}

// CompanyFigure is what the dashboard shows of a company's budgets now:
// users with a budget below zero, and the company budget's balance and
// threshold (nil without a company budget).
type CompanyFigure struct {
	CompanyID        int64  `db:"corporate_account_id"`
	NegativeUsers    int64  `db:"negative_users"`
	CompanyBalance   *int64 `db:"balance"`
	CompanyThreshold *int64 `db:"threshold"`
}

// CompanyFigures reads the figures of the companies of ids (nil: every
// company in scope) within scope, in two queries per 500 companies.
func (s *Service) CompanyFigures(ctx context.Context, scope access.Scope, ids []int64) (map[int64]*CompanyFigure, error) {
	neg, err := s.store.negativeUsersPerCompany(ctx, scope, ids)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	cb, err := s.store.companyBudgetsOf(ctx, scope, ids)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := map[int64]*CompanyFigure{}
	get := func(id int64) *CompanyFigure {
		if out[id] == nil {
			out[id] = &CompanyFigure{CompanyID: id}
		}
		return out[id]
	}
	for _, n := range neg {
		get(n.CompanyID).NegativeUsers = n.NegativeUsers
	}
	for _, c := range cb {
		f := get(c.CompanyID)
		if f.CompanyBalance == nil {
			f.CompanyBalance, f.CompanyThreshold = c.CompanyBalance, c.CompanyThreshold
		}
	}
	return out, nil
}

// MonthEndBalance is one budget's balance at the end of a month.
type MonthEndBalance struct {
	BudgetID   int64  `db:"id"`
	OspID      string `db:"osp_id"`
	UserID     *int64 `db:"user_id"`
	BudgetType string `db:"budget_type"`
	Balance    int64  `db:"balance"`
}

// BalancesAt lists the balances of a company's budgets (created by then)
// after the last ledger row booked on or before date (yyyy-MM-dd), for the
// month-end reports; the company must lie in scope.
func (s *Service) BalancesAt(ctx context.Context, scope access.Scope, companyID int64, date string) ([]MonthEndBalance, error) {
	rows, err := s.store.balancesAt(ctx, scope, companyID, date)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return rows, nil
}

// MonthTransaction is one ledger row of a month, for the monthly report.
type MonthTransaction struct {
	OspID       string `db:"osp_id"`
	UserID      *int64 `db:"user_id"`
	BudgetType  string `db:"budget_type"`
	TxType      string `db:"tx_type"`
	Amount      int64  `db:"amount"`
	BookingDate string `db:"booking_date"`
	Description string `db:"description"`
}

// MonthTransactions lists a company's ledger rows booked in month (yyyyMM),
// oldest first; the company must lie in scope.
func (s *Service) MonthTransactions(ctx context.Context, scope access.Scope, companyID int64, month string) ([]MonthTransaction, error) {
	if len(month) != 6 {
		return nil, nil
	}
	from := month[:4] + "-" + month[4:] + "-01"
	to := month[:4] + "-" + month[4:] + "-31"
	rows, err := s.store.monthTransactions(ctx, scope, companyID, from, to)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return rows, nil
}
