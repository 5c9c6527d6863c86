package user

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/api"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/usergroup"
)

const (
	base   = "/portal-service/v1/user"
	baseV2 = "/portal-service/v2/user"
)

// Routes are the user calls: reads for any admin of the tenant, writes for
// user managers, a few for platform staff.
func (s *Service) Routes() []api.Route {
	signedIn := access.SignedIn()
	write := access.Need(access.UserManager)
	platform := access.Need(access.OspAdmin)
	pr := access.FromContext
	ok := func(err error) (api.NoContent, error) { return api.NoContent{}, err }
	return []api.Route{
		// the signed-in user's own calls
		api.Post(base+"/current", signedIn, "user", "The signed-in user, with company and partner (start-up refresh)",
			func(ctx context.Context, _ *api.Empty) (*SessionUser, error) { return s.Current(ctx, pr(ctx)) }),
		api.Post(base+"/changeLanguage/{lang}", signedIn, "user", "Store the signed-in user's interface language",
			func(ctx context.Context, req *ChangeLanguageRequest) (api.NoContent, error) {
				return ok(s.ChangeLanguage(ctx, pr(ctx), req.Lang))
			}),

		// lists and search
		api.Post(base+"/findByAny", signedIn, "user", "Page through users: search, active, company, group, roles, types",
			func(ctx context.Context, req *FindRequest) (*paging.Page[ListItem], error) {
				return s.Find(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/getByFilter", signedIn, "user", "Dashboard user search (at least 3 characters), sorted by first name, last name, e-mail",
			func(ctx context.Context, req *SearchRequest) (*paging.Page[SearchResult], error) {
				return s.Search(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/get", signedIn, "user", "One user",
			func(ctx context.Context, req *GetRequest) (*User, error) { return s.Get(ctx, pr(ctx), req.OspID) }),
		api.Get(base+"/backoffice/get/{id}", platform, "user", "One user by ospId, for platform staff",
			func(ctx context.Context, req *BackofficeRequest) (*User, error) {
				return s.Backoffice(ctx, pr(ctx), req.ID)
			}),
		api.Get(base+"/getMessagingRecipients", signedIn, "user", "Admins of a company who may receive message replies",
			func(ctx context.Context, req *RecipientsRequest) ([]Recipient, error) {
				return s.Recipients(ctx, pr(ctx), req.CorporateAccountOspID)
			}),
		api.Post("/portal-service/v1/usergroup/getByUser", signedIn, "usergroup", "The groups of a user",
			func(ctx context.Context, req *UserRef) ([]usergroup.UserGroup, error) {
				return s.Groups(ctx, pr(ctx), req.UserOspID)
			}),
		api.Post("/portal-service/v1/parking/findHistoryByUser", platform, "user", "A user's parking history, newest first",
			func(ctx context.Context, req *ParkingRequest) (*paging.Page[ParkingSession], error) {
				return s.ParkingHistory(ctx, pr(ctx), *req)
			}),

		// checks the forms make while typing
		api.Post(base+"/verifyLogin", write, "user", "Whether a login is free",
			func(ctx context.Context, req *VerifyLoginRequest) (*VerifyResult, error) {
				return s.VerifyLogin(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/verifyContractId", write, "user", "Whether a contract id may be used in a company",
			func(ctx context.Context, req *VerifyContractRequest) (*VerifyResult, error) {
				return s.VerifyContractID(ctx, pr(ctx), *req)
			}),

		// creating and changing users
		// mobile/create (an app user with their budgets) is internal/onboarding's
		api.Post(base+"/manager/create", write, "user", "Create a company admin with roles the caller holds",
			func(ctx context.Context, req *CreateManagerRequest) (*User, error) {
				return s.CreateManager(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/contact/create", write, "user", "Create an invoicing, HR or budget contact",
			func(ctx context.Context, req *CreateContactRequest) (*User, error) {
				return s.CreateContact(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/update", write, "user", "Change a user's data (the extId can be set once)",
			func(ctx context.Context, req *UpdateRequest) (*User, error) { return s.Update(ctx, pr(ctx), *req) }),
		api.Post(base+"/selfservice/generateLink", write, "user", "Make a self-registration link and mail it to the caller",
			func(ctx context.Context, req *LinkRequest) (*LinkResponse, error) {
				return s.GenerateLink(ctx, pr(ctx), *req)
			}),

		// states and actions
		api.Post(base+"/activate", write, "user", "Activate a user now or at the end of the day",
			func(ctx context.Context, req *ActivateRequest) (*User, error) { return s.Activate(ctx, pr(ctx), *req) }),
		api.Post(base+"/deactivate", write, "user", "Deactivate a user now, at the end of the day, on a day, or manually later",
			func(ctx context.Context, req *DeactivateRequest) (*User, error) {
				return s.Deactivate(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/unblock", write, "user", "Lift a block after too many failed sign-ins",
			func(ctx context.Context, req *GetRequest) (*User, error) { return s.Unblock(ctx, pr(ctx), req.OspID) }),
		api.Post(base+"/sendPincode", write, "user", "Mail an app user a new random pincode",
			func(ctx context.Context, req *GetRequest) (api.NoContent, error) {
				return ok(s.SendPincode(ctx, pr(ctx), req.OspID))
			}),
		api.Post(baseV2+"/changePincode", write, "user", "Set an app user's pincode, or a random one, and mail it",
			func(ctx context.Context, req *ChangePincodeRequest) (api.NoContent, error) {
				return ok(s.ChangePincode(ctx, pr(ctx), *req))
			}),
		api.Post(base+"/clear2fa", write, "user", "Forget a user's authenticator; they enrol again at next sign-in",
			func(ctx context.Context, req *UserRef) (*User, error) { return s.Clear2FA(ctx, pr(ctx), req.UserOspID) }),
		api.Post(base+"/anonymize", write, "user", "Replace a user's personal data for good (irreversible)",
			func(ctx context.Context, req *GetRequest) (*User, error) { return s.Anonymize(ctx, pr(ctx), req.OspID) }),

		// roles and contact types
		api.Post(base+"/role/list", signedIn, "user", "A user's roles",
			func(ctx context.Context, req *GetRequest) ([]access.Role, error) {
				return s.Roles(ctx, pr(ctx), req.OspID)
			}),
		api.Post(base+"/role/add", write, "user", "Grant a user one role the caller holds",
			func(ctx context.Context, req *RoleRequest) ([]access.Role, error) {
				return s.ChangeRole(ctx, pr(ctx), *req, true)
			}),
		api.Post(base+"/role/remove", write, "user", "Take one role away from a user",
			func(ctx context.Context, req *RoleRequest) ([]access.Role, error) {
				return s.ChangeRole(ctx, pr(ctx), *req, false)
			}),
		api.Post(base+"/role/list/all", signedIn, "user", "Every admin role, with whether the caller may grant it",
			func(ctx context.Context, _ *api.Empty) ([]RoleInfo, error) { return s.AssignableRoles(pr(ctx)), nil }),
		api.Post(base+"/contactType/list", signedIn, "user", "The contact types",
			func(ctx context.Context, _ *api.Empty) ([]ContactTypeInfo, error) { return ContactTypeList(), nil }),
	}
}
