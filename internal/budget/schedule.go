package budget

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"mobility/portal/internal/clock"
	"mobility/portal/internal/database"
)

// runBatch is how many budgets one database transaction handles in a
// scheduled run: large enough to be quick, small enough to hold the write
// lock briefly. Each batch commits its ledger rows together with the
// budget_period_runs rows that make them exactly-once.
const runBatch = 1000

// RunResult counts what a scheduled run did.
type RunResult struct {
	Credited int
	Reset    int
	Skipped  int
}

// RunPeriods gives every automatic budget what its current period owes on
// day (yyyy-MM-dd): resets and top-ups by the period rules. A budget whose
// period already ran is left alone, so a second run, or a run after a
// crash, credits nobody twice.
func (s *Service) RunPeriods(ctx context.Context, day string) (RunResult, error) {
	var res RunResult
	d, err := BusinessDay(day)
	if err != nil {
		return res, err
	}
	monthKey, yearKey := PeriodKey(FrequencyMonth, d), PeriodKey(FrequencyYear, d)
	var after int64
	for {
		due, err := s.store.dueCandidates(ctx, monthKey, yearKey, after, runBatch)
		if err != nil {
			return res, err
		}
		if len(due) == 0 {
			return res, nil
		}
		ids := make([]int64, len(due))
		last := make(map[int64]string, len(due))
		for i, c := range due {
			ids[i] = c.ID
			if c.Last != nil {
				last[c.ID] = *c.Last
			}
		}
		after = ids[len(ids)-1]
		var batch RunResult
		err = s.db.WithTx(ctx, func(ctx context.Context) error {
			batch = RunResult{}
			return s.runBatch(ctx, ids, last, d, &batch)
		})
		if err != nil {
			return res, fmt.Errorf("budgets %d..%d: %w", ids[0], ids[len(ids)-1], err)
		}
		res.Credited += batch.Credited
		res.Reset += batch.Reset
		res.Skipped += batch.Skipped
	}
}

// runBatch handles a batch of budgets in the caller's transaction, in
// bulk: one statement claims the periods due (the candidates came with
// their last recorded period), one appends their ledger rows, one moves
// their balances. It keeps post's invariants: each row's balance_after
// chains from the locked balance (checked, never wrapped), and the balance
// moves by exactly the sum of the rows.
//
// The periods due are every one since the budget's last recorded period
// (a month in which the portal never ran is caught up), each claimed as
// its own (budget, period) row. The common case, one period, costs
// nothing more: dueCandidates found the last period with the seek it makes
// anyway.
func (s *Service) runBatch(ctx context.Context, ids []int64, last map[int64]string, day time.Time, res *RunResult) error {
	rows, err := s.store.lockAndLoad(ctx, ids)
	if err != nil {
		return err
	}
	if last == nil { // a single budget's settlement (update, reactivation)
		if last, err = s.store.lastPeriods(ctx, ids); err != nil {
			return err
		}
	}
	now := database.Now(s.clock.Now())
	var claims []periodClaim
	var runs []periodRun
	calc := newDueCalc(day)
	for _, b := range rows {
		st := b.settings()
		due := calc.due(st.Frequency, last[b.ID])
		if len(due) == 0 {
			// a change of frequency recorded a later period already: the
			// current one is covered (claimed so the run stops selecting it)
			if key := PeriodKey(st.Frequency, day); key != "" {
				runs = append(runs, periodRun{budgetID: b.ID, period: key, outcome: "covered"})
			}
			continue
		}
		for _, start := range due {
			ps := st
			// a period that began while the budget was (and still is)
			// deactivated gets no credit; the legal reset still happens
			ps.Deactivated = !b.active() && (b.EndActivationTime == nil || !start.Before(*b.EndActivationTime))
			sch := ScheduleFor(ps, start)
			if sch.Period == "" {
				continue
			}
			outcome := "credited"
			if !sch.Credit && !sch.Reset {
				outcome = "skipped"
			}
			runs = append(runs, periodRun{budgetID: b.ID, period: sch.Period, outcome: outcome})
			claims = append(claims, periodClaim{b, sch})
		}
	}
	fresh, err := s.store.markPeriods(ctx, runs, now)
	if err != nil {
		return err
	}
	var entries []*txRow
	var pending []int64
	bookingDate := clock.Today(now)
	for i := 0; i < len(claims); {
		// one budget's claims, oldest period first
		b := claims[i].b
		j := i
		for j < len(claims) && claims[j].b == b {
			j++
		}
		mine, err := s.periodEntries(b, claims[i:j], fresh, bookingDate, now, res, &pending)
		if err != nil {
			return err
		}
		entries = append(entries, mine...)
		i = j
	}
	if err := s.store.applyPendingMany(ctx, pending); err != nil {
		return err
	}
	return s.store.appendMany(ctx, entries)
}

// periodEntries computes one budget's ledger rows for its fresh claims. A
// balance that would leave ±MaxBalance (never reached with bounded
// amounts) books nothing for the budget and is logged, rather than wrapping.
func (s *Service) periodEntries(b *row, claims []periodClaim, fresh map[claimKey]bool, bookingDate string, now time.Time, res *RunResult, pending *[]int64) ([]*txRow, error) {
	balance := b.Balance
	amount := b.FrequencyAmount
	var out []*txRow
	var counted RunResult
	applied := false
	for _, c := range claims {
		if !fresh[claimKey{b.ID, c.sch.Period}] {
			continue // already ran for this period (another process, or before a crash)
		}
		if !c.sch.Credit && !c.sch.Reset {
			counted.Skipped++
			continue
		}
		if b.UserID == nil {
			return nil, fmt.Errorf("company budget %d has a frequency", b.ID) // never: company budgets are manual
		}
		if c.sch.Credit && b.PendingAmount != nil && !applied { // a change made with NEXT_PERIOD applies now
			applied = true
			amount = *b.PendingAmount
		}
		period := c.sch.Period
		add := func(typ string, v int64) error {
			next, err := nextBalance(balance, v)
			if err != nil {
				return err
			}
			balance = next
			out = append(out, &txRow{OspID: newTxOspID(), BudgetID: b.ID, Type: typ, Amount: v,
				BalanceAfter: balance, Description: "period " + period, PeriodKey: &period, BookingDate: bookingDate, CreatedAt: now})
			return nil
		}
		if c.sch.Reset {
			if f := Forfeit(balance); f > 0 {
				if err := add(TxAutoReset, -f); err != nil {
					return s.refuseOverflow(b, res)
				}
				counted.Reset++
			}
		}
		if c.sch.Credit {
			if cr := Credit(amount, balance, b.UpperLimit); cr > 0 {
				if err := add(TxAutoAdd, cr); err != nil {
					return s.refuseOverflow(b, res)
				}
				counted.Credited++
			}
		}
	}
	if applied {
		*pending = append(*pending, b.ID)
	}
	b.Balance = balance
	res.Credited += counted.Credited
	res.Reset += counted.Reset
	res.Skipped += counted.Skipped
	return out, nil
}

// refuseOverflow is periodEntries' answer to a balance that would leave
// int64: nothing booked for the budget, an error in the log.
func (s *Service) refuseOverflow(b *row, res *RunResult) ([]*txRow, error) {
	slog.Error("budget period run: the balance would overflow; nothing booked", "budgetId", b.ID, "balance", b.Balance)
	res.Skipped++
	return nil, nil
}

// periodClaim is a period a budget is due, with what it owes.
type periodClaim struct {
	b   *row
	sch Schedule
}

// claimKey names a (budget, period) claim that markPeriods made.
type claimKey struct {
	budgetID int64
	period   string
}

// periodRun is one budget_period_runs row to claim.
type periodRun struct {
	budgetID int64
	period   string
	outcome  string
}

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
