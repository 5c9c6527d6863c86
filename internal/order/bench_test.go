package order_test

import (
	"context"
	"fmt"
	"math/rand"
	"testing"

	"mobility/portal/internal/database"
	"mobility/portal/internal/testkit"
)

// BenchmarkGetOpen measures order/getOpen (first page of 20, and pages
// with a company filter) as platform staff over PORTAL_BENCH_ORDERS
// (default 100,000) open orders, on SQLite (PostgreSQL when
// PORTAL_BENCH_POSTGRES is set and the test URL is). The aim: p99 < 20 ms.
// The orders are copies of one made through the service, spread over three
// companies (one request time, so the order falls to the id), loaded in one statement, counted
// into the kept counts the lists' totals read, then ANALYZEd.
func BenchmarkGetOpen(b *testing.B) {
	d := database.SQLite
	if testkit.BenchEnv("PORTAL_BENCH_POSTGRES", 0) == 1 && testkit.PostgresURL() != "" {
		d = database.Postgres
	}
	e := testkit.NewEnv(b, d)
	f := &fix{e: e, acme: e.LoginAs("acme.admin"), lang: "nl"}
	f.user = e.UserOspID("jan.peeters")
	f.open(b, f.input())
	n := testkit.BenchEnv("PORTAL_BENCH_ORDERS", 100_000)
	ctx := context.Background()
	// every column of the one order, n times, with its own id, company and time
	if _, err := e.DB.Exec(ctx, `WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < ?)
		INSERT INTO season_card_orders (osp_id, corporate_account_id, user_id, status, version, requested_at, gender, firstname,
		lastname, street, house_number, postal_code, city, country, birth_date, language, national_number, personnel_number,
		card_number, product, duration_months, start_date, price, remark, origin, destination, travel_class, subnets,
		include_parking, parking_price, train_type, email, budget_type, b2b_contract_number, limited, search_text)
		SELECT 'bench-' || seq.i, (SELECT MIN(id) FROM corporate_accounts) + seq.i % 3, o.user_id, 'OPEN', 1,
		o.requested_at, o.gender, o.firstname, o.lastname || seq.i, o.street, o.house_number, o.postal_code, o.city, o.country,
		o.birth_date, o.language, o.national_number, o.personnel_number, o.card_number, o.product, o.duration_months, o.start_date,
		o.price, o.remark, o.origin, o.destination, o.travel_class, o.subnets, o.include_parking, o.parking_price, o.train_type,
		o.email, o.budget_type, o.b2b_contract_number, o.limited, o.search_text || seq.i
		FROM seq, season_card_orders o WHERE o.osp_id NOT LIKE 'bench-%'`, n); err != nil {
		b.Fatal(err)
	}
	// the kept counts as the migration backfills them: the copies bypassed the store
	if _, err := e.DB.Exec(ctx, `DELETE FROM season_card_order_counts`); err != nil {
		b.Fatal(err)
	}
	if _, err := e.DB.Exec(ctx, `INSERT INTO season_card_order_counts (corporate_account_id, status, n)
		SELECT corporate_account_id, status, COUNT(*) FROM season_card_orders GROUP BY corporate_account_id, status`); err != nil {
		b.Fatal(err)
	}
	if _, err := e.DB.Exec(ctx, `ANALYZE`); err != nil {
		b.Fatal(err)
	}
	var companies []string
	if err := e.DB.Select(ctx, &companies, `SELECT osp_id FROM corporate_accounts ORDER BY id LIMIT 3`); err != nil {
		b.Fatal(err)
	}
	staff := e.LoginAs("ospadmin")
	testkit.Latency(b, e.Handler, staff, "/portal-service/v1/order/getOpen", 50, func(rng *rand.Rand) string {
		if rng.Intn(2) == 0 {
			return fmt.Sprintf(`{"pagination":{"page":%d,"size":20}}`, 1+rng.Intn(5))
		}
		return fmt.Sprintf(`{"corporateAccountOspId":%q,"pagination":{"page":1,"size":20}}`, companies[rng.Intn(len(companies))])
	})
}
