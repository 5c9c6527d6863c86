package plugin

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/api"
	"mobility/portal/internal/paging"
)

const base = "/portal-service/v1/plugin"

// Who may call what: the backoffice orders page handles plugin purchases:
// platform staff for every company and MSP admins (user_manager of a
// partner) for their partner's companies, each purchase found through the
// caller's scope. Company admins do not approve their employees' plugin
// purchases (SPEC §2: a backoffice tab); employees accept or decline in
// the app, not through the portal.
var (
	msp = access.MspNeed(access.UserManager)
	pr  = access.FromContext
)

// Routes are the plugin calls of SPEC §7.
func (s *Service) Routes() []api.Route {
	return []api.Route{
		api.Post(base+"/purchase/getByFilter", msp, "plugin", "Plugin purchases in reach, newest first, each with its history: by state(s), company, user, product name, creation date range",
			func(ctx context.Context, req *FilterRequest) (*paging.Page[Purchase], error) {
				return s.GetByFilter(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/purchase/request", msp, "plugin", "Approve a PENDING purchase: it becomes REQUESTED and the request is e-mailed to the provider (kept: plugin/email/get); 409 PLUGIN_PURCHASE_STATE when it is no longer pending",
			func(ctx context.Context, req *RequestRequest) (*Purchase, error) {
				return s.Request(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/purchase/update", msp, "plugin", "Change the price, remark and details of a PENDING or REQUESTED purchase",
			func(ctx context.Context, req *UpdateRequest) (*Purchase, error) { return s.Update(ctx, pr(ctx), *req) }),
		api.Post(base+"/purchase/reject", msp, "plugin", "Reject a PENDING purchase with a reason; 409 PLUGIN_PURCHASE_STATE when it is no longer pending",
			func(ctx context.Context, req *RejectRequest) (*Purchase, error) { return s.Reject(ctx, pr(ctx), *req) }),
		api.Post(base+"/email/get", msp, "plugin", "The request e-mail sent to the provider when the purchase was approved, as sent",
			func(ctx context.Context, req *EmailRequest) (*Email, error) { return s.Email(ctx, pr(ctx), *req) }),
	}
}
