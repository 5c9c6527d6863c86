package deactivation_test

import (
	"context"
	"testing"

	"mobility/portal/internal/access"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

// The switches deactivation asks of company, user and budget take the
// caller's scope and change nothing of another tenant's company.
func TestSwitchesStayInScope(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		globexID := e.CorporateAccountID(seed.GlobexOspID)
		e.CreateBudget(e.LoginAs("globex.admin"), "BUSINESS_BUDGET", e.UserOspID("lena.maes"), map[string]any{"frequency": "", "startAmount": 1000})
		acme := access.Scope{CorporateAccountID: e.CorporateAccountID(seed.AcmeOspID)}
		rideOn := access.Scope{PartnerID: e.PartnerID(seed.OtherPartnerOspID)}
		for _, s := range []access.Scope{acme, rideOn} {
			before := e.Snapshot()
			err := e.DB.WithTx(ctx, func(ctx context.Context) error {
				if n, err := e.App.Users.DeactivateCompanyUsers(ctx, s, globexID); err != nil || n != 0 {
					t.Errorf("users of another tenant: %d %v", n, err)
				}
				if n, err := e.App.Budgets.DeactivateCompanyBudgets(ctx, s, globexID, "2026-12-01", "2027-01-30"); err != nil || n != 0 {
					t.Errorf("budgets of another tenant: %d %v", n, err)
				}
				if b, err := e.App.Budgets.CompanyBalances(ctx, s, globexID); err != nil || len(b) != 0 {
					t.Errorf("balances of another tenant: %+v %v", b, err)
				}
				if c, err := e.App.Users.CompanyContacts(ctx, s, globexID); err != nil || len(c) != 0 {
					t.Errorf("contacts of another tenant: %+v %v", c, err)
				}
				if st, err := e.App.Companies.ActiveStates(ctx, s, []int64{globexID}); err != nil || len(st) != 0 {
					t.Errorf("active flag of another tenant: %+v %v", st, err)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if changed := before.Changed(e.Snapshot()); len(changed) > 0 {
				t.Errorf("scope %+v changed %v", s, changed)
			}
		}
		// within scope (the partner of Globex) they do switch
		mobi := access.Scope{PartnerID: e.PartnerID(seed.MobiPartnerOspID)}
		if n, err := e.App.Users.DeactivateCompanyUsers(ctx, mobi, globexID); err != nil || n == 0 {
			t.Errorf("users within scope: %d %v", n, err)
		}
		if n, err := e.App.Budgets.DeactivateCompanyBudgets(ctx, mobi, globexID, "2026-12-01", "2027-01-30"); err != nil || n != 1 {
			t.Errorf("budgets within scope: %d %v", n, err)
		}
	})
}
