package cli_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/budget"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/database"
	"mobility/portal/internal/server"
	"mobility/portal/internal/testkit"
)

// `portal ledger verify` passes a sound ledger and reports, by budget, one
// that was tampered with by hand (its append-only triggers dropped first,
// since the schema refuses the edits otherwise).
func TestLedgerVerifyFindsTampering(t *testing.T) {
	for _, d := range testkit.Dialects() {
		t.Run(string(d), func(t *testing.T) {
			ctx := context.Background()
			env := map[string]string{"PORTAL_DATABASE_URL": testkit.DSN(t, d), "PORTAL_ARGON2_MEMORY_KIB": "8192", "PORTAL_ARGON2_TIME": "1", "PORTAL_LOG_LEVEL": "error"}
			if code, _, errOut := run(t, env, "seed", "--demo", "--base"); code != 0 {
				t.Fatalf("seed: %s", errOut)
			}
			db, err := database.Open(ctx, env["PORTAL_DATABASE_URL"])
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			app, err := server.New(testkit.TestConfig(), db, clock.NewFixed(time.Date(2026, 11, 21, 10, 0, 0, 0, clock.Brussels)))
			if err != nil {
				t.Fatal(err)
			}
			// three budgets with a few rows each, booked the proper way
			var ids []int64
			for i, login := range []string{"jan.peeters", "sophie.dubois", "lena.maes"} {
				id, err := db.Insert(ctx, `INSERT INTO budgets (osp_id, corporate_account_id, user_id, budget_type, frequency_method,
					start_activation_time, created_at, updated_at) SELECT ?, corporate_account_id, id, 'CAFETERIA_BUDGET', 'MANUAL', ?, ?, ?
					FROM users WHERE login = ? RETURNING id`, []string{"b-jan", "b-sophie", "b-lena"}[i], time.Now(), time.Now(), time.Now(), login)
				if err != nil {
					t.Fatal(err)
				}
				ids = append(ids, id)
				for _, amount := range []int64{10000, -2500, 400, -900} {
					if _, _, err := app.Budgets.Post(ctx, access.SystemScope(), id, budget.Entry{Type: budget.TxManualUpdate, Amount: amount}); err != nil {
						t.Fatal(err)
					}
				}
			}
			if code, out, errOut := run(t, env, "ledger", "verify"); code != 0 || !strings.Contains(out, "3 budgets, 12 transactions checked") ||
				!strings.Contains(out, "0 budgets wrong") {
				t.Fatalf("sound ledger: %d %s %s", code, out, errOut)
			}
			// the schema refuses edits and deletions of ledger rows
			if _, err := db.Exec(ctx, `UPDATE budget_transactions SET amount = amount + 1 WHERE budget_id = ?`, ids[0]); err == nil {
				t.Fatal("UPDATE of the ledger accepted")
			}
			if _, err := db.Exec(ctx, `DELETE FROM budget_transactions WHERE budget_id = ?`, ids[0]); err == nil {
				t.Fatal("DELETE from the ledger accepted")
			}
			// tamper by hand: drop the triggers, change a row of b-jan, delete
			// a row of b-sophie, and move b-lena's cached balance
			drops := []string{`DROP TRIGGER budget_transactions_no_update`, `DROP TRIGGER budget_transactions_no_delete`}
			if d == database.Postgres {
				drops = []string{`DROP TRIGGER budget_transactions_no_update_delete ON budget_transactions`}
			}
			for _, q := range drops {
				if _, err := db.Exec(ctx, q); err != nil {
					t.Fatal(err)
				}
			}
			for _, q := range []string{
				`UPDATE budget_transactions SET amount = 4000 WHERE id = (SELECT MIN(id) FROM budget_transactions WHERE budget_id = ? AND amount = 400)`,
				`DELETE FROM budget_transactions WHERE id = (SELECT MIN(id) FROM budget_transactions WHERE budget_id = ? AND amount = -2500)`,
				`UPDATE budgets SET balance = balance + 1 WHERE id = ?`,
			} {
				if _, err := db.Exec(ctx, q, ids[0]); err != nil {
					t.Fatal(err)
				}
				ids = append(ids[1:], ids[0])
			}
			code, out, errOut := run(t, env, "ledger", "verify")
			if code == 0 || !strings.Contains(errOut, "3 budgets do not match their ledger") || !strings.Contains(out, "3 budgets wrong") {
				t.Fatalf("tampered ledger: %d %s %s", code, out, errOut)
			}
			for _, want := range []string{
				"budget b-jan", "balance 7000 but its transactions sum to 10600", "has balance_after 7900, but the transactions up to it sum to 11500",
				"budget b-sophie", "balance 7000 but its transactions sum to 9500", "has balance_after 7900, but the transactions up to it sum to 10400",
				"budget b-lena", "balance 7001 but its transactions sum to 7000",
			} {
				if !strings.Contains(out, want) {
					t.Errorf("report lacks %q:\n%s", want, out)
				}
			}
			// SQLite: even with the triggers gone, the ledger's CHECKs keep a REAL
			// out of its money columns
			if d == database.SQLite {
				if _, err := db.Exec(ctx, `UPDATE budget_transactions SET amount = 1.5 WHERE id = (SELECT MAX(id) FROM budget_transactions)`); err == nil {
					t.Fatal("a REAL amount was stored")
				}
			}
			// the daily job says the same at error level, without failing
			results, err := app.JobRunner().RunDay(ctx, "2026-11-21")
			if err != nil {
				t.Fatal(err)
			}
			found := false
			for _, r := range results {
				if r.Job == "ledger-verify" {
					found = r.Status == "done" && strings.Contains(r.Detail, "3 budgets wrong")
				}
			}
			if !found {
				t.Fatalf("ledger-verify job: %+v", results)
			}
		})
	}
}
