package server

import (
	"context"

	"mobility/portal/internal/product"
	"mobility/portal/internal/productaccess"
	"mobility/portal/internal/resource"
)

// accessProducts hands productaccess product's read models
// (productaccess.ProductCatalog) and its row lock: product asks
// productaccess whether a product is some user's default, so neither
// imports the other's service.
type accessProducts struct{ p *product.Service }

func toAccess(r product.Ref) productaccess.ProductRef {
	return productaccess.ProductRef{ID: r.ID, OspID: r.OspID, ExtID: r.ExtID, Label: r.Label, Active: r.Active}
}

func (a accessProducts) Refs(ctx context.Context, ospIDs []string) (map[string]productaccess.ProductRef, error) {
	found, err := a.p.Refs(ctx, ospIDs)
	out := make(map[string]productaccess.ProductRef, len(found))
	for k, r := range found {
		out[k] = toAccess(r)
	}
	return out, err
}

func (a accessProducts) ByIDs(ctx context.Context, ids []int64) (map[int64]productaccess.ProductRef, error) {
	found, err := a.p.ByIDs(ctx, ids)
	out := make(map[int64]productaccess.ProductRef, len(found))
	for k, r := range found {
		out[k] = toAccess(r)
	}
	return out, err
}

// LockActive takes the product's row lock (a default set waits for a
// deactivation of the product, and the other way round).
func (a accessProducts) LockActive(ctx context.Context, id int64) (bool, error) {
	return a.p.LockActive(ctx, id)
}

// accessResources hands productaccess the active service resources
// (productaccess.ServiceResources).
type accessResources struct{ r *resource.Service }

func (a accessResources) Refs(ctx context.Context, ospIDs []string) (map[string]productaccess.ResourceRef, error) {
	found, err := a.r.ActiveByOspIDs(ctx, resource.KindService, ospIDs)
	out := make(map[string]productaccess.ResourceRef, len(found))
	for k, r := range found {
		out[k] = productaccess.ResourceRef{OspID: r.OspID, Name: r.Name, MobilityMode: r.MobilityMode, MrpPartnerOspID: r.MrpPartnerOspID,
			Active: r.Active}
	}
	return out, err
}
