package expense

import (
	"context"
	"fmt"
	"sort"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
)

// Monthly totals: expense's read model for reporting and the dashboard.
// Per company, user, month of the expense date (yyyyMM), mobility mode and
// provider (the MRP code of a provider's purchase, mrp.go; "" for others), the number of expenses and their
// net amount incl. VAT (the expense minus refunds plus added cost). book,
// Refund and Correct add to it in the same transaction as the expense and
// its ledger rows; RebuildMonthly recomputes it from the expenses and the
// ledger's net amounts (budget's ExpenseLedgers) and CheckMonthly compares.

// MonthlyTotal is one row of the monthly totals.
type MonthlyTotal struct {
	CompanyID    int64  `db:"corporate_account_id"`
	UserID       int64  `db:"user_id"`
	Month        string `db:"month"`
	MobilityMode string `db:"mobility_mode"`
	Provider     string `db:"provider"`
	Count        int64  `db:"expense_count"`
	Sum          int64  `db:"amount_sum"`
}

// MonthlyQuery selects monthly totals: months from..to (yyyyMM, both
// included), the companies of CompanyIDs (nil: every company in scope).
// ByUser answers one row per user; otherwise the company's rollup rows
// (UserID RollupUser), one per company, month, mode and provider.
type MonthlyQuery struct {
	CompanyIDs []int64
	MonthFrom  string
	MonthTo    string
	ByUser     bool
}

// monthOf turns a date (yyyy-MM-dd) into its month (yyyyMM).
func monthOf(date string) string {
	if len(date) < 7 {
		return date
	}
	return date[:4] + date[5:7]
}

// MonthlyTotals reads the totals within scope.
func (s *Service) MonthlyTotals(ctx context.Context, scope access.Scope, q MonthlyQuery) ([]MonthlyTotal, error) {
	rows, err := s.store.monthlyTotals(ctx, scope, q)
	if err != nil {
		return nil, internal(err)
	}
	return rows, nil
}

// addMonthly moves the totals of expense e by count expenses and amount
// cents, in the caller's transaction.
func (s *Service) addMonthly(ctx context.Context, e *expenseRow, count, amount int64) error {
	m := MonthlyTotal{CompanyID: e.CorporateAccountID, UserID: e.UserID, Month: monthOf(e.ExpenseDate),
		MobilityMode: e.MobilityMode, Provider: e.MrpCode, Count: count, Sum: amount}
	r := m
	r.UserID = RollupUser
	return s.store.addMonthly(ctx, []MonthlyTotal{m, r})
}

// RollupUser is the user id of the company-wide rows: each expense counts
// once for its user and once in its company's rollup, so a dashboard
// reads one row per company, month, mode and provider whatever the number
// of users.
const RollupUser = -1

type monthlyKey struct {
	company, user      int64
	month, mode, provr string
}

func keyOf(m MonthlyTotal) monthlyKey {
	return monthlyKey{m.CompanyID, m.UserID, m.Month, m.MobilityMode, m.Provider}
}

// fromRows computes the totals from the expenses and the ledger.
func (s *Service) fromRows(ctx context.Context) ([]MonthlyTotal, error) {
	sums := map[monthlyKey]*MonthlyTotal{}
	var after int64
	for {
		rows, err := s.store.expenseKeys(ctx, after, 2000)
		if err != nil {
			return nil, err
		}
		if len(rows) == 0 {
			break
		}
		ids := make([]int64, len(rows))
		for i, r := range rows {
			ids[i] = r.ID
		}
		nets, err := s.budgets.ExpenseLedgers(ctx, access.SystemScope(), ids)
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			for _, who := range []int64{r.UserID, RollupUser} {
				m := MonthlyTotal{CompanyID: r.CorporateAccountID, UserID: who, Month: monthOf(r.ExpenseDate), MobilityMode: r.MobilityMode,
					Provider: r.MrpCode}
				k := keyOf(m)
				if sums[k] == nil {
					sums[k] = &m
				}
				sums[k].Count++
				sums[k].Sum += nets[r.ID].Net
			}
		}
		after = rows[len(rows)-1].ID
	}
	out := make([]MonthlyTotal, 0, len(sums))
	for _, m := range sums {
		out = append(out, *m)
	}
	sort.Slice(out, func(i, j int) bool { return compareMonthlyKeys(keyOf(out[i]), keyOf(out[j])) < 0 })
	return out, nil
}

// RebuildMonthly recomputes the monthly totals from the expenses and the
// ledger, in one transaction (a repair).
func (s *Service) RebuildMonthly(ctx context.Context) error {
	return apperr.Wrap(s.db.WithTx(ctx, func(ctx context.Context) error {
		fresh, err := s.fromRows(ctx)
		if err != nil {
			return err
		}
		return s.store.replaceMonthly(ctx, fresh)
	}))
}

// CheckMonthly compares the kept totals with the expenses and the ledger
// and describes every difference (none: nil).
func (s *Service) CheckMonthly(ctx context.Context) ([]string, error) {
	kept, err := s.store.monthlyAll(ctx)
	if err != nil {
		return nil, internal(err)
	}
	fresh, err := s.fromRows(ctx)
	if err != nil {
		return nil, internal(err)
	}
	want := map[monthlyKey]MonthlyTotal{}
	for _, m := range fresh {
		want[keyOf(m)] = m
	}
	var out []string
	for _, m := range kept {
		w, ok := want[keyOf(m)]
		delete(want, keyOf(m))
		if !ok {
			if m.Count != 0 || m.Sum != 0 {
				out = append(out, fmt.Sprintf("%+v: kept but no expenses", m))
			}
			continue
		}
		if w.Count != m.Count || w.Sum != m.Sum {
			out = append(out, fmt.Sprintf("%+v: expenses say count %d sum %d", m, w.Count, w.Sum))
		}
	}
	for _, w := range want {
		out = append(out, fmt.Sprintf("%+v: missing", w))
	}
	sort.Strings(out)
	return out, nil
}
