package user_test

import (
	"net/http"
	"testing"

	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

// README, roles: an admin whose only role is company_budget_manager opens
// the company-budget view and nothing else.
func TestCompanyBudgetManagerAloneOpensOnlyTheCompanyBudget(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		_, cbm := newAcmeAdmin(t, e, "budget.only", "budget.only@example.com", "en", "company_budget_manager")
		acme := map[string]string{"corporateAccountOspId": seed.AcmeOspID}
		open := []struct {
			path string
			body any
		}{
			{"/portal-service/v1/user/current", nil},
			{"/portal-service/v1/user/changeLanguage/fr", nil},
			{"/portal-service/v1/budget/company/get", acme},
			{"/portal-service/v1/corporateAccount/get", map[string]string{"ospId": seed.AcmeOspID}},
		}
		for _, c := range open {
			if res := e.Post(c.path, cbm, c.body); res.Status >= 400 {
				t.Errorf("%s: %d %s", c.path, res.Status, res.Body)
			}
		}
		closed := []struct {
			path string
			body any
		}{
			{base + "/findByAny", map[string]any{"corporateAccountOspId": seed.AcmeOspID}},
			{base + "/get", map[string]string{"ospId": e.UserOspID("jan.peeters")}},
			{base + "/getByFilter", map[string]any{"search": "jan"}},
			{"/portal-service/v1/budget/getByOwner", map[string]any{"ownerOspId": e.UserOspID("jan.peeters")}},
			{"/portal-service/v1/usergroup/getByUser", map[string]any{"userOspId": e.UserOspID("jan.peeters")}},
		}
		for _, c := range closed {
			if res := e.Post(c.path, cbm, c.body); res.Status != http.StatusForbidden || res.Label() != "FORBIDDEN" {
				t.Errorf("%s: %d %s", c.path, res.Status, res.Body)
			}
		}
		// with another role next to it, the rest opens again
		acmeAdmin := e.LoginAs("acme.admin")
		testkit.MustStatus(t, e.Post(base+"/findByAny", acmeAdmin, map[string]any{"corporateAccountOspId": seed.AcmeOspID}), 200)
	})
}
