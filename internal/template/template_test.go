package template_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
	"mobility/portal/internal/user"
)

const v1 = "/portal-service/v1/template"

func version(lang, from, subject, body string) map[string]any {
	return map[string]any{"language": lang, "validFrom": from, "subject": subject, "body": body}
}

func override(ownerType, owner, name string, versions ...map[string]any) map[string]any {
	return map[string]any{"name": "Override " + name, "category": "ACCOUNT", "ownerType": ownerType, "ownerOspId": owner,
		"templateType": "MESSAGE", "contentType": "TEXT", "predefinedName": name, "versions": versions}
}

// admin makes a user of a company (0: none) in a language whose mails the
// test reads: admins can ask a reset link.
func admin(e *testkit.Env, login, companyOspID, lang string) {
	u := user.NewUser{Login: login, Roles: []access.Role{access.UserManager}, Language: lang}
	if companyOspID != "" {
		ca := e.CorporateAccountID(companyOspID)
		u.CorporateAccountID = &ca
	}
	e.NewUser(u)
}

// resetMail asks a reset link for login and answers the newest mail.
func resetMail(t *testing.T, e *testkit.Env, login string) (subject, body string) {
	t.Helper()
	testkit.MustStatus(t, e.Post("/user-service/v1/auth/resetPassword", "", map[string]any{"login": login}), http.StatusNoContent)
	mails := e.Mails(login + "@example.com")
	if len(mails) == 0 {
		t.Fatalf("no mail to %s", login)
	}
	m := mails[len(mails)-1]
	return m.Subject, m.Body
}

func today(e *testkit.Env) string { return e.Clock.Now().Format("2006-01-02") }

func day(e *testkit.Env, days int) string {
	return e.Clock.Now().AddDate(0, 0, days).Format("2006-01-02")
}

// The version valid on a day is the one used that day: a platform
// template's current version now, its next one from its valid-from on.
func TestVersionsByDate(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff := e.LoginAs("ospadmin")
		admin(e, "dated.admin", seed.AcmeOspID, "en")
		res := e.Post(v1+"/create", staff, override("PLATFORM", "", "reset_password",
			version("en", today(e), "Reset now", "Today's text for {{.Name}}: {{.Link}}"),
			version("en", day(e, 10), "Reset later", "Later text for {{.Name}}: {{.Link}}")))
		testkit.MustStatus(t, res, http.StatusOK)
		created := res.Map(t)
		if created["ownerName"] != "Platform" || len(created["versions"].([]any)) != 2 {
			t.Fatalf("created: %v", created)
		}
		subject, body := resetMail(t, e, "dated.admin")
		if subject != "Reset now" || !strings.HasPrefix(body, "Today's text for Test dated.admin: http://portal.test/set-new-password?token=") {
			t.Fatalf("today: %q %q", subject, body)
		}
		e.Clock.Set(e.Clock.Now().AddDate(0, 0, 9))
		if subject, _ = resetMail(t, e, "dated.admin"); subject != "Reset now" {
			t.Fatalf("day 9: %q", subject)
		}
		e.Clock.Set(e.Clock.Now().AddDate(0, 0, 1))
		subject, body = resetMail(t, e, "dated.admin")
		if subject != "Reset later" || !strings.HasPrefix(body, "Later text for") {
			t.Fatalf("day 10: %q %q", subject, body)
		}
		// a language without a version of the platform template: English
		admin(e, "dated.nl", seed.AcmeOspID, "nl")
		if subject, _ = resetMail(t, e, "dated.nl"); subject != "Reset later" {
			t.Fatalf("nl falls back to en: %q", subject)
		}
		// a version in effect is history: it cannot be written again
		res = e.Post(v1+"/update", e.LoginAs("ospadmin"), map[string]any{"ospId": created["ospId"], "name": "x", "category": "ACCOUNT",
			"templateType": "MESSAGE", "contentType": "TEXT", "versions": []any{version("en", day(e, -10), "Changed", "x")}})
		if res.Status != http.StatusBadRequest || res.Field() != "versions[0].validFrom" {
			t.Fatalf("rewrite history: %d %s", res.Status, res.Body)
		}
	})
}

// A template with a syntax error or an unknown parameter is refused with
// VALIDATION_FAILED ("Some fields are invalid") and a message per version
// naming the line; nothing is stored.
func TestBrokenTemplateRefused(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff := e.LoginAs("ospadmin")
		before := e.Snapshot()
		res := e.Post(v1+"/create", staff, override("PLATFORM", "", "credentials_mobile",
			version("en", today(e), "Welcome {{.Name}}", "Hello {{.Name}}"),
			version("nl", today(e), "Welkom", "Dag {{.Name}},\n\nje login is {{.Login}}\n{{.Foo}}"),
			version("fr", today(e), "Bienvenue {{.Name", "Bonjour {{if .Name}}"),
			version("de", today(e), "Willkommen", "{{printf \"%s\" .Name}}")))
		if res.Status != http.StatusBadRequest || res.Label() != "VALIDATION_FAILED" {
			t.Fatalf("broken: %d %s", res.Status, res.Body)
		}
		got := res.FieldErrors(t)
		want := map[string]string{
			"versions[1].body":    "Unknown parameter {{.Foo}} on line 4",
			"versions[2].subject": "Syntax error on line 1: unclosed action",
			"versions[2].body":    "Syntax error on line 1: unexpected EOF",
			"versions[3].body":    "Functions are not allowed (line 1: printf \"%s\" .Name)",
		}
		for f, msg := range want {
			if got[f] != msg {
				t.Errorf("%s: %q, want %q", f, got[f], msg)
			}
		}
		if len(got) != len(want) {
			t.Errorf("fields: %v", got)
		}
		if changed := e.Snapshot().Changed(before); len(changed) > 0 {
			t.Fatalf("refused create changed %v", changed)
		}
		// in French for a French admin
		e.NewUser(user.NewUser{Login: "staff.fr", Roles: []access.Role{access.OspAdmin}, Language: "fr"})
		res = e.Post(v1+"/preview/render", e.LoginAs("staff.fr"),
			map[string]any{"predefinedName": "pincode", "contentType": "TEXT", "subject": "PIN", "body": "x\n{{.Link}}"})
		if res.Status != http.StatusBadRequest || res.FieldErrors(t)["body"] != "Paramètre inconnu {{.Link}} à la ligne 2" {
			t.Fatalf("fr: %d %s", res.Status, res.Body)
		}
	})
}

// An HTML template escapes a parameter's markup, in the preview and in a
// mail, which is stored and sent as HTML.
func TestHTMLTemplateEscapes(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff := e.LoginAs("ospadmin")
		res := e.Post(v1+"/preview/render", staff, map[string]any{"predefinedName": "reset_password", "contentType": "HTML",
			"subject": "Hi {{.Name}}", "body": "<p>Hello {{.Name}}</p>", "parameters": map[string]any{"Name": "<script>alert(1)</script>"}})
		testkit.MustStatus(t, res, http.StatusOK)
		p := res.Map(t)
		if p["body"] != "<p>Hello &lt;script&gt;alert(1)&lt;/script&gt;</p>" || p["subject"] != "Hi <script>alert(1)</script>" {
			t.Fatalf("preview: %v", p)
		}
		tpl := override("PLATFORM", "", "reset_password", version("en", today(e), "Reset", `<p>Dear {{.Name}}</p><a href="{{.Link}}">reset</a>`))
		tpl["contentType"] = "HTML"
		testkit.MustStatus(t, e.Post(v1+"/create", staff, tpl), http.StatusOK)
		e.NewUser(user.NewUser{Login: "html.admin", Firstname: "<img src=x onerror=alert(1)>", Lastname: "Hacker",
			Roles: []access.Role{access.UserManager}, Language: "en", CorporateAccountID: ptr(e.CorporateAccountID(seed.AcmeOspID))})
		_, body := resetMail(t, e, "html.admin")
		if !strings.HasPrefix(body, "<p>Dear &lt;img src=x onerror=alert(1)&gt; Hacker</p><a href=\"http://portal.test/set-new-password?token=") {
			t.Fatalf("mail: %s", body)
		}
		mails := e.Mails("html.admin@example.com")
		if mails[len(mails)-1].ContentType != "HTML" {
			t.Fatalf("content type %q", mails[len(mails)-1].ContentType)
		}
	})
}

func ptr[T any](v T) *T { return &v }

// A welcome mail to a new French employee of Acme comes from Acme's own
// override in French (MobiPartner's override is next in line).
func TestWelcomeFromCompanyOverrideInFrench(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		msp := e.LoginAs("msp.admin")
		testkit.MustStatus(t, e.Post(v1+"/create", msp, override("PARTNER", seed.MobiPartnerOspID, "credentials_mobile",
			version("fr", today(e), "Bienvenue chez MobiPartner", "MobiPartner vous souhaite la bienvenue, {{.Name}}."))), http.StatusOK)
		testkit.MustStatus(t, e.Post(v1+"/create", msp, override("CORPORATE_ACCOUNT", seed.AcmeOspID, "credentials_mobile",
			version("fr", today(e), "Bienvenue chez {{.Company}}", "Bonjour {{.Name}},\nVotre identifiant : {{.Login}}\nLien : {{.Link}}"),
			version("nl", today(e), "Welkom bij {{.Company}}", "Dag {{.Name}}"))), http.StatusOK)
		acme := e.LoginAs("acme.admin")
		newEmployee := func(n, lang string) {
			testkit.MustStatus(t, e.Post("/portal-service/v1/user/mobile/create", acme, map[string]any{
				"corporateAccount": map[string]string{"ospId": seed.AcmeOspID},
				"userData": map[string]any{"firstname": "Chloé", "lastname": "Dubois" + n, "email": "chloe" + n + "@example.com",
					"login": "chloe.dubois" + n, "language": lang},
				"userGroups": map[string]any{"userGroups": []any{}}, "sendCredentials": true}), http.StatusOK)
		}
		newEmployee("1", "fr")
		m := e.Mails("chloe1@example.com")
		if len(m) != 1 || m[0].Subject != "Bienvenue chez Acme NV" ||
			!strings.HasPrefix(m[0].Body, "Bonjour Chloé Dubois1,\nVotre identifiant : chloe.dubois1\nLien : http://portal.test/") {
			t.Fatalf("welcome: %+v", m)
		}
		// English: Acme's override has no English version, nor has
		// MobiPartner's: the platform's shipped default
		newEmployee("2", "en")
		if m := e.Mails("chloe2@example.com"); len(m) != 1 || m[0].Subject != "Welcome to your mobility budget" {
			t.Fatalf("en: %+v", m)
		}
		// Globex (MobiPartner's too) has no override: MobiPartner's in French
		globex := e.LoginAs("globex.admin")
		testkit.MustStatus(t, e.Post("/portal-service/v1/user/mobile/create", globex, map[string]any{
			"corporateAccount": map[string]string{"ospId": seed.GlobexOspID},
			"userData": map[string]any{"firstname": "Luc", "lastname": "Martin", "email": "luc@example.com", "login": "luc.martin",
				"language": "fr"},
			"userGroups": map[string]any{"userGroups": []any{}}, "sendCredentials": true}), http.StatusOK)
		if m := e.Mails("luc@example.com"); len(m) != 1 || m[0].Body != "MobiPartner vous souhaite la bienvenue, Luc Martin.\n" &&
			m[0].Body != "MobiPartner vous souhaite la bienvenue, Luc Martin." {
			t.Fatalf("globex: %+v", m)
		}
	})
}

// The chain: company, partner, platform (edited), shipped default; within
// each, the recipient's language, else English.
func TestFallbackChain(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff := e.LoginAs("ospadmin")
		admin(e, "chain.acme", seed.AcmeOspID, "fr")
		admin(e, "chain.initech", seed.InitechOspID, "fr")
		admin(e, "chain.staff", "", "fr")
		subject := func(login string) string { s, _ := resetMail(t, e, login); return s }
		shipped := "Définir un nouveau mot de passe pour le portail mobilité"
		if got := subject("chain.acme"); !strings.Contains(got, "mot de passe") {
			t.Fatalf("shipped default: %q", got)
		}
		_ = shipped
		testkit.MustStatus(t, e.Post(v1+"/create", staff, override("PLATFORM", "", "reset_password",
			version("en", today(e), "Platform EN", "{{.Link}}"))), http.StatusOK)
		for _, l := range []string{"chain.acme", "chain.initech", "chain.staff"} {
			if got := subject(l); got != "Platform EN" {
				t.Fatalf("%s: platform template in English: %q", l, got)
			}
		}
		testkit.MustStatus(t, e.Post(v1+"/create", staff, override("PARTNER", seed.MobiPartnerOspID, "reset_password",
			version("fr", today(e), "Partenaire FR", "{{.Link}}"))), http.StatusOK)
		res := e.Post(v1+"/create", staff, override("CORPORATE_ACCOUNT", seed.AcmeOspID, "reset_password",
			version("en", today(e), "Acme EN", "{{.Link}}")))
		testkit.MustStatus(t, res, http.StatusOK)
		acmeTpl := res.Map(t)["ospId"]
		if got := subject("chain.acme"); got != "Acme EN" {
			t.Fatalf("company override in English before the partner's French: %q", got)
		}
		if got := subject("chain.initech"); got != "Platform EN" {
			t.Fatalf("another partner's company: %q", got)
		}
		testkit.MustStatus(t, e.Post(v1+"/delete", staff, map[string]any{"ospId": acmeTpl}), http.StatusNoContent)
		if got := subject("chain.acme"); got != "Partenaire FR" {
			t.Fatalf("partner override: %q", got)
		}
		// a second override of the same mail by the same owner is refused
		res = e.Post(v1+"/create", staff, override("PARTNER", seed.MobiPartnerOspID, "reset_password",
			version("fr", today(e), "Encore", "{{.Link}}")))
		if res.Status != http.StatusBadRequest || res.Label() != "TEMPLATE_OVERRIDE_EXISTS" || res.Field() != "predefinedName" {
			t.Fatalf("second override: %d %s", res.Status, res.Body)
		}
	})
}

// A mail already queued keeps its text when the template changes; the
// next one has the new text.
func TestChangedTemplateKeepsQueuedMail(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff := e.LoginAs("ospadmin")
		admin(e, "queued.admin", seed.AcmeOspID, "en")
		res := e.Post(v1+"/create", staff, override("PLATFORM", "", "reset_password", version("en", today(e), "First", "First {{.Link}}")))
		testkit.MustStatus(t, res, http.StatusOK)
		id := res.Map(t)["ospId"]
		first, _ := resetMail(t, e, "queued.admin")
		testkit.MustStatus(t, e.Post(v1+"/update", staff, map[string]any{"ospId": id, "name": "Reset", "category": "ACCOUNT",
			"templateType": "MESSAGE", "contentType": "TEXT", "versions": []any{version("en", today(e), "Second", "Second {{.Link}}")}}),
			http.StatusOK)
		second, _ := resetMail(t, e, "queued.admin")
		mails := e.Mails("queued.admin@example.com")
		if first != "First" || second != "Second" || len(mails) != 2 || mails[0].Subject != "First" || !strings.HasPrefix(mails[0].Body, "First http") {
			t.Fatalf("mails: %q %q %+v", first, second, mails)
		}
		// the replaced version is gone: one en version of today
		got := e.Post(v1+"/get", staff, map[string]any{"ospId": id}).Map(t)["content"].([]any)[0].(map[string]any)
		vs := got["versions"].([]any)
		if len(vs) != 1 || vs[0].(map[string]any)["subject"] != "Second" || vs[0].(map[string]any)["current"] != true {
			t.Fatalf("versions: %v", vs)
		}
	})
}

// Platform staff reach every template; an MSP admin its partner's and its
// companies' and nothing of the platform's or another partner's; company
// admins are refused.
func TestRolesAndTenancy(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff, msp := e.LoginAs("ospadmin"), e.LoginAs("msp.admin")
		e.PartnerAdmin("rideon.manager", seed.OtherPartnerOspID, access.UserManager)
		rideon := e.LoginAs("rideon.manager")
		acme := e.LoginAs("acme.admin")
		platform := e.Post(v1+"/create", staff, override("PLATFORM", "", "pincode", version("en", today(e), "PIN", "{{.Pincode}}")))
		testkit.MustStatus(t, platform, http.StatusOK)
		res := e.Post(v1+"/create", msp, override("CORPORATE_ACCOUNT", seed.AcmeOspID, "pincode", version("nl", today(e), "PIN", "{{.Pincode}}")))
		testkit.MustStatus(t, res, http.StatusOK)
		acmeTpl := res.Map(t)["ospId"].(string)

		// MSP admin: no platform template, no other partner's company
		res = e.Post(v1+"/create", msp, override("PLATFORM", "", "report_ready", version("en", today(e), "R", "{{.Link}}")))
		if res.Status != http.StatusBadRequest || res.Field() != "ownerType" {
			t.Fatalf("msp platform: %d %s", res.Status, res.Body)
		}
		before := e.Snapshot("rate_limits")
		for _, c := range []struct {
			token, path string
			body        any
			want        int
		}{
			{rideon, "/create", override("CORPORATE_ACCOUNT", seed.AcmeOspID, "report_ready", version("en", today(e), "R", "{{.Link}}")), 404},
			{rideon, "/create", override("PARTNER", seed.MobiPartnerOspID, "report_ready", version("en", today(e), "R", "{{.Link}}")), 404},
			{rideon, "/update", map[string]any{"ospId": acmeTpl, "name": "x", "category": "ACCOUNT", "templateType": "MESSAGE", "contentType": "TEXT"}, 404},
			{rideon, "/delete", map[string]any{"ospId": acmeTpl}, 404},
			{rideon, "/get", map[string]any{"ospId": acmeTpl}, 404},
			{msp, "/delete", map[string]any{"ospId": platform.Map(t)["ospId"]}, 404},
			{acme, "/get", map[string]any{}, 403},
			{acme, "/create", override("CORPORATE_ACCOUNT", seed.AcmeOspID, "report_ready", version("en", today(e), "R", "{{.Link}}")), 403},
			{acme, "/preview/render", map[string]any{"contentType": "TEXT", "subject": "a", "body": "b"}, 403},
		} {
			if r := e.Post(v1+c.path, c.token, c.body); r.Status != c.want {
				t.Errorf("%s: %d %s, want %d", c.path, r.Status, r.Body, c.want)
			}
		}
		if changed := e.Snapshot("rate_limits").Changed(before); len(changed) > 0 {
			t.Fatalf("refused calls changed %v", changed)
		}
		names := func(token string) []string {
			var page struct {
				Content []struct {
					Name      string `json:"name"`
					OwnerName string `json:"ownerName"`
				} `json:"content"`
				TotalElements int `json:"totalElements"`
			}
			r := e.Post(v1+"/get", token, map[string]any{"pagination": map[string]any{"page": 1, "size": 50}})
			testkit.MustStatus(t, r, http.StatusOK)
			r.JSON(t, &page)
			var out []string
			for _, c := range page.Content {
				out = append(out, c.OwnerName)
			}
			return out
		}
		if got := fmt.Sprint(names(staff)); got != "[Platform Acme NV]" {
			t.Fatalf("staff sees %s", got)
		}
		if got := fmt.Sprint(names(msp)); got != "[Acme NV]" {
			t.Fatalf("msp sees %s", got)
		}
		if got := names(rideon); len(got) != 0 {
			t.Fatalf("rideon sees %v", got)
		}
		// filters: owner name, language, type, name
		for _, c := range []struct {
			filter map[string]any
			want   int
		}{
			{map[string]any{"ownerNameLike": "acme"}, 1},
			{map[string]any{"ownerNameLike": "platf"}, 1},
			{map[string]any{"language": "nl"}, 1},
			{map[string]any{"language": "de"}, 0},
			{map[string]any{"templateType": "TICKET"}, 0},
			{map[string]any{"templateNameLike": "pincode"}, 2},
			{map[string]any{"templateNameLike": "%"}, 0},
		} {
			r := e.Post(v1+"/get", staff, c.filter)
			testkit.MustStatus(t, r, http.StatusOK)
			if n := int(r.Map(t)["totalElements"].(float64)); n != c.want {
				t.Errorf("%v: %d, want %d", c.filter, n, c.want)
			}
		}
		// owners: the MSP admin picks its partner and its companies only
		var owners []map[string]any
		r := e.Post(v1+"/getOwners", msp, nil)
		testkit.MustStatus(t, r, http.StatusOK)
		r.JSON(t, &owners)
		for _, o := range owners {
			if o["ownerType"] == "PLATFORM" || o["name"] == "Initech SA" || o["name"] == "RideOn" {
				t.Errorf("msp owner %v", o)
			}
		}
		if len(owners) < 3 {
			t.Errorf("msp owners: %v", owners)
		}
	})
}

// The preview shows the parameters of the last mail actually sent (secrets
// masked) to a company in the caller's reach, else samples.
func TestPreviewUsesMostRecentParameters(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff, msp := e.LoginAs("ospadmin"), e.LoginAs("msp.admin")
		ask := func(token string) map[string]any {
			r := e.Post(v1+"/preview/mostRecentParameters", token, map[string]any{"predefinedName": "reset_password"})
			testkit.MustStatus(t, r, http.StatusOK)
			return r.Map(t)
		}
		if p := ask(staff); p["sample"] != true || p["parameters"].(map[string]any)["Name"] != "Eva Peeters" {
			t.Fatalf("samples: %v", p)
		}
		admin(e, "recent.initech", seed.InitechOspID, "en")
		resetMail(t, e, "recent.initech")
		p := ask(staff)
		params := p["parameters"].(map[string]any)
		if p["sample"] != false || params["Name"] != "Test recent.initech" || params["Link"] != "••••••" || params["Login"] != "recent.initech" {
			t.Fatalf("recent: %v", p)
		}
		// MobiPartner's admin does not see Initech's (RideOn's) mail
		if p := ask(msp); p["sample"] != true {
			t.Fatalf("msp sees another partner's mail: %v", p)
		}
		e.Clock.Set(e.Clock.Now().Add(time.Minute))
		admin(e, "recent.acme", seed.AcmeOspID, "en")
		resetMail(t, e, "recent.acme")
		if p := ask(msp); p["parameters"].(map[string]any)["Name"] != "Test recent.acme" {
			t.Fatalf("msp: %v", p)
		}
		// the preview renders unsaved content with them
		r := e.Post(v1+"/preview/render", msp, map[string]any{"predefinedName": "reset_password", "contentType": "TEXT",
			"subject": "For {{.Login}}", "body": "Dear {{.Name}}, {{.Link}}"})
		testkit.MustStatus(t, r, http.StatusOK)
		if got := r.Map(t); got["subject"] != "For recent.acme" || got["body"] != "Dear Test recent.acme, ••••••" {
			t.Fatalf("render: %v", got)
		}
	})
}

// Predefined names, external templates and the small lists.
func TestListsAndExternalTemplates(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff := e.LoginAs("ospadmin")
		var names []struct {
			Name       string `json:"name"`
			Parameters []struct {
				Name   string `json:"name"`
				Secret bool   `json:"secret"`
			} `json:"parameters"`
			Defaults []struct {
				Language, Subject string
			} `json:"defaults"`
		}
		r := e.Post(v1+"/getPredefinedTemplateNames/MESSAGE", staff, nil)
		testkit.MustStatus(t, r, http.StatusOK)
		r.JSON(t, &names)
		found := false
		for _, n := range names {
			if n.Name == "credentials_mobile" {
				found = len(n.Defaults) == 4 && n.Defaults[3].Language == "de" && n.Defaults[3].Subject == "Willkommen bei Ihrem Mobilitätsbudget"
			}
		}
		if len(names) != 14 || !found { // 13 + plugin_purchase_request (issue 16)
			t.Fatalf("names: %+v", names)
		}
		if r := e.Post(v1+"/getPredefinedTemplateNames/OTHER", staff, nil); r.Status != http.StatusBadRequest {
			t.Fatalf("unknown type: %d", r.Status)
		}
		tpl := override("PLATFORM", "", "expense_receipt")
		tpl["templateType"], tpl["category"] = "TICKET", "EXPENSE"
		tpl["versions"] = []any{map[string]any{"language": "de", "validFrom": today(e), "external": true, "externalTemplateId": "provider-42",
			"subject": "Beleg {{.BookingID}}", "body": "{{.Net}}"}}
		testkit.MustStatus(t, e.Post(v1+"/create", staff, tpl), http.StatusOK)
		r = e.Do(testkit.Request{Method: http.MethodGet, Path: v1 + "/getExternalTemplates/TICKET", Token: staff})
		testkit.MustStatus(t, r, http.StatusOK)
		if b := string(r.Body); !strings.Contains(b, `"externalTemplateId":"provider-42"`) || !strings.Contains(b, `"language":"de"`) {
			t.Fatalf("external: %s", b)
		}
		r = e.Do(testkit.Request{Method: http.MethodGet, Path: v1 + "/getExternalTemplateTypes", Token: staff})
		if strings.TrimSpace(string(r.Body)) != `[{"templateType":"MESSAGE","count":0},{"templateType":"TICKET","count":1}]` {
			t.Fatalf("types: %s", r.Body)
		}
		// an external version needs its id
		tpl["name"], tpl["predefinedName"] = "Other", nil
		tpl["versions"] = []any{map[string]any{"language": "de", "validFrom": today(e), "external": true, "subject": "s", "body": "b"}}
		if r := e.Post(v1+"/create", staff, tpl); r.Status != http.StatusBadRequest || r.Field() != "versions[0].externalTemplateId" {
			t.Fatalf("external without id: %d %s", r.Status, r.Body)
		}
	})
}

// Absurd input: a clear 400, nothing stored.
func TestAbsurdInputRefused(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff := e.LoginAs("ospadmin")
		before := e.Snapshot("rate_limits")
		many := make([]any, 41)
		for i := range many {
			many[i] = version("en", today(e), "s", "b")
		}
		for name, body := range map[string]map[string]any{
			"41 versions":    {"name": "x", "category": "ACCOUNT", "ownerType": "PLATFORM", "templateType": "MESSAGE", "contentType": "TEXT", "versions": many},
			"huge body":      override("PLATFORM", "", "pincode", version("en", today(e), "s", strings.Repeat("x", 100_001))),
			"NUL":            override("PLATFORM", "", "pincode", version("en", today(e), "s", "a\x00b")),
			"year 1900":      override("PLATFORM", "", "pincode", version("en", "1900-01-01", "s", "b")),
			"year 9999":      override("PLATFORM", "", "pincode", version("en", "9999-12-31", "s", "b")),
			"no date":        override("PLATFORM", "", "pincode", version("en", "tomorrow", "s", "b")),
			"twice":          override("PLATFORM", "", "pincode", version("en", today(e), "s", "b"), version("en", today(e), "s", "b")),
			"language":       override("PLATFORM", "", "pincode", version("es", today(e), "s", "b")),
			"unknown mail":   override("PLATFORM", "", "nope", version("en", today(e), "s", "b")),
			"wrong type":     {"name": "x", "category": "ACCOUNT", "ownerType": "PLATFORM", "templateType": "TICKET", "contentType": "TEXT", "predefinedName": "pincode"},
			"unknown owner":  override("CORPORATE_ACCOUNT", "00000000-0000-4000-8000-000000000000", "pincode"),
			"empty name":     {"name": " ", "category": "ACCOUNT", "ownerType": "PLATFORM", "templateType": "MESSAGE", "contentType": "TEXT"},
			"huge parameter": {"predefinedName": "pincode"},
		} {
			path := "/create"
			if name == "huge parameter" {
				path = "/preview/render"
				body = map[string]any{"contentType": "TEXT", "subject": "s", "body": "{{.A}}", "parameters": map[string]any{"A": strings.Repeat("y", 300)}}
			}
			r := e.Post(v1+path, staff, body)
			if r.Status != http.StatusBadRequest && r.Status != http.StatusNotFound {
				t.Errorf("%s: %d %s", name, r.Status, r.Body)
			}
		}
		if changed := e.Snapshot("rate_limits").Changed(before); len(changed) > 0 {
			t.Fatalf("changed %v", changed)
		}
	})
}

var _ = context.Background
