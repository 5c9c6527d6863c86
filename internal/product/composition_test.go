package product_test

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"

	"mobility/portal/internal/product"
	"mobility/portal/internal/testkit"
)

// Resources of the catalogue the tests compose products from.
const (
	gTrains  = "10000000-0000-4000-8000-000000000001" // group: NMBS trains
	gParking = "10000000-0000-4000-8000-000000000002" // group: Brussels parkings
	sTrain   = "20000000-0000-4000-8000-000000000001" // service: NMBS ticket
	sBike    = "20000000-0000-4000-8000-000000000002" // service: Blue-bike
	sOld     = "20000000-0000-4000-8000-000000000003" // service, deactivated
	rCar     = "30000000-0000-4000-8000-000000000001" // rental car
	pLot     = "40000000-0000-4000-8000-000000000001" // a parking lot (in gParking)
)

func (w *world) stock() {
	w.cat.add(gTrains, product.KindResourceGroup, "NMBS trains", true)
	w.cat.add(gParking, product.KindResourceGroup, "Brussels parkings", true)
	w.cat.add(sTrain, product.KindService, "NMBS ticket", true)
	w.cat.add(sBike, product.KindService, "Blue-bike", true)
	w.cat.add(sOld, product.KindService, "Old service", false)
	w.cat.add(rCar, product.KindRentalCar, "Rent-a-car Gent", true)
	w.cat.other(pLot, "Interparking Grand-Place")
	w.cat.members[gParking] = []string{pLot}
	w.cat.members[gTrains] = []string{sTrain}
}

func (w *world) comp(t *testing.T, tok, path string, body map[string]any) product.Composition {
	t.Helper()
	res := w.Post(base+"/composition/"+path, tok, body)
	testkit.MustStatus(t, res, http.StatusOK)
	var c product.Composition
	res.JSON(t, &c)
	return c
}

func (w *world) details(t *testing.T, tok, osp string, all bool) []product.ElementDetail {
	t.Helper()
	res := w.Post(base+"/composition/details", tok, map[string]any{"productOspId": osp, "includeInactive": all})
	testkit.MustStatus(t, res, http.StatusOK)
	var d product.CompositionDetails
	res.JSON(t, &d)
	if d.ProductOspID != osp {
		t.Fatalf("details of %s: %+v", osp, d)
	}
	return d.Elements
}

func TestComposition(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		w := newWorld(t, e)
		w.stock()
		acme := e.LoginAs("acme.admin")
		p := w.create(t, "COMBI", "Train + bike", "TRAIN", nil)
		add := func(kind string, mandatory bool, ids ...string) *testkit.Response {
			return e.Post(base+"/composition/add", w.staff, map[string]any{"productOspId": p.OspID, "kind": kind, "ospIds": ids, "mandatory": mandatory})
		}

		testkit.MustStatus(t, add(product.KindResourceGroup, true, gTrains), http.StatusOK)
		testkit.MustStatus(t, add(product.KindService, false, sBike, sTrain), http.StatusOK)
		c := w.comp(t, w.staff, "add", map[string]any{"productOspId": p.OspID, "kind": product.KindRentalCar, "ospIds": []string{rCar}})
		want := []product.Element{{OspID: gTrains, Kind: product.KindResourceGroup, Position: 1, Mandatory: true},
			{OspID: sBike, Kind: product.KindService, Position: 2}, {OspID: sTrain, Kind: product.KindService, Position: 3},
			{OspID: rCar, Kind: product.KindRentalCar, Position: 4}}
		if c.ProductOspID != p.OspID || !slices.Equal(c.Elements, want) {
			t.Fatalf("after add: %+v", c)
		}

		// refusals name the element and write nothing
		before := w.count(t, "product_composition")
		for _, x := range []struct {
			name, kind string
			ids        []string
			label      string
			field      string
		}{
			{"unknown", product.KindService, []string{"99999999-0000-4000-8000-000000000000"}, "PRODUCT_ELEMENT_UNAVAILABLE", "ospIds[0]"},
			{"wrong kind", product.KindService, []string{rCar}, "PRODUCT_ELEMENT_UNAVAILABLE", "ospIds[0]"},
			{"not a composable kind", product.KindService, []string{pLot}, "PRODUCT_ELEMENT_UNAVAILABLE", "ospIds[0]"},
			{"deactivated", product.KindService, []string{sOld}, "PRODUCT_ELEMENT_UNAVAILABLE", "ospIds[0]"},
			{"already there", product.KindResourceGroup, []string{gParking, gTrains}, "PRODUCT_ELEMENT_ALREADY_PRESENT", "ospIds[1]"},
			{"twice in the call", product.KindResourceGroup, []string{gParking, gParking}, "VALIDATION_FAILED", "ospIds[1]"},
			{"none", product.KindResourceGroup, []string{}, "VALIDATION_FAILED", "ospIds"},
			{"blank", product.KindResourceGroup, []string{" "}, "VALIDATION_FAILED", "ospIds[0]"},
			{"unknown kind", "PARKING", []string{pLot}, "VALIDATION_FAILED", "kind"},
			{"id too long", product.KindService, []string{strings.Repeat("a", 37)}, "VALIDATION_FAILED", "ospIds[0]"},
		} {
			res := add(x.kind, false, x.ids...)
			if res.Status != http.StatusBadRequest || res.Label() != x.label || firstField(t, res) != x.field {
				t.Errorf("%s: want 400 %s on %s, got %d %s", x.name, x.label, x.field, res.Status, res.Body)
			}
		}
		res := e.Post(base+"/composition/add", w.staff, map[string]any{"productOspId": p.OspID, "kind": product.KindService,
			"ospIds": slices.Repeat([]string{sBike}, 101)})
		if res.Status != http.StatusBadRequest || firstField(t, res) != "ospIds" {
			t.Errorf("101 ids: %d %s", res.Status, res.Body)
		}
		if res := add(product.KindService, false, sBike); res.Status != http.StatusBadRequest {
			t.Errorf("again: %d", res.Status)
		}
		if n := w.count(t, "product_composition"); n != before {
			t.Fatalf("refused adds wrote rows: %d -> %d", before, n)
		}

		// details: names, kinds, MRP partner, state
		d := w.details(t, acme, p.OspID, false)
		if len(d) != 4 || d[0] != (product.ElementDetail{OspID: gTrains, Kind: product.KindResourceGroup, Position: 1, Mandatory: true,
			Name: "NMBS trains", Active: true}) || d[1].Name != "Blue-bike" || d[1].MobilityMode != "TRAIN" ||
			d[1].MrpPartnerOspID != "44444444-4444-4444-8444-444444444444" || d[3].Name != "Rent-a-car Gent" {
			t.Fatalf("details: %+v", d)
		}

		// update: move the rental car first, make the bike mandatory
		c = w.comp(t, w.staff, "update", map[string]any{"productOspId": p.OspID, "elementOspId": rCar, "position": 1})
		if got := elementIDs(c.Elements); !slices.Equal(got, []string{rCar, gTrains, sBike, sTrain}) || c.Elements[3].Position != 4 {
			t.Fatalf("after move: %+v", c.Elements)
		}
		c = w.comp(t, w.staff, "update", map[string]any{"productOspId": p.OspID, "elementOspId": sBike, "mandatory": true})
		if !c.Elements[2].Mandatory || c.Elements[2].Position != 3 || !c.Elements[1].Mandatory || c.Elements[0].Mandatory {
			t.Fatalf("after mandatory: %+v", c.Elements)
		}
		c = w.comp(t, w.staff, "update", map[string]any{"productOspId": p.OspID, "elementOspId": rCar, "position": 4, "mandatory": true})
		if got := elementIDs(c.Elements); !slices.Equal(got, []string{gTrains, sBike, sTrain, rCar}) || !c.Elements[3].Mandatory {
			t.Fatalf("after move back: %+v", c.Elements)
		}
		for _, x := range []struct {
			name  string
			body  map[string]any
			label string
			field string
		}{
			{"position 0", map[string]any{"elementOspId": rCar, "position": 0}, "VALIDATION_FAILED", "position"},
			{"position past the end", map[string]any{"elementOspId": rCar, "position": 5}, "VALIDATION_FAILED", "position"},
			{"position 2^63", map[string]any{"elementOspId": rCar, "position": uint64(1) << 63}, "VALIDATION_FAILED", "position"},
			{"not in it", map[string]any{"elementOspId": gParking, "mandatory": true}, "PRODUCT_ELEMENT_NOT_IN_COMPOSITION", "elementOspId"},
			{"no element", map[string]any{"mandatory": true}, "VALIDATION_FAILED", "elementOspId"},
		} {
			x.body["productOspId"] = p.OspID
			res := e.Post(base+"/composition/update", w.staff, x.body)
			if res.Status != http.StatusBadRequest || res.Label() != x.label || firstField(t, res) != x.field {
				t.Errorf("update %s: want 400 %s on %s, got %d %s", x.name, x.label, x.field, res.Status, res.Body)
			}
		}

		// delete renumbers the rest
		c = w.comp(t, w.staff, "delete", map[string]any{"productOspId": p.OspID, "elementOspId": sBike})
		if got := elementIDs(c.Elements); !slices.Equal(got, []string{gTrains, sTrain, rCar}) || c.Elements[2].Position != 3 {
			t.Fatalf("after delete: %+v", c.Elements)
		}
		if res := e.Post(base+"/composition/delete", w.staff, map[string]any{"productOspId": p.OspID, "elementOspId": sBike}); res.Status != http.StatusBadRequest ||
			res.Label() != "PRODUCT_ELEMENT_NOT_IN_COMPOSITION" {
			t.Fatalf("delete again: %d %s", res.Status, res.Body)
		}

		// company admins read, never write
		for _, path := range []string{"add", "update", "delete"} {
			res := e.Post(base+"/composition/"+path, acme, map[string]any{"productOspId": p.OspID, "kind": product.KindService,
				"ospIds": []string{sBike}, "elementOspId": sTrain, "mandatory": false})
			if res.Status != http.StatusForbidden {
				t.Fatalf("acme %s: %d %s", path, res.Status, res.Body)
			}
		}
		if got := elementIDs(w.comp(t, acme, "get", map[string]any{"productOspId": p.OspID}).Elements); !slices.Equal(got, []string{gTrains, sTrain, rCar}) {
			t.Fatalf("acme get: %v", got)
		}
		if res := e.Post(base+"/composition/get", acme, map[string]any{"productOspId": "nope"}); res.Status != http.StatusNotFound {
			t.Fatalf("unknown product: %d", res.Status)
		}
		if res := e.Post(base+"/composition/get", acme, map[string]any{}); res.Status != http.StatusBadRequest || firstField(t, res) != "productOspId" {
			t.Fatalf("no product: %d %s", res.Status, res.Body)
		}
	})
}

// A deactivated resource or group leaves every composition view at once;
// its row stays, and comes back when it is activated again.
func TestDeactivatedElementsDisappear(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		w := newWorld(t, e)
		w.stock()
		msp := e.LoginAs("msp.admin")
		p := w.create(t, "PARK", "Parking Brussels", "PARKING", nil)
		w.comp(t, w.staff, "add", map[string]any{"productOspId": p.OspID, "kind": product.KindResourceGroup, "ospIds": []string{gParking, gTrains}})
		w.comp(t, w.staff, "add", map[string]any{"productOspId": p.OspID, "kind": product.KindService, "ospIds": []string{sBike}})

		w.cat.setActive(gParking, false)
		w.cat.setActive(sBike, false)
		for _, tok := range []string{w.staff, msp} {
			if got := elementIDs(w.comp(t, tok, "get", map[string]any{"productOspId": p.OspID}).Elements); !slices.Equal(got, []string{gTrains}) {
				t.Fatalf("get: %v", got)
			}
			if d := w.details(t, tok, p.OspID, false); len(d) != 1 || d[0].OspID != gTrains {
				t.Fatalf("details: %+v", d)
			}
			res := e.Post(base+"/find/all", tok, map[string]any{})
			var ps []product.Product
			res.JSON(t, &ps)
			if len(ps) != 1 || !slices.Equal(elementIDs(ps[0].Composition), []string{gTrains}) || ps[0].Composition[0].Position != 2 {
				t.Fatalf("find/all composition: %s", res.Body)
			}
		}
		// platform staff may ask the history; other admins may not
		all := w.details(t, w.staff, p.OspID, true)
		if len(all) != 3 || all[0].OspID != gParking || all[0].Active || all[0].Name != "Brussels parkings" || !all[1].Active || all[2].Active {
			t.Fatalf("staff details with inactive: %+v", all)
		}
		if d := w.details(t, msp, p.OspID, true); len(d) != 1 {
			t.Fatalf("msp asked the inactive ones: %+v", d)
		}
		// the rows are kept, and the element cannot be added again meanwhile
		if n := w.count(t, "product_composition"); n != 3 {
			t.Fatalf("%d rows", n)
		}
		// an element the catalogue forgot entirely is hidden the same way
		delete(w.cat.refs, gTrains)
		if got := w.comp(t, msp, "get", map[string]any{"productOspId": p.OspID}).Elements; len(got) != 0 {
			t.Fatalf("forgotten group shown: %v", got)
		}
		if d := w.details(t, w.staff, p.OspID, true); len(d) != 3 || d[1].Name != "" || d[1].Active {
			t.Fatalf("forgotten group in details: %+v", d)
		}
		w.cat.add(gTrains, product.KindResourceGroup, "NMBS trains", true)
		w.cat.setActive(gParking, true)
		if got := elementIDs(w.comp(t, msp, "get", map[string]any{"productOspId": p.OspID}).Elements); !slices.Equal(got, []string{gParking, gTrains}) {
			t.Fatalf("after activation: %v", got)
		}
		// composition views ask the catalogue once per kind, whatever the number of products
		for i := range 30 {
			q := w.create(t, fmt.Sprintf("P%d", i), fmt.Sprintf("Product %02d", i), "BIKE", nil)
			w.comp(t, w.staff, "add", map[string]any{"productOspId": q.OspID, "kind": product.KindService, "ospIds": []string{sTrain}})
			w.comp(t, w.staff, "add", map[string]any{"productOspId": q.OspID, "kind": product.KindRentalCar, "ospIds": []string{rCar}})
		}
		w.cat.asked = 0
		testkit.MustStatus(t, e.Post(base+"/find/all", msp, map[string]any{}), http.StatusOK)
		if w.cat.asked > 3 {
			t.Fatalf("find/all of 31 products asked the catalogue %d times", w.cat.asked)
		}
	})
}

// Without a catalogue wired (internal/resource not built), nothing can be
// added and no element shows.
func TestNoCatalogue(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		w := newWorld(t, e)
		w.stock()
		p := w.create(t, "X", "X", "BIKE", nil)
		w.comp(t, w.staff, "add", map[string]any{"productOspId": p.OspID, "kind": product.KindService, "ospIds": []string{sBike}})
		e.App.Products.Wire(product.Wiring{})
		if got := w.comp(t, w.staff, "get", map[string]any{"productOspId": p.OspID}).Elements; len(got) != 0 {
			t.Fatalf("elements without a catalogue: %v", got)
		}
		res := e.Post(base+"/composition/add", w.staff, map[string]any{"productOspId": p.OspID, "kind": product.KindService, "ospIds": []string{sTrain}})
		if res.Status != http.StatusBadRequest || res.Label() != "PRODUCT_ELEMENT_UNAVAILABLE" {
			t.Fatalf("add without a catalogue: %d %s", res.Status, res.Body)
		}
		// the rows still answer which products hold an element directly
		res = e.Post(base+"/findByResource", w.staff, map[string]any{"resourceOspId": sBike})
		testkit.MustStatus(t, res, http.StatusOK)
		var ps []product.Product
		res.JSON(t, &ps)
		if len(ps) != 1 || ps[0].OspID != p.OspID || len(ps[0].Composition) != 0 {
			t.Fatalf("findByResource without a catalogue: %s", res.Body)
		}
	})
}

// A composition holds each element once and at most MaxElements, also
// when two calls race (the product's row lock and the UNIQUE index).
func TestCompositionLimits(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		w := newWorld(t, e)
		var ids []string
		for i := range product.MaxElements + 1 {
			id := fmt.Sprintf("50000000-0000-4000-8000-%012d", i)
			w.cat.add(id, product.KindService, fmt.Sprintf("Service %d", i), true)
			ids = append(ids, id)
		}
		p := w.create(t, "BIG", "Big", "OTHER_PURCHASES", nil)
		add := func(ids []string) *testkit.Response {
			return e.Post(base+"/composition/add", w.staff, map[string]any{"productOspId": p.OspID, "kind": product.KindService, "ospIds": ids})
		}

		// racing adds of the same element: one wins
		var wg sync.WaitGroup
		statuses := make([]int, 6)
		for i := range statuses {
			wg.Add(1)
			go func() {
				defer wg.Done()
				statuses[i] = add(ids[:1]).Status
			}()
		}
		wg.Wait()
		if ok := slices.DeleteFunc(slices.Clone(statuses), func(s int) bool { return s != http.StatusOK }); len(ok) != 1 ||
			slices.ContainsFunc(statuses, func(s int) bool { return s != http.StatusOK && s != http.StatusBadRequest }) {
			t.Fatalf("racing adds: %v", statuses)
		}
		testkit.MustStatus(t, add(ids[1:100]), http.StatusOK)
		testkit.MustStatus(t, add(ids[100:200]), http.StatusOK)
		res := add(ids[200:])
		if res.Status != http.StatusBadRequest || res.Label() != "PRODUCT_COMPOSITION_FULL" {
			t.Fatalf("201st element: %d %s", res.Status, res.Body)
		}
		if n := w.count(t, "product_composition"); n != product.MaxElements {
			t.Fatalf("%d rows", n)
		}
		var maxPos int
		if err := e.DB.Get(t.Context(), &maxPos, `SELECT MAX(position) FROM product_composition`); err != nil || maxPos != product.MaxElements {
			t.Fatalf("last position %d (%v)", maxPos, err)
		}
		c := w.comp(t, w.staff, "update", map[string]any{"productOspId": p.OspID, "elementOspId": ids[199], "position": 1})
		if c.Elements[0].OspID != ids[199] || c.Elements[1].OspID != ids[0] || c.Elements[199].OspID != ids[198] || c.Elements[199].Position != 200 {
			t.Fatalf("move last to first: %v %v", c.Elements[0], c.Elements[199])
		}
	})
}
