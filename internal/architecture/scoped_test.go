package architecture_test

import (
	"context"
	"testing"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/budget"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

// TestByIDRefusesOtherTenants: every exported function that finds by
// internal id takes the caller's scope and answers another tenant's id as
// NOT_FOUND, writing nothing; the same id within scope (and the system
// scope of jobs) is found.
func TestByIDRefusesOtherTenants(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		acmeID := e.CorporateAccountID(seed.AcmeOspID)
		globexID := e.CorporateAccountID(seed.GlobexOspID)
		mobiID := e.PartnerID(seed.MobiPartnerOspID)
		otherPartnerID := e.PartnerID(seed.OtherPartnerOspID)

		// a Globex user's budget, opened by Globex's admin
		lena := e.UserOspID("lena.maes")
		b := e.CreateBudget(e.LoginAs("globex.admin"), "BUSINESS_BUDGET", lena, map[string]any{"frequency": "", "startAmount": 1000})
		var budgetID, lenaID int64
		if err := e.DB.Get(ctx, &budgetID, `SELECT id FROM budgets WHERE osp_id = ?`, b.OspID); err != nil {
			t.Fatal(err)
		}
		if err := e.DB.Get(ctx, &lenaID, `SELECT id FROM users WHERE osp_id = ?`, lena); err != nil {
			t.Fatal(err)
		}

		acme := access.Scope{CorporateAccountID: acmeID}     // Acme's company admin
		globex := access.Scope{CorporateAccountID: globexID} // Globex's company admin
		rideOn := access.Scope{PartnerID: otherPartnerID}    // the partner of Initech only
		mobi := access.Scope{PartnerID: mobiID}              // the partner of Acme and Globex
		system := access.SystemScope()                       // jobs

		calls := []struct {
			name string
			call func(s access.Scope) error
		}{
			{"budget.Service.Post", func(s access.Scope) error {
				_, _, err := e.App.Budgets.Post(ctx, s, budgetID, budget.Entry{Type: budget.TxManualUpdate, Amount: 1})
				return err
			}},
			{"budget.Service.PostKnown", func(s access.Scope) error {
				// the caller's own write runs only once the budget is found in scope
				wrote := false
				_, _, err := e.App.Budgets.PostKnown(ctx, s, budgetID, budget.Entry{Type: budget.TxManualUpdate, Amount: 1},
					func(context.Context) error { wrote = true; return nil })
				if wrote != (err == nil) {
					t.Errorf("PostKnown in scope %+v: wrote %v, error %v", s, wrote, err)
				}
				return err
			}},
			{"budget.Service.PostKnown, a spend on the general path", func(s access.Scope) error {
				// more than the budget holds: moveIfPlain leaves it to the
				// general path, which must still find it out of scope
				_, _, err := e.App.Budgets.PostKnown(ctx, s, budgetID, budget.Entry{Type: budget.TxEvent, Amount: -budget.MaxBalance, Spend: true}, nil)
				if apperr.IsNotFound(err) || err == nil {
					return err
				}
				// in scope: refused for what it is, with nothing booked
				if a := apperr.As(err); a == nil || a.Label != "INSUFFICIENT_BUDGET" {
					t.Errorf("a spend of more than the budget holds in scope %+v: %v", s, err)
				}
				return nil
			}},
			{"company.Service.ByID", func(s access.Scope) error { _, err := e.App.Companies.ByID(ctx, s, globexID); return err }},
			{"company.Service.ResolveID", func(s access.Scope) error { _, err := e.App.Companies.ResolveID(ctx, s, globexID); return err }},
			{"company.Service.SwitchActive", func(s access.Scope) error { return e.App.Companies.SwitchActive(ctx, s, globexID, true) }},
			{"user.Service.ResolveID", func(s access.Scope) error { _, err := e.App.Users.ResolveID(ctx, s, lenaID); return err }},
			{"partner.Service.ByID", func(s access.Scope) error { _, err := e.App.Partners.ByID(ctx, s, mobiID); return err }},
		}
		for _, c := range calls {
			// another tenant: a company admin of Acme, the partner of Initech
			for _, s := range []access.Scope{acme, rideOn} {
				before := e.Snapshot()
				err := c.call(s)
				if !apperr.IsNotFound(err) {
					t.Errorf("%s in scope %+v: %v, want NOT_FOUND", c.name, s, err)
				}
				if changed := before.Changed(e.Snapshot()); len(changed) > 0 {
					t.Errorf("%s in scope %+v changed %v", c.name, s, changed)
				}
			}
			// within scope and for jobs: found
			in := []access.Scope{mobi, system}
			if c.name != "partner.Service.ByID" {
				in = append(in, globex) // a company admin reaches no partner row
			}
			for _, s := range in {
				if err := c.call(s); err != nil {
					t.Errorf("%s in scope %+v: %v, want found", c.name, s, err)
				}
			}
		}
		// a by-id list answers nothing of another tenant's
		for _, s := range []access.Scope{acme, rideOn} {
			if groups, err := e.App.Groups.ByUser(ctx, s, lenaID); err != nil || len(groups) != 0 {
				t.Errorf("usergroup.Service.ByUser in scope %+v: %v %v, want none", s, groups, err)
			}
		}
		for _, s := range []access.Scope{globex, mobi, system} {
			if groups, err := e.App.Groups.ByUser(ctx, s, lenaID); err != nil || len(groups) == 0 || groups[0].Data.CorporateAccount.OspID != seed.GlobexOspID {
				t.Errorf("usergroup.Service.ByUser in scope %+v: %+v %v, want Globex's default group", s, groups, err)
			}
		}
		// the invoice run's read model of expenses, by id
		x := e.Post("/portal-service/v1/payableEvent/costEventForExternalPurchase/create", e.LoginAs("globex.admin"), map[string]any{
			"userOspId": lena, "budgetOspId": b.OspID, "amount": 121, "vatPercentage": 21, "description": "Bus", "date": "2026-11-20"})
		var expenseID int64
		if err := e.DB.Get(ctx, &expenseID, `SELECT id FROM expenses WHERE osp_id = ?`, x.Map(t)["ospId"]); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			s     access.Scope
			found bool
		}{{acme, false}, {rideOn, false}, {globex, true}, {mobi, true}, {system, true}} {
			got, err := e.App.Expenses.BilledByIDs(ctx, c.s, []int64{expenseID})
			if _, ok := got[expenseID]; err != nil || ok != c.found {
				t.Errorf("expense.Service.BilledByIDs in scope %+v: %v %v, want found %v", c.s, got, err, c.found)
			}
		}
		// trip's read model of users' companies, by id
		for _, c := range []struct {
			s     access.Scope
			found bool
		}{{acme, false}, {rideOn, false}, {globex, true}, {mobi, true}, {system, true}} {
			got, err := e.App.Users.CompanyIDs(ctx, c.s, []int64{lenaID})
			if company, ok := got[lenaID]; err != nil || ok != c.found || (ok && company != globexID) {
				t.Errorf("user.Service.CompanyIDs in scope %+v: %v %v, want found %v", c.s, got, err, c.found)
			}
		}
	})
}
