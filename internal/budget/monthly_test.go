package budget_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"testing"

	"mobility/portal/internal/access"
	"mobility/portal/internal/budget"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

const v1 = "/portal-service/v1"

// The monthly totals budget keeps with the ledger equal a computation of
// the test's own over the raw ledger rows, after many random operations
// over several months: manual amounts, bank transfers, scheduled top-ups
// and resets. RebuildMonthly recomputes the same, and CheckMonthly sees a
// tampered total.
func TestMonthlyTotalsFollowTheLedger(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		rng := rand.New(rand.NewPCG(10, 2026))
		e.Clock.Set(at("2026-09-03"))
		acme, globex, osp := e.LoginAs("acme.admin"), e.LoginAs("globex.admin"), e.LoginAs("ospadmin")
		jan, sophie, lena := e.UserOspID("jan.peeters"), e.UserOspID("sophie.dubois"), e.UserOspID("lena.maes")
		tokens := map[string]*string{"acme": &acme, "globex": &globex, "osp": &osp}
		relogin := func() {
			acme, globex, osp = e.LoginAs("acme.admin"), e.LoginAs("globex.admin"), e.LoginAs("ospadmin")
		}
		type owned struct{ token, osp string }
		var budgets []owned
		add := func(token, typ, owner string, data map[string]any) {
			who := "acme"
			if token == globex {
				who = "globex"
			}
			budgets = append(budgets, owned{who, create(t, e, token, typ, owner, data).OspID})
		}
		add(acme, "BUSINESS_BUDGET", jan, map[string]any{"frequency": "MONTH", "transferStrategy": "MONTH_RESET", "frequencyAmount": 5000, "equalToRecurring": true})
		add(acme, "COMMUTING_BUDGET", sophie, map[string]any{"frequency": "MONTH", "transferStrategy": "MONTH_ADD", "frequencyAmount": 4000})
		add(acme, "CAFETERIA_BUDGET", jan, map[string]any{"frequencyAmount": 120000})
		add(globex, "BUSINESS_BUDGET", lena, map[string]any{"unlimited": true, "frequency": "", "startAmount": 50000})
		for _, c := range []string{seed.AcmeOspID, seed.GlobexOspID} {
			if res := e.Post(v1+"/budget/COMPANY_BUDGET/create", osp, map[string]any{"ownerOspId": c, "data": map[string]any{}}); res.Status >= 500 {
				t.Fatalf("company budget: %d %s", res.Status, res.Body)
			}
		}
		day := at("2026-09-03")
		for i := 0; i < 160; i++ {
			switch rng.IntN(10) {
			case 0, 1, 2, 3, 4, 5:
				b := budgets[rng.IntN(len(budgets))]
				amount := rng.IntN(20000) - 8000
				if amount == 0 {
					amount = 1
				}
				res := e.Post(v1+"/budget/transaction/addForUser", *tokens[b.token], map[string]any{"budgetOspId": b.osp, "amount": amount,
					"description": fmt.Sprintf("random %d", i)})
				if res.Status >= 500 {
					t.Fatalf("addForUser: %d %s", res.Status, res.Body)
				}
			case 6, 7:
				c := []string{seed.AcmeOspID, seed.GlobexOspID}[rng.IntN(2)]
				res := e.Post(v1+"/budget/transaction/addForCorporateAccount", osp, map[string]any{
					"corporateAccountOspId": c, "amount": 1 + rng.IntN(90000), "description": "bank transfer"})
				if res.Status >= 500 || (c == seed.AcmeOspID && res.Status != http.StatusOK) {
					t.Fatalf("bank transfer to %s: %d %s", c, res.Status, res.Body)
				}
			default:
				// days pass; the scheduled runs book top-ups and resets
				day = day.AddDate(0, 0, 1+rng.IntN(12))
				e.Clock.Set(day)
				if _, err := e.App.Budgets.RunPeriods(ctx, day.Format("2006-01-02")); err != nil {
					t.Fatal(err)
				}
				relogin()
			}
		}
		// the test's own sums over the raw rows
		var raw []struct {
			Company int64  `db:"corporate_account_id"`
			User    *int64 `db:"user_id"`
			Date    string `db:"booking_date"`
			Type    string `db:"tx_type"`
			Amount  int64  `db:"amount"`
		}
		if err := e.DB.Select(ctx, &raw, `SELECT b.corporate_account_id, b.user_id, t.booking_date, t.tx_type, t.amount
			FROM budget_transactions t JOIN budgets b ON b.id = t.budget_id`); err != nil {
			t.Fatal(err)
		}
		type key struct {
			company, user int64
			month, typ    string
		}
		want := map[key][2]int64{}
		months := map[string]bool{}
		for _, r := range raw {
			u := int64(0)
			if r.User != nil {
				u = *r.User
			}
			k := key{r.Company, u, r.Date[:4] + r.Date[5:7], r.Type}
			v := want[k]
			want[k] = [2]int64{v[0] + 1, v[1] + r.Amount}
			months[k.month] = true
		}
		if len(raw) < 100 || len(months) < 3 {
			t.Fatalf("too little happened: %d rows over %d months", len(raw), len(months))
		}
		got, err := e.App.Budgets.MonthlyTotals(ctx, access.SystemScope(), budget.MonthlyQuery{MonthFrom: "200001", MonthTo: "209912", ByUser: true})
		if err != nil {
			t.Fatal(err)
		}
		seen := map[key]bool{}
		for _, m := range got {
			k := key{m.CompanyID, m.UserID, m.Month, m.TxType}
			seen[k] = true
			if w := want[k]; w[0] != m.Count || w[1] != m.Sum {
				t.Errorf("%+v: kept count %d sum %d, ledger %d %d", k, m.Count, m.Sum, w[0], w[1])
			}
		}
		for k := range want {
			if !seen[k] {
				t.Errorf("%+v: no kept total", k)
			}
		}
		if diff, err := e.App.Budgets.CheckMonthly(ctx); err != nil || len(diff) > 0 {
			t.Fatalf("check: %v %v", diff, err)
		}
		// a tampered total is seen, and a rebuild repairs it
		if _, err := e.DB.Exec(ctx, `UPDATE budget_monthly_totals SET amount_sum = amount_sum + 1 WHERE tx_type = 'manual_update'`); err != nil {
			t.Fatal(err)
		}
		if diff, _ := e.App.Budgets.CheckMonthly(ctx); len(diff) == 0 {
			t.Fatal("check misses a tampered total")
		}
		if err := e.App.Budgets.RebuildMonthly(ctx); err != nil {
			t.Fatal(err)
		}
		if diff, err := e.App.Budgets.CheckMonthly(ctx); err != nil || len(diff) > 0 {
			t.Fatalf("after rebuild: %v %v", diff, err)
		}
	})
}

// The bulk generator of the benchmarks keeps the totals too.
func TestBulkLedgerRowsKeepTheTotals(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		acme := e.LoginAs("acme.admin")
		b := create(t, e, acme, "BUSINESS_BUDGET", e.UserOspID("jan.peeters"), map[string]any{"unlimited": true})
		var id int64
		if err := e.DB.Get(ctx, &id, `SELECT id FROM budgets WHERE osp_id = ?`, b.OspID); err != nil {
			t.Fatal(err)
		}
		for _, n := range []int{7, 4} {
			if err := seed.Transactions(ctx, e.DB, id, n, e.Clock.Now()); err != nil {
				t.Fatal(err)
			}
		}
		if diff, err := e.App.Budgets.CheckMonthly(ctx); err != nil || len(diff) > 0 {
			t.Fatalf("check: %v %v", diff, err)
		}
	})
}
