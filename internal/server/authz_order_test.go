package server_test

import (
	"context"
	"strings"

	"mobility/portal/internal/order"
	"mobility/portal/internal/seed"
)

// The matrix's season-card order: an open order of the matrix's Acme app
// user (the "user" fixture), made through order.Service.Request as the app
// would, booked on that user's budget (the "budget" fixture, which the
// confirm calls name). An allowed confirm or cancel uses it up, so the
// next call gets a fresh one.
func init() {
	routeIDKinds[v1+"/order/"] = map[string]string{"orderId": "seasonCardOrder"}
	routeIDKinds[v1+"/seasonTicket/order/"] = map[string]string{"orderId": "seasonCardOrder"}
	fixtureMakers["seasonCardOrder"] = func(f *fixture, n int) string {
		f.id("budget")
		o, err := f.m.e.App.Orders.Request(context.Background(), order.Input{CorporateAccountOspID: seed.AcmeOspID,
			UserOspID: f.id("user"), Gender: "F", Firstname: "Test", Lastname: "Orderer", Street: "Kerkstraat", HouseNumber: "1",
			PostalCode: "9000", City: "Gent", Country: "BE", DateOfBirth: "1985-07-30", Language: "nl",
			NationalNumber: "85073003328", Product: "STIB", Duration: 1, StartDate: "2026-12-01", Price: 4_900,
			Email: "test.orderer@example.com", BudgetType: "BUSINESS_BUDGET"})
		if err != nil {
			f.m.t.Fatalf("season-card order fixture: %v", err)
		}
		return o.OrderID
	}
	sampleHooks = append(sampleHooks, func(f *fixture, path, name, _ string) (any, bool) {
		if !strings.HasPrefix(path, v1+"/order/") && !strings.HasPrefix(path, v1+"/seasonTicket/order/") {
			return nil, false
		}
		switch name {
		case "reason":
			return "authz", true
		case "handledBy":
			return order.HandledByCompany, true
		case "defaultBudgetType":
			return "MOBILITY_BUDGET", true
		case "product", "dateFrom", "dateTo", "effectiveStartDate", "effectivePrice":
			return nil, true // optional: left out
		}
		return nil, false
	})
}
