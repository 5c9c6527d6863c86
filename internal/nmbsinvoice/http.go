package nmbsinvoice

import (
	"context"
	"io"
	"net/http"
	"strings"

	"mobility/portal/internal/access"
	"mobility/portal/internal/api"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/provfile"
	"mobility/portal/internal/validate"
)

// base is SPEC §7's upload/invoice: apart from issue 15's upload/upload,
// upload/validate and upload/process (internal/providerdata).
const base = "/portal-service/v1/upload/invoice"

// Who: invoice managers. A company's own see and load its invoices, an
// MSP's for its partner's companies, platform staff for every company
// (the policy, then the company's or upload's scope in the query).
var (
	invoiceManagers = access.Need(access.InvoiceManager)
	pr              = access.FromContext
)

// Routes are the NMBS invoice calls of SPEC §7 and the screen's history,
// download and template.
func (s *Service) Routes() []api.Route {
	return []api.Route{
		// multipart with a text answer (SPEC §7: "text response"), so built by hand
		{Method: http.MethodPost, Path: base + "/upload", Policy: invoiceManagers, Tag: "nmbs-invoice",
			Summary: "Upload a company's monthly NMBS or B-Parking invoice (CSV, at most 500 rows); answers its uploadId as text",
			Request: UploadForm{}, ResponseContentType: "text/plain", Status: http.StatusOK, Handler: http.HandlerFunc(s.serveUpload)},
		api.Post(base+"/validate", invoiceManagers, "nmbs-invoice", "Check every line (line, field, reason) and match the lines against the month's processed season-card orders; writes nothing",
			func(ctx context.Context, req *UploadRef) (*Report, error) {
				return s.Validate(ctx, pr(ctx), req.UploadID)
			}),
		api.Post(base+"/process", invoiceManagers, "nmbs-invoice", "Mark the orders a valid file's matched lines invoice, once per provider and order, in one transaction; differences stay in the report",
			func(ctx context.Context, req *UploadRef) (*Report, error) {
				return s.Process(ctx, pr(ctx), req.UploadID)
			}),
		api.Post(base+"/history", invoiceManagers, "nmbs-invoice", "A company's invoice files of a provider, newest first, with who uploaded and processed them and the result",
			func(ctx context.Context, req *HistoryRequest) (*paging.Page[HistoryRow], error) {
				return s.History(ctx, pr(ctx), *req)
			}),
		{Method: http.MethodGet, Path: base + "/download/{uploadId}", Policy: invoiceManagers, Tag: "nmbs-invoice",
			Summary: "An invoice file as it was uploaded", Request: FileRequest{}, ResponseContentType: "text/csv", Status: http.StatusOK,
			Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				var req FileRequest
				if err := api.Decode(r, &req); err != nil {
					api.WriteError(w, r, err)
					return
				}
				name, content, err := s.File(r.Context(), pr(r.Context()), req.UploadID)
				if err != nil {
					api.WriteError(w, r, err)
					return
				}
				provfile.ServeFile(w, name, content)
			})},
		{Method: http.MethodGet, Path: base + "/template/{provider}", Policy: invoiceManagers, Tag: "nmbs-invoice",
			Summary: "A provider's invoice template (CSV: the columns and an example line)", Request: TemplateRequest{},
			ResponseContentType: "text/csv", Status: http.StatusOK,
			Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				var req TemplateRequest
				if err := api.Decode(r, &req); err != nil {
					api.WriteError(w, r, err)
					return
				}
				spec := Spec(req.Provider)
				if spec == nil {
					api.WriteError(w, r, apperr.NotFound("provider"))
					return
				}
				provfile.ServeTemplate(*spec)(w, r)
			})},
	}
}

// serveUpload reads the multipart form and answers the new upload's id as
// plain text.
func (s *Service) serveUpload(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	up, err := api.ReadUpload(r, api.FileRequired)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	form := struct {
		Provider              string `json:"provider" enum:"NMBS,BPARKING"`
		CorporateAccountOspID string `json:"corporateAccountOspId" maxLength:"36"`
		Filename              string `json:"filename" maxLength:"255"`
	}{strings.TrimSpace(r.FormValue("provider")), strings.TrimSpace(r.FormValue("corporateAccountOspId")), up.Filename}
	if err := validate.Input(ctx, &form); err != nil {
		api.WriteError(w, r, err)
		return
	}
	id, err := s.Upload(ctx, access.FromContext(ctx), form.CorporateAccountOspID, form.Provider, form.Filename, up.Content)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = io.WriteString(w, id)
}
