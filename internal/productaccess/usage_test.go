package productaccess_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"mobility/portal/internal/access"
	"mobility/portal/internal/productaccess"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

func productOspIDs(ps []productaccess.ProductSummary) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.OspID
	}
	return out
}

// Grants by role and tenant: a company admin grants the products its
// company offers to its own groups only; an MSP admin within its
// partner; platform staff anywhere. Refused grants write nothing.
func TestGrantAndRevokeByRoleAndTenant(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		w := newWorld(t, e)
		bike, train, taxi := w.product("Blue-bike"), w.product("Train"), w.product("Taxi")
		w.offer(bike, train)
		g := w.group(seed.AcmeOspID, w.jan)

		// the company admin grants what Acme offers
		var gp productaccess.GroupProducts
		w.call(http.StatusOK, pa+"/authorization/product/usage/grant", w.acme, grantBody(g, train, bike)).JSON(t, &gp)
		if got := productOspIDs(gp.Products); !slices.Equal(got, ospIDs(bike, train)) {
			t.Fatalf("granted (by label): %v", got)
		}
		if gp.UserGroup.OspID != g || !gp.UserGroup.Active || !strings.HasPrefix(gp.UserGroup.Name, "Group ") {
			t.Errorf("group in the answer: %+v", gp.UserGroup)
		}
		// granting again is a no-op
		testkit.MustStatus(t, w.grant(w.acme, g, train), http.StatusOK)

		e.CompanyAdmin("acme.invoices", seed.AcmeOspID, access.InvoiceManager)
		invoices := e.LoginAs("acme.invoices")
		before := e.Snapshot()
		// a product Acme does not offer (its partner does not select it)
		w.refused(http.StatusBadRequest, "PRODUCT_NOT_OFFERED", pa+"/authorization/product/usage/grant", w.acme, grantBody(g, taxi))
		// one not offered among offered ones: nothing granted
		w.refused(http.StatusBadRequest, "PRODUCT_NOT_OFFERED", pa+"/authorization/product/usage/grant", w.msp, grantBody(g, bike, taxi))
		// unknown product
		w.refused(http.StatusBadRequest, "UNKNOWN_PRODUCT", pa+"/authorization/product/usage/grant", w.acme,
			map[string]any{"userGroupOspId": g, "productOspIds": []string{"no-such-product"}})
		// another company's admin, another partner's MSP admin: not found
		w.refused(http.StatusNotFound, "NOT_FOUND", pa+"/authorization/product/usage/grant", w.globex, grantBody(g, train))
		w.refused(http.StatusNotFound, "NOT_FOUND", pa+"/authorization/product/usage/revoke", w.rideon, grantBody(g, train))
		// an admin without user_manager
		w.refused(http.StatusForbidden, "FORBIDDEN", pa+"/authorization/product/usage/grant", invoices, grantBody(g, train))
		// no session
		w.refused(http.StatusUnauthorized, "UNAUTHORIZED", pa+"/authorization/product/usage/grant", "", grantBody(g, train))
		if changed := e.Snapshot().Changed(before); len(changed) > 0 {
			t.Fatalf("refused grants changed %v", changed)
		}

		// the MSP admin of Acme's partner revokes; reads by any admin of the tenant
		testkit.MustStatus(t, w.revoke(w.msp, g, bike), http.StatusOK)
		for _, tok := range []string{w.acme, w.msp, w.staff, invoices} {
			w.call(http.StatusOK, pa+"/permission/usage/findByUserGroup", tok, map[string]string{"userGroupOspId": g}).JSON(t, &gp)
			if got := productOspIDs(gp.Products); !slices.Equal(got, ospIDs(train)) {
				t.Fatalf("after revoke: %v", got)
			}
		}
		// the v2 GET answers the same
		res := e.Do(testkit.Request{Method: http.MethodGet, Path: "/portal-service/v2/product/permission/usage/findByUserGroup/" + g, Token: w.acme})
		testkit.MustStatus(t, res, http.StatusOK)
		var v2 productaccess.GroupProducts
		res.JSON(t, &v2)
		if !slices.Equal(productOspIDs(v2.Products), ospIDs(train)) {
			t.Fatalf("v2: %s", res.Body)
		}
		res = e.Do(testkit.Request{Method: http.MethodGet, Path: "/portal-service/v2/product/permission/usage/findByUserGroup/" + g, Token: w.globex})
		testkit.MustStatus(t, res, http.StatusNotFound)
		w.refused(http.StatusNotFound, "NOT_FOUND", pa+"/permission/usage/findByUserGroup", w.rideon, map[string]string{"userGroupOspId": g})
		// revoking what the group does not hold is a no-op
		testkit.MustStatus(t, w.revoke(w.acme, g, bike), http.StatusOK)
	})
}

// The company/products list tab: the products Acme offers, each with the
// groups that may use them and the number of employees with it as
// default; deactivating or disallowing a product takes it out of every
// view at once, and back when it returns.
func TestViewsHideWhatIsNotUsable(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		w := newWorld(t, e)
		bike, train := w.product("Blue-bike"), w.product("Train")
		parking := w.resource("Interparking Brussels")
		w.offer(bike, train)
		testkit.MustStatus(t, w.partnerSelects(seed.MobiPartnerOspID, nil, []string{parking.OspID}, false), http.StatusOK)
		testkit.MustStatus(t, w.companySelects(w.msp, seed.AcmeOspID, nil, []string{parking.OspID}), http.StatusOK)
		g1 := w.group(seed.AcmeOspID, w.jan)
		g2 := w.group(seed.AcmeOspID, w.sophie)
		testkit.MustStatus(t, w.grant(w.acme, g1, bike, train), http.StatusOK)
		testkit.MustStatus(t, w.grant(w.acme, g2, train), http.StatusOK)
		if err := e.App.ProductAccess.SetDefault(t.Context(), w.sophieID, train.ID); err != nil {
			t.Fatal(err)
		}

		view := func(token string) productaccess.CompanyProducts {
			var cp productaccess.CompanyProducts
			w.call(http.StatusOK, pa+"/permission/view/findByCorporateAccount", token, map[string]string{"corporateAccountOspId": seed.AcmeOspID}).JSON(t, &cp)
			return cp
		}
		cp := view(w.acme)
		if len(cp.Products) != 2 || cp.Products[0].OspID != bike.OspID || cp.Products[1].OspID != train.OspID {
			t.Fatalf("company products: %+v", cp)
		}
		if gs := cp.Products[1].UserGroups; len(gs) != 2 || gs[0].OspID != g1 || gs[1].OspID != g2 || cp.Products[1].DefaultUserCount != 1 {
			t.Fatalf("train's groups and defaults: %+v", cp.Products[1])
		}
		if gs := cp.Products[0].UserGroups; len(gs) != 1 || gs[0].OspID != g1 || cp.Products[0].DefaultUserCount != 0 {
			t.Fatalf("bike's groups: %+v", cp.Products[0])
		}
		w.refused(http.StatusNotFound, "NOT_FOUND", pa+"/permission/view/findByCorporateAccount", w.globex, map[string]string{"corporateAccountOspId": seed.AcmeOspID})
		w.refused(http.StatusNotFound, "NOT_FOUND", pa+"/permission/view/findByCorporateAccount", w.rideon, map[string]string{"corporateAccountOspId": seed.AcmeOspID})

		// the service resources of a group: what Acme offers, while the group is active
		var gsr productaccess.GroupServiceResources
		srPath := v1 + "/usergroup/permissions/usage/usergroup/serviceResources"
		w.call(http.StatusOK, srPath, w.acme, map[string]string{"userGroupOspId": g1}).JSON(t, &gsr)
		if len(gsr.ServiceResources) != 1 || gsr.ServiceResources[0].OspID != parking.OspID || gsr.ServiceResources[0].Name != parking.Name {
			t.Fatalf("service resources: %+v", gsr)
		}
		w.call(http.StatusOK, v1+"/usergroup/deactivate", w.acme, map[string]string{"ospId": g1})
		w.call(http.StatusOK, srPath, w.acme, map[string]string{"userGroupOspId": g1}).JSON(t, &gsr)
		if len(gsr.ServiceResources) != 0 || gsr.UserGroup.Active {
			t.Fatalf("a deactivated group's service resources: %+v", gsr)
		}
		w.call(http.StatusOK, v1+"/usergroup/activate", w.acme, map[string]string{"ospId": g1})
		w.refused(http.StatusNotFound, "NOT_FOUND", srPath, w.globex, map[string]string{"userGroupOspId": g1})

		// deactivated: gone from every view at once
		w.setActive(bike, false)
		w.setResourceActive(parking, false)
		cp = view(w.msp)
		if len(cp.Products) != 1 || cp.Products[0].OspID != train.OspID {
			t.Fatalf("a deactivated product still shows: %+v", cp)
		}
		var gp productaccess.GroupProducts
		w.call(http.StatusOK, pa+"/permission/usage/findByUserGroup", w.acme, map[string]string{"userGroupOspId": g1}).JSON(t, &gp)
		if !slices.Equal(productOspIDs(gp.Products), ospIDs(train)) {
			t.Fatalf("group view: %+v", gp)
		}
		w.call(http.StatusOK, srPath, w.acme, map[string]string{"userGroupOspId": g1}).JSON(t, &gsr)
		if len(gsr.ServiceResources) != 0 {
			t.Fatalf("a deactivated service resource still shows: %+v", gsr)
		}
		var av productaccess.Availability
		w.call(http.StatusOK, pa+"/permission/availability/findByCorporateAccount", w.msp, map[string]string{"corporateAccountOspId": seed.AcmeOspID}).JSON(t, &av)
		if len(av.Products) != 1 || av.Products[0].OspID != train.OspID || !av.Products[0].Selected || len(av.ServiceResources) != 0 {
			t.Fatalf("availability: %+v", av)
		}
		var ca struct {
			AllowedProducts, SelectedProducts, SelectedServiceResources []string
		}
		w.call(http.StatusOK, v1+"/corporateAccount/get", w.acme, map[string]string{"ospId": seed.AcmeOspID}).JSON(t, &ca)
		if !slices.Equal(ca.AllowedProducts, ospIDs(train)) || !slices.Equal(ca.SelectedProducts, ospIDs(train)) || len(ca.SelectedServiceResources) != 0 {
			t.Fatalf("company detail: %+v", ca)
		}
		// back: the stored selections and grants were kept (history)
		w.setActive(bike, true)
		w.setResourceActive(parking, true)
		if cp = view(w.staff); len(cp.Products) != 2 || len(cp.Products[0].UserGroups) != 1 {
			t.Fatalf("reactivated product: %+v", cp)
		}
		w.call(http.StatusOK, srPath, w.acme, map[string]string{"userGroupOspId": g1}).JSON(t, &gsr)
		if len(gsr.ServiceResources) != 1 {
			t.Fatalf("reactivated service resource: %+v", gsr)
		}

		// disallowed for the platform: gone too, and listed for staff
		w.call(http.StatusOK, pa+"/platform/disallow", w.staff, map[string]string{"productOspId": bike.OspID})
		if cp = view(w.acme); len(cp.Products) != 1 {
			t.Fatalf("a disallowed product still shows: %+v", cp)
		}
		var off []productaccess.PlatformProduct
		w.call(http.StatusOK, pa+"/platform/findDisallowed", w.msp, nil).JSON(t, &off)
		if len(off) != 1 || off[0].OspID != bike.OspID || !off[0].Disallowed || off[0].DisallowedAt == "" {
			t.Fatalf("disallowed list: %+v", off)
		}
		// a group may not be granted it, a partner may not newly select it
		w.refused(http.StatusBadRequest, "PRODUCT_NOT_OFFERED", pa+"/authorization/product/usage/grant", w.acme, grantBody(g2, bike))
		res := w.partnerSelects(seed.OtherPartnerOspID, ospIDs(bike), nil, false)
		if res.Status != http.StatusBadRequest || res.Label() != "PRODUCT_PLATFORM_DISALLOWED" || res.Field() != "selectedProducts" {
			t.Fatalf("partner selects a disallowed product: %d %s", res.Status, res.Body)
		}
		// only staff disallow and allow
		w.refused(http.StatusForbidden, "FORBIDDEN", pa+"/platform/allow", w.msp, map[string]string{"productOspId": bike.OspID})
		w.refused(http.StatusNotFound, "NOT_FOUND", pa+"/platform/allow", w.staff, map[string]string{"productOspId": "no-such-product"})
		var pp productaccess.PlatformProduct
		w.call(http.StatusOK, pa+"/platform/allow", w.staff, map[string]string{"productOspId": bike.OspID}).JSON(t, &pp)
		if pp.Disallowed || pp.OspID != bike.OspID {
			t.Fatalf("allowed again: %+v", pp)
		}
		if cp = view(w.acme); len(cp.Products) != 2 {
			t.Fatalf("an allowed product is back with its grants: %+v", cp)
		}
	})
}
