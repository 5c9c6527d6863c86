package server

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/company"
	"mobility/portal/internal/partner"
	"mobility/portal/internal/resource"
)

// resourcePartners hands resource what it reads of partners (a resource's
// MRP partner): resource and partner do not import each other.
func resourcePartners(partners *partner.Service) resource.Partners {
	ref := func(p *partner.Partner) resource.Partner {
		return resource.Partner{ID: p.ID, OspID: p.OspID, Name: p.Name, Type: p.PartnerType, Active: p.Active}
	}
	return resource.Partners{
		// providers are public to every admin (partner/mrp/getAll)
		ByOspID: func(ctx context.Context, ospID string) (*resource.Partner, error) {
			p, err := partners.Resolve(ctx, access.SystemScope(), ospID)
			if err != nil {
				return nil, err
			}
			r := ref(p)
			return &r, nil
		},
		ByIDs: func(ctx context.Context, ids []int64) (map[int64]resource.Partner, error) {
			found, err := partners.ByIDs(ctx, access.SystemScope(), ids)
			if err != nil {
				return nil, err
			}
			out := make(map[int64]resource.Partner, len(found))
			for id, p := range found {
				out[id] = ref(p)
			}
			return out, nil
		},
	}
}

// resourceCompanies hands resource what it reads of companies (gas-station
// owners), within the caller's scope.
func resourceCompanies(companies *company.Service) resource.Companies {
	return resource.Companies{
		Resolve: func(ctx context.Context, p *access.Principal, ospID string) (*resource.Company, error) {
			c, err := companies.Resolve(ctx, p, ospID)
			if err != nil {
				return nil, err
			}
			return &resource.Company{ID: c.ID, OspID: c.OspID, Name: c.Name}, nil
		},
		ByIDs: func(ctx context.Context, scope access.Scope, ids []int64) (map[int64]resource.Company, error) {
			found, err := companies.Names(ctx, scope, ids)
			if err != nil {
				return nil, err
			}
			out := make(map[int64]resource.Company, len(found))
			for id, c := range found {
				out[id] = resource.Company{ID: c.ID, OspID: c.OspID, Name: c.Name}
			}
			return out, nil
		},
	}
}
