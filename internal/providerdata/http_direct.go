package providerdata

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/api"
)

// DirectRoutes are the calls of the companies' direct payments (platform
// staff only), beside the upload calls.
func (s *Service) DirectRoutes() []api.Route {
	staff := access.Need(access.OspAdmin)
	pr := access.FromContext
	return []api.Route{
		api.Post(base+"/directPayment/get", staff, "upload", "A company's providers it pays directly: per kind, whether its matched lines are booked on the company budget",
			func(ctx context.Context, req *DirectPaymentsRequest) (*DirectPayments, error) {
				return s.DirectPayments(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/directPayment/update", staff, "upload", "Set whether a company pays a kind's provider directly (its lines then book on the company budget, the user as the traveller)",
			func(ctx context.Context, req *DirectPaymentUpdate) (*DirectPayments, error) {
				return s.SetDirectPayment(ctx, pr(ctx), *req)
			}),
	}
}
