package productaccess_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"mobility/portal/internal/partner"
	"mobility/portal/internal/productaccess"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

type companyCatalogue struct {
	AllowedProducts          []string `json:"allowedProducts"`
	AllowedServiceResources  []string `json:"allowedServiceResources"`
	SelectedProducts         []string `json:"selectedProducts"`
	SelectedServiceResources []string `json:"selectedServiceResources"`
}

func (w *world) companyCatalogue(companyOspID string) companyCatalogue {
	w.t.Helper()
	var c companyCatalogue
	w.call(http.StatusOK, v1+"/corporateAccount/get", w.staff, map[string]string{"ospId": companyOspID}).JSON(w.t, &c)
	return c
}

func (w *world) partnerDetail(ospID string) partner.Detail {
	w.t.Helper()
	var d partner.Detail
	w.call(http.StatusOK, v1+"/partner/get", w.staff, map[string]string{"ospId": ospID}).JSON(w.t, &d)
	return d
}

// Partner level: the selection is stored with the partner's update in
// its transaction and shown by partner/get; unknown or deactivated
// products and service resources are refused naming the list, with
// nothing written.
func TestPartnerSelection(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		w := newWorld(t, e)
		bike, train, old := w.product("Blue-bike"), w.product("Train"), w.product("Old product")
		parking := w.resource("Interparking")
		w.setActive(old, false)
		res := w.partnerSelects(seed.MobiPartnerOspID, ospIDs(train, bike, train), []string{parking.OspID}, false)
		testkit.MustStatus(t, res, http.StatusOK)
		var d partner.Detail
		res.JSON(t, &d)
		if !slices.Equal(d.SelectedProducts, ospIDs(bike, train)) || !slices.Equal(d.SelectedServiceResources, []string{parking.OspID}) {
			t.Fatalf("partner's selection (by label, once each): %v %v", d.SelectedProducts, d.SelectedServiceResources)
		}
		before := e.Snapshot()
		for _, c := range []struct {
			name, label, field  string
			products, resources []string
		}{
			{"unknown product", "UNKNOWN_PRODUCT", "selectedProducts", []string{"nope"}, nil},
			{"deactivated product", "UNKNOWN_PRODUCT", "selectedProducts", ospIDs(old), nil},
			{"unknown service resource", "UNKNOWN_SERVICE_RESOURCE", "selectedServiceResources", nil, []string{"nope"}},
		} {
			res := w.partnerSelects(seed.MobiPartnerOspID, c.products, c.resources, true)
			if res.Status != http.StatusBadRequest || res.Label() != c.label || res.Field() != c.field {
				t.Errorf("%s: want 400 %s on %s, got %d %s", c.name, c.label, c.field, res.Status, res.Body)
			}
		}
		// create with a selection; MSP admins cannot write partners
		body := w.partnerUpdate(seed.MobiPartnerOspID, nil, nil, false)
		delete(body, "ospId")
		delete(body, "applyChangesToCorporateAccounts")
		body["partnerData"].(map[string]any)["extId"] = "NEWP"
		body["selectedProducts"] = []string{"nope"}
		w.refused(http.StatusBadRequest, "UNKNOWN_PRODUCT", v1+"/partner/create", w.staff, body)
		w.refused(http.StatusForbidden, "FORBIDDEN", v1+"/partner/update", w.msp, w.partnerUpdate(seed.MobiPartnerOspID, []string{}, nil, false))
		if changed := e.Snapshot().Changed(before); len(changed) > 0 {
			t.Fatalf("refused updates changed %v", changed)
		}
		body["selectedProducts"] = ospIDs(train)
		res = w.call(http.StatusOK, v1+"/partner/create", w.staff, body)
		res.JSON(t, &d)
		if !slices.Equal(d.SelectedProducts, ospIDs(train)) || len(d.SelectedServiceResources) != 0 {
			t.Fatalf("created partner's selection: %+v", d)
		}
		// the MSP admin reads its own partner's selection
		var own partner.Detail
		w.call(http.StatusOK, v1+"/partner/get", w.msp, map[string]string{"ospId": seed.MobiPartnerOspID}).JSON(t, &own)
		if !slices.Equal(own.SelectedProducts, ospIDs(bike, train)) {
			t.Fatalf("MSP admin's view: %v", own.SelectedProducts)
		}
		// a deactivated product stays selected but hidden; re-saving the
		// visible part keeps it, and it returns when reactivated
		w.setActive(bike, false)
		if got := w.partnerDetail(seed.MobiPartnerOspID).SelectedProducts; !slices.Equal(got, ospIDs(train)) {
			t.Fatalf("deactivated product still shows: %v", got)
		}
		testkit.MustStatus(t, w.partnerSelects(seed.MobiPartnerOspID, ospIDs(train), nil, false), http.StatusOK)
		w.setActive(bike, true)
		if got := w.partnerDetail(seed.MobiPartnerOspID).SelectedProducts; !slices.Equal(got, ospIDs(bike, train)) {
			t.Fatalf("reactivated product lost: %v", got)
		}
		// null keeps, [] clears
		testkit.MustStatus(t, w.partnerSelects(seed.MobiPartnerOspID, nil, []string{}, false), http.StatusOK)
		if got := w.partnerDetail(seed.MobiPartnerOspID); len(got.SelectedProducts) != 2 || len(got.SelectedServiceResources) != 0 {
			t.Fatalf("null keeps, [] clears: %+v", got)
		}
	})
}

// Company level and applyChangesToCorporateAccounts: a company offers a
// subset of its partner's selection, chosen by MSP admins and platform
// staff; with apply every company of the partner offers all the partner
// selects; what the partner drops leaves its companies and their groups.
func TestCompanySelectionAndApplyToCompanies(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		w := newWorld(t, e)
		bike, train, taxi := w.product("Blue-bike"), w.product("Train"), w.product("Taxi")
		parking := w.resource("Interparking")
		testkit.MustStatus(t, w.partnerSelects(seed.MobiPartnerOspID, ospIDs(bike, train), []string{parking.OspID}, false), http.StatusOK)
		if c := w.companyCatalogue(seed.AcmeOspID); !slices.Equal(c.AllowedProducts, ospIDs(bike, train)) || len(c.SelectedProducts) != 0 ||
			!slices.Equal(c.AllowedServiceResources, []string{parking.OspID}) {
			t.Fatalf("Acme before choosing: %+v", c)
		}
		// a company admin may not choose (SPEC: available-products is MSP only)
		before := e.Snapshot()
		res := w.companySelects(w.acme, seed.AcmeOspID, ospIDs(train), nil)
		if res.Status != http.StatusForbidden || res.Label() != "FIELD_NOT_CHANGEABLE" || res.Field() != "selectedProducts" {
			t.Fatalf("company admin chooses products: %d %s", res.Status, res.Body)
		}
		res = w.companySelects(w.msp, seed.AcmeOspID, ospIDs(taxi), nil)
		if res.Status != http.StatusBadRequest || res.Label() != "PRODUCT_NOT_ALLOWED_BY_PARTNER" || res.Field() != "selectedProducts" {
			t.Fatalf("a product the partner does not allow: %d %s", res.Status, res.Body)
		}
		w.refused(http.StatusBadRequest, "UNKNOWN_SERVICE_RESOURCE", v1+"/corporateAccount/update", w.msp,
			map[string]any{"ospId": seed.AcmeOspID, "selectedServiceResources": []string{"nope"}})
		w.refused(http.StatusNotFound, "NOT_FOUND", v1+"/corporateAccount/update", w.rideon,
			map[string]any{"ospId": seed.AcmeOspID, "selectedProducts": ospIDs(train)})
		w.refused(http.StatusForbidden, "FORBIDDEN", pa+"/permission/availability/findByCorporateAccount", w.acme,
			map[string]string{"corporateAccountOspId": seed.AcmeOspID})
		if changed := e.Snapshot().Changed(before); len(changed) > 0 {
			t.Fatalf("refused updates changed %v", changed)
		}
		// the company admin may send the lists unchanged (a whole form)
		testkit.MustStatus(t, w.companySelects(w.acme, seed.AcmeOspID, []string{}, []string{}), http.StatusOK)
		res = w.call(http.StatusOK, v1+"/corporateAccount/update", w.msp, map[string]any{"ospId": seed.AcmeOspID,
			"selectedProducts": ospIDs(train), "selectedServiceResources": []string{parking.OspID}})
		var c companyCatalogue
		res.JSON(t, &c)
		if !slices.Equal(c.SelectedProducts, ospIDs(train)) || !slices.Equal(c.SelectedServiceResources, []string{parking.OspID}) {
			t.Fatalf("Acme's choice in the answer: %+v", c)
		}
		var av productaccess.Availability
		w.call(http.StatusOK, pa+"/permission/availability/findByCorporateAccount", w.msp, map[string]string{"corporateAccountOspId": seed.AcmeOspID}).JSON(t, &av)
		if len(av.Products) != 2 || av.Products[0].Selected || !av.Products[1].Selected || len(av.ServiceResources) != 1 || !av.ServiceResources[0].Selected {
			t.Fatalf("availability: %+v", av)
		}
		w.refused(http.StatusNotFound, "NOT_FOUND", pa+"/permission/availability/findByCorporateAccount", w.rideon,
			map[string]string{"corporateAccountOspId": seed.AcmeOspID})

		// Globex offers nothing yet; apply pushes the partner's selection
		if c := w.companyCatalogue(seed.GlobexOspID); len(c.SelectedProducts) != 0 {
			t.Fatalf("Globex before: %+v", c)
		}
		g := w.group(seed.AcmeOspID, w.jan)
		testkit.MustStatus(t, w.grant(w.acme, g, train), http.StatusOK)
		testkit.MustStatus(t, w.partnerSelects(seed.MobiPartnerOspID, ospIDs(bike, train, taxi), nil, true), http.StatusOK)
		for _, co := range []string{seed.AcmeOspID, seed.GlobexOspID} {
			if c := w.companyCatalogue(co); !slices.Equal(c.SelectedProducts, ospIDs(bike, taxi, train)) ||
				!slices.Equal(c.SelectedServiceResources, []string{parking.OspID}) {
				t.Fatalf("%s after apply: %+v", co, c)
			}
		}
		// Initech (another partner) is untouched
		if c := w.companyCatalogue(seed.InitechOspID); len(c.SelectedProducts) != 0 || len(c.AllowedProducts) != 0 {
			t.Fatalf("Initech: %+v", c)
		}
		// the partner drops the train: its companies and their groups lose it
		testkit.MustStatus(t, w.partnerSelects(seed.MobiPartnerOspID, ospIDs(bike, taxi), nil, false), http.StatusOK)
		for _, co := range []string{seed.AcmeOspID, seed.GlobexOspID} {
			if c := w.companyCatalogue(co); !slices.Equal(c.SelectedProducts, ospIDs(bike, taxi)) {
				t.Fatalf("%s after the partner dropped the train: %+v", co, c)
			}
		}
		var gp productaccess.GroupProducts
		w.call(http.StatusOK, pa+"/permission/usage/findByUserGroup", w.acme, map[string]string{"userGroupOspId": g}).JSON(t, &gp)
		if len(gp.Products) != 0 {
			t.Fatalf("the group keeps a product its partner dropped: %+v", gp)
		}
		// the company narrows: its groups lose what it no longer offers
		testkit.MustStatus(t, w.grant(w.acme, g, bike, taxi), http.StatusOK)
		testkit.MustStatus(t, w.companySelects(w.staff, seed.AcmeOspID, ospIDs(bike), nil), http.StatusOK)
		w.call(http.StatusOK, pa+"/permission/usage/findByUserGroup", w.acme, map[string]string{"userGroupOspId": g}).JSON(t, &gp)
		if !slices.Equal(productOspIDs(gp.Products), ospIDs(bike)) {
			t.Fatalf("the group after Acme narrowed: %+v", gp)
		}
	})
}

// A company created by an MSP admin offers everything its partner allows
// unless it names a subset; a company moved to another partner keeps
// only what that partner selects.
func TestNewAndMovedCompanies(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		w := newWorld(t, e)
		bike, train := w.product("Blue-bike"), w.product("Train")
		testkit.MustStatus(t, w.partnerSelects(seed.MobiPartnerOspID, ospIDs(bike, train), nil, false), http.StatusOK)
		testkit.MustStatus(t, w.partnerSelects(seed.OtherPartnerOspID, ospIDs(train), nil, false), http.StatusOK)
		create := func(ext string, products []string) companyCatalogue {
			body := map[string]any{"name": "New " + ext, "extId": ext, "contractType": "BUSINESS_MOBILITY", "paymentType": "PREPAID",
				"firstAdmin": map[string]any{"firstname": "First", "lastname": "Admin", "email": strings.ToLower(ext) + "@example.com"}}
			if products != nil {
				body["selectedProducts"] = products
			}
			var c companyCatalogue
			w.call(http.StatusOK, v1+"/corporateAccount/create", w.msp, body).JSON(t, &c)
			return c
		}
		if c := create("NEWALL", nil); !slices.Equal(c.SelectedProducts, ospIDs(bike, train)) {
			t.Fatalf("new company offers all its partner allows: %+v", c)
		}
		if c := create("NEWONE", ospIDs(bike)); !slices.Equal(c.SelectedProducts, ospIDs(bike)) {
			t.Fatalf("new company with a subset: %+v", c)
		}
		// moved to RideOn's partner: the bike goes, the train stays
		testkit.MustStatus(t, w.companySelects(w.msp, seed.AcmeOspID, ospIDs(bike, train), nil), http.StatusOK)
		g := w.group(seed.AcmeOspID, w.jan)
		testkit.MustStatus(t, w.grant(w.acme, g, bike, train), http.StatusOK)
		res := w.call(http.StatusOK, v1+"/corporateAccount/update", w.staff, map[string]any{"ospId": seed.AcmeOspID,
			"partnerOspId": seed.OtherPartnerOspID, "selectedBudgetTypes": []string{"MOBILITY_BUDGET"}})
		var c companyCatalogue
		res.JSON(t, &c)
		if !slices.Equal(c.AllowedProducts, ospIDs(train)) || !slices.Equal(c.SelectedProducts, ospIDs(train)) {
			t.Fatalf("moved company: %+v", c)
		}
		if r := w.mayUse(w.janID, train); r != productaccess.Allowed {
			t.Fatalf("jan after the move: %s", r)
		}
		if r := w.mayUse(w.janID, bike); r != productaccess.PartnerNotSelected {
			t.Fatalf("jan's bike after the move: %s", r)
		}
	})
}
