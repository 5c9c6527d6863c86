package partner_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/database"
	"mobility/portal/internal/partner"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

const base = "/portal-service/v1/partner"

func names(ps []partner.Summary) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Name
	}
	return out
}

func detailNames(ps []partner.Detail) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Name
	}
	return out
}

// errField is the first field an error body names ("" for none).
func errField(t *testing.T, res *testkit.Response) string {
	t.Helper()
	var b struct {
		Errors []apperr.FieldError `json:"errors"`
	}
	res.JSON(t, &b)
	if len(b.Errors) == 0 {
		return ""
	}
	return b.Errors[0].Field
}

func goodData(ext string) map[string]any {
	return map[string]any{"name": "Partner " + ext, "extId": ext, "partnerType": "RESELLER", "street": "Kerkstraat",
		"streetNumber": "1", "zipCode": "9000", "city": "Gent", "country": "BE", "vatNumber": "BE0123456749",
		"email": "billing@" + strings.ToLower(ext) + ".example", "sendInvoices": true, "selfBilling": false}
}

func TestReadsByRoleAndTenant(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff, msp, acme, rideon := e.LoginAs("ospadmin"), e.LoginAs("msp.admin"), e.LoginAs("acme.admin"), e.LoginAs("rideon.admin")

		// getAll: platform staff only, by name, with the active filter
		res := e.Post(base+"/getAll", staff, map[string]any{})
		testkit.MustStatus(t, res, http.StatusOK)
		var all []partner.Detail
		res.JSON(t, &all)
		if got := detailNames(all); !slices.Equal(got, []string{"CityBike Rentals", "FleetDeal Resellers", "MobiPartner", "RideOn Mobility"}) {
			t.Fatalf("getAll: %v", got)
		}
		mobi := all[2]
		if mobi.OspID != seed.MobiPartnerOspID || mobi.ExtID != "MOBI" || mobi.PartnerType != "MSP" || !mobi.Active ||
			mobi.Data != (partner.Data{PartnerType: "MSP", Name: "MobiPartner", ExtID: "MOBI"}) || mobi.VatNumber != "BE0403170701" ||
			mobi.City != "Brussel" || mobi.Country != "BE" || !mobi.SendInvoices || mobi.SelfBilling ||
			len(mobi.SelectedBudgetTypes) != 5 || mobi.SelectedBudgetTypes[0] != "MOBILITY_BUDGET" ||
			mobi.SelectedProducts == nil || len(mobi.SelectedProducts) != 0 || mobi.SelectedServiceResources == nil {
			t.Fatalf("MobiPartner: %s", res.Body)
		}
		// the brand colour is branding's (wired at start-up)
		colors, err := e.App.Branding.PartnerBrandColors(context.Background(), []int64{e.PartnerID(seed.MobiPartnerOspID)})
		if err != nil || mobi.BrandColor != colors[e.PartnerID(seed.MobiPartnerOspID)] || mobi.BrandColor == "" {
			t.Fatalf("brand colour %q, branding says %v (%v)", mobi.BrandColor, colors, err)
		}
		res = e.Post(base+"/getAll", staff, map[string]any{"active": false})
		testkit.MustStatus(t, res, http.StatusOK)
		if strings.TrimSpace(string(res.Body)) != "[]" {
			t.Fatalf("inactive partners: %s", res.Body)
		}
		for _, tok := range []string{msp, acme, rideon} {
			if res := e.Post(base+"/getAll", tok, map[string]any{}); res.Status != http.StatusForbidden {
				t.Fatalf("getAll by a non-staff admin: %d %s", res.Status, res.Body)
			}
		}

		// mrp/getAll: any signed-in admin; active MRP and MRP_MSP only
		res = e.Post(base+"/create", staff, map[string]any{"partnerData": map[string]any{"name": "Duo", "extId": "DUO", "partnerType": "MRP_MSP"}})
		testkit.MustStatus(t, res, http.StatusOK)
		res = e.Post(base+"/create", staff, map[string]any{"partnerData": map[string]any{"name": "Gone", "extId": "GONE", "partnerType": "MRP"}})
		testkit.MustStatus(t, res, http.StatusOK)
		var gone partner.Detail
		res.JSON(t, &gone)
		if err := e.App.Partners.SetActive(context.Background(), e.PartnerID(gone.OspID), false); err != nil {
			t.Fatal(err)
		}
		res = e.Post(base+"/mrp/getAll", acme, nil)
		testkit.MustStatus(t, res, http.StatusOK)
		var mrps []partner.Summary
		res.JSON(t, &mrps)
		if got := names(mrps); !slices.Equal(got, []string{"CityBike Rentals", "Duo"}) || mrps[0].Data.PartnerType != "MRP" ||
			strings.Contains(string(res.Body), "vatNumber") {
			t.Fatalf("mrp/getAll: %s", res.Body)
		}

		// get: staff any; an MSP admin its own only; company admins never
		for _, c := range []struct {
			name, token, osp string
			status           int
		}{
			{"staff reads RideOn", staff, seed.OtherPartnerOspID, 200},
			{"msp admin reads own", msp, seed.MobiPartnerOspID, 200},
			{"msp admin reads another partner", msp, seed.OtherPartnerOspID, 404},
			{"msp admin reads a sub-partner", msp, seed.ResellerPartnerOspID, 404},
			{"rideon admin reads MobiPartner", rideon, seed.MobiPartnerOspID, 404},
			{"company admin", acme, seed.MobiPartnerOspID, 403},
			{"unknown id", staff, "00000000-0000-4000-8000-000000000000", 404},
			{"no id", staff, "", 400},
		} {
			res := e.Post(base+"/get", c.token, map[string]any{"ospId": c.osp})
			if res.Status != c.status {
				t.Errorf("%s: want %d, got %d %s", c.name, c.status, res.Status, res.Body)
			}
			if c.status == 200 {
				var d partner.Detail
				res.JSON(t, &d)
				if d.OspID != c.osp {
					t.Errorf("%s: %s", c.name, res.Body)
				}
			}
		}

		// related/get: an MSP admin sees its own partner's links
		res = e.Post(base+"/related/get", msp, map[string]any{"ospId": seed.MobiPartnerOspID})
		testkit.MustStatus(t, res, http.StatusOK)
		var rel partner.Related
		res.JSON(t, &rel)
		if !slices.Equal(names(rel.SubPartners), []string{"CityBike Rentals", "FleetDeal Resellers"}) || len(rel.SuperPartners) != 0 {
			t.Fatalf("MobiPartner's links: %s", res.Body)
		}
		res = e.Post(base+"/related/get", staff, map[string]any{"ospId": seed.MrpPartnerOspID})
		testkit.MustStatus(t, res, http.StatusOK)
		res.JSON(t, &rel)
		if !slices.Equal(names(rel.SuperPartners), []string{"MobiPartner"}) || len(rel.SubPartners) != 0 {
			t.Fatalf("CityBike's links: %s", res.Body)
		}
		if res := e.Post(base+"/related/get", rideon, map[string]any{"ospId": seed.MobiPartnerOspID}); res.Status != 404 {
			t.Fatalf("related/get of another partner: %d %s", res.Status, res.Body)
		}
		if res := e.Post(base+"/related/get", acme, map[string]any{"ospId": seed.MobiPartnerOspID}); res.Status != 403 {
			t.Fatalf("related/get by a company admin: %d %s", res.Status, res.Body)
		}
	})
}

func TestWritesArePlatformStaffOnly(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		tokens := map[string]string{}
		for _, login := range []string{"msp.admin", "acme.admin", "rideon.admin"} {
			tokens[login] = e.LoginAs(login)
		}
		before := e.Snapshot("rate_limits")
		for login, tok := range tokens {
			for path, body := range map[string]any{
				"/create": map[string]any{"partnerData": goodData("NEW")},
				"/update": map[string]any{"ospId": seed.MobiPartnerOspID, "partnerData": goodData("MOBI2"),
					"selectedBudgetTypes": []string{}, "applyChangesToCorporateAccounts": true},
				"/related/add": map[string]any{"ospId": seed.MobiPartnerOspID, "relatedPartnerOspId": seed.OtherPartnerOspID, "relation": "SUB"},
				"/related/remove": map[string]any{"ospId": seed.MobiPartnerOspID, "relatedPartnerOspId": seed.ResellerPartnerOspID,
					"relation": "SUB"},
			} {
				if res := e.Post(base+path, tok, body); res.Status != http.StatusForbidden {
					t.Errorf("%s %s: want 403, got %d %s", login, path, res.Status, res.Body)
				}
			}
		}
		if moved := e.Snapshot("rate_limits").Changed(before); len(moved) > 0 {
			t.Fatalf("refused writes changed %v", moved)
		}
	})
}

func TestCreateAndUpdate(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff := e.LoginAs("ospadmin")
		data := goodData("NEWCO")
		data["vatNumber"] = "be 0123.456.749"
		data["country"] = "be"
		res := e.Post(base+"/create", staff, map[string]any{"partnerData": data,
			"selectedBudgetTypes": []string{"COMPANY_BUDGET", "MOBILITY_BUDGET", "COMPANY_BUDGET"}})
		testkit.MustStatus(t, res, http.StatusOK)
		var d partner.Detail
		res.JSON(t, &d)
		if d.OspID == "" || d.Name != "Partner NEWCO" || d.ExtID != "NEWCO" || d.PartnerType != "RESELLER" || !d.Active ||
			d.Data.PartnerType != "RESELLER" || d.VatNumber != "BE0123456749" || d.Country != "BE" || d.ZipCode != "9000" ||
			!d.SendInvoices || d.SelfBilling || d.Email != "billing@newco.example" || d.BrandColor != partner.DefaultBrandColor ||
			!slices.Equal(d.SelectedBudgetTypes, []string{"MOBILITY_BUDGET", "COMPANY_BUDGET"}) {
			t.Fatalf("created: %s", res.Body)
		}
		var stored []string
		if err := e.DB.Select(context.Background(), &stored, `SELECT budget_type FROM partner_budget_types
			WHERE partner_id = ? ORDER BY budget_type`, e.PartnerID(d.OspID)); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(stored, []string{"COMPANY_BUDGET", "MOBILITY_BUDGET"}) {
			t.Fatalf("stored types: %v", stored)
		}

		// update: fields change; a list left out keeps the selection
		data = goodData("NEWCO")
		data["name"], data["partnerType"], data["selfBilling"], data["country"], data["zipCode"] = "Renamed", "MRP", true, "NL", "1012 AB"
		data["vatNumber"] = "NL123456789B01"
		res = e.Post(base+"/update", staff, map[string]any{"ospId": d.OspID, "partnerData": data})
		testkit.MustStatus(t, res, http.StatusOK)
		res.JSON(t, &d)
		if d.Name != "Renamed" || d.PartnerType != "MRP" || !d.SelfBilling || d.Country != "NL" || d.ZipCode != "1012 AB" ||
			d.VatNumber != "NL123456789B01" || !slices.Equal(d.SelectedBudgetTypes, []string{"MOBILITY_BUDGET", "COMPANY_BUDGET"}) {
			t.Fatalf("updated: %s", res.Body)
		}
		// an empty list clears it; keeping one's own extId is no conflict
		res = e.Post(base+"/update", staff, map[string]any{"ospId": d.OspID, "partnerData": data, "selectedBudgetTypes": []string{}})
		testkit.MustStatus(t, res, http.StatusOK)
		res.JSON(t, &d)
		if len(d.SelectedBudgetTypes) != 0 || d.SelectedBudgetTypes == nil {
			t.Fatalf("cleared: %s", res.Body)
		}
		// taking another partner's extId is refused, on create and update
		data["extId"] = "MOBI"
		res = e.Post(base+"/update", staff, map[string]any{"ospId": d.OspID, "partnerData": data})
		if res.Status != 400 || errField(t, res) != "partnerData.extId" {
			t.Fatalf("extId taken on update: %d %s", res.Status, res.Body)
		}
		if res := e.Post(base+"/create", staff, map[string]any{"partnerData": data}); res.Status != 400 || errField(t, res) != "partnerData.extId" {
			t.Fatalf("extId taken on create: %d %s", res.Status, res.Body)
		}
		if res := e.Post(base+"/update", staff, map[string]any{"ospId": "00000000-0000-4000-8000-000000000000",
			"partnerData": goodData("X")}); res.Status != 404 {
			t.Fatalf("update unknown: %d %s", res.Status, res.Body)
		}
		// every partner kind can be made
		for _, k := range partner.Types {
			res := e.Post(base+"/create", staff, map[string]any{"partnerData": map[string]any{"name": "Kind " + k, "extId": "KIND_" + k, "partnerType": k}})
			testkit.MustStatus(t, res, http.StatusOK)
			res.JSON(t, &d)
			if d.PartnerType != k || d.Country != "BE" {
				t.Fatalf("kind %s: %s", k, res.Body)
			}
		}
	})
}

func TestValidation(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff := e.LoginAs("ospadmin")
		with := func(field string, v any) map[string]any {
			d := goodData("VAL")
			d[field] = v
			return map[string]any{"partnerData": d}
		}
		huge := make([]string, 10000)
		for i := range huge {
			huge[i] = "MOBILITY_BUDGET"
		}
		bad := []struct {
			name  string
			body  map[string]any
			field string
			label string
		}{
			{"no name", with("name", "  "), "partnerData.name", "VALIDATION_FAILED"},
			{"50,000-character name", with("name", strings.Repeat("x", 50000)), "partnerData.name", "VALIDATION_FAILED"},
			{"NUL in name", with("name", "Bad\x00Name"), "partnerData.name", "VALIDATION_FAILED"},
			{"newline in name", with("name", "Bad\nName"), "partnerData.name", "VALIDATION_FAILED"},
			{"no extId", with("extId", ""), "partnerData.extId", "VALIDATION_FAILED"},
			{"dot in extId", with("extId", "a.b"), "partnerData.extId", "VALIDATION_FAILED"},
			{"space in extId", with("extId", "a b"), "partnerData.extId", "VALIDATION_FAILED"},
			{"extId taken", with("extId", "RIDEON"), "partnerData.extId", "VALIDATION_FAILED"},
			{"no type", with("partnerType", ""), "partnerData.partnerType", "VALIDATION_FAILED"},
			{"unknown type", with("partnerType", "BANK"), "partnerData.partnerType", "VALIDATION_FAILED"},
			{"unknown country", with("country", "XX"), "partnerData.country", "VALIDATION_FAILED"},
			{"country name", with("country", "Belgium"), "partnerData.country", "VALIDATION_FAILED"},
			{"Belgian zip of 5 digits", with("zipCode", "10000"), "partnerData.zipCode", "VALIDATION_FAILED"},
			{"Belgian zip with letters", with("zipCode", "10AB"), "partnerData.zipCode", "VALIDATION_FAILED"},
			{"VAT check digits wrong", with("vatNumber", "BE0123456748"), "partnerData.vatNumber", "VALIDATION_FAILED"},
			{"VAT too short", with("vatNumber", "BE012345674"), "partnerData.vatNumber", "VALIDATION_FAILED"},
			{"VAT Belgian starting with 2", with("vatNumber", "BE2123456749"), "partnerData.vatNumber", "VALIDATION_FAILED"},
			{"VAT of no country", with("vatNumber", "ZZ123456789"), "partnerData.vatNumber", "VALIDATION_FAILED"},
			{"VAT Dutch format wrong", with("vatNumber", "NL123456789"), "partnerData.vatNumber", "VALIDATION_FAILED"},
			{"bad e-mail", with("email", "not-an-email"), "partnerData.email", "VALIDATION_FAILED"},
			{"e-mail with two addresses", with("email", "a@b.example, c@d.example"), "partnerData.email", "VALIDATION_FAILED"},
			{"tab in street", with("street", "Kerk\tstraat"), "partnerData.street", "VALIDATION_FAILED"},
			{"long city", with("city", strings.Repeat("é", 101)), "partnerData.city", "VALIDATION_FAILED"},
			{"unknown budget type", map[string]any{"partnerData": goodData("VAL"), "selectedBudgetTypes": []string{"MOBILITY_BUDGET", "GOLD"}},
				"selectedBudgetTypes[1]", "VALIDATION_FAILED"},
			{"10,000 budget types", map[string]any{"partnerData": goodData("VAL"), "selectedBudgetTypes": huge}, "selectedBudgetTypes", "VALIDATION_FAILED"},
			{"budget types not a list", map[string]any{"partnerData": goodData("VAL"), "selectedBudgetTypes": "MOBILITY_BUDGET"}, "selectedBudgetTypes", ""},
			{"a product", map[string]any{"partnerData": goodData("VAL"), "selectedProducts": []string{"p1"}}, "selectedProducts", "UNKNOWN_PRODUCT"},
			{"a service resource", map[string]any{"partnerData": goodData("VAL"), "selectedServiceResources": []string{"r1"}},
				"selectedServiceResources", "UNKNOWN_SERVICE_RESOURCE"},
			{"10,000 products", map[string]any{"partnerData": goodData("VAL"), "selectedProducts": huge}, "selectedProducts", "VALIDATION_FAILED"},
		}
		before := e.Snapshot("rate_limits")
		for _, c := range bad {
			for _, path := range []string{"/create", "/update"} {
				body := map[string]any{}
				for k, v := range c.body {
					body[k] = v
				}
				if path == "/update" {
					body["ospId"] = seed.ResellerPartnerOspID
					if c.name == "extId taken" {
						body["ospId"] = seed.MrpPartnerOspID
					}
				}
				res := e.Post(base+path, staff, body)
				if res.Status != 400 || errField(t, res) != c.field || (c.label != "" && res.Label() != c.label) {
					t.Errorf("%s %s: want 400 %s on %s, got %d %s", path, c.name, c.label, c.field, res.Status, res.Body)
				}
			}
		}
		if moved := e.Snapshot("rate_limits").Changed(before); len(moved) > 0 {
			t.Fatalf("refused input changed %v", moved)
		}
		good := []struct {
			name  string
			field string
			value any
		}{
			{"Belgian VAT with dots and spaces", "vatNumber", "BE 0403.170.701"},
			{"Belgian VAT lowercase", "vatNumber", "be0456423996"},
			{"German VAT", "vatNumber", "DE123456789"},
			{"French VAT", "vatNumber", "FRXX123456789"},
			{"no VAT", "vatNumber", ""},
			{"no e-mail", "email", ""},
			{"no address", "street", ""},
			{"accents in name", "name", "Société Générale de Mobilité"},
			{"lowercase country", "country", "lu"},
			{"100-character name", "name", strings.Repeat("n", 100)},
		}
		for i, c := range good {
			d := goodData(fmt.Sprintf("GOOD%d", i))
			d[c.field] = c.value
			if c.field == "country" {
				d["zipCode"] = "L-1234"
				d["vatNumber"] = "LU12345678"
			}
			res := e.Post(base+"/create", staff, map[string]any{"partnerData": d})
			if res.Status != 200 {
				t.Errorf("%s: %d %s", c.name, res.Status, res.Body)
			}
		}
	})
}

func post(t *testing.T, e *testkit.Env, tok, path string, body any) *testkit.Response {
	t.Helper()
	return e.Post(base+path, tok, body)
}

func TestLinks(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff := e.LoginAs("ospadmin")
		mk := func(ext string) string {
			res := post(t, e, staff, "/create", map[string]any{"partnerData": map[string]any{"name": ext, "extId": ext, "partnerType": "MSP"}})
			testkit.MustStatus(t, res, 200)
			return res.Map(t)["ospId"].(string)
		}
		a, b, c, d := mk("A"), mk("B"), mk("C"), mk("D")
		link := func(osp, related, relation string) *testkit.Response {
			return post(t, e, staff, "/related/add", map[string]any{"ospId": osp, "relatedPartnerOspId": related, "relation": relation})
		}
		// A above B (SUB from A), C below B (SUPER from C)
		res := link(a, b, "SUB")
		testkit.MustStatus(t, res, 200)
		var rel partner.Related
		res.JSON(t, &rel)
		if !slices.Equal(names(rel.SubPartners), []string{"B"}) {
			t.Fatalf("A's subs: %s", res.Body)
		}
		res = link(c, b, "SUPER")
		testkit.MustStatus(t, res, 200)
		res.JSON(t, &rel)
		if !slices.Equal(names(rel.SuperPartners), []string{"B"}) || len(rel.SubPartners) != 0 {
			t.Fatalf("C's supers: %s", res.Body)
		}
		before := e.Snapshot("rate_limits")
		for _, x := range []struct {
			name, osp, related, relation string
			status                       int
			label                        string
		}{
			{"self", a, a, "SUB", 400, "PARTNER_LINK_SELF"},
			{"self as super", b, b, "SUPER", 400, "PARTNER_LINK_SELF"},
			{"twice", a, b, "SUB", 409, "PARTNER_LINK_EXISTS"},
			{"twice from the other side", b, a, "SUPER", 409, "PARTNER_LINK_EXISTS"},
			{"direct cycle", b, a, "SUB", 409, "PARTNER_LINK_CYCLE"},
			{"A→B→C→A", c, a, "SUB", 409, "PARTNER_LINK_CYCLE"},
			{"A→B→C→A from A", a, c, "SUPER", 409, "PARTNER_LINK_CYCLE"},
			{"bad relation", a, d, "SIDEWAYS", 400, "VALIDATION_FAILED"},
			{"no relation", a, d, "", 400, "VALIDATION_FAILED"},
			{"unknown related", a, "00000000-0000-4000-8000-000000000000", "SUB", 404, "NOT_FOUND"},
		} {
			res := link(x.osp, x.related, x.relation)
			if res.Status != x.status || res.Label() != x.label {
				t.Errorf("%s: want %d %s, got %d %s", x.name, x.status, x.label, res.Status, res.Body)
			}
		}
		if moved := e.Snapshot("rate_limits").Changed(before); len(moved) > 0 {
			t.Fatalf("refused links changed %v", moved)
		}
		// a diamond is no cycle: A→D and D→C (C has two supers)
		testkit.MustStatus(t, link(a, d, "SUB"), 200)
		testkit.MustStatus(t, link(d, c, "SUB"), 200)
		res = post(t, e, staff, "/related/get", map[string]any{"ospId": c})
		res.JSON(t, &rel)
		if !slices.Equal(names(rel.SuperPartners), []string{"B", "D"}) {
			t.Fatalf("C's supers: %s", res.Body)
		}
		// remove, then removing again is PARTNER_LINK_NOT_FOUND
		unlink := func(osp, related, relation string) *testkit.Response {
			return post(t, e, staff, "/related/remove", map[string]any{"ospId": osp, "relatedPartnerOspId": related, "relation": relation})
		}
		res = unlink(c, b, "SUPER")
		testkit.MustStatus(t, res, 200)
		res.JSON(t, &rel)
		if !slices.Equal(names(rel.SuperPartners), []string{"D"}) {
			t.Fatalf("after remove: %s", res.Body)
		}
		if res := unlink(c, b, "SUPER"); res.Status != 404 || res.Label() != "PARTNER_LINK_NOT_FOUND" {
			t.Fatalf("remove twice: %d %s", res.Status, res.Body)
		}
		if res := unlink(b, a, "SUB"); res.Status != 404 || res.Label() != "PARTNER_LINK_NOT_FOUND" {
			t.Fatalf("remove the wrong way round: %d %s", res.Status, res.Body)
		}
		// now C→... B→C is gone, so C above B closes no cycle? A→B, A→D→C: C→B is fine
		testkit.MustStatus(t, link(c, b, "SUB"), 200)
		// and B→A still would
		if res := link(b, a, "SUB"); res.Status != 409 || res.Label() != "PARTNER_LINK_CYCLE" {
			t.Fatalf("cycle after changes: %d %s", res.Status, res.Body)
		}
	})
}

// Two links that each are fine but together close a cycle, added at once:
// exactly one is stored.
func TestConcurrentLinksCannotCloseACycle(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff := &access.Principal{Scope: access.SystemScope(), Roles: []access.Role{access.OspAdmin}}
		ctx := context.Background()
		for round := 0; round < 5; round++ {
			var osp []string
			for i := 0; i < 3; i++ {
				id, err := e.App.Partners.Add(ctx, partner.NewPartner{Data: partner.PartnerData{Name: "P", ExtID: fmt.Sprintf("R%dP%d", round, i), PartnerType: "MSP"}})
				if err != nil {
					t.Fatal(err)
				}
				p, err := e.App.Partners.ByID(ctx, access.SystemScope(), id)
				if err != nil {
					t.Fatal(err)
				}
				osp = append(osp, p.OspID)
			}
			// P0→P1 exists; P1→P2 and P2→P0 at once would close P0→P1→P2→P0
			if _, err := e.App.Partners.Link(ctx, staff, partner.LinkRequest{OspID: osp[0], RelatedPartnerOspID: osp[1], Relation: "SUB"}); err != nil {
				t.Fatal(err)
			}
			var wg sync.WaitGroup
			errs := make([]error, 2)
			for i, pair := range [][2]string{{osp[1], osp[2]}, {osp[2], osp[0]}} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					_, errs[i] = e.App.Partners.Link(ctx, staff, partner.LinkRequest{OspID: pair[0], RelatedPartnerOspID: pair[1], Relation: "SUB"})
				}()
			}
			wg.Wait()
			ok := 0
			for _, err := range errs {
				if err == nil {
					ok++
				} else if a := apperr.As(err); a == nil || a.Label != partner.LabelLinkCycle {
					t.Fatalf("round %d: %v", round, err)
				}
			}
			if ok != 1 {
				t.Fatalf("round %d: %d of the two links were stored: %v", round, ok, errs)
			}
		}
	})
}

func companyTypes(t *testing.T, e *testkit.Env, companyOsp string) map[string]int64 {
	t.Helper()
	var rows []struct {
		Type   string `db:"budget_type"`
		Amount int64  `db:"frequency_amount"`
	}
	if err := e.DB.Select(context.Background(), &rows, `SELECT budget_type, frequency_amount FROM company_budget_types
		WHERE corporate_account_id = ?`, e.CorporateAccountID(companyOsp)); err != nil {
		t.Fatal(err)
	}
	out := map[string]int64{}
	for _, r := range rows {
		out[r.Type] = r.Amount
	}
	return out
}

func TestApplyChangesToCorporateAccounts(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff := e.LoginAs("ospadmin")
		ctx := context.Background()
		acme := e.CorporateAccountID(seed.AcmeOspID)
		// Acme offers business (with a default amount) and cafeteria
		if _, err := e.DB.Exec(ctx, `DELETE FROM company_budget_types WHERE corporate_account_id = ?`, acme); err != nil {
			t.Fatal(err)
		}
		if _, err := e.DB.Exec(ctx, `INSERT INTO company_budget_types (corporate_account_id, budget_type, frequency_amount)
			VALUES (?, 'BUSINESS_BUDGET', 2500), (?, 'CAFETERIA_BUDGET', 0)`, acme, acme); err != nil {
			t.Fatal(err)
		}
		globexBefore := companyTypes(t, e, seed.GlobexOspID)
		initechBefore := companyTypes(t, e, seed.InitechOspID)
		mobiData := func(name string) map[string]any {
			return map[string]any{"name": name, "extId": "MOBI", "partnerType": "MSP"}
		}

		// without the flag the companies keep theirs
		res := e.Post(base+"/update", staff, map[string]any{"ospId": seed.MobiPartnerOspID, "partnerData": mobiData("MobiPartner"),
			"selectedBudgetTypes": []string{"MOBILITY_BUDGET"}})
		testkit.MustStatus(t, res, 200)
		if got := companyTypes(t, e, seed.AcmeOspID); len(got) != 2 || got["BUSINESS_BUDGET"] != 2500 {
			t.Fatalf("Acme changed without the flag: %v", got)
		}
		if got := companyTypes(t, e, seed.GlobexOspID); fmt.Sprint(got) != fmt.Sprint(globexBefore) {
			t.Fatalf("Globex changed without the flag: %v", got)
		}

		// one company failing rolls everything back: the partner's fields,
		// its selection and every company's types
		globex := e.CorporateAccountID(seed.GlobexOspID)
		failOn := func() func() {
			if e.DB.Dialect == database.Postgres {
				if _, err := e.DB.Exec(ctx, fmt.Sprintf(`CREATE FUNCTION fail_globex() RETURNS trigger AS $$ BEGIN
					IF NEW.corporate_account_id = %d THEN RAISE EXCEPTION 'globex refuses'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`, globex)); err != nil {
					t.Fatal(err)
				}
				if _, err := e.DB.Exec(ctx, `CREATE TRIGGER fail_globex BEFORE INSERT ON company_budget_types FOR EACH ROW EXECUTE FUNCTION fail_globex()`); err != nil {
					t.Fatal(err)
				}
				return func() {
					_, _ = e.DB.Exec(ctx, `DROP TRIGGER fail_globex ON company_budget_types`)
					_, _ = e.DB.Exec(ctx, `DROP FUNCTION fail_globex()`)
				}
			}
			if _, err := e.DB.Exec(ctx, fmt.Sprintf(`CREATE TRIGGER fail_globex BEFORE INSERT ON company_budget_types
				WHEN NEW.corporate_account_id = %d BEGIN SELECT RAISE(ABORT, 'globex refuses'); END`, globex)); err != nil {
				t.Fatal(err)
			}
			return func() { _, _ = e.DB.Exec(ctx, `DROP TRIGGER fail_globex`) }
		}
		undo := failOn()
		before := e.Snapshot("rate_limits")
		res = e.Post(base+"/update", staff, map[string]any{"ospId": seed.MobiPartnerOspID, "partnerData": mobiData("Half done"),
			"selectedBudgetTypes": []string{"MOBILITY_BUDGET", "COMMUTING_BUDGET"}, "applyChangesToCorporateAccounts": true})
		if res.Status != 500 {
			t.Fatalf("a failing company: %d %s", res.Status, res.Body)
		}
		if moved := e.Snapshot("rate_limits").Changed(before); len(moved) > 0 {
			t.Fatalf("a failed push changed %v", moved)
		}
		undo()

		// with the flag every company of the partner offers exactly the
		// selection; a type it had keeps its defaults; other partners'
		// companies are untouched
		res = e.Post(base+"/update", staff, map[string]any{"ospId": seed.MobiPartnerOspID, "partnerData": mobiData("MobiPartner"),
			"selectedBudgetTypes": []string{"COMMUTING_BUDGET", "BUSINESS_BUDGET"}, "applyChangesToCorporateAccounts": true})
		testkit.MustStatus(t, res, 200)
		want := fmt.Sprint(map[string]int64{"BUSINESS_BUDGET": 2500, "COMMUTING_BUDGET": 0})
		if got := companyTypes(t, e, seed.AcmeOspID); fmt.Sprint(got) != want {
			t.Fatalf("Acme after the push: %v", got)
		}
		if got := companyTypes(t, e, seed.GlobexOspID); len(got) != 2 || got["BUSINESS_BUDGET"] != globexBefore["BUSINESS_BUDGET"] ||
			!hasKeys(got, "BUSINESS_BUDGET", "COMMUTING_BUDGET") {
			t.Fatalf("Globex after the push: %v", got)
		}
		if got := companyTypes(t, e, seed.InitechOspID); fmt.Sprint(got) != fmt.Sprint(initechBefore) {
			t.Fatalf("Initech (RideOn) changed: %v", got)
		}
		// the flag with the list left out pushes the stored selection
		if _, err := e.DB.Exec(ctx, `DELETE FROM company_budget_types WHERE corporate_account_id = ?`, globex); err != nil {
			t.Fatal(err)
		}
		res = e.Post(base+"/update", staff, map[string]any{"ospId": seed.MobiPartnerOspID, "partnerData": mobiData("MobiPartner"),
			"applyChangesToCorporateAccounts": true})
		testkit.MustStatus(t, res, 200)
		if got := companyTypes(t, e, seed.GlobexOspID); !hasKeys(got, "BUSINESS_BUDGET", "COMMUTING_BUDGET") || len(got) != 2 {
			t.Fatalf("Globex after pushing the stored selection: %v", got)
		}
		// an empty selection pushed leaves the companies offering none
		res = e.Post(base+"/update", staff, map[string]any{"ospId": seed.MobiPartnerOspID, "partnerData": mobiData("MobiPartner"),
			"selectedBudgetTypes": []string{}, "applyChangesToCorporateAccounts": true})
		testkit.MustStatus(t, res, 200)
		if got := companyTypes(t, e, seed.AcmeOspID); len(got) != 0 {
			t.Fatalf("Acme after pushing none: %v", got)
		}
	})
}

func hasKeys(m map[string]int64, keys ...string) bool {
	for _, k := range keys {
		if _, ok := m[k]; !ok {
			return false
		}
	}
	return true
}

func TestReadModelsAndSetActive(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		mobi, rideOn := e.PartnerID(seed.MobiPartnerOspID), e.PartnerID(seed.OtherPartnerOspID)
		got, err := e.App.Partners.SelectedBudgetTypes(ctx, []int64{mobi, rideOn, 999999})
		if err != nil {
			t.Fatal(err)
		}
		if len(got[mobi]) != 5 || !slices.Equal(got[rideOn], []string{"MOBILITY_BUDGET", "BUSINESS_BUDGET", "COMPANY_BUDGET"}) ||
			got[999999] == nil || len(got[999999]) != 0 {
			t.Fatalf("SelectedBudgetTypes: %v", got)
		}
		// SetActive joins the caller's transaction: rolled back with it
		boom := fmt.Errorf("boom")
		err = e.DB.WithTx(ctx, func(ctx context.Context) error {
			if err := e.App.Partners.SetActive(ctx, rideOn, false); err != nil {
				return err
			}
			return boom
		})
		if err != boom {
			t.Fatal(err)
		}
		p, err := e.App.Partners.ByID(ctx, access.SystemScope(), rideOn)
		if err != nil || !p.Active {
			t.Fatalf("rolled back SetActive: %+v %v", p, err)
		}
		if err := e.App.Partners.SetActive(ctx, rideOn, false); err != nil {
			t.Fatal(err)
		}
		if p, _ := e.App.Partners.ByID(ctx, access.SystemScope(), rideOn); p.Active {
			t.Fatal("SetActive(false) did not stick")
		}
		if err := e.App.Partners.SetActive(ctx, 999999, false); !apperr.IsNotFound(err) {
			t.Fatalf("unknown partner: %v", err)
		}
	})
}
