package trip

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/api"
	"mobility/portal/internal/paging"
)

// Routes are the registration calls of SPEC §7 (travel/getByFilter,
// travel/registration/get) and the admin's corrections of the app user's
// trip-registrations tab. User managers of the company (MSP admins within
// their partner, platform staff); a registration is a user's personal
// data like an expense, and only those who manage users see it.
func (s *Registrations) Routes() []api.Route {
	um := access.Need(access.UserManager)
	pr := access.FromContext
	return []api.Route{
		api.Post(travelBase+"/travel/getByFilter", um, "travel", "Page through trip registrations, newest trip first: a company's, a user's, a month's (yyyyMM), a kind's or a status's",
			func(ctx context.Context, req *RegistrationFilter) (*paging.Page[Registration], error) {
				return s.Filter(ctx, pr(ctx), *req)
			}),
		api.Post(travelBase+"/travel/registration/get", um, "travel", "One trip registration",
			func(ctx context.Context, req *RegistrationRequest) (*Registration, error) {
				return s.Get(ctx, pr(ctx), req.OspID)
			}),
		api.Post(travelBase+"/travel/registration/create", um, "travel", "Register a trip or home-work day on an app user's behalf (not in the future nor in a paid month; a mode the company compensates and the user may use; one commute each way a day); its compensation and taxable part are computed with the rates valid on its date",
			func(ctx context.Context, req *RegistrationWrite) (*Registration, error) {
				return s.Create(ctx, pr(ctx), *req)
			}).
			WithIdempotencyKey(),
		api.Post(travelBase+"/travel/registration/update", um, "travel", "Correct a REGISTERED or REJECTED registration (same rules as create); it is REGISTERED again",
			func(ctx context.Context, req *RegistrationUpdate) (*Registration, error) {
				return s.Update(ctx, pr(ctx), *req)
			}),
		api.Post(travelBase+"/travel/registration/approve", um, "travel", "Approve a REGISTERED or REJECTED registration: the monthly run pays it (refused in a month already paid)",
			func(ctx context.Context, req *RegistrationRequest) (*Registration, error) {
				return s.Approve(ctx, pr(ctx), req.OspID)
			}),
		api.Post(travelBase+"/travel/registration/reject", um, "travel", "Reject a REGISTERED or APPROVED registration: it is not paid",
			func(ctx context.Context, req *RegistrationRequest) (*Registration, error) {
				return s.Reject(ctx, pr(ctx), req.OspID)
			}),
	}
}
