package reporting

import (
	"context"
	"fmt"
	"net/http"

	"mobility/portal/internal/access"
	"mobility/portal/internal/api"
	"mobility/portal/internal/paging"
)

const base = "/portal-service/v1/reporting"

// Routes are the reporting calls (reporting_manager; ospadmin passes) and
// the dashboard's figures (any signed-in admin, within their scope).
func (s *Service) Routes() []api.Route {
	rm := access.Need(access.ReportingManager)
	dash := access.SignedIn()
	pr := access.FromContext
	return []api.Route{
		api.Post(base+"/findByFilter", rm, "reporting", "Page through the generated reports the caller may see, newest month first",
			func(ctx context.Context, req *FindRequest) (*paging.Page[Report], error) {
				return s.Find(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/types", rm, "reporting", "The report types and their columns",
			func(ctx context.Context, _ *api.Empty) (*TypesResponse, error) { return s.Types(), nil }),
		s.downloadRoute(rm),
		api.Post(base+"/countUsers", rm, "reporting", "Active app users per month of a company or a partner's companies",
			func(ctx context.Context, req *RowsRequest) (*RowsResponse, error) {
				return s.Rows(ctx, pr(ctx), rowsUsers, *req)
			}),
		api.Post(base+"/countBookings", rm, "reporting", "Expenses (bookings) per month, mobility mode and provider",
			func(ctx context.Context, req *RowsRequest) (*RowsResponse, error) {
				return s.Rows(ctx, pr(ctx), rowsBookings, *req)
			}),
		api.Post(base+"/sumEvents", rm, "reporting", "Expense amounts incl. VAT per month, mobility mode and provider",
			func(ctx context.Context, req *RowsRequest) (*RowsResponse, error) {
				return s.Rows(ctx, pr(ctx), rowsEvents, *req)
			}),
		api.Post(base+"/sumTransactions", rm, "reporting", "Ledger transactions (count and sum) per month and transaction type",
			func(ctx context.Context, req *RowsRequest) (*RowsResponse, error) {
				return s.Rows(ctx, pr(ctx), rowsTransactions, *req)
			}),
		api.Post(base+"/recipient/get", rm, "reporting", "A company's report recipients per report type",
			func(ctx context.Context, req *RecipientsRequest) (*RecipientsResponse, error) {
				return s.Recipients(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/recipient/add", rm, "reporting", "Add e-mail addresses to a report type's recipients",
			func(ctx context.Context, req *AddRecipientsRequest) (*RecipientsResponse, error) {
				return s.AddRecipients(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/recipient/remove", rm, "reporting", "Remove an e-mail address from a report type's recipients",
			func(ctx context.Context, req *RemoveRecipientRequest) (*RecipientsResponse, error) {
				return s.RemoveRecipient(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/dashboard/figures", dash, "reporting", "The dashboard's figure tiles for a period",
			func(ctx context.Context, req *DashboardFilter) (*Figures, error) {
				return s.Figures(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/dashboard/timeline", dash, "reporting", "One dashboard series per month: 0 transactions, 1 active users, 2 expenses",
			func(ctx context.Context, req *TimelineRequest) (*Timeline, error) {
				return s.Timeline(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/dashboard/pie", dash, "reporting", "Expenses per mobility mode (0) or per provider (1)",
			func(ctx context.Context, req *PieRequest) (*Pie, error) { return s.Pie(ctx, pr(ctx), *req) }),
		api.Post(base+"/dashboard/companies", dash, "reporting", "The per-company table, sortable, 5 rows a page",
			func(ctx context.Context, req *CompaniesRequest) (*paging.Page[CompanyRow], error) {
				return s.Companies(ctx, pr(ctx), *req)
			}),
	}
}

// downloadRoute answers a stored report as a file: GET
// download/{type}?reportOspId=...&format=xlsx|csv.
func (s *Service) downloadRoute(policy access.Policy) api.Route {
	return api.Route{
		Method: http.MethodGet, Path: base + "/download/{type}", Policy: policy, Tag: "reporting",
		Summary: "A stored report as an XLSX (default) or CSV file", Request: DownloadRequest{},
		ResponseContentType: contentTypeXLSX, Status: http.StatusOK,
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			var req DownloadRequest
			if err := api.Decode(r, &req); err != nil {
				api.WriteError(w, r, err)
				return
			}
			f, err := s.Download(r.Context(), access.FromContext(r.Context()), req)
			if err != nil {
				api.WriteError(w, r, err)
				return
			}
			w.Header().Set("Content-Type", f.ContentType)
			w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s"`, f.Name))
			w.Header().Set("Cache-Control", "no-store")
			_, _ = w.Write(f.Body)
		}),
	}
}
