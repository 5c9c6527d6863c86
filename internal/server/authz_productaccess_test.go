package server_test

import (
	"context"
	"fmt"
	"net/http"

	"mobility/portal/internal/company"
	"mobility/portal/internal/partner"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

// The matrix's objects for the product permission calls: a product Acme
// offers (its partner selects it) and the fixture's group holds.
func init() {
	for _, p := range []string{"/product/platform/", "/product/authorization/", "/product/permission/", "/product/default/"} {
		routeIDKinds[v1+p] = map[string]string{"productOspId": "offeredProduct", "productOspIds": "offeredProduct"}
	}
	fixtureMakers["offeredProduct"] = offeredProduct
	platformKinds["offeredProduct"] = "as product: the company or group beside it is the tenant's"
}

func offeredProduct(f *fixture, n int) string {
	e, t := f.m.e, f.m.t
	ctx := context.Background()
	pa := e.App.ProductAccess
	res := e.Post(v1+"/product/create", f.token, map[string]any{"extId": fmt.Sprintf("AUTHZ-PR%d", n), "mobilityMode": "TRAIN",
		"productLabel": map[string]any{"defaultValue": fmt.Sprintf("Fixture product %d", n)}})
	testkit.MustStatus(t, res, http.StatusOK)
	osp := str(t, res.Map(t), "ospId")
	mobi, acme := e.PartnerID(seed.MobiPartnerOspID), e.CorporateAccountID(seed.AcmeOspID)
	choices, err := pa.PartnerChoices(ctx, []int64{mobi})
	if err == nil {
		err = pa.SetPartnerChoice(ctx, mobi, partner.Choice{Products: append(choices[mobi].Products, osp)}, false)
	}
	if err != nil {
		t.Fatalf("fixture product, partner: %v", err)
	}
	cats, err := pa.CompanyCatalogues(ctx, map[int64]int64{acme: mobi})
	if err == nil {
		err = pa.SetCompanyChoice(ctx, acme, mobi, company.ProductChoice{Products: append(cats[acme].SelectedProducts, osp)}, false)
	}
	if err != nil {
		t.Fatalf("fixture product, company: %v", err)
	}
	res = e.Post(v1+"/product/authorization/product/usage/grant", f.token, map[string]any{"userGroupOspId": f.id("group"),
		"productOspIds": []string{osp}})
	testkit.MustStatus(t, res, http.StatusOK)
	return osp
}
