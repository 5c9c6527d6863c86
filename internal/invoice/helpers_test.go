package invoice_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/google/uuid"

	"mobility/portal/internal/access"
	"mobility/portal/internal/budget"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/company"
	"mobility/portal/internal/expense"
	"mobility/portal/internal/invoice"
	"mobility/portal/internal/money"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
	"mobility/portal/internal/user"
)

const (
	apiV1 = "/portal-service/v1"
	base  = apiV1 + "/invoice"
)

// at is 10:00 on day (Europe/Brussels).
func at(day string) time.Time {
	d, err := time.ParseInLocation("2006-01-02", day, clock.Brussels)
	if err != nil {
		panic(err)
	}
	return d.Add(10 * time.Hour)
}

// world books what the tests invoice through the real services, as
// platform staff, at the clock's time (no session spans the clock's moves).
type world struct {
	t     *testing.T
	e     *testkit.Env
	ctx   context.Context
	staff *access.Principal
	n     int
}

func newWorld(t *testing.T, e *testkit.Env) *world {
	w := &world{t: t, e: e, ctx: context.Background(),
		staff: &access.Principal{Roles: []access.Role{access.OspAdmin}, Scope: access.SystemScope()}}
	if err := e.DB.Get(w.ctx, &w.staff.UserID, `SELECT id FROM users WHERE login = 'ospadmin'`); err != nil {
		t.Fatal(err)
	}
	return w
}

func (w *world) at(day string) { w.e.Clock.Set(at(day)) }

// appUser makes an app user of company with a company-paid budget (or a
// private one) and returns the user's and the budget's ospIds.
func (w *world) appUser(companyOspID, paymentType string) (string, string) {
	w.t.Helper()
	w.n++
	ca := w.e.CorporateAccountID(companyOspID)
	u := w.e.NewUser(user.NewUser{Login: fmt.Sprintf("inv.user.%d", w.n), CorporateAccountID: &ca, Roles: []access.Role{access.OspUser}})
	unlimited, start := true, money.Amount(1_000_000)
	data := budget.WriteData{Unlimited: &unlimited, StartAmount: &start}
	typ := "BUSINESS_BUDGET"
	if paymentType == budget.PaymentPrivate {
		// the employee's own money is never unlimited
		data.PaymentType, data.Unlimited, typ = &paymentType, nil, "MOBILITY_BUDGET"
	}
	b, err := w.e.App.Budgets.Create(w.ctx, w.staff, budget.CreateRequest{Type: typ, OwnerOspID: u, Data: data})
	if err != nil {
		w.t.Fatalf("budget: %v", err)
	}
	return u, b.OspID
}

// spend books an expense dated today (the clock's day).
type spend struct {
	user, budget string
	amount       int64
	vat          float64
	mode         string
	resource     string
	quantity     float64
}

func (w *world) book(s spend) string {
	w.t.Helper()
	req := expense.CreateRequest{UserOspID: s.user, BudgetOspID: s.budget, Amount: money.Amount(s.amount), VatPercentage: s.vat,
		Description: "Trip " + s.mode, Date: clock.Today(w.e.Clock.Now()), MobilityMode: s.mode, ResourceOspID: s.resource}
	if s.quantity != 0 {
		req.Quantity = &s.quantity
	}
	x, err := w.e.App.Expenses.Create(w.ctx, w.staff, req)
	if err != nil {
		w.t.Fatalf("expense %+v: %v", s, err)
	}
	return x.OspID
}

func (w *world) refund(expenseOspID string, amount int64) {
	w.t.Helper()
	a := money.Amount(amount)
	if _, err := w.e.App.Expenses.Refund(w.ctx, w.staff, expense.RefundRequest{OspID: expenseOspID, Amount: &a, Remark: "refund"}); err != nil {
		w.t.Fatalf("refund: %v", err)
	}
}

// company makes a company of MobiPartner (postpaid) and returns its ospId.
func (w *world) company(name string) string {
	w.t.Helper()
	osp := uuid.NewString()
	deposit := money.Amount(100000)
	if _, err := w.e.App.Companies.SeedAccount(w.ctx, w.e.PartnerID(seed.MobiPartnerOspID), osp, company.CreateRequest{Name: name,
		ExtID: "X" + osp[:8], ContractType: company.ContractBusinessMobility, PaymentType: company.PaymentPostpaidSecurityDeposit,
		SecurityDepositAmount: &deposit, Street: "Lei", StreetNumber: "1", ZipCode: "2000", City: "Antwerpen"},
		w.e.Clock.Now()); err != nil {
		w.t.Fatalf("company %s: %v", name, err)
	}
	return osp
}

func (w *world) run(month string) invoice.RunResult {
	w.t.Helper()
	r, err := w.e.App.Invoices.RunMonth(w.ctx, month)
	if err != nil {
		w.t.Fatalf("run %s: %v", month, err)
	}
	return r
}

func (w *world) count(q string, args ...any) int {
	w.t.Helper()
	var n int
	if err := w.e.DB.Get(w.ctx, &n, q, args...); err != nil {
		w.t.Fatal(err)
	}
	return n
}

// numbers are the sequence numbers of a series, in order.
func (w *world) numbers(series string) []int64 {
	w.t.Helper()
	var out []int64
	if err := w.e.DB.Select(w.ctx, &out, `SELECT seq FROM invoices WHERE series = ? ORDER BY seq`, series); err != nil {
		w.t.Fatal(err)
	}
	return out
}

// gapless fails unless the series' numbers of year are 1..n and the
// sequence's last number is n.
func (w *world) gapless(series string, year int) int {
	w.t.Helper()
	nums := w.numbers(series)
	for i, n := range nums {
		if n != int64(i+1) {
			w.t.Fatalf("%s numbers %v: not 1..%d", series, nums, len(nums))
		}
	}
	var last []int64
	if err := w.e.DB.Select(w.ctx, &last, `SELECT last_number FROM invoice_number_sequences WHERE series = ? AND year = ?`,
		series, year); err != nil {
		w.t.Fatal(err)
	}
	if len(nums) > 0 && (len(last) != 1 || last[0] != int64(len(nums))) {
		w.t.Fatalf("%s: last number %v, %d documents", series, last, len(nums))
	}
	return len(nums)
}

// idem posts with an Idempotency-Key.
func idem(e *testkit.Env, path, token, key string, body any) *testkit.Response {
	return e.Do(testkit.Request{Method: http.MethodPost, Path: path, Token: token, Body: body,
		Headers: map[string]string{"Idempotency-Key": key}})
}

// netOfGross is the net of a gross amount at rate bp, rounded half away
// from zero, computed here on its own (integer arithmetic, no big.Int).
func netOfGross(gross, bp int64) int64 { return roundDiv(gross*10000, 10000+bp) }

// roundDiv is a/b rounded half away from zero (b > 0).
func roundDiv(a, b int64) int64 {
	q, r := a/b, a%b
	if r < 0 {
		r = -r
	}
	if 2*r >= b {
		if a < 0 {
			q--
		} else {
			q++
		}
	}
	return q
}

func moneyOf(cents int64) money.Amount { return money.Amount(cents) }

// page posts a filter to findByFilter and answers the page, failing
// unless it is a 200.
func page(t *testing.T, e *testkit.Env, token string, f invoice.Filter) invoice.InvoicePage {
	t.Helper()
	res := e.Post(base+"/findByFilter", token, f)
	testkit.MustStatus(t, res, http.StatusOK)
	var p invoice.InvoicePage
	res.JSON(t, &p)
	return p
}
