package budget_test

import (
	"context"
	"math/rand"
	"sync"
	"testing"

	"mobility/portal/internal/access"
	"mobility/portal/internal/budget"
	"mobility/portal/internal/testkit"
)

// 32 clients at once book expenses and manual amounts on one limited
// budget through the API: the final balance is exact and never went below
// zero.
func TestConcurrentPostsOnOneBudget(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme := e.LoginAs("acme.admin")
		jan := e.UserOspID("jan.peeters")
		b := create(t, e, acme, "COMMUTING_BUDGET", jan, map[string]any{"frequency": "", "startAmount": 10000})
		id := budgetID(t, e, b.OspID)
		const clients = 32
		var wg sync.WaitGroup
		var mu sync.Mutex
		var spent, credited int64
		refused := 0
		for i := 0; i < clients; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				for j := 0; j < 5; j++ {
					if i%4 == 0 { // a manual top-up through the API
						res := e.Post(base+"/transaction/addForUser", acme, map[string]any{"budgetOspId": b.OspID, "amount": 300, "description": "top-up"})
						if res.Status != 200 {
							t.Errorf("manual amount: %d %s", res.Status, res.Body)
						} else {
							mu.Lock()
							credited += 300
							mu.Unlock()
						}
						continue
					}
					// an expense through the API, as the app books it
					res := e.Post("/portal-service/v1/payableEvent/costEventForExternalPurchase/create", acme, map[string]any{
						"userOspId": jan, "budgetOspId": b.OspID, "amount": 700, "vatPercentage": 21, "description": "tram", "date": "2026-11-20"})
					mu.Lock()
					switch {
					case res.Status == 200:
						spent += 700
					case res.Label() == "INSUFFICIENT_BUDGET":
						refused++
					default:
						t.Errorf("expense: %d %s", res.Status, res.Body)
					}
					mu.Unlock()
				}
			}(i)
		}
		wg.Wait()
		want := 10000 + credited - spent
		if got := balance(t, e, b.OspID); got != want || got < 0 {
			t.Fatalf("balance %d, want %d (spent %d, credited %d, refused %d)", got, want, spent, credited, refused)
		}
		var min int64
		if err := e.DB.Get(context.Background(), &min, `SELECT MIN(balance_after) FROM budget_transactions WHERE budget_id = ?`, id); err != nil || min < 0 {
			t.Fatalf("went below zero: %d %v", min, err)
		}
		if refused == 0 {
			t.Fatal("the test never hit the limit; raise the load")
		}
		assertLedgerConsistent(t, e)
	})
}

// Random sequences of every kind of operation keep, for every budget,
// balance = sum of its transactions (and each row's balance_after chains).
func TestPropertyBalanceIsSumOfLedger(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		acme, osp := e.LoginAs("acme.admin"), e.LoginAs("ospadmin")
		jan, sophie := e.UserOspID("jan.peeters"), e.UserOspID("sophie.dubois")
		budgets := []budget.Budget{
			create(t, e, acme, "BUSINESS_BUDGET", jan, map[string]any{"frequency": "MONTH", "transferStrategy": "MONTH_RESET", "frequencyAmount": 5000}),
			create(t, e, acme, "COMMUTING_BUDGET", jan, map[string]any{"frequency": "MONTH", "transferStrategy": "MONTH_ADD", "frequencyAmount": 3000, "budgetUpperLimit": 8000}),
			create(t, e, acme, "BUSINESS_BUDGET", sophie, map[string]any{"unlimited": true, "frequency": "YEAR", "transferStrategy": "YEAR_ADD", "frequencyAmount": 9000}),
			create(t, e, acme, "MOBILITY_BUDGET", sophie, map[string]any{"frequency": "MONTH", "frequencyAmount": 2500, "startAmount": 1000}),
		}
		testkit.MustStatus(t, e.Post("/portal-service/v1/budget/promo/create", osp, map[string]any{"code": "P1", "amount": 700, "validFrom": "2026-01-01", "validTo": "2030-12-31"}), 200)
		rng := rand.New(rand.NewSource(42))
		day := at("2026-11-22")
		for step := 0; step < 300; step++ {
			b := budgets[rng.Intn(len(budgets))]
			switch rng.Intn(7) {
			case 0, 1:
				_, _, _ = e.App.Budgets.Post(ctx, access.SystemScope(), budgetID(t, e, b.OspID), budget.Entry{Type: "event", Amount: -int64(rng.Intn(4000) + 1), Spend: true})
			case 2:
				e.Post(base+"/transaction/addForUser", acme, map[string]any{"budgetOspId": b.OspID, "amount": int64(rng.Intn(6000) - 3000), "description": "random"})
			case 3:
				day = day.AddDate(0, 0, rng.Intn(20)+1)
				e.Clock.Set(day)
				if _, err := e.App.Budgets.RunPeriods(ctx, day.Format("2006-01-02")); err != nil {
					t.Fatal(err)
				}
				acme = e.LoginAs("acme.admin") // days passed: the old token expired
			case 4:
				path := "/deactivate"
				if rng.Intn(2) == 0 {
					path = "/activate"
				}
				e.Post(base+path, acme, map[string]string{"ospId": b.OspID})
			case 5:
				e.Post("/portal-service/v2/budget/update", acme, map[string]any{"ospId": b.OspID, "data": map[string]any{"frequencyAmount": rng.Intn(10000)}})
			case 6:
				e.Post(base+"/redeem", acme, map[string]string{"promoCode": "P1", "budgetOspId": b.OspID})
			}
			if step%50 == 0 {
				assertLedgerConsistent(t, e)
			}
		}
		assertLedgerConsistent(t, e)
		// limited budgets never went below zero through purchases
		var neg int
		_ = e.DB.Get(ctx, &neg, `SELECT COUNT(*) FROM budget_transactions t JOIN budgets b ON b.id = t.budget_id WHERE b.limited AND t.tx_type = 'event' AND t.balance_after < 0`)
		if neg != 0 {
			t.Fatalf("%d purchases left a limited budget negative", neg)
		}
	})
}
