package partner

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/api"
)

const base = "/portal-service/v1/partner"

// Routes are the partner calls of SPEC §7. Platform staff manage partners;
// an MSP admin reads only their own partner; any signed-in admin lists the
// active MRP partners (the catalogue uses them). Deactivate and activate
// are served by the deactivation workflow (SetActive).
func (s *Service) Routes() []api.Route {
	staff := access.Need(access.OspAdmin)
	pr := access.FromContext
	return []api.Route{
		api.Post(base+"/getAll", staff, "partner", "List partners, all or only active (or inactive) ones",
			func(ctx context.Context, req *GetAllRequest) ([]Detail, error) { return s.GetAll(ctx, pr(ctx), *req) }),
		api.Post(base+"/mrp/getAll", access.SignedIn(), "partner", "List the active MRP and MRP_MSP partners",
			func(ctx context.Context, _ *api.Empty) ([]Summary, error) { return s.MrpAll(ctx) }),
		api.Post(base+"/get", access.MspNeed(), "partner", "One partner (an MSP admin: only their own)",
			func(ctx context.Context, req *GetRequest) (*Detail, error) { return s.Get(ctx, pr(ctx), req.OspID) }),
		api.Post(base+"/create", staff, "partner", "Create a partner",
			func(ctx context.Context, req *CreateRequest) (*Detail, error) { return s.Create(ctx, pr(ctx), *req) }),
		api.Post(base+"/update", staff, "partner", "Change a partner; applyChangesToCorporateAccounts pushes its budget types to its companies",
			func(ctx context.Context, req *UpdateRequest) (*Detail, error) { return s.Update(ctx, pr(ctx), *req) }),
		api.Post(base+"/related/get", access.MspNeed(), "partner", "A partner's super- and sub-partners (an MSP admin: only their own)",
			func(ctx context.Context, req *GetRequest) (*Related, error) {
				return s.RelatedOf(ctx, pr(ctx), req.OspID)
			}),
		api.Post(base+"/related/add", staff, "partner", "Link a sub- or super-partner (no self link, duplicate or cycle)",
			func(ctx context.Context, req *LinkRequest) (*Related, error) { return s.Link(ctx, pr(ctx), *req) }),
		api.Post(base+"/related/remove", staff, "partner", "Remove a link between two partners",
			func(ctx context.Context, req *LinkRequest) (*Related, error) { return s.Unlink(ctx, pr(ctx), *req) }),
	}
}
