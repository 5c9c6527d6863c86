package idempotency_test

import (
	"bytes"
	"testing"

	"mobility/portal/internal/idempotency"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

// moneyRows counts the rows a money call may add anywhere.
func moneyRows(t *testing.T, e *testkit.Env) int {
	t.Helper()
	return count(t, e, `SELECT (SELECT COUNT(*) FROM budgets) + (SELECT COUNT(*) FROM budget_transactions) +
		(SELECT COUNT(*) FROM expenses) + (SELECT COUNT(*) FROM recurring_expenses) + (SELECT COUNT(*) FROM promo_redemptions)`)
}

// Every money call honours the header: each books once, and its repeat
// answers the same bytes and adds no row anywhere.
func TestEveryMoneyCallReplays(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme, osp := e.LoginAs("acme.admin"), e.LoginAs("ospadmin")
		jan := e.UserOspID("jan.peeters")
		testkit.MustStatus(t, e.Post(v1+"/budget/promo/create", osp, map[string]any{"code": "IDEM10", "amount": 1000,
			"validFrom": "2026-11-01", "validTo": "2026-12-31"}), 200)
		var budgetOsp, expenseOsp string
		calls := []struct {
			name, path, token string
			body              func() map[string]any
			after             func(r *testkit.Response)
		}{
			{"budget create", v1 + "/budget/BUSINESS_BUDGET/create", acme,
				func() map[string]any {
					return map[string]any{"ownerOspId": jan, "data": map[string]any{"unlimited": true}}
				},
				func(r *testkit.Response) { budgetOsp, _ = r.Map(t)["ospId"].(string) }},
			{"expense create", createPath, acme,
				func() map[string]any {
					return map[string]any{"userOspId": jan, "budgetOspId": budgetOsp, "amount": 1250, "vatPercentage": 21,
						"description": "Taxi", "date": "2026-11-20"}
				},
				func(r *testkit.Response) { expenseOsp, _ = r.Map(t)["ospId"].(string) }},
			{"correct", v1 + "/events/correct", acme,
				func() map[string]any { return map[string]any{"ospId": expenseOsp, "amount": 100, "remark": "fee"} }, nil},
			{"refund", refundPath, acme,
				func() map[string]any { return map[string]any{"ospId": expenseOsp, "amount": 100, "remark": "back"} }, nil},
			{"addForUser", addUserPath, acme,
				func() map[string]any {
					return map[string]any{"budgetOspId": budgetOsp, "amount": 500, "description": "bonus"}
				}, nil},
			{"redeem", v1 + "/budget/redeem", acme,
				func() map[string]any { return map[string]any{"promoCode": "IDEM10", "budgetOspId": budgetOsp} }, nil},
			{"addForCorporateAccount", v1 + "/budget/transaction/addForCorporateAccount", osp,
				func() map[string]any {
					return map[string]any{"corporateAccountOspId": seed.AcmeOspID, "amount": 100000, "description": "bank transfer"}
				}, nil},
			{"recurring create", v1 + "/recurringExternalPurchase/create", acme,
				func() map[string]any {
					return map[string]any{"userOspId": jan, "budgetOspId": budgetOsp, "type": "TRAIN_SUBSCRIPTION", "amount": 4500,
						"vatPercentage": 6, "description": "NMBS", "frequency": "MONTH", "startDate": "2026-12-05"}
				}, nil},
		}
		for _, c := range calls {
			before := moneyRows(t, e)
			body := c.body()
			first := post(e, c.path, c.token, "key-"+c.name, body)
			testkit.MustStatus(t, first, 200)
			booked := moneyRows(t, e)
			if booked == before {
				t.Fatalf("%s booked nothing", c.name)
			}
			again := post(e, c.path, c.token, "key-"+c.name, body)
			if again.Status != 200 || !bytes.Equal(again.Body, first.Body) || again.Header.Get(idempotency.ReplayedHeader) != "true" {
				t.Fatalf("%s repeat: %d %s", c.name, again.Status, again.Body)
			}
			if n := moneyRows(t, e); n != booked {
				t.Fatalf("%s repeat added %d rows", c.name, n-booked)
			}
			if c.after != nil {
				c.after(first)
			}
		}
	})
}
