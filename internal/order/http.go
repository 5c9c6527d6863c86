package order

import (
	"context"
	"strings"

	"mobility/portal/internal/access"
	"mobility/portal/internal/api"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/validate"
)

const (
	base        = "/portal-service/v1/order"
	companyBase = "/portal-service/v1/seasonTicket/order"
)

// Who may call what. The backoffice orders page (order/*) is for platform
// staff and MSP admins, each over the companies in their scope; the
// company's order handling (seasonTicket/order/*) for the user managers of
// the selected company, its MSP's admins and platform staff. A company
// whose configuration says PLATFORM is handled by platform staff only
// (ORDER_HANDLED_BY_PLATFORM for the others). Only platform staff change
// the configuration.
var (
	staff = access.Need(access.OspAdmin)
	msp   = access.MspNeed(access.UserManager)
	um    = access.Need(access.UserManager)
	pr    = access.FromContext
	tag   = "order"
)

// Routes are SPEC §7's Orders calls.
func (s *Service) Routes() []api.Route {
	return []api.Route{
		api.Post(base+"/getOpen", msp, tag, "Open season-card orders in reach, newest first; filters: company, product, text (name, card or personnel number), request dates; national numbers masked",
			func(ctx context.Context, req *ListRequest) (*paging.Page[Order], error) {
				return s.List(ctx, pr(ctx), *req, false)
			}),
		api.Post(base+"/getHandled", msp, tag, "Confirmed and cancelled season-card orders in reach, last handled first; the same filters on the handling date",
			func(ctx context.Context, req *ListRequest) (*paging.Page[Order], error) {
				return s.List(ctx, pr(ctx), *req, true)
			}),
		api.Post(base+"/confirm", msp, tag, "Confirm an open order: book its effective price (plus parking) once on one of the employee's budgets, with an optional adjusted start date and price",
			func(ctx context.Context, req *ConfirmRequest) (*Order, error) {
				req.CorporateAccountOspID = ""
				return s.Confirm(ctx, pr(ctx), *req)
			}).WithIdempotencyKey(),
		api.Post(base+"/cancel", msp, tag, "Cancel an open or confirmed order with a reason (≤ 500 characters) sent to the employee's inbox; a confirmed order keeps its booking",
			func(ctx context.Context, req *CancelRequest) (*Order, error) {
				req.CorporateAccountOspID = ""
				return s.Cancel(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/config/get", msp, tag, "A company's season-card order settings: who handles its orders, the default budget type",
			func(ctx context.Context, req *ConfigRequest) (*Config, error) { return s.GetConfig(ctx, pr(ctx), *req) }),
		api.Post(base+"/config/update", staff, tag, "Set a company's season-card order settings",
			func(ctx context.Context, req *Config) (*Config, error) { return s.UpdateConfig(ctx, pr(ctx), *req) }),
		api.Get(base+"/getDetails/{id}", um, tag, "One season-card order with the employee's budgets; the national number in full only for who may handle it",
			func(ctx context.Context, req *DetailsRequest) (*Details, error) {
				return s.Details(ctx, pr(ctx), req.ID)
			}),

		api.Post(companyBase+"/getOpen", um, tag, "The selected company's open season-card orders (same filters as order/getOpen)",
			func(ctx context.Context, req *CompanyListRequest) (*paging.Page[Order], error) {
				return s.CompanyList(ctx, pr(ctx), *req, false)
			}),
		api.Post(companyBase+"/getHandled", um, tag, "The selected company's handled season-card orders",
			func(ctx context.Context, req *CompanyListRequest) (*paging.Page[Order], error) {
				return s.CompanyList(ctx, pr(ctx), *req, true)
			}),
		api.Post(companyBase+"/confirm", um, tag, "Confirm an open order of the selected company (as order/confirm)",
			func(ctx context.Context, req *ConfirmRequest) (*Order, error) {
				if err := requireCompany(ctx, req.CorporateAccountOspID); err != nil {
					return nil, err
				}
				return s.Confirm(ctx, pr(ctx), *req)
			}).WithIdempotencyKey(),
		api.Post(companyBase+"/cancel", um, tag, "Cancel an order of the selected company (as order/cancel)",
			func(ctx context.Context, req *CancelRequest) (*Order, error) {
				if err := requireCompany(ctx, req.CorporateAccountOspID); err != nil {
					return nil, err
				}
				return s.Cancel(ctx, pr(ctx), *req)
			}),
	}
}

// requireCompany: the company calls name the selected company.
func requireCompany(ctx context.Context, companyOspID string) error {
	if strings.TrimSpace(companyOspID) == "" {
		v := validate.New(ctx)
		v.Fail("corporateAccountOspId", "rule.required")
		return v.Err()
	}
	return nil
}
