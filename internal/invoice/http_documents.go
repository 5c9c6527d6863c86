package invoice

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/api"
)

const contentTypeXLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

// DocumentRoutes are the files of the documents: one document as a PDF,
// UBL XML or detail CSV (GET, the {id} its ospId), the list as an XLSX,
// the list's documents as a ZIP of one format, and (platform staff)
// sending a document again. Who may read follows findByFilter: the
// documents the caller reaches (another tenant's id is 404).
func (s *Service) DocumentRoutes() []api.Route {
	read := access.Need(access.InvoiceManager, access.UserManager)
	staff := access.Need(access.OspAdmin)
	return []api.Route{
		s.fileRoute(read, "/download/pdf/{id}", FormatPDF, "An invoice, credit note or self-billing invoice as a PDF"),
		s.fileRoute(read, "/xml/{id}", FormatXML, "A document as UBL 2.1 XML (Peppol BIS Billing 3.0; Self-Billing 3.0 for self-billing invoices)"),
		s.fileRoute(read, "/detail/csv/{id}", FormatCSV, "The items behind a document's lines as CSV; 404 INVOICE_DETAIL_NOT_FOUND when it has none"),
		s.xlsxRoute(read),
		s.zipRoute(read, FormatPDF),
		s.zipRoute(read, FormatXML),
		s.zipRoute(read, FormatCSV),
		api.Post(base+"/send", staff, "invoice", "Send a document again: e-mail to the company's invoicing contacts with the PDF (or the provider's address), or Peppol",
			func(ctx context.Context, req *SendRequest) (*Detail, error) {
				return s.SendRequested(ctx, access.FromContext(ctx), req.OspID)
			}),
	}
}

// fileRoute answers one document's file.
func (s *Service) fileRoute(policy access.Policy, path, format, summary string) api.Route {
	return api.Route{
		Method: http.MethodGet, Path: base + path, Policy: policy, Tag: "invoice", Summary: summary,
		Request: PathID{}, ResponseContentType: contentTypes[format], Status: http.StatusOK,
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			var req PathID
			if err := api.Decode(r, &req); err != nil {
				api.WriteError(w, r, err)
				return
			}
			f, err := s.DocumentFile(r.Context(), access.FromContext(r.Context()), req.ID, format)
			if err != nil {
				api.WriteError(w, r, err)
				return
			}
			attachment(w, f.ContentType, f.Name)
			_, _ = w.Write(f.Body)
		}),
	}
}

// xlsxRoute is download/xlsx: the filter's list as an XLSX sheet.
func (s *Service) xlsxRoute(policy access.Policy) api.Route {
	return api.Route{
		Method: http.MethodPost, Path: base + "/download/xlsx", Policy: policy, Tag: "invoice",
		Summary: fmt.Sprintf("The documents of a filter (findByFilter's rows, unpaged, at most %d) as an XLSX sheet", MaxXLSXRows),
		Request: Filter{}, ResponseContentType: contentTypeXLSX, Status: http.StatusOK,
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			var f Filter
			if err := api.Decode(r, &f); err != nil {
				api.WriteError(w, r, err)
				return
			}
			// the sheet is built before the first byte goes out, so any
			// error (the filter, the bound) is still a JSON answer
			var buf bytes.Buffer
			if err := s.WriteXLSX(r.Context(), access.FromContext(r.Context()), f, &buf); err != nil {
				api.WriteError(w, r, err)
				return
			}
			attachment(w, contentTypeXLSX, "invoices-"+time.Now().Format("20060102")+".xlsx")
			_, _ = buf.WriteTo(w)
		}),
	}
}

// zipRoute is downloadByFilter/{format}: the filter is checked (rules,
// reach, at most MaxZipDocuments) before the first byte, then the archive
// streams to the client. A failure once streaming has begun can only cut
// the archive short (it is logged); the client sees a broken ZIP.
func (s *Service) zipRoute(policy access.Policy, format string) api.Route {
	return api.Route{
		Method: http.MethodPost, Path: base + "/downloadByFilter/" + format, Policy: policy, Tag: "invoice",
		Summary: fmt.Sprintf("The documents of a filter as a ZIP of %s files, one per document (at most %d documents)", format, MaxZipDocuments),
		Request: Filter{}, ResponseContentType: "application/zip", Status: http.StatusOK,
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			var f Filter
			if err := api.Decode(r, &f); err != nil {
				api.WriteError(w, r, err)
				return
			}
			p := access.FromContext(r.Context())
			if _, err := s.ZipCheck(r.Context(), p, f); err != nil {
				api.WriteError(w, r, err)
				return
			}
			attachment(w, "application/zip", "invoices-"+format+"-"+time.Now().Format("20060102")+".zip")
			if n, err := s.WriteZip(r.Context(), p, f, format, w); err != nil {
				slog.Error("invoice zip cut short", "format", format, "files", n, "err", err)
			}
		}),
	}
}

// attachment sets a file download's headers.
func attachment(w http.ResponseWriter, contentType, name string) {
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s"`, name))
	w.Header().Set("Cache-Control", "no-store")
}
