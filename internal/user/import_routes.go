package user

import (
	"context"
	"mime"
	"net/http"

	"mobility/portal/internal/access"
	"mobility/portal/internal/api"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/validate"
)

// ImportRoutes are manage/import-users: upload a file, validate it, process
// it, and download the empty template. User managers only.
func (s *Service) ImportRoutes() []api.Route {
	write := access.Need(access.UserManager)
	pr := access.FromContext
	return []api.Route{
		// multipart, so built by hand; the body limit middleware still caps it
		{Method: http.MethodPost, Path: base + "/upload/upload", Policy: write, Tag: "user",
			Summary: "Upload a CSV or XLSX file of app users to create or update (at most 500 rows)",
			Request: UploadForm{}, Response: UploadResult{}, Status: http.StatusOK,
			Handler: http.HandlerFunc(s.serveUpload)},
		api.Post(base+"/upload/validate", write, "user", "Check every line of an uploaded file; changes nothing",
			func(ctx context.Context, req *UploadRef) (*ImportReport, error) {
				return s.ValidateImport(ctx, pr(ctx), req.UploadID)
			}),
		api.Post(base+"/upload/process", write, "user", "Write every line of a valid uploaded file in one transaction (once)",
			func(ctx context.Context, req *UploadRef) (*ProcessReport, error) {
				return s.ProcessImport(ctx, pr(ctx), req.UploadID)
			}),
		{Method: http.MethodGet, Path: base + "/upload/template/{kind}", Policy: write, Tag: "user",
			Summary: "The empty import file (header row) as CSV or XLSX", Request: TemplateRequest{},
			ResponseContentType: "application/octet-stream", Status: http.StatusOK,
			Handler: http.HandlerFunc(s.serveTemplate)},
	}
}

func (s *Service) serveUpload(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	// A missing file is left to Upload, which names it beside the other
	// fields' errors.
	up, err := api.ReadUpload(r, api.FileOptional)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	in := UploadInput{CorporateAccountOspID: r.FormValue("corporateAccountOspId"), Kind: r.FormValue("kind"),
		SendCredentials: r.FormValue("sendCredentials"), Filename: up.Filename, Content: up.Content}
	// The form is not decoded by api.Decode; hold its fields and the file's
	// name to the same input limits (NUL, lengths) as a JSON body.
	form := struct {
		UploadForm
		Filename string `json:"filename"`
	}{UploadForm{CorporateAccountOspID: in.CorporateAccountOspID, Kind: in.Kind, SendCredentials: in.SendCredentials}, in.Filename}
	if err := validate.Input(ctx, &form); err != nil {
		api.WriteError(w, r, err)
		return
	}
	res, err := s.Upload(ctx, access.FromContext(ctx), in)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	api.WriteJSON(w, http.StatusOK, res)
}

func (s *Service) serveTemplate(w http.ResponseWriter, r *http.Request) {
	var req TemplateRequest
	if err := api.Decode(r, &req); err != nil {
		api.WriteError(w, r, err)
		return
	}
	if req.Format == "" {
		req.Format = "csv"
	}
	v := validate.New(r.Context())
	v.OneOf("kind", req.Kind, []string{ImportCreate, ImportUpdate})
	v.OneOf("format", req.Format, []string{"csv", "xlsx"})
	if err := v.Err(); err != nil {
		api.WriteError(w, r, err)
		return
	}
	name, contentType, body, err := ImportTemplate(req.Kind, req.Format)
	if err != nil {
		api.WriteError(w, r, apperr.Internal(err))
		return
	}
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": name}))
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(body)
}

// TokenRoutes are the identification token calls (SPEC §3, §7).
func (s *Service) TokenRoutes() []api.Route {
	signedIn := access.SignedIn()
	write := access.Need(access.UserManager)
	pr := access.FromContext
	tb := base + "/identificationToken"
	return []api.Route{
		api.Post(tb+"/get", signedIn, "user", "A user's identification tokens",
			func(ctx context.Context, req *UserRef) ([]Token, error) { return s.Tokens(ctx, pr(ctx), req.UserOspID) }),
		api.Post(tb+"/add", write, "user", "Give a user an identification token (values unique across users)",
			func(ctx context.Context, req *AddTokenRequest) (*Token, error) { return s.AddToken(ctx, pr(ctx), *req) }),
		api.Post(tb+"/delete", write, "user", "Remove an identification token",
			func(ctx context.Context, req *TokenRef) (api.NoContent, error) {
				return api.NoContent{}, s.DeleteToken(ctx, pr(ctx), req.OspID)
			}),
		api.Post(tb+"/type/list", signedIn, "user", "The token types with the field types each carries",
			func(ctx context.Context, _ *api.Empty) ([]TokenTypeInfo, error) { return TokenTypes, nil }),
		api.Post(tb+"/field/type/list", signedIn, "user", "The token field types",
			func(ctx context.Context, _ *api.Empty) ([]FieldTypeInfo, error) { return FieldTypeList(), nil }),
	}
}
