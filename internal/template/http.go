package template

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/api"
	"mobility/portal/internal/paging"
)

const base = "/portal-service/v1/template"

// Who may call what (SPEC §1: partner staff and platform staff handle
// templates): platform staff manage every template; an MSP admin (user or
// communication manager of its partner) its partner's and its companies'
// overrides. Company admins and app users are refused.
var (
	manage = access.MspNeed(access.UserManager, access.CommunicationManager)
	pr     = access.FromContext
)

// Routes are the template calls of SPEC §7.
func (s *Service) Routes() []api.Route {
	return []api.Route{
		api.Post(base+"/create", manage, "template", "Create a template of the platform (staff), a partner or a company in reach, with versions; content the safe engine refuses (syntax, an unknown parameter) is VALIDATION_FAILED naming versions[i].subject or versions[i].body",
			func(ctx context.Context, req *CreateRequest) (*Template, error) { return s.Create(ctx, pr(ctx), *req) }),
		api.Post(base+"/update", manage, "template", "Change a template's name, category and types and add versions (a version with an existing language and valid-from, not yet in effect, replaces it)",
			func(ctx context.Context, req *UpdateRequest) (*Template, error) { return s.Update(ctx, pr(ctx), *req) }),
		api.Post(base+"/delete", manage, "template", "Delete a template and its versions (mails already queued keep their text)",
			func(ctx context.Context, req *DeleteRequest) (api.NoContent, error) {
				return api.NoContent{}, s.Delete(ctx, pr(ctx), req.OspID)
			}),
		api.Post(base+"/get", manage, "template", "One template by ospId with its versions, or a page of the templates in reach filtered by templateType, templateNameLike, ownerNameLike and language",
			func(ctx context.Context, req *GetRequest) (*paging.Page[Template], error) {
				return s.Get(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/getCategories", manage, "template", "The template categories",
			func(ctx context.Context, _ *api.Empty) ([]string, error) { return Categories, nil }),
		api.Post(base+"/getOwners", manage, "template", "The owners the caller may give a template (platform staff: the platform, MSP partners and companies; an MSP admin: its partner and companies)",
			func(ctx context.Context, _ *api.Empty) ([]Owner, error) { return s.Owners(ctx, pr(ctx)) }),
		api.Post(base+"/getContentTypes", manage, "template", "The content types (TEXT, HTML)",
			func(ctx context.Context, _ *api.Empty) ([]string, error) { return ContentTypes, nil }),
		api.Post(base+"/getTemplateTypes", manage, "template", "The template types (MESSAGE, TICKET)",
			func(ctx context.Context, _ *api.Empty) ([]string, error) { return TemplateTypes, nil }),
		api.Post(base+"/getPredefinedTemplateNames/{type}", manage, "template", "The platform's predefined templates of a type with their parameters and shipped default versions",
			func(ctx context.Context, req *TypeRequest) ([]PredefinedName, error) {
				return s.PredefinedNames(ctx, req.Type)
			}),
		api.Post(base+"/preview/mostRecentParameters", manage, "template", "The parameters a predefined mail was last sent with to a company in reach (secrets masked), or sample ones",
			func(ctx context.Context, req *ParametersRequest) (*Parameters, error) {
				return s.MostRecentParameters(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/preview/render", manage, "template", "Render unsaved content with the given parameters or the most recent ones (the editor's live preview); HTML comes escaped by html/template",
			func(ctx context.Context, req *RenderRequest) (*Preview, error) { return s.Preview(ctx, pr(ctx), *req) }),
		api.Get(base+"/getExternalTemplates", manage, "template", "The versions in reach flagged external (kept at an external provider under externalTemplateId), grouped by template type",
			func(ctx context.Context, _ *api.Empty) ([]ExternalGroup, error) { return s.Externals(ctx, pr(ctx), "") }),
		api.Get(base+"/getExternalTemplates/{type}", manage, "template", "The external versions in reach of one template type",
			func(ctx context.Context, req *TypeRequest) ([]ExternalGroup, error) {
				return s.Externals(ctx, pr(ctx), req.Type)
			}),
		api.Get(base+"/getExternalTemplateTypes", manage, "template", "The template types with their number of external versions in reach",
			func(ctx context.Context, _ *api.Empty) ([]ExternalType, error) { return s.ExternalTypes(ctx, pr(ctx)) }),
	}
}
