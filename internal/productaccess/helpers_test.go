package productaccess_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"testing"

	"mobility/portal/internal/access"
	"mobility/portal/internal/partner"
	"mobility/portal/internal/productaccess"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
	"mobility/portal/internal/user"
)

const (
	v1 = "/portal-service/v1"
	pa = v1 + "/product"
)

// world is the demo portal with the test catalogue and sessions of its
// admins: platform staff, the MSP admin of Acme's partner, Acme's and
// Globex's company admins, the MSP admin of another partner.
type world struct {
	t                                 *testing.T
	e                                 *testkit.Env
	staff, msp, acme, globex, rideon  string
	acmeID, globexID, mobiID, otherID int64
	jan, sophie                       string // Acme's app users
	janID, sophieID                   int64
	seq                               int
}

func newWorld(t *testing.T, e *testkit.Env) *world {
	w := &world{t: t, e: e,
		staff: e.LoginAs("ospadmin"), msp: e.LoginAs("msp.admin"), acme: e.LoginAs("acme.admin"),
		globex: e.LoginAs("globex.admin"), rideon: e.LoginAs("rideon.admin"),
		acmeID: e.CorporateAccountID(seed.AcmeOspID), globexID: e.CorporateAccountID(seed.GlobexOspID),
		mobiID: e.PartnerID(seed.MobiPartnerOspID), otherID: e.PartnerID(seed.OtherPartnerOspID),
		jan: e.UserOspID("jan.peeters"), sophie: e.UserOspID("sophie.dubois")}
	w.janID, w.sophieID = w.userID(w.jan), w.userID(w.sophie)
	return w
}

func (w *world) userID(osp string) int64 {
	u, err := w.e.App.Users.Resolve(context.Background(), &access.Principal{Scope: access.SystemScope()}, osp)
	if err != nil {
		w.t.Fatal(err)
	}
	return u.ID
}

// product creates an active product through product/create.
func (w *world) product(label string) productaccess.ProductRef {
	w.t.Helper()
	w.seq++
	res := w.call(http.StatusOK, pa+"/create", w.staff, map[string]any{"extId": fmt.Sprintf("P%d", w.seq), "mobilityMode": "TRAIN",
		"productLabel": map[string]any{"defaultValue": label}})
	osp, _ := res.Map(w.t)["ospId"].(string)
	refs, err := w.e.App.Products.Refs(context.Background(), []string{osp})
	if err != nil || refs[osp].ID == 0 {
		w.t.Fatalf("product %s: %v", osp, err)
	}
	r := refs[osp]
	return productaccess.ProductRef{ID: r.ID, OspID: r.OspID, ExtID: r.ExtID, Label: r.Label, Active: r.Active}
}

// setActive activates or deactivates a product (product/activate,
// product/deactivate).
func (w *world) setActive(p productaccess.ProductRef, active bool) {
	w.t.Helper()
	path := pa + "/deactivate"
	if active {
		path = pa + "/activate"
	}
	w.call(http.StatusOK, path, w.staff, map[string]string{"ospId": p.OspID})
}

// resource creates an active service resource through
// resource/service/create.
func (w *world) resource(name string) productaccess.ResourceRef {
	w.t.Helper()
	w.seq++
	res := w.call(http.StatusOK, v1+"/resource/service/create", w.staff, map[string]any{"extId": fmt.Sprintf("R%d", w.seq), "name": name,
		"mrpPartnerOspId": seed.MrpPartnerOspID, "mobilityMode": "PARKING", "labelOspIds": []string{}, "fees": []any{}})
	osp, _ := res.Map(w.t)["ospId"].(string)
	return productaccess.ResourceRef{OspID: osp, Name: name, MobilityMode: "PARKING", MrpPartnerOspID: seed.MrpPartnerOspID, Active: true}
}

// setResourceActive activates or deactivates a service resource.
func (w *world) setResourceActive(r productaccess.ResourceRef, active bool) {
	w.t.Helper()
	path := v1 + "/resource/service/deactivate"
	if active {
		path = v1 + "/resource/service/activate"
	}
	w.call(http.StatusOK, path, w.staff, map[string]string{"ospId": r.OspID})
}

// call posts and expects status, returning the answer.
func (w *world) call(status int, path, token string, body any) *testkit.Response {
	w.t.Helper()
	res := w.e.Post(path, token, body)
	if res.Status != status {
		w.t.Fatalf("%s: want %d, got %d %s", path, status, res.Status, res.Body)
	}
	return res
}

// refused expects an error answer with status and label.
func (w *world) refused(status int, label, path, token string, body any) *testkit.Response {
	w.t.Helper()
	res := w.e.Post(path, token, body)
	if res.Status != status || res.Label() != label {
		w.t.Fatalf("%s: want %d %s, got %d %s", path, status, label, res.Status, res.Body)
	}
	return res
}

// partnerSelects sets a partner's products and service resources through
// partner/update (nil keeps a list), as platform staff.
func (w *world) partnerSelects(partnerOspID string, products, resources []string, apply bool) *testkit.Response {
	w.t.Helper()
	body := w.partnerUpdate(partnerOspID, products, resources, apply)
	return w.e.Post(v1+"/partner/update", w.staff, body)
}

func (w *world) partnerUpdate(partnerOspID string, products, resources []string, apply bool) map[string]any {
	w.t.Helper()
	var d partner.Detail
	w.call(http.StatusOK, v1+"/partner/get", w.staff, map[string]string{"ospId": partnerOspID}).JSON(w.t, &d)
	body := map[string]any{"ospId": partnerOspID, "applyChangesToCorporateAccounts": apply,
		"partnerData": map[string]any{"name": d.Name, "extId": d.ExtID, "partnerType": d.PartnerType, "street": d.Street,
			"streetNumber": d.StreetNumber, "zipCode": d.ZipCode, "city": d.City, "country": d.Country, "vatNumber": d.VatNumber,
			"email": d.Email, "sendInvoices": d.SendInvoices, "selfBilling": d.SelfBilling}}
	if products != nil {
		body["selectedProducts"] = products
	}
	if resources != nil {
		body["selectedServiceResources"] = resources
	}
	return body
}

// companySelects sets a company's products (and service resources, when
// not nil) through corporateAccount/update as token.
func (w *world) companySelects(token, companyOspID string, products, resources []string) *testkit.Response {
	w.t.Helper()
	body := map[string]any{"ospId": companyOspID}
	if products != nil {
		body["selectedProducts"] = products
	}
	if resources != nil {
		body["selectedServiceResources"] = resources
	}
	return w.e.Post(v1+"/corporateAccount/update", token, body)
}

// group creates a user group of a company with members, as staff.
func (w *world) group(companyOspID string, members ...string) string {
	w.t.Helper()
	w.seq++
	res := w.call(http.StatusOK, v1+"/usergroup/create", w.staff, map[string]any{"corporateAccount": map[string]string{"ospId": companyOspID},
		"data": map[string]any{"extId": fmt.Sprintf("Group %d", w.seq), "description": "test group"}})
	osp, _ := res.Map(w.t)["ospId"].(string)
	if len(members) > 0 {
		users := make([]map[string]string, len(members))
		for i, m := range members {
			users[i] = map[string]string{"ospId": m}
		}
		w.call(http.StatusOK, v1+"/usergroup/addUsers", w.staff, map[string]any{"usergroup": map[string]string{"ospId": osp}, "users": users})
	}
	return osp
}

func (w *world) grant(token, groupOspID string, products ...productaccess.ProductRef) *testkit.Response {
	w.t.Helper()
	return w.e.Post(pa+"/authorization/product/usage/grant", token, grantBody(groupOspID, products...))
}

func (w *world) revoke(token, groupOspID string, products ...productaccess.ProductRef) *testkit.Response {
	w.t.Helper()
	return w.e.Post(pa+"/authorization/product/usage/revoke", token, grantBody(groupOspID, products...))
}

func grantBody(groupOspID string, products ...productaccess.ProductRef) map[string]any {
	ids := make([]string, len(products))
	for i, p := range products {
		ids[i] = p.OspID
	}
	return map[string]any{"userGroupOspId": groupOspID, "productOspIds": ids}
}

// offer makes products available end to end for Acme: Acme's partner
// selects them and Acme offers them (other companies of the partner do
// not, unless pushed).
func (w *world) offer(products ...productaccess.ProductRef) {
	w.t.Helper()
	var d partner.Detail
	w.call(http.StatusOK, v1+"/partner/get", w.staff, map[string]string{"ospId": seed.MobiPartnerOspID}).JSON(w.t, &d)
	sel := d.SelectedProducts
	for _, p := range products {
		if !slices.Contains(sel, p.OspID) {
			sel = append(sel, p.OspID)
		}
	}
	testkit.MustStatus(w.t, w.partnerSelects(seed.MobiPartnerOspID, sel, nil, false), http.StatusOK)
	var ca struct {
		SelectedProducts []string `json:"selectedProducts"`
	}
	w.call(http.StatusOK, v1+"/corporateAccount/get", w.staff, map[string]string{"ospId": seed.AcmeOspID}).JSON(w.t, &ca)
	offered := ca.SelectedProducts
	if offered == nil {
		offered = []string{}
	}
	for _, p := range products {
		if !slices.Contains(offered, p.OspID) {
			offered = append(offered, p.OspID)
		}
	}
	testkit.MustStatus(w.t, w.companySelects(w.msp, seed.AcmeOspID, offered, nil), http.StatusOK)
}

// mayUse asks the rule.
func (w *world) mayUse(userID int64, p productaccess.ProductRef) productaccess.Reason {
	w.t.Helper()
	_, r, err := w.e.App.ProductAccess.MayUse(context.Background(), userID, p.ID)
	if err != nil {
		w.t.Fatal(err)
	}
	return r
}

// appUser makes an active app user of a company.
func (w *world) appUser(companyID int64, login string) (string, int64) {
	w.t.Helper()
	osp := w.e.NewUser(user.NewUser{Login: login, CorporateAccountID: &companyID, Roles: []access.Role{access.OspUser}})
	return osp, w.userID(osp)
}

func ospIDs(products ...productaccess.ProductRef) []string {
	out := make([]string, len(products))
	for i, p := range products {
		out[i] = p.OspID
	}
	return out
}
