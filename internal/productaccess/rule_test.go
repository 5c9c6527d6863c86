package productaccess_test

import (
	"context"
	"net/http"
	"testing"

	"mobility/portal/internal/access"
	"mobility/portal/internal/productaccess"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

// The rule over every level: all facts true allows; each level flipped
// alone refuses, naming that level.
func TestDecideEachLevelAloneRefuses(t *testing.T) {
	all := productaccess.Facts{ProductKnown: true, ProductActive: true, UserKnown: true, UserActive: true, HasCompany: true,
		CompanyActive: true, PartnerSelected: true, CompanySelected: true, GroupGrant: true}
	if r := productaccess.Decide(all); r != productaccess.Allowed {
		t.Fatalf("every level allows: got %s", r)
	}
	for _, c := range []struct {
		name string
		flip func(*productaccess.Facts)
		want productaccess.Reason
	}{
		{"unknown product", func(f *productaccess.Facts) { f.ProductKnown = false }, productaccess.ProductUnknown},
		{"product deactivated", func(f *productaccess.Facts) { f.ProductActive = false }, productaccess.ProductInactive},
		{"disallowed on the platform", func(f *productaccess.Facts) { f.PlatformDisallowed = true }, productaccess.PlatformDisallowed},
		{"unknown user", func(f *productaccess.Facts) { f.UserKnown = false }, productaccess.UserUnknown},
		{"user deactivated", func(f *productaccess.Facts) { f.UserActive = false }, productaccess.UserInactive},
		{"user in no company", func(f *productaccess.Facts) { f.HasCompany = false }, productaccess.NoCompany},
		{"company deactivated", func(f *productaccess.Facts) { f.CompanyActive = false }, productaccess.CompanyInactive},
		{"partner did not select it", func(f *productaccess.Facts) { f.PartnerSelected = false }, productaccess.PartnerNotSelected},
		{"company does not offer it", func(f *productaccess.Facts) { f.CompanySelected = false }, productaccess.CompanyNotSelected},
		{"no active group holds it", func(f *productaccess.Facts) { f.GroupGrant = false }, productaccess.NoGroupGrant},
	} {
		f := all
		c.flip(&f)
		if r := productaccess.Decide(f); r != c.want {
			t.Errorf("%s: got %s, want %s", c.name, r, c.want)
		}
	}
}

// MayUse reads the facts from the real levels: each level switched off
// alone, through the call or service that owns it, refuses with its
// reason, and switched back on allows again.
func TestMayUseOverEveryLevel(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		w := newWorld(t, e)
		ctx := context.Background()
		train := w.product("Train")
		w.offer(train)
		g := w.group(seed.AcmeOspID, w.jan)
		testkit.MustStatus(t, w.grant(w.acme, g, train), http.StatusOK)
		if r := w.mayUse(w.janID, train); r != productaccess.Allowed {
			t.Fatalf("jan may use the train: got %s", r)
		}
		// sophie is in Acme but in no group holding it
		if r := w.mayUse(w.sophieID, train); r != productaccess.NoGroupGrant {
			t.Fatalf("sophie: got %s", r)
		}
		staff := &access.Principal{Roles: []access.Role{access.OspAdmin}, Scope: access.SystemScope()}
		steps := []struct {
			name    string
			off, on func()
			want    productaccess.Reason
		}{
			{"product deactivated", func() { w.setActive(train, false) }, func() { w.setActive(train, true) }, productaccess.ProductInactive},
			{"disallowed on the platform",
				func() {
					w.call(http.StatusOK, pa+"/platform/disallow", w.staff, map[string]string{"productOspId": train.OspID})
				},
				func() {
					w.call(http.StatusOK, pa+"/platform/allow", w.staff, map[string]string{"productOspId": train.OspID})
				},
				productaccess.PlatformDisallowed},
			{"user deactivated",
				func() {
					w.call(http.StatusOK, v1+"/user/deactivate", w.acme, map[string]any{"ospId": w.jan, "when": "NOW"})
				},
				func() {
					w.call(http.StatusOK, v1+"/user/activate", w.acme, map[string]any{"ospId": w.jan, "when": "NOW"})
				},
				productaccess.UserInactive},
			{"company deactivated",
				func() {
					if err := e.App.Companies.SwitchActive(ctx, staff.Scope, w.acmeID, false); err != nil {
						t.Fatal(err)
					}
				},
				func() {
					if err := e.App.Companies.SwitchActive(ctx, staff.Scope, w.acmeID, true); err != nil {
						t.Fatal(err)
					}
				},
				productaccess.CompanyInactive},
			{"group deactivated",
				func() { w.call(http.StatusOK, v1+"/usergroup/deactivate", w.acme, map[string]string{"ospId": g}) },
				func() { w.call(http.StatusOK, v1+"/usergroup/activate", w.acme, map[string]string{"ospId": g}) },
				productaccess.NoGroupGrant},
			{"user left the group",
				func() {
					w.call(http.StatusOK, v1+"/usergroup/removeUsers", w.acme, map[string]any{"usergroup": map[string]string{"ospId": g},
						"users": []map[string]string{{"ospId": w.jan}}})
				},
				func() {
					w.call(http.StatusOK, v1+"/usergroup/addUsers", w.acme, map[string]any{"usergroup": map[string]string{"ospId": g},
						"users": []map[string]string{{"ospId": w.jan}}})
				},
				productaccess.NoGroupGrant},
			{"grant revoked",
				func() { testkit.MustStatus(t, w.revoke(w.acme, g, train), http.StatusOK) },
				func() { testkit.MustStatus(t, w.grant(w.acme, g, train), http.StatusOK) },
				productaccess.NoGroupGrant},
			{"company no longer offers it",
				func() { testkit.MustStatus(t, w.companySelects(w.msp, seed.AcmeOspID, []string{}, nil), http.StatusOK) },
				func() {
					testkit.MustStatus(t, w.companySelects(w.msp, seed.AcmeOspID, ospIDs(train), nil), http.StatusOK)
					testkit.MustStatus(t, w.grant(w.acme, g, train), http.StatusOK)
				},
				productaccess.CompanyNotSelected},
			{"partner no longer selects it",
				func() {
					testkit.MustStatus(t, w.partnerSelects(seed.MobiPartnerOspID, []string{}, nil, false), http.StatusOK)
				},
				func() {
					w.offer(train)
					testkit.MustStatus(t, w.grant(w.acme, g, train), http.StatusOK)
				},
				productaccess.PartnerNotSelected},
		}
		for _, s := range steps {
			s.off()
			if r := w.mayUse(w.janID, train); r != s.want {
				t.Errorf("%s: got %s, want %s", s.name, r, s.want)
			}
			s.on()
			if r := w.mayUse(w.janID, train); r != productaccess.Allowed {
				t.Fatalf("%s switched back on: got %s", s.name, r)
			}
		}
		// unknown ids
		if r := w.mayUse(w.janID, productaccess.ProductRef{ID: 987654}); r != productaccess.ProductUnknown {
			t.Errorf("unknown product: %s", r)
		}
		if r := w.mayUse(987654, train); r != productaccess.UserUnknown {
			t.Errorf("unknown user: %s", r)
		}
		// platform staff belong to no company
		admin := w.userID(e.UserOspID("ospadmin"))
		if r := w.mayUse(admin, train); r != productaccess.NoCompany {
			t.Errorf("platform staff: %s", r)
		}
		// the check over HTTP, within the caller's tenant
		var ans productaccess.MayUseAnswer
		w.call(http.StatusOK, pa+"/permission/usage/mayUse", w.acme, map[string]string{"userOspId": w.jan, "productOspId": train.OspID}).JSON(t, &ans)
		if !ans.Allowed || ans.Reason != productaccess.Allowed {
			t.Errorf("mayUse call: %+v", ans)
		}
		w.call(http.StatusOK, pa+"/permission/usage/mayUse", w.acme, map[string]string{"userOspId": w.sophie, "productOspId": train.OspID}).JSON(t, &ans)
		if ans.Allowed || ans.Reason != productaccess.NoGroupGrant {
			t.Errorf("mayUse call for sophie: %+v", ans)
		}
		w.refused(http.StatusNotFound, "NOT_FOUND", pa+"/permission/usage/mayUse", w.globex, map[string]string{"userOspId": w.jan, "productOspId": train.OspID})
		w.refused(http.StatusNotFound, "NOT_FOUND", pa+"/permission/usage/mayUse", w.rideon, map[string]string{"userOspId": w.jan, "productOspId": train.OspID})
	})
}
