package order_test

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/order"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
	"mobility/portal/internal/user"
)

const (
	v1  = "/portal-service/v1"
	ord = v1 + "/order"
	sto = v1 + "/seasonTicket/order"
)

type fix struct {
	e                  *testkit.Env
	staff, acme, msp   string
	globex             string
	user, budget, lang string
}

// setUp makes an Acme app user (French) with a mobility budget of 1,000.00.
func setUp(t *testing.T, e *testkit.Env) *fix {
	t.Helper()
	f := &fix{e: e, staff: e.LoginAs("ospadmin"), acme: e.LoginAs("acme.admin"), msp: e.LoginAs("msp.admin"),
		globex: e.LoginAs("globex.admin"), lang: "fr"}
	ca := e.CorporateAccountID(seed.AcmeOspID)
	f.user = e.NewUser(user.NewUser{Login: "sc.user", Firstname: "Sam", Lastname: "Claes", Email: "sc.user@example.com",
		CorporateAccountID: &ca, Roles: []access.Role{access.OspUser}, Language: "fr"})
	f.budget = e.CreateBudget(f.acme, "MOBILITY_BUDGET", f.user, map[string]any{"frequency": "MONTH", "frequencyAmount": 1000,
		"startAmount": 100_000}).OspID
	return f
}

// input is a valid NMBS route-card order of the fixture's user.
func (f *fix) input() order.Input {
	return order.Input{CorporateAccountOspID: seed.AcmeOspID, UserOspID: f.user, Gender: "M", Firstname: "Sam", Lastname: "Claes",
		Street: "Kerkstraat", HouseNumber: "12", PostalCode: "9000", City: "Gent", Country: "BE", DateOfBirth: "1985-07-30",
		Language: "fr", NationalNumber: "85.07.30-033.28", PersonnelNumber: "P-1001", CardNumber: "5555 6666 7777 8888",
		Product: "NMBS", Duration: 12, StartDate: "2026-12-01", Price: 30_000, Origin: "Gent-Sint-Pieters",
		Destination: "Brussel-Centraal", TravelClass: 2, Type: "ROUTE", IncludeParking: true, ParkingPrice: 5_000,
		Email: "sc.user@example.com", BudgetType: "MOBILITY_BUDGET", B2BContractNumber: "B2B-77"}
}

func (f *fix) open(t testing.TB, in order.Input) string {
	t.Helper()
	o, err := f.e.App.Orders.Request(context.Background(), in)
	if err != nil {
		t.Fatalf("request: %v", err)
	}
	return o.OrderID
}

func (f *fix) balance(t *testing.T) int64 {
	t.Helper()
	var b int64
	if err := f.e.DB.Get(context.Background(), &b, `SELECT balance FROM budgets WHERE osp_id = ?`, f.budget); err != nil {
		t.Fatal(err)
	}
	return b
}

func (f *fix) expenses(t *testing.T, id string) (n int, amount int64) {
	t.Helper()
	var rows []int64
	if err := f.e.DB.Select(context.Background(), &rows, `SELECT amount FROM expenses WHERE booking_id = ?`, "SCO-"+id); err != nil {
		t.Fatal(err)
	}
	for _, a := range rows {
		amount += a
	}
	return len(rows), amount
}

func (f *fix) inbox(t *testing.T) []string {
	t.Helper()
	var bodies []string
	if err := f.e.DB.Select(context.Background(), &bodies, `SELECT m.body FROM message_inbox i JOIN messages m ON m.id = i.message_id
		JOIN users u ON u.id = i.user_id WHERE u.osp_id = ? ORDER BY m.id`, f.user); err != nil {
		t.Fatal(err)
	}
	return bodies
}

func status(t *testing.T, e *testkit.Env, id string) string {
	t.Helper()
	var s string
	if err := e.DB.Get(context.Background(), &s, `SELECT status FROM season_card_orders WHERE osp_id = ?`, id); err != nil {
		t.Fatal(err)
	}
	return s
}

func want(t *testing.T, res *testkit.Response, code int, label string) {
	t.Helper()
	if res.Status != code || (label != "" && res.Label() != label) {
		t.Fatalf("want %d %s, got %d %s", code, label, res.Status, res.Body)
	}
}

// Every field of the app's order is checked, naming the field; absurd
// values are refused and store nothing.
func TestRequestValidation(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		f := setUp(t, e)
		ctx := context.Background()
		for _, c := range []struct {
			name  string
			edit  func(in *order.Input)
			field string
		}{
			{"check digits", func(in *order.Input) { in.NationalNumber = "85.07.30-033.29" }, "nationalNumber"},
			{"2000 rule needed", func(in *order.Input) { in.DateOfBirth = "2005-03-12"; in.NationalNumber = "05.03.12-123.31" }, "nationalNumber"},
			{"letters", func(in *order.Input) { in.NationalNumber = "8507300332A" }, "nationalNumber"},
			{"NUL in name", func(in *order.Input) { in.Lastname = "Cl\x00aes" }, "lastname"},
			{"50,000 characters", func(in *order.Input) { in.Remark = strings.Repeat("x", 50_000) }, "remark"},
			{"2^63 price", func(in *order.Input) { in.Price = math.MaxInt64 }, "price"},
			{"negative price", func(in *order.Input) { in.Price = -1 }, "price"},
			{"born 1899", func(in *order.Input) { in.DateOfBirth = "1899-12-31" }, "dateOfBirth"},
			{"start 9999", func(in *order.Input) { in.StartDate = "9999-01-01" }, "startDate"},
			{"duration", func(in *order.Input) { in.Duration = 7 }, "duration"},
			{"class", func(in *order.Input) { in.TravelClass = 3 }, "travelClass"},
			{"train fields on a city card", func(in *order.Input) { in.Product = "STIB" }, "origin"},
			{"parking without price", func(in *order.Input) { in.ParkingPrice = 0 }, "parkingPrice"},
			{"card letters", func(in *order.Input) { in.CardNumber = "ABCD1234567" }, "cardNumber"},
			{"email", func(in *order.Input) { in.Email = "nope" }, "email"},
			{"budget type", func(in *order.Input) { in.BudgetType = "COMPANY_BUDGET" }, "budgetType"},
		} {
			in := f.input()
			c.edit(&in)
			_, err := e.App.Orders.Request(ctx, in)
			if err == nil {
				t.Fatalf("%s: accepted", c.name)
			}
			if fe := fieldsOf(err); !fe[c.field] {
				t.Errorf("%s: fields %v, want %s", c.name, fe, c.field)
			}
		}
		var n int
		_ = e.DB.Get(ctx, &n, `SELECT COUNT(*) FROM season_card_orders`)
		if n != 0 {
			t.Fatalf("%d orders stored by refused requests", n)
		}
		// born from 2000: the "2" prefix rule passes
		in := f.input()
		in.DateOfBirth, in.NationalNumber = "2005-03-12", "05031212360"
		if _, err := e.App.Orders.Request(ctx, in); err != nil {
			t.Fatalf("2000+ number refused: %v", err)
		}
		// a user of another company is no user of the order's company
		in = f.input()
		in.UserOspID = e.UserOspID("globex.admin")
		if fe := fieldsOf(func() error { _, err := e.App.Orders.Request(ctx, in); return err }()); !fe["userOspId"] {
			t.Errorf("foreign user: %v", fe)
		}
	})
}

// Confirm with an adjusted date and price books price + parking once;
// every refused transition answers its label and changes nothing; cancel
// after confirm leaves the charge and tells the employee.
func TestTransitions(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		f := setUp(t, e)
		id := f.open(t, f.input())
		before := f.balance(t)
		// refused input first: nothing moves
		want(t, e.Post(sto+"/confirm", f.acme, map[string]any{"orderId": id, "corporateAccountOspId": seed.AcmeOspID,
			"effectivePrice": 0}), 400, "VALIDATION_FAILED")
		want(t, e.Post(sto+"/confirm", f.acme, map[string]any{"orderId": id, "corporateAccountOspId": seed.AcmeOspID,
			"effectiveStartDate": "1900-01-01"}), 400, "VALIDATION_FAILED")
		other := e.CreateBudget(f.acme, "MOBILITY_BUDGET", e.UserOspID("jan.peeters"), map[string]any{"frequency": "MONTH",
			"frequencyAmount": 1000, "startAmount": 100_000}).OspID
		res := e.Post(sto+"/confirm", f.acme, map[string]any{"orderId": id, "corporateAccountOspId": seed.AcmeOspID, "budgetOspId": other})
		want(t, res, 400, "VALIDATION_FAILED")
		if res.Field() != "budgetOspId" {
			t.Fatalf("another user's budget: %s", res.Body)
		}
		if status(t, e, id) != "OPEN" || f.balance(t) != before {
			t.Fatal("a refused confirm changed something")
		}

		res = e.Post(sto+"/confirm", f.acme, map[string]any{"orderId": id, "corporateAccountOspId": seed.AcmeOspID,
			"effectiveStartDate": "2026-12-15", "effectivePrice": 28_000, "budgetOspId": f.budget})
		want(t, res, 200, "")
		got := res.Map(t)
		if got["status"] != "CONFIRMED" || got["effectiveStartDate"] != "2026-12-15" || got["effectivePrice"] != float64(28_000) ||
			got["expenseOspId"] == "" || got["confirmedBy"] == "" || got["nationalNumber"] != "**.**.**-***.28" {
			t.Fatalf("confirmed: %v", got)
		}
		if n, amount := f.expenses(t, id); n != 1 || amount != 33_000 {
			t.Fatalf("booked %d expenses of %d, want 1 of 33000", n, amount)
		}
		charged := f.balance(t)
		if before-charged != 33_000 {
			t.Fatalf("balance %d → %d", before, charged)
		}
		want(t, e.Post(sto+"/confirm", f.acme, map[string]any{"orderId": id, "corporateAccountOspId": seed.AcmeOspID}), 409, "ORDER_NOT_OPEN")

		// cancel needs a reason of at most 500 characters
		want(t, e.Post(sto+"/cancel", f.acme, map[string]any{"orderId": id, "corporateAccountOspId": seed.AcmeOspID, "reason": " "}), 400, "VALIDATION_FAILED")
		want(t, e.Post(sto+"/cancel", f.acme, map[string]any{"orderId": id, "corporateAccountOspId": seed.AcmeOspID,
			"reason": strings.Repeat("r", 501)}), 400, "VALIDATION_FAILED")
		res = e.Post(sto+"/cancel", f.acme, map[string]any{"orderId": id, "corporateAccountOspId": seed.AcmeOspID, "reason": "Card lost, ordered again"})
		want(t, res, 200, "")
		got = res.Map(t)
		if got["status"] != "CANCELLED" || got["cancelledAfterConfirm"] != true || got["cancelReason"] != "Card lost, ordered again" ||
			got["expenseOspId"] == "" {
			t.Fatalf("cancelled: %v", got)
		}
		if n, _ := f.expenses(t, id); n != 1 || f.balance(t) != charged {
			t.Fatalf("cancel after confirm changed the charge: %d expenses, balance %d (was %d)", n, f.balance(t), charged)
		}
		inbox := f.inbox(t)
		if len(inbox) != 1 || !strings.Contains(inbox[0], "Card lost, ordered again") || !strings.Contains(inbox[0], "Motif") {
			t.Fatalf("inbox (French): %q", inbox)
		}
		want(t, e.Post(sto+"/cancel", f.acme, map[string]any{"orderId": id, "corporateAccountOspId": seed.AcmeOspID, "reason": "again"}), 409, "ORDER_ALREADY_CANCELLED")
		want(t, e.Post(sto+"/confirm", f.acme, map[string]any{"orderId": id, "corporateAccountOspId": seed.AcmeOspID}), 409, "ORDER_NOT_OPEN")
		if len(f.inbox(t)) != 1 {
			t.Fatal("a refused cancel sent a message")
		}

		// an open order cancelled: nothing booked; confirmed without
		// naming a budget: the suggested one (the order's type)
		id2 := f.open(t, f.input())
		want(t, e.Post(ord+"/cancel", f.staff, map[string]any{"orderId": id2, "reason": "Duplicate order"}), 200, "")
		if n, _ := f.expenses(t, id2); n != 0 {
			t.Fatal("cancelling an open order booked")
		}
		id3 := f.open(t, f.input())
		res = e.Post(ord+"/confirm", f.msp, map[string]any{"orderId": id3})
		want(t, res, 200, "")
		if res.Map(t)["budgetOspId"] != f.budget || res.Map(t)["effectivePrice"] != float64(30_000) {
			t.Fatalf("default confirm: %s", res.Body)
		}
		// the invoice check's read model: the two confirmed orders of November
		got2, err := e.App.Orders.ProcessedInMonth(context.Background(), 2026, time.November)
		if err != nil || len(got2) != 2 || got2[0].PriceCents != 28_000 || got2[0].ParkingCents != 5_000 ||
			got2[0].CardNumber != "5555666677778888" || got2[0].StartDate.Format("2006-01-02") != "2026-12-15" {
			t.Fatalf("processed in month: %+v %v", got2, err)
		}
		if none, _ := e.App.Orders.ProcessedInMonth(context.Background(), 2026, time.October); len(none) != 0 {
			t.Fatalf("October: %+v", none)
		}
	})
}

// Tenancy and roles: another company's admin, an admin without MSP rights
// on the backoffice calls, and the company's PLATFORM setting.
func TestTenancyAndConfig(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		f := setUp(t, e)
		id := f.open(t, f.input())
		before := e.Snapshot()
		want(t, e.Post(sto+"/confirm", f.globex, map[string]any{"orderId": id, "corporateAccountOspId": seed.GlobexOspID}), 404, "NOT_FOUND")
		want(t, e.Post(sto+"/confirm", f.globex, map[string]any{"orderId": id, "corporateAccountOspId": seed.AcmeOspID}), 404, "NOT_FOUND")
		want(t, e.Post(sto+"/cancel", f.globex, map[string]any{"orderId": id, "corporateAccountOspId": seed.GlobexOspID, "reason": "x"}), 404, "NOT_FOUND")
		want(t, e.Post(ord+"/confirm", f.acme, map[string]any{"orderId": id}), 403, "")
		want(t, e.Post(ord+"/config/update", f.msp, map[string]any{"corporateAccountOspId": seed.AcmeOspID, "handledBy": "COMPANY",
			"defaultBudgetType": "MOBILITY_BUDGET"}), 403, "")
		if ch := e.Snapshot().Changed(before); len(ch) > 0 {
			t.Fatalf("refused calls changed %v", ch)
		}
		// Globex sees none of Acme's orders
		res := e.Post(sto+"/getOpen", f.globex, map[string]any{"corporateAccountOspId": seed.GlobexOspID})
		want(t, res, 200, "")
		if res.Map(t)["totalElements"] != float64(0) {
			t.Fatalf("Globex sees %s", res.Body)
		}
		want(t, e.Do(testkit.Request{Method: http.MethodGet, Path: ord + "/getDetails/" + id, Token: f.globex}), 404, "NOT_FOUND")

		// lists mask the national number; details show it to the handler
		res = e.Post(ord+"/getOpen", f.msp, map[string]any{"search": "claes", "product": "NMBS",
			"dateFrom": "2026-11-21", "dateTo": "2026-11-21"})
		want(t, res, 200, "")
		page := res.Map(t)
		if page["totalElements"] != float64(1) || page["content"].([]any)[0].(map[string]any)["nationalNumber"] != "**.**.**-***.28" {
			t.Fatalf("getOpen: %s", res.Body)
		}
		for _, q := range []map[string]any{{"search": "nobody"}, {"product": "STIB"}, {"dateFrom": "2026-11-22"},
			{"corporateAccountOspId": seed.GlobexOspID}} {
			if r := e.Post(ord+"/getOpen", f.msp, q); r.Status != 200 || r.Map(t)["totalElements"] != float64(0) {
				t.Fatalf("filter %v: %s", q, r.Body)
			}
		}
		want(t, e.Post(ord+"/getOpen", f.msp, map[string]any{"dateFrom": "2026-11-22", "dateTo": "2026-11-01"}), 400, "VALIDATION_FAILED")
		res = e.Do(testkit.Request{Method: http.MethodGet, Path: ord + "/getDetails/" + id, Token: f.acme})
		want(t, res, 200, "")
		d := res.Map(t)
		o := d["order"].(map[string]any)
		if o["nationalNumber"] != "85.07.30-033.28" || d["canHandle"] != true || d["suggestedBudgetOspId"] != f.budget {
			t.Fatalf("details: %s", res.Body)
		}
		// each of the employee's budgets with what it holds, so the
		// handler sees where the confirmation can book
		if bs := d["budgets"].([]any); len(bs) != 1 || bs[0].(map[string]any)["ospId"] != f.budget ||
			bs[0].(map[string]any)["balance"] != float64(f.balance(t)) || bs[0].(map[string]any)["balance"] != float64(100_000) ||
			bs[0].(map[string]any)["unlimited"] != false || bs[0].(map[string]any)["active"] != true {
			t.Fatalf("details' budgets: %s", res.Body)
		}

		// PLATFORM: the company's admins may look (masked) but not handle
		want(t, e.Post(ord+"/config/update", f.staff, map[string]any{"corporateAccountOspId": seed.AcmeOspID, "handledBy": "PLATFORM",
			"defaultBudgetType": "MOBILITY_BUDGET"}), 200, "")
		res = e.Post(ord+"/config/get", f.msp, map[string]any{"corporateAccountOspId": seed.AcmeOspID})
		if res.Map(t)["handledBy"] != "PLATFORM" {
			t.Fatalf("config: %s", res.Body)
		}
		want(t, e.Post(sto+"/confirm", f.acme, map[string]any{"orderId": id, "corporateAccountOspId": seed.AcmeOspID}), 409, "ORDER_HANDLED_BY_PLATFORM")
		want(t, e.Post(ord+"/cancel", f.msp, map[string]any{"orderId": id, "reason": "x"}), 409, "ORDER_HANDLED_BY_PLATFORM")
		res = e.Do(testkit.Request{Method: http.MethodGet, Path: ord + "/getDetails/" + id, Token: f.acme})
		if d := res.Map(t); d["canHandle"] != false || d["order"].(map[string]any)["nationalNumber"] != "**.**.**-***.28" {
			t.Fatalf("details under PLATFORM: %s", res.Body)
		}
		if status(t, e, id) != "OPEN" {
			t.Fatal("refused handling moved the order")
		}
		want(t, e.Post(ord+"/confirm", f.staff, map[string]any{"orderId": id}), 200, "")
	})
}

// Two handling calls on one order at once: of two confirms or two
// cancels exactly one wins; at most one booking, and the balance moves by
// exactly what was booked.
func TestConcurrentHandling(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		f := setUp(t, e)
		for round, calls := range [][2]string{{"confirm", "confirm"}, {"confirm", "cancel"}, {"cancel", "cancel"}} {
			id := f.open(t, f.input())
			before := f.balance(t)
			var wg sync.WaitGroup
			codes := make([]int, 2)
			for i, call := range calls {
				wg.Add(1)
				go func() {
					defer wg.Done()
					body := map[string]any{"orderId": id, "corporateAccountOspId": seed.AcmeOspID, "reason": "race"}
					codes[i] = e.Post(sto+"/"+call, f.acme, body).Status
				}()
			}
			wg.Wait()
			ok := 0
			for _, c := range codes {
				switch c {
				case 200:
					ok++
				case 409:
				default:
					t.Fatalf("round %d: status %d", round, c)
				}
			}
			n, amount := f.expenses(t, id)
			// a confirm and a cancel both pass when the confirm goes
			// first (a confirmed order may be cancelled, keeping its
			// booking); when the cancel goes first the confirm loses
			wins := 1
			if calls == [2]string{"confirm", "cancel"} && codes[0] == 200 {
				wins = 2
			}
			if ok != wins || n > 1 || before-f.balance(t) != amount {
				t.Fatalf("round %d %v: %v answers, %d bookings of %d, balance %d → %d", round, calls, codes, n, amount, before, f.balance(t))
			}
			if codes[0] == 200 && calls[0] == "confirm" && n != 1 {
				t.Fatalf("round %d: the winning confirm booked %d", round, n)
			}
		}
		keptCountsMatch(t, e)
	})
}

// keptCountsMatch checks the kept counts per company and state against
// the orders themselves.
func keptCountsMatch(t *testing.T, e *testkit.Env) {
	t.Helper()
	type row struct {
		Company int64  `db:"corporate_account_id"`
		Status  string `db:"status"`
		N       int64  `db:"n"`
	}
	var kept, real []row
	ctx := context.Background()
	if err := e.DB.Select(ctx, &kept, `SELECT corporate_account_id, status, n FROM season_card_order_counts WHERE n > 0
		ORDER BY corporate_account_id, status`); err != nil {
		t.Fatal(err)
	}
	if err := e.DB.Select(ctx, &real, `SELECT corporate_account_id, status, COUNT(*) AS n FROM season_card_orders
		GROUP BY corporate_account_id, status ORDER BY corporate_account_id, status`); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(kept) != fmt.Sprint(real) {
		t.Fatalf("kept counts %v, orders %v", kept, real)
	}
}

// The lists' totals follow every transition: open, confirmed, cancelled
// from open and from confirmed; per company, for an MSP admin, and with a
// search (which counts the matching orders themselves).
func TestListTotals(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		f := setUp(t, e)
		totals := func(q map[string]any) (open, handled float64) {
			t.Helper()
			for i, list := range []string{"/getOpen", "/getHandled"} {
				res := e.Post(ord+list, f.staff, q)
				want(t, res, 200, "")
				n := res.Map(t)["totalElements"].(float64)
				if i == 0 {
					open = n
				} else {
					handled = n
				}
			}
			return open, handled
		}
		check := func(step string, open, handled float64) {
			t.Helper()
			all := map[string]any{"pagination": map[string]any{"page": 1, "size": 2}}
			acme := map[string]any{"corporateAccountOspId": seed.AcmeOspID, "pagination": map[string]any{"page": 1, "size": 2}}
			globex := map[string]any{"corporateAccountOspId": seed.GlobexOspID}
			search := map[string]any{"search": "claes"}
			for _, q := range []map[string]any{all, acme, search} {
				if o, h := totals(q); o != open || h != handled {
					t.Fatalf("%s %v: open %v handled %v, want %v %v", step, q, o, h, open, handled)
				}
			}
			if o, h := totals(globex); o != 0 || h != 0 {
				t.Fatalf("%s: globex %v %v", step, o, h)
			}
			if res := e.Post(ord+"/getOpen", f.msp, map[string]any{}); res.Map(t)["totalElements"] != open {
				t.Fatalf("%s: msp sees %v open", step, res.Map(t)["totalElements"])
			}
			keptCountsMatch(t, e)
		}
		check("none", 0, 0)
		ids := []string{f.open(t, f.input()), f.open(t, f.input()), f.open(t, f.input())}
		check("three open", 3, 0)
		handle := func(call, id string) {
			t.Helper()
			want(t, e.Post(sto+"/"+call, f.acme, map[string]any{"orderId": id, "corporateAccountOspId": seed.AcmeOspID,
				"reason": "moved away"}), 200, "")
		}
		handle("confirm", ids[0])
		check("one confirmed", 2, 1)
		handle("cancel", ids[0])
		check("confirmed then cancelled", 2, 1)
		handle("cancel", ids[1])
		check("one cancelled while open", 1, 2)
		// a refused transition moves no count
		want(t, e.Post(sto+"/cancel", f.acme, map[string]any{"orderId": ids[1], "corporateAccountOspId": seed.AcmeOspID,
			"reason": "again"}), 409, "")
		check("refused cancel", 1, 2)
	})
}

// fieldsOf lists the fields a validation error names.
func fieldsOf(err error) map[string]bool {
	out := map[string]bool{}
	if e := apperr.As(err); e != nil {
		for _, f := range e.Fields {
			out[f.Field] = true
		}
	}
	return out
}
