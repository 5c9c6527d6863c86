package budget_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"mobility/portal/internal/budget"
	"mobility/portal/internal/database"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

// topUpCase is one budget of TestPeriodRunOverVariedBudgets: how it is
// set up, and the ledger rows each run must book, worked out by hand from
// the period rules (period.go), as "type amount balance_after period".
type topUpCase struct {
	name                             string
	typ, freq, strategy, yearEnd     string
	status                           string
	amount, balance                  int64
	upper, pending                   *int64
	lastPeriod                       string // a recorded period ("": none)
	jan, feb                         []string
	balanceAfterJan, balanceAfterFeb int64
}

func ptr(v int64) *int64 { return &v }

// The scheduled runs of 1 January and 1 February 2027 over budgets of
// every kind the rules tell apart: capped, unlimited, negative, above the
// cap, each strategy and frequency, the mobility budget's legal reset,
// deactivated, ended (STOP), a change pending, periods to catch up, and
// balances at the money maximum (booked up to it, refused past it). The
// ledger rows, balances and counts are exactly what the rules give, a
// re-run books nothing, and the monthly totals follow the ledger.
func TestPeriodRunOverVariedBudgets(t *testing.T) {
	const max = budget.MaxBalance
	cases := []topUpCase{
		{name: "add unlimited", typ: "BUSINESS_BUDGET", freq: "MONTH", strategy: "MONTH_ADD", amount: 500, balance: 1000,
			jan: []string{"automatic_update_add 500 1500 2027-01"}, feb: []string{"automatic_update_add 500 2000 2027-02"}, balanceAfterJan: 1500, balanceAfterFeb: 2000},
		{name: "add capped", typ: "BUSINESS_BUDGET", freq: "MONTH", strategy: "MONTH_ADD", amount: 500, balance: 1000, upper: ptr(1200),
			jan: []string{"automatic_update_add 200 1200 2027-01"}, balanceAfterJan: 1200, balanceAfterFeb: 1200},
		{name: "above the cap", typ: "COMMUTING_BUDGET", freq: "MONTH", strategy: "MONTH_ADD", amount: 500, balance: 1500, upper: ptr(1000),
			balanceAfterJan: 1500, balanceAfterFeb: 1500},
		{name: "monthly reset", typ: "BUSINESS_BUDGET", freq: "MONTH", strategy: "MONTH_RESET", amount: 500, balance: 700,
			jan: []string{"automatic_update_reset -700 0 2027-01", "automatic_update_add 500 500 2027-01"},
			feb: []string{"automatic_update_reset -500 0 2027-02", "automatic_update_add 500 500 2027-02"}, balanceAfterJan: 500, balanceAfterFeb: 500},
		{name: "monthly reset of a debt", typ: "BUSINESS_BUDGET", freq: "MONTH", strategy: "MONTH_RESET", amount: 500, balance: -300,
			jan: []string{"automatic_update_add 500 200 2027-01"}, feb: []string{"automatic_update_reset -200 0 2027-02", "automatic_update_add 500 500 2027-02"},
			balanceAfterJan: 200, balanceAfterFeb: 500},
		{name: "monthly add, yearly reset", typ: "COMMUTING_BUDGET", freq: "MONTH", strategy: "MONTH_ADD_MONTHLY_RESET_YEARLY", amount: 100, balance: 300,
			jan: []string{"automatic_update_reset -300 0 2027-01", "automatic_update_add 100 100 2027-01"}, feb: []string{"automatic_update_add 100 200 2027-02"},
			balanceAfterJan: 100, balanceAfterFeb: 200},
		{name: "yearly add", typ: "CAFETERIA_BUDGET", freq: "YEAR", strategy: "YEAR_ADD", amount: 10000, balance: 50,
			jan: []string{"automatic_update_add 10000 10050 2027"}, balanceAfterJan: 10050, balanceAfterFeb: 10050},
		{name: "yearly reset capped", typ: "COMMUTING_BUDGET", freq: "YEAR", strategy: "YEAR_RESET", amount: 10000, balance: 50, upper: ptr(8000),
			jan: []string{"automatic_update_reset -50 0 2027", "automatic_update_add 8000 8000 2027"}, balanceAfterJan: 8000, balanceAfterFeb: 8000},
		{name: "mobility legal reset", typ: "MOBILITY_BUDGET", freq: "MONTH", strategy: "MONTH_ADD", amount: 200, balance: 900,
			jan: []string{"automatic_update_reset -900 0 2027-01", "automatic_update_add 200 200 2027-01"}, feb: []string{"automatic_update_add 200 400 2027-02"},
			balanceAfterJan: 200, balanceAfterFeb: 400},
		{name: "deactivated", typ: "BUSINESS_BUDGET", freq: "MONTH", strategy: "MONTH_ADD", status: "DEACTIVATED", amount: 500, balance: 100,
			balanceAfterJan: 100, balanceAfterFeb: 100},
		{name: "deactivated mobility", typ: "MOBILITY_BUDGET", freq: "MONTH", strategy: "MONTH_ADD", status: "DEACTIVATED", amount: 500, balance: 100,
			jan: []string{"automatic_update_reset -100 0 2027-01"}, balanceAfterJan: 0, balanceAfterFeb: 0},
		{name: "ended (STOP)", typ: "BUSINESS_BUDGET", freq: "MONTH", strategy: "MONTH_ADD", yearEnd: "STOP", amount: 500, balance: 10,
			balanceAfterJan: 10, balanceAfterFeb: 10},
		{name: "change pending", typ: "BUSINESS_BUDGET", freq: "MONTH", strategy: "MONTH_ADD", amount: 500, pending: ptr(800),
			jan: []string{"automatic_update_add 800 800 2027-01"}, feb: []string{"automatic_update_add 800 1600 2027-02"}, balanceAfterJan: 800, balanceAfterFeb: 1600},
		{name: "catch-up", typ: "BUSINESS_BUDGET", freq: "MONTH", strategy: "MONTH_ADD", amount: 100, lastPeriod: "2026-10",
			jan: []string{"automatic_update_add 100 100 2026-11", "automatic_update_add 100 200 2026-12", "automatic_update_add 100 300 2027-01"},
			feb: []string{"automatic_update_add 100 400 2027-02"}, balanceAfterJan: 300, balanceAfterFeb: 400},
		{name: "up to the maximum", typ: "BUSINESS_BUDGET", freq: "MONTH", strategy: "MONTH_ADD", amount: 500, balance: max - 500,
			jan: []string{fmt.Sprintf("automatic_update_add 500 %d 2027-01", max)}, balanceAfterJan: max, balanceAfterFeb: max},
		{name: "past the maximum", typ: "BUSINESS_BUDGET", freq: "MONTH", strategy: "MONTH_ADD", amount: 500, balance: max - 100,
			balanceAfterJan: max - 100, balanceAfterFeb: max - 100},
		{name: "at minus the maximum", typ: "BUSINESS_BUDGET", freq: "MONTH", strategy: "MONTH_RESET", amount: 500, balance: -max,
			jan: []string{fmt.Sprintf("automatic_update_add 500 %d 2027-01", -max+500)}, feb: []string{fmt.Sprintf("automatic_update_add 500 %d 2027-02", -max+1000)},
			balanceAfterJan: -max + 500, balanceAfterFeb: -max + 1000},
	}
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		created := database.Now(at("2026-12-10"))
		// the demo's own budgets stay out of the counts
		if _, err := e.DB.Exec(ctx, `UPDATE budgets SET frequency = NULL`); err != nil {
			t.Fatal(err)
		}
		if err := seed.Users(ctx, e.DB, seed.AcmeOspID, len(cases), created); err != nil {
			t.Fatal(err)
		}
		var company int64
		if err := e.DB.Get(ctx, &company, `SELECT id FROM corporate_accounts WHERE osp_id = ?`, seed.AcmeOspID); err != nil {
			t.Fatal(err)
		}
		var users []int64
		if err := e.DB.Select(ctx, &users, `SELECT u.id FROM users u WHERE u.corporate_account_id = ? AND u.user_type = 'mobile'
			AND NOT EXISTS (SELECT 1 FROM budgets b WHERE b.user_id = u.id) ORDER BY u.id`, company); err != nil || len(users) < len(cases) {
			t.Fatalf("users: %d %v", len(users), err)
		}
		ids := make([]int64, len(cases))
		err := e.DB.WithTx(ctx, func(ctx context.Context) error {
			for i, c := range cases {
				status, yearEnd := "ACTIVE", "CONTINUE"
				if c.status != "" {
					status = c.status
				}
				if c.yearEnd != "" {
					yearEnd = c.yearEnd
				}
				if err := e.DB.Get(ctx, &ids[i], `INSERT INTO budgets (osp_id, corporate_account_id, user_id, budget_type, payment_type, frequency,
					frequency_method, frequency_amount, pending_frequency_amount, budget_upper_limit, frequency_amount_update_strategy,
					end_of_year_recurrence_strategy, transfer_strategy, limited, vat_included, activation_status, start_activation_time,
					balance, created_at, updated_at)
					VALUES (?, ?, ?, ?, 'COMPANY_BUDGET', ?, 'AUTOMATIC', ?, ?, ?, 'NEXT_PERIOD', ?, ?, ?, TRUE, ?, ?, ?, ?, ?) RETURNING id`,
					uuid.NewString(), company, users[i], c.typ, c.freq, c.amount, c.pending, c.upper, yearEnd, c.strategy, c.upper != nil,
					status, created, c.balance, created, created); err != nil {
					return fmt.Errorf("%s: %w", c.name, err)
				}
				if c.balance != 0 { // the opening balance is a ledger row too
					if _, err := e.DB.Exec(ctx, `INSERT INTO budget_transactions (osp_id, budget_id, tx_type, amount, balance_after, description,
						booking_date, created_at) VALUES (?, ?, 'manual_update', ?, ?, 'opening', '2026-12-10', ?)`,
						uuid.NewString(), ids[i], c.balance, c.balance, created); err != nil {
						return err
					}
				}
				last := c.lastPeriod
				if last == "" && c.freq == "MONTH" {
					last = "2026-12" // created in December: its start stands for it
				}
				if last == "" {
					last = "2026"
				}
				if _, err := e.DB.Exec(ctx, `UPDATE budgets SET period_key = ? WHERE id = ?`, last, ids[i]); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if err := e.App.Budgets.RebuildMonthly(ctx); err != nil {
			t.Fatal(err)
		}
		run := func(day string, want budget.RunResult, rows func(topUpCase) []string, bal func(topUpCase) int64) {
			t.Helper()
			now := at(day)
			e.Clock.Set(now)
			var before []int64
			for _, id := range ids {
				var n int64
				_ = e.DB.Get(ctx, &n, `SELECT COALESCE(MAX(id), 0) FROM budget_transactions WHERE budget_id = ?`, id)
				before = append(before, n)
			}
			got, err := e.App.Budgets.RunPeriods(ctx, day)
			if err != nil || got != want {
				t.Fatalf("%s: %+v %v, want %+v", day, got, err, want)
			}
			for i, c := range cases {
				var txs []struct {
					Type         string    `db:"tx_type"`
					Amount       int64     `db:"amount"`
					BalanceAfter int64     `db:"balance_after"`
					Description  string    `db:"description"`
					Period       *string   `db:"period_key"`
					BookingDate  string    `db:"booking_date"`
					CreatedAt    time.Time `db:"created_at"`
					CreatedBy    *int64    `db:"created_by"`
					ExpenseID    *int64    `db:"expense_id"`
					OspID        string    `db:"osp_id"`
				}
				if err := e.DB.Select(ctx, &txs, `SELECT tx_type, amount, balance_after, description, period_key, booking_date, created_at,
					created_by, expense_id, osp_id FROM budget_transactions WHERE budget_id = ? AND id > ? ORDER BY id`, ids[i], before[i]); err != nil {
					t.Fatal(err)
				}
				var gotRows []string
				for _, tx := range txs {
					p := ""
					if tx.Period != nil {
						p = *tx.Period
					}
					gotRows = append(gotRows, fmt.Sprintf("%s %d %d %s", tx.Type, tx.Amount, tx.BalanceAfter, p))
					if tx.Description != "period "+p || tx.BookingDate != day || !tx.CreatedAt.Equal(database.Now(now)) || tx.CreatedBy != nil || tx.ExpenseID != nil {
						t.Errorf("%s on %s: row %+v", c.name, day, tx)
					}
					if u, err := uuid.Parse(tx.OspID); err != nil || u.Version() != 7 || u.String() != tx.OspID {
						t.Errorf("%s on %s: osp id %q is not a UUIDv7 (%v)", c.name, day, tx.OspID, err)
					}
				}
				if fmt.Sprint(gotRows) != fmt.Sprint(rows(c)) {
					t.Errorf("%s on %s: rows %q, want %q", c.name, day, gotRows, rows(c))
				}
				var b int64
				_ = e.DB.Get(ctx, &b, `SELECT balance FROM budgets WHERE id = ?`, ids[i])
				if b != bal(c) {
					t.Errorf("%s on %s: balance %d, want %d", c.name, day, b, bal(c))
				}
			}
			assertLedgerConsistent(t, e)
			if diff, err := e.App.Budgets.CheckMonthly(ctx); err != nil || len(diff) != 0 {
				t.Errorf("%s: monthly totals differ from the ledger: %v %v", day, diff, err)
			}
			// a re-run (or a second process after this one) books nothing
			if again, err := e.App.Budgets.RunPeriods(ctx, day); err != nil || again != (budget.RunResult{}) {
				t.Errorf("%s again: %+v %v", day, again, err)
			}
		}
		// January: 11 budgets credited once, the catch-up three times; 5
		// forfeits; skipped: the deactivated one, the ended one and the
		// one whose balance would pass the maximum
		run("2027-01-01", budget.RunResult{Credited: 14, Reset: 5, Skipped: 3},
			func(c topUpCase) []string { return c.jan }, func(c topUpCase) int64 { return c.balanceAfterJan })
		// February (monthly budgets only): 8 credited, 2 forfeits; skipped:
		// both deactivated ones (no legal reset outside January), the ended
		// one, and both at or near the maximum
		run("2027-02-01", budget.RunResult{Credited: 8, Reset: 2, Skipped: 5},
			func(c topUpCase) []string { return c.feb }, func(c topUpCase) int64 { return c.balanceAfterFeb })
		var pending *int64
		var amount int64
		for i, c := range cases {
			if c.pending != nil {
				_ = e.DB.Get(ctx, &amount, `SELECT frequency_amount FROM budgets WHERE id = ?`, ids[i])
				_ = e.DB.Get(ctx, &pending, `SELECT pending_frequency_amount FROM budgets WHERE id = ?`, ids[i])
				if amount != *c.pending || pending != nil {
					t.Errorf("%s: amount %d, pending %v after the run", c.name, amount, pending)
				}
			}
		}
	})
}

// Four processes' runs of the same day at once over 2,500 budgets (three
// batches each): every budget is credited exactly once, the counts of the
// runs add up to one run's, and the ledger and monthly totals agree.
func TestConcurrentPeriodRunsCreditOnce(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		if _, err := e.DB.Exec(ctx, `UPDATE budgets SET frequency = NULL`); err != nil { // the demo's budgets stay out
			t.Fatal(err)
		}
		if err := seed.Users(ctx, e.DB, seed.AcmeOspID, 2500, e.Clock.Now()); err != nil {
			t.Fatal(err)
		}
		n, err := seed.Budgets(ctx, e.DB, seed.AcmeOspID, e.Clock.Now()) // the new users' and the demo's users without one
		if err != nil || n < 2500 {
			t.Fatal(n, err)
		}
		e.Clock.Set(at("2026-12-01"))
		var total budget.RunResult
		var mu sync.Mutex
		var wg sync.WaitGroup
		for i := 0; i < 4; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				res, err := e.App.Budgets.RunPeriods(ctx, "2026-12-01")
				if err != nil {
					t.Error(err)
				}
				mu.Lock()
				total.Credited += res.Credited
				total.Reset += res.Reset
				total.Skipped += res.Skipped
				mu.Unlock()
			}()
		}
		wg.Wait()
		if total != (budget.RunResult{Credited: n}) {
			t.Fatalf("runs: %+v, want %d credited in all", total, n)
		}
		if c := count(t, e, `SELECT COUNT(*) FROM budget_transactions WHERE tx_type = 'automatic_update_add' AND period_key = '2026-12'`); c != n {
			t.Fatalf("%d top-ups, want %d", c, n)
		}
		if c := count(t, e, `SELECT COUNT(*) FROM budgets WHERE frequency = 'MONTH' AND balance <> 5000`); c != 0 {
			t.Fatalf("%d budgets not credited exactly once", c)
		}
		assertLedgerConsistent(t, e)
		if diff, err := e.App.Budgets.CheckMonthly(ctx); err != nil || len(diff) != 0 {
			t.Errorf("monthly totals differ from the ledger: %v %v", diff, err)
		}
	})
}

// One user with three monthly budgets, all plain, run in one batch: two
// credited (a business and a commuting budget), one reset and credited.
// Their ledger rows share the user's monthly rows (one per type), which
// the run must add up within its one statement: the user's top-up row
// counts the three credits and their sum, the forfeit row the one reset,
// and the company's rollup rows the same.
func TestPeriodRunAddsAUsersBudgetsIntoOneMonthlyRow(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		created := database.Now(at("2026-12-10"))
		if _, err := e.DB.Exec(ctx, `UPDATE budgets SET frequency = NULL`); err != nil { // the demo's own budgets stay out
			t.Fatal(err)
		}
		if err := seed.Users(ctx, e.DB, seed.AcmeOspID, 1, created); err != nil {
			t.Fatal(err)
		}
		var company, user int64
		if err := e.DB.Get(ctx, &company, `SELECT id FROM corporate_accounts WHERE osp_id = ?`, seed.AcmeOspID); err != nil {
			t.Fatal(err)
		}
		if err := e.DB.Get(ctx, &user, `SELECT MAX(id) FROM users WHERE corporate_account_id = ?`, company); err != nil {
			t.Fatal(err)
		}
		for _, b := range []struct {
			typ, strategy   string
			amount, balance int64
		}{{"BUSINESS_BUDGET", "MONTH_ADD", 500, 0}, {"COMMUTING_BUDGET", "MONTH_ADD", 300, 0}, {"CAFETERIA_BUDGET", "MONTH_RESET", 200, 150}} {
			if _, err := e.DB.Exec(ctx, `INSERT INTO budgets (osp_id, corporate_account_id, user_id, budget_type, payment_type, frequency,
				frequency_method, frequency_amount, frequency_amount_update_strategy, end_of_year_recurrence_strategy, transfer_strategy, limited,
				vat_included, activation_status, start_activation_time, balance, period_key, created_at, updated_at)
				VALUES (?, ?, ?, ?, 'COMPANY_BUDGET', 'MONTH', 'AUTOMATIC', ?, 'NEXT_PERIOD', 'CONTINUE', ?, FALSE, TRUE, 'ACTIVE', ?, ?, '2026-12', ?, ?)`,
				uuid.NewString(), company, user, b.typ, b.amount, b.strategy, created, b.balance, created, created); err != nil {
				t.Fatal(err)
			}
			if b.balance != 0 {
				if _, err := e.DB.Exec(ctx, `INSERT INTO budget_transactions (osp_id, budget_id, tx_type, amount, balance_after, description,
					booking_date, created_at) SELECT ?, id, 'manual_update', ?, ?, 'opening', '2026-12-10', ? FROM budgets WHERE user_id = ? AND budget_type = ?`,
					uuid.NewString(), b.balance, b.balance, created, user, b.typ); err != nil {
					t.Fatal(err)
				}
			}
		}
		if err := e.App.Budgets.RebuildMonthly(ctx); err != nil {
			t.Fatal(err)
		}
		e.Clock.Set(at("2027-01-01"))
		if got, err := e.App.Budgets.RunPeriods(ctx, "2027-01-01"); err != nil || got != (budget.RunResult{Credited: 3, Reset: 1}) {
			t.Fatalf("run: %+v %v", got, err)
		}
		var rows []string
		if err := e.DB.Select(ctx, &rows, `SELECT user_id || ' ' || tx_type || ' ' || tx_count || ' ' || amount_sum FROM budget_monthly_totals
			WHERE corporate_account_id = ? AND month = '202701' AND user_id IN (?, -1) ORDER BY user_id DESC, tx_type`, company, user); err != nil {
			t.Fatal(err)
		}
		want := []string{
			fmt.Sprintf("%d automatic_update_add 3 1000", user), fmt.Sprintf("%d automatic_update_reset 1 -150", user),
			"-1 automatic_update_add 3 1000", "-1 automatic_update_reset 1 -150",
		}
		if fmt.Sprint(rows) != fmt.Sprint(want) {
			t.Fatalf("monthly rows %q, want %q", rows, want)
		}
		if diff, err := e.App.Budgets.CheckMonthly(ctx); err != nil || len(diff) != 0 {
			t.Fatalf("monthly totals differ from the ledger: %v %v", diff, err)
		}
	})
}
