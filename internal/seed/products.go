package seed

import (
	"context"
	"fmt"

	"mobility/portal/internal/access"
	"mobility/portal/internal/company"
	"mobility/portal/internal/partner"
	"mobility/portal/internal/product"
	"mobility/portal/internal/productaccess"
	"mobility/portal/internal/resource"
	"mobility/portal/internal/usergroup"
)

// The demo's products and who may use them (issue 11): products composed
// of the catalogue's groups and resources; MobiPartner lets its companies
// offer all of them and the ticket services, Globex leaves the rental car
// out, RideOn's Initech only offers the train; Acme's groups are granted
// different products and Jan's default product is the train. One old
// product is disallowed for the whole platform. All through the services,
// on the story's first day, after the catalogue.

// demoProduct is a product of the demo and its composition.
type demoProduct struct {
	extID, label, mode string
	groups             []string // resource groups by name
	services           []string // service resources by extId
	rentals            []string // rental-car resources by extId
}

var demoProducts = []demoProduct{
	{"TRAIN", "Train (NMBS/SNCB)", "TRAIN", []string{"Train stations"}, []string{"NMBS-TICKETS"}, nil},
	{"BUS-TRAM-METRO", "Bus, tram and metro", "BUS_TRAM_METRO", []string{"Public transport"},
		[]string{"DELIJN-TICKETS", "STIB-TICKETS", "TEC-TICKETS"}, nil},
	{"GHENT-MOBILITY", "Ghent: bikes, car-share and parking", "BIKE", []string{"Ghent"}, nil, nil},
	{"BRUSSELS-MOBILITY", "Brussels: car-share and parking", "PARKING", []string{"Brussels"}, nil, nil},
	{"RENTAL-CAR", "Rental car", "CAR", nil, nil, []string{"EC-BRU-COMPACT", "EC-GENT-VAN"}},
	{"TAXI-VOUCHERS", "Taxi vouchers (withdrawn)", "OTHER_PURCHASES", nil, nil, nil},
}

// products makes the demo's products and decides who may use them.
func (s *story) products(ctx context.Context) error {
	staff := s.staff
	active := true
	groups, err := s.app.Resources.FindAllGroups(ctx, staff, &active)
	if err != nil {
		return err
	}
	groupIDs := map[string]string{}
	for _, g := range groups {
		groupIDs[g.Name] = g.OspID
	}
	resourceIDs := map[string]string{}
	var services []string
	for _, kind := range []string{resource.KindService, resource.KindRental} {
		rs, err := s.app.Resources.FindAll(ctx, staff, kind, &active)
		if err != nil {
			return err
		}
		for _, r := range rs {
			resourceIDs[r.ExtID] = r.OspID
			if kind == resource.KindService {
				services = append(services, r.OspID)
			}
		}
	}
	made := map[string]string{} // extId → ospId
	var all []string
	for _, dp := range demoProducts {
		p, err := s.app.Products.Create(ctx, staff, product.CreateRequest{ExtID: dp.extID, MobilityMode: dp.mode,
			ProductLabel: product.LabelInput{DefaultValue: dp.label}})
		if err != nil {
			return fmt.Errorf("product %s: %w", dp.extID, err)
		}
		made[dp.extID] = p.OspID
		all = append(all, p.OspID)
		for _, el := range []struct {
			kind string
			ids  []string
			from map[string]string
		}{{product.KindResourceGroup, dp.groups, groupIDs}, {product.KindService, dp.services, resourceIDs},
			{product.KindRentalCar, dp.rentals, resourceIDs}} {
			if len(el.ids) == 0 {
				continue
			}
			ospIDs := make([]string, len(el.ids))
			for i, k := range el.ids {
				if ospIDs[i] = el.from[k]; ospIDs[i] == "" {
					return fmt.Errorf("product %s: no catalogue element %s", dp.extID, k)
				}
			}
			if _, err := s.app.Products.AddElements(ctx, staff, product.AddRequest{ProductOspID: p.OspID, Kind: el.kind, OspIDs: ospIDs}); err != nil {
				return fmt.Errorf("composition of %s: %w", dp.extID, err)
			}
		}
	}
	pa := s.app.ProductAccess
	// the partners' selections: MobiPartner's pushed to its companies
	for _, c := range []struct {
		partner  string
		products []string
		services []string
		apply    bool
	}{
		{MobiPartnerOspID, all, services, true},
		{OtherPartnerOspID, []string{made["TRAIN"]}, nil, true},
	} {
		pt, err := s.app.Partners.Resolve(ctx, access.SystemScope(), c.partner)
		if err != nil {
			return err
		}
		if err := pa.SetPartnerChoice(ctx, pt.ID, partner.Choice{Products: c.products, ServiceResources: c.services}, c.apply); err != nil {
			return fmt.Errorf("selection of %s: %w", pt.Name, err)
		}
	}
	globexOffer := []string{}
	for _, osp := range all {
		if osp != made["RENTAL-CAR"] && osp != made["TAXI-VOUCHERS"] {
			globexOffer = append(globexOffer, osp)
		}
	}
	if _, err := s.app.Companies.Update(ctx, staff, company.UpdateRequest{OspID: GlobexOspID, SelectedProducts: globexOffer}); err != nil {
		return fmt.Errorf("Globex's products: %w", err)
	}
	// Acme's groups, each granted its products, by Acme's admin
	for _, g := range []struct {
		name, description string
		members           []string
		products          []string
	}{
		{"Commuters", "Train, bus, tram and metro to the office", []string{"jan.peeters", "sophie.dubois", "pieter.janssens", "emma.claes"},
			[]string{"TRAIN", "BUS-TRAM-METRO"}},
		{"Ghent office", "Bikes, car-share and parking around the Ghent office", []string{"jan.peeters", "luc.willems"},
			[]string{"GHENT-MOBILITY"}},
		{"Sales team", "Car-share, parking and rental cars for client visits", []string{"sophie.dubois", "nathalie.lambert", "koen.mertens"},
			[]string{"BRUSSELS-MOBILITY", "RENTAL-CAR"}},
	} {
		ug, err := s.app.Groups.Create(ctx, s.acme, usergroup.CreateRequest{CorporateAccount: usergroup.Ref{OspID: AcmeOspID},
			Data: usergroup.WriteData{ExtID: g.name, Description: g.description}})
		if err != nil {
			return fmt.Errorf("group %s: %w", g.name, err)
		}
		users := make([]usergroup.Ref, len(g.members))
		for i, login := range g.members {
			users[i] = usergroup.Ref{OspID: s.users[login]}
		}
		if _, err := s.app.Groups.ChangeMembers(ctx, s.acme, usergroup.MembersRequest{Usergroup: usergroup.Ref{OspID: ug.OspID}, Users: users}, true); err != nil {
			return fmt.Errorf("members of %s: %w", g.name, err)
		}
		ids := make([]string, len(g.products))
		for i, ext := range g.products {
			ids[i] = made[ext]
		}
		if _, err := pa.Grant(ctx, s.acme, productaccess.GrantRequest{UserGroupOspID: ug.OspID, ProductOspIDs: ids}); err != nil {
			return fmt.Errorf("grants of %s: %w", g.name, err)
		}
	}
	// the app sets defaults; Jan takes the train
	jan, err := s.app.Users.Resolve(ctx, staff, s.users["jan.peeters"])
	if err != nil {
		return err
	}
	train, err := s.app.Products.Refs(ctx, []string{made["TRAIN"]})
	if err != nil {
		return err
	}
	if err := pa.SetDefault(ctx, jan.ID, train[made["TRAIN"]].ID); err != nil {
		return fmt.Errorf("Jan's default product: %w", err)
	}
	// withdrawn for the whole platform: offered nowhere any more
	if _, err := pa.Disallow(ctx, staff, made["TAXI-VOUCHERS"]); err != nil {
		return fmt.Errorf("taxi vouchers: %w", err)
	}
	return nil
}
