package server_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"mobility/portal/internal/plugin"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

// The matrix's objects for the plugin purchase and NMBS settings calls: a
// PENDING purchase of the matrix's Acme user (asked through the service,
// as the app does), and one already approved, whose request e-mail exists
// (plugin/email/get). Ticket sales name Acme as their assignee.
func init() {
	routeIDKinds[v1+"/plugin/"] = map[string]string{"purchaseOspId": "pluginPurchase"}
	routeIDKinds[v1+"/plugin/email/"] = map[string]string{"purchaseOspId": "pluginRequested"}
	routeIDKinds[v1+"/ticketSales/"] = map[string]string{"assigneeOspId": "company"}
	ask := func(f *fixture) string {
		p, err := f.m.e.App.Plugins.Ask(context.Background(), f.id("user"), plugin.NewPurchase{ProductName: "Bike lease",
			ProviderName: "Velo Lease", ProviderEmail: "orders@velolease.example", Price: 4900, Details: "authz"})
		if err != nil {
			f.m.t.Fatalf("plugin fixture: %v", err)
		}
		return p.OspID
	}
	fixtureMakers["pluginPurchase"] = func(f *fixture, n int) string { return ask(f) }
	fixtureMakers["pluginRequested"] = func(f *fixture, n int) string {
		id := ask(f)
		testkit.MustStatus(f.m.t, f.m.e.Post(v1+"/plugin/purchase/request", f.token, map[string]any{"purchaseOspId": id}), http.StatusOK)
		return id
	}
	sampleHooks = append(sampleHooks, pluginSample)
}

func pluginSample(f *fixture, path, name, _ string) (any, bool) {
	switch {
	case strings.HasPrefix(path, v1+"/plugin/"):
		switch name {
		case "states":
			return []string{"PENDING", "REQUESTED"}, true
		case "price":
			return 5200, true
		case "reason":
			return "authz: not in the policy", true
		case "details":
			return "authz details", true
		case "product":
			return "bike", true
		case "fromDate":
			return "2026-01-01", true
		case "toDate":
			return "2099-12-31", true
		}
	case strings.HasPrefix(path, v1+"/seasonTicket/configuration/"):
		// the budget types Acme offers now (allowed calls of other domains
		// change them); enabled settings need one
		offered, err := f.m.e.App.Budgets.OfferedTypes(context.Background(), []int64{f.m.e.CorporateAccountID(seed.AcmeOspID)})
		if err != nil {
			f.m.t.Fatalf("offered types: %v", err)
		}
		types := offered[f.m.e.CorporateAccountID(seed.AcmeOspID)]
		switch name {
		case "enabled":
			return len(types) > 0, true
		case "parkingAllowed":
			return true, true
		case "products":
			return []string{"ROUTE"}, true
		case "classes":
			return []int{2}, true
		case "budgetTypes":
			return types[:min(1, len(types))], true
		case "organismNumber":
			return "ACME", true
		}
	case strings.HasPrefix(path, v1+"/ticketSales/configuration/"):
		switch name {
		case "enabled", "firstClassAllowed":
			return true, true
		case "salesChannel":
			return "APP", true
		case "customerNumber":
			return fmt.Sprintf("%d", 1000+f.next()), true
		case "contractNumber":
			return "B2B-AUTHZ", true
		case "maxTicketPrice":
			return 5000, true
		case "monthlyLimit":
			return 20000, true
		}
	}
	return nil, false
}
