package translation_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/testkit"
	"mobility/portal/internal/translation"
	"mobility/portal/internal/user"
)

const base = "/portal-service/v1/translation"

type text = map[string]any

func body(typ, key, def string, texts ...string) map[string]any {
	ts := []text{}
	for i := 0; i+1 < len(texts); i += 2 {
		ts = append(ts, text{"languageCode": texts[i], "text": texts[i+1]})
	}
	return map[string]any{"type": typ, "key": key, "defaultValue": def, "translations": ts}
}

func create(t *testing.T, e *testkit.Env, token string, b map[string]any) translation.Translation {
	t.Helper()
	res := e.Post(base+"/create", token, b)
	testkit.MustStatus(t, res, http.StatusOK)
	var out translation.Translation
	res.JSON(t, &out)
	return out
}

func page(t *testing.T, e *testkit.Env, token, call string, b map[string]any) translation.Page {
	t.Helper()
	res := e.Post(base+"/"+call, token, b)
	testkit.MustStatus(t, res, http.StatusOK)
	var out translation.Page
	res.JSON(t, &out)
	return out
}

func keys(p translation.Page) string {
	var ks []string
	for _, c := range p.Content {
		ks = append(ks, c.Key)
	}
	return strings.Join(ks, ",")
}

func count(t *testing.T, e *testkit.Env, table string) int {
	t.Helper()
	var n int
	if err := e.DB.Get(context.Background(), &n, `SELECT COUNT(*) FROM `+table); err != nil {
		t.Fatal(err)
	}
	return n
}

// refused: a 400 naming field, and nothing stored.
func refused(t *testing.T, e *testkit.Env, token, call string, b map[string]any, field string) string {
	t.Helper()
	before := e.Snapshot("rate_limits")
	res := e.Post(base+"/"+call, token, b)
	if res.Status != http.StatusBadRequest {
		t.Fatalf("%s %v: want 400 on %s, got %d %s", call, field, field, res.Status, res.Body)
	}
	msgs := res.FieldErrors(t)
	if _, ok := msgs[field]; !ok {
		t.Fatalf("%s: want an error on %s, got %s", call, field, res.Body)
	}
	if moved := e.Snapshot("rate_limits").Changed(before); len(moved) > 0 {
		t.Fatalf("%s refused but changed %v", call, moved)
	}
	return msgs[field]
}

// The API's language codes are GB, BE, FR, DE, stored as en, nl, fr, de;
// each at most once; anything else is refused on its field.
func TestLanguageCodesMappedAndEachOnce(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff := e.LoginAs("ospadmin")
		tr := create(t, e, staff, body("APP_TEXT", "app.welcome", "Welcome", "DE", "Willkommen", "FR", "Bienvenue", "GB", "Welcome!", "BE", "Welkom"))
		var got []string
		for _, x := range tr.Translations {
			got = append(got, x.LanguageCode+"="+x.Text)
		}
		if strings.Join(got, " ") != "GB=Welcome! BE=Welkom FR=Bienvenue DE=Willkommen" || tr.Type != "APP_TEXT" || tr.Key != "app.welcome" ||
			tr.DefaultValue != "Welcome" || tr.OspID == "" || tr.UpdatedBy != "Olivia Platform" || tr.UpdatedOn == "" {
			t.Fatalf("created %+v", tr)
		}
		var stored []string
		if err := e.DB.Select(context.Background(), &stored, `SELECT x.language || '=' || x.text FROM translation_texts x
			JOIN translations t ON t.id = x.translation_id WHERE t.osp_id = ? ORDER BY x.language`, tr.OspID); err != nil {
			t.Fatal(err)
		}
		if strings.Join(stored, " ") != "de=Willkommen en=Welcome! fr=Bienvenue nl=Welkom" {
			t.Fatalf("stored %v", stored)
		}

		// a language twice, an unknown code, a stored code, four plus one
		if msg := refused(t, e, staff, "create", body("APP_TEXT", "app.twice", "x", "BE", "een", "FR", "un", "BE", "twee"),
			"translations[2].languageCode"); !strings.Contains(msg, "once") {
			t.Fatalf("repeat message %q", msg)
		}
		refused(t, e, staff, "create", body("APP_TEXT", "app.nl", "x", "NL", "een"), "translations[0].languageCode")
		refused(t, e, staff, "create", body("APP_TEXT", "app.en", "x", "en", "one"), "translations[0].languageCode")
		refused(t, e, staff, "create", body("APP_TEXT", "app.five", "x", "GB", "a", "BE", "b", "FR", "c", "DE", "d", "GB", "e"), "translations")
		refused(t, e, staff, "create", body("APP_TEXT", "app.blank", "x", "GB", "  "), "translations[0].text")
		refused(t, e, staff, "create", body("APP_TEXT", "app.nocode", "x", "", "text"), "translations[0].languageCode")
		// update: the same rules, and the texts are replaced as a whole
		up := body("APP_TEXT", "app.welcome", "Welcome", "FR", "Bienvenue !", "FR", "Salut")
		up["ospId"] = tr.OspID
		refused(t, e, staff, "update", up, "translations[1].languageCode")
		up = body("APP_TEXT", "app.welcome", "Welcome", "FR", "Bienvenue !")
		up["ospId"] = tr.OspID
		res := e.Post(base+"/update", staff, up)
		testkit.MustStatus(t, res, http.StatusOK)
		var u translation.Translation
		res.JSON(t, &u)
		if len(u.Translations) != 1 || u.Translations[0].LanguageCode != "FR" || u.Translations[0].Text != "Bienvenue !" {
			t.Fatalf("updated %+v", u)
		}
		if n := count(t, e, "translation_texts"); n != 1 {
			t.Fatalf("%d texts stored after the update", n)
		}
	})
}

func TestLengthsAndKeys(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff := e.LoginAs("ospadmin")
		long := strings.Repeat("a", 90000)
		tr := create(t, e, staff, body("MAIL_TEXT", "mail.long", long, "GB", long, "FR", strings.Repeat("é", 90000)))
		res := e.Post(base+"/get", staff, map[string]any{"ospId": tr.OspID})
		testkit.MustStatus(t, res, http.StatusOK)
		var got translation.Translation
		res.JSON(t, &got)
		if len(got.DefaultValue) != 90000 || got.Translations[0].Text != long || got.Translations[0].Length != 90000 ||
			got.Translations[0].Truncated || len([]rune(got.Translations[1].Text)) != 90000 {
			t.Fatalf("long texts came back cut: %d %d", len(got.DefaultValue), len(got.Translations[0].Text))
		}
		// a list carries the first 300 characters and the length
		p := page(t, e, staff, "findByKeyLike", map[string]any{"key": "mail.long"})
		if len(p.Content) != 1 || len(p.Content[0].DefaultValue) != 300 || !p.Content[0].DefaultValueTruncated ||
			p.Content[0].Translations[1].Length != 90000 || !p.Content[0].Translations[1].Truncated ||
			len([]rune(p.Content[0].Translations[1].Text)) != 300 {
			t.Fatalf("list row %+v", p.Content)
		}
		over := long + "b"
		refused(t, e, staff, "create", body("MAIL_TEXT", "mail.over", "x", "GB", over), "translations[0].text")
		refused(t, e, staff, "create", body("MAIL_TEXT", "mail.over", over, "GB", "x"), "defaultValue")
		refused(t, e, staff, "create", body("MAIL_TEXT", "mail.nul", "x", "GB", "a\x00b"), "translations[0].text")
		refused(t, e, staff, "create", body("MAIL_TEXT", "mail.bell", "x", "GB", "a\x07b"), "translations[0].text")
		// line breaks and tabs are text
		create(t, e, staff, body("MAIL_TEXT", "mail.lines", "line 1\nline 2\tend", "GB", "a\r\nb"))

		// keys: required, at most 200 printable characters, unique whatever the case
		refused(t, e, staff, "create", body("APP_TEXT", " ", "x"), "key")
		refused(t, e, staff, "create", body("APP_TEXT", strings.Repeat("k", 201), "x"), "key")
		refused(t, e, staff, "create", body("APP_TEXT", "a\tb", "x"), "key")
		refused(t, e, staff, "create", body("APP_TEXT", "a\u0085b", "x"), "key")
		refused(t, e, staff, "create", body("APP_TEXT", "a\u200bb", "x"), "key")
		create(t, e, staff, body("APP_TEXT", strings.Repeat("k", 200), "x"))
		refused(t, e, staff, "create", body("APP_TEXT", "MAIL.LONG", "x"), "key")
		refused(t, e, staff, "create", body("NO_SUCH_TYPE", "app.type", "x"), "type")
		refused(t, e, staff, "create", body("", "app.type", "x"), "type")
		refused(t, e, staff, "create", body("APP_TEXT", "app.nodefault", ""), "defaultValue")
		other := create(t, e, staff, body("APP_TEXT", "app.other", "x"))
		up := body("APP_TEXT", "Mail.Long", "x")
		up["ospId"] = other.OspID
		refused(t, e, staff, "update", up, "key")

		// getByKey any case; unknown ids and keys are 404
		res = e.Post(base+"/getByKey", staff, map[string]any{"key": "MAIL.lines"})
		testkit.MustStatus(t, res, http.StatusOK)
		if res.Map(t)["key"] != "mail.lines" {
			t.Fatalf("getByKey %s", res.Body)
		}
		for call, b := range map[string]map[string]any{"get": {"ospId": "00000000-0000-0000-0000-000000000000"},
			"getByKey": {"key": "no.such.key"}, "delete": {"ospId": "nope"},
			"update": {"ospId": "nope", "type": "APP_TEXT", "key": "k", "defaultValue": "x", "translations": []any{}}} {
			if res := e.Post(base+"/"+call, staff, b); res.Status != http.StatusNotFound {
				t.Fatalf("%s of an unknown one: %d %s", call, res.Status, res.Body)
			}
		}
		res = e.Post(base+"/delete", staff, map[string]any{"ospId": tr.OspID})
		testkit.MustStatus(t, res, http.StatusNoContent)
		if res := e.Post(base+"/get", staff, map[string]any{"ospId": tr.OspID}); res.Status != http.StatusNotFound {
			t.Fatalf("get after delete: %d", res.Status)
		}
		var left int
		_ = e.DB.Get(context.Background(), &left, `SELECT COUNT(*) FROM translation_texts x WHERE NOT EXISTS
			(SELECT 1 FROM translations t WHERE t.id = x.translation_id)`)
		if left != 0 {
			t.Fatalf("%d texts left behind", left)
		}
	})
}

func TestSearchAndPaging(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff := e.LoginAs("ospadmin")
		create(t, e, staff, body("PRODUCT_LABEL", "product.train", "Train", "GB", "Train", "BE", "Trein", "FR", "Train", "DE", "Zug"))
		create(t, e, staff, body("PRODUCT_LABEL", "product.bus", "Bus, tram & metro", "BE", "Bus, tram en metro", "FR", "Bus, tram et métro"))
		create(t, e, staff, body("RESOURCE_LABEL", "resource.station", "Station", "BE", "Treinstation", "DE", "Bahnhof"))
		create(t, e, staff, body("APP_TEXT", "app.100%_sure", "Sure \"quoted\" text", "GB", "50% off_now"))
		for i := 0; i < 23; i++ {
			create(t, e, staff, body("APP_TEXT", fmt.Sprintf("app.bulk.%02d", i), fmt.Sprintf("Bulk text %d", i), "BE", fmt.Sprintf("Bulktekst %d", i)))
		}
		for _, c := range []struct {
			call, q, typ, want string
		}{
			{"findByKeyLike", "PRODUCT.", "", "product.bus,product.train"},
			{"findByKeyLike", "rain", "", "product.train"},
			{"findByKeyLike", "n", "PRODUCT_LABEL", "product.train"},                   // one character
			{"findByKeyLike", "us", "", "product.bus"},                                 // two
			{"findByKeyLike", "station", "PRODUCT_LABEL", ""},                          // another type
			{"findByKeyLike", "100%_", "", "app.100%_sure"},                            // % and _ are literal
			{"findByKeyLike", "0%s", "", ""},                                           //
			{"findByTranslationLike", "zug", "", "product.train"},                      // German text, any case
			{"findByTranslationLike", "TREIN", "", "product.train,resource.station"},   // Dutch texts
			{"findByTranslationLike", "tram &", "", "product.bus"},                     // the default value
			{"findByTranslationLike", "métro", "", "product.bus"},                      // French, accented
			{"findByTranslationLike", "hnh", "", "resource.station"},                   // inside a word
			{"findByTranslationLike", "ug", "", "product.train"},                       // two characters
			{"findByTranslationLike", "\"quoted\"", "", "app.100%_sure"},               // quotes
			{"findByTranslationLike", "% off_", "", "app.100%_sure"},                   // % and _ literal
			{"findByTranslationLike", "% of_", "", ""},                                 //
			{"findByTranslationLike", "product", "", ""},                               // keys are not texts
			{"findByTranslationLike", "station", "RESOURCE_LABEL", "resource.station"}, //
			{"findByTranslationLike", "station", "APP_TEXT", ""},                       //
			{"findByTranslationLike", "bulktekst 1", "", "app.bulk.01,app.bulk.10,app.bulk.11,app.bulk.12,app.bulk.13,app.bulk.14,app.bulk.15,app.bulk.16,app.bulk.17,app.bulk.18"},
		} {
			b := map[string]any{"pagination": map[string]any{"size": 10}}
			if c.call == "findByKeyLike" {
				b["key"] = c.q
			} else {
				b["text"] = c.q
			}
			if c.typ != "" {
				b["type"] = c.typ
			}
			if got := keys(page(t, e, staff, c.call, b)); got != c.want {
				t.Errorf("%s %q %s: got %q, want %q", c.call, c.q, c.typ, got, c.want)
			}
		}
		// paging: 23 bulk keys, 10 a page, sorted by key
		p := page(t, e, staff, "findByKeyLike", map[string]any{"key": "app.bulk", "pagination": map[string]any{"page": 3, "size": 10}})
		if p.TotalPages != 3 || p.TotalElements != 23 || keys(p) != "app.bulk.20,app.bulk.21,app.bulk.22" {
			t.Fatalf("page 3: %d pages, %d rows, %s", p.TotalPages, p.TotalElements, keys(p))
		}
		p = page(t, e, staff, "findByTranslationLike", map[string]any{"text": "", "type": "APP_TEXT", "pagination": map[string]any{"page": 4, "size": 10}})
		if p.TotalPages != 3 || len(p.Content) != 0 {
			t.Fatalf("beyond the last page: %+v", p)
		}
		p = page(t, e, staff, "findByKeyLike", map[string]any{})
		if p.TotalElements != 27 || len(p.Content) != translation.DefaultPageSize || p.Content[0].Key != "app.100%_sure" {
			t.Fatalf("default page: %d rows, %d shown", p.TotalElements, len(p.Content))
		}
		// a changed text is found by its new words only; a deleted one no more
		train := page(t, e, staff, "findByKeyLike", map[string]any{"key": "product.train"}).Content[0]
		up := body("PRODUCT_LABEL", "product.train", "Rail", "BE", "Spoor")
		up["ospId"] = train.OspID
		testkit.MustStatus(t, e.Post(base+"/update", staff, up), http.StatusOK)
		if got := keys(page(t, e, staff, "findByTranslationLike", map[string]any{"text": "zug"})); got != "" {
			t.Fatalf("old text still found: %s", got)
		}
		if got := keys(page(t, e, staff, "findByTranslationLike", map[string]any{"text": "spoo"})); got != "product.train" {
			t.Fatalf("new text not found: %s", got)
		}
		testkit.MustStatus(t, e.Post(base+"/delete", staff, map[string]any{"ospId": train.OspID}), http.StatusNoContent)
		if got := keys(page(t, e, staff, "findByTranslationLike", map[string]any{"text": "spoo"})); got != "" {
			t.Fatalf("deleted text still found: %s", got)
		}
		// absurd requests
		for _, b := range []map[string]any{
			{"text": strings.Repeat("x", 101)}, {"text": "a\x00b"}, {"type": "NOPE"},
			{"pagination": map[string]any{"size": 101}}, {"pagination": map[string]any{"page": -1}},
		} {
			if res := e.Post(base+"/findByTranslationLike", staff, b); res.Status != http.StatusBadRequest {
				t.Errorf("%v: %d %s", b, res.Status, res.Body)
			}
		}
	})
}

// A SERVER_MESSAGE translation overrides the server's text of its key in
// each language it has, at once; delete brings the built-in text back.
func TestServerMessageOverride(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		e.NewUser(user.NewUser{Login: "staff.nl", Roles: []access.Role{access.OspAdmin}, Language: "nl"})
		nl := e.LoginAs("staff.nl")
		en := e.LoginAs("ospadmin")
		missing := map[string]any{"ospId": "00000000-0000-0000-0000-000000000000"}
		message := func(token string) string {
			res := e.Post(base+"/get", token, missing)
			testkit.MustStatus(t, res, http.StatusNotFound)
			return res.Map(t)["message"].(string)
		}
		if got := message(nl); got != "Dit item werd niet gevonden" {
			t.Fatalf("built-in nl text: %q", got)
		}
		// by errorLabel, in Dutch only
		o := create(t, e, nl, body("SERVER_MESSAGE", "NOT_FOUND", "This item was not found", "BE", "Niets gevonden met deze gegevens"))
		if got := message(nl); got != "Niets gevonden met deze gegevens" {
			t.Fatalf("overridden nl text: %q", got)
		}
		if got := message(en); got != "This item was not found" {
			t.Fatalf("en text changed too: %q", got)
		}
		// a rule's text by its catalog key, placeholders kept
		rule := create(t, e, en, body("SERVER_MESSAGE", "rule.required", "%s is required", "BE", "Vul %s in, a.u.b.", "GB", "Please fill in %s"))
		res := e.Post(base+"/create", nl, body("APP_TEXT", "", "x"))
		if msg := res.FieldErrors(t)["key"]; msg != "Vul Sleutel in, a.u.b." {
			t.Fatalf("overridden rule: %q (%s)", msg, res.Body)
		}
		// what would break a message is refused
		refused(t, e, en, "create", body("SERVER_MESSAGE", "rule.maxLength", "x", "GB", "Too long"), "translations[0].text")
		refused(t, e, en, "create", body("SERVER_MESSAGE", "rule.maxLength", "x", "GB", "%d is too long for %s"), "translations[0].text")
		refused(t, e, en, "create", body("SERVER_MESSAGE", "NO_SUCH_LABEL", "x", "GB", "x"), "key")
		create(t, e, en, body("SERVER_MESSAGE", "rule.maxLength", "x", "FR", "Le champ « %s » : %d caractères au plus"))

		// another process notices through the version row
		other := translation.NewService(translation.Deps{DB: e.DB, Clock: e.Clock, Users: e.App.Users})
		ctx := context.Background()
		if err := other.Poll(ctx); err != nil {
			t.Fatal(err)
		}
		if got, ok := other.Lookup("nl", "error.NOT_FOUND"); !ok || got != "Niets gevonden met deze gegevens" {
			t.Fatalf("other process: %q %v", got, ok)
		}
		up := body("SERVER_MESSAGE", "NOT_FOUND", "This item was not found", "BE", "Helaas: niet gevonden")
		up["ospId"] = o.OspID
		testkit.MustStatus(t, e.Post(base+"/update", en, up), http.StatusOK)
		if got := message(nl); got != "Helaas: niet gevonden" {
			t.Fatalf("updated override: %q", got)
		}
		if got, _ := other.Lookup("nl", "error.NOT_FOUND"); got != "Niets gevonden met deze gegevens" {
			t.Fatalf("other process changed before polling: %q", got)
		}
		if err := other.Poll(ctx); err != nil {
			t.Fatal(err)
		}
		if got, _ := other.Lookup("nl", "error.NOT_FOUND"); got != "Helaas: niet gevonden" {
			t.Fatalf("other process after polling: %q", got)
		}

		// delete: the built-in texts are back
		testkit.MustStatus(t, e.Post(base+"/delete", en, map[string]any{"ospId": o.OspID}), http.StatusNoContent)
		testkit.MustStatus(t, e.Post(base+"/delete", en, map[string]any{"ospId": rule.OspID}), http.StatusNoContent)
		if got := message(nl); got != "Dit item werd niet gevonden" {
			t.Fatalf("after delete nl text: %q", got)
		}
		res = e.Post(base+"/create", nl, body("APP_TEXT", "", "x"))
		if msg := res.FieldErrors(t)["key"]; msg != "Sleutel is verplicht" {
			t.Fatalf("rule after delete: %q", msg)
		}
		if err := other.Poll(ctx); err != nil {
			t.Fatal(err)
		}
		if _, ok := other.Lookup("nl", "error.NOT_FOUND"); ok {
			t.Fatal("other process keeps a deleted override")
		}
		// a type change away from SERVER_MESSAGE ends the override too
		o = create(t, e, en, body("SERVER_MESSAGE", "NOT_FOUND", "x", "BE", "Weg"))
		if got := message(nl); got != "Weg" {
			t.Fatalf("override: %q", got)
		}
		up = body("APP_TEXT", "NOT_FOUND", "x", "BE", "Weg")
		up["ospId"] = o.OspID
		testkit.MustStatus(t, e.Post(base+"/update", en, up), http.StatusOK)
		if got := message(nl); got != "Dit item werd niet gevonden" {
			t.Fatalf("after the type change: %q", got)
		}
	})
}

// Translations are platform staff's: company and MSP admins get 403, app
// users and strangers 401 (the route matrix walks every caller).
func TestOnlyPlatformStaff(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		tr := create(t, e, e.LoginAs("ospadmin"), body("APP_TEXT", "app.guarded", "x", "GB", "y"))
		tokens := map[string]string{}
		for _, login := range []string{"acme.admin", "msp.admin", "globex.admin"} {
			tokens[login] = e.LoginAs(login)
		}
		app := e.PlantSession(e.UserOspID("jan.peeters"))
		before := e.Snapshot("rate_limits")
		for login, token := range tokens {
			for call, b := range map[string]map[string]any{"get": {"ospId": tr.OspID}, "findByKeyLike": {}, "findByTranslationLike": {},
				"getByKey": {"key": "app.guarded"}, "create": body("APP_TEXT", "app.x", "x"), "delete": {"ospId": tr.OspID},
				"update": {"ospId": tr.OspID, "type": "APP_TEXT", "key": "app.guarded", "defaultValue": "z", "translations": []any{}}} {
				if res := e.Post(base+"/"+call, token, b); res.Status != http.StatusForbidden {
					t.Errorf("%s %s: %d %s", login, call, res.Status, res.Body)
				}
			}
		}
		if res := e.Post(base+"/delete", app, map[string]any{"ospId": tr.OspID}); res.Status != http.StatusUnauthorized {
			t.Errorf("app user: %d", res.Status)
		}
		if moved := e.Snapshot("rate_limits").Changed(before); len(moved) > 0 {
			t.Fatalf("refused calls changed %v", moved)
		}
	})
}

// A search found in more than a thousand rows walks the key order instead
// of sorting its matches (SQLite): the same answers.
func TestSearchOverManyMatches(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		staff := &access.Principal{Roles: []access.Role{access.OspAdmin}, Scope: access.SystemScope()}
		for i := 0; i < 1050; i++ {
			typ := "APP_TEXT"
			if i%2 == 1 {
				typ = "MAIL_TEXT"
			}
			if _, err := e.App.Translations.Create(ctx, staff, translation.Write{Type: typ, Key: fmt.Sprintf("bulk.%04d", i),
				DefaultValue: "Default", Translations: []translation.TextWrite{{LanguageCode: "FR", Text: fmt.Sprintf("Texte commun %d", i)}}}); err != nil {
				t.Fatal(err)
			}
		}
		token := e.LoginAs("ospadmin")
		p := page(t, e, token, "findByTranslationLike", map[string]any{"text": "COMMUN", "pagination": map[string]any{"page": 2, "size": 10}})
		if p.TotalElements != 1050 || p.TotalPages != 105 || keys(p) != "bulk.0010,bulk.0011,bulk.0012,bulk.0013,bulk.0014,bulk.0015,bulk.0016,bulk.0017,bulk.0018,bulk.0019" {
			t.Fatalf("dense search: %d rows, %s", p.TotalElements, keys(p))
		}
		p = page(t, e, token, "findByTranslationLike", map[string]any{"text": "commun", "type": "MAIL_TEXT", "pagination": map[string]any{"page": 53, "size": 10}})
		if p.TotalElements != 525 || keys(p) != "bulk.1041,bulk.1043,bulk.1045,bulk.1047,bulk.1049" {
			t.Fatalf("dense search of a type: %d rows, %s", p.TotalElements, keys(p))
		}
		p = page(t, e, token, "findByKeyLike", map[string]any{"key": "ulk.", "type": "APP_TEXT", "pagination": map[string]any{"page": 1, "size": 3}})
		if p.TotalElements != 525 || keys(p) != "bulk.0000,bulk.0002,bulk.0004" {
			t.Fatalf("dense key search: %d rows, %s", p.TotalElements, keys(p))
		}
		p = page(t, e, token, "findByTranslationLike", map[string]any{"text": "commun 104", "pagination": map[string]any{"size": 20}})
		if p.TotalElements != 11 || !strings.HasPrefix(keys(p), "bulk.0104,bulk.1040,") {
			t.Fatalf("sparse search: %d rows, %s", p.TotalElements, keys(p))
		}
	})
}

// Another process's service, watching, takes a change over within its
// poll interval and becomes the source of the server's texts.
func TestWatchFollowsOtherProcesses(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		other := translation.NewService(translation.Deps{DB: e.DB, Clock: e.Clock, Users: e.App.Users})
		ctx, stop := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { other.Watch(ctx, 20*time.Millisecond); close(done) }()
		defer func() {
			stop()
			<-done
			i18n.SetOverride(e.App.Translations.Lookup)
		}()
		staff := &access.Principal{Roles: []access.Role{access.OspAdmin}, Scope: access.SystemScope()}
		// written by a third process's service: neither the App's (installed
		// by server.New, never polling) nor the watching one sees the write
		// but through the version row
		writer := translation.NewService(translation.Deps{DB: e.DB, Clock: e.Clock, Users: e.App.Users})
		if _, err := writer.Create(context.Background(), staff, translation.Write{Type: "SERVER_MESSAGE", Key: "error.FORBIDDEN",
			DefaultValue: "x", Translations: []translation.TextWrite{{LanguageCode: "FR", Text: "Interdit ici"}}}); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(5 * time.Second)
		for i18n.T(i18n.FR, "error.FORBIDDEN") != "Interdit ici" {
			if time.Now().After(deadline) {
				t.Fatalf("the watching service never took the change: %q", i18n.T(i18n.FR, "error.FORBIDDEN"))
			}
			time.Sleep(10 * time.Millisecond)
		}
	})
}
