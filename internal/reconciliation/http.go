package reconciliation

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/api"
	"mobility/portal/internal/paging"
)

const (
	baseV1 = "/portal-service/v1/reconciliation"
	baseV2 = "/portal-service/v2/reconciliation"
)

// Only platform staff reconcile (SPEC §1): provider bookings span every
// tenant.
var (
	staff = access.Need(access.OspAdmin)
	pr    = access.FromContext
)

// Routes are the reconciliation calls of SPEC §7.
func (s *Service) Routes() []api.Route {
	return []api.Route{
		api.Post(baseV2+"/problems/get", staff, "reconciliation", "Reconciliation rows (bookingId, mrpOspId, expectedAmount, actualAmount, currency, status, lastUpdatedOn) by provider, status (default: every problem: MISMATCH, MISSING_AT_PROVIDER, MISSING_AT_PLATFORM) and month (yyyyMM), paged",
			func(ctx context.Context, req *ProblemsRequest) (*paging.Page[Row], error) {
				return s.Problems(ctx, pr(ctx), *req)
			}),
		api.Post(baseV2+"/problems/detail", staff, "reconciliation", "One reconciliation row by booking id, with its manual override (who decided what, when and why)",
			func(ctx context.Context, req *DetailRequest) (*Detail, error) {
				return s.Get(ctx, pr(ctx), req.BookingID)
			}),
		api.Post(baseV1+"/manual/override", staff, "reconciliation", "Decide a problem row once: ACCEPT_PROVIDER books the difference (actual − expected) on the expense as a correction with the remark; KEEP_PLATFORM books nothing. The row becomes RESOLVED; a second override is a 409 RECONCILIATION_ALREADY_OVERRIDDEN",
			func(ctx context.Context, req *OverrideRequest) (*Detail, error) {
				return s.Override(ctx, pr(ctx), *req)
			}).WithIdempotencyKey(),
		api.Post(baseV1+"/run", staff, "reconciliation", "Reconcile now (the daily job does it too): rows written by status",
			func(ctx context.Context, _ *api.Empty) (*RunResult, error) {
				r, err := s.Run(ctx)
				return &r, err
			}),
	}
}
