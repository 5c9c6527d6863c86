package company

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/api"
	"mobility/portal/internal/paging"
)

const base = "/portal-service/v1/corporateAccount"

// Routes are the corporate-account calls (SPEC §7). deactivate and
// activate belong to the deactivation workflow and are registered there.
func (s *Service) Routes() []api.Route {
	pr := access.FromContext
	admins := access.SignedIn()
	return []api.Route{
		api.Post(base+"/get", admins, "corporateAccount", "One corporate account the caller may see",
			func(ctx context.Context, req *GetRequest) (*CorporateAccount, error) {
				return s.Get(ctx, pr(ctx), req.OspID)
			}),
		api.Post(base+"/getByFilter", admins, "corporateAccount", "Page through the corporate accounts the caller may see (nameOrExtIdLike: at least 3 characters)",
			func(ctx context.Context, req *FilterRequest) (*paging.Page[CorporateAccount], error) {
				return s.Filter(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/findByAny", admins, "corporateAccount", "Search the corporate accounts the caller may see over name, extId, company number and VAT number",
			func(ctx context.Context, req *FindRequest) (*paging.Page[CorporateAccount], error) {
				return s.FindByAny(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/getByPartner", admins, "corporateAccount", "The corporate accounts of a partner the caller may see",
			func(ctx context.Context, req *ByPartnerRequest) (*paging.Page[CorporateAccount], error) {
				return s.ByPartner(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/create", access.MspNeed(access.UserManager), "corporateAccount", "Create a corporate account with its first admin (MSP users of the partner and platform staff)",
			func(ctx context.Context, req *CreateRequest) (*CorporateAccount, error) {
				return s.Create(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/update", access.Need(access.UserManager), "corporateAccount", "Change a corporate account (company admins: a subset of the fields)",
			func(ctx context.Context, req *UpdateRequest) (*CorporateAccount, error) {
				return s.Update(ctx, pr(ctx), *req)
			}),
		api.Get(base+"/companyType/list", admins, "corporateAccount", "The company types",
			func(ctx context.Context, _ *api.Empty) ([]string, error) {
				return CompanyTypes, nil
			}),
		api.Get(base+"/appMenu/types", admins, "corporateAccount", "The app menu entries a company can show its employees",
			func(ctx context.Context, _ *api.Empty) ([]string, error) {
				return AppMenuTypes, nil
			}),
	}
}
