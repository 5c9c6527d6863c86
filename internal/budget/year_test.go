package budget_test

import (
	"context"
	"testing"
	"time"

	"mobility/portal/internal/budget"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/testkit"
)

const base = "/portal-service/v1/budget"

func create(t *testing.T, e *testkit.Env, token, typ, owner string, data map[string]any) budget.Budget {
	t.Helper()
	return e.CreateBudget(token, typ, owner, data)
}

func at(day string) time.Time {
	d, _ := time.ParseInLocation("2006-01-02", day, clock.Brussels)
	return d.Add(9 * time.Hour)
}

// A year and a bit, simulated day by day with the jobs runner, for one
// budget of every strategy and frequency; balances are checked against
// values worked out by hand from the period rules (see period.go).
func TestYearSimulatedDayByDay(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		e.Clock.Set(at("2026-12-15"))
		acme := e.LoginAs("acme.admin")
		jan, sophie := e.UserOspID("jan.peeters"), e.UserOspID("sophie.dubois")
		globex, lena := e.LoginAs("globex.admin"), e.UserOspID("lena.maes") // Lena's budgets are Globex's
		budgets := map[string]budget.Budget{
			// mobility, yearly reset, start amount
			"A": create(t, e, acme, "MOBILITY_BUDGET", jan, map[string]any{"frequency": "YEAR", "frequencyAmount": 300000, "startAmount": 100000}),
			// business, monthly reset, start equal to recurring; deactivated Mar 15 – May 10
			"B": create(t, e, acme, "BUSINESS_BUDGET", jan, map[string]any{"frequency": "MONTH", "transferStrategy": "MONTH_RESET", "frequencyAmount": 5000, "equalToRecurring": true}),
			// business, monthly add with an upper limit; amount changed in June
			"C": create(t, e, acme, "BUSINESS_BUDGET", sophie, map[string]any{"frequency": "MONTH", "transferStrategy": "MONTH_ADD", "frequencyAmount": 10000, "budgetUpperLimit": 25000}),
			// cafeteria, yearly add, continues over the year end
			"D": create(t, e, acme, "CAFETERIA_BUDGET", jan, map[string]any{"frequencyAmount": 120000}),
			// commuting, monthly add
			"E": create(t, e, acme, "COMMUTING_BUDGET", sophie, map[string]any{"frequency": "MONTH", "transferStrategy": "MONTH_ADD", "frequencyAmount": 4000}),
			// mobility, monthly add with a yearly reset
			"F": create(t, e, acme, "MOBILITY_BUDGET", sophie, map[string]any{"frequency": "MONTH", "frequencyAmount": 25000, "equalToRecurring": true}),
			// commuting, yearly reset, capped by the upper limit
			"G": create(t, e, acme, "COMMUTING_BUDGET", jan, map[string]any{"frequency": "YEAR", "transferStrategy": "YEAR_RESET", "frequencyAmount": 60000, "budgetUpperLimit": 50000}),
			// mobility, yearly add, deactivated over 1 January (Dec 20 – Feb 10): the legal reset still forfeits it
			"H": create(t, e, globex, "MOBILITY_BUDGET", lena, map[string]any{"frequency": "YEAR", "transferStrategy": "YEAR_ADD", "frequencyAmount": 100000, "startAmount": 40000}),
			// cafeteria, yearly add, changed to monthly (1,000 from the next period) on June 15
			"I": create(t, e, acme, "CAFETERIA_BUDGET", sophie, map[string]any{"frequency": "YEAR", "frequencyAmount": 12000}),
			// business, monthly add, changed to yearly on April 20
			"J": create(t, e, globex, "BUSINESS_BUDGET", lena, map[string]any{"frequency": "MONTH", "transferStrategy": "MONTH_ADD", "frequencyAmount": 2000}),
		}
		// commuting, monthly add: deactivated Aug 20 – Sep 10, while the portal is down
		budgets["L"] = create(t, e, globex, "COMMUTING_BUDGET", lena, map[string]any{"frequency": "MONTH", "transferStrategy": "MONTH_ADD", "frequencyAmount": 3000})
		if d := budgets["D"].Data; d.Frequency == nil || *d.Frequency != "YEAR" || *d.TransferStrategy != "YEAR_ADD" || d.FrequencyMethod != "AUTOMATIC" {
			t.Fatalf("cafeteria defaults: %+v", d)
		}
		// balance by hand: budget → date → expected cents at the end of that day
		want := map[string]map[string]int64{
			"A": {"2026-12-31": 100000, "2027-01-01": 300000, "2027-12-31": 300000, "2028-01-01": 300000},
			"B": {"2026-12-31": 5000, "2027-01-01": 5000, "2027-02-10": 2000, "2027-03-01": 5000, "2027-04-01": 5000, "2027-05-10": 5000, "2027-06-01": 5000, "2028-01-01": 5000},
			"C": {"2027-01-01": 10000, "2027-02-01": 20000, "2027-03-01": 25000, "2027-06-15": 25000, "2027-06-20": 10000, "2027-07-01": 25000, "2027-12-31": 25000},
			"D": {"2027-01-01": 120000, "2027-12-31": 120000, "2028-01-01": 240000},
			"F": {"2026-12-31": 25000, "2027-01-01": 25000, "2027-02-01": 50000, "2027-12-01": 300000, "2028-01-01": 25000},
			"G": {"2027-01-01": 50000, "2027-12-31": 50000, "2028-01-01": 50000},
			// forfeited on Jan 1 though deactivated, no credit for 2027; 2028 credited
			"H": {"2026-12-31": 40000, "2027-01-01": 0, "2027-02-10": 0, "2027-12-31": 0, "2028-01-01": 100000},
			// 12,000 in January; June is not credited again after the change; July–December 1,000 each
			"I": {"2027-01-01": 12000, "2027-06-15": 12000, "2027-06-30": 12000, "2027-07-01": 13000, "2027-09-30": 13000, "2027-10-01": 16000, "2027-12-31": 18000, "2028-01-01": 19000},
			// January–April monthly; 2027 counts as run after the change; 2028 credited once
			"J": {"2027-04-01": 8000, "2027-04-20": 8000, "2027-05-01": 8000, "2027-12-31": 8000, "2028-01-01": 10000},
			// the portal does not run in August and September: October 1 catches up
			"E": {"2027-01-01": 4000, "2027-06-30": 24000, "2027-07-31": 28000, "2027-09-30": 28000, "2027-10-01": 40000, "2027-12-01": 48000, "2028-01-01": 52000},
			// August began while active (credited when reactivated), September while deactivated (never)
			"L": {"2027-07-31": 21000, "2027-08-20": 21000, "2027-09-10": 24000, "2027-09-30": 24000, "2027-10-01": 27000, "2027-12-01": 33000, "2028-01-01": 36000},
		}
		runner := e.App.JobRunner()
		day := at("2026-12-16")
		for !day.After(at("2028-01-02")) {
			d := day.Format("2006-01-02")
			e.Clock.Set(day)
			portalDown := d >= "2027-08-01" && d <= "2027-09-30" // the jobs do not run: no top-ups in August and September
			if !portalDown {
				if _, err := runner.RunDay(ctx, d); err != nil {
					t.Fatalf("%s: %v", d, err)
				}
			}
			switch d { // what people do during the year (tokens last 15 minutes, so sign in again)
			case "2027-02-10":
				acme := e.LoginAs("acme.admin")
				testkit.MustStatus(t, e.Post(base+"/activate", e.LoginAs("globex.admin"), map[string]string{"ospId": budgets["H"].OspID}), 200)
				testkit.MustStatus(t, e.Post(base+"/transaction/addForUser", acme, map[string]any{"budgetOspId": budgets["B"].OspID, "amount": -3000, "description": "taxi"}), 200)
			case "2027-03-15":
				acme := e.LoginAs("acme.admin")
				testkit.MustStatus(t, e.Post(base+"/deactivate", acme, map[string]string{"ospId": budgets["B"].OspID}), 200)
			case "2027-05-10":
				acme := e.LoginAs("acme.admin")
				res := e.Post(base+"/activate", acme, map[string]string{"ospId": budgets["B"].OspID})
				var b budget.Budget
				res.JSON(t, &b)
				if b.Data.ActivationStatus != "REACTIVATED" {
					t.Fatalf("reactivated: %s", res.Body)
				}
			case "2027-06-10":
				acme := e.LoginAs("acme.admin")
				res := e.Post("/portal-service/v2/budget/update", acme, map[string]any{"ospId": budgets["C"].OspID, "data": map[string]any{"frequencyAmount": 20000}})
				var b budget.Budget
				res.JSON(t, &b)
				if b.Data.FrequencyAmount != 10000 || b.Data.PendingFrequencyAmount == nil || *b.Data.PendingFrequencyAmount != 20000 {
					t.Fatalf("NEXT_PERIOD change: %s", res.Body)
				}
			case "2026-12-20":
				testkit.MustStatus(t, e.Post(base+"/deactivate", e.LoginAs("globex.admin"), map[string]string{"ospId": budgets["H"].OspID}), 200)
			case "2027-04-20":
				testkit.MustStatus(t, e.Post("/portal-service/v2/budget/update", e.LoginAs("globex.admin"), map[string]any{"ospId": budgets["J"].OspID,
					"data": map[string]any{"frequency": "YEAR", "transferStrategy": "YEAR_ADD"}}), 200)
			case "2027-06-15":
				acme := e.LoginAs("acme.admin")
				testkit.MustStatus(t, e.Post("/portal-service/v2/budget/update", acme, map[string]any{"ospId": budgets["I"].OspID,
					"data": map[string]any{"frequency": "MONTH", "transferStrategy": "MONTH_ADD", "frequencyAmount": 1000}}), 200)
			case "2027-08-20":
				testkit.MustStatus(t, e.Post(base+"/deactivate", e.LoginAs("globex.admin"), map[string]string{"ospId": budgets["L"].OspID}), 200)
			case "2027-09-10":
				testkit.MustStatus(t, e.Post(base+"/activate", e.LoginAs("globex.admin"), map[string]string{"ospId": budgets["L"].OspID}), 200)
			case "2027-06-20":
				acme := e.LoginAs("acme.admin")
				testkit.MustStatus(t, e.Post(base+"/transaction/addForUser", acme, map[string]any{"budgetOspId": budgets["C"].OspID, "amount": -15000, "description": "bike repair"}), 200)
			}
			for name, dates := range want {
				if w, ok := dates[d]; ok {
					if got := balance(t, e, budgets[name].OspID); got != w {
						t.Errorf("%s on %s: balance %d, want %d", name, d, got, w)
					}
				}
			}
			day = day.AddDate(0, 0, 1)
		}
		res := e.Post(base+"/get", e.LoginAs("acme.admin"), map[string]string{"ospId": budgets["C"].OspID})
		var c budget.Budget
		res.JSON(t, &c)
		if c.Data.FrequencyAmount != 20000 || c.Data.PreviousFrequencyAmount == nil || *c.Data.PreviousFrequencyAmount != 10000 || c.Data.PendingFrequencyAmount != nil {
			t.Errorf("C after July: %s", res.Body)
		}
		// every balance is the sum of its ledger, and no period ran twice
		assertLedgerConsistent(t, e)
		var twice int
		if err := e.DB.Get(ctx, &twice, `SELECT COUNT(*) FROM (SELECT budget_id, period_key FROM budget_transactions WHERE tx_type = 'automatic_update_add'
			GROUP BY budget_id, period_key HAVING COUNT(*) > 1) x`); err != nil || twice != 0 {
			t.Errorf("%d periods credited twice (%v)", twice, err)
		}
	})
}

func balance(t *testing.T, e *testkit.Env, osp string) int64 {
	t.Helper()
	var b int64
	if err := e.DB.Get(context.Background(), &b, `SELECT balance FROM budgets WHERE osp_id = ?`, osp); err != nil {
		t.Fatal(err)
	}
	return b
}

// assertLedgerConsistent checks balance = sum of transactions and that each
// row's balance_after chains, for every budget.
func assertLedgerConsistent(t *testing.T, e *testkit.Env) {
	t.Helper()
	var bad []struct {
		ID      int64 `db:"id"`
		Balance int64 `db:"balance"`
		Sum     int64 `db:"total"`
	}
	if err := e.DB.Select(context.Background(), &bad, `SELECT b.id, b.balance, COALESCE(SUM(t.amount), 0) AS total FROM budgets b
		LEFT JOIN budget_transactions t ON t.budget_id = b.id GROUP BY b.id, b.balance HAVING b.balance <> COALESCE(SUM(t.amount), 0)`); err != nil {
		t.Fatal(err)
	}
	if len(bad) > 0 {
		t.Fatalf("balances differ from their ledgers: %+v", bad)
	}
	var rows []struct {
		BudgetID     int64 `db:"budget_id"`
		Amount       int64 `db:"amount"`
		BalanceAfter int64 `db:"balance_after"`
	}
	if err := e.DB.Select(context.Background(), &rows, `SELECT budget_id, amount, balance_after FROM budget_transactions ORDER BY budget_id, id`); err != nil {
		t.Fatal(err)
	}
	running := map[int64]int64{}
	for _, r := range rows {
		running[r.BudgetID] += r.Amount
		if running[r.BudgetID] != r.BalanceAfter {
			t.Fatalf("budget %d: balance_after %d, running sum %d", r.BudgetID, r.BalanceAfter, running[r.BudgetID])
		}
	}
}
