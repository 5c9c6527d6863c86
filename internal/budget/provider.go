package budget

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/database"
)

// ProviderBudget is the budget a provider's line for a user is booked on
// (cambio's invoice lines): the user's first company-paid budget in the
// order of Types (mobility budget first), preferring an active one.
type ProviderBudget struct {
	ID     int64
	Active bool
}

// ProviderBudgets picks, for each user, the budget a provider's expense
// is booked on, in one query per 500 users: the first active company-paid
// budget in the order of Types (lowest id within a type); a user with
// only switched-off ones gets the first of those (Active false), a user
// with none is left out.
func (s *Service) ProviderBudgets(ctx context.Context, userIDs []int64) (map[int64]ProviderBudget, error) {
	byUser, err := s.store.companyPaidOfUsers(ctx, userIDs)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := make(map[int64]ProviderBudget, len(byUser))
	for uid, cs := range byUser {
		plain := make([]userFeeCandidate, len(cs))
		for i, c := range cs {
			plain[i] = c.userFeeCandidate
		}
		if id, ok := firstForUserFee(plain); ok {
			out[uid] = ProviderBudget{ID: id, Active: true}
			continue
		}
		if len(plain) > 0 {
			out[uid] = ProviderBudget{ID: plain[0].ID}
		}
	}
	return out, nil
}

// CheckSpend locks a budget (system callers: a provider file's process)
// in the caller's transaction and tells whether a purchase of amount
// cents would be refused, with the error post would answer
// (BUDGET_DEACTIVATED, INSUFFICIENT_BUDGET), without writing anything:
// the caller lists the line as failed instead of aborting its
// transaction.
func (s *Service) CheckSpend(ctx context.Context, budgetID, amount int64) error {
	b, err := s.store.byID(ctx, access.SystemScope(), budgetID, true)
	if database.IsNoRows(err) {
		return apperr.NotFound("budget")
	}
	if err != nil {
		return apperr.Internal(err)
	}
	if !b.active() {
		open, err := s.extraCostsOpen(ctx, b.ID)
		if err != nil {
			return apperr.Internal(err)
		}
		if !open {
			return conflict(ctx, LabelDeactivated, "money.error.deactivated")
		}
	}
	after, err := nextBalance(b.Balance, -amount)
	if err != nil {
		return conflict(ctx, LabelBalanceOutOfRange, "money.error.balanceOutOfRange")
	}
	if b.Limited && amount > 0 && after < 0 {
		return conflict(ctx, LabelInsufficient, "money.error.insufficient")
	}
	return nil
}
