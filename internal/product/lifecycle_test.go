package product_test

import (
	"context"
	"net/http"
	"slices"
	"testing"

	"fmt"
	"mobility/portal/internal/database"
	"mobility/portal/internal/product"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

// A product that is some employees' default cannot be deactivated (SPEC
// §8); once it is nobody's, it can. A deactivated product leaves every
// view of other admins than platform staff at once.
func TestDeactivation(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		w := newWorld(t, e)
		w.stock()
		acme := e.LoginAs("acme.admin")
		p := w.create(t, "BIKE", "Blue-bike", "BIKE", nil)
		w.comp(t, w.staff, "add", map[string]any{"productOspId": p.OspID, "kind": product.KindService, "ospIds": []string{sBike}})
		id := w.id(t, p.OspID)
		w.def.set(id, 3)

		res := e.Post(base+"/deactivate", w.staff, map[string]any{"ospId": p.OspID})
		if res.Status != http.StatusConflict || res.Label() != "PRODUCT_DEFAULT_IN_USE" {
			t.Fatalf("deactivate a default: %d %s", res.Status, res.Body)
		}
		var active bool
		if err := e.DB.Get(t.Context(), &active, `SELECT active FROM products WHERE osp_id = ?`, p.OspID); err != nil || !active {
			t.Fatalf("refused deactivation switched it off: %v %v", active, err)
		}
		// not by a company admin either, whatever the defaults
		w.def.set(id, 0)
		if res := e.Post(base+"/deactivate", acme, map[string]any{"ospId": p.OspID}); res.Status != http.StatusForbidden {
			t.Fatalf("acme deactivates: %d", res.Status)
		}
		res = e.Post(base+"/deactivate", w.staff, map[string]any{"ospId": p.OspID})
		testkit.MustStatus(t, res, http.StatusOK)
		var got product.Product
		res.JSON(t, &got)
		if got.Active || got.OspID != p.OspID {
			t.Fatalf("deactivated: %s", res.Body)
		}
		// deactivating twice is harmless, even with defaults back (nothing changes)
		w.def.set(id, 1)
		testkit.MustStatus(t, e.Post(base+"/deactivate", w.staff, map[string]any{"ospId": p.OspID}), http.StatusOK)

		// gone for other admins: lists, composition, details
		res = e.Post(base+"/find/all", acme, map[string]any{})
		testkit.MustStatus(t, res, http.StatusOK)
		if string(res.Body) != "[]\n" {
			t.Fatalf("acme find/all: %s", res.Body)
		}
		for _, path := range []string{"composition/get", "composition/details"} {
			if res := e.Post(base+"/"+path, acme, map[string]any{"productOspId": p.OspID}); res.Status != http.StatusNotFound {
				t.Fatalf("acme %s of an inactive product: %d %s", path, res.Status, res.Body)
			}
		}
		// platform staff still see it, with its composition
		if got := elementIDs(w.comp(t, w.staff, "get", map[string]any{"productOspId": p.OspID}).Elements); !slices.Equal(got, []string{sBike}) {
			t.Fatalf("staff composition: %v", got)
		}
		res = e.Post(base+"/activate", w.staff, map[string]any{"ospId": p.OspID})
		testkit.MustStatus(t, res, http.StatusOK)
		res.JSON(t, &got)
		if !got.Active {
			t.Fatalf("activated: %s", res.Body)
		}
		testkit.MustStatus(t, e.Post(base+"/composition/get", acme, map[string]any{"productOspId": p.OspID}), http.StatusOK)
		for _, c := range []struct {
			body   map[string]any
			status int
		}{
			{map[string]any{"ospId": "00000000-0000-4000-8000-000000000000"}, http.StatusNotFound},
			{map[string]any{}, http.StatusBadRequest},
			{map[string]any{"ospId": "x\x00"}, http.StatusBadRequest},
		} {
			if res := e.Post(base+"/activate", w.staff, c.body); res.Status != c.status {
				t.Errorf("activate %v: %d %s", c.body, res.Status, res.Body)
			}
		}
	})
}

// findByResource: products whose composition holds the resource directly
// or through a resource group holding it.
func TestFindByResource(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		w := newWorld(t, e)
		w.stock()
		direct := w.create(t, "TICKET", "Train ticket", "TRAIN", nil)
		viaGroup := w.create(t, "TRAINS", "All trains", "TRAIN", nil)
		parking := w.create(t, "PARKING", "Parking Brussels", "PARKING", nil)
		off := w.create(t, "OFF", "Old trains", "TRAIN", nil)
		w.comp(t, w.staff, "add", map[string]any{"productOspId": direct.OspID, "kind": product.KindService, "ospIds": []string{sTrain}})
		w.comp(t, w.staff, "add", map[string]any{"productOspId": viaGroup.OspID, "kind": product.KindResourceGroup, "ospIds": []string{gTrains}})
		w.comp(t, w.staff, "add", map[string]any{"productOspId": off.OspID, "kind": product.KindResourceGroup, "ospIds": []string{gTrains}})
		w.comp(t, w.staff, "add", map[string]any{"productOspId": parking.OspID, "kind": product.KindResourceGroup, "ospIds": []string{gParking}})
		testkit.MustStatus(t, e.Post(base+"/deactivate", w.staff, map[string]any{"ospId": off.OspID}), http.StatusOK)

		find := func(body map[string]any) []string {
			t.Helper()
			res := e.Post(base+"/findByResource", w.staff, body)
			testkit.MustStatus(t, res, http.StatusOK)
			var ps []product.Product
			res.JSON(t, &ps)
			return labels(ps)
		}
		if got := find(map[string]any{"resourceOspId": sTrain}); !slices.Equal(got, []string{"All trains", "Old trains", "Train ticket"}) {
			t.Fatalf("train: %v", got)
		}
		if got := find(map[string]any{"resourceOspId": sTrain, "active": true}); !slices.Equal(got, []string{"All trains", "Train ticket"}) {
			t.Fatalf("train, active: %v", got)
		}
		if got := find(map[string]any{"resourceOspId": pLot}); !slices.Equal(got, []string{"Parking Brussels"}) {
			t.Fatalf("parking lot: %v", got)
		}
		if got := find(map[string]any{"resourceOspId": gParking}); !slices.Equal(got, []string{"Parking Brussels"}) {
			t.Fatalf("the group itself: %v", got)
		}
		if got := find(map[string]any{"resourceOspId": rCar}); len(got) != 0 {
			t.Fatalf("unused rental car: %v", got)
		}
		if got := find(map[string]any{"resourceOspId": "99999999-0000-4000-8000-000000000000"}); len(got) != 0 {
			t.Fatalf("unknown resource: %v", got)
		}
		// through a group only while the group and the member are active;
		// the products holding the group itself still answer for it
		w.cat.setActive(pLot, false)
		if got := find(map[string]any{"resourceOspId": pLot}); len(got) != 0 {
			t.Fatalf("deactivated parking lot: %v", got)
		}
		w.cat.setActive(pLot, true)
		w.cat.setActive(gTrains, false)
		if got := find(map[string]any{"resourceOspId": sTrain}); !slices.Equal(got, []string{"Train ticket"}) {
			t.Fatalf("train, group deactivated: %v", got)
		}
		if got := find(map[string]any{"resourceOspId": gTrains}); !slices.Equal(got, []string{"All trains", "Old trains"}) {
			t.Fatalf("the deactivated group itself: %v", got)
		}
		if res := e.Post(base+"/findByResource", w.staff, map[string]any{}); res.Status != http.StatusBadRequest || firstField(t, res) != "resourceOspId" {
			t.Fatalf("no resource: %d %s", res.Status, res.Body)
		}
		if res := e.Post(base+"/findByResource", e.LoginAs("msp.admin"), map[string]any{"resourceOspId": sTrain}); res.Status != http.StatusForbidden {
			t.Fatalf("msp admin: %d", res.Status)
		}
	})
}

// find/allByAssignee: a company's offered products and a group's granted
// ones, for callers who may see that company or group; deactivated
// products leave the list.
func TestFindByAssignee(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		w := newWorld(t, e)
		train := w.create(t, "TRAIN", "Train", "TRAIN", nil)
		bike := w.create(t, "BIKE", "Bike", "BIKE", nil)
		car := w.create(t, "CAR", "Car share", "CAR", nil)
		acmeID, globexID := e.CorporateAccountID(seed.AcmeOspID), e.CorporateAccountID(seed.GlobexOspID)
		acmeTok := e.LoginAs("acme.admin")
		res := e.Post("/portal-service/v1/usergroup/create", acmeTok, map[string]any{"corporateAccount": map[string]string{"ospId": seed.AcmeOspID},
			"data": map[string]any{"extId": "Commuters"}})
		testkit.MustStatus(t, res, http.StatusOK)
		group := res.Map(t)["ospId"].(string)
		var groupID int64
		if err := e.DB.Get(t.Context(), &groupID, `SELECT id FROM user_groups WHERE osp_id = ?`, group); err != nil {
			t.Fatal(err)
		}
		w.assign.companies[acmeID] = []int64{w.id(t, car.OspID), w.id(t, train.OspID), w.id(t, bike.OspID)}
		w.assign.companies[globexID] = []int64{w.id(t, bike.OspID)}
		w.assign.groups[groupID] = []int64{w.id(t, train.OspID)}
		testkit.MustStatus(t, e.Post(base+"/deactivate", w.staff, map[string]any{"ospId": bike.OspID}), http.StatusOK)

		for _, c := range []struct {
			login, assignee, typ string
			status               int
			want                 []string
		}{
			{"acme.admin", seed.AcmeOspID, "CORPORATE_ACCOUNT", 200, []string{"Car share", "Train"}},
			{"acme.admin", group, "USER_GROUP", 200, []string{"Train"}},
			{"msp.admin", seed.AcmeOspID, "CORPORATE_ACCOUNT", 200, []string{"Car share", "Train"}},
			{"msp.admin", seed.GlobexOspID, "CORPORATE_ACCOUNT", 200, []string{}},
			{"ospadmin", group, "USER_GROUP", 200, []string{"Train"}},
			{"acme.admin", seed.GlobexOspID, "CORPORATE_ACCOUNT", 404, nil},
			{"globex.admin", group, "USER_GROUP", 404, nil},
			{"rideon.admin", seed.AcmeOspID, "CORPORATE_ACCOUNT", 404, nil},
			{"acme.admin", group, "CORPORATE_ACCOUNT", 404, nil},
			{"acme.admin", seed.AcmeOspID, "USER_GROUP", 404, nil},
			{"acme.admin", seed.AcmeOspID, "PARTNER", 400, nil},
			{"acme.admin", "", "USER_GROUP", 400, nil},
		} {
			res := e.Post(base+"/find/allByAssignee", e.LoginAs(c.login), map[string]any{"assigneeOspId": c.assignee, "assigneeType": c.typ})
			if res.Status != c.status {
				t.Errorf("%s asks %s %s: %d %s", c.login, c.typ, c.assignee, res.Status, res.Body)
				continue
			}
			if c.status == 200 {
				var ps []product.Product
				res.JSON(t, &ps)
				if got := labels(ps); !slices.Equal(got, c.want) {
					t.Errorf("%s asks %s %s: %v, want %v", c.login, c.typ, c.assignee, got, c.want)
				}
			}
		}
		// without productaccess wired nothing is assigned
		e.App.Products.Wire(product.Wiring{})
		res = e.Post(base+"/find/allByAssignee", acmeTok, map[string]any{"assigneeOspId": seed.AcmeOspID, "assigneeType": "CORPORATE_ACCOUNT"})
		testkit.MustStatus(t, res, http.StatusOK)
		if string(res.Body) != "[]\n" {
			t.Fatalf("unwired: %s", res.Body)
		}
	})
}

// The read models productaccess uses.
func TestReadModels(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		w := newWorld(t, e)
		w.stock()
		ctx := context.Background()
		train := w.create(t, "TRAIN", "Train", "TRAIN", map[string]any{"productLabel": map[string]any{"defaultValue": "Train",
			"labelTranslations": []map[string]any{{"languageCode": "nl", "text": "Trein"}, {"languageCode": "fr", "text": "Train"}}}})
		bike := w.create(t, "BIKE", "Bike", "BIKE", map[string]any{"active": false})
		w.comp(t, w.staff, "add", map[string]any{"productOspId": train.OspID, "kind": product.KindService, "ospIds": []string{sTrain, sBike}})
		w.comp(t, w.staff, "add", map[string]any{"productOspId": bike.OspID, "kind": product.KindRentalCar, "ospIds": []string{rCar}})
		w.cat.setActive(sBike, false)

		// more ids than one query takes
		many := []string{train.OspID}
		for i := range database.InBatch + 100 {
			many = append(many, fmt.Sprintf("unknown-%d", i))
		}
		refs, err := e.App.Products.Refs(ctx, append(many, bike.OspID))
		if err != nil || len(refs) != 2 {
			t.Fatalf("Refs: %v %v", refs, err)
		}
		tr := refs[train.OspID]
		if tr.ExtID != "TRAIN" || tr.Label != "Train" || !tr.Active || tr.MobilityMode != "TRAIN" || tr.Translations["nl"] != "Trein" ||
			len(tr.Translations) != 2 || refs[bike.OspID].Active {
			t.Fatalf("Refs: %+v", refs)
		}
		byID, err := e.App.Products.ByIDs(ctx, []int64{tr.ID, refs[bike.OspID].ID, 987654})
		if err != nil || len(byID) != 2 || byID[tr.ID].OspID != train.OspID {
			t.Fatalf("ByIDs: %v %v", byID, err)
		}
		elems, err := e.App.Products.Elements(ctx, []int64{tr.ID, refs[bike.OspID].ID})
		if err != nil || !slices.Equal(elementIDs(elems[tr.ID]), []string{sTrain}) || !slices.Equal(elementIDs(elems[refs[bike.OspID].ID]), []string{rCar}) {
			t.Fatalf("Elements: %v %v", elems, err)
		}
		err = e.DB.WithTx(ctx, func(ctx context.Context) error {
			on, err := e.App.Products.LockActive(ctx, tr.ID)
			if err != nil || !on {
				t.Fatalf("LockActive(train): %v %v", on, err)
			}
			on, err = e.App.Products.LockActive(ctx, refs[bike.OspID].ID)
			if err != nil || on {
				t.Fatalf("LockActive(bike): %v %v", on, err)
			}
			_, err = e.App.Products.LockActive(ctx, 987654)
			return err
		})
		if err == nil {
			t.Fatal("LockActive of an unknown product")
		}
		// the predicate other stores filter with
		var active []int64
		if err := e.DB.Select(ctx, &active, `SELECT x.id FROM (SELECT CAST(? AS BIGINT) AS id UNION ALL SELECT CAST(? AS BIGINT)) x WHERE `+product.ActiveProduct("x.id"),
			tr.ID, refs[bike.OspID].ID); err != nil || !slices.Equal(active, []int64{tr.ID}) {
			t.Fatalf("ActiveProduct: %v %v", active, err)
		}
	})
}
