package budget_test

import (
	"context"
	"sync"
	"testing"

	"mobility/portal/internal/budget"
	"mobility/portal/internal/database"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

// Finding 2: a user_manager opened a COMPANY_BUDGET with a startAmount
// (money with no bank transfer), company budgets were opened for postpaid
// companies, and concurrent creates made two.
func TestCompanyBudgetOnlyFromStaffAndTransfers(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme, osp := e.LoginAs("acme.admin"), e.LoginAs("ospadmin")
		createCompany := func(token, company string, data map[string]any) *testkit.Response {
			return e.Post(base+"/COMPANY_BUDGET/create", token, map[string]any{"ownerOspId": company, "data": data})
		}
		companyBudgets := func(company string) int {
			return count(t, e, `SELECT COUNT(*) FROM budgets b JOIN corporate_accounts ca ON ca.id = b.corporate_account_id
				WHERE ca.osp_id = ? AND b.budget_type = 'COMPANY_BUDGET'`, company)
		}
		// a company admin (user_manager) may not open it, with or without money
		for _, data := range []map[string]any{{"startAmount": 1000000}, {}} {
			if res := createCompany(acme, seed.AcmeOspID, data); res.Status != 403 || res.Label() != budget.LabelCompanyBudgetStaffOnly {
				t.Fatalf("user_manager opens a company budget: %d %s", res.Status, res.Body)
			}
		}
		// platform staff neither: not with a start amount
		for _, data := range []map[string]any{{"startAmount": 1000000}, {"equalToRecurring": true}} {
			mustRefuseField(t, "company budget start amount", createCompany(osp, seed.AcmeOspID, data), "startAmount")
		}
		// a postpaid company has none: not opened, not credited
		if res := createCompany(osp, seed.GlobexOspID, map[string]any{}); res.Status != 409 || res.Label() != budget.LabelNoCompanyBudget {
			t.Fatalf("postpaid company budget: %d %s", res.Status, res.Body)
		}
		if res := e.Post(base+"/transaction/addForCorporateAccount", osp, map[string]any{"corporateAccountOspId": seed.GlobexOspID,
			"amount": 5000, "description": "transfer"}); res.Status != 409 || res.Label() != budget.LabelNoCompanyBudget {
			t.Fatalf("postpaid transfer: %d %s", res.Status, res.Body)
		}
		// nor can anyone set a threshold on a company budget not opened yet
		if res := e.Post(base+"/company/threshold", acme, map[string]any{"corporateAccountOspId": seed.AcmeOspID, "threshold": 100}); res.Status != 409 ||
			res.Label() != budget.LabelCompanyBudgetNotOpen {
			t.Fatalf("threshold before opening: %d %s", res.Status, res.Body)
		}
		if n := companyBudgets(seed.AcmeOspID) + companyBudgets(seed.GlobexOspID); n != 0 {
			t.Fatalf("refused calls opened %d company budgets", n)
		}
		if n := count(t, e, `SELECT COUNT(*) FROM budget_transactions`); n != 0 {
			t.Fatalf("refused calls booked %d rows", n)
		}
		// platform staff open it, empty, once
		res := createCompany(osp, seed.AcmeOspID, map[string]any{})
		testkit.MustStatus(t, res, 200)
		var cb budget.Budget
		res.JSON(t, &cb)
		if cb.Remaining != 0 || cb.StartAmount != 0 || cb.BudgetType != "COMPANY_BUDGET" {
			t.Fatalf("opened: %s", res.Body)
		}
		if res := createCompany(osp, seed.AcmeOspID, map[string]any{}); res.Status != 409 || res.Label() != budget.LabelCompanyBudgetExists {
			t.Fatalf("second company budget: %d %s", res.Status, res.Body)
		}
		// no promo code and no manual amount on it: bank transfers only
		testkit.MustStatus(t, e.Post(base+"/promo/create", osp, map[string]any{"code": "FREE", "amount": 5000, "validFrom": "2026-11-01", "validTo": "2026-12-31"}), 200)
		mustRefuseField(t, "promo on company budget", e.Post(base+"/redeem", acme, map[string]string{"promoCode": "FREE", "budgetOspId": cb.OspID}), "budgetOspId")
		mustRefuseField(t, "manual amount on company budget", e.Post(base+"/transaction/addForUser", acme, map[string]any{"budgetOspId": cb.OspID, "amount": 5000}), "budgetOspId")

		// a transfer is booked on its bookingDate, within two years and not ahead
		transfer := func(date string) *testkit.Response {
			return e.Post(base+"/transaction/addForCorporateAccount", osp, map[string]any{"corporateAccountOspId": seed.AcmeOspID,
				"amount": 25000, "description": "transfer", "bookingDate": date})
		}
		res = transfer("2026-11-02")
		testkit.MustStatus(t, res, 200)
		var tx budget.Transaction
		res.JSON(t, &tx)
		if tx.BookingDate != "2026-11-02" || tx.BudgetOspID != cb.OspID || tx.Amount != 25000 {
			t.Fatalf("dated transfer: %s", res.Body)
		}
		for _, bad := range []string{"2026-11-22", "2024-11-20", "2026-13-01"} {
			mustRefuseField(t, "bookingDate "+bad, transfer(bad), "bookingDate")
		}
		testkit.MustStatus(t, transfer("2024-11-21"), 200) // exactly two years back
		if got := balance(t, e, cb.OspID); got != 50000 {
			t.Fatalf("company budget %d, want 50000", got)
		}
		if res := e.Post(base+"/transaction/addForCorporateAccount", osp, map[string]any{"corporateAccountOspId": seed.AcmeOspID,
			"amount": -5000, "description": "x"}); res.Status != 400 {
			t.Fatalf("negative transfer: %s", res.Body)
		}
		assertLedgerConsistent(t, e)
	})
}

// Concurrent creates make one budget: the Go check cannot see another
// transaction's uncommitted row on PostgreSQL; the partial unique indexes
// can, and their refusal is the same 409.
func TestConcurrentCreatesMakeOneBudget(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme, osp := e.LoginAs("acme.admin"), e.LoginAs("ospadmin")
		sophie := e.UserOspID("sophie.dubois")
		const clients = 8
		run := func(token, path string, body any, dupLabel string) int {
			var wg sync.WaitGroup
			var mu sync.Mutex
			ok := 0
			for i := 0; i < clients; i++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					res := e.Post(path, token, body)
					mu.Lock()
					defer mu.Unlock()
					switch {
					case res.Status == 200:
						ok++
					case res.Status == 409 && res.Label() == dupLabel:
					default:
						t.Errorf("%s: %d %s", path, res.Status, res.Body)
					}
				}()
			}
			wg.Wait()
			return ok
		}
		if n := run(osp, base+"/COMPANY_BUDGET/create", map[string]any{"ownerOspId": seed.InitechOspID, "data": map[string]any{}}, budget.LabelCompanyBudgetExists); n != 1 {
			t.Fatalf("%d company budgets opened", n)
		}
		if n := run(acme, base+"/COMMUTING_BUDGET/create", map[string]any{"ownerOspId": sophie, "data": map[string]any{"frequencyAmount": 100}}, budget.LabelDuplicate); n != 1 {
			t.Fatalf("%d active commuting budgets opened", n)
		}
		if n := count(t, e, `SELECT COUNT(*) FROM budgets WHERE budget_type IN ('COMPANY_BUDGET', 'COMMUTING_BUDGET')`); n != 2 {
			t.Fatalf("%d budgets stored", n)
		}
		// concurrent first transfers open one company budget and all book on it
		var wg sync.WaitGroup
		for i := 0; i < clients; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				res := e.Post(base+"/transaction/addForCorporateAccount", osp, map[string]any{"corporateAccountOspId": seed.AcmeOspID,
					"amount": 1000, "description": "transfer"})
				if res.Status != 200 {
					t.Errorf("concurrent first transfer: %d %s", res.Status, res.Body)
				}
			}()
		}
		wg.Wait()
		var acmeBalance int64
		if err := e.DB.Get(context.Background(), &acmeBalance, `SELECT b.balance FROM budgets b JOIN corporate_accounts ca ON ca.id = b.corporate_account_id
			WHERE ca.osp_id = ? AND b.budget_type = 'COMPANY_BUDGET'`, seed.AcmeOspID); err != nil || acmeBalance != clients*1000 {
			t.Fatalf("Acme's company budget: %d %v", acmeBalance, err)
		}
		// the schema itself refuses a second company budget, whatever the Go
		if _, err := e.DB.Exec(context.Background(), `INSERT INTO budgets (osp_id, corporate_account_id, budget_type, frequency_method,
			start_activation_time, created_at, updated_at) SELECT 'second', corporate_account_id, 'COMPANY_BUDGET', 'MANUAL',
			created_at, created_at, created_at FROM budgets WHERE budget_type = 'COMPANY_BUDGET'`); !database.IsUniqueViolation(err) {
			t.Fatalf("second company budget by SQL: %v", err)
		}
		// reactivating an old budget beside a newer active one is the same 409
		var first budget.Budget
		e.Post(base+"/getByOwner", acme, map[string]string{"ownerOspId": sophie, "budgetType": "COMMUTING_BUDGET"}).JSON(t, &[]*budget.Budget{&first})
		testkit.MustStatus(t, e.Post(base+"/deactivate", acme, map[string]string{"ospId": first.OspID}), 200)
		create(t, e, acme, "COMMUTING_BUDGET", sophie, map[string]any{"frequencyAmount": 200})
		if res := e.Post(base+"/activate", acme, map[string]string{"ospId": first.OspID}); res.Status != 409 || res.Label() != budget.LabelDuplicate {
			t.Fatalf("reactivation beside an active budget: %d %s", res.Status, res.Body)
		}
	})
}
