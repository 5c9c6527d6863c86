package cli_test

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"mobility/portal/internal/cli"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/database"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/server"
	"mobility/portal/internal/testkit"
)

// The test binary doubles as the portal binary: with PORTAL_CLI_CHILD set
// it runs the command line in PORTAL_CLI_ARGS, so a test can start and
// kill a real `portal` process.
func TestMain(m *testing.M) {
	if os.Getenv("PORTAL_CLI_CHILD") == "1" {
		os.Exit(cli.Main(context.Background(), cli.Env{Args: append([]string{"portal"}, strings.Fields(os.Getenv("PORTAL_CLI_ARGS"))...),
			Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv}))
	}
	os.Exit(m.Run())
}

func portalProcess(t *testing.T, dsn, args string) *exec.Cmd {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), "PORTAL_CLI_CHILD=1", "PORTAL_CLI_ARGS="+args, "PORTAL_DATABASE_URL="+dsn, "PORTAL_LOG_LEVEL=error",
		"PORTAL_ARGON2_MEMORY_KIB=8192", "PORTAL_ARGON2_TIME=1")
	return cmd
}

// A monthly run killed part-way (a real process, SIGKILL) and run again
// leaves every budget credited exactly once.
func TestTopUpRunKilledPartWayCreditsOnce(t *testing.T) {
	const n = 12000
	for _, d := range testkit.Dialects() {
		t.Run(string(d), func(t *testing.T) {
			ctx := context.Background()
			dsn := testkit.DSN(t, d)
			db, err := database.Open(ctx, dsn)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			if err := db.Migrate(ctx); err != nil {
				t.Fatal(err)
			}
			created := time.Date(2026, 11, 15, 10, 0, 0, 0, clock.Brussels)
			app, err := server.New(testkit.TestConfig(), db, clock.NewFixed(created))
			if err != nil {
				t.Fatal(err)
			}
			if err := seed.Demo(ctx, seed.Deps{DB: db, Users: app.Users, Auth: app.Auth, Now: created}); err != nil {
				t.Fatal(err)
			}
			if err := seed.Users(ctx, db, seed.AcmeOspID, n, created); err != nil {
				t.Fatal(err)
			}
			if _, err := seed.Budgets(ctx, db, seed.AcmeOspID, created.AddDate(0, 1, 0)); err != nil {
				t.Fatal(err)
			}
			runs := func() int {
				var c int
				_ = db.Get(ctx, &c, `SELECT COUNT(*) FROM budgets WHERE period_key = '2026-12'`)
				return c
			}
			cmd := portalProcess(t, dsn, "jobs run --at 2026-12-01")
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			// kill it once some batches, but not all, are committed
			deadline := time.Now().Add(60 * time.Second)
			for runs() == 0 && time.Now().Before(deadline) {
				time.Sleep(2 * time.Millisecond)
			}
			_ = cmd.Process.Signal(syscall.SIGKILL)
			_ = cmd.Wait()
			part := runs()
			if part == 0 || part >= n {
				t.Fatalf("the kill did not land part-way: %d of %d budgets run", part, n)
			}
			// the day's job is recorded as running; a plain run leaves it,
			// the operator's --force runs it again
			out, err := portalProcess(t, dsn, "jobs run --at 2026-12-01").CombinedOutput()
			if err != nil || !strings.Contains(string(out), "budget-periods: skipped") {
				t.Fatalf("plain rerun: %v %s", err, out)
			}
			out, err = portalProcess(t, dsn, "jobs run --at 2026-12-01 --force").CombinedOutput()
			if err != nil || !strings.Contains(string(out), "budget-periods: done") {
				t.Fatalf("forced rerun: %v %s", err, out)
			}
			// and once more: nothing left to do
			out, _ = portalProcess(t, dsn, "jobs run --at 2026-12-01 --force").CombinedOutput()
			if !strings.Contains(string(out), "budget-periods: done 0 credited") {
				t.Fatalf("third run: %s", out)
			}
			var stats struct {
				Budgets int   `db:"budgets"`
				Credits int   `db:"credits"`
				Total   int64 `db:"total"`
				MaxBal  int64 `db:"max_bal"`
				MinBal  int64 `db:"min_bal"`
			}
			if err := db.Get(ctx, &stats, `SELECT COUNT(*) AS budgets, (SELECT COUNT(*) FROM budget_transactions WHERE period_key = '2026-12') AS credits,
				COALESCE(SUM(balance), 0) AS total, MAX(balance) AS max_bal, MIN(balance) AS min_bal FROM budgets`); err != nil {
				t.Fatal(err)
			}
			// every app user of Acme (the generated ones and the demo's two)
			if stats.Budgets < n || stats.Credits != stats.Budgets || stats.Total != int64(stats.Budgets)*5000 || stats.MaxBal != 5000 || stats.MinBal != 5000 {
				t.Fatalf("after kill and rerun: %+v (killed at %d)", stats, part)
			}
			t.Logf("killed after %d of %d budgets", part, stats.Budgets)
		})
	}
}
