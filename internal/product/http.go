package product

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/api"
	"mobility/portal/internal/paging"
)

const base = "/portal-service/v1/product"

// Routes are the product calls of SPEC §7. Platform staff write the
// catalogue; every portal admin reads the active products, because the
// partner and company screens list them (app users have no portal session).
func (s *Service) Routes() []api.Route {
	staff := access.Need(access.OspAdmin)
	read := access.SignedIn()
	pr := access.FromContext
	return []api.Route{
		api.Post(base+"/find/all", read, "product", "Every product, by label (other admins than platform staff: the active ones)",
			func(ctx context.Context, req *FindAllRequest) ([]Product, error) {
				return s.FindAll(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/findByFilter", read, "product", "Page through products by label or extId, state and mobility mode",
			func(ctx context.Context, req *FilterRequest) (*paging.Page[Product], error) {
				return s.Filter(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/findByResource", staff, "product", "The products whose composition holds a resource, directly or through a group",
			func(ctx context.Context, req *ByResourceRequest) ([]Product, error) {
				return s.ByResource(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/find/allByAssignee", read, "product", "The products a company offers or a user group is granted",
			func(ctx context.Context, req *ByAssigneeRequest) ([]Product, error) {
				return s.ByAssignee(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/create", staff, "product", "Create a product",
			func(ctx context.Context, req *CreateRequest) (*Product, error) { return s.Create(ctx, pr(ctx), *req) }),
		api.Post(base+"/update", staff, "product", "Change a product's extId, mobility mode and label",
			func(ctx context.Context, req *UpdateRequest) (*Product, error) { return s.Update(ctx, pr(ctx), *req) }),
		api.Post(base+"/activate", staff, "product", "Activate a product",
			func(ctx context.Context, req *GetRequest) (*Product, error) {
				return s.SetActive(ctx, pr(ctx), req.OspID, true)
			}),
		api.Post(base+"/deactivate", staff, "product", "Deactivate a product; refused while it is some employees' default product",
			func(ctx context.Context, req *GetRequest) (*Product, error) {
				return s.SetActive(ctx, pr(ctx), req.OspID, false)
			}),
		api.Post(base+"/composition/get", read, "product", "A product's composition: its active elements",
			func(ctx context.Context, req *CompositionRequest) (*Composition, error) {
				return s.Composition(ctx, pr(ctx), req.ProductOspID)
			}),
		api.Post(base+"/composition/details", read, "product", "A product's composition with the elements' names, kinds, MRP partners and state",
			func(ctx context.Context, req *DetailsRequest) (*CompositionDetails, error) {
				return s.Details(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/composition/add", staff, "product", "Add active resource groups, service resources or rental-car resources (one kind a call)",
			func(ctx context.Context, req *AddRequest) (*Composition, error) {
				return s.AddElements(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/composition/update", staff, "product", "Move an element or change whether it is mandatory",
			func(ctx context.Context, req *UpdateElementRequest) (*Composition, error) {
				return s.UpdateElement(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/composition/delete", staff, "product", "Remove an element from a composition",
			func(ctx context.Context, req *DeleteElementRequest) (*Composition, error) {
				return s.DeleteElement(ctx, pr(ctx), *req)
			}),
	}
}
