package budget_test

import (
	"bytes"
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"mobility/portal/internal/access"
	"mobility/portal/internal/budget"
	"mobility/portal/internal/money"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

func TestCreateDefaultsAndRules(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme := e.LoginAs("acme.admin")
		jan := e.UserOspID("jan.peeters")
		b := create(t, e, acme, "BUSINESS_BUDGET", jan, map[string]any{"frequencyAmount": 5000})
		d := b.Data
		if *d.Frequency != "MONTH" || *d.TransferStrategy != "MONTH_RESET" || d.FrequencyMethod != "AUTOMATIC" || d.ActivationStatus != "ACTIVE" ||
			d.Currency != "EUR" || !d.VatIncluded || !d.Limited || d.FrequencyAmountUpdateStrategy != "NEXT_PERIOD" || d.PaymentType != "COMPANY_BUDGET" || b.Remaining != 0 {
			t.Fatalf("defaults: %+v", d)
		}
		// manual: no frequency → MANUAL and no strategy
		c := create(t, e, acme, "CAFETERIA_BUDGET", jan, map[string]any{"frequency": "", "startAmount": 2500})
		if c.Data.Frequency != nil || c.Data.FrequencyMethod != "MANUAL" || c.Data.TransferStrategy != nil || c.Remaining != 2500 {
			t.Fatalf("manual: %+v", c)
		}
		cases := []struct {
			name, typ string
			data      map[string]any
			field     string
			label     string
			status    int
		}{
			{"unlimited mobility", "MOBILITY_BUDGET", map[string]any{"unlimited": true}, "unlimited", "VALIDATION_FAILED", 400},
			{"strategy not for frequency", "COMMUTING_BUDGET", map[string]any{"frequency": "MONTH", "transferStrategy": "YEAR_ADD"}, "transferStrategy", "VALIDATION_FAILED", 400},
			{"frequency not allowed", "MOBILITY_BUDGET", map[string]any{"frequency": ""}, "frequency", "VALIDATION_FAILED", 400},
			{"negative amount", "COMMUTING_BUDGET", map[string]any{"frequencyAmount": -1}, "frequencyAmount", "VALIDATION_FAILED", 400},
			{"start above limit", "COMMUTING_BUDGET", map[string]any{"startAmount": 9000, "budgetUpperLimit": 5000}, "startAmount", "VALIDATION_FAILED", 400},
			{"duplicate type", "BUSINESS_BUDGET", map[string]any{}, "", "BUDGET_ALREADY_EXISTS", 409},
			{"company budget for a user", "COMPANY_BUDGET", map[string]any{}, "type", "VALIDATION_FAILED", 400},
		}
		for _, c := range cases {
			res := e.Post(base+"/"+c.typ+"/create", acme, map[string]any{"ownerOspId": jan, "data": c.data})
			if res.Status != c.status || res.Label() != c.label || (c.field != "" && !strings.Contains(string(res.Body), `"field":"`+c.field+`"`)) {
				t.Errorf("%s: %d %s", c.name, res.Status, res.Body)
			}
		}
		var n int
		_ = e.DB.Get(context.Background(), &n, `SELECT COUNT(*) FROM budgets`)
		if n != 2 {
			t.Fatalf("refused creates wrote budgets: %d", n)
		}
		// types lists the user types, with rules
		var types []budget.TypeInfo
		e.Post(base+"/types", acme, map[string]string{"assigneeOspId": jan}).JSON(t, &types)
		if len(types) != 4 || types[0].BudgetTypeName != "MOBILITY_BUDGET" || types[0].UnlimitedAllowed || types[0].InfoText == "" {
			t.Fatalf("types: %+v", types)
		}
		// the company budget is for platform staff to open, where it may exist
		var companyTypes []budget.TypeInfo
		e.Post(base+"/types", acme, map[string]string{"assigneeOspId": seed.AcmeOspID}).JSON(t, &companyTypes)
		if len(companyTypes) != 0 {
			t.Fatalf("company types for a company admin: %+v", companyTypes)
		}
		osp := e.LoginAs("ospadmin")
		e.Post(base+"/types", osp, map[string]string{"assigneeOspId": seed.AcmeOspID}).JSON(t, &companyTypes)
		if len(companyTypes) != 1 || companyTypes[0].BudgetTypeName != "COMPANY_BUDGET" {
			t.Fatalf("company types: %+v", companyTypes)
		}
		e.Post(base+"/types", osp, map[string]string{"assigneeOspId": seed.GlobexOspID}).JSON(t, &companyTypes)
		if len(companyTypes) != 0 {
			t.Fatalf("company types of a postpaid company: %+v", companyTypes)
		}
		// getByOwner: NOT_FOUND for a type the owner lacks
		if res := e.Post(base+"/getByOwner", acme, map[string]string{"ownerOspId": jan, "budgetType": "MOBILITY_BUDGET"}); res.Label() != "NOT_FOUND" {
			t.Fatalf("getByOwner missing type: %s", res.Body)
		}
		var all []budget.Budget
		e.Post(base+"/getByOwner", acme, map[string]string{"ownerOspId": jan}).JSON(t, &all)
		if len(all) != 2 {
			t.Fatalf("getByOwner: %d", len(all))
		}
	})
}

func TestBudgetTenancyAndRoles(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme := e.LoginAs("acme.admin")
		b := create(t, e, acme, "BUSINESS_BUDGET", e.UserOspID("jan.peeters"), map[string]any{"unlimited": true})
		globex := e.LoginAs("globex.admin")
		for _, path := range []string{"/get", "/deactivate", "/activate"} {
			if res := e.Post(base+path, globex, map[string]string{"ospId": b.OspID}); res.Status != 404 {
				t.Errorf("globex %s: %d", path, res.Status)
			}
		}
		if res := e.Post(base+"/transaction/addForUser", globex, map[string]any{"budgetOspId": b.OspID, "amount": 100}); res.Status != 404 {
			t.Errorf("globex addForUser: %d", res.Status)
		}
		if res := e.Post(base+"/BUSINESS_BUDGET/create", globex, map[string]any{"ownerOspId": e.UserOspID("sophie.dubois")}); res.Status != 404 {
			t.Errorf("globex create for acme user: %d", res.Status)
		}
		if res := e.Post(base+"/transaction/getByFilter", globex, map[string]any{"budgetOspId": b.OspID}); res.Status != 404 {
			t.Errorf("globex transactions: %d", res.Status)
		}
		// a company admin cannot book bank transfers; platform staff can
		if res := e.Post(base+"/transaction/addForCorporateAccount", acme, map[string]any{"corporateAccountOspId": seed.AcmeOspID, "amount": 100}); res.Status != 403 {
			t.Errorf("acme books a transfer: %d", res.Status)
		}
	})
}

func TestManualAmountsAndLimits(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme := e.LoginAs("acme.admin")
		jan := e.UserOspID("jan.peeters")
		limited := create(t, e, acme, "COMMUTING_BUDGET", jan, map[string]any{"frequencyAmount": 4000, "equalToRecurring": true})
		unlimited := create(t, e, acme, "BUSINESS_BUDGET", jan, map[string]any{"unlimited": true})
		add := func(b string, amount int64, desc string) *testkit.Response {
			return e.Post(base+"/transaction/addForUser", acme, map[string]any{"budgetOspId": b, "amount": amount, "description": desc})
		}
		// a manual amount may be negative, even below zero on a limited
		// budget (it is an administrator's correction, not a purchase)
		res := add(limited.OspID, -1500, "correction")
		testkit.MustStatus(t, res, 200)
		var tx budget.Transaction
		res.JSON(t, &tx)
		if tx.Type != "manual_update" || tx.Amount != -1500 || tx.BalanceAfter != 2500 || tx.Description != "correction" {
			t.Fatalf("manual amount: %s", res.Body)
		}
		if res := add(limited.OspID, 100, strings.Repeat("x", 141)); res.Status != 400 || !strings.Contains(string(res.Body), `"field":"description"`) {
			t.Fatalf("141 characters: %s", res.Body)
		}
		if res := add(limited.OspID, 0, "nothing"); res.Status != 400 {
			t.Fatalf("zero amount: %s", res.Body)
		}
		testkit.MustStatus(t, add(unlimited.OspID, -5000, "advance"), 200)
		// a purchase on a limited budget cannot exceed the balance
		_, _, err := e.App.Budgets.Post(context.Background(), access.SystemScope(), budgetID(t, e, limited.OspID), budget.Entry{Type: "event", Amount: -3000, Spend: true})
		if err == nil || !strings.Contains(err.Error(), "INSUFFICIENT_BUDGET") {
			t.Fatalf("overspend: %v", err)
		}
		// but on an unlimited one it may go negative
		if _, bal, err := e.App.Budgets.Post(context.Background(), access.SystemScope(), budgetID(t, e, unlimited.OspID), budget.Entry{Type: "event", Amount: -3000, Spend: true}); err != nil || bal != -8000 {
			t.Fatalf("unlimited purchase: %d %v", bal, err)
		}
		// a deactivated budget takes no purchase and no manual amount
		testkit.MustStatus(t, e.Post(base+"/deactivate", acme, map[string]string{"ospId": limited.OspID}), 200)
		if _, _, err := e.App.Budgets.Post(context.Background(), access.SystemScope(), budgetID(t, e, limited.OspID), budget.Entry{Type: "event", Amount: -1, Spend: true}); err == nil || !strings.Contains(err.Error(), "BUDGET_DEACTIVATED") {
			t.Fatalf("purchase on deactivated budget: %v", err)
		}
		if res := add(limited.OspID, 100, "x"); res.Label() != "BUDGET_DEACTIVATED" {
			t.Fatalf("manual on deactivated: %s", res.Body)
		}
		// transactions of the user, newest first, filtered by type
		var page struct {
			Content       []budget.Transaction `json:"content"`
			TotalElements int                  `json:"totalElements"`
		}
		e.Post(base+"/transaction/getByFilter", acme, map[string]any{"userOspId": jan, "types": []string{"manual_update"}}).JSON(t, &page)
		if page.TotalElements != 2 || page.Content[0].Amount != -5000 || page.Content[0].UserFullName != "Jan Peeters" {
			t.Fatalf("filter: %+v", page)
		}
		e.Post(base+"/transaction/getByFilter", acme, map[string]any{"userOspId": jan, "budgetType": "COMMUTING_BUDGET"}).JSON(t, &page)
		if page.TotalElements != 2 || page.Content[0].BudgetType != "COMMUTING_BUDGET" {
			t.Fatalf("budget type filter: %+v", page)
		}
		assertLedgerConsistent(t, e)
	})
}

func budgetID(t *testing.T, e *testkit.Env, osp string) int64 {
	t.Helper()
	var id int64
	if err := e.DB.Get(context.Background(), &id, `SELECT id FROM budgets WHERE osp_id = ?`, osp); err != nil {
		t.Fatal(err)
	}
	return id
}

func TestCompanyBudgetTransfersAndThreshold(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		acme, osp := e.LoginAs("acme.admin"), e.LoginAs("ospadmin")
		// a budget contact of Acme receives the threshold mail
		testkit.MustStatus(t, e.Post("/portal-service/v1/user/contact/create", acme, map[string]any{
			"corporateAccount": map[string]string{"ospId": seed.AcmeOspID}, "contactTypes": []string{"BUDGET_CONTACT"}, "sendCredentials": false,
			"userData": map[string]any{"firstname": "Bea", "lastname": "Budget", "email": "bea@example.com", "language": "nl"}}), 200)
		res := e.Post(base+"/company/get", acme, map[string]string{"corporateAccountOspId": seed.AcmeOspID})
		testkit.MustStatus(t, res, 200)
		var view budget.CompanyBudgetView
		res.JSON(t, &view)
		if view.Budget != nil || !money.ValidStructuredReference(view.PaymentReference) {
			t.Fatalf("empty view: %s", res.Body)
		}
		transfer := func(amount int64) {
			testkit.MustStatus(t, e.Post(base+"/transaction/addForCorporateAccount", osp, map[string]any{
				"corporateAccountOspId": seed.AcmeOspID, "amount": amount, "description": "bank transfer"}), 200)
		}
		transfer(100000)
		res = e.Post(base+"/company/threshold", acme, map[string]any{"corporateAccountOspId": seed.AcmeOspID, "threshold": 50000})
		res.JSON(t, &view)
		if view.Budget == nil || view.Budget.Remaining != 100000 || *view.Threshold != 50000 || view.BelowThreshold {
			t.Fatalf("after transfer: %s", res.Body)
		}
		companyBudget := budgetID(t, e, view.Budget.OspID)
		spend := func(amount int64) {
			if _, _, err := e.App.Budgets.Post(ctx, access.SystemScope(), companyBudget, budget.Entry{Type: "event", Amount: -amount, Spend: true}); err != nil {
				t.Fatal(err)
			}
		}
		spend(40000) // 60000: above
		if n := len(e.Mails("bea@example.com")); n != 0 {
			t.Fatalf("mail above threshold: %d", n)
		}
		spend(20000) // 40000: crossed → one mail
		spend(10000) // 30000: still below → no second mail
		mails := e.Mails("bea@example.com")
		if len(mails) != 1 || mails[0].Template != "company_budget_low" || !strings.Contains(mails[0].Body, "€ 400,00") || !strings.Contains(mails[0].Body, view.PaymentReference) {
			t.Fatalf("threshold mails: %+v", mails)
		}
		transfer(50000) // 80000: back above, re-armed
		spend(40000)    // 40000: crossed again → second mail
		if n := len(e.Mails("bea@example.com")); n != 2 {
			t.Fatalf("second crossing: %d mails", n)
		}
		// Globex is postpaid: no company budget to show, except to platform staff
		if res := e.Post(base+"/company/get", e.LoginAs("globex.admin"), map[string]string{"corporateAccountOspId": seed.GlobexOspID}); res.Status != 403 {
			t.Fatalf("postpaid company: %d %s", res.Status, res.Body)
		}
		testkit.MustStatus(t, e.Post(base+"/company/get", osp, map[string]string{"corporateAccountOspId": seed.GlobexOspID}), 200)
		assertLedgerConsistent(t, e)
	})
}

func TestPromoCodes(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme, osp := e.LoginAs("acme.admin"), e.LoginAs("ospadmin")
		b := create(t, e, acme, "CAFETERIA_BUDGET", e.UserOspID("jan.peeters"), map[string]any{"frequency": ""})
		testkit.MustStatus(t, e.Post(base+"/promo/create", osp, map[string]any{"code": "welcome25", "amount": 2500, "validFrom": "2026-11-01", "validTo": "2026-12-31"}), 200)
		testkit.MustStatus(t, e.Post(base+"/promo/create", osp, map[string]any{"code": "LATER", "amount": 1000, "validFrom": "2027-01-01", "validTo": "2027-01-31"}), 200)
		if res := e.Post(base+"/promo/create", osp, map[string]any{"code": "WELCOME25", "amount": 1, "validFrom": "2026-11-01", "validTo": "2026-12-31"}); res.Status != 400 {
			t.Fatalf("duplicate code: %s", res.Body)
		}
		if res := e.Post(base+"/promo/create", acme, map[string]any{"code": "X", "amount": 1, "validFrom": "2026-11-01", "validTo": "2026-12-31"}); res.Status != 403 {
			t.Fatalf("company admin creates a code: %d", res.Status)
		}
		redeem := func(code string) *testkit.Response {
			return e.Post(base+"/redeem", acme, map[string]string{"promoCode": code, "budgetOspId": b.OspID})
		}
		res := redeem("Welcome25")
		testkit.MustStatus(t, res, 200)
		var got budget.Budget
		res.JSON(t, &got)
		if got.Remaining != 2500 {
			t.Fatalf("after redeem: %s", res.Body)
		}
		for code, label := range map[string]string{"WELCOME25": "PROMO_CODE_ALREADY_USED", "LATER": "PROMO_CODE_NOT_VALID_NOW", "NOPE": "PROMO_CODE_UNKNOWN"} {
			if res := redeem(code); res.Label() != label {
				t.Errorf("%s: %s", code, res.Body)
			}
		}
		if balance(t, e, b.OspID) != 2500 {
			t.Fatal("a refused code moved money")
		}
	})
}

func TestTransactionsXLSX(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme := e.LoginAs("acme.admin")
		jan := e.UserOspID("jan.peeters")
		b := create(t, e, acme, "BUSINESS_BUDGET", jan, map[string]any{"unlimited": true, "startAmount": 12345})
		for i := 1; i <= 3; i++ {
			testkit.MustStatus(t, e.Post(base+"/transaction/addForUser", acme, map[string]any{"budgetOspId": b.OspID, "amount": -100 * i, "description": "taxi"}), 200)
		}
		res := e.Do(testkit.Request{Path: base + "/transaction/download/xlsx", Token: acme, Body: map[string]any{"userOspId": jan}})
		testkit.MustStatus(t, res, 200)
		if !strings.Contains(res.Header.Get("Content-Disposition"), ".xlsx") {
			t.Fatalf("headers: %v", res.Header)
		}
		f, err := excelize.OpenReader(bytes.NewReader(res.Body))
		if err != nil {
			t.Fatal(err)
		}
		rows, _ := f.GetRows("Sheet1")
		if len(rows) != 5 || rows[0][0] != "Datum" || rows[1][1] != "manual_update" || rows[4][1] != "start_amount" || rows[4][5] != "123.45" {
			t.Fatalf("sheet: %v", rows)
		}
		// bad filters answer JSON errors, not a broken file
		res = e.Do(testkit.Request{Path: base + "/transaction/download/xlsx", Token: acme, Body: map[string]any{"dateFrom": "yesterday"}})
		if res.Status != 400 || res.Label() != "VALIDATION_FAILED" {
			t.Fatalf("bad filter: %d %s", res.Status, res.Body)
		}
		if res := e.Do(testkit.Request{Path: base + "/transaction/download/xlsx", Token: e.LoginAs("globex.admin"), Body: map[string]any{"userOspId": jan}}); res.Status != http.StatusNotFound {
			t.Fatalf("other tenant: %d", res.Status)
		}
	})
}

func TestCompanySettingsBudgetTypesAndUsageReasons(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme := e.LoginAs("acme.admin")
		const c = "/portal-service/v1/company"
		var types []budget.CompanyBudgetType
		e.Post(c+"/budgetType/list", acme, map[string]string{"corporateAccountOspId": seed.AcmeOspID}).JSON(t, &types)
		if len(types) != 4 || !types[0].Enabled {
			t.Fatalf("unconfigured: %+v", types)
		}
		month, add := "MONTH", "MONTH_ADD"
		res := e.Post(c+"/budgetType/update", acme, map[string]any{"corporateAccountOspId": seed.AcmeOspID, "budgetTypes": []map[string]any{
			{"budgetType": "COMMUTING_BUDGET", "enabled": true, "frequency": month, "transferStrategy": add, "frequencyAmount": 3000, "budgetUpperLimit": 9000},
		}})
		testkit.MustStatus(t, res, 200)
		// new commuting budgets take the company's defaults; other types are not offered
		b := create(t, e, acme, "COMMUTING_BUDGET", e.UserOspID("jan.peeters"), map[string]any{})
		if *b.Data.TransferStrategy != "MONTH_ADD" || b.Data.FrequencyAmount != 3000 || *b.Data.BudgetUpperLimit != 9000 {
			t.Fatalf("company defaults: %+v", b.Data)
		}
		if res := e.Post(base+"/MOBILITY_BUDGET/create", acme, map[string]any{"ownerOspId": e.UserOspID("jan.peeters"), "data": map[string]any{}}); res.Label() != "BUDGET_TYPE_NOT_ALLOWED" {
			t.Fatalf("type not offered: %s", res.Body)
		}
		res = e.Post(c+"/budgetType/update", acme, map[string]any{"corporateAccountOspId": seed.AcmeOspID, "budgetTypes": []map[string]any{
			{"budgetType": "MOBILITY_BUDGET", "enabled": true, "frequency": "MONTH", "transferStrategy": "YEAR_ADD"}}})
		if res.Status != 400 {
			t.Fatalf("bad strategy: %s", res.Body)
		}
		// usage reasons
		var r budget.UsageReason
		e.Post(c+"/usageReason/add", acme, map[string]string{"corporateAccountOspId": seed.AcmeOspID, "label": "Client visit"}).JSON(t, &r)
		if res := e.Post(c+"/usageReason/add", acme, map[string]string{"corporateAccountOspId": seed.AcmeOspID, "label": "Client visit"}); res.Status != 400 {
			t.Fatalf("duplicate label: %s", res.Body)
		}
		testkit.MustStatus(t, e.Post(c+"/usageReason/update", acme, map[string]any{"ospId": r.OspID, "label": "Customer visit", "active": false}), 200)
		var reasons []budget.UsageReason
		e.Post(c+"/usageReason/list", acme, map[string]string{"corporateAccountOspId": seed.AcmeOspID}).JSON(t, &reasons)
		if len(reasons) != 1 || reasons[0].Label != "Customer visit" || reasons[0].Active {
			t.Fatalf("reasons: %+v", reasons)
		}
		if res := e.Post(c+"/usageReason/delete", e.LoginAs("globex.admin"), map[string]string{"ospId": r.OspID}); res.Status != 404 {
			t.Fatalf("globex deletes acme's reason: %d", res.Status)
		}
		testkit.MustStatus(t, e.Post(c+"/usageReason/delete", acme, map[string]string{"ospId": r.OspID}), 204)
	})
}

func TestPrivateBudget(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme := e.LoginAs("acme.admin")
		jan := e.UserOspID("jan.peeters")
		create(t, e, acme, "CAFETERIA_BUDGET", jan, map[string]any{"frequency": "", "paymentType": "PRIVATE_BUDGET", "startAmount": 7700})
		// a deactivated user keeps access to their own money
		testkit.MustStatus(t, e.Post("/portal-service/v1/user/deactivate", acme, map[string]string{"ospId": jan}), 200)
		var pb budget.PrivateBalance
		e.Post(base+"/private/balance", acme, map[string]string{"userOspId": jan}).JSON(t, &pb)
		if pb.Balance != 7700 || pb.BudgetOspID == "" {
			t.Fatalf("private balance: %+v", pb)
		}
		var page struct {
			Content []budget.PrivateRow `json:"content"`
		}
		e.Post(base+"/private/list", e.LoginAs("ospadmin"), map[string]any{"corporateAccountOspId": seed.AcmeOspID}).JSON(t, &page)
		if len(page.Content) != 1 || page.Content[0].Balance != 7700 || page.Content[0].FullName != "Jan Peeters" {
			t.Fatalf("private list: %+v", page)
		}
	})
}
