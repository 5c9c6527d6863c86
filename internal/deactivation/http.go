package deactivation

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/api"
	"mobility/portal/internal/paging"
)

const (
	companyBase = "/portal-service/v1/corporateAccount"
	partnerBase = "/portal-service/v1/partner"
)

// Routes are the deactivation calls of corporate accounts and partners.
func (s *Service) Routes() []api.Route {
	pr := access.FromContext
	// A company admin managing users of the company, the partner's MSP
	// admins and platform staff; the store's scope does the tenancy.
	requesters := access.Need(access.UserManager)
	msp := access.MspNeed(access.UserManager)
	staff := access.Need(access.OspAdmin)
	return []api.Route{
		api.Post(companyBase+"/deactivate", requesters, "corporateAccount", "Request the deactivation of a corporate account (handled within 3 working days, effective at the start of the next month)",
			func(ctx context.Context, req *RequestRequest) (*CompanyDeactivation, error) {
				return s.Request(ctx, pr(ctx), *req)
			}),
		api.Post(companyBase+"/deactivation/get", requesters, "corporateAccount", "The company's current or last deactivation request, or null",
			func(ctx context.Context, req *GetRequest) (*CompanyDeactivation, error) {
				return s.Current(ctx, pr(ctx), req.OspID)
			}).OrNull(),
		api.Post(companyBase+"/deactivation/handle", staff, "corporateAccount", "Handle (confirm) a deactivation request: effective on the first day of the next month",
			func(ctx context.Context, req *GetRequest) (*CompanyDeactivation, error) {
				return s.Handle(ctx, pr(ctx), req.OspID)
			}),
		api.Post(companyBase+"/deactivation/withdraw", requesters, "corporateAccount", "Withdraw the company's deactivation request before it takes effect",
			func(ctx context.Context, req *GetRequest) (*CompanyDeactivation, error) {
				return s.Withdraw(ctx, pr(ctx), req.OspID)
			}),
		api.Post(companyBase+"/deactivation/getByFilter", staff, "corporateAccount", "Page through deactivation requests (default: the open ones, oldest handleBy first)",
			func(ctx context.Context, req *FilterRequest) (*paging.Page[CompanyDeactivation], error) {
				return s.Filter(ctx, pr(ctx), *req)
			}),
		api.Post(companyBase+"/activate", msp, "corporateAccount", "Activate a deactivated corporate account again, with the admins, users and budgets its deactivation switched off",
			func(ctx context.Context, req *GetRequest) (*CompanyDeactivation, error) {
				return s.ActivateCompany(ctx, pr(ctx), req.OspID)
			}).OrNull(),
		api.Post(partnerBase+"/deactivate", staff, "partner", "Deactivate a partner with all its corporate accounts, their users and budgets (runs in the background; see partner/deactivation/get)",
			func(ctx context.Context, req *GetRequest) (*PartnerDeactivation, error) {
				return s.DeactivatePartner(ctx, pr(ctx), req.OspID)
			}),
		api.Post(partnerBase+"/activate", staff, "partner", "Activate a partner again (its corporate accounts stay deactivated until activated one by one)",
			func(ctx context.Context, req *GetRequest) (*PartnerDeactivation, error) {
				return s.ActivatePartner(ctx, pr(ctx), req.OspID)
			}),
		api.Post(partnerBase+"/deactivation/get", staff, "partner", "The progress of a partner's deactivation, or null",
			func(ctx context.Context, req *GetRequest) (*PartnerDeactivation, error) {
				return s.PartnerProgress(ctx, pr(ctx), req.OspID)
			}).OrNull(),
	}
}
