package deactivation

import (
	"context"
	"fmt"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/budget"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/mail"
	"mobility/portal/internal/money"
)

// DayResult is what the "company-deactivation" job did on a day.
type DayResult struct {
	Handled   int // requests the platform handled itself at the end of their handleBy day
	Effective int // companies deactivated
}

// RunDay is the jobs runner's "company-deactivation" job for day: first
// it handles the requests still REQUESTED after their handleBy day (the
// platform keeps its promise of 3 working days: handled on handleBy),
// then it deactivates the companies whose request takes effect on or
// before day. Each request in its own transaction; a rerun finds nothing
// left to do.
func (s *Service) RunDay(ctx context.Context, day string) (DayResult, error) {
	var res DayResult
	due, err := s.store.due(ctx, StatusRequested, "d.handle_by", day, false)
	if err != nil {
		return res, err
	}
	for _, d := range due {
		done := false
		err := s.db.WithTx(ctx, func(ctx context.Context) error {
			r, err := s.store.lockCompanyRow(ctx, d.ID)
			if err != nil || r.Status != StatusRequested {
				return err
			}
			if err := schedule(r, r.HandleBy); err != nil {
				return err
			}
			r.Status, r.UpdatedAt = StatusHandled, s.now()
			done = true
			return s.store.updateCompany(ctx, r)
		})
		if err != nil {
			return res, fmt.Errorf("handle request %s: %w", d.OspID, err)
		}
		if done {
			res.Handled++
		}
	}
	eff, err := s.store.due(ctx, StatusHandled, "d.effective_on", day, true)
	if err != nil {
		return res, err
	}
	for _, d := range eff {
		done := false
		err := s.db.WithTx(ctx, func(ctx context.Context) error {
			r, err := s.store.lockCompanyRow(ctx, d.ID)
			if err != nil || r.Status != StatusHandled {
				return err
			}
			done = true
			return s.takeEffect(ctx, r)
		})
		if err != nil {
			return res, fmt.Errorf("deactivate for request %s: %w", d.OspID, err)
		}
		if done {
			res.Effective++
		}
	}
	return res, nil
}

// takeEffect deactivates a company for a handled request, in the caller's
// transaction: the company, its users (admins' sessions ended) and budgets
// (extra costs still booked until extraCostsUntil), and a mail to its
// contacts in their language. Its callers are the jobs and the partner
// deactivation (platform staff): they act on every tenant.
func (s *Service) takeEffect(ctx context.Context, r *companyRow) error {
	sys := access.SystemScope()
	ca, err := s.companies.ResolveID(ctx, sys, r.CorporateAccountID)
	if err != nil {
		return err
	}
	// the contacts first: they are switched off with the rest
	contacts, err := s.users.CompanyContacts(ctx, sys, ca.ID)
	if err != nil {
		return err
	}
	if err := s.companies.SwitchActive(ctx, sys, ca.ID, false); err != nil {
		return err
	}
	if _, err := s.users.DeactivateCompanyUsers(ctx, sys, ca.ID); err != nil {
		return err
	}
	if _, err := s.budgets.DeactivateCompanyBudgets(ctx, sys, ca.ID, *r.EffectiveOn, *r.ExtraCostsUntil); err != nil {
		return err
	}
	for _, c := range contacts {
		lang := i18n.Lang(c.Language)
		if err := s.outbox.Enqueue(ctx, mail.Message{To: c.Email, Name: "company_deactivated", Lang: lang, CompanyID: ca.ID, Data: map[string]any{
			"Name": c.FullName, "Company": ca.Name, "EffectiveOn": displayDate(*r.EffectiveOn),
			"ExtraCostsUntil": displayDate(lastExtraCostsDay(*r.ExtraCostsUntil)),
		}}); err != nil {
			return err
		}
	}
	r.Status, r.UpdatedAt = StatusEffective, s.now()
	return s.store.updateCompany(ctx, r)
}

// SettleResult is what the "company-settlement" job did on a day.
type SettleResult struct {
	Companies int
	Refunded  int   // private budgets refunded to their users
	Returned  int   // company-paid budgets zeroed back to the company
	Amount    int64 // cents settled in all
	Negative  int   // budgets left below zero (for invoicing)
}

// Settle is the jobs runner's "company-settlement" job for day: for each
// deactivation whose extra-costs window ended (extraCostsUntil on or
// before day) the remaining positive balances are booked to zero through
// the ledger: the user's own money (PRIVATE_BUDGET) as a refund to the
// user, with a mail, the company's money back to the company. One
// transaction per company; company_settlements makes every (deactivation,
// budget) happen once, so a rerun books nothing twice.
func (s *Service) Settle(ctx context.Context, day string) (SettleResult, error) {
	var res SettleResult
	due, err := s.store.due(ctx, StatusEffective, "d.extra_costs_until", day, true)
	if err != nil {
		return res, err
	}
	for _, d := range due {
		err := s.db.WithTx(ctx, func(ctx context.Context) error {
			r, err := s.store.lockCompanyRow(ctx, d.ID)
			if err != nil || r.Status != StatusEffective {
				return err
			}
			res.Companies++
			return s.settle(ctx, r, day, &res)
		})
		if err != nil {
			return res, fmt.Errorf("settle request %s: %w", d.OspID, err)
		}
	}
	return res, nil
}

func (s *Service) settle(ctx context.Context, r *companyRow, day string, res *SettleResult) error {
	ca, err := s.companies.ResolveID(ctx, access.SystemScope(), r.CorporateAccountID)
	if err != nil {
		return err
	}
	balances, err := s.budgets.CompanyBalances(ctx, access.SystemScope(), ca.ID)
	if err != nil {
		return err
	}
	var owners []int64
	for _, b := range balances {
		if b.UserID != nil && b.PaymentType == budget.PaymentPrivate {
			owners = append(owners, *b.UserID)
		}
	}
	people, err := s.users.Displays(ctx, access.SystemScope(), owners)
	if err != nil {
		return err
	}
	now := s.now()
	for _, b := range balances {
		if b.Balance < 0 {
			res.Negative++
			continue
		}
		first, err := s.store.settleOnce(ctx, r.ID, b.ID, now)
		if err != nil {
			return err
		}
		if !first {
			continue
		}
		private := b.UserID != nil && b.PaymentType == budget.PaymentPrivate
		txType, desc := budget.TxTransfer, "Deactivation of "+ca.Name+": balance back to the company"
		if private {
			txType, desc = budget.TxRefund, "Deactivation of "+ca.Name+": own money refunded to the user"
		}
		amount, txOsp, err := s.budgets.ZeroBalance(ctx, access.SystemScope(), b.ID, txType, desc)
		if err != nil {
			return err
		}
		if err := s.store.settled(ctx, r.ID, b.ID, amount, txOsp); err != nil {
			return err
		}
		if amount == 0 {
			continue
		}
		res.Amount += amount
		if !private {
			res.Returned++
			continue
		}
		res.Refunded++
		if u, ok := people[*b.UserID]; ok && u.Email != "" {
			lang := i18n.Lang(u.Language)
			if !i18n.IsSupported(u.Language) {
				lang = i18n.Default
			}
			if err := s.outbox.Enqueue(ctx, mail.Message{To: u.Email, Name: "budget_refunded", Lang: lang, CompanyID: ca.ID, Data: map[string]any{
				"Name": u.FullName(), "Company": ca.Name, "Amount": money.FormatEuro(amount, string(lang)),
				"BudgetType": i18n.T(lang, "deactivation.budgetType."+b.BudgetType),
			}}); err != nil {
				return err
			}
		}
	}
	if err := s.budgets.CloseExtraCosts(ctx, access.SystemScope(), ca.ID); err != nil {
		return err
	}
	r.Status, r.SettledOn, r.UpdatedAt = StatusSettled, &day, now
	return s.store.updateCompany(ctx, r)
}

// Settlement is what a deactivation's settlement booked per budget
// (tests and support).
type Settlement struct {
	BudgetID int64
	Amount   int64
	TxOspID  string
}

// Settlements lists what the settlement of a company's request booked.
func (s *Service) Settlements(ctx context.Context, requestOspID string) ([]Settlement, error) {
	rows, err := s.store.settlementsByOsp(ctx, requestOspID)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := make([]Settlement, len(rows))
	for i, r := range rows {
		out[i] = Settlement{BudgetID: r.BudgetID, Amount: r.Amount, TxOspID: r.TxOspID}
	}
	return out, nil
}

// displayDate writes yyyy-MM-dd as dd/MM/yyyy (SPEC §9).
func displayDate(day string) string {
	t, err := time.ParseInLocation(clock.DateLayout, day, clock.Brussels)
	if err != nil {
		return day
	}
	return t.Format("02/01/2006")
}

// lastExtraCostsDay is the last day extra costs are booked: the day before
// extraCostsUntil, when the balances are settled.
func lastExtraCostsDay(until string) string {
	d, err := clock.AddDays(until, -1)
	if err != nil {
		return until
	}
	return d
}
