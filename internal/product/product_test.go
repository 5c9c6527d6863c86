package product_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"mobility/portal/internal/i18n"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/product"
	"mobility/portal/internal/testkit"
)

func TestCreateReadAndFilter(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		w := newWorld(t, e)
		msp, acme := e.LoginAs("msp.admin"), e.LoginAs("acme.admin")

		train := w.create(t, "NMBS-TRAIN", "Train NMBS/SNCB", "TRAIN", map[string]any{"productLabel": map[string]any{
			"defaultValue":     "  Train NMBS/SNCB ",
			"defaultValueHtml": "<b>Train</b> NMBS",
			"labelTranslations": []map[string]any{
				{"languageCode": "nl", "text": "Trein NMBS", "html": "<i>Trein</i>"},
				{"languageCode": "fr", "text": "Train SNCB"},
				{"languageCode": "de", "text": "Zug SNCB"},
			}}})
		if train.OspID == "" || train.ExtID != "NMBS-TRAIN" || !train.Active || train.MobilityMode != "TRAIN" ||
			train.ProductLabel.DefaultValue != "Train NMBS/SNCB" || train.ProductLabel.DefaultValueHTML != "<b>Train</b> NMBS" ||
			train.ProductLabel.LabelOspID == "" || len(train.ProductLabel.LabelTranslations) != 3 ||
			train.ProductLabel.LabelTranslations[0] != (product.LabelTranslation{LanguageCode: "de", Text: "Zug SNCB"}) ||
			train.ProductLabel.LabelTranslations[2] != (product.LabelTranslation{LanguageCode: "nl", Text: "Trein NMBS", HTML: "<i>Trein</i>"}) ||
			train.Composition == nil || len(train.Composition) != 0 {
			t.Fatalf("created: %+v", train)
		}
		w.create(t, "BLUE-BIKE", "Blue-bike", "BIKE", nil)
		w.create(t, "STIB", "Bus, tram, metro STIB", "BUS_TRAM_METRO", map[string]any{"productLabel": map[string]any{
			"defaultValue": "Bus, tram, metro STIB", "labelTranslations": []map[string]any{{"languageCode": "nl", "text": "MIVB"}}}})
		gone := w.create(t, "OLD-PARKING", "Parking (old)", "PARKING", map[string]any{"active": false})
		if gone.Active {
			t.Fatalf("created inactive: %+v", gone)
		}

		// find/all: staff sees every product by label, or by state; other
		// admins see the active ones whatever they ask
		findAll := func(tok string, body any) []string {
			t.Helper()
			res := e.Post(base+"/find/all", tok, body)
			testkit.MustStatus(t, res, http.StatusOK)
			var ps []product.Product
			res.JSON(t, &ps)
			return labels(ps)
		}
		active := []string{"Blue-bike", "Bus, tram, metro STIB", "Train NMBS/SNCB"}
		if got := findAll(w.staff, map[string]any{}); !slices.Equal(got, []string{"Blue-bike", "Bus, tram, metro STIB", "Parking (old)", "Train NMBS/SNCB"}) {
			t.Fatalf("staff find/all: %v", got)
		}
		if got := findAll(w.staff, map[string]any{"active": false}); !slices.Equal(got, []string{"Parking (old)"}) {
			t.Fatalf("staff inactive: %v", got)
		}
		for _, tok := range []string{msp, acme} {
			if got := findAll(tok, map[string]any{"active": false}); !slices.Equal(got, active) {
				t.Fatalf("admin find/all: %v", got)
			}
		}

		// findByFilter: search in any language and in extId, mode, paging
		filter := func(tok string, body map[string]any) paging.Page[product.Product] {
			t.Helper()
			res := e.Post(base+"/findByFilter", tok, body)
			testkit.MustStatus(t, res, http.StatusOK)
			var pg paging.Page[product.Product]
			res.JSON(t, &pg)
			return pg
		}
		for _, c := range []struct {
			tok  string
			body map[string]any
			want []string
		}{
			{w.staff, map[string]any{"search": "trein"}, []string{"Train NMBS/SNCB"}},
			{w.staff, map[string]any{"search": "mivb"}, []string{"Bus, tram, metro STIB"}},
			{w.staff, map[string]any{"search": "blue-BIKE"}, []string{"Blue-bike"}},
			{w.staff, map[string]any{"search": "old-park"}, []string{"Parking (old)"}},
			{acme, map[string]any{"search": "old-park"}, []string{}},
			{w.staff, map[string]any{"search": "100%_"}, []string{}},
			{w.staff, map[string]any{"mobilityMode": "BIKE"}, []string{"Blue-bike"}},
			{w.staff, map[string]any{"active": true, "pagination": map[string]any{"page": 2, "size": 2}}, []string{"Train NMBS/SNCB"}},
			{w.staff, map[string]any{"pagination": map[string]any{"sortOrders": []map[string]string{{"property": "extId", "direction": "DESC"}}}},
				[]string{"Bus, tram, metro STIB", "Parking (old)", "Train NMBS/SNCB", "Blue-bike"}},
		} {
			pg := filter(c.tok, c.body)
			if got := labels(pg.Content); !slices.Equal(got, c.want) {
				t.Errorf("findByFilter %v: %v, want %v", c.body, got, c.want)
			}
		}
		if pg := filter(acme, map[string]any{"pagination": map[string]any{"size": 2}}); pg.TotalElements != 3 || pg.TotalPages != 2 || pg.Page != 1 {
			t.Fatalf("page: %+v", pg)
		}
		res := e.Post(base+"/findByFilter", acme, map[string]any{"mobilityMode": "ROCKET"})
		if res.Status != http.StatusBadRequest || firstField(t, res) != "mobilityMode" {
			t.Fatalf("bad mode: %d %s", res.Status, res.Body)
		}

		// update replaces the label; extId may change and stays unique
		res = e.Post(base+"/update", w.staff, map[string]any{"ospId": train.OspID, "extId": "SNCB-TRAIN", "mobilityMode": "TRAIN",
			"productLabel": map[string]any{"defaultValue": "Train", "labelTranslations": []map[string]any{{"languageCode": "en", "text": "Train"}}}})
		testkit.MustStatus(t, res, http.StatusOK)
		var upd product.Product
		res.JSON(t, &upd)
		if upd.ExtID != "SNCB-TRAIN" || upd.ProductLabel.DefaultValue != "Train" || upd.ProductLabel.DefaultValueHTML != "" ||
			upd.ProductLabel.LabelOspID != train.ProductLabel.LabelOspID ||
			!slices.Equal([]product.LabelTranslation{{LanguageCode: "en", Text: "Train"}}, upd.ProductLabel.LabelTranslations) {
			t.Fatalf("updated: %s", res.Body)
		}
		if pg := filter(w.staff, map[string]any{"search": "trein"}); len(pg.Content) != 0 {
			t.Fatalf("the old translation is still found: %v", labels(pg.Content))
		}
		res = e.Post(base+"/update", w.staff, map[string]any{"ospId": train.OspID, "extId": "BLUE-BIKE", "mobilityMode": "TRAIN",
			"productLabel": map[string]any{"defaultValue": "Train"}})
		if res.Status != http.StatusBadRequest || firstField(t, res) != "extId" || !strings.Contains(string(res.Body), "unique") {
			t.Fatalf("taken extId on update: %d %s", res.Status, res.Body)
		}
		res = e.Post(base+"/create", w.staff, map[string]any{"extId": "BLUE-BIKE", "mobilityMode": "BIKE",
			"productLabel": map[string]any{"defaultValue": "Another"}})
		if res.Status != http.StatusBadRequest || firstField(t, res) != "extId" {
			t.Fatalf("taken extId on create: %d %s", res.Status, res.Body)
		}

		// company and MSP admins read, never write; unknown ids are 404
		for _, tok := range []string{msp, acme} {
			if res := e.Post(base+"/create", tok, map[string]any{"extId": "X", "mobilityMode": "BIKE",
				"productLabel": map[string]any{"defaultValue": "X"}}); res.Status != http.StatusForbidden {
				t.Fatalf("admin create: %d %s", res.Status, res.Body)
			}
		}
		if res := e.Post(base+"/update", w.staff, map[string]any{"ospId": "00000000-0000-4000-8000-000000000000", "extId": "X",
			"mobilityMode": "BIKE", "productLabel": map[string]any{"defaultValue": "X"}}); res.Status != http.StatusNotFound {
			t.Fatalf("unknown product: %d %s", res.Status, res.Body)
		}
		if n := w.count(t, "products"); n != 4 {
			t.Fatalf("%d products stored", n)
		}
	})
}

// Every bad input is a 400 naming its field, and nothing is written.
func TestValidation(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		w := newWorld(t, e)
		existing := w.create(t, "EXISTING", "Existing", "CAR", nil)
		label := func(l map[string]any) map[string]any {
			return map[string]any{"extId": "NEW-1", "mobilityMode": "CAR", "productLabel": l}
		}
		with := func(k string, v any) map[string]any {
			b := map[string]any{"extId": "NEW-1", "mobilityMode": "CAR", "productLabel": map[string]any{"defaultValue": "Car"}}
			b[k] = v
			return b
		}
		tr := func(trs ...map[string]any) map[string]any {
			return label(map[string]any{"defaultValue": "Car", "labelTranslations": trs})
		}
		long := strings.Repeat("x", 50000)
		for _, c := range []struct {
			name  string
			body  any
			field string
		}{
			{"no extId", with("extId", " "), "extId"},
			{"extId with a dot", with("extId", "A.B"), "extId"},
			{"extId with a space", with("extId", "A B"), "extId"},
			{"extId too long", with("extId", strings.Repeat("E", 51)), "extId"},
			{"extId of 50,000 characters", with("extId", long), "extId"},
			{"extId with NUL", with("extId", "A\x00B"), "extId"},
			{"no mode", with("mobilityMode", ""), "mobilityMode"},
			{"unknown mode", with("mobilityMode", "ROCKET"), "mobilityMode"},
			{"mode as a number", with("mobilityMode", 1<<62), "mobilityMode"},
			{"active as text", with("active", "yes"), "active"},
			{"no label", label(map[string]any{"defaultValue": "  "}), "productLabel.defaultValue"},
			{"label too long", label(map[string]any{"defaultValue": strings.Repeat("é", 201)}), "productLabel.defaultValue"},
			{"label of two lines", label(map[string]any{"defaultValue": "Car\nshare"}), "productLabel.defaultValue"},
			{"html of 50,000 characters", label(map[string]any{"defaultValue": "Car", "defaultValueHtml": long}), "productLabel.defaultValueHtml"},
			{"html too long once links are made safe", label(map[string]any{"defaultValue": "Car",
				"defaultValueHtml": strings.Repeat(`<a href="https://a.be">a</a>`, 170)}), "productLabel.defaultValueHtml"},
			{"unknown language", tr(map[string]any{"languageCode": "es", "text": "Coche"}), "productLabel.labelTranslations[0].languageCode"},
			{"language in capitals", tr(map[string]any{"languageCode": "NL", "text": "Auto"}), "productLabel.labelTranslations[0].languageCode"},
			{"language twice", tr(map[string]any{"languageCode": "nl", "text": "Auto"}, map[string]any{"languageCode": "fr", "text": "Voiture"},
				map[string]any{"languageCode": "nl", "text": "Wagen"}), "productLabel.labelTranslations[2].languageCode"},
			{"translation without text", tr(map[string]any{"languageCode": "fr", "text": ""}), "productLabel.labelTranslations[0].text"},
			{"five translations", tr(map[string]any{"languageCode": "nl", "text": "a"}, map[string]any{"languageCode": "fr", "text": "a"},
				map[string]any{"languageCode": "en", "text": "a"}, map[string]any{"languageCode": "de", "text": "a"},
				map[string]any{"languageCode": "nl", "text": "a"}), "productLabel.labelTranslations"},
			{"500 translations", tr(slices.Repeat([]map[string]any{{"languageCode": "nl", "text": "a"}}, 500)...), "productLabel.labelTranslations"},
			{"translation html too long", tr(map[string]any{"languageCode": "fr", "text": "Voiture", "html": long}), "productLabel.labelTranslations[0].html"},
		} {
			res := e.Post(base+"/create", w.staff, c.body)
			if res.Status != http.StatusBadRequest || firstField(t, res) != c.field {
				t.Errorf("%s: want 400 on %s, got %d %.300s", c.name, c.field, res.Status, res.Body)
			}
			// the same on update of an existing product
			if m, ok := c.body.(map[string]any); ok {
				m["ospId"] = existing.OspID
				delete(m, "active")
				if c.name == "active as text" {
					continue
				}
				res := e.Post(base+"/update", w.staff, m)
				if res.Status != http.StatusBadRequest || firstField(t, res) != c.field {
					t.Errorf("%s (update): want 400 on %s, got %d %.300s", c.name, c.field, res.Status, res.Body)
				}
			}
		}
		// a body of 40,000 translations is refused before it is read
		if res := e.Post(base+"/create", w.staff, tr(slices.Repeat([]map[string]any{{"languageCode": "nl", "text": "a"}}, 40000)...)); res.Status != http.StatusBadRequest ||
			res.Label() != "BODY_TOO_LARGE" {
			t.Errorf("40,000 translations: %d %.300s", res.Status, res.Body)
		}
		// the message names the field in the caller's language
		var lang string
		if err := e.DB.Get(t.Context(), &lang, `SELECT language FROM users WHERE login = 'ospadmin'`); err != nil {
			t.Fatal(err)
		}
		res := e.Post(base+"/create", w.staff, label(map[string]any{"defaultValue": ""}))
		l := i18n.Lang(lang)
		if _, f := errBody(t, res); len(f) != 1 || f[0].Messages[0] != i18n.T(l, "rule.required", i18n.T(l, "field.productLabel.defaultValue")) {
			t.Errorf("message in %s: %s", lang, res.Body)
		}
		if n, tr := w.count(t, "products"), w.count(t, "product_label_translations"); n != 1 || tr != 0 {
			t.Fatalf("written: %d products, %d translations", n, tr)
		}
		var stored struct {
			ExtID string `db:"ext_id"`
			Label string `db:"default_value"`
		}
		if err := e.DB.Get(t.Context(), &stored, `SELECT ext_id, default_value FROM products`); err != nil || stored.ExtID != "EXISTING" || stored.Label != "Existing" {
			t.Fatalf("existing product changed: %+v %v", stored, err)
		}
	})
}

// The HTML variants are sanitised on the server: what could run script,
// style the page or load something goes; formatting and plain links stay.
func TestHTMLSanitising(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		w := newWorld(t, e)
		for _, c := range []struct{ in, want string }{
			{`<b>Train</b> <script>alert(1)</script>NMBS`, `<b>Train</b> NMBS`},
			{`<style>body{display:none}</style><i>Bike</i>`, `<i>Bike</i>`},
			{`<span onclick="steal()" onmouseover="x()">Park</span>`, `<span>Park</span>`},
			{`<a href="javascript:alert(1)">click</a>`, `click`},
			{`<a href="JaVaScRiPt:alert(1)">click</a>`, `click`},
			{`<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>`, `x`},
			{`<img src="x" onerror="alert(1)">Fuel`, `Fuel`},
			{`<iframe src="https://evil.example"></iframe>Car`, `Car`},
			{`<p style="position:fixed">Share</p>`, `<p>Share</p>`},
			{`<svg onload="alert(1)"><circle/></svg>Charge`, `Charge`},
			{`<a href="https://www.belgiantrain.be/nl">NMBS</a>`, `<a href="https://www.belgiantrain.be/nl" rel="nofollow noopener" target="_blank">NMBS</a>`},
			{`<ul><li>one</li><li>two<br>lines</li></ul>`, `<ul><li>one</li><li>two<br>lines</li></ul>`},
			{`<script>only()</script>`, ``},
		} {
			res := e.Post(base+"/create", w.staff, map[string]any{"extId": "H" + string(rune('A'+w.count(t, "products"))), "mobilityMode": "OTHER_PURCHASES",
				"productLabel": map[string]any{"defaultValue": "Label", "defaultValueHtml": c.in,
					"labelTranslations": []map[string]any{{"languageCode": "fr", "text": "Libellé", "html": c.in}}}})
			testkit.MustStatus(t, res, http.StatusOK)
			var p product.Product
			res.JSON(t, &p)
			if p.ProductLabel.DefaultValueHTML != c.want || p.ProductLabel.LabelTranslations[0].HTML != c.want {
				t.Errorf("%q: answered %q and %q, want %q", c.in, p.ProductLabel.DefaultValueHTML, p.ProductLabel.LabelTranslations[0].HTML, c.want)
			}
			// what is stored is the clean text, not only what is answered
			var stored []string
			if err := e.DB.Select(t.Context(), &stored, `SELECT p.default_value_html FROM products p WHERE p.osp_id = ?
				UNION ALL SELECT t.html FROM product_label_translations t JOIN products p ON p.id = t.product_id WHERE p.osp_id = ?`,
				p.OspID, p.OspID); err != nil || len(stored) != 2 || stored[0] != c.want || stored[1] != c.want {
				t.Errorf("%q: stored %q (%v)", c.in, stored, err)
			}
		}
		if got := product.SanitizeHTML(`<b onclick="x">a</b>`); got != `<b>a</b>` {
			t.Fatalf("SanitizeHTML: %q", got)
		}
	})
}
