package budget

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"mobility/portal/internal/clock"
	"mobility/portal/internal/database"
)

// runBatch is how many budgets one database transaction handles in a
// scheduled run: large enough to be quick, small enough to hold the write
// lock briefly. Each batch commits its ledger rows together with the
// budgets' latest periods (budgets.period_key) that make them exactly-once.
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
	calc := newDueCalc(d)
	now := database.Now(s.clock.Now())
	td := topUpDay{monthKey: monthKey, yearKey: yearKey, prevMonth: calc.previous[FrequencyMonth], prevYear: calc.previous[FrequencyYear],
		january: d.Month() == time.January, bookingDate: clock.Today(now), now: now}
	var after int64
	for {
		var ids []int64
		var batch RunResult
		err := s.db.WithTx(ctx, func(ctx context.Context) error {
			batch = RunResult{}
			var err error
			var mayReset bool
			if ids, mayReset, err = s.store.lockDue(ctx, td, after, runBatch); err != nil || len(ids) == 0 {
				return err
			}
			return s.runRange(ctx, after, ids, mayReset, d, td, &batch)
		})
		if err != nil {
			return res, fmt.Errorf("budgets after %d: %w", after, err)
		}
		if len(ids) == 0 {
			return res, nil
		}
		after = ids[len(ids)-1]
		res.Credited += batch.Credited
		res.Reset += batch.Reset
		res.Skipped += batch.Skipped
	}
}

// runRange handles the due budgets ids, locked by the caller's
// transaction (lockDue: every due budget among ids lo+1 up to the last of
// ids): the plain budgets (one period due, credited; see plainBudget)
// set-based, in a few statements for the whole range; the others through
// runBatch's rules in Go.
func (s *Service) runRange(ctx context.Context, lo int64, ids []int64, mayReset bool, day time.Time, td topUpDay, res *RunResult) error {
	plain, resets, credits, err := s.store.topUpPlain(ctx, lo, ids[len(ids)-1], mayReset, td)
	if err != nil {
		return err
	}
	res.Reset += resets
	res.Credited += credits
	rest := make([]int64, 0, len(ids)-min(len(ids), len(plain)))
	for i, j := 0, 0; i < len(ids); i++ { // both sorted
		for j < len(plain) && plain[j] < ids[i] {
			j++
		}
		if j < len(plain) && plain[j] == ids[i] {
			continue
		}
		rest = append(rest, ids[i])
	}
	if len(rest) == 0 {
		return nil
	}
	return s.runBatch(ctx, rest, day, res)
}

// runBatch handles a batch of budgets in the caller's transaction, in
// bulk: one statement locks and reads them with their latest recorded
// period, one appends their ledger rows, one moves their balances and
// one their latest periods. It keeps post's invariants: each row's
// balance_after chains from the locked balance (checked, never wrapped),
// and the balance moves by exactly the sum of the rows.
//
// The periods due are every one since the budget's latest recorded period
// (a month in which the portal never ran is caught up). The latest period
// is read under the budget's lock (PostgreSQL's row lock, SQLite's write
// lock) and moved in the same transaction, so a period another process
// ran is seen here and booked nowhere twice.
func (s *Service) runBatch(ctx context.Context, ids []int64, day time.Time, res *RunResult) error {
	rows, err := s.store.lockAndLoad(ctx, ids)
	if err != nil {
		return err
	}
	var claims []periodClaim
	var moves []periodMove
	calc := newDueCalc(day)
	for _, b := range rows {
		st := b.settings()
		last := ""
		if b.LastPeriod != nil {
			last = *b.LastPeriod
		}
		due := calc.due(st.Frequency, last)
		if len(due) == 0 {
			// a change of frequency recorded a later period already, or
			// another process ran this one: the current period is covered
			// (recorded, if it is not yet, so the run stops selecting it)
			if key := PeriodKey(st.Frequency, day); key > last {
				moves = append(moves, periodMove{b.ID, key})
			}
			continue
		}
		newest := "" // due periods come oldest first
		for _, start := range due {
			ps := st
			// a period that began while the budget was (and still is)
			// deactivated gets no credit; the legal reset still happens
			ps.Deactivated = !b.active() && (b.EndActivationTime == nil || !start.Before(*b.EndActivationTime))
			sch := ScheduleFor(ps, start)
			if sch.Period == "" {
				continue
			}
			newest = sch.Period
			claims = append(claims, periodClaim{b, sch})
		}
		if newest != "" {
			moves = append(moves, periodMove{b.ID, newest})
		}
	}
	if err := s.store.setPeriods(ctx, moves); err != nil {
		return err
	}
	now := database.Now(s.clock.Now())
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
		mine, err := s.periodEntries(b, claims[i:j], bookingDate, now, res, &pending)
		if err != nil {
			return err
		}
		entries = append(entries, mine...)
		i = j
	}
	if err := s.store.applyPendingMany(ctx, pending); err != nil {
		return err
	}
	if err := s.store.appendMany(ctx, entries); err != nil {
		return err
	}
	// the monthly totals move with the ledger, in the same transaction
	return s.addMonthlyOf(ctx, entries)
}

// periodEntries computes one budget's ledger rows for its fresh claims. A
// balance that would leave ±MaxBalance (never reached with bounded
// amounts) books nothing for the budget and is logged, rather than wrapping.
func (s *Service) periodEntries(b *row, claims []periodClaim, bookingDate string, now time.Time, res *RunResult, pending *[]int64) ([]*txRow, error) {
	balance := b.Balance
	amount := b.FrequencyAmount
	var out []*txRow
	var counted RunResult
	applied := false
	for _, c := range claims {
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
			out = append(out, &txRow{OspID: database.NewID(), BudgetID: b.ID, Type: typ, Amount: v,
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

// periodMove is a budget's latest recorded period moving forward to period.
type periodMove struct {
	budgetID int64
	period   string
}

// periodClaim is a period a budget is due, with what it owes.
type periodClaim struct {
	b   *row
	sch Schedule
}
