package expense

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/api"
	"mobility/portal/internal/paging"
)

const base = "/portal-service/v1"

// Routes are the expense ("events"), recurring external purchase and
// negative-budget calls: reads for any signed-in admin of the tenant,
// writes for user managers (ospadmin always passes).
func (s *Service) Routes() []api.Route {
	read := access.SignedIn()
	write := access.Need(access.UserManager)
	pr := access.FromContext
	return []api.Route{
		api.Post(base+"/payableEvent/costEventForExternalPurchase/create", write, "expense",
			"Book an external purchase on a user's budget (amount in cents incl. VAT; the budget's rules apply)",
			func(ctx context.Context, req *CreateRequest) (*EventDetail, error) {
				return s.Create(ctx, pr(ctx), *req)
			}).WithIdempotencyKey(),
		api.Post(base+"/events/getByFilter", read, "expense", "Page through expenses with their net amounts, newest first",
			func(ctx context.Context, req *Filter) (*paging.Page[Event], error) {
				return s.Filter(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/events/get", read, "expense", "One expense with its details and corrections",
			func(ctx context.Context, req *GetRequest) (*EventDetail, error) {
				return s.Get(ctx, pr(ctx), req.OspID)
			}),
		api.Post(base+"/purchaseEvent/get", read, "expense", "One purchase (expense) with its details and corrections",
			func(ctx context.Context, req *GetRequest) (*EventDetail, error) {
				return s.Get(ctx, pr(ctx), req.OspID)
			}),
		api.Post(base+"/events/refund", write, "expense", "Give (part of) an expense back to its budget; default the whole net amount",
			func(ctx context.Context, req *RefundRequest) (*EventDetail, error) {
				return s.Refund(ctx, pr(ctx), *req)
			}).WithIdempotencyKey(),
		api.Post(base+"/events/correct", write, "expense", "Add cost to an expense (positive amount) or refund cost (negative), with a remark",
			func(ctx context.Context, req *CorrectRequest) (*EventDetail, error) {
				return s.Correct(ctx, pr(ctx), *req)
			}).WithIdempotencyKey(),
		api.Post(base+"/events/emailReceipt/get", read, "expense", "Mail the expense's receipt to its user",
			func(ctx context.Context, req *GetRequest) (api.NoContent, error) {
				return api.NoContent{}, s.EmailReceipt(ctx, pr(ctx), req.OspID)
			}),

		api.Get(base+"/recurringExternalPurchase/types", read, "expense", "The types of recurring external purchases",
			func(ctx context.Context, _ *api.Empty) ([]RecurringType, error) { return s.Types(ctx), nil }),
		api.Post(base+"/recurringExternalPurchase/get", read, "expense", "One recurring external purchase with its handled occurrences",
			func(ctx context.Context, req *GetRequest) (*Recurring, error) {
				return s.GetRecurring(ctx, pr(ctx), req.OspID)
			}),
		api.Post(base+"/recurringExternalPurchase/create", write, "expense", "Open a recurring external purchase, booked by the jobs runner each period",
			func(ctx context.Context, req *RecurringCreateRequest) (*Recurring, error) {
				return s.CreateRecurring(ctx, pr(ctx), *req)
			}).WithIdempotencyKey(),
		api.Post(base+"/recurringExternalPurchase/update", write, "expense", "Change a recurring external purchase (bookings still to come)",
			func(ctx context.Context, req *RecurringUpdateRequest) (*Recurring, error) {
				return s.UpdateRecurring(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/recurringExternalPurchase/delete", write, "expense", "Delete one occurrence (THIS_ONLY) or this and all following (THIS_AND_FOLLOWING)",
			func(ctx context.Context, req *RecurringDeleteRequest) (*Recurring, error) {
				return s.DeleteRecurring(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/recurringExternalPurchase/findByUser", read, "expense", "A user's recurring external purchases",
			func(ctx context.Context, req *ByUserRequest) ([]Recurring, error) {
				return s.RecurringByUser(ctx, pr(ctx), req.UserOspID)
			}),

		api.Post(base+"/user/findWithNegativeBudget", read, "user", "Page through users with a budget below zero, most negative first",
			func(ctx context.Context, req *NegativeRequest) (*paging.Page[NegativeUser], error) {
				return s.NegativeUsers(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/user/countWithNegativeBudget", read, "user", "Count the users with a budget below zero",
			func(ctx context.Context, req *CountRequest) (*Count, error) {
				return s.CountNegative(ctx, pr(ctx), *req)
			}),
	}
}
