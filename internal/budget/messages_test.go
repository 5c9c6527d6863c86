package budget_test

import (
	"context"
	"encoding/json"
	"testing"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/budget"
	"mobility/portal/internal/expense"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

// The budget and expense services write their messages in the caller's
// language (for every caller: jobs and imports too), and the API answers
// in the admin's own language (Anna nl, Olivia en, Ines fr).
func TestMessagesInTheCallersLanguage(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme, osp, initech := e.LoginAs("acme.admin"), e.LoginAs("ospadmin"), e.LoginAs("initech.admin")
		b := create(t, e, acme, "CAFETERIA_BUDGET", e.UserOspID("jan.peeters"), map[string]any{"frequency": ""})
		testkit.MustStatus(t, e.Post(base+"/deactivate", acme, map[string]string{"ospId": b.OspID}), 200)

		// through the API: the label's text in the caller's language
		cases := []struct {
			token string
			lang  i18n.Lang
			path  string
			body  any
			label string
		}{
			{acme, i18n.NL, base + "/get", map[string]string{"ospId": "nope"}, "NOT_FOUND"},
			{initech, i18n.FR, "/portal-service/v1/events/get", map[string]string{"ospId": "nope"}, "NOT_FOUND"},
			{acme, i18n.NL, base + "/transaction/addForUser", map[string]any{"budgetOspId": b.OspID, "amount": 100}, "BUDGET_DEACTIVATED"},
			{osp, i18n.EN, base + "/transaction/addForCorporateAccount", map[string]any{"corporateAccountOspId": seed.GlobexOspID, "amount": 100}, "COMPANY_BUDGET_NOT_AVAILABLE"},
			{initech, i18n.FR, base + "/COMPANY_BUDGET/create", map[string]any{"ownerOspId": seed.InitechOspID, "data": map[string]any{}}, "COMPANY_BUDGET_STAFF_ONLY"},
			{initech, i18n.FR, base + "/company/threshold", map[string]any{"corporateAccountOspId": seed.InitechOspID, "threshold": 100}, "COMPANY_BUDGET_NOT_OPEN"},
		}
		for _, c := range cases {
			res := e.Post(c.path, c.token, c.body)
			var body struct {
				Label   string `json:"errorLabel"`
				Message string `json:"message"`
			}
			_ = json.Unmarshal(res.Body, &body)
			if want := i18n.T(c.lang, "error."+c.label); body.Label != c.label || body.Message != want {
				t.Errorf("%s: got %s %q, want %s %q", c.path, body.Label, body.Message, c.label, want)
			}
		}

		// below the API: the services' own messages, in the context's language
		ctx := i18n.WithLang(context.Background(), i18n.FR)
		staff := &access.Principal{Roles: []access.Role{access.OspAdmin}, Scope: access.Scope{All: true}}
		if err := e.DB.Get(ctx, &staff.UserID, `SELECT id FROM users WHERE login = 'ospadmin'`); err != nil {
			t.Fatal(err)
		}
		service := map[string]struct {
			call func() error
			want string
		}{
			"budget": {func() error { _, err := e.App.Budgets.Get(ctx, staff, "nope"); return err }, "Budget introuvable"},
			"expense": {func() error {
				_, err := e.App.Expenses.Refund(ctx, staff, expense.RefundRequest{OspID: "nope", Remark: "x"})
				return err
			}, "Dépense introuvable"},
			"deactivated": {func() error {
				_, err := e.App.Budgets.AddForUser(ctx, staff, budget.AddForUserRequest{BudgetOspID: b.OspID, Amount: 100})
				return err
			}, "Ce budget est désactivé"},
			"postpaid": {func() error {
				_, err := e.App.Budgets.AddForCompany(ctx, staff, budget.AddForCompanyRequest{CorporateAccountOspID: seed.GlobexOspID, Amount: 100})
				return err
			}, "Cette entreprise ne peut pas avoir de budget d'entreprise (seules les entreprises prépayées et celles des partenaires ARTEMIS le peuvent)"},
		}
		for name, c := range service {
			if ae := apperr.As(c.call()); ae == nil || ae.Message != c.want {
				t.Errorf("%s: %v, want %q", name, ae, c.want)
			}
		}
	})
}
