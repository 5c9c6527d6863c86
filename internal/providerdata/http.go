package providerdata

import (
	"context"
	"fmt"
	"net/http"

	"mobility/portal/internal/access"
	"mobility/portal/internal/api"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/validate"
)

const base = "/portal-service/v1/upload"

// Routes are the Uploads calls of SPEC §7 (platform staff only).
func (s *Service) Routes() []api.Route {
	staff := access.Need(access.OspAdmin)
	pr := access.FromContext
	return []api.Route{
		// multipart, so built by hand; the body limit middleware caps it
		{Method: http.MethodPost, Path: base + "/upload", Policy: staff, Tag: "upload",
			Summary: "Upload a provider's file of a kind (CSV, XLSX or XML per kind; at most 500 rows); answers its id and a preview",
			Request: UploadForm{}, Response: Uploaded{}, Status: http.StatusOK, Handler: http.HandlerFunc(s.serveUpload)},
		api.Post(base+"/validate", staff, "upload", "Check every line of an uploaded file (line, field, reason) and tell what process would do with each; books nothing",
			func(ctx context.Context, req *UploadRef) (*Report, error) {
				return s.Validate(ctx, pr(ctx), req.UploadID)
			}),
		api.Post(base+"/process", staff, "upload", "Book a valid file's lines in one transaction, each (provider, natural key) once ever; unmatched and refused lines are kept with their reason for a later process",
			func(ctx context.Context, req *UploadRef) (*Report, error) {
				return s.Process(ctx, pr(ctx), req.UploadID)
			}),
		api.Post(base+"/history", staff, "upload", "A kind's earlier uploads, newest first, with who uploaded and processed them and the last result's counts",
			func(ctx context.Context, req *HistoryRequest) (*paging.Page[HistoryRow], error) {
				return s.History(ctx, pr(ctx), *req)
			}),
		{Method: http.MethodGet, Path: base + "/download/{id}", Policy: staff, Tag: "upload", Summary: "An upload's original file",
			Request: PathID{}, ResponseContentType: "application/octet-stream", Status: http.StatusOK,
			Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				var req PathID
				if err := api.Decode(r, &req); err != nil {
					api.WriteError(w, r, err)
					return
				}
				f, err := s.Download(r.Context(), pr(r.Context()), req.ID)
				writeFile(w, r, f, err)
			})},
		{Method: http.MethodGet, Path: base + "/template/{kind}", Policy: staff, Tag: "upload",
			Summary: "A kind's template file: its columns (or XML elements) and one example line",
			Request: PathKind{}, ResponseContentType: "application/octet-stream", Status: http.StatusOK,
			Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				var req PathKind
				if err := api.Decode(r, &req); err != nil {
					api.WriteError(w, r, err)
					return
				}
				f, err := s.Template(r.Context(), req.Kind)
				writeFile(w, r, f, err)
			})},
	}
}

func writeFile(w http.ResponseWriter, r *http.Request, f *File, err error) {
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", f.ContentType)
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename=%q`, f.Name))
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	_, _ = w.Write(f.Body)
}

func (s *Service) serveUpload(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	up, err := api.ReadUpload(r, api.FileRequired)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	form := struct {
		Kind     string `json:"kind" enum:"SURCHARGES,LINE,KBC,NMBS,SWAPFIETS,BLUEBIKE_EVENTS,BEMOBILE,CHARGING"`
		Filename string `json:"filename" maxLength:"255"`
	}{r.FormValue("kind"), up.Filename}
	if err := validate.Input(ctx, &form); err != nil {
		api.WriteError(w, r, err)
		return
	}
	res, err := s.Upload(ctx, access.FromContext(ctx), form.Kind, form.Filename, up.Content)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	api.WriteJSON(w, http.StatusOK, res)
}
