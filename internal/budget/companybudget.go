package budget

import (
	"context"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/company"
	"mobility/portal/internal/database"
	"mobility/portal/internal/validate"
)

// The company budget is the company's prepaid money: platform staff open it
// (explicitly, or with its first bank transfer) only for a company that may
// have one, once per company; bank transfers (addForCorporateAccount) are
// the only credits. The schema holds the "once" with a partial unique index
// (migration 00006), so concurrent creates cannot make two.

// Company-budget labels.
var (
	// LabelCompanyBudgetExists: a company has at most one company budget.
	LabelCompanyBudgetExists = apperr.Define("COMPANY_BUDGET_ALREADY_EXISTS")
	// LabelCompanyBudgetNotOpen: the company budget is opened by platform
	// staff (with its first transfer) before anyone sets its threshold.
	LabelCompanyBudgetNotOpen = apperr.Define("COMPANY_BUDGET_NOT_OPEN")
	// LabelCompanyBudgetStaffOnly: only platform staff open a company budget.
	LabelCompanyBudgetStaffOnly = apperr.Define("COMPANY_BUDGET_STAFF_ONLY")
)

// MayHaveCompanyBudget is SPEC canViewCompanyBudget without the platform
// staff's view-everything: a prepaid company, or one of an ARTEMIS partner.
func MayHaveCompanyBudget(ca *company.Resolved) bool {
	return ca.PaymentType == company.PaymentPrepaid || ca.PartnerType == "ARTEMIS"
}

// checkCompanyBudgetCreate holds the company budget's rules for an
// explicit create: platform staff, a company that may have one, and no
// start amount (money comes by bank transfer only).
func (s *Service) checkCompanyBudgetCreate(ctx context.Context, p *access.Principal, ca *company.Resolved, d WriteData) error {
	if !p.IsOspAdmin() {
		return apperr.Forbidden(text(ctx, "money.error.companyBudgetStaff")).WithLabel(LabelCompanyBudgetStaffOnly)
	}
	if ca == nil || !MayHaveCompanyBudget(ca) {
		return conflict(ctx, LabelNoCompanyBudget, "money.error.noCompanyBudget")
	}
	if (d.StartAmount != nil && *d.StartAmount != 0) || (d.EqualToRecurring != nil && *d.EqualToRecurring) {
		return invalid(ctx, apperr.LabelValidationFailed, "startAmount", "money.rule.noStartAmount")
	}
	return nil
}

// bookingWindow is how far back a bank transfer may be dated.
const bookingWindowYears = 2

// checkBookingDate validates a transfer's booking date (default today):
// a date, not in the future, not older than two years. It returns the
// date to book.
func (s *Service) checkBookingDate(v *validate.Checker, date string) string {
	today := clock.Today(s.clock.Now())
	if date == "" {
		return today
	}
	v.Date("bookingDate", date)
	if v.Has("bookingDate") {
		return ""
	}
	if date > today {
		v.Fail("bookingDate", "rule.date.notFuture")
		return ""
	}
	t, _ := time.ParseInLocation(clock.DateLayout, today, clock.Brussels)
	if date < t.AddDate(-bookingWindowYears, 0, 0).Format(clock.DateLayout) {
		v.Fail("bookingDate", "money.rule.bookingDate")
		return ""
	}
	return date
}

// insertBudget stores a new budget; when a partial unique index refuses it
// (a concurrent create got there first) it answers the 409 the Go check
// would have given.
func (s *Service) insertBudget(ctx context.Context, r *row, by int64, now time.Time) (int64, error) {
	id, err := s.store.insert(ctx, r, by, now)
	if database.IsUniqueViolation(err) {
		if r.BudgetType == TypeCompany {
			return 0, conflict(ctx, LabelCompanyBudgetExists, "money.error.companyBudgetExists")
		}
		return 0, conflict(ctx, LabelDuplicate, "money.error.duplicate")
	}
	return id, err
}
