package user

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/api"
)

const base = "/portal-service/v1/user"

// Routes are the user calls of this issue.
func (s *Service) Routes() []api.Route {
	return []api.Route{
		api.Post(base+"/current", access.SignedIn(), "user", "The signed-in user, with company and partner (start-up refresh)",
			func(ctx context.Context, _ *api.Empty) (*SessionUser, error) {
				return s.Current(ctx, access.FromContext(ctx))
			}),
		api.Post(base+"/changeLanguage/{lang}", access.SignedIn(), "user", "Store the signed-in user's interface language",
			func(ctx context.Context, req *ChangeLanguageRequest) (api.NoContent, error) {
				return api.NoContent{}, s.ChangeLanguage(ctx, access.FromContext(ctx), req.Lang)
			}),
	}
}
