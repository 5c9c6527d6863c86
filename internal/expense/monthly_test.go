package expense_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"mobility/portal/internal/access"
	"mobility/portal/internal/expense"
	"mobility/portal/internal/testkit"
)

// The monthly totals expense keeps equal a computation of the test's own
// over the raw expenses and their ledger rows, after many random
// expenses, refunds and corrections in several months and modes.
// RebuildMonthly recomputes the same, and CheckMonthly sees a tampered
// total.
func TestMonthlyTotalsFollowTheExpenses(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		rng := rand.New(rand.NewPCG(7, 2026))
		acme, globex := e.LoginAs("acme.admin"), e.LoginAs("globex.admin")
		jan, sophie, lena := e.UserOspID("jan.peeters"), e.UserOspID("sophie.dubois"), e.UserOspID("lena.maes")
		type owner struct{ token, user, budget string }
		owners := []owner{
			{acme, jan, newBudget(t, e, acme, "BUSINESS_BUDGET", jan, map[string]any{"unlimited": true}).OspID},
			{acme, sophie, newBudget(t, e, acme, "BUSINESS_BUDGET", sophie, map[string]any{"unlimited": true}).OspID},
			{globex, lena, newBudget(t, e, globex, "BUSINESS_BUDGET", lena, map[string]any{"unlimited": true}).OspID},
		}
		modes := []string{"BIKE", "TRAIN", "CAR", "PARKING", ""}
		days := []string{"2026-07-14", "2026-08-02", "2026-08-31", "2026-09-15", "2026-10-01", "2026-11-20"}
		type made struct{ token, osp string }
		var expenses []made
		for i := 0; i < 150; i++ {
			switch r := rng.IntN(10); {
			case r < 6 || len(expenses) == 0:
				o := owners[rng.IntN(len(owners))]
				body := map[string]any{"userOspId": o.user, "budgetOspId": o.budget, "amount": 100 + rng.IntN(20000), "vatPercentage": 21,
					"description": fmt.Sprintf("random %d", i), "date": days[rng.IntN(len(days))]}
				if m := modes[rng.IntN(len(modes))]; m != "" {
					body["mobilityMode"] = m
				}
				res := e.Post(createPath, o.token, body)
				testkit.MustStatus(t, res, 200)
				expenses = append(expenses, made{o.token, res.Map(t)["ospId"].(string)})
			case r < 8:
				x := expenses[rng.IntN(len(expenses))]
				body := map[string]any{"ospId": x.osp, "remark": "refund"}
				if rng.IntN(2) == 0 {
					body["amount"] = 1 + rng.IntN(500)
				}
				if res := e.Post(v1+"/events/refund", x.token, body); res.Status >= 500 {
					t.Fatalf("refund: %d %s", res.Status, res.Body)
				}
			default:
				x := expenses[rng.IntN(len(expenses))]
				amount := rng.IntN(3000) - 1000
				if amount == 0 {
					amount = 5
				}
				if res := e.Post(v1+"/events/correct", x.token, map[string]any{"ospId": x.osp, "amount": amount, "remark": "fix"}); res.Status >= 500 {
					t.Fatalf("correct: %d %s", res.Status, res.Body)
				}
			}
		}
		// the test's own sums over the raw rows
		var raw []struct {
			ID      int64  `db:"id"`
			Company int64  `db:"corporate_account_id"`
			User    int64  `db:"user_id"`
			Date    string `db:"expense_date"`
			Mode    string `db:"mobility_mode"`
			Net     int64  `db:"net"`
		}
		if err := e.DB.Select(ctx, &raw, `SELECT e.id, e.corporate_account_id, e.user_id, e.expense_date, e.mobility_mode,
			(SELECT -COALESCE(SUM(t.amount), 0) FROM budget_transactions t WHERE t.expense_id = e.id) AS net FROM expenses e`); err != nil {
			t.Fatal(err)
		}
		type key struct {
			company, user int64
			month, mode   string
		}
		want := map[key][2]int64{}
		for _, r := range raw {
			k := key{r.Company, r.User, r.Date[:4] + r.Date[5:7], r.Mode}
			v := want[k]
			want[k] = [2]int64{v[0] + 1, v[1] + r.Net}
		}
		if len(raw) < 60 || len(want) < 20 {
			t.Fatalf("too little happened: %d expenses in %d groups", len(raw), len(want))
		}
		got, err := e.App.Expenses.MonthlyTotals(ctx, access.SystemScope(), expense.MonthlyQuery{MonthFrom: "200001", MonthTo: "209912", ByUser: true})
		if err != nil {
			t.Fatal(err)
		}
		seen := map[key]bool{}
		for _, m := range got {
			k := key{m.CompanyID, m.UserID, m.Month, m.MobilityMode}
			seen[k] = true
			if w := want[k]; w[0] != m.Count || w[1] != m.Sum || m.Provider != "" {
				t.Errorf("%+v: kept count %d sum %d provider %q, expenses %d %d", k, m.Count, m.Sum, m.Provider, w[0], w[1])
			}
		}
		for k := range want {
			if !seen[k] {
				t.Errorf("%+v: no kept total", k)
			}
		}
		// summed per company (the dashboard's query) the totals agree too
		sum, err := e.App.Expenses.MonthlyTotals(ctx, access.SystemScope(), expense.MonthlyQuery{MonthFrom: "202608", MonthTo: "202609"})
		if err != nil {
			t.Fatal(err)
		}
		var s1, s2 int64
		for _, m := range sum {
			s1 += m.Sum
		}
		for k, w := range want {
			if k.month == "202608" || k.month == "202609" {
				s2 += w[1]
			}
		}
		if s1 != s2 {
			t.Errorf("August–September: kept %d, expenses %d", s1, s2)
		}
		if diff, err := e.App.Expenses.CheckMonthly(ctx); err != nil || len(diff) > 0 {
			t.Fatalf("check: %v %v", diff, err)
		}
		if _, err := e.DB.Exec(ctx, `UPDATE expense_monthly_totals SET expense_count = expense_count + 1 WHERE mobility_mode = 'TRAIN'`); err != nil {
			t.Fatal(err)
		}
		if diff, _ := e.App.Expenses.CheckMonthly(ctx); len(diff) == 0 {
			t.Fatal("check misses a tampered total")
		}
		if err := e.App.Expenses.RebuildMonthly(ctx); err != nil {
			t.Fatal(err)
		}
		if diff, err := e.App.Expenses.CheckMonthly(ctx); err != nil || len(diff) > 0 {
			t.Fatalf("after rebuild: %v %v", diff, err)
		}
	})
}
