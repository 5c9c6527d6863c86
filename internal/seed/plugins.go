package seed

import (
	"context"
	"fmt"

	"mobility/portal/internal/access"
	"mobility/portal/internal/budget"
	"mobility/portal/internal/money"
	"mobility/portal/internal/nmbsconfig"
	"mobility/portal/internal/plugin"
)

// The demo's plugin purchases and NMBS settings (issue 16), through the
// plugin and nmbsconfig services only, on the story's last day. At Acme:
//   - Jan leased a Cowboy bike: asked, approved by platform staff (the
//     provider's mail kept), accepted by Jan and booked on his budget;
//   - Emma's Interparking subscription is approved, awaiting her answer;
//   - Julie declined her Swapfiets after approval;
//   - Sophie's e-step was rejected (not in Acme's policy);
//   - Jan's Blue-bike pass and Emma's Cambio card await approval (the
//     orders page's open tab).
//
// Acme offers NMBS season cards (organism number ACME) and MobiPartner
// and Acme sell NMBS tickets under their B2B contracts.

// DemoOrganismNumber is Acme's NMBS organism number in the demo.
const DemoOrganismNumber = "ACME"

type demoPurchase struct {
	login, product, provider, email, details string
	cents                                    int64
	to                                       string // the state it ends in
	reason                                   string
}

var demoPurchases = []demoPurchase{
	{"jan.peeters", "Bike lease Cowboy 4", "Velo Lease", "orders@velolease.example", "Size M, delivery at the office", 5900,
		plugin.StateAccepted, ""},
	{"emma.claes", "Parking subscription Gent Zuid", "Interparking", "b2b@interparking.example", "Monthly, from the 1st", 8500,
		plugin.StateRequested, ""},
	{"julie.wouters", "Swapfiets Deluxe 7", "Swapfiets", "business@swapfiets.example", "Black, 7 gears", 2190,
		plugin.StateDeclined, ""},
	{"sophie.dubois", "E-step Segway Ninebot", "Step Lease", "sales@steplease.example", "", 4500,
		plugin.StateRejected, "E-steps are not in Acme's mobility policy"},
	{"jan.peeters", "Blue-bike annual pass", "Blue-bike", "partners@blue-bike.example", "Station Leuven", 1200,
		plugin.StatePending, ""},
	{"emma.claes", "Cambio Start card", "Cambio", "b2b@cambio.example", "", 3500, plugin.StatePending, ""},
}

func (s *story) plugins(ctx context.Context) error {
	for _, d := range demoPurchases {
		p, err := s.app.Plugins.Ask(ctx, s.users[d.login], plugin.NewPurchase{ProductName: d.product, ProviderName: d.provider,
			ProviderEmail: d.email, Price: money.Amount(d.cents), Details: d.details})
		if err != nil {
			return fmt.Errorf("plugin purchase %s: %w", d.product, err)
		}
		switch d.to {
		case plugin.StateRejected:
			_, err = s.app.Plugins.Reject(ctx, s.staff, plugin.RejectRequest{PurchaseOspID: p.OspID, Reason: d.reason})
		case plugin.StateRequested, plugin.StateAccepted, plugin.StateDeclined:
			_, err = s.app.Plugins.Request(ctx, s.staff, plugin.RequestRequest{PurchaseOspID: p.OspID})
			if err == nil && d.to == plugin.StateAccepted {
				_, err = s.app.Plugins.Accept(ctx, s.users[d.login], p.OspID)
			}
			if err == nil && d.to == plugin.StateDeclined {
				_, err = s.app.Plugins.Decline(ctx, s.users[d.login], p.OspID)
			}
		}
		if err != nil {
			return fmt.Errorf("plugin purchase %s to %s: %w", d.product, d.to, err)
		}
	}
	return s.nmbs(ctx)
}

func (s *story) nmbs(ctx context.Context) error {
	offered, err := s.app.Budgets.OfferedTypes(ctx, []int64{s.companyID(ctx, AcmeOspID)})
	if err != nil {
		return err
	}
	var types []string
	for _, t := range offered[s.companyID(ctx, AcmeOspID)] {
		if t == budget.TypeMobility || t == budget.TypeCommuting {
			types = append(types, t)
		}
	}
	if _, err := s.app.NMBS.UpdateSeasonTicket(ctx, s.staff, nmbsconfig.SeasonTicketUpdateRequest{CorporateAccountOspID: AcmeOspID,
		Enabled: true, Products: []string{nmbsconfig.ProductRoute, nmbsconfig.ProductNetwork, nmbsconfig.ProductRoutePlus},
		Classes: []int{1, 2}, BudgetTypes: types, ParkingAllowed: true, OrganismNumber: DemoOrganismNumber}); err != nil {
		return fmt.Errorf("Acme's season cards: %w", err)
	}
	for _, a := range []struct{ osp, customer, contract string }{
		{MobiPartnerOspID, "0040123456", "B2B-MOBI-2026"}, {AcmeOspID, "0040123789", "B2B-ACME-01"},
	} {
		if _, err := s.app.NMBS.UpdateTicketSales(ctx, s.staff, nmbsconfig.TicketSalesUpdateRequest{AssigneeOspID: a.osp, Enabled: true,
			SalesChannel: nmbsconfig.ChannelAppAndPortal, CustomerNumber: a.customer, ContractNumber: a.contract,
			MaxTicketPrice: money.Amount(5000), MonthlyLimit: money.Amount(25000)}); err != nil {
			return fmt.Errorf("ticket sales %s: %w", a.osp, err)
		}
	}
	return nil
}

// companyID is a demo company's id (its ospId is fixed).
func (s *story) companyID(ctx context.Context, osp string) int64 {
	ca, err := s.app.Companies.Resolve(ctx, &access.Principal{Scope: access.SystemScope()}, osp)
	if err != nil {
		return 0
	}
	return ca.ID
}
