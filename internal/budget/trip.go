package budget

import (
	"context"
	"fmt"

	"mobility/portal/internal/apperr"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/database"
	"mobility/portal/internal/money"
)

// TripEntry is a month of a user's trip compensation to book (trip's
// monthly run): Amount in cents, paid into the user's budget.
type TripEntry struct {
	UserID    int64
	CompanyID int64
	Amount    int64
	// ViaMobility: the company pays the bike allowance through the legal
	// mobility budget, so the money goes there instead of the commuting
	// budget.
	ViaMobility bool
	Description string
	BookingDate string // yyyy-MM-dd; "" books today
}

// BookTripCompensation books a month's trip compensation as one topup
// ledger row (+amount: money the employer adds to the budget, SPEC §3's
// transaction type for credits that are no period run) on the user's
// active company-paid commuting budget, or mobility budget with
// ViaMobility; the lowest id when there are several. It runs in the
// caller's transaction (or its own) with the budget locked, through post,
// so the cached balance, the monthly totals and the threshold warning move
// with the row. txOspID is "" when the user has no such budget: nothing is
// booked and the caller keeps the compensation for a later run.
func (s *Service) BookTripCompensation(ctx context.Context, e TripEntry) (txOspID string, err error) {
	if e.Amount < 0 || e.Amount > MaxBalance {
		return "", apperr.Internal(money.ErrOverflow)
	}
	want := TypeCommuting
	if e.ViaMobility {
		want = TypeMobility
	}
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		candidates, err := s.store.companyPaidOf(ctx, e.UserID, e.CompanyID)
		if err != nil {
			return err
		}
		id, ok := firstActiveOfType(candidates, want)
		if !ok {
			return nil
		}
		// a budget switched off since the choice is not paid into (the
		// caller keeps the compensation)
		txOspID, err = s.postIfActive(ctx, id, Entry{Type: TxTopup, Amount: e.Amount, Description: e.Description,
			BookingDate: e.BookingDate})
		return err
	})
	return txOspID, apperr.Wrap(err)
}

// firstActiveOfType picks the lowest-id active budget of one type.
func firstActiveOfType(cs []userFeeCandidate, budgetType string) (int64, bool) {
	for _, c := range cs { // ordered by id
		if c.BudgetType == budgetType && c.ActivationStatus != StatusDeactivated {
			return c.ID, true
		}
	}
	return 0, false
}

// BookTripCompensations is BookTripCompensation for a batch of users in
// the caller's transaction (trip's monthly run pays hundreds of users a
// transaction): users[i] are one user's entries (the commuting part and
// the bike part via the mobility budget). A user is booked whole or not
// at all: when one of their entries finds no active budget of its type,
// none of theirs is booked and txOspIDs[i] is nil. Otherwise txOspIDs[i][j]
// is entry j's ledger row ("" for an amount of 0). The budgets are locked
// in one statement, the ledger rows and the cached balances written by
// appendMany, and the monthly totals move with them, as post does
// one at a time.
func (s *Service) BookTripCompensations(ctx context.Context, users [][]TripEntry) (txOspIDs [][]string, err error) {
	txOspIDs = make([][]string, len(users))
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		var userIDs []int64
		for _, es := range users {
			for _, e := range es {
				if e.Amount < 0 || e.Amount > MaxBalance {
					return apperr.Internal(money.ErrOverflow)
				}
				userIDs = append(userIDs, e.UserID)
			}
		}
		if len(userIDs) == 0 {
			return nil
		}
		candidates, err := s.store.companyPaidOfUsers(ctx, uniqIDs(userIDs))
		if err != nil {
			return err
		}
		// each entry's budget (0: none to book, an amount of 0)
		chosen := make([][]int64, len(users))
		var ids []int64
	users:
		for i, es := range users {
			chosen[i] = make([]int64, len(es))
			for j, e := range es {
				if e.Amount == 0 {
					continue
				}
				want := TypeCommuting
				if e.ViaMobility {
					want = TypeMobility
				}
				var mine []userFeeCandidate
				for _, c := range candidates[e.UserID] {
					if c.CompanyID == e.CompanyID {
						mine = append(mine, c.userFeeCandidate)
					}
				}
				id, ok := firstActiveOfType(mine, want)
				if !ok {
					chosen[i] = nil
					continue users
				}
				chosen[i][j] = id
			}
			for _, id := range chosen[i] {
				if id != 0 {
					ids = append(ids, id)
				}
			}
		}
		if len(ids) == 0 {
			return nil
		}
		budgets, err := s.store.lockByIDs(ctx, uniqIDs(ids))
		if err != nil {
			return err
		}
		now := database.Now(s.clock.Now())
		var txs []*txRow
		d := monthlyDelta{}
		for i, es := range users {
			if chosen[i] == nil {
				continue
			}
			out := make([]string, len(es))
			for j, e := range es {
				b := budgets[chosen[i][j]]
				if chosen[i][j] == 0 {
					continue
				}
				if b == nil || !b.active() {
					// switched off between the choice and the lock: the
					// batch is undone and the next run pays it
					return apperr.Internal(fmt.Errorf("budget %d of user %d is gone", chosen[i][j], e.UserID))
				}
				after, err := nextBalance(b.Balance, e.Amount)
				if err != nil {
					return conflict(ctx, LabelBalanceOutOfRange, "money.error.balanceOutOfRange")
				}
				booking := e.BookingDate
				if booking == "" {
					booking = clock.Today(now)
				}
				t := &txRow{OspID: database.NewID(), BudgetID: b.ID, Type: TxTopup, Amount: e.Amount, BalanceAfter: after,
					Description: e.Description, BookingDate: booking, CreatedAt: now}
				b.Balance = after
				txs = append(txs, t)
				d.add(b.CorporateAccountID, b.UserID, t)
				out[j] = t.OspID
			}
			txOspIDs[i] = out
		}
		if err := s.store.appendMany(ctx, txs); err != nil {
			return err
		}
		if err := s.store.addMonthly(ctx, d.rows()); err != nil {
			return err
		}
		for _, id := range uniqIDs(ids) {
			if err := s.watchThreshold(ctx, budgets[id]); err != nil {
				return err
			}
		}
		return nil
	})
	return txOspIDs, apperr.Wrap(err)
}
