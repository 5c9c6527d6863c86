package budget

import (
	"context"
	"slices"

	"mobility/portal/internal/apperr"
)

// ReplaceCompanyTypes makes each company offer exactly types (a partner's
// selection pushed to its companies): a type the company offered already
// keeps its defaults, a new one starts with none, the others go. In the
// caller's transaction when there is one, else in one of its own; a
// batch of 500 companies a statement. Trusted callers only: companyIDs
// were read within the caller's scope (partner's update, platform staff).
// Budgets already opened keep their type.
func (s *Service) ReplaceCompanyTypes(ctx context.Context, companyIDs []int64, types []string) error {
	for _, t := range types {
		if !slices.Contains(Types, t) {
			return apperr.Internal(unknownType(t))
		}
	}
	if len(companyIDs) == 0 {
		return nil
	}
	return apperr.Wrap(s.db.WithTx(ctx, func(ctx context.Context) error {
		return s.store.replaceCompanyTypesOf(ctx, companyIDs, types)
	}))
}

type unknownType string

func (t unknownType) Error() string { return "budget: unknown budget type " + string(t) }
