package expense_test

import (
	"context"
	"fmt"
	"testing"

	"mobility/portal/internal/expense"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

// serviceResource creates an active service resource of CityBike Rentals
// through resource/service/create and returns its ospId.
func serviceResource(t *testing.T, e *testkit.Env, staff, extID, name, mode string) string {
	t.Helper()
	res := e.Post(v1+"/resource/service/create", staff, map[string]any{"extId": extID, "name": name,
		"mrpPartnerOspId": seed.MrpPartnerOspID, "mobilityMode": mode, "labelOspIds": []string{}, "fees": []any{}})
	testkit.MustStatus(t, res, 200)
	osp, _ := res.Map(t)["ospId"].(string)
	if osp == "" {
		t.Fatalf("resource: %s", res.Body)
	}
	return osp
}

type storedLink struct {
	ResourceOsp *string `db:"resource_osp"`
	Milli       *int64  `db:"quantity_milli"`
	Mode        string  `db:"mobility_mode"`
}

func linkOf(t *testing.T, e *testkit.Env, ospID string) storedLink {
	t.Helper()
	var s storedLink
	if err := e.DB.Get(context.Background(), &s, `SELECT r.osp_id AS resource_osp, x.quantity_milli, x.mobility_mode
		FROM expenses x LEFT JOIN resources r ON r.id = x.resource_id WHERE x.osp_id = ?`, ospID); err != nil {
		t.Fatal(err)
	}
	return s
}

func str(p *string) string {
	if p == nil {
		return "<nil>"
	}
	return *p
}

// An expense names the catalogue resource it was bought on and the
// quantity used: both are stored (the quantity in thousandths), the mode
// defaults to the resource's, and the detail and the list show the
// resource, its provider and the quantity. A resource that is unknown or
// inactive, a quantity without a resource, with four decimals or out of
// range are refused naming the field, and nothing is stored.
func TestCreateOnResource(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff, acme := e.LoginAs("ospadmin"), e.LoginAs("acme.admin")
		jan := e.UserOspID("jan.peeters")
		b := newBudget(t, e, acme, "BUSINESS_BUDGET", jan, map[string]any{"unlimited": true})
		train := serviceResource(t, e, staff, "TRAIN-1", "Train ticket Gent-Brussel", "TRAIN")
		bikes := serviceResource(t, e, staff, "BIKE-1", "City bike ride", "BIKE")
		valid := func() map[string]any {
			return map[string]any{"userOspId": jan, "budgetOspId": b.OspID, "amount": 990, "vatPercentage": 6,
				"description": "Gent-Brussel", "date": "2026-11-20", "resourceOspId": train, "quantity": 2}
		}

		// the mode comes from the resource; quantity 2 is 2000 thousandths
		d := detailOf(t, e.Post(createPath, acme, valid()))
		if str(d.ResourceOspID) != train || str(d.ResourceName) != "Train ticket Gent-Brussel" ||
			str(d.ProviderName) != "CityBike Rentals" || d.Quantity == nil || *d.Quantity != 2 || d.MobilityMode != "TRAIN" {
			t.Fatalf("created on a resource: %+v", d.Event)
		}
		if s := linkOf(t, e, d.OspID); str(s.ResourceOsp) != train || s.Milli == nil || *s.Milli != 2000 || s.Mode != "TRAIN" {
			t.Fatalf("stored: %+v", s)
		}
		// a mode given wins over the resource's; three decimals are kept exactly
		body := valid()
		body["resourceOspId"], body["quantity"], body["mobilityMode"] = bikes, 999999999.999, "OTHER_PURCHASES"
		d2 := detailOf(t, e.Post(createPath, acme, body))
		if d2.MobilityMode != "OTHER_PURCHASES" || d2.Quantity == nil || *d2.Quantity != 999999999.999 || str(d2.ResourceName) != "City bike ride" {
			t.Fatalf("explicit mode, large quantity: %+v", d2.Event)
		}
		if s := linkOf(t, e, d2.OspID); s.Milli == nil || *s.Milli != 999_999_999_999 {
			t.Fatalf("stored large quantity: %+v", s)
		}
		// a resource without a quantity, and quantity 0.125
		body = valid()
		delete(body, "quantity")
		d3 := detailOf(t, e.Post(createPath, acme, body))
		if d3.Quantity != nil || str(d3.ResourceOspID) != train {
			t.Fatalf("no quantity: %+v", d3.Event)
		}
		body = valid()
		body["quantity"] = 0.125
		if d := detailOf(t, e.Post(createPath, acme, body)); d.Quantity == nil || *d.Quantity != 0.125 || *linkOf(t, e, d.OspID).Milli != 125 {
			t.Fatalf("quantity 0.125: %+v", d.Event)
		}
		// an expense without a resource shows none
		body = valid()
		delete(body, "resourceOspId")
		delete(body, "quantity")
		d4 := detailOf(t, e.Post(createPath, acme, body))
		if d4.ResourceOspID != nil || d4.ResourceName != nil || d4.ProviderName != nil || d4.Quantity != nil || d4.MobilityMode != "OTHER_PURCHASES" {
			t.Fatalf("plain expense: %+v", d4.Event)
		}
		if s := linkOf(t, e, d4.OspID); s.ResourceOsp != nil || s.Milli != nil {
			t.Fatalf("plain expense stored: %+v", s)
		}

		// the list shows each row's resource (one batch per page)
		res := e.Post(v1+"/events/getByFilter", acme, map[string]any{"budgetOspId": b.OspID, "pagination": map[string]int{"page": 1, "size": 50}})
		testkit.MustStatus(t, res, 200)
		var page paging.Page[expense.Event]
		res.JSON(t, &page)
		byOsp := map[string]expense.Event{}
		for _, ev := range page.Content {
			byOsp[ev.OspID] = ev
		}
		if ev := byOsp[d.OspID]; str(ev.ResourceName) != "Train ticket Gent-Brussel" || str(ev.ProviderName) != "CityBike Rentals" ||
			ev.Quantity == nil || *ev.Quantity != 2 {
			t.Fatalf("list row on a resource: %+v", ev)
		}
		if ev := byOsp[d2.OspID]; str(ev.ResourceOspID) != bikes {
			t.Fatalf("list row 2: %+v", ev)
		}
		if ev := byOsp[d4.OspID]; ev.ResourceOspID != nil || ev.Quantity != nil {
			t.Fatalf("list row without resource: %+v", ev)
		}

		// a deactivated resource is refused for new expenses but still
		// named on the ones booked on it
		testkit.MustStatus(t, e.Post(v1+"/resource/service/deactivate", staff, map[string]string{"ospId": bikes}), 200)
		if got := detailOf(t, e.Post(v1+"/events/get", acme, map[string]string{"ospId": d2.OspID})); str(got.ResourceName) != "City bike ride" {
			t.Fatalf("inactive resource on an old expense: %+v", got.Event)
		}

		before := count(t, e, `SELECT COUNT(*) FROM expenses`)
		for name, tc := range map[string]struct {
			change func(map[string]any)
			field  string
		}{
			"unknown resource":           {func(m map[string]any) { m["resourceOspId"] = "nope" }, "resourceOspId"},
			"inactive resource":          {func(m map[string]any) { m["resourceOspId"] = bikes }, "resourceOspId"},
			"quantity without resource":  {func(m map[string]any) { delete(m, "resourceOspId") }, "quantity"},
			"quantity with 4 decimals":   {func(m map[string]any) { m["quantity"] = 1.2345 }, "quantity"},
			"quantity tiny":              {func(m map[string]any) { m["quantity"] = 0.0001 }, "quantity"},
			"quantity negative":          {func(m map[string]any) { m["quantity"] = -1 }, "quantity"},
			"quantity above a billion":   {func(m map[string]any) { m["quantity"] = 1000000000.001 }, "quantity"},
			"quantity text":              {func(m map[string]any) { m["quantity"] = "2" }, "quantity"},
			"resource of the wrong type": {func(m map[string]any) { m["resourceOspId"] = 5 }, "resourceOspId"},
		} {
			body := valid()
			tc.change(body)
			res := e.Post(createPath, acme, body)
			if res.Status != 400 || res.Label() != "VALIDATION_FAILED" || fieldOf(t, res) != tc.field {
				t.Errorf("%s: %d %s", name, res.Status, res.Body)
			}
		}
		if n := count(t, e, `SELECT COUNT(*) FROM expenses`); n != before {
			t.Fatalf("refused expenses stored: %d -> %d", before, n)
		}
		// the message names the field and the rule in the admin's language (nl)
		body = valid()
		body["quantity"] = 1.2345
		res = e.Post(createPath, acme, body)
		if want := "Hoeveelheid mag hoogstens 3 decimalen hebben"; !containsMessage(t, res, want) {
			t.Fatalf("message: %s", res.Body)
		}

		// tenancy unchanged: Globex's admin neither sees nor books on Acme's expense and user
		globex := e.LoginAs("globex.admin")
		testkit.MustStatus(t, e.Post(v1+"/events/get", globex, map[string]string{"ospId": d.OspID}), 404)
		testkit.MustStatus(t, e.Post(createPath, globex, valid()), 404)
	})
}

// containsMessage tells whether an error body has a field message want.
func containsMessage(t *testing.T, res *testkit.Response, want string) bool {
	t.Helper()
	var b struct {
		Errors []struct {
			Messages []string `json:"messages"`
		} `json:"errors"`
	}
	res.JSON(t, &b)
	for _, f := range b.Errors {
		for _, m := range f.Messages {
			if m == want {
				return true
			}
		}
	}
	return false
}

// A page of expenses on as many resources names each row's own resource
// and quantity (they are read in one batch per page, by id).
func TestResourceNamesPerPage(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff, acme := e.LoginAs("ospadmin"), e.LoginAs("acme.admin")
		jan := e.UserOspID("jan.peeters")
		b := newBudget(t, e, acme, "BUSINESS_BUDGET", jan, map[string]any{"unlimited": true})
		want := map[string]string{}
		for i := range 12 {
			name := fmt.Sprintf("Parking %02d", i)
			r := serviceResource(t, e, staff, fmt.Sprintf("P-%d", i), name, "PARKING")
			d := detailOf(t, e.Post(createPath, acme, map[string]any{"userOspId": jan, "budgetOspId": b.OspID, "amount": 300 + i,
				"description": name, "date": "2026-11-20", "resourceOspId": r, "quantity": float64(i) + 0.5}))
			want[d.OspID] = name
		}
		res := e.Post(v1+"/events/getByFilter", acme, map[string]any{"budgetOspId": b.OspID, "pagination": map[string]int{"page": 1, "size": 20}})
		testkit.MustStatus(t, res, 200)
		var page paging.Page[expense.Event]
		res.JSON(t, &page)
		if len(page.Content) != 12 {
			t.Fatalf("%d rows", len(page.Content))
		}
		for _, ev := range page.Content {
			if str(ev.ResourceName) != want[ev.OspID] || ev.MobilityMode != "PARKING" || ev.Quantity == nil ||
				fmt.Sprintf("Parking %02d", int(*ev.Quantity)) != want[ev.OspID] {
				t.Fatalf("row %+v, want %s", ev, want[ev.OspID])
			}
		}
	})
}
