package seed_test

import (
	"context"
	"testing"

	"mobility/portal/internal/access"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/database"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/server"
	"mobility/portal/internal/testkit"
	"mobility/portal/internal/userfee"
)

// The base demo with the user fee service gives MobiPartner its tiers.
func TestDemoUserFees(t *testing.T) {
	testkit.ForEachDialect(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		c := clock.NewFixed(testkit.Start)
		app, err := server.New(testkit.TestConfig(), db, c)
		if err != nil {
			t.Fatal(err)
		}
		if err := seed.Demo(ctx, seed.Deps{DB: db, Users: app.Users, Auth: app.Auth, Companies: app.Companies,
			UserFees: app.UserFees, Now: c.Now()}); err != nil {
			t.Fatal(err)
		}
		staff := &access.Principal{Roles: []access.Role{access.OspAdmin}, Scope: access.SystemScope()}
		tiers, err := app.UserFees.GetAll(ctx, staff, userfee.GetAllRequest{AssigneeType: userfee.AssigneePartner,
			AssigneeOspID: seed.MobiPartnerOspID})
		if err != nil {
			t.Fatal(err)
		}
		want := [][3]int64{{1, 10, 50}, {11, 50, 100}, {51, 1000, 150}}
		if len(tiers) != len(want) {
			t.Fatalf("tiers %+v", tiers)
		}
		for i, w := range want {
			tr := tiers[i]
			if int64(tr.EventCountFrom) != w[0] || int64(tr.EventCountTo) != w[1] || tr.Amount != w[2] || tr.VatPercent != 21 {
				t.Fatalf("tier %d: %+v", i, tr)
			}
		}
	})
}
