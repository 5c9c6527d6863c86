package nmbsconfig

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/api"
)

const base = "/portal-service/v1"

// Who may call what: a company's user managers see their company's
// season-card settings (they handle its season-card orders); MSP admins
// (user_manager of a partner) and platform staff change them for the
// companies in reach. Ticket sales run under an NMBS B2B contract of the
// partner or company: MSP admins and platform staff read and change them.
var (
	um  = access.Need(access.UserManager)
	msp = access.MspNeed(access.UserManager)
	pr  = access.FromContext
)

// Routes are the NMBS settings calls of SPEC §7.
func (s *Service) Routes() []api.Route {
	return []api.Route{
		api.Post(base+"/seasonTicket/configuration/get", um, "nmbs", "A company's season-card settings (the defaults, configured false, when never saved)",
			func(ctx context.Context, req *SeasonTicketGetRequest) (*SeasonTicketConfig, error) {
				return s.SeasonTicket(ctx, pr(ctx), req.CorporateAccountOspID)
			}),
		api.Post(base+"/seasonTicket/configuration/update", msp, "nmbs", "Replace a company's season-card settings: products, classes, budget types (the company's), parking, organism number (4 letters); enabled settings need one of each and the organism number",
			func(ctx context.Context, req *SeasonTicketUpdateRequest) (*SeasonTicketConfig, error) {
				return s.UpdateSeasonTicket(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/ticketSales/configuration/get", msp, "nmbs", "The ticket-sales settings of a partner or company (the defaults, configured false, when never saved)",
			func(ctx context.Context, req *TicketSalesGetRequest) (*TicketSalesConfig, error) {
				return s.TicketSales(ctx, pr(ctx), req.AssigneeOspID)
			}),
		api.Post(base+"/ticketSales/configuration/update", msp, "nmbs", "Replace the ticket-sales settings of a partner or company: channel, B2B customer and contract number (required when enabled), first class, limits",
			func(ctx context.Context, req *TicketSalesUpdateRequest) (*TicketSalesConfig, error) {
				return s.UpdateTicketSales(ctx, pr(ctx), *req)
			}),
	}
}
