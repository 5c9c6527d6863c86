package productaccess_test

import (
	"net/http"
	"strings"
	"testing"

	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

func many(n int, s string) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = s
	}
	return out
}

// Absurd input is a 400 naming the field, and writes nothing.
func TestAbsurdInputIsRefusedNamingTheField(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		w := newWorld(t, e)
		train := w.product("Train")
		w.offer(train)
		g := w.group(seed.AcmeOspID, w.jan)
		partnerBody := func(products []string) map[string]any {
			b := w.partnerUpdate(seed.MobiPartnerOspID, nil, nil, false)
			b["selectedProducts"] = products
			return b
		}
		huge := strings.Repeat("x", 50_000)
		before := e.Snapshot()
		for _, c := range []struct {
			name, path, token, field string
			body                     any
		}{
			{"40,000 products to grant", pa + "/authorization/product/usage/grant", w.acme, "productOspIds",
				map[string]any{"userGroupOspId": g, "productOspIds": many(40_000, "p")}},
			{"no product to grant", pa + "/authorization/product/usage/grant", w.acme, "productOspIds",
				map[string]any{"userGroupOspId": g, "productOspIds": []string{}}},
			{"a blank product", pa + "/authorization/product/usage/revoke", w.acme, "productOspIds[0]",
				map[string]any{"userGroupOspId": g, "productOspIds": []string{" "}}},
			{"NUL in a product id", pa + "/authorization/product/usage/grant", w.acme, "productOspIds[0]",
				map[string]any{"userGroupOspId": g, "productOspIds": []string{"a\x00b"}}},
			{"a 50,000-character group id", pa + "/permission/usage/findByUserGroup", w.acme, "userGroupOspId",
				map[string]any{"userGroupOspId": huge}},
			{"no group", pa + "/authorization/product/usage/grant", w.acme, "userGroupOspId",
				map[string]any{"productOspIds": []string{train.OspID}}},
			{"a number for a group", pa + "/permission/usage/findByUserGroup", w.acme, "userGroupOspId",
				map[string]any{"userGroupOspId": 9223372036854775807}},
			{"a 50,000-character user id", pa + "/permission/usage/mayUse", w.acme, "userOspId",
				map[string]any{"userOspId": huge, "productOspId": train.OspID}},
			{"no company", pa + "/permission/view/findByCorporateAccount", w.acme, "corporateAccountOspId", map[string]any{}},
			{"no product to disallow", pa + "/platform/disallow", w.staff, "productOspId", map[string]any{"productOspId": ""}},
			{"40,000 products for a partner", v1 + "/partner/update", w.staff, "selectedProducts", partnerBody(many(40_000, "p"))},
			{"NUL in a partner's product", v1 + "/partner/update", w.staff, "selectedProducts[0]", partnerBody([]string{"\x00"})},
			{"40,000 products for a company", v1 + "/corporateAccount/update", w.msp, "selectedProducts",
				map[string]any{"ospId": seed.AcmeOspID, "selectedProducts": many(40_000, "p")}},
			{"a 50,000-character service resource", v1 + "/corporateAccount/update", w.msp, "selectedServiceResources[0]",
				map[string]any{"ospId": seed.AcmeOspID, "selectedServiceResources": []string{huge}}},
		} {
			res := e.Post(c.path, c.token, c.body)
			if res.Status != http.StatusBadRequest || res.Field() != c.field {
				t.Errorf("%s: want 400 naming %s, got %d %.300s", c.name, c.field, res.Status, res.Body)
			}
		}
		if changed := e.Snapshot().Changed(before); len(changed) > 0 {
			t.Fatalf("refused input changed %v", changed)
		}
	})
}
