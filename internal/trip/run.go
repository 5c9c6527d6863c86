package trip

import (
	"context"
	"errors"
	"fmt"
	"time"

	"mobility/portal/internal/apperr"
	"mobility/portal/internal/budget"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/database"
	"mobility/portal/internal/money"
)

// RunResult says what a monthly compensation run did.
type RunResult struct {
	Month string
	// Paid users (one payment run each), the cents booked for them, and
	// the registrations marked PAID.
	Paid          int
	Amount        int64
	Registrations int
	// NoBudget users have no active commuting (or mobility) budget to pay
	// into: nothing happened for them, a later run pays them once they do.
	NoBudget int
	// Skipped users were paid by another run in the meantime.
	Skipped int
}

// errNoBudget rolls back one user's payment: there is nowhere to book it.
var errNoBudget = errors.New("trip: no budget to pay into")

// RunMonth pays month's (yyyyMM, a closed month) APPROVED registrations:
// per user, one transaction inserts the (user, month) payment run — one
// that exists already, from an earlier or a concurrent run, means the
// month is paid and nothing happens —, books the sum as one topup ledger
// row on the user's commuting budget (the bike registrations' part on the
// mobility budget when the company pays the bike allowance through it),
// and marks the registrations PAID with the month and the ledger row. A
// rerun or a run cancelled part-way pays every registration once: each
// user's work commits whole or not at all, and the run row refuses a
// second payment. Registrations approved after their month was paid stay
// APPROVED (approve refuses a paid month).
func (s *Registrations) RunMonth(ctx context.Context, month string) (RunResult, error) {
	res := RunResult{Month: month}
	m, ok := clock.ParseMonth(month)
	if !ok || m.Index() >= clock.MonthOf(s.clock.Now()).Index() {
		return res, apperr.Internal(fmt.Errorf("trip run: %q is no closed month", month))
	}
	users, err := s.store.payees(ctx, m.FirstDay(), m.LastDay(), month)
	if err != nil {
		return res, apperr.Internal(err)
	}
	for _, u := range users {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		n, amount, paid, err := s.payUser(ctx, u, m)
		switch {
		case errors.Is(err, errNoBudget):
			res.NoBudget++
		case err != nil:
			return res, err
		case !paid:
			res.Skipped++
		default:
			res.Paid++
			res.Registrations += n
			if res.Amount, err = money.Add(res.Amount, amount); err != nil {
				return res, apperr.Internal(err)
			}
		}
	}
	return res, nil
}

// payUser pays one user's month in one transaction; paid is false when
// another run had paid it.
func (s *Registrations) payUser(ctx context.Context, u payee, m clock.Month) (n int, amount int64, paid bool, err error) {
	month := m.String()
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		rows, err := s.store.approvedOf(ctx, u.UserID, m.FirstDay(), m.LastDay())
		if err != nil || len(rows) == 0 {
			return err
		}
		viaMobility, err := s.store.bikeViaMobility(ctx, u.CompanyID)
		if err != nil {
			return err
		}
		// the bike part goes to the mobility budget when the company pays
		// the bike allowance through it; the rest to the commuting budget
		var groups [2]struct {
			ids             []int64
			amount, taxable int64
		}
		var taxable int64
		for _, r := range rows {
			g := &groups[0]
			if viaMobility && r.Mode == ModeBike {
				g = &groups[1]
			}
			g.ids = append(g.ids, r.ID)
			if g.amount, err = money.Add(g.amount, r.Compensation); err != nil {
				return err
			}
			if taxable, err = money.Add(taxable, r.Taxable); err != nil {
				return err
			}
		}
		total, err := money.Add(groups[0].amount, groups[1].amount)
		if err != nil {
			return err
		}
		now := database.Now(s.clock.Now())
		run := runRow{UserID: u.UserID, Month: month, CompanyID: u.CompanyID, RegistrationCount: len(rows), Amount: total,
			Taxable: taxable, CreatedAt: now}
		inserted, err := s.store.insertRun(ctx, run)
		if err != nil || !inserted {
			return err
		}
		var first *string
		for i, g := range groups {
			if len(g.ids) == 0 {
				continue
			}
			var tx *string
			if g.amount > 0 {
				osp, err := s.budgets.BookTripCompensation(ctx, budget.TripEntry{UserID: u.UserID, CompanyID: u.CompanyID,
					Amount: g.amount, ViaMobility: i == 1, Description: "trip compensation " + month})
				if err != nil {
					return err
				}
				if osp == "" {
					return errNoBudget
				}
				tx = &osp
				if first == nil {
					first = tx
				}
			}
			if err := s.store.markPaid(ctx, g.ids, month, tx, now); err != nil {
				return err
			}
		}
		if first != nil {
			if err := s.store.setRunTx(ctx, u.UserID, month, *first); err != nil {
				return err
			}
		}
		n, amount, paid = len(rows), total, true
		return nil
	})
	if err != nil && !errors.Is(err, errNoBudget) {
		err = apperr.Wrap(err)
	}
	return n, amount, paid, err
}

// RunDay is the jobs runner's "trip-compensation": on any day, the
// previous month's unpaid approved registrations (a rerun pays nothing
// twice, so the days after a month's end catch up, and users who lacked a
// budget are paid once they have one).
func (s *Registrations) RunDay(ctx context.Context, day string) (RunResult, error) {
	d, err := time.ParseInLocation(clock.DateLayout, day, clock.Brussels)
	if err != nil {
		return RunResult{}, apperr.Internal(fmt.Errorf("trip run: day %q is not yyyy-MM-dd", day))
	}
	return s.RunMonth(ctx, clock.MonthOf(d).Add(-1).String())
}
