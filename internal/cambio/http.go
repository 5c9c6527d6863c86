package cambio

import (
	"context"
	"net/http"

	"mobility/portal/internal/access"
	"mobility/portal/internal/api"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/provfile"
)

// Who may call what: only platform staff upload and process Cambio's
// files; a company's CO2 figures are read by its reporting managers (and
// MSP admins and platform staff within reach).
var (
	staff   = access.Need(access.OspAdmin)
	reports = access.Need(access.ReportingManager)
	pr      = access.FromContext
)

// Routes are the Cambio calls (SPEC §7 base paths cambio/invoice and
// cambio/co2: upload, validate, process) and the calls around them.
func (s *Service) Routes() []api.Route {
	var out []api.Route
	for _, k := range []struct{ kind, base, what string }{
		{KindInvoice, "/cambio/invoice", "Cambio invoice"},
		{KindCO2, "/cambio/co2", "Cambio CO2"},
	} {
		kind := k.kind
		spec := specOf(kind)
		out = append(out,
			api.Route{Method: http.MethodPost, Path: k.base + "/upload", Policy: staff, Tag: "cambio",
				Summary: "Upload a " + k.what + " file (CSV, at most 500 rows); kept with who and when", Request: UploadForm{},
				Response: provfile.Upload{}, Status: http.StatusOK, Handler: provfile.ServeUpload(nil,
					func(ctx context.Context, p *access.Principal, name string, content []byte, _ map[string]string) (any, error) {
						return s.Upload(ctx, p, kind, name, content)
					})},
			api.Post(k.base+"/validate", staff, "cambio", "Check every line of an uploaded "+k.what+" file (line, field, reason) and tell what process would do with each; writes nothing",
				func(ctx context.Context, req *provfile.Ref) (*provfile.Report, error) {
					return s.Validate(ctx, pr(ctx), kind, req.UploadID)
				}),
			api.Post(k.base+"/process", staff, "cambio", "Book a valid "+k.what+" file in one transaction, each line once by its natural key (booked, already processed, failed with the reason)",
				func(ctx context.Context, req *provfile.Ref) (*provfile.Report, error) {
					return s.Process(ctx, pr(ctx), kind, req.UploadID)
				}),
			api.Post(k.base+"/upload/list", staff, "cambio", "The "+k.what+" files uploaded, newest first, with who uploaded and processed them and the last report",
				func(ctx context.Context, req *provfile.ListRequest) (*paging.Page[provfile.Upload], error) {
					return s.Uploads(ctx, pr(ctx), kind, *req)
				}),
			api.Route{Method: http.MethodGet, Path: k.base + "/upload/file/{uploadId}", Policy: staff, Tag: "cambio",
				Summary: "A " + k.what + " file as it was uploaded", Request: provfile.FileRequest{}, ResponseContentType: "text/csv",
				Status: http.StatusOK, Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					var req provfile.FileRequest
					if err := api.Decode(r, &req); err != nil {
						api.WriteError(w, r, err)
						return
					}
					name, content, err := s.File(r.Context(), pr(r.Context()), kind, req.UploadID)
					if err != nil {
						api.WriteError(w, r, err)
						return
					}
					provfile.ServeFile(w, name, content)
				})},
			api.Route{Method: http.MethodGet, Path: k.base + "/template", Policy: staff, Tag: "cambio",
				Summary: "A " + k.what + " file template (CSV: the columns and an example line)", ResponseContentType: "text/csv",
				Status: http.StatusOK, Handler: provfile.ServeTemplate(spec)},
		)
	}
	return append(out, api.Post("/cambio/co2/get", reports, "cambio", "A company's Cambio CO2 figures per driver and month for a range of months (at most 24), with the totals",
		func(ctx context.Context, req *CO2Request) (*CO2Page, error) { return s.CO2(ctx, pr(ctx), *req) }))
}
