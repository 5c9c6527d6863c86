package template_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand"
	"net/http"
	"testing"
	"time"

	"mobility/portal/internal/i18n"
	"mobility/portal/internal/mail"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/template"
	"mobility/portal/internal/testkit"
)

// BenchmarkRender: the figure "template render p99 under 1 ms". Each
// iteration renders 200 welcome mails the way the outbox does
// (Service.Render: the company's chain resolved in one query, the version
// parsed once and then taken from the cache by version id, the parameters
// normalized and rendered), for Acme's users (Acme overrides the mail in
// French, MobiPartner in Dutch; English falls back to the shipped
// default), and reports the p50 and p99 of one render.
func BenchmarkRender(b *testing.B) {
	for _, d := range testkit.Dialects() {
		b.Run(string(d), func(b *testing.B) {
			e := testkit.NewEnv(b, d)
			loadOverrides(b, e)
			ctx := context.Background()
			acme := e.CorporateAccountID(seed.AcmeOspID)
			langs := []i18n.Lang{i18n.FR, i18n.NL, i18n.EN}
			lat := make([]time.Duration, 0, b.N*200)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for j := 0; j < 200; j++ {
					m := mail.Message{To: "x@example.com", Name: "credentials_mobile", Lang: langs[j%3], CompanyID: acme, Data: map[string]any{
						"Name": fmt.Sprintf("User %d", j), "Company": "Acme NV", "Login": fmt.Sprintf("user.%d", j),
						"Link": "http://portal.test/set-new-password?token=abc", "URL": "http://portal.test",
						"AppStoreURL": "https://apps.apple.com/x", "PlayStoreURL": "https://play.google.com/x"}}
					t0 := time.Now()
					r, err := e.App.Templates.Render(ctx, m)
					lat = append(lat, time.Since(t0))
					if err != nil || r.Body == "" {
						b.Fatalf("render: %+v %v", r, err)
					}
				}
			}
			b.StopTimer()
			testkit.ReportLatencies(b, lat)
		})
	}
}

// BenchmarkPreviewRender: preview/render through the whole handler (what
// the editor's live preview calls on every pause in typing), an HTML body
// of about 3 KB with the most recent parameters.
func BenchmarkPreviewRender(b *testing.B) {
	e := testkit.NewEnv(b, "sqlite")
	staff := e.LoginAs("ospadmin")
	body := "<h1>Welcome {{.Name}}</h1>"
	for i := 0; i < 40; i++ {
		body += "<p>{{.Company}} gives you a mobility budget. Your login is <b>{{.Login}}</b>.{{if .Link}} <a href=\"{{.Link}}\">Set</a>{{end}}</p>"
	}
	raw, _ := json.Marshal(map[string]any{"predefinedName": "credentials_mobile", "contentType": "HTML", "subject": "Welcome {{.Name}}", "body": body})
	testkit.Latency(b, e.Handler, staff, "/portal-service/v1/template/preview/render", 50, func(*rand.Rand) string { return string(raw) })
}

// BenchmarkEngine: the engine alone, without the database: a welcome mail
// rendered from its parsed shipped default (parameters normalized,
// subject and body executed), 200 an iteration.
func BenchmarkEngine(b *testing.B) {
	r := template.ShippedRenderer{}
	ctx := context.Background()
	lat := make([]time.Duration, 0, b.N*200)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for j := 0; j < 200; j++ {
			m := mail.Message{Name: "credentials_mobile", Lang: i18n.FR, Data: map[string]any{"Name": fmt.Sprintf("User %d", j),
				"Company": "Acme NV", "Login": "user", "Link": "http://portal.test/x", "AppStoreURL": "a", "PlayStoreURL": "p"}}
			t0 := time.Now()
			if _, err := r.Render(ctx, m); err != nil {
				b.Fatal(err)
			}
			lat = append(lat, time.Since(t0))
		}
	}
	b.StopTimer()
	testkit.ReportLatencies(b, lat)
}

func loadOverrides(b *testing.B, e *testkit.Env) {
	staff := e.LoginAs("ospadmin")
	day := e.Clock.Now().Format("2006-01-02")
	for _, c := range []struct{ owner, ownerType, lang string }{{seed.AcmeOspID, "CORPORATE_ACCOUNT", "fr"}, {seed.MobiPartnerOspID, "PARTNER", "nl"}} {
		res := e.Post("/portal-service/v1/template/create", staff, map[string]any{"name": "Welcome", "category": "ACCOUNT",
			"ownerType": c.ownerType, "ownerOspId": c.owner, "templateType": "MESSAGE", "contentType": "TEXT", "predefinedName": "credentials_mobile",
			"versions": []any{map[string]any{"language": c.lang, "validFrom": day, "subject": "Welcome {{.Name}}",
				"body": "Dear {{.Name}} of {{.Company}},\nlogin {{.Login}}\n{{.Link}}\n{{.AppStoreURL}}\n{{.PlayStoreURL}}\n"}}})
		if res.Status != http.StatusOK {
			b.Fatalf("override: %d %s", res.Status, res.Body)
		}
	}
}
