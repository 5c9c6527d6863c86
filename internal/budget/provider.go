package budget

import (
	"context"
	"slices"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/database"
)

// UserBudgets is the read model provider data (internal/providerdata)
// chooses a line's budget from: every budget owned by the given users, by
// user id, in one query per 500 users, ordered by Types (mobility budget
// first) and id. The users come from the caller's own matching (platform
// staff), so the scope is usually access.SystemScope().
func (s *Service) UserBudgets(ctx context.Context, scope access.Scope, userIDs []int64) (map[int64][]Ref, error) {
	rows, err := s.store.userRefs(ctx, scope, userIDs)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := map[int64][]Ref{}
	for _, r := range rows {
		out[*r.UserID] = append(out[*r.UserID], r)
	}
	for id, list := range out {
		slices.SortFunc(list, func(a, b Ref) int {
			ra, rb := slices.Index(Types, a.BudgetType), slices.Index(Types, b.BudgetType)
			if ra != rb {
				return ra - rb
			}
			return int(a.ID - b.ID)
		})
		out[id] = list
	}
	return out, nil
}

// PickForPurchase chooses the budget a user's purchase from a provider's
// file is booked on: the first active one in Types order (mobility budget
// first), else the first one (a deactivated budget, which then refuses
// the purchase with BUDGET_DEACTIVATED). ok is false without any.
func PickForPurchase(list []Ref) (Ref, bool) {
	for _, r := range list {
		if r.ActivationStatus != StatusDeactivated {
			return r, true
		}
	}
	if len(list) > 0 {
		return list[0], true
	}
	return Ref{}, false
}

// CheckSpend locks a budget (within scope) and tells whether a purchase of
// amount cents would pass the rules post applies to it (active or in its
// extra-costs window, enough on a limited budget, no overflow), writing
// nothing: BUDGET_DEACTIVATED, INSUFFICIENT_BUDGET or BALANCE_OUT_OF_RANGE
// as post would answer. A caller that books several purchases in one
// transaction checks each first, so a refused one leaves no half-written
// row behind (PostgreSQL would abort the transaction on a failed write).
func (s *Service) CheckSpend(ctx context.Context, scope access.Scope, budgetID, amount int64) error {
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		b, err := s.store.byID(ctx, scope, budgetID, true)
		if database.IsNoRows(err) {
			return apperr.NotFound("budget")
		}
		if err != nil {
			return err
		}
		_, err = s.checkPost(ctx, b, Entry{Amount: -amount, Spend: true})
		return err
	})
	return apperr.Wrap(err)
}

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
