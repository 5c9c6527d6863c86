package userfee_test

import (
	"context"
	"sync"
	"testing"

	"github.com/google/uuid"

	"mobility/portal/internal/budget"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
	"mobility/portal/internal/userfee"
)

const expensePath = "/portal-service/v1/payableEvent/costEventForExternalPurchase/create"

// addTier stores a tier straight away (the rules of create are tested
// through the route in tier_test.go).
func addTier(t *testing.T, e *testkit.Env, partnerOsp, companyOsp string, from, to int, amount, bp int64) {
	t.Helper()
	var partnerID, companyID any
	if partnerOsp != "" {
		partnerID = e.PartnerID(partnerOsp)
	}
	if companyOsp != "" {
		companyID = e.CorporateAccountID(companyOsp)
	}
	now := e.Clock.Now()
	if _, err := e.DB.Exec(context.Background(), `INSERT INTO user_fee_tiers (osp_id, partner_id, corporate_account_id,
		event_count_from, event_count_to, amount, vat_basis_points, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		uuid.NewString(), partnerID, companyID, from, to, amount, bp, now, now); err != nil {
		t.Fatal(err)
	}
}

// spend books n expenses of 1 € each on a budget, dated day.
func spend(t *testing.T, e *testkit.Env, token, userOsp, budgetOsp, day string, n int) {
	t.Helper()
	for i := 0; i < n; i++ {
		res := e.Post(expensePath, token, map[string]any{"userOspId": userOsp, "budgetOspId": budgetOsp, "amount": 100,
			"vatPercentage": 21, "description": "ride", "date": day, "mobilityMode": "BUS_TRAM_METRO"})
		testkit.MustStatus(t, res, 200)
	}
}

func userID(t *testing.T, e *testkit.Env, login string) int64 {
	t.Helper()
	var id int64
	if err := e.DB.Get(context.Background(), &id, `SELECT id FROM users WHERE login = ?`, login); err != nil {
		t.Fatal(err)
	}
	return id
}

type ledgerRow struct {
	OspID  string `db:"osp_id"`
	Type   string `db:"tx_type"`
	Amount int64  `db:"amount"`
}

func userFeeRows(t *testing.T, e *testkit.Env, budgetOsp string) []ledgerRow {
	t.Helper()
	var out []ledgerRow
	if err := e.DB.Select(context.Background(), &out, `SELECT t.osp_id, t.tx_type, t.amount FROM budget_transactions t
		JOIN budgets b ON b.id = t.budget_id WHERE b.osp_id = ? AND t.tx_type = 'user_fee' ORDER BY t.id`, budgetOsp); err != nil {
		t.Fatal(err)
	}
	return out
}

// acmeAppUsers signs in Acme's admin and names Acme's two demo app users.
func acmeAppUsers(e *testkit.Env) (token, jan, sophie string) {
	return e.LoginAs("acme.admin"), e.UserOspID("jan.peeters"), e.UserOspID("sophie.dubois")
}

func TestChargeMonth(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		acme, jan, sophie := acmeAppUsers(e)
		// Jan: a business budget and a mobility budget (charged first)
		janBiz := e.CreateBudget(acme, "BUSINESS_BUDGET", jan, map[string]any{"unlimited": true})
		janMob := e.CreateBudget(acme, "MOBILITY_BUDGET", jan, map[string]any{"frequency": "YEAR", "frequencyAmount": 100000})
		// Sophie: only a private budget, so no company-paid one to book on
		sophiePriv := e.CreateBudget(acme, "BUSINESS_BUDGET", sophie, map[string]any{"unlimited": true, "paymentType": "PRIVATE_BUDGET"})
		// and a company-paid one that is switched off: not booked on either
		sophieOff := e.CreateBudget(acme, "COMMUTING_BUDGET", sophie, map[string]any{"unlimited": true})
		testkit.MustStatus(t, e.Post("/portal-service/v1/budget/deactivate", acme, map[string]any{"ospId": sophieOff.OspID}), 200)
		addTier(t, e, seed.MobiPartnerOspID, "", 1, 2, 50, 2100)
		addTier(t, e, seed.MobiPartnerOspID, "", 3, 10, 125, 2100) // 125 * 21 % = 26.25 -> 26
		spend(t, e, acme, jan, janBiz.OspID, "2026-10-05", 3)
		spend(t, e, acme, jan, janBiz.OspID, "2026-11-02", 5) // another month
		spend(t, e, acme, sophie, sophiePriv.OspID, "2026-10-07", 1)
		company := e.CorporateAccountID(seed.AcmeOspID)

		// the running month is not closed
		if err := e.App.UserFees.ChargeMonth(ctx, company, "202611"); err == nil {
			t.Fatal("charged the running month")
		}
		if err := e.App.UserFees.ChargeMonth(ctx, company, "2026-10"); err == nil {
			t.Fatal("took a month that is not yyyyMM")
		}
		before := balanceOf(t, e, janMob.OspID)
		if err := e.App.UserFees.ChargeMonth(ctx, company, "202610"); err != nil {
			t.Fatal(err)
		}
		// twice: nothing more
		if err := e.App.UserFees.ChargeMonth(ctx, company, "202610"); err != nil {
			t.Fatal(err)
		}
		rows := userFeeRows(t, e, janMob.OspID)
		if len(rows) != 1 || rows[0].Amount != -151 {
			t.Fatalf("jan's mobility budget user fee rows: %+v", rows)
		}
		for _, b := range []string{janBiz.OspID, sophiePriv.OspID, sophieOff.OspID} {
			if other := userFeeRows(t, e, b); len(other) != 0 {
				t.Fatalf("budget %s charged: %+v", b, other)
			}
		}
		if bal := balanceOf(t, e, janMob.OspID); bal != before-151 {
			// the balance cache moved with the row
			t.Fatalf("mobility balance %d", bal)
		}
		charges, err := e.App.UserFees.Charges(ctx, company, "202610")
		if err != nil {
			t.Fatal(err)
		}
		want := []userfee.Charge{
			{UserID: userID(t, e, "jan.peeters"), UserOspID: jan, UserName: "Jan Peeters", Month: "202610", EventCount: 3,
				Amount: 125, VatBasisPoints: 2100, VatAmount: 26, BudgetTxOspID: rows[0].OspID},
			{UserID: userID(t, e, "sophie.dubois"), UserOspID: sophie, UserName: "Sophie Dubois", Month: "202610", EventCount: 1,
				Amount: 50, VatBasisPoints: 2100, VatAmount: 11},
		}
		if len(charges) != len(want) {
			t.Fatalf("charges %+v", charges)
		}
		for i := range want {
			if charges[i] != want[i] {
				t.Fatalf("charge %d: %+v, want %+v", i, charges[i], want[i])
			}
		}
		// the monthly totals kept by budget hold the user_fee row
		var sum int64
		if err := e.DB.Get(ctx, &sum, `SELECT COALESCE(SUM(amount_sum), 0) FROM budget_monthly_totals WHERE corporate_account_id = ?
			AND user_id = ? AND tx_type = ?`, company, userID(t, e, "jan.peeters"), budget.TxUserFee); err != nil {
			t.Fatal(err)
		}
		if sum != -151 {
			t.Fatalf("monthly totals of user_fee: %d", sum)
		}
		if rep, err := e.App.Budgets.VerifyLedger(ctx); err != nil || len(rep.Problems) != 0 {
			t.Fatalf("ledger verify: %v %v", rep, err)
		}
	})
}

func balanceOf(t *testing.T, e *testkit.Env, osp string) int64 {
	t.Helper()
	var b int64
	if err := e.DB.Get(context.Background(), &b, `SELECT balance FROM budgets WHERE osp_id = ?`, osp); err != nil {
		t.Fatal(err)
	}
	return b
}

// Company tiers replace the partner's, and a count no tier holds pays nothing.
func TestChargeMonthCompanyTiers(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		acme, jan, sophie := acmeAppUsers(e)
		janB := e.CreateBudget(acme, "BUSINESS_BUDGET", jan, map[string]any{"unlimited": true})
		sophieB := e.CreateBudget(acme, "BUSINESS_BUDGET", sophie, map[string]any{"unlimited": true})
		addTier(t, e, seed.MobiPartnerOspID, "", 1, 100, 999, 2100)
		addTier(t, e, "", seed.AcmeOspID, 2, 3, 200, 600) // 200 * 6 % = 12
		spend(t, e, acme, jan, janB.OspID, "2026-10-05", 2)
		spend(t, e, acme, sophie, sophieB.OspID, "2026-10-05", 1) // below Acme's tiers
		if err := e.App.UserFees.ChargeMonth(ctx, e.CorporateAccountID(seed.AcmeOspID), "202610"); err != nil {
			t.Fatal(err)
		}
		charges, err := e.App.UserFees.Charges(ctx, e.CorporateAccountID(seed.AcmeOspID), "202610")
		if err != nil {
			t.Fatal(err)
		}
		if len(charges) != 1 || charges[0].UserOspID != jan || charges[0].Amount != 200 || charges[0].VatAmount != 12 {
			t.Fatalf("charges %+v", charges)
		}
		if rows := userFeeRows(t, e, janB.OspID); len(rows) != 1 || rows[0].Amount != -212 {
			t.Fatalf("ledger %+v", rows)
		}
		if rows := userFeeRows(t, e, sophieB.OspID); len(rows) != 0 {
			t.Fatalf("sophie charged %+v", rows)
		}
	})
}

// Concurrent runs for one company charge each user once.
func TestChargeMonthConcurrent(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		acme, jan, sophie := acmeAppUsers(e)
		janB := e.CreateBudget(acme, "BUSINESS_BUDGET", jan, map[string]any{"unlimited": true})
		sophieB := e.CreateBudget(acme, "COMMUTING_BUDGET", sophie, map[string]any{"unlimited": true})
		addTier(t, e, seed.MobiPartnerOspID, "", 1, 10, 100, 2100)
		spend(t, e, acme, jan, janB.OspID, "2026-10-05", 1)
		spend(t, e, acme, sophie, sophieB.OspID, "2026-10-06", 2)
		company := e.CorporateAccountID(seed.AcmeOspID)
		var wg sync.WaitGroup
		errs := make(chan error, 8)
		for i := 0; i < 8; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs <- e.App.UserFees.ChargeMonth(ctx, company, "202610")
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		for _, b := range []string{janB.OspID, sophieB.OspID} {
			if rows := userFeeRows(t, e, b); len(rows) != 1 || rows[0].Amount != -121 {
				t.Fatalf("budget %s: %+v", b, rows)
			}
		}
		var n int
		if err := e.DB.Get(ctx, &n, `SELECT COUNT(*) FROM user_fee_charges WHERE corporate_account_id = ?`, company); err != nil || n != 2 {
			t.Fatalf("%d charges, %v", n, err)
		}
	})
}
