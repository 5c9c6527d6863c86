package budget_test

import (
	"context"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/budget"
	"mobility/portal/internal/expense"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/money"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

// fieldsOf lists the fields an error body names.
func fieldsOf(t *testing.T, res *testkit.Response) []string {
	t.Helper()
	var b struct {
		Errors []struct {
			Field string `json:"field"`
		} `json:"errors"`
	}
	_ = json.Unmarshal(res.Body, &b)
	var out []string
	for _, f := range b.Errors {
		out = append(out, f.Field)
	}
	return out
}

// mustRefuseField fails unless res is a 400 VALIDATION_FAILED naming field,
// by itself (the services' names), by its JSON path (the decoder's:
// data.startAmount) or a field under it (budgetTypes[0].frequencyAmount).
func mustRefuseField(t *testing.T, name string, res *testkit.Response, field string) {
	t.Helper()
	if res.Status != 400 || res.Label() != "VALIDATION_FAILED" {
		t.Errorf("%s: want 400 VALIDATION_FAILED, got %d %s", name, res.Status, res.Body)
		return
	}
	for _, f := range fieldsOf(t, res) {
		if f == field || strings.HasSuffix(f, "."+field) || strings.HasPrefix(f, field+".") || strings.HasPrefix(f, field+"[") {
			return
		}
	}
	t.Errorf("%s: field %s not named in %s", name, field, res.Body)
}

// Finding 1: amounts up to 2^63−1 were accepted everywhere; addForUser of
// MaxInt64 on a budget of 10.00 wrapped balanceAfter and left a REAL
// balance on SQLite, after which every read of the budget answered 500.
func TestOverflowingAmountsRefused(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		acme, osp := e.LoginAs("acme.admin"), e.LoginAs("ospadmin")
		jan := e.UserOspID("jan.peeters")
		b := create(t, e, acme, "CAFETERIA_BUDGET", jan, map[string]any{"frequency": "", "startAmount": 1000})
		testkit.MustStatus(t, e.Post(base+"/transaction/addForCorporateAccount", osp, map[string]any{
			"corporateAccountOspId": seed.AcmeOspID, "amount": 100000, "description": "first transfer"}), 200)
		rowsBefore := count(t, e, `SELECT COUNT(*) FROM budget_transactions`)
		budgetsBefore := count(t, e, `SELECT COUNT(*) FROM budgets`)

		huge := []int64{math.MaxInt64, math.MinInt64, money.MaxAmount + 1, -money.MaxAmount - 1}
		for _, a := range huge {
			mustRefuseField(t, "addForUser", e.Post(base+"/transaction/addForUser", acme, map[string]any{"budgetOspId": b.OspID, "amount": a, "description": "x"}), "amount")
			mustRefuseField(t, "addForCorporateAccount", e.Post(base+"/transaction/addForCorporateAccount", osp, map[string]any{
				"corporateAccountOspId": seed.AcmeOspID, "amount": a, "description": "x"}), "amount")
			for _, field := range []string{"startAmount", "frequencyAmount", "budgetUpperLimit"} {
				mustRefuseField(t, "create "+field, e.Post(base+"/BUSINESS_BUDGET/create", acme, map[string]any{"ownerOspId": e.UserOspID("sophie.dubois"),
					"data": map[string]any{field: a}}), field)
			}
			mustRefuseField(t, "update frequencyAmount", e.Post("/portal-service/v2/budget/update", acme, map[string]any{"ospId": b.OspID,
				"data": map[string]any{"frequencyAmount": a}}), "frequencyAmount")
			mustRefuseField(t, "threshold", e.Post(base+"/company/threshold", acme, map[string]any{"corporateAccountOspId": seed.AcmeOspID, "threshold": a}), "threshold")
			mustRefuseField(t, "promo", e.Post(base+"/promo/create", osp, map[string]any{"code": "BIG", "amount": a, "validFrom": "2026-11-01", "validTo": "2026-12-31"}), "amount")
			mustRefuseField(t, "budget-type defaults", e.Post("/portal-service/v1/company/budgetType/update", acme, map[string]any{
				"corporateAccountOspId": seed.AcmeOspID, "budgetTypes": []map[string]any{{"budgetType": "COMMUTING_BUDGET", "enabled": true,
					"frequency": "MONTH", "transferStrategy": "MONTH_ADD", "frequencyAmount": a}}}), "budgetTypes")
		}
		if n := count(t, e, `SELECT COUNT(*) FROM budget_transactions`); n != rowsBefore {
			t.Fatalf("refused amounts wrote %d ledger rows", n-rowsBefore)
		}
		if n := count(t, e, `SELECT COUNT(*) FROM budgets`); n != budgetsBefore {
			t.Fatalf("refused creates wrote %d budgets", n-budgetsBefore)
		}
		if n := count(t, e, `SELECT COUNT(*) FROM promo_codes`); n != 0 {
			t.Fatalf("refused promo codes stored: %d", n)
		}
		// the bound itself is accepted
		testkit.MustStatus(t, e.Post(base+"/transaction/addForUser", acme, map[string]any{"budgetOspId": b.OspID, "amount": money.MaxAmount, "description": "max"}), 200)
		if got := balance(t, e, b.OspID); got != 1000+money.MaxAmount {
			t.Fatalf("balance %d", got)
		}

		// below the API, the ledger refuses rather than wraps: nothing written
		rowsBefore = count(t, e, `SELECT COUNT(*) FROM budget_transactions`)
		_, _, err := e.App.Budgets.Post(ctx, access.SystemScope(), budgetID(t, e, b.OspID), budget.Entry{Type: budget.TxManualUpdate, Amount: math.MaxInt64})
		if ae := apperr.As(err); ae == nil || ae.Label != budget.LabelBalanceOutOfRange || ae.Kind != apperr.KindConflict {
			t.Fatalf("overflowing post: %v", err)
		}
		if n := count(t, e, `SELECT COUNT(*) FROM budget_transactions`); n != rowsBefore {
			t.Fatal("an overflowing post wrote a ledger row")
		}
		// and the schema refuses a balance that is not a 64-bit integer
		if _, err := e.DB.Exec(ctx, `UPDATE budgets SET balance = balance + ? WHERE osp_id = ?`, int64(math.MaxInt64), b.OspID); err == nil {
			t.Fatal("the database stored an overflowed balance")
		}

		// every read of the budget still answers
		reads := []struct {
			path, token string
			body        any
		}{
			{base + "/get", acme, map[string]string{"ospId": b.OspID}},
			{base + "/getByOwner", acme, map[string]string{"ownerOspId": jan}},
			{base + "/transaction/getByFilter", acme, map[string]any{"budgetOspId": b.OspID}},
			{base + "/transaction/getByFilter", osp, map[string]any{}},
			{"/portal-service/v1/user/findWithNegativeBudget", acme, map[string]any{"corporateAccountOspId": seed.AcmeOspID}},
			{"/portal-service/v1/user/findWithNegativeBudget", osp, map[string]any{}},
		}
		for _, r := range reads {
			testkit.MustStatus(t, e.Post(r.path, r.token, r.body), 200)
		}
		assertLedgerConsistent(t, e)
	})
}

func count(t *testing.T, e *testkit.Env, q string, args ...any) int {
	t.Helper()
	var n int
	if err := e.DB.Get(context.Background(), &n, q, args...); err != nil {
		t.Fatal(err)
	}
	return n
}

// The services check the bound themselves (defence in depth: jobs and
// imports call them without the HTTP decoder), with the same label and
// field, in the caller's language.
func TestServicesBoundAmountsWithoutHTTP(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		ctx := i18n.WithLang(context.Background(), i18n.FR)
		acme := e.LoginAs("acme.admin")
		jan := e.UserOspID("jan.peeters")
		b := create(t, e, acme, "BUSINESS_BUDGET", jan, map[string]any{"frequency": "", "unlimited": true})
		staff := &access.Principal{Roles: []access.Role{access.OspAdmin}, Scope: access.Scope{All: true}, Language: "fr"}
		if err := e.DB.Get(ctx, &staff.UserID, `SELECT id FROM users WHERE login = 'ospadmin'`); err != nil {
			t.Fatal(err)
		}
		huge := money.Amount(math.MaxInt64)
		neg := money.Amount(math.MinInt64)
		calls := map[string]struct {
			field string
			call  func() error
		}{
			"addForUser": {"amount", func() error {
				_, err := e.App.Budgets.AddForUser(ctx, staff, budget.AddForUserRequest{BudgetOspID: b.OspID, Amount: huge})
				return err
			}},
			"addForCorporateAccount": {"amount", func() error {
				_, err := e.App.Budgets.AddForCompany(ctx, staff, budget.AddForCompanyRequest{CorporateAccountOspID: seed.AcmeOspID, Amount: neg})
				return err
			}},
			"create startAmount": {"startAmount", func() error {
				_, err := e.App.Budgets.Create(ctx, staff, budget.CreateRequest{Type: "CAFETERIA_BUDGET", OwnerOspID: jan,
					Data: budget.WriteData{StartAmount: &huge}})
				return err
			}},
			"promo": {"amount", func() error {
				_, err := e.App.Budgets.CreatePromo(ctx, staff, budget.PromoCode{Code: "BIG", Amount: huge, ValidFrom: "2026-11-01", ValidTo: "2026-12-31"})
				return err
			}},
			"expense create": {"amount", func() error {
				_, err := e.App.Expenses.Create(ctx, staff, expense.CreateRequest{UserOspID: jan, BudgetOspID: b.OspID, Amount: huge,
					Description: "x", Date: "2026-11-20"})
				return err
			}},
			"expense correct": {"amount", func() error {
				_, err := e.App.Expenses.Correct(ctx, staff, expense.CorrectRequest{OspID: "x", Amount: neg, Remark: "x"})
				return err
			}},
			"recurring": {"amount", func() error {
				_, err := e.App.Expenses.CreateRecurring(ctx, staff, expense.RecurringCreateRequest{UserOspID: jan,
					RecurringWrite: expense.RecurringWrite{BudgetOspID: b.OspID, Type: "TRAIN_SUBSCRIPTION", Amount: huge, Description: "x",
						Frequency: "MONTH", StartDate: "2026-12-01"}})
				return err
			}},
		}
		for name, c := range calls {
			ae := apperr.As(c.call())
			if ae == nil || ae.Label != apperr.LabelValidationFailed || len(ae.Fields) == 0 {
				t.Errorf("%s: %v", name, ae)
				continue
			}
			found := false
			for _, f := range ae.Fields {
				if f.Field == c.field {
					found = strings.Contains(f.Messages[0], "doit être compris entre -€ 10.000.000,00 et € 10.000.000,00")
				}
			}
			if !found {
				t.Errorf("%s: %+v", name, ae.Fields)
			}
		}
		if n := count(t, e, `SELECT COUNT(*) FROM budget_transactions`); n != 0 {
			t.Fatalf("refused calls booked %d rows", n)
		}
	})
}
