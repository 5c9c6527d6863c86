package server_test

import (
	"context"
	"fmt"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/budget"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/expense"
	"mobility/portal/internal/money"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/user"
)

// The matrix's invoice: one of Acme's, issued by the monthly run for a
// closed month. An allowed creditNote uses it up (it is credited once), so
// each one made is for an earlier month, with an expense booked in it.
func init() {
	fixtureMakers["invoice"] = issuedInvoice
}

// invoiceMonths counts the invoices made per fixture (one per month).
var invoiceMonths = map[*fixture]int{}

func issuedInvoice(f *fixture, n int) string {
	e, t := f.m.e, f.m.t
	ctx := context.Background()
	invoiceMonths[f]++
	m := time.Date(2026, time.Month(11-invoiceMonths[f]), 1, 10, 0, 0, 0, clock.Brussels)
	month := m.Format("200601")
	now := e.Clock.Now()
	defer e.Clock.Set(now)
	// the booking happens in the month itself, by the services (no session
	// spans the clock's moves)
	e.Clock.Set(m.AddDate(0, 0, 14))
	ca := e.CorporateAccountID(seed.AcmeOspID)
	staff := &access.Principal{Roles: []access.Role{access.OspAdmin}, Scope: access.SystemScope()}
	if err := e.DB.Get(ctx, &staff.UserID, `SELECT id FROM users WHERE login = 'authz.builder'`); err != nil {
		t.Fatalf("fixture invoice, builder: %v", err)
	}
	u := e.NewUser(user.NewUser{Login: fmt.Sprintf("authz.invoiced.%d", n), CorporateAccountID: &ca, Roles: []access.Role{access.OspUser}})
	unlimited, start := true, money.Amount(50000)
	b, err := e.App.Budgets.Create(ctx, staff, budget.CreateRequest{Type: "BUSINESS_BUDGET", OwnerOspID: u,
		Data: budget.WriteData{Unlimited: &unlimited, StartAmount: &start}})
	if err != nil {
		t.Fatalf("fixture invoice, budget: %v", err)
	}
	if _, err := e.App.Expenses.Create(ctx, staff, expense.CreateRequest{UserOspID: u, BudgetOspID: b.OspID, Amount: 1210,
		VatPercentage: 21, Description: "Taxi", Date: m.AddDate(0, 0, 9).Format("2006-01-02"), MobilityMode: "CAR"}); err != nil {
		t.Fatalf("fixture invoice, expense: %v", err)
	}
	e.Clock.Set(m.AddDate(0, 1, 1))
	if _, err := e.App.Invoices.RunMonth(ctx, month); err != nil {
		t.Fatalf("fixture invoice, run: %v", err)
	}
	var id string
	if err := e.DB.Get(ctx, &id, `SELECT osp_id FROM invoices WHERE kind = 'INVOICE' AND corporate_account_id = ? AND month = ?`,
		ca, month); err != nil {
		t.Fatalf("fixture invoice of %s: %v", month, err)
	}
	return id
}
