package budget_test

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"mobility/portal/internal/clock"
	"mobility/portal/internal/database"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/server"
	"mobility/portal/internal/testkit"
)

func benchN() int {
	n := 100000
	if v := os.Getenv("BENCH_BUDGETS"); v != "" {
		fmt.Sscan(v, &n)
	}
	return n
}

// newBudgetPortal makes a portal with n users holding one monthly budget
// each, on dialect d.
func newBudgetPortal(b *testing.B, d database.Dialect, n int) (*server.App, *clock.Fixed) {
	b.Helper()
	db := testkit.NewDB(b, d)
	c := clock.NewFixed(at("2026-11-20"))
	app, err := server.New(testkit.TestConfig(), db, c)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	if err := seed.Demo(ctx, seed.Deps{DB: db, Users: app.Users, Auth: app.Auth, Now: c.Now()}); err != nil {
		b.Fatal(err)
	}
	if err := seed.Users(ctx, db, seed.AcmeOspID, n, c.Now()); err != nil {
		b.Fatal(err)
	}
	if _, err := seed.Budgets(ctx, db, seed.AcmeOspID, c.Now()); err != nil {
		b.Fatal(err)
	}
	return app, c
}

// BenchmarkMonthlyTopUp100k: the scheduled run of a new month over
// 100,000 budgets (aim: under 5 s on SQLite, 10 s on PostgreSQL). Each
// iteration runs a further month, so every budget is credited each time.
func BenchmarkMonthlyTopUp100k(b *testing.B) {
	for _, d := range testkit.Dialects() {
		b.Run(string(d), func(b *testing.B) {
			app, c := newBudgetPortal(b, d, benchN())
			month := at("2026-12-01")
			var times []time.Duration
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				c.Set(month)
				t0 := time.Now()
				res, err := app.Budgets.RunPeriods(context.Background(), month.Format("2006-01-02"))
				times = append(times, time.Since(t0))
				if err != nil || res.Credited < benchN() {
					b.Fatalf("run: %+v %v", res, err)
				}
				month = month.AddDate(0, 1, 0)
			}
			b.ReportMetric(medianDur(times).Seconds(), "s/run")
		})
	}
}

func medianDur(d []time.Duration) time.Duration {
	s := append([]time.Duration(nil), d...)
	for i := range s {
		for j := i + 1; j < len(s); j++ {
			if s[j] < s[i] {
				s[i], s[j] = s[j], s[i]
			}
		}
	}
	return s[len(s)/2]
}
