package company_test

import (
	"context"
	"fmt"
	"math/rand"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"mobility/portal/internal/clock"
	"mobility/portal/internal/database"
	"mobility/portal/internal/money"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/server"
	"mobility/portal/internal/testkit"
)

// companyPortal is the demo with n generated companies of MobiPartner
// (BENCH_COMPANIES, default 10,000) on SQLite, and the MSP admin's token.
func companyPortal(b *testing.B) (http.Handler, string) {
	b.Helper()
	n := 10000
	if v := os.Getenv("BENCH_COMPANIES"); v != "" {
		fmt.Sscan(v, &n)
	}
	ctx := context.Background()
	db, err := database.Open(ctx, filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	if err := db.Migrate(ctx); err != nil {
		b.Fatal(err)
	}
	app, err := server.New(testkit.TestConfig(), db, clock.NewFixed(testkit.Start))
	if err != nil {
		b.Fatal(err)
	}
	if err := seed.Demo(ctx, seed.Deps{DB: db, Users: app.Users, Auth: app.Auth, Now: testkit.Start, Companies: app.Companies}); err != nil {
		b.Fatal(err)
	}
	words := []string{"Logistics", "Bakery", "Consulting", "Motors", "Pharma", "Textiles", "Energy", "Foods", "Software", "Shipping"}
	err = db.WithTx(ctx, func(ctx context.Context) error {
		var partnerID int64
		if err := db.Get(ctx, &partnerID, `SELECT id FROM partners WHERE osp_id = ?`, seed.MobiPartnerOspID); err != nil {
			return err
		}
		for i := 0; i < n; i++ {
			if _, err := db.Exec(ctx, `INSERT INTO corporate_accounts (osp_id, partner_id, name, ext_id, payment_type, vat_number,
				company_number, payment_reference, active, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
				fmt.Sprintf("bench-%06d", i), partnerID, fmt.Sprintf("%s %s %05d", words[i%len(words)], words[(i/10)%len(words)], i),
				fmt.Sprintf("BENCH-%05d", i), "PREPAID", fmt.Sprintf("BE0%09d", i), fmt.Sprintf("BE0%09d", i),
				money.StructuredReference(int64(1_000_000+i)), i%20 != 0, testkit.Start); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	h, err := app.Handler(nil)
	if err != nil {
		b.Fatal(err)
	}
	e := &testkit.Env{T: b, App: app, DB: db, Clock: clock.NewFixed(testkit.Start), Handler: h}
	return h, e.LoginAs("msp.admin")
}

// BenchmarkGetByFilter: corporateAccount/getByFilter over 10,000
// companies of one partner, as its MSP admin, through the handler (aim:
// p99 under 20 ms): the list's first pages by name, a 3-letter search,
// the active filter with a sort, and the dashboard's 1000-row page.
func BenchmarkGetByFilter(b *testing.B) {
	h, token := companyPortal(b)
	searches := []string{"log", "bak", "mot", "pha", "ene", "123", "bench-0", "soft", "xyz", "00042"}
	b.Run("page", func(b *testing.B) {
		testkit.Latency(b, h, token, filterPath, 1, func(rng *rand.Rand) string {
			return fmt.Sprintf(`{"pagination":{"page":%d,"size":10}}`, 1+rng.Intn(100))
		})
	})
	b.Run("search", func(b *testing.B) {
		testkit.Latency(b, h, token, filterPath, 1, func(rng *rand.Rand) string {
			return `{"nameOrExtIdLike":"` + searches[rng.Intn(len(searches))] + `","pagination":{"page":1,"size":10}}`
		})
	})
	b.Run("active-sorted", func(b *testing.B) {
		testkit.Latency(b, h, token, filterPath, 1, func(rng *rand.Rand) string {
			return `{"active":true,"pagination":{"page":3,"size":20,"sortOrders":[{"property":"extId","direction":"DESC"}]}}`
		})
	})
	b.Run("page1000", func(b *testing.B) {
		testkit.Latency(b, h, token, filterPath, 1, func(rng *rand.Rand) string {
			return fmt.Sprintf(`{"pagination":{"page":%d,"size":1000}}`, 1+rng.Intn(10))
		})
	})
}
