package deactivation_test

import (
	"context"
	"fmt"
	"os"
	"slices"
	"testing"
	"time"

	"mobility/portal/internal/database"
	"mobility/portal/internal/testkit"
)

// benchUsers is how many users the partner benchmark spreads over its 200
// companies (BENCH_DEACTIVATION_USERS; default 100,000).
func benchUsers() int {
	n := 100000
	if v := os.Getenv("BENCH_DEACTIVATION_USERS"); v != "" {
		fmt.Sscan(v, &n)
	}
	return n
}

// BenchmarkPartnerDeactivation200Companies: partner/deactivate over 200
// companies holding 100,000 users (one admin each, the rest app users
// with a budget), on SQLite, until the run is DONE (aim: under 10 s).
// Each iteration starts from the active partner again (reset untimed);
// the median of the iterations is reported as median-s. Setting up the
// 100,000 users takes about 20 s per benchmark run.
func BenchmarkPartnerDeactivation200Companies(b *testing.B) {
	const companies = 200
	e := testkit.NewEnv(b, database.SQLite)
	e.Clock.Set(at("2026-11-24"))
	perCompany := benchUsers()/companies - 1
	setup := time.Now()
	osp, _ := bigPartner(b, e, "Bench", companies, perCompany)
	b.Logf("%d companies, %d users, %d budgets inserted in %s", companies, companies*(perCompany+1), companies*perCompany,
		time.Since(setup).Round(time.Millisecond))
	pid := e.PartnerID(osp)
	staff := e.LoginAs("ospadmin")
	svc := e.App.Deactivations
	ctx := context.Background()
	var times []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		res := e.Post(partner+"/deactivate", staff, map[string]string{"ospId": osp})
		if res.Status != 200 {
			b.Fatalf("deactivate: %d %s", res.Status, res.Body)
		}
		svc.WaitIdle()
		times = append(times, time.Since(start))
		b.StopTimer()
		var status string
		if err := e.DB.Get(ctx, &status, `SELECT status FROM partner_deactivations WHERE partner_id = ? ORDER BY id DESC LIMIT 1`, pid); err != nil || status != "DONE" {
			b.Fatalf("run: %s %v", status, err)
		}
		resetPartner(b, e, pid)
		b.StartTimer()
	}
	slices.Sort(times)
	median := times[len(times)/2]
	b.ReportMetric(median.Seconds(), "median-s")
	b.Logf("median %s over %d runs (min %s, max %s)", median.Round(time.Millisecond), len(times), times[0].Round(time.Millisecond),
		times[len(times)-1].Round(time.Millisecond))
}

// resetPartner switches the benchmark's partner and everything below it on
// again and forgets its deactivations.
func resetPartner(b *testing.B, e *testkit.Env, pid int64) {
	ctx := context.Background()
	err := e.DB.WithTx(ctx, func(ctx context.Context) error {
		for _, q := range []string{
			`UPDATE partners SET active = TRUE WHERE id = ?`,
			`UPDATE corporate_accounts SET active = TRUE WHERE partner_id = ?`,
			`UPDATE users SET active = TRUE, off_with_account = FALSE WHERE corporate_account_id IN (SELECT id FROM corporate_accounts WHERE partner_id = ?)`,
			`UPDATE budgets SET activation_status = 'ACTIVE', off_with_account = FALSE, extra_costs_until = NULL, end_activation_time = NULL
				WHERE corporate_account_id IN (SELECT id FROM corporate_accounts WHERE partner_id = ?)`,
			`DELETE FROM company_deactivations WHERE corporate_account_id IN (SELECT id FROM corporate_accounts WHERE partner_id = ?)`,
			`DELETE FROM partner_deactivation_companies WHERE partner_deactivation_id IN (SELECT id FROM partner_deactivations WHERE partner_id = ?)`,
			`DELETE FROM partner_deactivations WHERE partner_id = ?`,
		} {
			if _, err := e.DB.Exec(ctx, q, pid); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
}
