package budget_test

import (
	"context"
	"math"
	"testing"

	"mobility/portal/internal/access"
	"mobility/portal/internal/budget"
	"mobility/portal/internal/database"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

// The fuzz targets run their seed corpus with every `go test`; with
// `go test -fuzz FuzzX ./internal/budget/` they search further. Both hold
// the ledger's invariants whatever the input: no 5xx, the balance stays
// the sum of the rows with a sound balance_after chain, and every read of
// the budget keeps answering.

// fuzzPortal is one portal (SQLite) shared by a fuzz target's inputs, with
// a limited and an unlimited budget of Jan's.
type fuzzPortal struct {
	e                  *testkit.Env
	acme, osp          string
	jan                string
	limited, unlimited budget.Budget
}

func newFuzzPortal(f *testing.F) *fuzzPortal {
	e := testkit.NewEnv(f, database.SQLite)
	p := &fuzzPortal{e: e, acme: e.LoginAs("acme.admin"), osp: e.LoginAs("ospadmin"), jan: e.UserOspID("jan.peeters")}
	p.limited = e.CreateBudget(p.acme, "COMMUTING_BUDGET", p.jan, map[string]any{"frequency": "", "startAmount": 1000})
	p.unlimited = e.CreateBudget(p.acme, "BUSINESS_BUDGET", p.jan, map[string]any{"frequency": "", "unlimited": true})
	return p
}

// in returns the portal for one input: its Env reports to t (the fuzz
// engine refuses f's methods inside the target).
func (p *fuzzPortal) in(t *testing.T) *fuzzPortal {
	c, e := *p, *p.e
	e.T = t
	c.e = &e
	return &c
}

// check fails unless every budget matches its ledger and every read of
// Jan's budgets answers 200.
func (p *fuzzPortal) check(t *testing.T) {
	t.Helper()
	rep, err := p.e.App.Budgets.VerifyLedger(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Problems) > 0 {
		t.Fatalf("ledger broken: %v", rep.Problems)
	}
	reads := []struct {
		path, token string
		body        any
	}{
		{base + "/get", p.acme, map[string]string{"ospId": p.limited.OspID}},
		{base + "/get", p.acme, map[string]string{"ospId": p.unlimited.OspID}},
		{base + "/getByOwner", p.acme, map[string]string{"ownerOspId": p.jan}},
		{base + "/transaction/getByFilter", p.acme, map[string]any{"userOspId": p.jan}},
		{"/portal-service/v1/user/findWithNegativeBudget", p.acme, map[string]any{"corporateAccountOspId": seed.AcmeOspID}},
		{"/portal-service/v1/user/findWithNegativeBudget", p.osp, map[string]any{}},
	}
	for _, r := range reads {
		if res := p.e.Post(r.path, r.token, r.body); res.Status != 200 {
			t.Fatalf("%s: %d %s", r.path, res.Status, res.Body)
		}
	}
}

// FuzzAmountDecoding sends any text as the amount of the money requests
// (addForUser, expense create, events/correct) through the real handler.
func FuzzAmountDecoding(f *testing.F) {
	for _, s := range []string{"1", "0", "-1", "250", "-250", "1000000000", "1000000001", "-1000000001", "9223372036854775807",
		"-9223372036854775808", "9223372036854775808", "99999999999999999999999", "1e3", "1.5", "-0", "1E400", `"12"`, "null",
		"true", "[]", "{}", "0x10", "} , \"x\": {"} {
		f.Add(s)
	}
	p := newFuzzPortal(f)
	f.Fuzz(func(t *testing.T, amount string) {
		p := p.in(t)
		bodies := []struct{ path, body string }{
			{base + "/transaction/addForUser", `{"budgetOspId":"` + p.limited.OspID + `","description":"fuzz","amount":` + amount + `}`},
			{base + "/transaction/addForUser", `{"budgetOspId":"` + p.unlimited.OspID + `","description":"fuzz","amount":` + amount + `}`},
			{"/portal-service/v1/payableEvent/costEventForExternalPurchase/create", `{"userOspId":"` + p.jan + `","budgetOspId":"` +
				p.unlimited.OspID + `","description":"fuzz","vatPercentage":21,"date":"2026-11-20","amount":` + amount + `}`},
		}
		for _, b := range bodies {
			res := p.e.Do(testkit.Request{Path: b.path, Token: p.acme, Body: b.body})
			if res.Status >= 500 || (res.Status != 200 && res.Label() == "") {
				t.Fatalf("%s with amount %q: %d %s", b.path, amount, res.Status, res.Body)
			}
		}
		p.check(t)
	})
}

// FuzzLedgerPost books any pair of amounts through the ledger's one entry
// point, as spend or not, on a limited and an unlimited budget.
func FuzzLedgerPost(f *testing.F) {
	for _, c := range []struct {
		a, b  int64
		spend bool
	}{
		{100, -50, false}, {-2000, 0, true}, {math.MaxInt64, 1, false}, {math.MinInt64, -1, false}, {math.MaxInt64, math.MaxInt64, false},
		{-math.MaxInt64, -math.MaxInt64, true}, {1_000_000_000, -1_000_000_001, true}, {0, 0, false},
	} {
		f.Add(c.a, c.b, c.spend)
	}
	p := newFuzzPortal(f)
	ctx := context.Background()
	ids := []int64{}
	for _, b := range []budget.Budget{p.limited, p.unlimited} {
		var id int64
		if err := p.e.DB.Get(ctx, &id, `SELECT id FROM budgets WHERE osp_id = ?`, b.OspID); err != nil {
			f.Fatal(err)
		}
		ids = append(ids, id)
	}
	f.Fuzz(func(t *testing.T, a, b int64, spend bool) {
		p := p.in(t)
		for _, id := range ids {
			for _, amount := range []int64{a, b} {
				// refusals (insufficient, out of range) are fine; what is
				// booked must keep the invariants
				_, _, _ = p.e.App.Budgets.Post(ctx, access.SystemScope(), id, budget.Entry{Type: budget.TxManualUpdate, Amount: amount, Spend: spend})
			}
		}
		p.check(t)
	})
}
