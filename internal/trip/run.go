package trip

import (
	"context"
	"errors"
	"fmt"
	"slices"
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

// errPaidMeanwhile rolls a batch back: a registration or a user's month
// changed under the locks the batch holds, which the locks rule out; the
// next run pays the batch.
var errPaidMeanwhile = errors.New("trip: a registration of the batch was paid meanwhile")

// runBatch is how many users one transaction of the run pays.
const runBatch = 200

// RunMonth pays month's (yyyyMM, a closed month) APPROVED registrations,
// in batches of users, one transaction each: it takes the users' locks
// (which every registration write takes too, so an approval lands before
// the payment, and is paid, or after, and sees the month paid), leaves out
// users whose month is paid already (by an earlier or a concurrent run),
// books each user's sum as one topup ledger row on the commuting budget
// (the bike registrations' part on the mobility budget when the company
// pays the bike allowance through it), records the (user, month) payment
// run and marks the registrations PAID with the month and the ledger row.
// A rerun or a run cancelled part-way pays every registration once: a
// batch commits whole or not at all, and the run row refuses a second
// payment. A user with no budget to pay into is left out of the batch
// (nothing booked) and paid by a later run once there is one.
// Registrations approved after their month was paid stay APPROVED
// (approve refuses a paid month).
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
	batch := s.runBatch
	if batch <= 0 {
		batch = runBatch
	}
	via := map[int64]bool{} // company → pays bike via the mobility budget
	for start := 0; start < len(users); start += batch {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		r, err := s.payBatch(ctx, users[start:min(start+batch, len(users))], m, via)
		if err != nil {
			return res, apperr.Wrap(err)
		}
		res.Paid += r.Paid
		res.NoBudget += r.NoBudget
		res.Skipped += r.Skipped
		res.Registrations += r.Registrations
		if res.Amount, err = money.Add(res.Amount, r.Amount); err != nil {
			return res, apperr.Internal(err)
		}
	}
	return res, nil
}

// userPay is one user's month: the registrations by budget (0: the
// commuting budget, 1: the mobility budget) with their sums.
type userPay struct {
	groups [2]struct {
		rows   []payRow
		amount int64
	}
	total, taxable int64
	count          int
}

// payBatch pays a batch of users in one transaction.
func (s *Registrations) payBatch(ctx context.Context, users []payee, m clock.Month, via map[int64]bool) (RunResult, error) {
	month := m.String()
	var res RunResult
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		res = RunResult{}
		now := database.Now(s.clock.Now())
		if err := s.store.lockUsers(ctx, users, now); err != nil {
			return err
		}
		ids := make([]int64, len(users))
		for i, u := range users {
			ids[i] = u.UserID
		}
		paid, err := s.store.paidOf(ctx, ids, month)
		if err != nil {
			return err
		}
		res.Skipped = len(paid)
		ids = slices.DeleteFunc(ids, func(id int64) bool { return slices.Contains(paid, id) })
		if len(ids) == 0 {
			return nil
		}
		rows, err := s.store.approvedOf(ctx, ids, m.FirstDay(), m.LastDay())
		if err != nil {
			return err
		}
		byUser := map[int64][]payRow{}
		for _, r := range rows {
			byUser[r.UserID] = append(byUser[r.UserID], r)
		}
		// each user's month, by budget, then booked in one batch
		var todo []payee
		var pays []userPay
		var entries [][]budget.TripEntry
		for _, u := range users {
			rs := byUser[u.UserID]
			if len(rs) == 0 { // paid already, or no longer approved
				continue
			}
			viaMobility, ok := via[u.CompanyID]
			if !ok {
				if viaMobility, err = s.store.bikeViaMobility(ctx, u.CompanyID); err != nil {
					return err
				}
				via[u.CompanyID] = viaMobility
			}
			p, err := sumUser(rs, viaMobility)
			if err != nil {
				return err
			}
			todo, pays = append(todo, u), append(pays, p)
			es := make([]budget.TripEntry, len(p.groups))
			for i, g := range p.groups {
				es[i] = budget.TripEntry{UserID: u.UserID, CompanyID: u.CompanyID, Amount: g.amount, ViaMobility: i == 1,
					Description: "trip compensation " + month}
			}
			entries = append(entries, es)
		}
		booked, err := s.budgets.BookTripCompensations(ctx, entries)
		if err != nil {
			return err
		}
		var runs []runRow
		var groups []paidGroup
		for k, u := range todo {
			p := pays[k]
			if booked[k] == nil { // no budget to pay (all of) it into
				res.NoBudget++
				continue
			}
			var txs [2]*string
			for i := range p.groups {
				if osp := booked[k][i]; osp != "" {
					txs[i] = &osp
				}
			}
			run := runRow{UserID: u.UserID, Month: month, CompanyID: u.CompanyID, RegistrationCount: p.count, Amount: p.total,
				Taxable: p.taxable, CreatedAt: now}
			for i, g := range p.groups {
				if len(g.rows) > 0 && run.BudgetTxOspID == nil {
					run.BudgetTxOspID = txs[i]
				}
			}
			for i, g := range p.groups {
				if len(g.rows) > 0 {
					groups = append(groups, paidGroup{rows: g.rows, tx: txs[i], runTx: run.BudgetTxOspID})
				}
			}
			runs = append(runs, run)
			res.Paid++
			res.Registrations += p.count
			if res.Amount, err = money.Add(res.Amount, p.total); err != nil {
				return err
			}
		}
		n, err := s.store.insertRuns(ctx, runs)
		if err != nil {
			return err
		}
		if n != int64(len(runs)) {
			return errPaidMeanwhile
		}
		return s.store.pay(ctx, groups, month, now)
	})
	return res, err
}

// sumUser splits a user's month by budget and sums it, overflow-checked:
// the bike part goes to the mobility budget when the company pays the
// bike allowance through it, the rest to the commuting budget.
func sumUser(rows []payRow, viaMobility bool) (userPay, error) {
	var p userPay
	var err error
	for _, r := range rows {
		g := &p.groups[0]
		if viaMobility && r.Mode == ModeBike {
			g = &p.groups[1]
		}
		g.rows = append(g.rows, r)
		if g.amount, err = money.Add(g.amount, r.Compensation); err != nil {
			return p, err
		}
		if p.total, err = money.Add(p.total, r.Compensation); err != nil {
			return p, err
		}
		if p.taxable, err = money.Add(p.taxable, r.Taxable); err != nil {
			return p, err
		}
	}
	p.count = len(rows)
	return p, nil
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
