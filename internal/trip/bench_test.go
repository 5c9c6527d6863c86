package trip_test

import (
	"context"
	"fmt"
	"math/rand"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"mobility/portal/internal/database"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

// BenchmarkTripGetByFilter: travel/getByFilter through the whole handler
// for a company holding BENCH_TRIP_ROWS registrations (default 200,000;
// the figure is for 2,000,000, aim p99 under 30 ms) of
// BENCH_TRIP_USERS users (default 200; 2,000,000 rows need 1,370: one
// commute each way a day) over 24 months: a month of the company, the
// company unfiltered, and a user's month.
func BenchmarkTripGetByFilter(b *testing.B) {
	for _, d := range testkit.Dialects() {
		b.Run(string(d), func(b *testing.B) {
			e := testkit.NewEnv(b, d)
			users := loadTrips(b, e, testkit.BenchEnv("BENCH_TRIP_USERS", 200), testkit.BenchEnv("BENCH_TRIP_ROWS", 200_000))
			token := e.LoginAs("acme.admin")
			month := func(rng *rand.Rand) string { return fmt.Sprintf("2025%02d", rng.Intn(12)+1) }
			for _, c := range []struct {
				name string
				body func(rng *rand.Rand) string
			}{
				{"companyMonth", func(rng *rand.Rand) string {
					return fmt.Sprintf(`{"corporateAccountOspId":%q,"month":%q,"pagination":{"page":%d,"size":10}}`, seed.AcmeOspID,
						month(rng), rng.Intn(5)+1)
				}},
				{"company", func(rng *rand.Rand) string {
					return fmt.Sprintf(`{"corporateAccountOspId":%q,"pagination":{"page":1,"size":10}}`, seed.AcmeOspID)
				}},
				{"userMonth", func(rng *rand.Rand) string {
					return fmt.Sprintf(`{"userOspId":%q,"month":%q,"status":"APPROVED"}`, users[rng.Intn(len(users))], month(rng))
				}},
			} {
				b.Run(c.name, func(b *testing.B) {
					testkit.Latency(b, e.Handler, token, travel+"/getByFilter", 20, c.body)
				})
			}
		})
	}
}

// loadTrips makes users app users of Acme and rows registrations spread
// over them and the 730 days of 2024-2025, in batches of 500 rows.
func loadTrips(b *testing.B, e *testkit.Env, users, rows int) []string {
	b.Helper()
	ctx := context.Background()
	ids := make([]int64, users)
	osps := make([]string, users)
	for i := range ids {
		osps[i] = appUser(b, e, fmt.Sprintf("bench.trip.%d", i), seed.AcmeOspID)
		if err := e.DB.Get(ctx, &ids[i], `SELECT id FROM users WHERE osp_id = ?`, osps[i]); err != nil {
			b.Fatal(err)
		}
	}
	ca := e.CorporateAccountID(seed.AcmeOspID)
	now := database.Now(e.Clock.Now())
	start := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	statuses := []string{"REGISTERED", "APPROVED", "REJECTED", "PAID"}
	t0 := time.Now()
	for done := 0; done < rows; {
		n := min(500, rows-done)
		err := e.DB.WithTx(ctx, func(ctx context.Context) error {
			var q strings.Builder
			q.WriteString(`INSERT INTO trip_registrations (osp_id, user_id, corporate_account_id, trip_date, kind, mode, direction,
				distance_m, compensation_type, compensation, taxable, status, paid_month, created_at, updated_at) VALUES `)
			args := make([]any, 0, n*15)
			for i := 0; i < n; i++ {
				k := done + i
				u := k % users
				day := start.AddDate(0, 0, (k/users/2)%730)
				dir := []string{"OUTBOUND", "RETURN"}[(k/users)%2]
				st := statuses[k%4]
				var paid any
				if st == "PAID" {
					paid = day.Format("200601")
				}
				if i > 0 {
					q.WriteString(", ")
				}
				q.WriteString("(?, ?, ?, ?, 'COMMUTE', 'BIKE', ?, 8000, 'PER_KILOMETER', 280, 0, ?, ?, ?, ?)")
				args = append(args, uuid.NewString(), ids[u], ca, day.Format("2006-01-02"), dir, st, paid, now, now)
			}
			_, err := e.DB.Exec(ctx, q.String(), args...)
			return err
		})
		if err != nil {
			// a (user, day, direction) met twice: rows beyond users × 1460
			b.Fatalf("load at %d: %v", done, err)
		}
		done += n
	}
	recount(b, e)
	if _, err := e.DB.Exec(ctx, `ANALYZE`); err != nil {
		b.Fatal(err)
	}
	b.Logf("%d registrations of %d users loaded in %s", rows, users, time.Since(t0).Round(time.Millisecond))
	return osps
}
