package voucher

import (
	"context"
	"net/http"

	"mobility/portal/internal/access"
	"mobility/portal/internal/api"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/provfile"
)

const base = "/portal-service/v1/voucher"

// Who may call what: only platform staff load voucher files (SPEC §1:
// uploads are platform staff's); vouchers are read, and their use
// recorded, by the admins of the company they belong to (user managers)
// and platform staff, each within reach.
var (
	staff = access.Need(access.OspAdmin)
	um    = access.Need(access.UserManager)
	pr    = access.FromContext
)

// Routes are the voucher calls (SPEC §7 Uploads: voucher upload,
// validate, process) and the calls around them.
func (s *Service) Routes() []api.Route {
	return []api.Route{
		// multipart, so built by hand; the body limit middleware caps it
		{Method: http.MethodPost, Path: base + "/upload", Policy: staff, Tag: "voucher",
			Summary: "Upload a CSV of voucher codes for a company (at most 500 rows); kept with who and when", Request: UploadForm{},
			Response: provfile.Upload{}, Status: http.StatusOK, Handler: provfile.ServeUpload([]string{"corporateAccountOspId"},
				func(ctx context.Context, p *access.Principal, name string, content []byte, form map[string]string) (any, error) {
					return s.Upload(ctx, p, form["corporateAccountOspId"], name, content)
				})},
		api.Post(base+"/validate", staff, "voucher", "Check every line of an uploaded voucher file (line, field, reason; codes already stored are ALREADY_PROCESSED); writes nothing",
			func(ctx context.Context, req *provfile.Ref) (*provfile.Report, error) {
				return s.Validate(ctx, pr(ctx), req.UploadID)
			}),
		api.Post(base+"/process", staff, "voucher", "Store the vouchers of a valid file in one transaction, once (a code is stored once; a second call answers the first report)",
			func(ctx context.Context, req *provfile.Ref) (*provfile.Report, error) {
				return s.Process(ctx, pr(ctx), req.UploadID)
			}),
		api.Post(base+"/upload/list", staff, "voucher", "The voucher files uploaded, newest first, with who uploaded and processed them and the last report",
			func(ctx context.Context, req *provfile.ListRequest) (*paging.Page[provfile.Upload], error) {
				return s.Uploads(ctx, pr(ctx), *req)
			}),
		{Method: http.MethodGet, Path: base + "/upload/file/{uploadId}", Policy: staff, Tag: "voucher",
			Summary: "A voucher file as it was uploaded", Request: provfile.FileRequest{}, ResponseContentType: "text/csv",
			Status: http.StatusOK, Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				var req provfile.FileRequest
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
		{Method: http.MethodGet, Path: base + "/template", Policy: staff, Tag: "voucher",
			Summary: "A voucher file template (CSV: the columns and an example line)", ResponseContentType: "text/csv",
			Status: http.StatusOK, Handler: provfile.ServeTemplate(Spec)},
		api.Post(base+"/list", um, "voucher", "The vouchers in reach (a company's, a user's), newest first; EXPIRED: issued and past validUntil",
			func(ctx context.Context, req *ListRequest) (*paging.Page[Voucher], error) {
				return s.List(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/redeem", um, "voucher", "Record that an app user used a voucher (once; valid today; the user's or their company's voucher)",
			func(ctx context.Context, req *RedeemRequest) (*Voucher, error) { return s.Redeem(ctx, pr(ctx), *req) }),
	}
}
