package branding_test

import (
	"net/http"
	"testing"

	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

func TestPortalConfigIsPublic(t *testing.T) {
	e := testkit.NewEnv(t, testkit.Dialects()[0])
	res := e.Do(testkit.Request{Method: http.MethodGet, Path: "/portal-service/v1/portal/config"})
	testkit.MustStatus(t, res, 200)
	var c struct {
		LegacyBanner struct {
			Enabled         bool   `json:"enabled"`
			TextColor       string `json:"textColor"`
			BackgroundColor string `json:"backgroundColor"`
		} `json:"legacyBanner"`
		DefaultLanguage string `json:"defaultLanguage"`
	}
	res.JSON(t, &c)
	if c.LegacyBanner.Enabled || c.LegacyBanner.TextColor != "#FFFFFF" || c.LegacyBanner.BackgroundColor != "#FF0000" || c.DefaultLanguage != "nl" {
		t.Fatalf("config: %s", res.Body)
	}
}

func TestBrandingPerPartner(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		get := func(login string, body any) (int, string) {
			res := e.Post("/portal-service/v1/portal/branding/get", e.LoginAs(login), body)
			var b struct {
				BrandColor string `json:"brandColor"`
			}
			if res.Status == 200 {
				res.JSON(t, &b)
			}
			return res.Status, b.BrandColor
		}
		for _, c := range []struct {
			login  string
			body   any
			status int
			color  string
		}{
			{"acme.admin", nil, 200, "#5F3DC4"},
			{"initech.admin", nil, 200, "#2B8A3E"},
			{"ospadmin", nil, 200, "#0F89EA"},
			{"ospadmin", map[string]string{"corporateAccountOspId": seed.InitechOspID}, 200, "#2B8A3E"},
			{"msp.admin", map[string]string{"corporateAccountOspId": seed.InitechOspID}, 404, ""},
		} {
			if status, color := get(c.login, c.body); status != c.status || color != c.color {
				t.Errorf("%s %v: %d %s", c.login, c.body, status, color)
			}
		}
		res := e.Do(testkit.Request{Method: http.MethodGet, Path: "/portal-service/v1/portal/logo/get", Token: e.LoginAs("acme.admin")})
		if res.Status != 200 || res.Header.Get("Content-Type") != "image/svg+xml" || len(res.Body) == 0 {
			t.Fatalf("logo: %d %v", res.Status, res.Header)
		}
	})
}
