package budget

import (
	"context"
	"slices"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/database"
)

// ProviderBudget is one of a user's company-paid budgets a provider's
// line may be booked on (cambio's invoice lines).
type ProviderBudget struct {
	ID     int64
	Type   string
	Active bool
}

// ProviderBudgets lists, for each user, the company-paid budgets a
// provider's expense may be booked on, in the order to try them: by type
// in the order of Types (mobility budget first), lowest id first within a
// type; one query per 500 users. Users without one are left out. The
// caller books on the first that takes the amount (CheckSpend), so a
// mobility budget that holds too little hands the line to the next.
func (s *Service) ProviderBudgets(ctx context.Context, userIDs []int64) (map[int64][]ProviderBudget, error) {
	byUser, err := s.store.companyPaidOfUsers(ctx, userIDs)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := make(map[int64][]ProviderBudget, len(byUser))
	for uid, cs := range byUser {
		list := make([]ProviderBudget, 0, len(cs))
		for _, c := range cs { // ordered by id
			if slices.Contains(Types, c.BudgetType) {
				list = append(list, ProviderBudget{ID: c.ID, Type: c.BudgetType, Active: c.ActivationStatus != StatusDeactivated})
			}
		}
		slices.SortStableFunc(list, func(a, b ProviderBudget) int {
			return slices.Index(Types, a.Type) - slices.Index(Types, b.Type)
		})
		if len(list) > 0 {
			out[uid] = list
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
