package server

import (
	"context"

	"mobility/portal/internal/product"
	"mobility/portal/internal/resource"
)

// productResources hands product what it reads of the resource catalogue
// (product.ResourceCatalog): resource groups and the service and
// rental-car resources a composition holds. product and resource do not
// import each other.
type productResources struct{ r *resource.Service }

// resourceKinds maps product's element kinds to resource's kinds.
var resourceKinds = map[string]string{product.KindService: resource.KindService, product.KindRentalCar: resource.KindRental}

func fromResource(kind string, r resource.Ref) product.ResourceRef {
	return product.ResourceRef{ID: r.ID, OspID: r.OspID, Kind: kind, Name: r.Name, MobilityMode: r.MobilityMode,
		MrpPartnerOspID: r.MrpPartnerOspID, Active: r.Active}
}

func fromGroup(g resource.GroupRef) product.ResourceRef {
	return product.ResourceRef{ID: g.ID, OspID: g.OspID, Kind: product.KindResourceGroup, Name: g.Name, Active: g.Active}
}

func (a productResources) Active(ctx context.Context, kind string, ospIDs []string) (map[string]product.ResourceRef, error) {
	return catalogRefs(kind,
		func() (map[string]resource.GroupRef, error) { return a.r.GroupRefs(ctx, ospIDs) },
		func(rk string) (map[string]resource.Ref, error) { return a.r.ActiveByOspIDs(ctx, rk, ospIDs) })
}

func (a productResources) ByIDs(ctx context.Context, kind string, ids []int64) (map[int64]product.ResourceRef, error) {
	return catalogRefs(kind,
		func() (map[int64]resource.GroupRef, error) { return a.r.GroupRefsByIDs(ctx, ids) },
		func(string) (map[int64]resource.Ref, error) { return a.r.RefsByIDs(ctx, ids) })
}

// catalogRefs asks resource for groups or for resources of the kind
// product names (resources of other kinds left out), keyed by ospId or id.
func catalogRefs[K comparable](kind string, groups func() (map[K]resource.GroupRef, error),
	resources func(resourceKind string) (map[K]resource.Ref, error)) (map[K]product.ResourceRef, error) {
	out := map[K]product.ResourceRef{}
	if kind == product.KindResourceGroup {
		found, err := groups()
		if err != nil {
			return nil, err
		}
		for k, g := range found {
			out[k] = fromGroup(g)
		}
		return out, nil
	}
	rk, ok := resourceKinds[kind]
	if !ok {
		return out, nil
	}
	found, err := resources(rk)
	if err != nil {
		return nil, err
	}
	for k, r := range found {
		if r.Kind == rk {
			out[k] = fromResource(kind, r)
		}
	}
	return out, nil
}

func (a productResources) GroupMembers(ctx context.Context, groupIDs []int64) (map[int64][]string, error) {
	members, err := a.r.GroupMembers(ctx, groupIDs)
	if err != nil {
		return nil, err
	}
	out := make(map[int64][]string, len(members))
	for id, rs := range members {
		for _, r := range rs {
			out[id] = append(out[id], r.OspID)
		}
	}
	return out, nil
}
