package expense_test

import (
	"math"
	"testing"

	"mobility/portal/internal/money"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

// Finding 1 on the expense calls: amounts beyond ±MaxAmount are refused
// naming the field; events/correct with −2^63 used to pass the "never more
// than the net amount" check (its negation wraps to itself) and book about
// −9·10^16 €.
func TestExpenseAmountsBounded(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme := e.LoginAs("acme.admin")
		jan := e.UserOspID("jan.peeters")
		b := newBudget(t, e, acme, "BUSINESS_BUDGET", jan, map[string]any{"unlimited": true})
		d := detailOf(t, e.Post(createPath, acme, map[string]any{"userOspId": jan, "budgetOspId": b.OspID, "amount": 1000,
			"vatPercentage": 21, "description": "Taxi", "date": "2026-11-20"}))
		rows := count(t, e, `SELECT COUNT(*) FROM budget_transactions`)
		refuse := func(name string, res *testkit.Response) {
			t.Helper()
			if res.Status != 400 || res.Label() != "VALIDATION_FAILED" || fieldOf(t, res) != "amount" {
				t.Errorf("%s: want 400 VALIDATION_FAILED on amount, got %d %s", name, res.Status, res.Body)
			}
		}
		for _, a := range []int64{math.MaxInt64, math.MinInt64, money.MaxAmount + 1, -money.MaxAmount - 1} {
			refuse("create", e.Post(createPath, acme, map[string]any{"userOspId": jan, "budgetOspId": b.OspID, "amount": a,
				"vatPercentage": 21, "description": "Taxi", "date": "2026-11-20"}))
			refuse("correct", e.Post(v1+"/events/correct", acme, map[string]any{"ospId": d.OspID, "amount": a, "remark": "fix"}))
			refuse("refund", e.Post(v1+"/events/refund", acme, map[string]any{"ospId": d.OspID, "amount": a, "remark": "fix"}))
			refuse("recurring", e.Post(recBase+"/create", acme, map[string]any{"userOspId": jan, "budgetOspId": b.OspID, "type": "TRAIN_SUBSCRIPTION",
				"amount": a, "vatPercentage": 6, "description": "NMBS", "frequency": "MONTH", "startDate": "2026-12-05"}))
		}
		if n := count(t, e, `SELECT COUNT(*) FROM budget_transactions`); n != rows {
			t.Fatalf("refused amounts wrote %d ledger rows", n-rows)
		}
		if n := count(t, e, `SELECT COUNT(*) FROM recurring_expenses`); n != 0 {
			t.Fatalf("refused recurring purchases stored: %d", n)
		}
		if got := balance(t, e, b.OspID); got != -1000 {
			t.Fatalf("balance %d, want -1000", got)
		}
		// a negative correction stays capped by the net amount
		if res := e.Post(v1+"/events/correct", acme, map[string]any{"ospId": d.OspID, "amount": -1001, "remark": "fix"}); res.Label() != "REFUND_EXCEEDS_NET_AMOUNT" {
			t.Errorf("correct beyond net: %s", res.Body)
		}
		for _, path := range []string{v1 + "/user/findWithNegativeBudget", v1 + "/events/getByFilter"} {
			testkit.MustStatus(t, e.Post(path, acme, map[string]any{"corporateAccountOspId": seed.AcmeOspID}), 200)
		}
		testkit.MustStatus(t, e.Post(v1+"/user/findWithNegativeBudget", e.LoginAs("ospadmin"), map[string]any{}), 200)
		assertLedgerConsistent(t, e)
	})
}
