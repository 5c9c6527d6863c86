package trip

import (
	"context"
	"net/http"

	"mobility/portal/internal/access"
	"mobility/portal/internal/api"
	"mobility/portal/internal/validate"
)

// ImportRoutes are the registrations import of the trip-registrations
// tab: upload a CSV, validate it line by line, process it once. User
// managers, like the registrations.
func (s *Registrations) ImportRoutes() []api.Route {
	um := access.Need(access.UserManager)
	pr := access.FromContext
	b := travelBase + "/travel/registration/upload"
	return []api.Route{
		// multipart, so built by hand; the body limit middleware caps it
		{Method: http.MethodPost, Path: b + "/upload", Policy: um, Tag: "travel",
			Summary: "Upload a CSV of trip registrations for a company (at most 500 rows)", Request: ImportUploadForm{},
			Response: ImportUpload{}, Status: http.StatusOK, Handler: http.HandlerFunc(s.serveUpload)},
		api.Post(b+"/validate", um, "travel", "Check every line of an uploaded registrations file, naming the line, field and reason; changes nothing",
			func(ctx context.Context, req *ImportRef) (*ImportReport, error) {
				return s.ValidateImport(ctx, pr(ctx), req.UploadID)
			}),
		api.Post(b+"/process", um, "travel", "Register every line of a valid file in one transaction, once (a second call answers the first report)",
			func(ctx context.Context, req *ImportRef) (*ImportReport, error) {
				return s.ProcessImport(ctx, pr(ctx), req.UploadID)
			}),
	}
}

func (s *Registrations) serveUpload(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	up, err := api.ReadUpload(r, api.FileRequired)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	form := struct {
		CorporateAccountOspID string `json:"corporateAccountOspId" maxLength:"36"`
		Filename              string `json:"filename" maxLength:"255"`
	}{r.FormValue("corporateAccountOspId"), up.Filename}
	if err := validate.Input(ctx, &form); err != nil {
		api.WriteError(w, r, err)
		return
	}
	res, err := s.Upload(ctx, access.FromContext(ctx), form.CorporateAccountOspID, form.Filename, up.Content)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	api.WriteJSON(w, http.StatusOK, res)
}
