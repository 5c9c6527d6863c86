package budget

import (
	"context"
	"slices"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/database"
)

// Provider purchases (issue 15: internal/providerdata's files and
// internal/cambio's invoices) choose their budget one way, here: the
// candidates come from ProviderBudgets (or CompanyBudgets where the
// company pays the provider directly), the file locks them all up front
// in id order (LockForFile) and each line books on the first candidate
// that takes its amount (ChooseForPurchase).

// ProviderBudget is a company-paid budget a provider's line may be booked
// on.
type ProviderBudget struct {
	ID     int64
	Type   string
	Active bool
}

// ProviderBudgets lists, for each user, the company-paid budgets a
// provider's expense may be booked on, in the order to try them: by type
// in the order of Types (mobility budget first), lowest id first within a
// type; one query per 500 users. Users without one are left out; the
// employee's own (private) budgets are never candidates.
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

// CompanyBudgets finds the company budget (type COMPANY_BUDGET, no user)
// of each company, by company id; companies without one are left out.
// One query per 500 companies.
func (s *Service) CompanyBudgets(ctx context.Context, companyIDs []int64) (map[int64]ProviderBudget, error) {
	rows, err := s.store.companyBudgetRefs(ctx, companyIDs)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := make(map[int64]ProviderBudget, len(rows))
	for _, r := range rows {
		out[r.CompanyID] = ProviderBudget{ID: r.ID, Type: r.BudgetType, Active: r.ActivationStatus != StatusDeactivated}
	}
	return out, nil
}

// FirstForPurchase is the budget a check without booking names for a
// line: the first active candidate, else the first (a deactivated budget,
// which refuses unless its extra-costs window is open). ok is false
// without any.
func FirstForPurchase(list []ProviderBudget) (ProviderBudget, bool) {
	for _, b := range list {
		if b.Active {
			return b, true
		}
	}
	if len(list) > 0 {
		return list[0], true
	}
	return ProviderBudget{}, false
}

// ChooseForPurchase picks, in the caller's transaction, the first of the
// candidates that takes a purchase of amount cents (CheckSpend: active or
// in its extra-costs window, enough on a limited budget), so a mobility
// budget that holds too little hands the line to the next. None: the
// first candidate's refusal (an *apperr.Error with the budget's label).
func (s *Service) ChooseForPurchase(ctx context.Context, list []ProviderBudget, amount int64) (int64, error) {
	var refusal error
	for _, b := range list {
		err := s.CheckSpend(ctx, access.SystemScope(), b.ID, amount)
		if err == nil {
			return b.ID, nil
		}
		if e := apperr.As(err); e == nil || e.Kind == apperr.KindInternal {
			return 0, err
		}
		if refusal == nil {
			refusal = err
		}
	}
	if refusal == nil {
		return 0, apperr.NotFound("budget")
	}
	return 0, refusal
}

// LockForFile locks, in the caller's transaction, every budget a file may
// book on, in ascending id order in one statement. A file's lines would
// otherwise lock budgets in the file's order, and two files booking on the
// same budgets in opposite orders could deadlock on PostgreSQL; once all
// are held, the lines' own checks re-lock what the transaction already
// owns. SQLite serialises writers and needs no row lock.
func (s *Service) LockForFile(ctx context.Context, ids []int64) error {
	ids = slices.Clone(ids)
	slices.Sort(ids)
	ids = slices.Compact(ids)
	if len(ids) == 0 {
		return nil
	}
	return apperr.Wrap(s.store.lockIDs(ctx, ids))
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
