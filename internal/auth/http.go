package auth

import (
	"context"
	"net/http"

	"github.com/go-chi/chi/v5"

	"mobility/portal/internal/access"
	"mobility/portal/internal/api"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/database"
	"mobility/portal/internal/i18n"
)

const authBase = "/user-service/v1/auth"

// Routes are the sign-in calls.
func (s *Service) Routes() []api.Route {
	pub := access.PublicPolicy()
	return []api.Route{
		api.Post(authBase+"/login", pub, "auth", "Sign in with login and passdigest (and a two-factor code when required)",
			func(ctx context.Context, req *LoginRequest) (*LoginResponse, error) {
				return s.Login(ctx, *req, api.Info(ctx).ClientAddr)
			}),
		api.Post(authBase+"/refreshToken", pub, "auth", "Trade the refresh token in the Authorization header for a new token pair",
			func(ctx context.Context, _ *api.Empty) (*TokenResponse, error) {
				return s.Refresh(ctx, api.Info(ctx).BearerToken)
			}),
		api.Post(authBase+"/logout", access.SignedIn(), "auth", "Sign out: the session's tokens stop working",
			func(ctx context.Context, _ *api.Empty) (api.NoContent, error) {
				return api.NoContent{}, s.Logout(ctx, access.FromContext(ctx))
			}),
		api.Post(authBase+"/resetLogin", pub, "auth", "Mail the login(s) of an e-mail address",
			func(ctx context.Context, req *ResetLoginRequest) (api.NoContent, error) {
				return api.NoContent{}, s.ResetLogin(ctx, *req, api.Info(ctx).ClientAddr)
			}),
		api.Post(authBase+"/resetPassword", pub, "auth", "Mail a one-time link to set a new password",
			func(ctx context.Context, req *ResetPasswordRequest) (api.NoContent, error) {
				return api.NoContent{}, s.ResetPassword(ctx, *req, api.Info(ctx).ClientAddr)
			}),
		api.Post(authBase+"/resetPassword/confirm", pub, "auth", "Set a new password with the mailed token",
			func(ctx context.Context, req *ConfirmResetRequest) (api.NoContent, error) {
				return api.NoContent{}, s.ConfirmReset(ctx, *req)
			}),
		api.Post("/user-service/v1/user/changePassword", access.SignedIn(), "auth", "Change the signed-in user's password",
			func(ctx context.Context, req *ChangePasswordRequest) (api.NoContent, error) {
				return api.NoContent{}, s.ChangePassword(ctx, access.FromContext(ctx), *req)
			}),
	}
}

// Guard enforces a route's policy: it authenticates the bearer token,
// answers 401 without a valid one and 403 without a needed role, and puts
// the principal and their language in the context.
func (s *Service) Guard(policy access.Policy, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if policy.Public {
			next.ServeHTTP(w, r)
			return
		}
		p, epoch, err := s.authenticate(r.Context(), api.Info(r.Context()).BearerToken)
		if err != nil {
			api.WriteError(w, r, err)
			return
		}
		// the request's reads of users and companies may be answered at
		// the epoch it was signed in at (database/epoch.go)
		ctx := database.WithEpoch(access.WithPrincipal(r.Context(), p), epoch)
		if i18n.IsSupported(p.Language) {
			ctx = i18n.WithLang(ctx, i18n.Lang(p.Language))
		}
		r = r.WithContext(ctx)
		if !policy.AllowsCall(p, routePattern(r)) {
			api.WriteError(w, r, apperr.Forbidden("this call needs another role"))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// routePattern is the route the router matched (e.g. ".../{lang}"), which
// policies name; the plain path when no router matched one.
func routePattern(r *http.Request) string {
	if rc := chi.RouteContext(r.Context()); rc != nil {
		if p := rc.RoutePattern(); p != "" {
			return p
		}
	}
	return r.URL.Path
}
