package budget

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/api"
	"mobility/portal/internal/paging"
)

const base = "/portal-service/v1/budget"

// Routes are the budget and ledger calls.
func (s *Service) Routes() []api.Route {
	read := access.SignedIn()
	write := access.Need(access.UserManager)
	platform := access.Need(access.OspAdmin)
	pr := access.FromContext
	return append(append(s.companyRoutes(), s.settingsRoutes()...), []api.Route{
		api.Post(base+"/types", read, "budget", "The budget types a user or company may get, with their rules and defaults",
			func(ctx context.Context, req *TypesRequest) ([]TypeInfo, error) {
				return s.Types(ctx, pr(ctx), req.AssigneeOspID)
			}),
		api.Post(base+"/getByOwner", read, "budget", "An owner's budgets (NOT_FOUND when a requested type has none)",
			func(ctx context.Context, req *ByOwnerRequest) ([]Budget, error) { return s.ByOwner(ctx, pr(ctx), *req) }),
		api.Post(base+"/get", read, "budget", "One budget",
			func(ctx context.Context, req *GetRequest) (*Budget, error) { return s.Get(ctx, pr(ctx), req.OspID) }),
		api.Post(base+"/{type}/create", write, "budget", "Open a budget of a type for a user (or the company budget) and book its start amount",
			func(ctx context.Context, req *CreateRequest) (*Budget, error) { return s.Create(ctx, pr(ctx), *req) }).WithIdempotencyKey(),
		api.Post("/portal-service/v2/budget/update", write, "budget", "Change a budget's settings (a new amount applies from the next period by default)",
			func(ctx context.Context, req *UpdateRequest) (*Budget, error) { return s.Update(ctx, pr(ctx), *req) }),
		api.Post(base+"/deactivate", write, "budget", "Deactivate a budget: no expenses, no top-ups",
			func(ctx context.Context, req *GetRequest) (*Budget, error) {
				return s.SetActive(ctx, pr(ctx), req.OspID, false)
			}),
		api.Post(base+"/activate", write, "budget", "Reactivate a budget",
			func(ctx context.Context, req *GetRequest) (*Budget, error) {
				return s.SetActive(ctx, pr(ctx), req.OspID, true)
			}),
		api.Post(base+"/redeem", write, "budget", "Credit a promo code to a budget (once per budget)",
			func(ctx context.Context, req *RedeemRequest) (*Budget, error) { return s.Redeem(ctx, pr(ctx), *req) }).WithIdempotencyKey(),
		api.Post(base+"/promo/create", platform, "budget", "Create a promo code",
			func(ctx context.Context, req *PromoCode) (*PromoCode, error) {
				return s.CreatePromo(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/promo/list", platform, "budget", "The promo codes",
			func(ctx context.Context, _ *api.Empty) ([]PromoCode, error) { return s.ListPromos(ctx) }),
		api.Post(base+"/transaction/getByFilter", read, "budget", "Page through ledger rows, newest first",
			func(ctx context.Context, req *TransactionFilter) (*paging.Page[Transaction], error) {
				return s.Transactions(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/transaction/addForUser", write, "budget", "Book a manual amount (negative allowed) on a user's budget",
			func(ctx context.Context, req *AddForUserRequest) (*Transaction, error) {
				return s.AddForUser(ctx, pr(ctx), *req)
			}).WithIdempotencyKey(),
		api.Post(base+"/transaction/addForCorporateAccount", platform, "budget", "Book a bank transfer on a company's budget",
			func(ctx context.Context, req *AddForCompanyRequest) (*Transaction, error) {
				return s.AddForCompany(ctx, pr(ctx), *req)
			}).WithIdempotencyKey(),
		s.xlsxRoute(),
		api.Post(base+"/private/balance", read, "budget", "A user's own money (kept after deactivation)",
			func(ctx context.Context, req *PrivateBalanceRequest) (*PrivateBalance, error) {
				return s.PrivateBalance(ctx, pr(ctx), *req)
			}),
	}...)
}
