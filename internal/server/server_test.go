package server_test

import (
	"net/http"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"mobility/portal/internal/database"
	"mobility/portal/internal/server"
	"mobility/portal/internal/testkit"
)

// Every route must declare who may call it; a route without roles would be
// open to any signed-in user by accident.
func TestEveryRouteDeclaresItsRoles(t *testing.T) {
	e := testkit.NewEnv(t, database.SQLite)
	routes := e.App.Routes()
	if len(routes) == 0 {
		t.Fatal("empty route table")
	}
	seen := map[string]bool{}
	for _, rt := range routes {
		key := rt.Method + " " + rt.Path
		if !rt.Policy.Declared() {
			t.Errorf("%s declares no roles", key)
		}
		if seen[key] {
			t.Errorf("%s is declared twice", key)
		}
		seen[key] = true
		if rt.Summary == "" || rt.Tag == "" {
			t.Errorf("%s has no summary or tag for the OpenAPI document", key)
		}
	}
}

// Every non-public route answers 401 without a token.
func TestProtectedRoutesNeedAToken(t *testing.T) {
	e := testkit.NewEnv(t, database.SQLite)
	for _, rt := range e.App.Routes() {
		if rt.Policy.Public {
			continue
		}
		path := strings.NewReplacer("{lang}", "en", "{id}", "x", "{type}", "x").Replace(rt.Path)
		res := e.Do(testkit.Request{Method: rt.Method, Path: path})
		if res.Status != http.StatusUnauthorized || res.Label() != "UNAUTHORIZED" {
			t.Errorf("%s %s without token: %d %s", rt.Method, rt.Path, res.Status, res.Body)
		}
	}
}

// The committed OpenAPI document (from which the web app's types are
// generated) must match the Go types.
func TestOpenAPIDocumentIsCurrent(t *testing.T) {
	e := testkit.NewEnv(t, database.SQLite)
	doc, err := server.OpenAPI(e.App.Routes())
	if err != nil {
		t.Fatal(err)
	}
	committed, err := os.ReadFile("../../web/openapi.json")
	if err != nil {
		t.Fatalf("web/openapi.json: %v (run make gen)", err)
	}
	if string(committed) != string(doc) {
		t.Fatal("web/openapi.json is stale: run make gen and commit the result")
	}
	res := e.Do(testkit.Request{Method: http.MethodGet, Path: "/openapi.json"})
	if res.Status != 200 || string(res.Body) != string(doc) {
		t.Fatalf("/openapi.json serves something else: %d", res.Status)
	}
}

func TestSecurityHeadersAndLimits(t *testing.T) {
	e := testkit.NewEnv(t, database.SQLite)
	res := e.Do(testkit.Request{Method: http.MethodGet, Path: "/portal-service/v1/portal/config"})
	testkit.MustStatus(t, res, 200)
	csp := res.Header.Get("Content-Security-Policy")
	for _, want := range []string{"script-src 'self'", "frame-ancestors 'none'"} {
		if !strings.Contains(csp, want) {
			t.Errorf("CSP %q lacks %q", csp, want)
		}
	}
	if strings.Contains(strings.SplitN(csp, "script-src", 2)[1], "unsafe-inline;") {
		t.Errorf("CSP allows inline script: %q", csp)
	}
	if res.Header.Get("X-Content-Type-Options") != "nosniff" || res.Header.Get("Referrer-Policy") == "" {
		t.Errorf("headers: %v", res.Header)
	}
	big := `{"username":"` + strings.Repeat("a", 2<<20) + `"}`
	res = e.Do(testkit.Request{Path: testkit.LoginPath, Body: big})
	if res.Status != 400 || res.Label() != "BODY_TOO_LARGE" {
		t.Fatalf("big body: %d %s", res.Status, res.Body[:min(200, len(res.Body))])
	}
	res = e.Do(testkit.Request{Path: testkit.LoginPath, Body: "{not json"})
	if res.Status != 400 || res.Label() != "BAD_REQUEST" {
		t.Fatalf("bad json: %d %s", res.Status, res.Body)
	}
	res = e.Do(testkit.Request{Path: testkit.LoginPath, Body: `{"username": 12}`})
	if res.Status != 400 || !strings.Contains(string(res.Body), `"field":"username"`) {
		t.Fatalf("wrong type: %d %s", res.Status, res.Body)
	}
	res = e.Do(testkit.Request{Path: "/portal-service/v1/nope"})
	if res.Status != 404 || res.Label() != "NOT_FOUND" {
		t.Fatalf("unknown call: %d %s", res.Status, res.Body)
	}
}

func TestSPAFallbackAndAssets(t *testing.T) {
	e := testkit.NewEnv(t, database.SQLite)
	web := fstest.MapFS{
		"index.html":      {Data: []byte("<!doctype html><div id=root></div>")},
		"assets/app-1.js": {Data: []byte("console.log(1)")},
		"favicon.svg":     {Data: []byte("<svg/>")},
	}
	h, err := e.App.Handler(web)
	if err != nil {
		t.Fatal(err)
	}
	e.Handler = h
	for path, want := range map[string]string{"/": "id=root", "/dashboard": "id=root", "/manage/app-users/x": "id=root", "/assets/app-1.js": "console.log"} {
		res := e.Do(testkit.Request{Method: http.MethodGet, Path: path})
		if res.Status != 200 || !strings.Contains(string(res.Body), want) {
			t.Errorf("%s: %d %q", path, res.Status, res.Body)
		}
	}
	res := e.Do(testkit.Request{Method: http.MethodGet, Path: "/assets/app-1.js"})
	if !strings.Contains(res.Header.Get("Cache-Control"), "immutable") {
		t.Errorf("asset cache: %q", res.Header.Get("Cache-Control"))
	}
	if res := e.Do(testkit.Request{Method: http.MethodGet, Path: "/dashboard"}); res.Header.Get("Cache-Control") != "no-cache" {
		t.Errorf("index cache: %q", res.Header.Get("Cache-Control"))
	}
	if res := e.Do(testkit.Request{Method: http.MethodGet, Path: "/assets/missing.js"}); res.Status != 404 {
		t.Errorf("missing chunk: %d", res.Status)
	}
	res = e.Do(testkit.Request{Method: http.MethodGet, Path: "/assets/app-1.js", Headers: map[string]string{"Accept-Encoding": "gzip"}})
	_ = res // small files may be sent uncompressed; compression is checked on JSON below
	big := e.Do(testkit.Request{Method: http.MethodGet, Path: "/openapi.json", Headers: map[string]string{"Accept-Encoding": "gzip"}})
	if big.Header.Get("Content-Encoding") != "gzip" {
		t.Errorf("openapi.json not gzipped: %v", big.Header)
	}
}
