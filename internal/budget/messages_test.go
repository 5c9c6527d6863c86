package budget_test

import (
	"encoding/json"
	"testing"

	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

// The budget and expense services answer in the caller's language (the
// admin's own: Anna nl, Olivia en, Ines fr), never in fixed English.
func TestMessagesInTheCallersLanguage(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme, osp, initech := e.LoginAs("acme.admin"), e.LoginAs("ospadmin"), e.LoginAs("initech.admin")
		b := create(t, e, acme, "CAFETERIA_BUDGET", e.UserOspID("jan.peeters"), map[string]any{"frequency": ""})
		testkit.MustStatus(t, e.Post(base+"/deactivate", acme, map[string]string{"ospId": b.OspID}), 200)
		cases := []struct {
			token, path string
			body        any
			label, msg  string
		}{
			{acme, base + "/get", map[string]string{"ospId": "nope"}, "NOT_FOUND", "Budget niet gevonden"},
			{osp, base + "/get", map[string]string{"ospId": "nope"}, "NOT_FOUND", "Budget not found"},
			{initech, base + "/get", map[string]string{"ospId": "nope"}, "NOT_FOUND", "Budget introuvable"},
			{initech, "/portal-service/v1/events/get", map[string]string{"ospId": "nope"}, "NOT_FOUND", "Dépense introuvable"},
			{acme, "/portal-service/v1/recurringExternalPurchase/get", map[string]string{"ospId": "nope"}, "NOT_FOUND", "Terugkerende uitgave niet gevonden"},
			{acme, base + "/transaction/addForUser", map[string]any{"budgetOspId": b.OspID, "amount": 100}, "BUDGET_DEACTIVATED", "Dit budget is gedeactiveerd"},
			{osp, base + "/transaction/addForCorporateAccount", map[string]any{"corporateAccountOspId": seed.GlobexOspID, "amount": 100},
				"COMPANY_BUDGET_NOT_AVAILABLE", "This company cannot have a company budget (only prepaid companies and companies of ARTEMIS partners can)"},
			{initech, base + "/COMPANY_BUDGET/create", map[string]any{"ownerOspId": seed.InitechOspID, "data": map[string]any{}},
				"COMPANY_BUDGET_STAFF_ONLY", "Seul le personnel de la plateforme peut ouvrir un budget d'entreprise"},
			{initech, base + "/redeem", map[string]string{"promoCode": "NOPE", "budgetOspId": b.OspID}, "NOT_FOUND", "Budget introuvable"},
		}
		for _, c := range cases {
			res := e.Post(c.path, c.token, c.body)
			var body struct {
				Label   string `json:"errorLabel"`
				Message string `json:"message"`
			}
			_ = json.Unmarshal(res.Body, &body)
			if body.Label != c.label || body.Message != c.msg {
				t.Errorf("%s: got %s %q, want %s %q", c.path, body.Label, body.Message, c.label, c.msg)
			}
		}
	})
}
