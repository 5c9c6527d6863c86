package trip_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"mobility/portal/internal/database"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

// BenchmarkTripRun: the monthly compensation run for BENCH_TRIP_RUN_USERS
// app users (default 2,000; the figure is for 100,000, aim under
// 30 s on SQLite) with BENCH_TRIP_RUN_REGS approved registrations each
// (default 20) in October 2026, each user with a commuting budget: every
// user paid once, one ledger row each, every registration marked PAID.
// Each iteration pays the month anew (the payments of the one before are
// undone while the timer stops).
func BenchmarkTripRun(b *testing.B) {
	for _, d := range testkit.Dialects() {
		b.Run(string(d), func(b *testing.B) {
			ctx := context.Background()
			e := testkit.NewEnv(b, d)
			users, regs := testkit.BenchEnv("BENCH_TRIP_RUN_USERS", 2000), testkit.BenchEnv("BENCH_TRIP_RUN_REGS", 20)
			loadRun(b, e, users, regs)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if i > 0 {
					b.StopTimer()
					for _, q := range []string{`UPDATE trip_registrations SET status = 'APPROVED', paid_month = NULL, budget_tx_osp_id = NULL`,
						`DELETE FROM trip_payment_runs`} {
						if _, err := e.DB.Exec(ctx, q); err != nil {
							b.Fatal(err)
						}
					}
					recount(b, e)
					b.StartTimer()
				}
				t0 := time.Now()
				r, err := e.App.TripRegistrations.RunMonth(ctx, "202610")
				if err != nil {
					b.Fatal(err)
				}
				if r.Paid != users || r.Registrations != users*regs {
					b.Fatalf("run: %+v", r)
				}
				b.ReportMetric(time.Since(t0).Seconds(), "s/run")
				b.Logf("run: %+v in %s", r, time.Since(t0).Round(time.Millisecond))
			}
		})
	}
}

// loadRun gives Acme users app users with a commuting budget each and
// regs APPROVED bike commutes each in October 2026 (out and back on the
// working days), in bulk.
func loadRun(b *testing.B, e *testkit.Env, users, regs int) {
	b.Helper()
	ctx := context.Background()
	t0 := time.Now()
	configure(b, e, seed.AcmeOspID, 270_000, 0, 0, 0, 0, false)
	if err := seed.Users(ctx, e.DB, seed.AcmeOspID, users, e.Clock.Now().AddDate(0, -3, 0)); err != nil {
		b.Fatal(err)
	}
	ca := e.CorporateAccountID(seed.AcmeOspID)
	var ids []int64
	if err := e.DB.Select(ctx, &ids, `SELECT u.id FROM users u WHERE u.corporate_account_id = ? AND u.user_type = 'mobile'
		AND NOT EXISTS (SELECT 1 FROM budgets b WHERE b.user_id = u.id) ORDER BY u.id LIMIT ?`, ca, users); err != nil {
		b.Fatal(err)
	}
	var days []string
	for d := time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC); d.Month() == 10; d = d.AddDate(0, 0, 1) {
		if d.Weekday() != time.Saturday && d.Weekday() != time.Sunday {
			days = append(days, d.Format("2006-01-02"))
		}
	}
	now := database.Now(e.Clock.Now())
	const batch = 400
	err := e.DB.WithTx(ctx, func(ctx context.Context) error {
		for i := 0; i < len(ids); i += batch {
			part := ids[i:min(i+batch, len(ids))]
			ph := make([]string, len(part))
			var args []any
			for j, id := range part {
				ph[j] = "(?, ?, ?, 'COMMUTING_BUDGET', 'COMPANY_BUDGET', NULL, 'MANUAL', 0, 'NEXT_PERIOD', 'CONTINUE', 'MONTH_ADD', FALSE, TRUE, 'ACTIVE', ?, 0, ?, ?)"
				args = append(args, uuid.NewString(), ca, id, now, now, now)
			}
			if _, err := e.DB.Exec(ctx, `INSERT INTO budgets (osp_id, corporate_account_id, user_id, budget_type, payment_type, frequency,
				frequency_method, frequency_amount, frequency_amount_update_strategy, end_of_year_recurrence_strategy, transfer_strategy,
				limited, vat_included, activation_status, start_activation_time, balance, created_at, updated_at) VALUES `+strings.Join(ph, ","), args...); err != nil {
				return err
			}
		}
		// the registrations, 500 rows a statement
		var q strings.Builder
		var args []any
		flush := func() error {
			if len(args) == 0 {
				return nil
			}
			_, err := e.DB.Exec(ctx, `INSERT INTO trip_registrations (osp_id, user_id, corporate_account_id, trip_date, kind, mode,
				direction, distance_m, compensation_type, rate_micro, tax_free_rate_micro, compensation, taxable, status, created_at,
				updated_at) VALUES `+q.String(), args...)
			q.Reset()
			args = args[:0]
			return err
		}
		n := 0
		for _, id := range ids {
			for k := 0; k < regs; k++ {
				if n > 0 {
					q.WriteString(", ")
				}
				q.WriteString("(?, ?, ?, ?, 'COMMUTE', 'BIKE', ?, 8000, 'PER_KILOMETER', 270000, 350000, 216, 0, 'APPROVED', ?, ?)")
				args = append(args, uuid.NewString(), id, ca, days[(k/2)%len(days)], []string{"OUTBOUND", "RETURN"}[k%2], now, now)
				if n++; n == 500 {
					if err := flush(); err != nil {
						return err
					}
					n = 0
				}
			}
		}
		return flush()
	})
	if err != nil {
		b.Fatal(err)
	}
	recount(b, e)
	if _, err := e.DB.Exec(ctx, `ANALYZE`); err != nil {
		b.Fatal(err)
	}
	b.Logf("%d users with %d approved registrations each loaded in %s", len(ids), regs, time.Since(t0).Round(time.Millisecond))
}
