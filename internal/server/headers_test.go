package server_test

import (
	"net/http"
	"testing"
	"testing/fstest"

	"mobility/portal/internal/clock"
	"mobility/portal/internal/database"
	"mobility/portal/internal/server"
	"mobility/portal/internal/testkit"
)

// Issue 7, finding 8: downloads carried no Cache-Control: no-store. Every
// answer under the API bases is no-store now, JSON and files alike, while
// the web app's hashed assets stay cacheable.
func TestEveryAPIAnswerIsNoStore(t *testing.T) {
	e := testkit.NewEnv(t, database.SQLite)
	h, err := e.App.Handler(fstest.MapFS{
		"index.html":      {Data: []byte("<!doctype html><div id=root></div>")},
		"assets/app-1.js": {Data: []byte("console.log(1)")},
	})
	if err != nil {
		t.Fatal(err)
	}
	e.Handler = h
	acme := e.LoginAs("acme.admin")
	jan := e.UserOspID("jan.peeters")
	cases := []struct {
		name   string
		req    testkit.Request
		status int
	}{
		{"transactions XLSX", testkit.Request{Path: "/portal-service/v1/budget/transaction/download/xlsx", Token: acme,
			Body: map[string]any{"userOspId": jan}}, 200},
		{"import template XLSX", testkit.Request{Method: http.MethodGet, Path: "/portal-service/v1/user/upload/template/create?format=xlsx", Token: acme}, 200},
		{"import template CSV", testkit.Request{Method: http.MethodGet, Path: "/portal-service/v1/user/upload/template/create", Token: acme}, 200},
		{"JSON answer", testkit.Request{Path: "/portal-service/v1/user/current", Token: acme}, 200},
		{"public JSON", testkit.Request{Method: http.MethodGet, Path: "/portal-service/v1/portal/config"}, 200},
		{"error answer", testkit.Request{Path: "/portal-service/v1/user/current"}, 401},
		{"unknown call", testkit.Request{Path: "/user-service/v1/nope"}, 404},
		{"sign-in", testkit.Request{Path: testkit.LoginPath, Body: map[string]string{"username": "x", "passdigest": "y"}}, 400},
	}
	for _, c := range cases {
		res := e.Do(c.req)
		if res.Status != c.status {
			t.Errorf("%s: status %d %s", c.name, res.Status, res.Body)
		}
		if got := res.Header.Get("Cache-Control"); got != "no-store" {
			t.Errorf("%s: Cache-Control %q, want no-store", c.name, got)
		}
		if got := res.Header.Get("Strict-Transport-Security"); got != "" {
			t.Errorf("%s: HSTS %q on a plain-http portal", c.name, got)
		}
	}
	if got := e.Do(testkit.Request{Method: http.MethodGet, Path: "/assets/app-1.js"}).Header.Get("Cache-Control"); got != "public, max-age=31536000, immutable" {
		t.Errorf("hashed asset: Cache-Control %q", got)
	}
}

// HSTS is sent when the configured public URL is https, on API answers and
// web pages alike.
func TestHSTSWhenPublicURLIsHTTPS(t *testing.T) {
	cfg := testkit.TestConfig()
	cfg.PublicURL = "https://portal.example.com"
	app, err := server.New(cfg, testkit.NewDB(t, database.SQLite), clock.NewFixed(testkit.Start))
	if err != nil {
		t.Fatal(err)
	}
	h, err := app.Handler(nil)
	if err != nil {
		t.Fatal(err)
	}
	e := &testkit.Env{T: t, App: app, Handler: h}
	for _, path := range []string{"/portal-service/v1/portal/config", "/dashboard"} {
		res := e.Do(testkit.Request{Method: http.MethodGet, Path: path})
		if got := res.Header.Get("Strict-Transport-Security"); got != "max-age=31536000; includeSubDomains" {
			t.Errorf("%s: HSTS %q", path, got)
		}
	}
}
