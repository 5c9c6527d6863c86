package resource_test

import (
	"fmt"
	"math"
	"net/http"
	"slices"
	"strings"
	"testing"

	"mobility/portal/internal/resource"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

// Every kind goes through its own typed routes: create, get, update,
// getByFilter, deactivate, activate, delete; the answers carry the kind's
// own fields, and a deleted resource answers 404 while its extId is free
// again.
func TestEveryKindLifecycle(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		c := newCat(t, e)
		for _, kind := range []string{"service", "transport", "parking", "bike", "car", "rental", "gasstation"} {
			t.Run(kind, func(t *testing.T) {
				c.t = t
				r := c.create(kind, nil)
				id := osp(r)
				if r["kind"] != kind || r["active"] != true || r["mrpPartner"].(map[string]any)["ospId"] != seed.MrpPartnerOspID ||
					r["mrpPartner"].(map[string]any)["name"] != "CityBike Rentals" {
					t.Fatalf("created: %v", r)
				}
				switch kind {
				case "service":
					if _, has := r["latitude"]; has || r["icon"] != nil {
						t.Fatalf("a service resource has no location and no icon yet: %v", r)
					}
				case "gasstation":
					if r["numberOfPumps"] != float64(6) || r["latitude"] != 50.8466 {
						t.Fatalf("gas station: %v", r)
					}
				case "rental":
					if r["carCategory"] != "COMPACT" {
						t.Fatalf("rental: %v", r)
					}
				case "parking":
					if r["capacity"] != float64(400) || r["address"].(map[string]any)["city"] != "Brussel" {
						t.Fatalf("parking: %v", r)
					}
				}
				got := c.ok(c.acme, "/resource/"+kind+"/get", map[string]any{"ospId": id})
				if got["name"] != r["name"] {
					t.Fatalf("a company admin reads the catalogue: %v", got)
				}
				up := c.body(kind, map[string]any{"ospId": id, "name": "Renamed " + kind, "extId": r["extId"]})
				if kind == "gasstation" {
					up["numberOfPumps"] = 12
				}
				u := c.ok(c.staff, "/resource/"+kind+"/update", up)
				if u["name"] != "Renamed "+kind || (kind == "gasstation" && u["numberOfPumps"] != float64(12)) {
					t.Fatalf("updated: %v", u)
				}
				page := c.ok(c.msp, "/resource/"+kind+"/getByFilter", map[string]any{"search": "Renamed"})
				if page["totalElements"] != float64(1) || ospIDs(list(page, "content"))[0] != id {
					t.Fatalf("filter: %v", page)
				}
				if d := c.ok(c.staff, "/resource/"+kind+"/deactivate", map[string]any{"ospId": id}); d["active"] != false {
					t.Fatalf("deactivated: %v", d)
				}
				if a := c.ok(c.staff, "/resource/"+kind+"/activate", map[string]any{"ospId": id}); a["active"] != true {
					t.Fatalf("activated: %v", a)
				}
				testkit.MustStatus(t, c.post(c.staff, "/resource/"+kind+"/delete", map[string]any{"ospId": id}), http.StatusNoContent)
				c.refused(c.staff, "/resource/"+kind+"/get", map[string]any{"ospId": id}, http.StatusNotFound, "NOT_FOUND")
				c.refused(c.staff, "/resource/"+kind+"/activate", map[string]any{"ospId": id}, http.StatusNotFound, "NOT_FOUND")
				if p := c.ok(c.staff, "/resource/getByFilter", map[string]any{"search": "Renamed " + kind}); p["totalElements"] != float64(0) {
					t.Fatalf("a deleted resource is listed: %v", p)
				}
				// the row stays (history), and its extId is free for a new one
				var archived int
				if err := e.DB.Get(t.Context(), &archived, `SELECT COUNT(*) FROM resources WHERE osp_id = ? AND archived_at IS NOT NULL AND NOT active`, id); err != nil || archived != 1 {
					t.Fatalf("archived row: %d %v", archived, err)
				}
				again := c.create(kind, map[string]any{"extId": r["extId"]})
				if osp(again) == id {
					t.Fatal("same ospId")
				}
			})
		}
	})
}

// A resource of one kind is not found through another kind's routes.
func TestKindsDoNotMix(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		c := newCat(t, e)
		p := c.create("parking", nil)
		c.refused(c.staff, "/resource/bike/get", map[string]any{"ospId": osp(p)}, http.StatusNotFound, "NOT_FOUND")
		c.refused(c.staff, "/resource/bike/delete", map[string]any{"ospId": osp(p)}, http.StatusNotFound, "NOT_FOUND")
		// extIds are unique per kind: the same one in another kind is fine
		c.create("bike", map[string]any{"extId": p["extId"]})
		res := c.refused(c.staff, "/resource/parking/create", c.body("parking", map[string]any{"extId": p["extId"]}), http.StatusBadRequest, "VALIDATION_FAILED")
		if f := res.FieldErrors(t); !strings.Contains(f["extId"], "unique") {
			t.Fatalf("duplicate extId: %v", f)
		}
	})
}

// Absurd and wrong values are refused with a 400 naming the field, and
// nothing is written.
func TestValidation(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		c := newCat(t, e)
		msp := c.ok(c.staff, "/partner/create", map[string]any{"partnerData": map[string]any{"name": "Not an MRP", "extId": "NOTMRP", "partnerType": "MSP"}})
		inactiveLabel := c.label("Dormant")
		c.ok(c.staff, "/resource/label/deactivate", map[string]any{"ospId": osp(inactiveLabel)})
		long := strings.Repeat("x", 50000)
		many := make([]string, 40000)
		for i := range many {
			many[i] = fmt.Sprint(i)
		}
		fee := func(over map[string]any) []any {
			f := map[string]any{"feeType": "FIXED", "amount": 500, "vatPercent": 21, "proRata": false, "onUserBudget": true}
			for k, v := range over {
				f[k] = v
			}
			return []any{f}
		}
		cases := []struct {
			name, kind string
			over       map[string]any
			field      string
		}{
			{"latitude too high", "parking", map[string]any{"latitude": 90.0001}, "latitude"},
			{"latitude too low", "bike", map[string]any{"latitude": -91}, "latitude"},
			{"longitude too high", "car", map[string]any{"longitude": 180.5}, "longitude"},
			{"longitude absurd", "transport", map[string]any{"longitude": 1e308}, "longitude"},
			{"no latitude", "gasstation", map[string]any{"latitude": nil}, "latitude"},
			{"null longitude", "rental", map[string]any{"longitude": nil}, "longitude"},
			{"no pumps", "gasstation", map[string]any{"numberOfPumps": nil}, "numberOfPumps"},
			{"zero pumps", "gasstation", map[string]any{"numberOfPumps": 0}, "numberOfPumps"},
			{"too many pumps", "gasstation", map[string]any{"numberOfPumps": 101}, "numberOfPumps"},
			{"half a pump", "gasstation", map[string]any{"numberOfPumps": 4.5}, "numberOfPumps"},
			{"2^63 pumps", "gasstation", map[string]any{"numberOfPumps": uint64(math.MaxInt64) + 1}, "numberOfPumps"},
			{"capacity 0", "parking", map[string]any{"capacity": 0}, "capacity"},
			{"no car category", "rental", map[string]any{"carCategory": ""}, "carCategory"},
			{"unknown car category", "rental", map[string]any{"carCategory": "TANK"}, "carCategory"},
			{"extId with a dot", "service", map[string]any{"extId": "a.b"}, "extId"},
			{"extId with a space", "service", map[string]any{"extId": "a b"}, "extId"},
			{"extId with a tab", "service", map[string]any{"extId": "a\tb"}, "extId"},
			{"no name", "service", map[string]any{"name": "  "}, "name"},
			{"50,000-character name", "service", map[string]any{"name": long}, "name"},
			{"NUL in name", "service", map[string]any{"name": "Bad\x00name"}, "name"},
			{"newline in name", "service", map[string]any{"name": "two\nlines"}, "name"},
			{"unknown mobility mode", "service", map[string]any{"mobilityMode": "ROCKET"}, "mobilityMode"},
			{"no partner", "service", map[string]any{"mrpPartnerOspId": ""}, "mrpPartnerOspId"},
			{"unknown partner", "service", map[string]any{"mrpPartnerOspId": "nope"}, "mrpPartnerOspId"},
			{"an MSP, not an MRP", "service", map[string]any{"mrpPartnerOspId": osp(msp)}, "mrpPartnerOspId"},
			{"unknown label", "service", map[string]any{"labelOspIds": []string{"nope"}}, "labelOspIds"},
			{"inactive label", "service", map[string]any{"labelOspIds": []string{osp(inactiveLabel)}}, "labelOspIds"},
			{"40,000 labels", "service", map[string]any{"labelOspIds": many}, "labelOspIds"},
			{"21 fees", "service", map[string]any{"fees": slices.Repeat(fee(nil), 21)}, "fees"},
			{"unknown fee type", "service", map[string]any{"fees": fee(map[string]any{"feeType": "FREE"})}, "fees[0].feeType"},
			{"negative amount", "service", map[string]any{"fees": fee(map[string]any{"amount": -1})}, "fees[0].amount"},
			{"amount over the bound", "service", map[string]any{"fees": fee(map[string]any{"amount": 1_000_001})}, "fees[0].amount"},
			{"amount 2^63", "service", map[string]any{"fees": fee(map[string]any{"amount": uint64(math.MaxInt64) + 1})}, "fees.amount"},
			{"VAT over 100", "service", map[string]any{"fees": fee(map[string]any{"vatPercent": 100.5})}, "fees[0].vatPercent"},
			{"VAT with 3 decimals", "service", map[string]any{"fees": fee(map[string]any{"vatPercent": 5.555})}, "fees[0].vatPercent"},
			{"variable without unit", "service", map[string]any{"fees": fee(map[string]any{"feeType": "VARIABLE"})}, "fees[0].unit"},
			{"fixed with a unit", "service", map[string]any{"fees": fee(map[string]any{"unit": "KM"})}, "fees[0].unit"},
			{"variable with cron", "service", map[string]any{"fees": fee(map[string]any{"feeType": "VARIABLE", "unit": "KM", "cron": "0 0 1 * *"})}, "fees[0].cron"},
			{"cron gibberish", "service", map[string]any{"fees": fee(map[string]any{"cron": "every monday"})}, "fees[0].cron"},
			{"cron six fields", "service", map[string]any{"fees": fee(map[string]any{"cron": "0 0 0 1 * *"})}, "fees[0].cron"},
			{"cron 30 February", "service", map[string]any{"fees": fee(map[string]any{"cron": "0 0 30 2 *"})}, "fees[0].cron"},
			{"cron every minute", "service", map[string]any{"fees": fee(map[string]any{"cron": "* * * * *"})}, "fees[0].cron"},
			{"cron with a zone", "service", map[string]any{"fees": fee(map[string]any{"cron": "CRON_TZ=UTC 0 0 1 * *"})}, "fees[0].cron"},
			{"cron @every", "service", map[string]any{"fees": fee(map[string]any{"cron": "@every 1h"})}, "fees[0].cron"},
			{"pro rata without cron", "service", map[string]any{"fees": fee(map[string]any{"proRata": true})}, "fees[0].proRata"},
		}
		before := c.count("resources")
		for _, tc := range cases {
			res := c.post(c.staff, "/resource/"+tc.kind+"/create", c.body(tc.kind, tc.over))
			if res.Status != http.StatusBadRequest {
				t.Errorf("%s: want 400, got %d %s", tc.name, res.Status, res.Body)
				continue
			}
			if f := res.FieldErrors(t); f[tc.field] == "" {
				t.Errorf("%s: no message for %s: %s", tc.name, tc.field, res.Body)
			}
		}
		if n := c.count("resources"); n != before {
			t.Fatalf("refused creates wrote %d resources", n-before)
		}
		if n := c.count("resource_fees"); n != 0 {
			t.Fatalf("refused creates wrote %d fees", n)
		}
		// an update refused leaves the resource as it was
		p := c.create("parking", nil)
		res := c.post(c.staff, "/resource/parking/update", c.body("parking", map[string]any{"ospId": osp(p), "latitude": 123, "name": "Changed"}))
		testkit.MustStatus(t, res, http.StatusBadRequest)
		if got := c.ok(c.staff, "/resource/parking/get", map[string]any{"ospId": osp(p)}); got["name"] != p["name"] || got["latitude"] != 50.8466 {
			t.Fatalf("refused update changed %v", got)
		}
		// the messages are in the caller's language (msp.admin reads Dutch)
		res = c.post(c.staff, "/resource/parking/create", c.body("parking", map[string]any{"latitude": 95}))
		if f := res.FieldErrors(t); f["latitude"] != "Latitude must be between -90 and 90" {
			t.Fatalf("English message: %q", f["latitude"])
		}
	})
}

// Only platform staff write the catalogue; partner and company admins read it.
func TestRoles(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		c := newCat(t, e)
		p := c.create("parking", nil)
		for _, tok := range []string{c.msp, c.acme} {
			c.refused(tok, "/resource/parking/create", c.body("parking", nil), http.StatusForbidden, "FORBIDDEN")
			c.refused(tok, "/resource/parking/deactivate", map[string]any{"ospId": osp(p)}, http.StatusForbidden, "FORBIDDEN")
			c.refused(tok, "/resourcegroup/create", map[string]any{"name": "X", "description": ""}, http.StatusForbidden, "FORBIDDEN")
			c.refused(tok, "/resource/label/create", map[string]any{"defaultValue": "X", "labelTranslations": []any{}}, http.StatusForbidden, "FORBIDDEN")
			c.ok(tok, "/resource/parking/get", map[string]any{"ospId": osp(p)})
			c.ok(tok, "/resource/getByFilter", map[string]any{})
			testkit.MustStatus(t, c.post(tok, "/resource/mobilityModes/get", nil), http.StatusOK)
		}
		c.refused("", "/resource/getByFilter", map[string]any{}, http.StatusUnauthorized, "")
		if got := c.ok(c.staff, "/resource/parking/get", map[string]any{"ospId": osp(p)}); got["active"] != true {
			t.Fatalf("a refused deactivation changed it: %v", got)
		}
	})
}

// resource/getByFilter finds across kinds by name or extId (trigram search
// from 3 characters, LIKE below), kinds, partner, mobility mode, label and
// active flag, and pages and sorts.
func TestFilterAcrossKinds(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		c := newCat(t, e)
		green := c.label("Green", "nl", "Groen", "fr", "Vert")
		other := c.ok(c.staff, "/partner/create", map[string]any{"partnerData": map[string]any{"name": "Fuel Co", "extId": "FUELCO", "partnerType": "MRP_MSP"}})
		a := c.create("parking", map[string]any{"name": "Interparking Centrum Gent", "extId": "IP-GENT", "labelOspIds": []string{osp(green)}})
		b := c.create("bike", map[string]any{"name": "Blue-bike Gent-Sint-Pieters", "extId": "BB-GSP"})
		g := c.create("gasstation", map[string]any{"name": "Q8 Gentbrugge", "extId": "Q8-GB", "mrpPartnerOspId": osp(other), "mobilityMode": "FUEL"})
		s := c.create("service", map[string]any{"name": "NMBS tickets", "extId": "SNCB", "labelOspIds": []string{osp(green)}})
		c.ok(c.staff, "/resource/bike/deactivate", map[string]any{"ospId": osp(b)})
		find := func(body map[string]any) []string {
			t.Helper()
			p := c.ok(c.msp, "/resource/getByFilter", body)
			return ospIDs(list(p, "content"))
		}
		eq := func(name string, got []string, want ...map[string]any) {
			t.Helper()
			w := []string{}
			for _, m := range want {
				w = append(w, osp(m))
			}
			if !slices.Equal(got, w) {
				t.Errorf("%s: got %v, want %v", name, got, w)
			}
		}
		eq("search gent (by name)", find(map[string]any{"search": "gent"}), b, a, g)
		// a search with many matches walks the name index instead of
		// sorting the matches: the same answer
		restore := resource.SetWalkFrom(1)
		eq("search gent (walking the index)", find(map[string]any{"search": "gent"}), b, a, g)
		eq("search gent, page 2 of 2 (walking)", find(map[string]any{"search": "gent", "pagination": map[string]any{"page": 2, "size": 2}}), g)
		eq("search gent, kinds (walking)", find(map[string]any{"search": "gent", "kinds": []string{"parking", "gasstation"}}), a, g)
		restore()
		eq("search ip- (by extId)", find(map[string]any{"search": "ip-"}), a)
		eq("search with a space", find(map[string]any{"search": "q8 g"}), g)
		eq("search does not look in the kind", find(map[string]any{"search": "gasstation"}))
		if p := c.ok(c.msp, "/resource/getByFilter", map[string]any{"search": "gent", "kinds": []string{"parking", "gasstation"}}); p["totalElements"] != float64(2) {
			t.Fatalf("a search within kinds counts %v", p["totalElements"])
		}
		if p := c.ok(c.msp, "/resource/parking/getByFilter", map[string]any{"search": "gent"}); p["totalElements"] != float64(1) {
			t.Fatalf("a kind's search counts %v", p["totalElements"])
		}
		eq("search % is literal", find(map[string]any{"search": "%%%"}))
		if res := c.refused(c.msp, "/resource/getByFilter", map[string]any{"search": " q8 "}, http.StatusBadRequest, "VALIDATION_FAILED"); res.FieldErrors(t)["search"] == "" {
			t.Fatalf("a 2-letter search: %s", res.Body)
		}
		eq("kinds", find(map[string]any{"kinds": []string{"gasstation", "service"}}), s, g)
		eq("partner", find(map[string]any{"mrpPartnerOspId": osp(other)}), g)
		eq("unknown partner", find(map[string]any{"mrpPartnerOspId": "nope"}))
		eq("mode", find(map[string]any{"mobilityMode": "BIKE"}), b)
		eq("active false", find(map[string]any{"active": false}), b)
		eq("label", find(map[string]any{"labelOspId": osp(green)}), a, s)
		eq("sort extId desc", find(map[string]any{"pagination": map[string]any{"sortOrders": []any{map[string]any{"property": "extId", "direction": "DESC"}}}}), s, g, a, b)
		p := c.ok(c.msp, "/resource/getByFilter", map[string]any{"pagination": map[string]any{"page": 2, "size": 3}})
		if p["totalElements"] != float64(4) || p["totalPages"] != float64(2) || len(list(p, "content")) != 1 {
			t.Fatalf("page 2: %v", p)
		}
		// summaries carry the label in the caller's language (nl)
		first := list(c.ok(c.msp, "/resource/getByFilter", map[string]any{"search": "nmbs"}), "content")[0].(map[string]any)
		if l := list(first, "labels")[0].(map[string]any); l["text"] != "Groen" || l["defaultValue"] != "Green" {
			t.Fatalf("label text: %v", l)
		}
		c.refused(c.msp, "/resource/getByFilter", map[string]any{"kinds": []string{"spaceship"}}, http.StatusBadRequest, "VALIDATION_FAILED")
		c.refused(c.msp, "/resource/getByFilter", map[string]any{"search": strings.Repeat("a", 101)}, http.StatusBadRequest, "VALIDATION_FAILED")
		byLabel := c.ok(c.acme, "/resource/getByLabel", map[string]any{"labelOspId": osp(green)})
		eq("getByLabel", ospIDs(list(byLabel, "content")), a, s)
		c.refused(c.acme, "/resource/getByLabel", map[string]any{"labelOspId": "nope"}, http.StatusNotFound, "NOT_FOUND")
		// find/all: every service resource / rental car by name
		res := c.post(c.acme, "/serviceResource/find/all", map[string]any{})
		var services []map[string]any
		res.JSON(t, &services)
		if len(services) != 1 || services[0]["ospId"] != osp(s) {
			t.Fatalf("service find/all: %v", services)
		}
		rc := c.create("rental", map[string]any{"name": "Avis Gent Compact"})
		res = c.post(c.acme, "/rentalcar/find/all", map[string]any{"active": true})
		var rentals []map[string]any
		res.JSON(t, &rentals)
		if len(rentals) != 1 || rentals[0]["ospId"] != osp(rc) {
			t.Fatalf("rental find/all: %v", rentals)
		}
	})
}

// The mobility modes come with labels in the caller's language.
func TestMobilityModes(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		c := newCat(t, e)
		var modes []map[string]string
		c.post(c.msp, "/resource/mobilityModes/get", nil).JSON(t, &modes)
		if len(modes) != 10 || modes[0]["value"] != "BIKE" || modes[0]["label"] != "Fiets" {
			t.Fatalf("modes (nl): %v", modes)
		}
		c.post(c.staff, "/resource/mobilityModes/get", nil).JSON(t, &modes)
		if modes[0]["label"] != "Bike" {
			t.Fatalf("modes (en): %v", modes)
		}
	})
}
