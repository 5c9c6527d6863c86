package reconciliation_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"mobility/portal/internal/access"
	"mobility/portal/internal/database"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
	"mobility/portal/internal/user"
)

// BenchmarkReconciliationRun: the run over BENCH_RECONCILIATION_BOOKINGS
// provider bookings (default 20,000; the figure is for 1,000,000,
// aim under 30 s on SQLite): NMBS tickets booked as expenses with their
// ledger rows and provider lines, of which 1 % differ in amount, 1 % have
// no line and 1 % of lines no expense. The first iteration writes every
// row; later ones find nothing changed (the daily run's usual case) —
// both are reported.
func BenchmarkReconciliationRun(b *testing.B) {
	for _, d := range testkit.Dialects() {
		b.Run(string(d), func(b *testing.B) {
			ctx := context.Background()
			e := testkit.NewEnv(b, d)
			n := testkit.BenchEnv("BENCH_RECONCILIATION_BOOKINGS", 20000)
			load(b, e, n)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				t0 := time.Now()
				r, err := e.App.Reconciliation.Run(ctx)
				if err != nil {
					b.Fatal(err)
				}
				if r.Rows != n+n/100 || r.Mismatch != n/100 || r.MissingAtProvider != n/100 || r.MissingAtPlatform != n/100 {
					b.Fatalf("run: %+v", r)
				}
				b.ReportMetric(time.Since(t0).Seconds(), "s/run")
				b.Logf("run %d: %+v in %s", i+1, r, time.Since(t0).Round(time.Millisecond))
			}
		})
	}
}

func load(b *testing.B, e *testkit.Env, n int) {
	b.Helper()
	ctx := context.Background()
	t0 := time.Now()
	acme := e.LoginAs("acme.admin")
	ca := e.CorporateAccountID(seed.AcmeOspID)
	u := e.NewUser(user.NewUser{Login: "rc.bench", Firstname: "Bench", Lastname: "User", Email: "rc.bench@example.com",
		CorporateAccountID: &ca, Roles: []access.Role{access.OspUser}})
	bud := e.CreateBudget(acme, "MOBILITY_BUDGET", u, map[string]any{"frequency": "MONTH", "frequencyAmount": 1000, "startAmount": 100_000})
	var budgetID, userID, staffID int64
	for q, dst := range map[string]*int64{`SELECT id FROM budgets WHERE osp_id = '` + bud.OspID + `'`: &budgetID,
		`SELECT id FROM users WHERE osp_id = '` + u + `'`: &userID, `SELECT id FROM users WHERE login = 'ospadmin'`: &staffID} {
		if err := e.DB.Get(ctx, dst, q); err != nil {
			b.Fatal(err)
		}
	}
	now := database.Now(e.Clock.Now())
	var uploadID int64
	err := e.DB.WithTx(ctx, func(ctx context.Context) error {
		id, err := e.DB.Insert(ctx, `INSERT INTO provider_uploads (osp_id, kind, filename, content_type, content, row_count, status,
			created_by, created_at) VALUES (?, 'NMBS', 'bench.csv', 'text/csv', ?, 0, 'PROCESSED', ?, ?) RETURNING id`,
			uuid.NewString(), []byte("x"), staffID, now)
		uploadID = id
		if err != nil {
			return err
		}
		bulk := func(head, ph string, rows int, row func(i int) []any) error {
			const per = 400
			for i := 0; i < rows; i += per {
				k := min(per, rows-i)
				var args []any
				for j := 0; j < k; j++ {
					args = append(args, row(i+j)...)
				}
				if _, err := e.DB.Exec(ctx, head+strings.TrimSuffix(strings.Repeat(ph+",", k), ","), args...); err != nil {
					return err
				}
			}
			return nil
		}
		var firstExpense int64
		// expenses 0..n-1 (the last 1 % with no provider line)
		if err := bulk(`INSERT INTO expenses (osp_id, budget_id, user_id, corporate_account_id, amount, vat_percentage, description,
			expense_date, booking_id, mobility_mode, created_at) VALUES `, "(?, ?, ?, ?, ?, 600, 'bench', '2026-10-03', ?, 'TRAIN', ?)", n,
			func(i int) []any {
				return []any{uuid.NewString(), budgetID, userID, ca, 1000 + i%500, fmt.Sprintf("NMBS-B%08d", i), now}
			}); err != nil {
			return err
		}
		if err := e.DB.Get(ctx, &firstExpense, `SELECT MIN(id) FROM expenses WHERE booking_id LIKE 'NMBS-B%'`); err != nil {
			return err
		}
		if err := bulk(`INSERT INTO budget_transactions (osp_id, budget_id, tx_type, amount, balance_after, expense_id, booking_date,
			created_at) VALUES `, "(?, ?, 'event', ?, 0, ?, '2026-10-03', ?)", n, func(i int) []any {
			return []any{uuid.NewString(), budgetID, -(1000 + i%500), firstExpense + int64(i), now}
		}); err != nil {
			return err
		}
		// lines: the first n − n/100 booked (the first 1 % of those 1.00 more), then n/100 never booked
		booked := n - n/100
		return bulk(`INSERT INTO provider_lines (provider, natural_key, upload_id, line_number, line_date, amount, vat_percentage,
			token_value, user_id, expense_id, booking_id, status, created_at, updated_at) VALUES `,
			"(?, ?, ?, 1, '2026-10-03', ?, 600, '', ?, ?, ?, ?, ?, ?)", booked+n/100, func(i int) []any {
				if i >= booked {
					return []any{"NMBS/SNCB", fmt.Sprintf("U%08d", i), uploadID, 990, nil, nil, nil, "UNMATCHED", now, now}
				}
				amount := 1000 + i%500
				if i < n/100 {
					amount += 100
				}
				return []any{"NMBS/SNCB", fmt.Sprintf("B%08d", i), uploadID, amount, userID, firstExpense + int64(i),
					fmt.Sprintf("NMBS-B%08d", i), "BOOKED", now, now}
			})
	})
	if err != nil {
		b.Fatal(err)
	}
	if _, err := e.DB.Exec(ctx, `ANALYZE`); err != nil {
		b.Fatal(err)
	}
	b.Logf("%d bookings loaded in %s", n, time.Since(t0).Round(time.Millisecond))
}
