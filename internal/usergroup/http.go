package usergroup

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/api"
	"mobility/portal/internal/paging"
)

const base = "/portal-service/v1/usergroup"

// Routes are the user-group calls: reads for any admin of the company,
// writes for user managers.
func (s *Service) Routes() []api.Route {
	read := access.SignedIn()
	write := access.Need(access.UserManager)
	pr := access.FromContext
	return []api.Route{
		api.Post(base+"/findAll", read, "usergroup", "Page through a company's user groups, the default group first",
			func(ctx context.Context, req *FindAllRequest) (*paging.Page[UserGroup], error) {
				return s.FindAll(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/getByOspId", read, "usergroup", "One user group",
			func(ctx context.Context, req *GetRequest) (*UserGroup, error) { return s.Get(ctx, pr(ctx), req.OspID) }),
		api.Post(base+"/create", write, "usergroup", "Create a user group",
			func(ctx context.Context, req *CreateRequest) (*UserGroup, error) { return s.Create(ctx, pr(ctx), *req) }),
		api.Post(base+"/update", write, "usergroup", "Rename a user group or change its description",
			func(ctx context.Context, req *UpdateRequest) (*UserGroup, error) { return s.Update(ctx, pr(ctx), *req) }),
		api.Post(base+"/delete", write, "usergroup", "Delete a user group (not the default group)",
			func(ctx context.Context, req *GetRequest) (api.NoContent, error) {
				return api.NoContent{}, s.Delete(ctx, pr(ctx), req.OspID)
			}),
		api.Post(base+"/activate", write, "usergroup", "Activate a user group, or deactivate it with active false",
			func(ctx context.Context, req *ActivateRequest) (*UserGroup, error) {
				return s.SetActive(ctx, pr(ctx), req.OspID, req.Active == nil || *req.Active)
			}),
		api.Post(base+"/deactivate", write, "usergroup", "Deactivate a user group (not the default group)",
			func(ctx context.Context, req *GetRequest) (*UserGroup, error) {
				return s.SetActive(ctx, pr(ctx), req.OspID, false)
			}),
		api.Post(base+"/addUsers", write, "usergroup", "Add users of the group's company to the group",
			func(ctx context.Context, req *MembersRequest) (*UserGroup, error) {
				return s.ChangeMembers(ctx, pr(ctx), *req, true)
			}),
		api.Post(base+"/removeUsers", write, "usergroup", "Remove users from the group",
			func(ctx context.Context, req *MembersRequest) (*UserGroup, error) {
				return s.ChangeMembers(ctx, pr(ctx), *req, false)
			}),
	}
}
