package productaccess_test

import (
	"context"
	"fmt"
	"math/rand"
	"testing"
	"time"

	"github.com/google/uuid"

	"mobility/portal/internal/access"
	"mobility/portal/internal/database"
	"mobility/portal/internal/productaccess"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
	"mobility/portal/internal/user"
)

// The figures of issue 11: "may this user use this product" for a user in
// 5 groups of a company with 500 groups and 2,000 products.
const (
	benchGroups       = 500
	benchProducts     = 2000
	benchUsers        = 200
	benchUserGroups   = 5
	benchGrantsPerGrp = 40
	benchChecksPerOp  = 100
)

type benchWorld struct {
	e        *testkit.Env
	users    []int64
	userOsps []string
	products []productaccess.ProductRef
}

// accessPortal is the demo with Acme grown to 500 groups, 2,000 products
// its partner selects and it offers, 40 products granted to each group,
// and 200 employees in 5 groups each; loaded in bulk, then analysed.
func accessPortal(b *testing.B, d database.Dialect) *benchWorld {
	b.Helper()
	e := testkit.NewEnv(b, d)
	ctx := context.Background()
	rng := rand.New(rand.NewSource(11))
	w := &benchWorld{e: e}
	acme, mobi := e.CorporateAccountID(seed.AcmeOspID), e.PartnerID(seed.MobiPartnerOspID)
	now := database.Now(e.Clock.Now())
	var groups []int64
	err := e.DB.WithTx(ctx, func(ctx context.Context) error {
		for i := 0; i < benchProducts; i++ {
			p := productaccess.ProductRef{OspID: uuid.NewString(), ExtID: fmt.Sprintf("BENCH-P%04d", i), Label: fmt.Sprintf("Product %04d", i), Active: true}
			id, err := e.DB.Insert(ctx, `INSERT INTO products (osp_id, ext_id, active, mobility_mode, label_osp_id, default_value,
				search_text, created_at, updated_at) VALUES (?, ?, ?, 'TRAIN', ?, ?, ?, ?, ?) RETURNING id`,
				p.OspID, p.ExtID, i%50 != 0, uuid.NewString(), p.Label, p.Label, now, now)
			if err != nil {
				return err
			}
			p.ID = id
			w.products = append(w.products, p)
			if _, err := e.DB.Exec(ctx, `INSERT INTO partner_products (partner_id, product_id) VALUES (?, ?)`, mobi, id); err != nil {
				return err
			}
			if i%10 == 9 {
				continue // a tenth the company does not offer
			}
			if _, err := e.DB.Exec(ctx, `INSERT INTO company_products (corporate_account_id, partner_id, product_id) VALUES (?, ?, ?)`,
				acme, mobi, id); err != nil {
				return err
			}
		}
		for i := 0; i < benchGroups; i++ {
			id, err := e.DB.Insert(ctx, `INSERT INTO user_groups (osp_id, corporate_account_id, ext_id, description, active, is_default, created_at)
				VALUES (?, ?, ?, '', ?, FALSE, ?) RETURNING id`, uuid.NewString(), acme, fmt.Sprintf("BENCH_GROUP_%03d", i), i%25 != 0, now)
			if err != nil {
				return err
			}
			groups = append(groups, id)
			for _, j := range rng.Perm(benchProducts)[:benchGrantsPerGrp] {
				if j%10 == 9 {
					continue
				}
				if _, err := e.DB.Exec(ctx, `INSERT INTO user_group_products (user_group_id, corporate_account_id, product_id, granted_at)
					VALUES (?, ?, ?, ?)`, id, acme, w.products[j].ID, now); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < benchUsers; i++ {
		id, osp, err := e.App.Users.Create(ctx, user.NewUser{Login: fmt.Sprintf("bench.user.%03d", i), Email: fmt.Sprintf("bench.%03d@example.com", i),
			Firstname: "Bench", Lastname: fmt.Sprint(i), CorporateAccountID: &acme, Roles: []access.Role{access.OspUser}})
		if err != nil {
			b.Fatal(err)
		}
		w.users, w.userOsps = append(w.users, id), append(w.userOsps, osp)
		for _, g := range rng.Perm(benchGroups)[:benchUserGroups] {
			if _, err := e.DB.Exec(ctx, `INSERT INTO user_group_members (user_group_id, user_id) VALUES (?, ?)`, groups[g], id); err != nil {
				b.Fatal(err)
			}
		}
	}
	if _, err := e.DB.Exec(ctx, `ANALYZE`); err != nil {
		b.Fatal(err)
	}
	return w
}

// BenchmarkMayUse times the rule for random (employee, product) pairs,
// 100 checks an operation: through the service (the rule as other
// domains call it) and through the mayUse call (aim: p99 under 2 ms).
func BenchmarkMayUse(b *testing.B) {
	for _, d := range testkit.Dialects() {
		b.Run(string(d), func(b *testing.B) {
			w := accessPortal(b, d)
			ctx := context.Background()
			// warm up: every pooled connection has read the tables once
			warm := rand.New(rand.NewSource(3))
			for range 1000 {
				if _, _, err := w.e.App.ProductAccess.MayUse(ctx, w.users[warm.Intn(len(w.users))], w.products[warm.Intn(len(w.products))].ID); err != nil {
					b.Fatal(err)
				}
			}
			b.Run("service", func(b *testing.B) {
				rng := rand.New(rand.NewSource(1))
				lat := make([]time.Duration, 0, b.N*benchChecksPerOp)
				allowed := 0
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					for j := 0; j < benchChecksPerOp; j++ {
						u, p := w.users[rng.Intn(len(w.users))], w.products[rng.Intn(len(w.products))]
						t0 := time.Now()
						ok, _, err := w.e.App.ProductAccess.MayUse(ctx, u, p.ID)
						lat = append(lat, time.Since(t0))
						if err != nil {
							b.Fatal(err)
						}
						if ok {
							allowed++
						}
					}
				}
				b.StopTimer()
				if allowed == 0 {
					b.Fatal("no pair was allowed: the data set is wrong")
				}
				testkit.ReportLatencies(b, lat)
			})
			b.Run("call", func(b *testing.B) {
				testkit.Latency(b, w.e.Handler, w.e.LoginAs("acme.admin"), pa+"/permission/usage/mayUse", benchChecksPerOp,
					func(rng *rand.Rand) string {
						return fmt.Sprintf(`{"userOspId":%q,"productOspId":%q}`, w.userOsps[rng.Intn(len(w.userOsps))],
							w.products[rng.Intn(len(w.products))].OspID)
					})
			})
		})
	}
}
