package productaccess_test

import (
	"context"
	"net/http"
	"sync"
	"testing"

	"mobility/portal/internal/apperr"
	"mobility/portal/internal/productaccess"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

// SPEC §8: a product that is some employee's default cannot be taken
// from them — not by a revoke, nor by a company's, a partner's or the
// platform's selection — until it is removed from them. Each refusal
// names the list, in the caller's language, and writes nothing.
func TestDefaultProductMustBeRemovedFirst(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		w := newWorld(t, e)
		ctx := context.Background()
		pa2 := e.App.ProductAccess
		train, bike := w.product("Train"), w.product("Blue-bike")
		w.offer(train, bike)
		g1 := w.group(seed.AcmeOspID, w.jan)
		g2 := w.group(seed.AcmeOspID, w.jan, w.sophie)

		// only a usable product can be a default
		err := pa2.SetDefault(ctx, w.janID, train.ID)
		if e := apperr.As(err); e == nil || e.Label != "PRODUCT_NOT_USABLE" {
			t.Fatalf("default without a grant: %v", err)
		}
		testkit.MustStatus(t, w.grant(w.acme, g1, train, bike), http.StatusOK)
		if err := pa2.SetDefault(ctx, w.janID, train.ID); err != nil {
			t.Fatal(err)
		}
		if n, err := pa2.UsersWithDefault(ctx, train.ID); err != nil || n != 1 {
			t.Fatalf("users with the train as default: %d %v", n, err)
		}
		var ud productaccess.UserDefault
		w.call(http.StatusOK, pa+"/default/findByUser", w.acme, map[string]string{"userOspId": w.jan}).JSON(t, &ud)
		if ud.Product == nil || ud.Product.OspID != train.OspID || ud.UserOspID != w.jan {
			t.Fatalf("jan's default: %+v", ud)
		}
		w.refused(http.StatusNotFound, "NOT_FOUND", pa+"/default/findByUser", w.globex, map[string]string{"userOspId": w.jan})
		var users []productaccess.DefaultUser
		w.call(http.StatusOK, pa+"/default/findUsers", w.msp, map[string]string{"corporateAccountOspId": seed.AcmeOspID, "productOspId": train.OspID}).JSON(t, &users)
		if len(users) != 1 || users[0].OspID != w.jan || users[0].FullName != "Jan Peeters" {
			t.Fatalf("who has the train as default: %+v", users)
		}
		w.refused(http.StatusNotFound, "NOT_FOUND", pa+"/default/findUsers", w.rideon,
			map[string]string{"corporateAccountOspId": seed.AcmeOspID, "productOspId": train.OspID})

		before := e.Snapshot()
		refusals := []struct {
			name  string
			call  func() *testkit.Response
			field string
		}{
			{"revoke from jan's only group", func() *testkit.Response { return w.revoke(w.acme, g1, train) }, "productOspIds"},
			{"revoke with another product", func() *testkit.Response { return w.revoke(w.acme, g1, bike, train) }, "productOspIds"},
			{"Acme no longer offers it", func() *testkit.Response { return w.companySelects(w.msp, seed.AcmeOspID, ospIDs(bike), nil) }, "selectedProducts"},
			{"the partner drops it", func() *testkit.Response {
				return w.partnerSelects(seed.MobiPartnerOspID, ospIDs(bike), nil, true)
			}, "selectedProducts"},
			{"the platform disallows it", func() *testkit.Response {
				return e.Post(pa+"/platform/disallow", w.staff, map[string]string{"productOspId": train.OspID})
			}, "productOspId"},
		}
		for _, r := range refusals {
			res := r.call()
			if res.Status != http.StatusConflict || res.Label() != "PRODUCT_DEFAULT_IN_USE" || res.Field() != r.field {
				t.Errorf("%s: want 409 PRODUCT_DEFAULT_IN_USE on %s, got %d %s", r.name, r.field, res.Status, res.Body)
			}
		}
		if changed := e.Snapshot().Changed(before); len(changed) > 0 {
			t.Fatalf("refusals changed %v", changed)
		}
		// Dutch for an nl admin (acme.admin's language)
		res := w.revoke(w.acme, g1, train)
		var body struct {
			Message string `json:"message"`
		}
		res.JSON(t, &body)
		if body.Message == "" || body.Message == "PRODUCT_DEFAULT_IN_USE" {
			t.Errorf("the refusal has no text: %s", res.Body)
		}

		// jan holds the train through g2 too: revoking it from g1 is fine,
		// from g2 then is not
		testkit.MustStatus(t, w.grant(w.acme, g2, train), http.StatusOK)
		testkit.MustStatus(t, w.revoke(w.acme, g1, train), http.StatusOK)
		w.refused(http.StatusConflict, "PRODUCT_DEFAULT_IN_USE", pa+"/authorization/product/usage/revoke", w.acme, grantBody(g2, train))
		// a deactivated group gives no access: g1 back with the train but
		// deactivated does not make g2's revoke possible
		testkit.MustStatus(t, w.grant(w.acme, g1, train), http.StatusOK)
		w.call(http.StatusOK, v1+"/usergroup/deactivate", w.acme, map[string]string{"ospId": g1})
		w.refused(http.StatusConflict, "PRODUCT_DEFAULT_IN_USE", pa+"/authorization/product/usage/revoke", w.acme, grantBody(g2, train))
		// sophie's default is not jan's: the bike may go from g2
		testkit.MustStatus(t, w.revoke(w.acme, g2, bike), http.StatusOK)

		// removed from jan, everything may go
		if err := pa2.ClearDefault(ctx, w.janID); err != nil {
			t.Fatal(err)
		}
		w.call(http.StatusOK, pa+"/default/findByUser", w.acme, map[string]string{"userOspId": w.jan}).JSON(t, &ud)
		if ud.Product != nil {
			t.Fatalf("cleared default: %+v", ud)
		}
		testkit.MustStatus(t, w.revoke(w.acme, g2, train), http.StatusOK)
		testkit.MustStatus(t, w.partnerSelects(seed.MobiPartnerOspID, ospIDs(bike), nil, false), http.StatusOK)
		w.call(http.StatusOK, pa+"/platform/disallow", w.staff, map[string]string{"productOspId": train.OspID})
		if n, _ := pa2.UsersWithDefault(ctx, train.ID); n != 0 {
			t.Fatalf("users with the train as default after clearing: %d", n)
		}
	})
}

// An anonymized employee's default no longer holds the product back.
func TestAnonymizedUsersDefaultDoesNotCount(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		w := newWorld(t, e)
		ctx := context.Background()
		train := w.product("Train")
		w.offer(train)
		g := w.group(seed.AcmeOspID, w.sophie)
		testkit.MustStatus(t, w.grant(w.acme, g, train), http.StatusOK)
		if err := e.App.ProductAccess.SetDefault(ctx, w.sophieID, train.ID); err != nil {
			t.Fatal(err)
		}
		w.refused(http.StatusConflict, "PRODUCT_DEFAULT_IN_USE", pa+"/authorization/product/usage/revoke", w.acme, grantBody(g, train))
		w.call(http.StatusOK, v1+"/user/anonymize", w.acme, map[string]string{"ospId": w.sophie})
		if n, _ := e.App.ProductAccess.UsersWithDefault(ctx, train.ID); n != 0 {
			t.Fatalf("an anonymized user's default counts: %d", n)
		}
		testkit.MustStatus(t, w.revoke(w.acme, g, train), http.StatusOK)
		// nor Acme's nor its partner's selection
		testkit.MustStatus(t, w.companySelects(w.msp, seed.AcmeOspID, []string{}, nil), http.StatusOK)
		w.offer(train)
		if err := e.App.ProductAccess.SetDefault(ctx, w.janID, train.ID); err == nil {
			t.Fatal("jan has no grant: no default")
		}
		testkit.MustStatus(t, w.partnerSelects(seed.MobiPartnerOspID, []string{}, nil, false), http.StatusOK)
	})
}

// Two revokes at once, each of a group through which an employee holds
// their default product: at most one may pass, or the employee would be
// left without it (the offer's row lock orders them on PostgreSQL).
func TestConcurrentRevokesKeepTheDefault(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		w := newWorld(t, e)
		train := w.product("Train")
		w.offer(train)
		for round := 0; round < 5; round++ {
			g1 := w.group(seed.AcmeOspID, w.jan)
			g2 := w.group(seed.AcmeOspID, w.jan)
			testkit.MustStatus(t, w.grant(w.acme, g1, train), http.StatusOK)
			testkit.MustStatus(t, w.grant(w.acme, g2, train), http.StatusOK)
			if err := e.App.ProductAccess.SetDefault(context.Background(), w.janID, train.ID); err != nil {
				t.Fatal(err)
			}
			var wg sync.WaitGroup
			statuses := make([]int, 2)
			for i, g := range []string{g1, g2} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					statuses[i] = e.Post(pa+"/authorization/product/usage/revoke", w.acme, grantBody(g, train)).Status
				}()
			}
			wg.Wait()
			if r := w.mayUse(w.janID, train); r != productaccess.Allowed {
				t.Fatalf("round %d: revokes %v left jan without his default: %s", round, statuses, r)
			}
			// clean up for the next round: jan's groups leave
			if err := e.App.ProductAccess.ClearDefault(context.Background(), w.janID); err != nil {
				t.Fatal(err)
			}
			for _, g := range []string{g1, g2} {
				testkit.MustStatus(t, w.revoke(w.acme, g, train), http.StatusOK)
			}
		}
	})
}

// Leaving a group is revoking what it gives: deactivating or deleting the
// group through which an employee holds their default product, or taking
// the employee out of it, is refused too; other members may go.
func TestLeavingTheGroupOfADefault(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		w := newWorld(t, e)
		train := w.product("Train")
		w.offer(train)
		g1 := w.group(seed.AcmeOspID, w.jan, w.sophie)
		testkit.MustStatus(t, w.grant(w.acme, g1, train), http.StatusOK)
		if err := e.App.ProductAccess.SetDefault(context.Background(), w.janID, train.ID); err != nil {
			t.Fatal(err)
		}
		members := func(users ...string) map[string]any {
			refs := make([]map[string]string, len(users))
			for i, u := range users {
				refs[i] = map[string]string{"ospId": u}
			}
			return map[string]any{"usergroup": map[string]string{"ospId": g1}, "users": refs}
		}
		before := e.Snapshot()
		for _, c := range []struct {
			name, path, field string
			body              any
		}{
			{"deactivate", v1 + "/usergroup/deactivate", "ospId", map[string]string{"ospId": g1}},
			{"activate false", v1 + "/usergroup/activate", "ospId", map[string]any{"ospId": g1, "active": false}},
			{"update inactive", v1 + "/usergroup/update", "data.active", map[string]any{"ospId": g1,
				"data": map[string]any{"extId": "Group 1", "active": false}}},
			{"delete", v1 + "/usergroup/delete", "ospId", map[string]string{"ospId": g1}},
			{"remove jan", v1 + "/usergroup/removeUsers", "users", members(w.jan, w.sophie)},
		} {
			res := e.Post(c.path, w.acme, c.body)
			if res.Status != http.StatusConflict || res.Label() != "PRODUCT_DEFAULT_IN_USE" || res.Field() != c.field {
				t.Errorf("%s: want 409 PRODUCT_DEFAULT_IN_USE on %s, got %d %s", c.name, c.field, res.Status, res.Body)
			}
		}
		if changed := e.Snapshot().Changed(before); len(changed) > 0 {
			t.Fatalf("refusals changed %v", changed)
		}
		// sophie has no default: she may go
		w.call(http.StatusOK, v1+"/usergroup/removeUsers", w.acme, members(w.sophie))
		// with the train from another group too, jan's group may go
		g2 := w.group(seed.AcmeOspID, w.jan)
		testkit.MustStatus(t, w.grant(w.acme, g2, train), http.StatusOK)
		w.call(http.StatusOK, v1+"/usergroup/deactivate", w.acme, map[string]string{"ospId": g1})
		w.refused(http.StatusConflict, "PRODUCT_DEFAULT_IN_USE", v1+"/usergroup/delete", w.acme, map[string]string{"ospId": g2})
		w.call(http.StatusNoContent, v1+"/usergroup/delete", w.acme, map[string]string{"ospId": g1})
		if r := w.mayUse(w.janID, train); r != productaccess.Allowed {
			t.Fatalf("jan after his first group went: %s", r)
		}
	})
}
