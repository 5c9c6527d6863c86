package plugin_test

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"strings"
	"sync"
	"testing"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/money"
	"mobility/portal/internal/plugin"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
	"mobility/portal/internal/user"
)

const base = "/portal-service/v1/plugin"

func appUser(t testing.TB, e *testkit.Env, login, company string) string {
	t.Helper()
	ca := e.CorporateAccountID(company)
	return e.NewUser(user.NewUser{Login: login, CorporateAccountID: &ca, Roles: []access.Role{access.OspUser}})
}

func ask(t testing.TB, e *testkit.Env, userOspID string, cents int64) *plugin.Purchase {
	t.Helper()
	p, err := e.App.Plugins.Ask(context.Background(), userOspID, plugin.NewPurchase{ProductName: "Bike lease Cowboy 4",
		ProviderName: "Velo Lease", ProviderEmail: "orders@velolease.example", Price: money.Amount(cents), Details: "Size M"})
	if err != nil {
		t.Fatalf("ask: %v", err)
	}
	return p
}

func post(t testing.TB, e *testkit.Env, token, what string, body map[string]any, status int) plugin.Purchase {
	t.Helper()
	res := e.Post(base+"/purchase/"+what, token, body)
	testkit.MustStatus(t, res, status)
	var p plugin.Purchase
	if status == http.StatusOK {
		res.JSON(t, &p)
	}
	return p
}

func expenses(t testing.TB, e *testkit.Env, bookingID string) (n int, total int64) {
	t.Helper()
	var r struct {
		N     int   `db:"n"`
		Total int64 `db:"total"`
	}
	if err := e.DB.Get(context.Background(), &r, `SELECT COUNT(*) AS n, COALESCE(SUM(amount), 0) AS total FROM expenses
		WHERE booking_id = ?`, bookingID); err != nil {
		t.Fatal(err)
	}
	return r.N, r.Total
}

// A purchase's whole life: asked in the app (PENDING), approved by
// platform staff (REQUESTED: the provider's mail is sent and kept),
// accepted by the employee (ACCEPTED: the price booked once on their
// budget), each step in the history with who.
func TestPurchaseLife(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff := e.LoginAs("ospadmin")
		acme := e.LoginAs("acme.admin")
		eva := appUser(t, e, "plugin.eva", seed.AcmeOspID)
		b := e.CreateBudget(acme, "BUSINESS_BUDGET", eva, map[string]any{"unlimited": true})
		p := ask(t, e, eva, 5900)
		if p.State != plugin.StatePending || p.UserOspID != eva || p.CorporateAccountOspID != seed.AcmeOspID || p.Price != 5900 ||
			len(p.History) != 1 || p.History[0].ToState != "PENDING" || p.History[0].ChangedByOspID != eva || p.HasEmail {
			t.Fatalf("asked: %+v", p)
		}
		res := e.Post(base+"/email/get", staff, map[string]any{"purchaseOspId": p.OspID})
		if res.Status != http.StatusNotFound {
			t.Fatalf("email before approval: %d", res.Status)
		}

		// the remark goes to the provider with the request
		upd := post(t, e, staff, "update", map[string]any{"purchaseOspId": p.OspID, "price": 6150, "remark": "Deliver at the office",
			"details": "Size M, from 2026-12-01"}, http.StatusOK)
		if upd.Price != 6150 || upd.Remark != "Deliver at the office" || upd.State != "PENDING" || len(upd.History) != 2 {
			t.Fatalf("update: %+v", upd)
		}
		req := post(t, e, staff, "request", map[string]any{"purchaseOspId": p.OspID}, http.StatusOK)
		if req.State != "REQUESTED" || !req.HasEmail || req.History[2].FromState != "PENDING" || req.History[2].ToState != "REQUESTED" ||
			req.History[2].ChangedByName == "" {
			t.Fatalf("request: %+v", req)
		}
		mails := e.Mails("orders@velolease.example")
		if len(mails) != 1 || mails[0].Template != plugin.MailTemplate {
			t.Fatalf("provider mails: %+v", mails)
		}
		res = e.Post(base+"/email/get", staff, map[string]any{"purchaseOspId": p.OspID})
		testkit.MustStatus(t, res, http.StatusOK)
		var m plugin.Email
		res.JSON(t, &m)
		if m.To != "orders@velolease.example" || m.Subject != mails[0].Subject || m.Body != mails[0].Body ||
			!strings.Contains(m.Body, "Deliver at the office") || !strings.Contains(m.Body, "Size M, from 2026-12-01") ||
			!strings.Contains(m.Subject, "Bike lease Cowboy 4") || m.SentByName == "" {
			t.Fatalf("email: %+v", m)
		}

		acc, err := e.App.Plugins.Accept(context.Background(), eva, p.OspID)
		if err != nil {
			t.Fatalf("accept: %v", err)
		}
		if acc.State != "ACCEPTED" || acc.BookingID == "" || len(acc.History) != 4 || acc.History[3].ChangedByOspID != eva {
			t.Fatalf("accepted: %+v", acc)
		}
		if n, total := expenses(t, e, acc.BookingID); n != 1 || total != 6150 {
			t.Fatalf("booked %d expenses of %d", n, total)
		}
		var balance int64
		if err := e.DB.Get(context.Background(), &balance, `SELECT balance FROM budgets WHERE osp_id = ?`, b.OspID); err != nil {
			t.Fatal(err)
		}
		if balance != -6150 {
			t.Fatalf("budget balance %d, want -6150", balance)
		}

		// handled purchases by state, company, product and dates
		page := e.Post(base+"/purchase/getByFilter", staff, map[string]any{"states": []string{"ACCEPTED", "DECLINED"},
			"corporateAccountOspId": seed.AcmeOspID, "product": "cowboy", "fromDate": "2026-01-01", "toDate": "2099-12-31"})
		testkit.MustStatus(t, page, http.StatusOK)
		var got struct {
			Content       []plugin.Purchase `json:"content"`
			TotalElements int               `json:"totalElements"`
		}
		page.JSON(t, &got)
		if got.TotalElements != 1 || got.Content[0].OspID != p.OspID || len(got.Content[0].History) != 4 {
			t.Fatalf("filter: %+v", got)
		}
		for _, f := range []map[string]any{{"states": []string{"PENDING"}}, {"product": "parking"}, {"toDate": "2000-01-01"},
			{"corporateAccountOspId": seed.GlobexOspID}} {
			res := e.Post(base+"/purchase/getByFilter", staff, f)
			testkit.MustStatus(t, res, http.StatusOK)
			if !strings.Contains(string(res.Body), `"totalElements":0`) {
				t.Fatalf("filter %v: %s", f, res.Body)
			}
		}
	})
}

// Every action from every state: only PENDING→REQUESTED|REJECTED (admin)
// and REQUESTED→ACCEPTED|DECLINED (employee), edits while PENDING or
// REQUESTED; every other one is 409 PLUGIN_PURCHASE_STATE and changes
// nothing.
func TestEveryTransition(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff := e.LoginAs("ospadmin")
		acme := e.LoginAs("acme.admin")
		eva := appUser(t, e, "plugin.eva", seed.AcmeOspID)
		e.CreateBudget(acme, "BUSINESS_BUDGET", eva, map[string]any{"unlimited": true})
		ctx := context.Background()
		// in builds a purchase in a state through the real transitions
		in := func(state string) string {
			p := ask(t, e, eva, 1000)
			var err error
			switch state {
			case "REQUESTED", "ACCEPTED", "DECLINED":
				post(t, e, staff, "request", map[string]any{"purchaseOspId": p.OspID}, http.StatusOK)
				if state == "ACCEPTED" {
					_, err = e.App.Plugins.Accept(ctx, eva, p.OspID)
				} else if state == "DECLINED" {
					_, err = e.App.Plugins.Decline(ctx, eva, p.OspID)
				}
			case "REJECTED":
				post(t, e, staff, "reject", map[string]any{"purchaseOspId": p.OspID, "reason": "Not in the policy"}, http.StatusOK)
			}
			if err != nil {
				t.Fatalf("to %s: %v", state, err)
			}
			return p.OspID
		}
		actions := map[string]func(id string) (string, error){
			"request": func(id string) (string, error) {
				return portal(e, staff, "request", map[string]any{"purchaseOspId": id})
			},
			"reject": func(id string) (string, error) {
				return portal(e, staff, "reject", map[string]any{"purchaseOspId": id, "reason": "No"})
			},
			"update": func(id string) (string, error) {
				return portal(e, staff, "update", map[string]any{"purchaseOspId": id, "price": 1200, "remark": "r"})
			},
			"accept": func(id string) (string, error) {
				p, err := e.App.Plugins.Accept(ctx, eva, id)
				return stateOf(p), err
			},
			"decline": func(id string) (string, error) {
				p, err := e.App.Plugins.Decline(ctx, eva, id)
				return stateOf(p), err
			},
		}
		allowed := map[string]string{
			"PENDING/request": "REQUESTED", "PENDING/reject": "REJECTED", "PENDING/update": "PENDING",
			"REQUESTED/update": "REQUESTED", "REQUESTED/accept": "ACCEPTED", "REQUESTED/decline": "DECLINED",
		}
		for _, from := range plugin.States {
			for name, act := range actions {
				id := in(from)
				before := e.Snapshot()
				got, err := act(id)
				want, ok := allowed[from+"/"+name]
				if ok {
					if err != nil || got != want {
						t.Errorf("%s from %s: %q %v, want %s", name, from, got, err, want)
					}
					continue
				}
				if ae := apperr.As(err); ae == nil || ae.Label != plugin.LabelState {
					t.Errorf("%s from %s: %q %v, want %s", name, from, got, err, plugin.LabelState)
				}
				if changed := e.Snapshot().Changed(before); len(changed) > 0 {
					t.Errorf("refused %s from %s changed %v", name, from, changed)
				}
			}
		}
	})
}

func stateOf(p *plugin.Purchase) string {
	if p == nil {
		return ""
	}
	return p.State
}

// portal calls a purchase route and answers the new state, or the
// refusal as an apperr.
func portal(e *testkit.Env, token, what string, body map[string]any) (string, error) {
	res := e.Post(base+"/purchase/"+what, token, body)
	if res.Status != http.StatusOK {
		return "", apperr.New(apperr.KindConflict, res.Label(), fmt.Sprintf("%d %s", res.Status, res.Body))
	}
	var p plugin.Purchase
	res.JSON(e.T, &p)
	return p.State, nil
}

// Two acceptances at once: one wins, the price is booked once; two
// approvals at once: one mail.
func TestConcurrentTransitions(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff := e.LoginAs("ospadmin")
		acme := e.LoginAs("acme.admin")
		eva := appUser(t, e, "plugin.eva", seed.AcmeOspID)
		e.CreateBudget(acme, "BUSINESS_BUDGET", eva, map[string]any{"unlimited": true})
		p := ask(t, e, eva, 2500)
		var wg sync.WaitGroup
		statuses := make([]int, 4)
		for i := range statuses {
			wg.Add(1)
			go func() {
				defer wg.Done()
				statuses[i] = e.Post(base+"/purchase/request", staff, map[string]any{"purchaseOspId": p.OspID}).Status
			}()
		}
		wg.Wait()
		if ok := count(statuses, http.StatusOK); ok != 1 || count(statuses, http.StatusConflict) != 3 {
			t.Fatalf("concurrent requests: %v", statuses)
		}
		if m := e.Mails("orders@velolease.example"); len(m) != 1 {
			t.Fatalf("%d provider mails", len(m))
		}
		errs := make([]error, 4)
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = e.App.Plugins.Accept(context.Background(), eva, p.OspID)
			}()
		}
		wg.Wait()
		won := 0
		for _, err := range errs {
			if err == nil {
				won++
			} else if ae := apperr.As(err); ae == nil || ae.Label != plugin.LabelState {
				t.Fatalf("a losing acceptance: %v", err)
			}
		}
		if won != 1 {
			t.Fatalf("%d acceptances won: %v", won, errs)
		}
		if n, total := expenses(t, e, fmt.Sprintf("PLG-%06d", purchaseID(t, e, p.OspID))); n != 1 || total != 2500 {
			t.Fatalf("booked %d expenses of %d", n, total)
		}
	})
}

func count(list []int, v int) int {
	n := 0
	for _, x := range list {
		if x == v {
			n++
		}
	}
	return n
}

func purchaseID(t testing.TB, e *testkit.Env, ospID string) int64 {
	var id int64
	if err := e.DB.Get(context.Background(), &id, `SELECT id FROM plugin_purchases WHERE osp_id = ?`, ospID); err != nil {
		t.Fatal(err)
	}
	return id
}

// Who may: platform staff and the MSP admin of Acme's partner handle
// Acme's purchases; a foreign MSP admin finds none (404), a company admin
// is refused (403); an employee reaches only their own purchases; a
// budget that refuses the price leaves the purchase REQUESTED.
func TestWhoMayAndRefusals(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff := e.LoginAs("ospadmin")
		msp := e.LoginAs("msp.admin")
		rideon := e.LoginAs("rideon.admin")
		acme := e.LoginAs("acme.admin")
		eva := appUser(t, e, "plugin.eva", seed.AcmeOspID)
		other := appUser(t, e, "plugin.other", seed.AcmeOspID)
		p := ask(t, e, eva, 1000)
		before := e.Snapshot()
		for _, c := range []struct {
			token  string
			what   string
			body   map[string]any
			status int
		}{
			{rideon, "request", map[string]any{"purchaseOspId": p.OspID}, http.StatusNotFound},
			{rideon, "reject", map[string]any{"purchaseOspId": p.OspID, "reason": "x"}, http.StatusNotFound},
			{acme, "request", map[string]any{"purchaseOspId": p.OspID}, http.StatusForbidden},
			{staff, "update", map[string]any{"purchaseOspId": p.OspID, "price": int64(math.MaxInt64)}, http.StatusBadRequest},
			{staff, "update", map[string]any{"purchaseOspId": p.OspID, "price": 0}, http.StatusBadRequest},
			{staff, "update", map[string]any{"purchaseOspId": p.OspID, "price": 100, "remark": strings.Repeat("x", 50_000)}, http.StatusBadRequest},
			{staff, "update", map[string]any{"purchaseOspId": p.OspID, "price": 100, "remark": "a\x00b"}, http.StatusBadRequest},
			{staff, "reject", map[string]any{"purchaseOspId": p.OspID, "reason": "  "}, http.StatusBadRequest},
			{staff, "getByFilter", map[string]any{"fromDate": "1900-01-01"}, http.StatusBadRequest},
			{staff, "getByFilter", map[string]any{"fromDate": "2026-05-01", "toDate": "2026-04-01"}, http.StatusBadRequest},
			{staff, "getByFilter", map[string]any{"states": []string{"OPEN"}}, http.StatusBadRequest},
			{staff, "getByFilter", map[string]any{"states": make([]string, 40_000)}, http.StatusBadRequest},
		} {
			if res := e.Post(base+"/purchase/"+c.what, c.token, c.body); res.Status != c.status {
				t.Errorf("%s %v: %d %s, want %d", c.what, c.body, res.Status, res.Body, c.status)
			}
		}
		if res := e.Post(base+"/email/get", rideon, map[string]any{"purchaseOspId": p.OspID}); res.Status != http.StatusNotFound {
			t.Errorf("rideon email: %d", res.Status)
		}
		if _, err := e.App.Plugins.Decline(context.Background(), other, p.OspID); !apperr.IsNotFound(err) {
			t.Errorf("another employee declines: %v", err)
		}
		if changed := e.Snapshot().Changed(before); len(changed) > 0 {
			t.Fatalf("refused calls changed %v", changed)
		}
		res := e.Post(base+"/purchase/getByFilter", rideon, map[string]any{})
		testkit.MustStatus(t, res, http.StatusOK)
		if !strings.Contains(string(res.Body), `"totalElements":0`) {
			t.Fatalf("rideon lists: %s", res.Body)
		}
		// the partner's MSP admin approves; without a budget the employee
		// cannot accept, and the purchase stays REQUESTED
		post(t, e, msp, "request", map[string]any{"purchaseOspId": p.OspID}, http.StatusOK)
		if _, err := e.App.Plugins.Accept(context.Background(), eva, p.OspID); apperr.As(err) == nil ||
			apperr.As(err).Label != plugin.LabelNoBudget {
			t.Fatalf("accept without budget: %v", err)
		}
		small := e.CreateBudget(acme, "MOBILITY_BUDGET", eva, map[string]any{"frequency": "MONTH", "frequencyAmount": 500, "startAmount": 500})
		if _, err := e.App.Plugins.Accept(context.Background(), eva, p.OspID); apperr.As(err) == nil ||
			apperr.As(err).Label != "INSUFFICIENT_BUDGET" {
			t.Fatalf("accept on %s with too little: %v", small.OspID, err)
		}
		page := post(t, e, staff, "update", map[string]any{"purchaseOspId": p.OspID, "price": 400}, http.StatusOK)
		if page.State != "REQUESTED" {
			t.Fatalf("after refusals: %+v", page)
		}
		if acc, err := e.App.Plugins.Accept(context.Background(), eva, p.OspID); err != nil || acc.State != "ACCEPTED" {
			t.Fatalf("accept at the new price: %v", err)
		}
		// the app's own asks are checked too
		for _, np := range []plugin.NewPurchase{
			{ProductName: "x", ProviderName: "y", ProviderEmail: "not-an-address", Price: 100},
			{ProductName: "x", ProviderName: "y", ProviderEmail: "a@b.example", Price: money.Amount(money.MaxAmount + 1)},
			{ProductName: "", ProviderName: "y", ProviderEmail: "a@b.example", Price: 100},
			{ProductName: "x\x00", ProviderName: "y", ProviderEmail: "a@b.example", Price: 100},
			{ProductName: "x", ProviderName: "y", ProviderEmail: "a@b.example", Price: 100, ProductOspID: "no-such-product"},
		} {
			if _, err := e.App.Plugins.Ask(context.Background(), eva, np); apperr.As(err) == nil || apperr.As(err).Kind != apperr.KindInvalid {
				t.Errorf("ask %+v: %v", np, err)
			}
		}
	})
}
