package budget

import (
	"context"

	"mobility/portal/internal/apperr"
)

// The budget types a company offers, as corporate accounts read and set
// them (company.BudgetTypes, wired in app.go): company cannot import
// budget, which imports company.

// OfferedTypes returns the user budget types each company offers, by
// company id, in one query per 500 ids. A company that configured none
// offers every type (as companyTypes reads it).
func (s *Service) OfferedTypes(ctx context.Context, companyIDs []int64) (map[int64][]string, error) {
	stored, err := s.store.offeredTypes(ctx, companyIDs)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := make(map[int64][]string, len(companyIDs))
	for _, id := range companyIDs {
		if types, ok := stored[id]; ok {
			out[id] = types
		} else {
			out[id] = UserTypes
		}
	}
	return out, nil
}

// SetOfferedTypes makes a company offer exactly types: types it offered
// keep their defaults, new ones get their type's default frequency and
// strategy, others are removed. It runs in the caller's transaction.
func (s *Service) SetOfferedTypes(ctx context.Context, companyID int64, types []string) error {
	current, err := s.companyTypes(ctx, companyID)
	if err != nil {
		return err
	}
	next := make([]CompanyBudgetType, 0, len(current))
	for _, t := range current {
		t.Enabled = contains(types, t.BudgetType)
		next = append(next, t)
	}
	if err := s.store.replaceCompanyTypes(ctx, companyID, next); err != nil {
		return apperr.Internal(err)
	}
	return nil
}
