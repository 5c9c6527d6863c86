package budget

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/database"
)

// What the deactivation workflows (internal/deactivation) ask of budgets:
// a company's deactivation switches its budgets off and marks them
// (off_with_account) with the day until which extra costs may still be
// booked on them (SPEC §9: 60 days); at the end of that window the
// remaining balances are settled through the ledger; activating the
// company again switches on exactly the marked budgets. They run in the
// caller's transaction; the budgets must lie in scope (the condition is in
// the same query), jobs pass access.SystemScope().

// DeactivateCompanyBudgets switches off every active budget of a company
// (the company budget included) as of the start of effectiveOn, so the
// period that begins that day is not credited, and marks it; expenses may
// still be booked on the marked budgets before extraCostsUntil (both
// yyyy-MM-dd). It answers how many it switched off.
func (s *Service) DeactivateCompanyBudgets(ctx context.Context, scope access.Scope, companyID int64, effectiveOn, extraCostsUntil string) (int64, error) {
	start, err := BusinessDay(effectiveOn)
	if err != nil {
		return 0, apperr.Internal(err)
	}
	end := database.Now(start)
	if now := s.now(); now.Before(end) {
		end = now
	}
	n, err := s.store.switchOffCompany(ctx, scope, companyID, extraCostsUntil, end, s.now())
	if err != nil {
		return 0, apperr.Internal(err)
	}
	return n, nil
}

// ReactivateCompanyBudgets switches on the budgets of a company that its
// deactivation switched off (state REACTIVATED, like budget/activate):
// the periods that began while they were off are recorded as skipped.
func (s *Service) ReactivateCompanyBudgets(ctx context.Context, scope access.Scope, companyID int64) (int64, error) {
	var n int64
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		ids, err := s.store.offWithCompany(ctx, scope, companyID)
		if err != nil || len(ids) == 0 {
			return err
		}
		today, err := BusinessDay(clock.Today(s.clock.Now()))
		if err != nil {
			return err
		}
		for i := 0; i < len(ids); i += database.InBatch {
			if err := s.runBatch(ctx, ids[i:min(i+database.InBatch, len(ids))], today, &RunResult{}); err != nil {
				return err
			}
		}
		n, err = s.store.switchOnCompany(ctx, scope, companyID, s.now())
		if database.IsUniqueViolation(err) { // a user got another active budget of the type meanwhile
			return conflict(ctx, LabelDuplicate, "money.error.duplicate")
		}
		return err
	})
	if err != nil {
		return 0, apperr.Wrap(err)
	}
	return n, nil
}

// CloseExtraCosts ends the extra-costs window of a company's budgets:
// nothing more is booked on them once their balances are settled.
func (s *Service) CloseExtraCosts(ctx context.Context, scope access.Scope, companyID int64) error {
	if err := s.store.closeExtraCosts(ctx, scope, companyID); err != nil {
		return apperr.Internal(err)
	}
	return nil
}

// Balance is a budget with money left, for the settlement.
type Balance struct {
	ID          int64  `db:"id"`
	OspID       string `db:"osp_id"`
	UserID      *int64 `db:"user_id"` // nil: the company's own budget
	BudgetType  string `db:"budget_type"`
	PaymentType string `db:"payment_type"` // COMPANY_BUDGET or PRIVATE_BUDGET
	Balance     int64  `db:"balance"`
}

// CompanyBalances lists the budgets of a company whose balance is not
// zero, in one query (the settlement's work list).
func (s *Service) CompanyBalances(ctx context.Context, scope access.Scope, companyID int64) ([]Balance, error) {
	rows, err := s.store.companyBalances(ctx, scope, companyID)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return rows, nil
}

// ZeroBalance books, in the caller's transaction and with the budget
// locked, the ledger row that brings a positive balance to 0 (type txType:
// TxRefund when the user's own money goes back to them, TxTransfer when a
// company-paid budget goes back to the company). It answers the amount
// taken off (0 and no row when nothing is left) and the row's ospId.
// Trusted callers (the jobs) pass access.SystemScope().
func (s *Service) ZeroBalance(ctx context.Context, scope access.Scope, budgetID int64, txType, description string) (int64, string, error) {
	var amount int64
	var txOsp string
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		b, err := s.store.byID(ctx, scope, budgetID, true)
		if database.IsNoRows(err) {
			return apperr.NotFound("budget")
		}
		if err != nil || b.Balance <= 0 {
			return err
		}
		t, err := s.post(ctx, b, Entry{Type: txType, Amount: -b.Balance, Description: description})
		if err != nil {
			return err
		}
		amount, txOsp = -t.Amount, t.OspID
		return nil
	})
	return amount, txOsp, apperr.Wrap(err)
}

// extraCostsOpen tells whether a deactivated budget still takes extra
// costs today (its company's deactivation window).
func (s *Service) extraCostsOpen(ctx context.Context, budgetID int64) (bool, error) {
	until, err := s.store.extraCostsUntil(ctx, budgetID)
	if err != nil || until == nil {
		return false, err
	}
	return clock.Today(s.clock.Now()) < *until, nil
}
