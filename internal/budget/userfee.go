package budget

import (
	"context"
	"slices"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/money"
)

// UserFeeEntry is a user fee to book (userfee's monthly run): gross is the
// fee incl. VAT in cents, taken out of the user's budget.
type UserFeeEntry struct {
	UserID      int64
	CompanyID   int64
	Gross       int64
	Description string
}

// ChargeUserFee books a user fee as one user_fee ledger row (-gross) on the
// user's first active company-paid budget of the company: the mobility
// budget first, then the other types in the order of Types. It runs in the
// caller's transaction (or its own) with the budget locked, through post,
// so the cached balance, the monthly totals and the threshold warning move
// with the row. A fee is not a purchase: it is booked even when a limited
// budget holds too little (the company pays the fee on its invoice either
// way). txOspID is "" when the user has no such budget; nothing is booked.
func (s *Service) ChargeUserFee(ctx context.Context, e UserFeeEntry) (txOspID string, err error) {
	if e.Gross < 0 {
		return "", apperr.Internal(money.ErrOverflow)
	}
	amount, err := money.Neg(e.Gross)
	if err != nil {
		return "", apperr.Internal(err)
	}
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		candidates, err := s.store.companyPaidOf(ctx, e.UserID, e.CompanyID)
		if err != nil {
			return err
		}
		id, ok := firstForUserFee(candidates)
		if !ok {
			return nil
		}
		// a budget switched off since the choice is not charged (the
		// charge then has no ledger row)
		txOspID, err = s.postIfActive(ctx, id, Entry{Type: TxUserFee, Amount: amount, Description: e.Description})
		return err
	})
	return txOspID, apperr.Wrap(err)
}

// postIfActive locks a budget chosen before the lock (a system job's
// choice) and posts e on it unless it was switched off in between; ""
// when it was, nothing is booked.
func (s *Service) postIfActive(ctx context.Context, id int64, e Entry) (string, error) {
	b, err := s.store.byID(ctx, access.SystemScope(), id, true)
	if err != nil || !b.active() {
		return "", err
	}
	t, err := s.post(ctx, b, e)
	if err != nil {
		return "", err
	}
	return t.OspID, nil
}

// userFeeCandidate is one of a user's company-paid budgets.
type userFeeCandidate struct {
	ID               int64  `db:"id"`
	BudgetType       string `db:"budget_type"`
	ActivationStatus string `db:"activation_status"`
}

// firstForUserFee picks the budget a user fee is booked on: the active one
// whose type comes first in Types (mobility budget first), the lowest id
// among budgets of one type.
func firstForUserFee(cs []userFeeCandidate) (int64, bool) {
	best, bestRank := int64(0), len(Types)
	for _, c := range cs {
		if c.ActivationStatus == StatusDeactivated {
			continue
		}
		rank := slices.Index(Types, c.BudgetType)
		if rank < 0 {
			continue
		}
		if rank < bestRank || (rank == bestRank && c.ID < best) {
			best, bestRank = c.ID, rank
		}
	}
	return best, bestRank < len(Types)
}
