package userfee

import (
	"context"
	"math"
	"sort"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/budget"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/company"
	"mobility/portal/internal/database"
	"mobility/portal/internal/expense"
	"mobility/portal/internal/money"
	"mobility/portal/internal/partner"
	"mobility/portal/internal/user"
	"mobility/portal/internal/validate"
)

// Deps are what the service is built from. userfee sits above the domains
// it reads (companies and partners as assignees, expenses' monthly counts,
// users' names) and books on budgets through budget's own function.
type Deps struct {
	DB        *database.DB
	Clock     clock.Clock
	Companies *company.Service
	Partners  *partner.Service
	Users     *user.Service
	Budgets   *budget.Service
	Expenses  *expense.Service
}

// Service manages user fee tiers and charges the monthly user fees.
type Service struct {
	db        *database.DB
	store     *store
	clock     clock.Clock
	companies *company.Service
	partners  *partner.Service
	users     *user.Service
	budgets   *budget.Service
	expenses  *expense.Service
}

// NewService builds the service.
func NewService(d Deps) *Service {
	return &Service{db: d.DB, store: &store{db: d.DB}, clock: d.Clock, companies: d.Companies, partners: d.Partners,
		users: d.Users, budgets: d.Budgets, expenses: d.Expenses}
}

// checkClosedMonth refuses a month that is not yyyyMM or not over yet
// (Europe/Brussels): a month's events are only all known once it ended.
func (s *Service) checkClosedMonth(ctx context.Context, month string) error {
	v := validate.New(ctx)
	m, ok := clock.ParseMonth(month)
	switch {
	case !ok:
		v.Fail("month", "rule.month")
	case m.Index() >= clock.MonthOf(s.clock.Now()).Index():
		v.Fail("month", "userfee.rule.monthClosed")
	}
	return v.Err()
}

// ChargeMonth charges every app user of the company who had at least one
// event (expense dated in month, yyyyMM, a closed month) the fee of the
// tier holding their number of events: the company's own tiers when it has
// any, else its partner's; no tier, no fee. Each user is charged once per
// month, ever: one transaction per user inserts the charge (an existing
// one, from an earlier or a concurrent run, is left alone and nothing is
// booked) and books amount + VAT as a user_fee row on the user's first
// active company-paid budget; without one the charge has no ledger row and
// the company still pays it on its invoice. Safe to run again.
func (s *Service) ChargeMonth(ctx context.Context, companyID int64, month string) error {
	if err := s.checkClosedMonth(ctx, month); err != nil {
		return err
	}
	ca, err := s.companies.ResolveID(ctx, access.SystemScope(), companyID)
	if err != nil {
		return err
	}
	tiers, err := s.store.tiersFor(ctx, companyID, ca.PartnerID)
	if err != nil {
		return apperr.Internal(err)
	}
	if len(tiers) == 0 {
		return nil
	}
	counts, err := s.eventCounts(ctx, companyID, month)
	if err != nil {
		return err
	}
	done, err := s.store.chargedUsers(ctx, companyID, month)
	if err != nil {
		return apperr.Internal(err)
	}
	users := make([]int64, 0, len(counts))
	for id, n := range counts {
		if n > 0 && !done[id] {
			users = append(users, id)
		}
	}
	// a fixed order: two concurrent runs meet on the same first user
	// rather than lock each other's rows crosswise
	sort.Slice(users, func(i, j int) bool { return users[i] < users[j] })
	for _, id := range users {
		t, ok := tierOf(tiers, counts[id])
		if !ok {
			continue
		}
		if err := s.charge(ctx, companyID, id, month, counts[id], t); err != nil {
			return err
		}
	}
	return nil
}

// charge records and books one user's fee in one transaction.
func (s *Service) charge(ctx context.Context, companyID, userID int64, month string, events int64, t tierRow) error {
	vat, err := vatOf(t.Amount, t.VatBasisPoints)
	if err != nil {
		return apperr.Internal(err)
	}
	gross, err := money.Add(t.Amount, vat)
	if err != nil {
		return apperr.Internal(err)
	}
	c := chargeRow{UserID: userID, Month: month, CorporateAccountID: companyID, EventCount: int(min(events, math.MaxInt32)),
		Amount: t.Amount, VatBasisPoints: int(t.VatBasisPoints), VatAmount: vat, CreatedAt: database.Now(s.clock.Now())}
	return apperr.Wrap(s.db.WithTx(ctx, func(ctx context.Context) error {
		inserted, err := s.store.insertCharge(ctx, c)
		if err != nil || !inserted {
			return err
		}
		if gross == 0 {
			return nil
		}
		txOspID, err := s.budgets.ChargeUserFee(ctx, budget.UserFeeEntry{UserID: userID, CompanyID: companyID, Gross: gross,
			Description: "user fee " + month})
		if err != nil || txOspID == "" {
			return err
		}
		return s.store.setChargeTx(ctx, userID, month, txOspID)
	}))
}

// eventCounts are the users' numbers of expenses dated in month, from
// expense's monthly totals (one row per user, mode and provider).
func (s *Service) eventCounts(ctx context.Context, companyID int64, month string) (map[int64]int64, error) {
	rows, err := s.expenses.MonthlyTotals(ctx, access.SystemScope(), expense.MonthlyQuery{CompanyIDs: []int64{companyID},
		MonthFrom: month, MonthTo: month, ByUser: true})
	if err != nil {
		return nil, err
	}
	out := map[int64]int64{}
	for _, r := range rows {
		n, err := money.Add(out[r.UserID], r.Count)
		if err != nil {
			return nil, apperr.Internal(err)
		}
		out[r.UserID] = n
	}
	return out, nil
}

// tierOf finds the tier whose range holds count.
func tierOf(tiers []tierRow, count int64) (tierRow, bool) {
	for _, t := range tiers {
		if count >= int64(t.EventCountFrom) && count <= int64(t.EventCountTo) {
			return t, true
		}
	}
	return tierRow{}, false
}

// vatOf is the VAT on a net amount at bp basis points, rounded half away
// from zero; money.ErrOverflow rather than a wrapped product.
func vatOf(net, bp int64) (int64, error) {
	if bp < 0 || bp > 10000 || net > math.MaxInt64/10000 || net < -math.MaxInt64/10000 {
		return 0, money.ErrOverflow
	}
	p := net * bp
	if p >= 0 {
		return (p + 5000) / 10000, nil
	}
	return -((-p + 5000) / 10000), nil
}

// Charges lists a company's user fees of a month (the invoice run's user
// fee lines), with each user's public id and name from user's read model.
func (s *Service) Charges(ctx context.Context, companyID int64, month string) ([]Charge, error) {
	rows, err := s.store.charges(ctx, companyID, month)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	ids := make([]int64, len(rows))
	for i, r := range rows {
		ids[i] = r.UserID
	}
	names, err := s.users.Displays(ctx, access.SystemScope(), ids)
	if err != nil {
		return nil, err
	}
	out := make([]Charge, len(rows))
	for i, r := range rows {
		d := names[r.UserID]
		c := Charge{UserID: r.UserID, UserOspID: d.OspID, UserName: d.FullName(), Month: r.Month, EventCount: r.EventCount,
			Amount: r.Amount, VatBasisPoints: r.VatBasisPoints, VatAmount: r.VatAmount}
		if r.BudgetTxOspID != nil {
			c.BudgetTxOspID = *r.BudgetTxOspID
		}
		out[i] = c
	}
	return out, nil
}
