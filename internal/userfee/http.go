package userfee

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/api"
)

const base = "/portal-service/v1/userFee"

// Who may call what (SPEC §1: partner staff and platform staff handle user
// fees): platform staff set the tiers; an MSP admin reads its partner's
// tiers and its companies' (what its companies pay). Company admins see
// their fees on their invoices, not here.
var (
	staff   = access.Need(access.OspAdmin)
	mspRead = access.MspNeed()
	pr      = access.FromContext
)

// Routes are the user fee calls of SPEC §7.
func (s *Service) Routes() []api.Route {
	return []api.Route{
		api.Post(base+"/create", staff, "userFee", "Add a user fee tier to an active MSP partner or company: from..to events (to >= from, no overlap with the assignee's other tiers), fee in cents excl. VAT, VAT percent",
			func(ctx context.Context, req *TierWrite) (*Tier, error) { return s.Create(ctx, pr(ctx), *req) }),
		api.Post(base+"/update", staff, "userFee", "Change a tier's range, fee or VAT (same rules as create)",
			func(ctx context.Context, req *TierUpdate) (*Tier, error) { return s.Update(ctx, pr(ctx), *req) }),
		api.Post(base+"/delete", staff, "userFee", "Delete a tier (charges already made keep their amounts)",
			func(ctx context.Context, req *DeleteRequest) (api.NoContent, error) {
				return api.NoContent{}, s.Delete(ctx, pr(ctx), req.OspID)
			}),
		api.Post(base+"/getAll", mspRead, "userFee", "The tiers of one assignee, or of every assignee in reach (platform staff: all; an MSP admin: its partner's and its companies'), ordered by assignee and range",
			func(ctx context.Context, req *GetAllRequest) ([]Tier, error) { return s.GetAll(ctx, pr(ctx), *req) }),
	}
}
