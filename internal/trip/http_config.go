package trip

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/api"
)

// travelBase is the base of SPEC §7's Commute/travel calls.
const travelBase = "/portal-service/v1"

// Who may call the configuration (SPEC §1): user managers of the company,
// MSP admins holding the role in their partner's companies, platform
// staff (ospadmin always passes); app users never. Another tenant's
// company or user answers NOT_FOUND (the scope of the resolving query).
// Tax-free rates are the platform's: any admin reads them, staff add.
var (
	manage   = access.Need(access.UserManager)
	anyAdmin = access.SignedIn()
	staff    = access.Need(access.OspAdmin)
	pr       = access.FromContext
)

// ConfigRoutes are the trip configuration calls of SPEC §7.
func (s *Service) ConfigRoutes() []api.Route {
	return []api.Route{
		api.Post(travelBase+"/travel/compensation/get", manage, "travel", "A company's trip configuration (SPEC §3): which commutes, business trips and home work it compensates and how",
			func(ctx context.Context, req *CompanyRequest) (*TravelCompensation, error) {
				return s.CompanyCompensation(ctx, pr(ctx), req.CorporateAccountOspID)
			}),
		api.Post(travelBase+"/travel/compensation/update", manage, "travel", "Replace a company's trip configuration (business trips: one car type, only when enabled)",
			func(ctx context.Context, req *TravelCompensation) (*TravelCompensation, error) {
				return s.UpdateCompanyCompensation(ctx, pr(ctx), *req)
			}),
		api.Post(travelBase+"/commute/distance/get", manage, "commute", "A user's commuting distance history and the entry valid today",
			func(ctx context.Context, req *UserRequest) (*CommuteDistances, error) {
				return s.Distances(ctx, pr(ctx), req.UserOspID)
			}),
		api.Post(travelBase+"/commute/distance/update", manage, "commute", "Set the distance valid from a day; the user's own within ±20 % of it (SPEC §5)",
			func(ctx context.Context, req *CommuteDistanceUpdate) (*CommuteDistance, error) {
				return s.UpdateDistance(ctx, pr(ctx), *req)
			}),
		api.Post(travelBase+"/commute/distance/delete", manage, "commute", "Remove one entry of a user's distance history",
			func(ctx context.Context, req *CommuteDistanceDelete) (api.NoContent, error) {
				return api.NoContent{}, s.DeleteDistance(ctx, pr(ctx), req.OspID)
			}),
		api.Post(travelBase+"/commute/user/compensation/get", manage, "commute", "A user's commute compensation overrides beside the company's values",
			func(ctx context.Context, req *UserRequest) (*CommuteCompensation, error) {
				return s.CommuteCompensation(ctx, pr(ctx), req.UserOspID)
			}),
		api.Post(travelBase+"/commute/user/compensation/update", manage, "commute", "Replace a user's commute compensation overrides (null: the company's value)",
			func(ctx context.Context, req *CommuteCompensation) (*CommuteCompensation, error) {
				return s.UpdateCommuteCompensation(ctx, pr(ctx), *req)
			}),
		api.Post(travelBase+"/commute/user/update", manage, "commute", "Set which commute modes a user may register",
			func(ctx context.Context, req *CommuteUserUpdate) (*CommuteUserStatus, error) {
				return s.UpdateCommuteUser(ctx, pr(ctx), *req)
			}),
		api.Get(travelBase+"/commute/user/{id}/status", manage, "commute", "What a user may register on a day (default today) and the distance valid then",
			func(ctx context.Context, req *StatusRequest) (*CommuteUserStatus, error) {
				return s.Status(ctx, pr(ctx), *req)
			}),
		api.Post(travelBase+"/businessTrip/compensation/get", manage, "businessTrip", "A user's business-trip compensation overrides beside the company's values",
			func(ctx context.Context, req *UserRequest) (*BusinessTripCompensation, error) {
				return s.BusinessTripCompensation(ctx, pr(ctx), req.UserOspID)
			}),
		api.Post(travelBase+"/businessTrip/compensation/update", manage, "businessTrip", "Replace a user's business-trip overrides; refused until the company enables business trips (SPEC §8)",
			func(ctx context.Context, req *BusinessTripCompensation) (*BusinessTripCompensation, error) {
				return s.UpdateBusinessTripCompensation(ctx, pr(ctx), *req)
			}),
		api.Post(travelBase+"/businessTrip/configuration/permission/get", manage, "businessTrip", "Whether a user may register business trips",
			func(ctx context.Context, req *UserRequest) (*Permission, error) {
				return s.BusinessTripPermission(ctx, pr(ctx), req.UserOspID)
			}),
		api.Post(travelBase+"/businessTrip/configuration/permission/update", manage, "businessTrip", "Let a user register business trips or not; refused until the company enables business trips (SPEC §8)",
			func(ctx context.Context, req *Permission) (*Permission, error) {
				return s.UpdateBusinessTripPermission(ctx, pr(ctx), *req)
			}),
		api.Post(travelBase+"/homework/compensation/get", manage, "homework", "A user's home-work daily allowance override beside the company's",
			func(ctx context.Context, req *UserRequest) (*HomeworkCompensation, error) {
				return s.HomeworkCompensation(ctx, pr(ctx), req.UserOspID)
			}),
		api.Post(travelBase+"/homework/compensation/update", manage, "homework", "Replace a user's home-work daily allowance override (null: the company's)",
			func(ctx context.Context, req *HomeworkCompensation) (*HomeworkCompensation, error) {
				return s.UpdateHomeworkCompensation(ctx, pr(ctx), *req)
			}),
		api.Post(travelBase+"/homework/configuration/permission/get", manage, "homework", "Whether a user may register home work",
			func(ctx context.Context, req *UserRequest) (*Permission, error) {
				return s.HomeworkPermission(ctx, pr(ctx), req.UserOspID)
			}),
		api.Post(travelBase+"/homework/configuration/permission/update", manage, "homework", "Let a user register home work or not",
			func(ctx context.Context, req *Permission) (*Permission, error) {
				return s.UpdateHomeworkPermission(ctx, pr(ctx), *req)
			}),
		api.Post(travelBase+"/travel/taxFreeRate/findAll", anyAdmin, "travel", "Every tax-free rate period per km by kind (SPEC §9)",
			func(ctx context.Context, _ *api.Empty) ([]TaxFreeRate, error) { return s.TaxFreeRates(ctx) }),
		api.Post(travelBase+"/travel/taxFreeRate/create", staff, "travel", "Add a kind's next tax-free rate period (platform staff; no overlap, an open-ended period before it is closed)",
			func(ctx context.Context, req *TaxFreeRateCreate) (*TaxFreeRate, error) {
				return s.CreateTaxFreeRate(ctx, pr(ctx), *req)
			}),
	}
}
