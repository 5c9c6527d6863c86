package budget

import (
	"context"
	"fmt"
	"log/slog"
	"sort"
	"strconv"

	"mobility/portal/internal/money"
)

// Ledger verification: the proof behind "a budget's balance is the sum of
// its transactions". Two passes, both cheap over a large ledger (and a
// check that budget_negatives lists exactly the user budgets below zero):
//   - one aggregate query compares every budget's cached balance with the
//     sum of its rows (only the budgets that differ come back);
//   - one streamed scan of the ledger in (budget, id) order, along the
//     index budget_transactions_budget, checks that each row's
//     balance_after is the running sum of the amounts before it and that
//     every value is an integer.
// Neither holds a transaction open, so it runs beside live traffic; a row
// booked between the passes can show as a difference, so a problem is
// worth a second run before anyone acts on it.

// LedgerProblem is one thing wrong with one budget's ledger.
type LedgerProblem struct {
	BudgetID    int64
	BudgetOspID string
	BudgetType  string
	Detail      string
}

func (p LedgerProblem) String() string {
	return fmt.Sprintf("budget %s (id %d, %s): %s", p.BudgetOspID, p.BudgetID, p.BudgetType, p.Detail)
}

// LedgerReport is what VerifyLedger found.
type LedgerReport struct {
	Budgets  int   // budgets checked
	Rows     int64 // ledger rows scanned
	Problems []LedgerProblem
}

// BadBudgets counts the budgets with at least one problem.
func (r *LedgerReport) BadBudgets() int {
	seen := map[int64]bool{}
	for _, p := range r.Problems {
		seen[p.BudgetID] = true
	}
	return len(seen)
}

// VerifyLedger checks every budget's balance against its rows and the
// balance_after chain of its rows.
func (s *Service) VerifyLedger(ctx context.Context) (*LedgerReport, error) {
	rep := &LedgerReport{}
	n, err := s.store.countBudgets(ctx)
	if err != nil {
		return nil, err
	}
	rep.Budgets = n
	// pass 1: cached balance = sum of rows
	sums, err := s.store.balanceMismatches(ctx)
	if err != nil {
		return nil, fmt.Errorf("balances: %w", err)
	}
	for _, r := range sums {
		rep.Problems = append(rep.Problems, LedgerProblem{BudgetID: r.ID,
			Detail: fmt.Sprintf("balance %s but its transactions sum to %s", r.Balance, r.Total)})
	}
	// the list of budgets below zero that the negative-budget searches
	// read (kept by triggers) names exactly those
	neg, err := s.store.negativeMismatches(ctx)
	if err != nil {
		return nil, fmt.Errorf("negatives: %w", err)
	}
	for _, r := range neg {
		detail := "is below zero, but budget_negatives lacks it"
		if r.Listed {
			detail = "is not a user budget below zero, but budget_negatives lists it"
		}
		rep.Problems = append(rep.Problems, LedgerProblem{BudgetID: r.ID, Detail: detail})
	}
	// pass 2: the chain, streamed
	rows, err := s.store.ledgerChain(ctx)
	if err != nil {
		return nil, fmt.Errorf("chain: %w", err)
	}
	var (
		current  int64 = -1
		running  int64
		broken   bool // report the first break of a budget only
		overflow bool
	)
	for rows.Next() {
		var budgetID, id int64
		var amountV, afterV any
		if err := rows.Scan(&budgetID, &id, &amountV, &afterV); err != nil {
			rows.Close()
			return nil, fmt.Errorf("chain: %w", err)
		}
		rep.Rows++
		if budgetID != current {
			current, running, broken, overflow = budgetID, 0, false, false
		}
		if broken || overflow {
			continue
		}
		amount, okA := integer(amountV)
		after, okB := integer(afterV)
		if !okA || !okB {
			rep.Problems = append(rep.Problems, LedgerProblem{BudgetID: budgetID,
				Detail: fmt.Sprintf("transaction id %d holds a value that is not an integer number of cents (amount %v, balance_after %v)", id, amountV, afterV)})
			broken = true
			continue
		}
		next, err := money.Add(running, amount)
		if err != nil {
			rep.Problems = append(rep.Problems, LedgerProblem{BudgetID: budgetID,
				Detail: fmt.Sprintf("transaction id %d overflows the running sum (%d + %d)", id, running, amount)})
			overflow = true
			continue
		}
		running = next
		if after != running {
			rep.Problems = append(rep.Problems, LedgerProblem{BudgetID: budgetID,
				Detail: fmt.Sprintf("transaction id %d has balance_after %d, but the transactions up to it sum to %d", id, after, running)})
			broken = true
		}
	}
	if err := rows.Err(); err != nil {
		rows.Close()
		return nil, fmt.Errorf("chain: %w", err)
	}
	rows.Close()
	if err := s.describe(ctx, rep.Problems); err != nil {
		return nil, err
	}
	sort.SliceStable(rep.Problems, func(i, j int) bool { return rep.Problems[i].BudgetID < rep.Problems[j].BudgetID })
	return rep, nil
}

// describe fills the budgets' public ids and types into problems.
func (s *Service) describe(ctx context.Context, problems []LedgerProblem) error {
	if len(problems) == 0 {
		return nil
	}
	byID := map[int64]budgetInfo{}
	var ids []int64
	for _, p := range problems {
		if _, ok := byID[p.BudgetID]; !ok {
			byID[p.BudgetID] = budgetInfo{}
			ids = append(ids, p.BudgetID)
		}
	}
	infos, err := s.store.budgetInfos(ctx, ids)
	if err != nil {
		return err
	}
	for _, in := range infos {
		byID[in.ID] = in
	}
	for i := range problems {
		in := byID[problems[i].BudgetID]
		problems[i].BudgetOspID, problems[i].BudgetType = in.OspID, in.Type
	}
	return nil
}

// integer reads a money value as the driver returns it: int64 when it is
// one; a float (a REAL on SQLite) or anything else is not.
func integer(v any) (int64, bool) {
	switch x := v.(type) {
	case int64:
		return x, true
	case []byte:
		n, err := strconv.ParseInt(string(x), 10, 64)
		return n, err == nil
	case string:
		n, err := strconv.ParseInt(x, 10, 64)
		return n, err == nil
	default:
		return 0, false
	}
}

// VerifyLedgerJob is the daily "ledger-verify" job: it logs every problem
// at error level (an operator's alert) and says what it checked. A wrong
// ledger does not fail the job, which would only make the runner retry it:
// the error logs are the signal, `portal ledger verify` the tool.
func (s *Service) VerifyLedgerJob(ctx context.Context) (string, error) {
	rep, err := s.VerifyLedger(ctx)
	if err != nil {
		return "", err
	}
	const logAtMost = 100
	for i, p := range rep.Problems {
		if i == logAtMost {
			slog.Error("ledger verify: more problems not logged; run portal ledger verify", "problems", len(rep.Problems))
			break
		}
		slog.Error("ledger verify: budget does not match its ledger", "budget", p.BudgetOspID, "budgetId", p.BudgetID,
			"budgetType", p.BudgetType, "problem", p.Detail)
	}
	detail := fmt.Sprintf("%d budgets, %d transactions checked; %d budgets wrong", rep.Budgets, rep.Rows, rep.BadBudgets())
	if rep.BadBudgets() > 0 {
		slog.Error("ledger verify: "+detail, "wrong", rep.BadBudgets())
	}
	return detail, nil
}
