package seed_test

import (
	"context"
	"testing"

	"mobility/portal/internal/access"
	"mobility/portal/internal/order"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/server"
)

// assertSeasonCardOrders: Acme has open orders of several employees (the
// order handling screens and the browser test take two), a confirmed one
// with its adjusted price booked, a cancelled open one and one cancelled
// after confirmation that keeps its booking; Globex's order is not Acme's.
func assertSeasonCardOrders(t *testing.T, ctx context.Context, app *server.App) {
	t.Helper()
	staff := &access.Principal{Roles: []access.Role{access.OspAdmin}, Scope: access.SystemScope()}
	list := func(company string, handled bool) []order.Order {
		page, err := app.Orders.List(ctx, staff, order.ListRequest{CorporateAccountOspID: company,
			Pagination: paging.Pagination{Page: 1, Size: 50}}, handled)
		if err != nil {
			t.Fatal(err)
		}
		return page.Content
	}
	open := list(seed.AcmeOspID, false)
	people := map[string]bool{}
	for _, o := range open {
		people[o.UserOspID] = true
		if !o.NationalNumberMasked {
			t.Errorf("open order of %s lists its national number unmasked", o.Lastname)
		}
	}
	if len(open) < 3 || len(people) < 3 {
		t.Errorf("Acme has %d open orders of %d employees, want at least 3 of 3", len(open), len(people))
	}
	var confirmed, cancelledOpen, cancelledAfter int
	for _, o := range list(seed.AcmeOspID, true) {
		switch {
		case o.Status == order.StatusConfirmed && o.ExpenseOspID != "" && o.EffectivePrice != nil && *o.EffectivePrice != o.Price:
			confirmed++
		case o.Status == order.StatusCancelled && o.CancelledAfterConfirm && o.ExpenseOspID != "":
			cancelledAfter++
		case o.Status == order.StatusCancelled && o.ExpenseOspID == "" && o.CancelReason != "":
			cancelledOpen++
		}
	}
	if confirmed != 1 || cancelledOpen != 1 || cancelledAfter != 1 {
		t.Errorf("Acme's handled orders: %d confirmed with an adjusted price, %d cancelled open, %d cancelled after confirmation",
			confirmed, cancelledOpen, cancelledAfter)
	}
	if g := list(seed.GlobexOspID, false); len(g) != 1 || g[0].CorporateAccountOspID != seed.GlobexOspID {
		t.Errorf("Globex's open orders: %+v", g)
	}
}
