package expense_test

import (
	"testing"

	"mobility/portal/internal/budget"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

// The ledger page names each row's owner, company and expense from their
// owners' read models (user, company, expense), not by joining their
// tables: every row of a page of expenses of two users carries them, as
// seen by the company admin and by the partner admin.
func TestLedgerRowsNameTheirExpenseOwnerAndCompany(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme := e.LoginAs("acme.admin")
		jan, sophie := e.UserOspID("jan.peeters"), e.UserOspID("sophie.dubois")
		bj := newBudget(t, e, acme, "BUSINESS_BUDGET", jan, map[string]any{"unlimited": true})
		bs := newBudget(t, e, acme, "BUSINESS_BUDGET", sophie, map[string]any{"unlimited": true})
		want := map[string]string{} // expense ospId → owner's name
		for i, who := range []struct{ user, budget, name string }{{jan, bj.OspID, "Jan Peeters"}, {sophie, bs.OspID, "Sophie Dubois"},
			{jan, bj.OspID, "Jan Peeters"}} {
			d := detailOf(t, e.Post(createPath, acme, map[string]any{"userOspId": who.user, "budgetOspId": who.budget,
				"amount": 100 + i, "vatPercentage": 21, "description": "Train", "date": "2026-11-20", "mobilityMode": "TRAIN"}))
			want[d.OspID] = who.name
		}
		for _, login := range []string{"acme.admin", "msp.admin"} {
			res := e.Post("/portal-service/v1/budget/transaction/getByFilter", e.LoginAs(login), map[string]any{
				"corporateAccountOspId": seed.AcmeOspID, "types": []string{"event"}, "pagination": map[string]any{"page": 1, "size": 50}})
			testkit.MustStatus(t, res, 200)
			var page paging.Page[budget.Transaction]
			res.JSON(t, &page)
			if len(page.Content) != 3 || page.TotalElements != 3 {
				t.Fatalf("%s: %d rows of %d: %s", login, len(page.Content), page.TotalElements, res.Body)
			}
			for _, tx := range page.Content {
				if tx.EventOspID == nil || want[*tx.EventOspID] == "" || tx.UserFullName != want[*tx.EventOspID] ||
					tx.UserOspID == nil || tx.CorporateAccountOspID != seed.AcmeOspID || tx.BudgetType != "BUSINESS_BUDGET" {
					t.Errorf("%s: row %+v", login, tx)
				}
			}
		}
	})
}
