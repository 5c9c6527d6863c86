package seed_test

import (
	"context"
	"slices"
	"testing"

	"mobility/portal/internal/access"
	"mobility/portal/internal/provfile"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/server"
	"mobility/portal/internal/user"
	"mobility/portal/internal/voucher"
)

// assertProviderFiles: Acme's vouchers (Jan's redeemed, one expired), the
// dashboard search finds Jan by his voucher's code with VOUCHER_CODE, and
// the Cambio invoice and CO2 files are in the history, processed with one
// line left for later.
func assertProviderFiles(t *testing.T, ctx context.Context, app *server.App) {
	t.Helper()
	staff := &access.Principal{Roles: []access.Role{access.OspAdmin}, Scope: access.SystemScope()}
	vs, err := app.Vouchers.List(ctx, staff, voucher.ListRequest{CorporateAccountOspID: seed.AcmeOspID})
	if err != nil || vs.TotalElements != 6 {
		t.Fatalf("Acme's vouchers: %+v %v", vs, err)
	}
	statuses := map[string]string{}
	for _, v := range vs.Content {
		statuses[v.Code] = v.Status
	}
	if statuses[seed.DemoVoucherCode] != voucher.StatusRedeemed || statuses["ACME-OLD-0006"] != voucher.StatusExpired ||
		statuses["ACME-POOL-0004"] != voucher.StatusIssued {
		t.Errorf("voucher statuses: %v", statuses)
	}
	hits, err := app.Users.Search(ctx, staff, user.SearchRequest{Search: seed.DemoVoucherCode})
	if err != nil || hits.TotalElements != 1 || hits.Content[0].Login != "jan.peeters" ||
		!slices.Contains(hits.Content[0].SearchMatchedOn, user.MatchedVoucherCode) {
		t.Errorf("search by voucher code: %+v %v", hits, err)
	}
	// the unknown driver's lines fail: one invoice line, three months of CO2
	for kind, booked := range map[string][2]int{"INVOICE": {3, 1}, "CO2": {9, 3}} {
		ups, err := app.Cambio.Uploads(ctx, staff, kind, provfile.ListRequest{})
		if err != nil || ups.TotalElements != 1 || ups.Content[0].Status != "PARTIAL" || ups.Content[0].Report == nil {
			t.Fatalf("Cambio %s files: %+v %v", kind, ups, err)
		}
		if r := ups.Content[0].Report; r.Booked != booked[0] || r.Failed != booked[1] {
			t.Errorf("Cambio %s report: %+v", kind, r)
		}
	}
}
