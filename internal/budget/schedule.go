package budget

import (
	"context"
	"fmt"
	"time"

	"mobility/portal/internal/database"
)

// runBatch is how many budgets one database transaction handles in a
// scheduled run: large enough to be quick, small enough to hold the write
// lock briefly. Each batch commits its ledger rows together with the
// budget_period_runs rows that make them exactly-once.
const runBatch = 500

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
		ids, err := s.store.dueCandidates(ctx, monthKey, yearKey, after, runBatch)
		if err != nil {
			return res, err
		}
		if len(ids) == 0 {
			return res, nil
		}
		after = ids[len(ids)-1]
		var batch RunResult
		err = s.db.WithTx(ctx, func(ctx context.Context) error {
			batch = RunResult{}
			for _, id := range ids {
				if err := s.runOne(ctx, id, d, &batch); err != nil {
					return fmt.Errorf("budget %d: %w", id, err)
				}
			}
			return nil
		})
		if err != nil {
			return res, err
		}
		res.Credited += batch.Credited
		res.Reset += batch.Reset
		res.Skipped += batch.Skipped
	}
}

func (s *Service) runOne(ctx context.Context, id int64, day time.Time, res *RunResult) error {
	b, err := s.store.byID(ctx, id, true)
	if err != nil {
		return err
	}
	sch := ScheduleFor(b.settings(), day)
	if sch.Period == "" {
		return nil
	}
	now := database.Now(s.clock.Now())
	outcome := "credited"
	if !b.active() || (!sch.Credit && !sch.Reset) {
		outcome = "skipped"
	}
	fresh, err := s.store.markPeriod(ctx, b.ID, sch.Period, outcome, now)
	if err != nil || !fresh {
		return err // already ran for this period (another process, or before a crash)
	}
	if outcome == "skipped" {
		res.Skipped++
		return nil
	}
	if b.PendingAmount != nil { // a change made with NEXT_PERIOD applies now
		if err := s.store.applyPending(ctx, b); err != nil {
			return err
		}
		prev := b.FrequencyAmount
		b.PreviousAmount, b.FrequencyAmount, b.PendingAmount = &prev, *b.PendingAmount, nil
	}
	period := sch.Period
	if sch.Reset {
		if f := Forfeit(b.Balance); f > 0 {
			if _, err := s.post(ctx, b, Entry{Type: TxAutoReset, Amount: -f, Description: "period " + period, PeriodKey: &period}); err != nil {
				return err
			}
			res.Reset++
		}
	}
	if sch.Credit {
		if c := Credit(b.FrequencyAmount, b.Balance, b.UpperLimit); c > 0 {
			if _, err := s.post(ctx, b, Entry{Type: TxAutoAdd, Amount: c, Description: "period " + period, PeriodKey: &period}); err != nil {
				return err
			}
			res.Credited++
		}
	}
	return nil
}
