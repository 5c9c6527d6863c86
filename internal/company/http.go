package company

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/api"
	"mobility/portal/internal/paging"
)

const base = "/portal-service/v1/corporateAccount"

// Routes are the corporate-account calls of this issue.
func (s *Service) Routes() []api.Route {
	admins := access.SignedIn()
	return []api.Route{
		api.Post(base+"/get", admins, "corporateAccount", "One corporate account the caller may see",
			func(ctx context.Context, req *GetRequest) (*CorporateAccount, error) {
				return s.Get(ctx, access.FromContext(ctx), req.OspID)
			}),
		api.Post(base+"/getByFilter", admins, "corporateAccount", "Page through the corporate accounts the caller may see",
			func(ctx context.Context, req *FilterRequest) (*paging.Page[CorporateAccount], error) {
				return s.Filter(ctx, access.FromContext(ctx), *req)
			}),
		api.Get(base+"/companyType/list", admins, "corporateAccount", "The company types",
			func(ctx context.Context, _ *api.Empty) ([]string, error) {
				return CompanyTypes, nil
			}),
	}
}
