package budget

import (
	"context"

	"mobility/portal/internal/apperr"
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
