package nmbsconfig_test

import (
	"net/http"
	"strings"
	"testing"

	"mobility/portal/internal/nmbsconfig"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

const base = "/portal-service/v1"

// SPEC §5: an organism number is 4 letters.
func TestOrganismNumber(t *testing.T) {
	for in, want := range map[string]string{"ACME": "ACME", " acme ": "ACME", "AbCd": "ABCD"} {
		if got, ok := nmbsconfig.NormalizeOrganismNumber(in); !ok || got != want {
			t.Errorf("%q: %q %v", in, got, ok)
		}
	}
	for _, in := range []string{"", "ACM", "ACMEE", "AC1E", "AC E", "ÄCME", "AC-E", "ACME\x00"} {
		if _, ok := nmbsconfig.NormalizeOrganismNumber(in); ok {
			t.Errorf("%q accepted", in)
		}
	}
}

func seasonBody(extra map[string]any) map[string]any {
	b := map[string]any{"corporateAccountOspId": seed.AcmeOspID, "enabled": true, "products": []string{"NETWORK", "ROUTE"},
		"classes": []int{2}, "budgetTypes": []string{"MOBILITY_BUDGET"}, "parkingAllowed": true, "organismNumber": "acme"}
	for k, v := range extra {
		b[k] = v
	}
	return b
}

// A company's season-card settings: defaults until saved; saved as
// normalised (organism number upper case, lists in their order); each
// wrong field named; the company's user manager reads but does not change
// them; another partner's admin finds nothing.
func TestSeasonTicketConfiguration(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff := e.LoginAs("ospadmin")
		msp := e.LoginAs("msp.admin")
		acme := e.LoginAs("acme.admin")
		rideon := e.LoginAs("rideon.admin")
		globex := e.LoginAs("globex.admin")
		get := func(token string) *testkit.Response {
			return e.Post(base+"/seasonTicket/configuration/get", token, map[string]any{"corporateAccountOspId": seed.AcmeOspID})
		}
		res := get(acme)
		testkit.MustStatus(t, res, http.StatusOK)
		var c nmbsconfig.SeasonTicketConfig
		res.JSON(t, &c)
		if c.Configured || c.Enabled || len(c.Products) != 0 || c.CorporateAccountOspID != seed.AcmeOspID {
			t.Fatalf("defaults: %+v", c)
		}
		// every field wrong at once, each named
		before := e.Snapshot()
		for _, bad := range []struct {
			body  map[string]any
			field string
		}{
			{seasonBody(map[string]any{"organismNumber": "AC1"}), "organismNumber"},
			{seasonBody(map[string]any{"organismNumber": "ACMEX"}), "organismNumber"},
			{seasonBody(map[string]any{"organismNumber": ""}), "organismNumber"},
			{seasonBody(map[string]any{"products": []string{"BOAT"}}), "products[0]"},
			{seasonBody(map[string]any{"products": []string{}}), "products"},
			{seasonBody(map[string]any{"classes": []int{3}}), "classes[0]"},
			{seasonBody(map[string]any{"classes": []int{2, 2}}), "classes"},
			{seasonBody(map[string]any{"budgetTypes": []string{"NO_SUCH_BUDGET"}}), "budgetTypes[0]"},
			{seasonBody(map[string]any{"organismNumber": strings.Repeat("A", 50_000)}), "organismNumber"},
		} {
			res := e.Post(base+"/seasonTicket/configuration/update", staff, bad.body)
			if res.Status != http.StatusBadRequest || res.Field() != bad.field {
				t.Errorf("%v: %d %s, want 400 on %s", bad.body, res.Status, res.Body, bad.field)
			}
		}
		if res := e.Post(base+"/seasonTicket/configuration/update", acme, seasonBody(nil)); res.Status != http.StatusForbidden {
			t.Errorf("user manager updates: %d", res.Status)
		}
		if res := e.Post(base+"/seasonTicket/configuration/update", rideon, seasonBody(nil)); res.Status != http.StatusNotFound {
			t.Errorf("foreign MSP updates: %d", res.Status)
		}
		if res := get(globex); res.Status != http.StatusNotFound {
			t.Errorf("globex reads acme's: %d", res.Status)
		}
		if changed := e.Snapshot().Changed(before); len(changed) > 0 {
			t.Fatalf("refused updates changed %v", changed)
		}

		res = e.Post(base+"/seasonTicket/configuration/update", msp, seasonBody(nil))
		testkit.MustStatus(t, res, http.StatusOK)
		res = get(acme)
		testkit.MustStatus(t, res, http.StatusOK)
		res.JSON(t, &c)
		if !c.Configured || !c.Enabled || strings.Join(c.Products, ",") != "ROUTE,NETWORK" || len(c.Classes) != 1 || c.Classes[0] != 2 ||
			strings.Join(c.BudgetTypes, ",") != "MOBILITY_BUDGET" || !c.ParkingAllowed || c.OrganismNumber != "ACME" ||
			c.UpdatedByName == "" {
			t.Fatalf("saved: %+v", c)
		}
		// disabled settings may be incomplete, kept for later; saved again in place
		res = e.Post(base+"/seasonTicket/configuration/update", staff, seasonBody(map[string]any{"enabled": false, "products": []string{},
			"organismNumber": ""}))
		testkit.MustStatus(t, res, http.StatusOK)
		var n int
		if err := e.DB.Get(t.Context(), &n, `SELECT COUNT(*) FROM nmbs_season_ticket_configs`); err != nil || n != 1 {
			t.Fatalf("%d rows (%v)", n, err)
		}
	})
}

// Ticket sales per partner or company: defaults; the B2B numbers required
// when enabled; limits bounded and consistent; a company admin is refused,
// a foreign MSP admin finds neither Acme nor MobiPartner.
func TestTicketSalesConfiguration(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff := e.LoginAs("ospadmin")
		msp := e.LoginAs("msp.admin")
		acme := e.LoginAs("acme.admin")
		rideon := e.LoginAs("rideon.admin")
		body := func(assignee string, extra map[string]any) map[string]any {
			b := map[string]any{"assigneeOspId": assignee, "enabled": true, "salesChannel": "APP", "customerNumber": "0012345678",
				"contractNumber": "b2b-acme-01", "firstClassAllowed": false, "maxTicketPrice": 5000, "monthlyLimit": 20000}
			for k, v := range extra {
				b[k] = v
			}
			return b
		}
		res := e.Post(base+"/ticketSales/configuration/get", msp, map[string]any{"assigneeOspId": seed.MobiPartnerOspID})
		testkit.MustStatus(t, res, http.StatusOK)
		var c nmbsconfig.TicketSalesConfig
		res.JSON(t, &c)
		if c.Configured || c.AssigneeType != "PARTNER" || c.SalesChannel != "APP" {
			t.Fatalf("partner defaults: %+v", c)
		}
		before := e.Snapshot()
		for _, bad := range []struct {
			body  map[string]any
			field string
		}{
			{body(seed.AcmeOspID, map[string]any{"customerNumber": ""}), "customerNumber"},
			{body(seed.AcmeOspID, map[string]any{"customerNumber": "12AB"}), "customerNumber"},
			{body(seed.AcmeOspID, map[string]any{"contractNumber": "has space"}), "contractNumber"},
			{body(seed.AcmeOspID, map[string]any{"salesChannel": "FAX"}), "salesChannel"},
			{body(seed.AcmeOspID, map[string]any{"maxTicketPrice": -1}), "maxTicketPrice"},
			{body(seed.AcmeOspID, map[string]any{"monthlyLimit": int64(1) << 62}), "monthlyLimit"},
			{body(seed.AcmeOspID, map[string]any{"maxTicketPrice": 30000}), "maxTicketPrice"},
		} {
			res := e.Post(base+"/ticketSales/configuration/update", staff, bad.body)
			if res.Status != http.StatusBadRequest || res.Field() != bad.field {
				t.Errorf("%v: %d %s, want 400 on %s", bad.body, res.Status, res.Body, bad.field)
			}
		}
		for _, id := range []string{seed.AcmeOspID, seed.MobiPartnerOspID} {
			if res := e.Post(base+"/ticketSales/configuration/update", rideon, body(id, nil)); res.Status != http.StatusNotFound {
				t.Errorf("rideon updates %s: %d", id, res.Status)
			}
		}
		if res := e.Post(base+"/ticketSales/configuration/update", acme, body(seed.AcmeOspID, nil)); res.Status != http.StatusForbidden {
			t.Errorf("company admin updates: %d", res.Status)
		}
		if changed := e.Snapshot().Changed(before); len(changed) > 0 {
			t.Fatalf("refused updates changed %v", changed)
		}
		for _, id := range []string{seed.AcmeOspID, seed.MobiPartnerOspID} {
			res := e.Post(base+"/ticketSales/configuration/update", msp, body(id, nil))
			testkit.MustStatus(t, res, http.StatusOK)
		}
		res = e.Post(base+"/ticketSales/configuration/get", staff, map[string]any{"assigneeOspId": seed.AcmeOspID})
		testkit.MustStatus(t, res, http.StatusOK)
		res.JSON(t, &c)
		if !c.Configured || c.AssigneeType != "CORPORATE_ACCOUNT" || c.ContractNumber != "B2B-ACME-01" || c.CustomerNumber != "0012345678" ||
			c.MaxTicketPrice != 5000 || c.MonthlyLimit != 20000 || !c.Enabled {
			t.Fatalf("saved: %+v", c)
		}
		var n int
		if err := e.DB.Get(t.Context(), &n, `SELECT COUNT(*) FROM nmbs_ticket_sales_configs`); err != nil || n != 2 {
			t.Fatalf("%d rows (%v)", n, err)
		}
	})
}
