package budget_test

import (
	"strings"
	"testing"

	"mobility/portal/internal/access"
	"mobility/portal/internal/budget"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

// Budgets are spent in the mobile app: an admin or a contact gets none,
// whoever asks (found by the authorization matrix: a user_manager could
// open a budget on a richer admin).
func TestBudgetsOnlyForAppUsers(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		for _, token := range []string{e.LoginAs("acme.admin"), e.LoginAs("ospadmin")} {
			res := e.Post(base+"/BUSINESS_BUDGET/create", token, map[string]any{"ownerOspId": e.UserOspID("globex.admin"), "data": map[string]any{}})
			if res.Status == 404 {
				res = e.Post(base+"/BUSINESS_BUDGET/create", token, map[string]any{"ownerOspId": e.UserOspID("acme.2fa"), "data": map[string]any{}})
			}
			if res.Status != 400 || res.Label() != "VALIDATION_FAILED" || !strings.Contains(string(res.Body), `"field":"ownerOspId"`) {
				t.Fatalf("budget for an admin: %d %s", res.Status, res.Body)
			}
		}
		if n := count(t, e, `SELECT COUNT(*) FROM budgets`); n != 0 {
			t.Fatalf("refused creates wrote %d budgets", n)
		}
	})
}

// An admin whose only role is company_budget_manager reads the company
// budget's ledger rows and nobody else's.
func TestCompanyBudgetManagerReadsOnlyTheCompanyLedger(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme, osp := e.LoginAs("acme.admin"), e.LoginAs("ospadmin")
		jan := e.UserOspID("jan.peeters")
		b := create(t, e, acme, "CAFETERIA_BUDGET", jan, map[string]any{"frequency": "", "startAmount": 2500})
		testkit.MustStatus(t, e.Post(base+"/COMPANY_BUDGET/create", osp, map[string]any{"ownerOspId": seed.AcmeOspID, "data": map[string]any{}}), 200)
		testkit.MustStatus(t, e.Post(base+"/transaction/addForCorporateAccount", osp, map[string]any{"corporateAccountOspId": seed.AcmeOspID,
			"amount": 5000, "description": "transfer"}), 200)
		e.CompanyAdmin("acme.cbm", seed.AcmeOspID, access.CompanyBudgetManager)
		cbm := e.LoginAs("acme.cbm")
		list := func(token string, filter map[string]any) []budget.Transaction {
			t.Helper()
			res := e.Post(base+"/transaction/getByFilter", token, filter)
			testkit.MustStatus(t, res, 200)
			var page struct {
				Content []budget.Transaction `json:"content"`
			}
			res.JSON(t, &page)
			return page.Content
		}
		if all := list(acme, map[string]any{"corporateAccountOspId": seed.AcmeOspID}); len(all) != 2 {
			t.Fatalf("user_manager sees %d rows, want both", len(all))
		}
		for _, filter := range []map[string]any{{"corporateAccountOspId": seed.AcmeOspID}, {"budgetOspId": b.OspID}, {"userOspId": jan}, {}} {
			rows := list(cbm, filter)
			for _, r := range rows {
				if r.Amount != 5000 {
					t.Fatalf("company_budget_manager reads a user's ledger row with %v: %+v", filter, r)
				}
			}
		}
	})
}
