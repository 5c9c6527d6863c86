package productaccess

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/api"
)

const (
	base   = "/portal-service/v1/product"
	baseV2 = "/portal-service/v2/product"
)

// Routes are the product permission calls (SPEC §7), the platform-level
// disallow (§6) and the service resources of a user group. Platform staff
// disallow and allow; user managers grant and revoke within their tenant
// (a company admin: their company's groups and the products it offers; an
// MSP admin: the groups of their partner's companies); any admin reads the
// views of their tenant; the available-products view is MSP only (SPEC §2).
// Partner and company selections are written by partner/update and
// corporateAccount/update.
func (s *Service) Routes() []api.Route {
	staff := access.Need(access.OspAdmin)
	read := access.SignedIn()
	grant := access.Need(access.UserManager)
	pr := access.FromContext
	return []api.Route{
		api.Post(base+"/platform/disallow", staff, "productPermission", "Disallow a product for the whole platform (refused while it is some employees' default product)",
			func(ctx context.Context, req *ProductOspIDRequest) (*PlatformProduct, error) {
				return s.Disallow(ctx, pr(ctx), req.ProductOspID)
			}),
		api.Post(base+"/platform/allow", staff, "productPermission", "Allow a product on the platform again",
			func(ctx context.Context, req *ProductOspIDRequest) (*PlatformProduct, error) {
				return s.Allow(ctx, pr(ctx), req.ProductOspID)
			}),
		api.Post(base+"/platform/findDisallowed", read, "productPermission", "The products disallowed for the whole platform, by label",
			func(ctx context.Context, _ *api.Empty) ([]PlatformProduct, error) {
				return s.Disallowed(ctx)
			}),
		api.Post(base+"/authorization/product/usage/grant", grant, "productPermission", "Let a user group use products its company offers",
			func(ctx context.Context, req *GrantRequest) (*GroupProducts, error) {
				return s.Grant(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/authorization/product/usage/revoke", grant, "productPermission", "Take products from a user group (refused while a member would lose their default product)",
			func(ctx context.Context, req *GrantRequest) (*GroupProducts, error) {
				return s.Revoke(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/permission/usage/findByUserGroup", read, "productPermission", "The products a user group may use",
			func(ctx context.Context, req *UserGroupRequest) (*GroupProducts, error) {
				return s.GroupProductsOf(ctx, pr(ctx), req.UserGroupOspID)
			}),
		api.Get(baseV2+"/permission/usage/findByUserGroup/{userGroupOspId}", read, "productPermission", "The products a user group may use",
			func(ctx context.Context, req *UserGroupPath) (*GroupProducts, error) {
				return s.GroupProductsOf(ctx, pr(ctx), req.UserGroupOspID)
			}),
		api.Post(base+"/permission/view/findByCorporateAccount", read, "productPermission", "The products a company offers and the user groups that may use each",
			func(ctx context.Context, req *CorporateAccountRequest) (*CompanyProducts, error) {
				return s.CompanyProductsOf(ctx, pr(ctx), req.CorporateAccountOspID)
			}),
		api.Post(base+"/permission/availability/findByCorporateAccount", access.MspNeed(), "productPermission",
			"The products and service resources a company's partner allows, and which the company offers (MSP only)",
			func(ctx context.Context, req *CorporateAccountRequest) (*Availability, error) {
				return s.AvailabilityOf(ctx, pr(ctx), req.CorporateAccountOspID)
			}),
		api.Post(base+"/permission/usage/mayUse", read, "productPermission", "Whether a user may use a product, and the first level that refuses",
			func(ctx context.Context, req *MayUseRequest) (*MayUseAnswer, error) {
				return s.CheckMayUse(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/default/findUsers", read, "productPermission", "The employees of a company who have a product as default product",
			func(ctx context.Context, req *DefaultUsersRequest) ([]DefaultUser, error) {
				return s.DefaultUsers(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/default/findByUser", read, "productPermission", "A user's default product (set by the app), or null",
			func(ctx context.Context, req *UserRequest) (*UserDefault, error) {
				return s.DefaultOf(ctx, pr(ctx), req.UserOspID)
			}),
		api.Post("/portal-service/v1/usergroup/permissions/usage/usergroup/serviceResources", read, "productPermission",
			"The service resources a user group may use: those its company offers, while the group is active",
			func(ctx context.Context, req *UserGroupRequest) (*GroupServiceResources, error) {
				return s.GroupServiceResourcesOf(ctx, pr(ctx), req.UserGroupOspID)
			}),
	}
}
