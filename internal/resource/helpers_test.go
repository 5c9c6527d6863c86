package resource_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

const v1 = "/portal-service/v1"

// cat is a test's portal with its callers' tokens.
type cat struct {
	t     *testing.T
	e     *testkit.Env
	staff string // ospadmin (en)
	msp   string // msp.admin (nl), MobiPartner
	acme  string // acme.admin (nl), Acme NV
	n     int
}

func newCat(t *testing.T, e *testkit.Env) *cat {
	return &cat{t: t, e: e, staff: e.LoginAs("ospadmin"), msp: e.LoginAs("msp.admin"), acme: e.LoginAs("acme.admin")}
}

func (c *cat) post(token, path string, body any) *testkit.Response {
	c.t.Helper()
	return c.e.Post(v1+path, token, body)
}

// ok posts and wants 200, returning the body as a map.
func (c *cat) ok(token, path string, body any) map[string]any {
	c.t.Helper()
	res := c.post(token, path, body)
	testkit.MustStatus(c.t, res, http.StatusOK)
	return res.Map(c.t)
}

// refused posts and wants status with label (any label when "").
func (c *cat) refused(token, path string, body any, status int, label string) *testkit.Response {
	c.t.Helper()
	res := c.post(token, path, body)
	if res.Status != status || (label != "" && res.Label() != label) {
		c.t.Fatalf("%s: want %d %s, got %d %s", path, status, label, res.Status, res.Body)
	}
	return res
}

func (c *cat) next() int { c.n++; return c.n }

// body is a valid create request of kind with overrides applied.
func (c *cat) body(kind string, over map[string]any) map[string]any {
	n := c.next()
	b := map[string]any{
		"extId": fmt.Sprintf("%s-%d", kind, n), "name": fmt.Sprintf("Test %s %d", kind, n), "description": "",
		"mrpPartnerOspId": seed.MrpPartnerOspID, "mobilityMode": map[string]string{"service": "TRAIN", "transport": "BUS_TRAM_METRO",
			"parking": "PARKING", "bike": "BIKE", "car": "CAR", "rental": "CAR", "gasstation": "FUEL"}[kind],
		"labelOspIds": []string{}, "fees": []any{},
	}
	if kind != "service" {
		b["address"] = map[string]any{"street": "Kunstlaan", "streetNumber": "1", "zipCode": "1000", "city": "Brussel"}
		b["latitude"], b["longitude"] = 50.8466, 4.3528
	}
	switch kind {
	case "rental":
		b["carCategory"] = "COMPACT"
	case "gasstation":
		b["numberOfPumps"] = 6
	case "parking":
		b["capacity"] = 400
	}
	for k, v := range over {
		if v == nil {
			delete(b, k)
		} else {
			b[k] = v
		}
	}
	return b
}

// create makes a resource of kind as platform staff and returns its answer.
func (c *cat) create(kind string, over map[string]any) map[string]any {
	c.t.Helper()
	return c.ok(c.staff, "/resource/"+kind+"/create", c.body(kind, over))
}

func osp(m map[string]any) string { return m["ospId"].(string) }

// count counts rows of a table (for "nothing written").
func (c *cat) count(table string) int {
	c.t.Helper()
	var n int
	if err := c.e.DB.Get(context.Background(), &n, `SELECT COUNT(*) FROM `+table); err != nil {
		c.t.Fatal(err)
	}
	return n
}

func (c *cat) label(def string, translations ...string) map[string]any {
	c.t.Helper()
	ts := []map[string]string{}
	for i := 0; i+1 < len(translations); i += 2 {
		ts = append(ts, map[string]string{"languageCode": translations[i], "text": translations[i+1]})
	}
	return c.ok(c.staff, "/resource/label/create", map[string]any{"defaultValue": def, "labelTranslations": ts})
}

func list(m map[string]any, key string) []any {
	l, _ := m[key].([]any)
	return l
}

func ospIDs(items []any) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = it.(map[string]any)["ospId"].(string)
	}
	return out
}
