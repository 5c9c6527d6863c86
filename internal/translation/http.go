package translation

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/api"
)

const base = "/portal-service/v1/translation"

// Translations are backoffice content (SPEC §1, §2): platform staff only.
var (
	staff = access.Need(access.OspAdmin)
	pr    = access.FromContext
)

// Routes are the translation calls of SPEC §7.
func (s *Service) Routes() []api.Route {
	return []api.Route{
		api.Post(base+"/findByKeyLike", staff, "translation", "Translations whose key contains key (any case), of one type or all, sorted by key; texts cut at 300 characters (get answers them whole)",
			func(ctx context.Context, req *FindByKeyRequest) (*Page, error) {
				return s.FindByKeyLike(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/findByTranslationLike", staff, "translation", "Translations whose default value or text in any language contains text (any case), of one type or all, sorted by key; texts cut at 300 characters",
			func(ctx context.Context, req *FindByTextRequest) (*Page, error) {
				return s.FindByTranslationLike(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/get", staff, "translation", "A translation with its whole texts",
			func(ctx context.Context, req *GetRequest) (*Translation, error) {
				return s.Get(ctx, pr(ctx), req.OspID)
			}),
		api.Post(base+"/getByKey", staff, "translation", "The translation of a key (any case)",
			func(ctx context.Context, req *GetByKeyRequest) (*Translation, error) {
				return s.GetByKey(ctx, pr(ctx), req.Key)
			}),
		api.Post(base+"/create", staff, "translation", "Add a translation: type, key (unique), default value and up to four languages (GB, BE, FR, DE), each once, 1 to 90,000 characters; a SERVER_MESSAGE overrides the server's text of its key at once",
			func(ctx context.Context, req *Write) (*Translation, error) { return s.Create(ctx, pr(ctx), *req) }),
		api.Post(base+"/update", staff, "translation", "Replace a translation's type, key, default value and texts (a language left out is removed)",
			func(ctx context.Context, req *Update) (*Translation, error) { return s.Update(ctx, pr(ctx), *req) }),
		api.Post(base+"/delete", staff, "translation", "Delete a translation and its texts (a server message's built-in text is back)",
			func(ctx context.Context, req *GetRequest) (api.NoContent, error) {
				return api.NoContent{}, s.Delete(ctx, pr(ctx), req.OspID)
			}),
	}
}
