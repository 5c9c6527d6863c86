package server_test

import (
	"net/http"
	"testing"

	"mobility/portal/internal/access"
	"mobility/portal/internal/database"
	"mobility/portal/internal/product"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
	"mobility/portal/internal/user"
)

// product reads productaccess as wired in app.go: deactivating a product
// some employee has as default is refused (SPEC §8), and find/allByAssignee
// lists what the company offers. productaccess's rows are written directly
// here: its own calls are its tests' business.
func TestProductReadsProductAccess(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff, acme := e.LoginAs("ospadmin"), e.LoginAs("acme.admin")
		res := e.Post(v1+"/product/create", staff, map[string]any{"extId": "BLUE-BIKE", "mobilityMode": "BIKE",
			"productLabel": map[string]any{"defaultValue": "Blue-bike"}})
		testkit.MustStatus(t, res, http.StatusOK)
		var p product.Product
		res.JSON(t, &p)
		refs, err := e.App.Products.Refs(t.Context(), []string{p.OspID})
		if err != nil {
			t.Fatal(err)
		}
		productID := refs[p.OspID].ID
		acmeID, mobiID := e.CorporateAccountID(seed.AcmeOspID), e.PartnerID(seed.MobiPartnerOspID)
		rider := e.NewUser(user.NewUser{Login: "bike.rider", CorporateAccountID: &acmeID, Roles: []access.Role{access.OspUser}})
		var riderID int64
		if err := e.DB.Get(t.Context(), &riderID, `SELECT id FROM users WHERE osp_id = ?`, rider); err != nil {
			t.Fatal(err)
		}
		for _, q := range []struct {
			sql  string
			args []any
		}{
			{`INSERT INTO partner_products (partner_id, product_id) VALUES (?, ?)`, []any{mobiID, productID}},
			{`INSERT INTO company_products (corporate_account_id, partner_id, product_id) VALUES (?, ?, ?)`, []any{acmeID, mobiID, productID}},
			{`INSERT INTO user_default_products (user_id, corporate_account_id, product_id, set_at) VALUES (?, ?, ?, ?)`,
				[]any{riderID, acmeID, productID, database.Now(e.Clock.Now())}},
		} {
			if _, err := e.DB.Exec(t.Context(), q.sql, q.args...); err != nil {
				t.Fatal(err)
			}
		}

		offered := func() []product.Product {
			t.Helper()
			res := e.Post(v1+"/product/find/allByAssignee", acme, map[string]any{"assigneeOspId": seed.AcmeOspID, "assigneeType": "CORPORATE_ACCOUNT"})
			testkit.MustStatus(t, res, http.StatusOK)
			var ps []product.Product
			res.JSON(t, &ps)
			return ps
		}
		if ps := offered(); len(ps) != 1 || ps[0].OspID != p.OspID {
			t.Fatalf("Acme offers %+v", ps)
		}
		res = e.Post(v1+"/product/deactivate", staff, map[string]any{"ospId": p.OspID})
		if res.Status != http.StatusConflict || res.Label() != "PRODUCT_DEFAULT_IN_USE" {
			t.Fatalf("deactivating a default: %d %s", res.Status, res.Body)
		}
		if _, err := e.DB.Exec(t.Context(), `DELETE FROM user_default_products WHERE user_id = ?`, riderID); err != nil {
			t.Fatal(err)
		}
		testkit.MustStatus(t, e.Post(v1+"/product/deactivate", staff, map[string]any{"ospId": p.OspID}), http.StatusOK)
		if ps := offered(); len(ps) != 0 {
			t.Fatalf("a deactivated product is still offered: %+v", ps)
		}
	})
}
