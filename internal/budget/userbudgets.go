package budget

import (
	"context"
	"slices"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
)

// UserBudgets is the read model of the given users' budgets (every type,
// private ones included), by user id, in one query per 500 users, ordered
// by Types (mobility budget first) and id. internal/order lists an
// employee's budgets with it to offer and suggest where a season-card
// confirmation books. Provider files choose their budget with
// ProviderBudgets and ChooseForPurchase instead (provider.go).
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
