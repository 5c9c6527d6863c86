package server_test

import (
	"fmt"
	"net/http"
	"strings"

	"mobility/portal/internal/testkit"
)

// translationKeys are the fixture translations' keys by ospId.
var translationKeys = map[string]string{}

// The matrix's translation: an app text made by platform staff (delete
// uses it up, so each one made has a key of its own). Translations are the
// platform's content, of no tenant; only platform staff reach them.
func init() {
	platformKinds["translation"] = "translations are the platform's content (backoffice), of no tenant: only platform staff call them"
	fixtureMakers["translation"] = func(f *fixture, n int) string {
		res := f.m.e.Post(v1+"/translation/create", f.token, map[string]any{"type": "APP_TEXT", "key": fmt.Sprintf("authz.fixture.%d", n),
			"defaultValue": "Fixture", "translations": []map[string]string{{"languageCode": "BE", "text": "Vaste waarde"}}})
		testkit.MustStatus(f.m.t, res, http.StatusOK)
		id := str(f.m.t, res.Map(f.m.t), "ospId")
		translationKeys[id] = fmt.Sprintf("authz.fixture.%d", n)
		return id
	}
	sampleHooks = append(sampleHooks, func(fx *fixture, path, name, parent string) (any, bool) {
		if !strings.HasPrefix(path, v1+"/translation/") {
			return nil, false
		}
		switch name {
		case "type":
			return "APP_TEXT", true
		case "key":
			if strings.HasSuffix(path, "/getByKey") || strings.HasSuffix(path, "/findByKeyLike") {
				return translationKeys[fx.id("translation")], true
			}
			return fmt.Sprintf("authz.key.%d", fx.next()), true
		case "defaultValue":
			return "Authz text", true
		case "text":
			if parent == "" {
				return "Fixture", true // findByTranslationLike
			}
			return "Authz tekst", true
		case "languageCode":
			return "BE", true
		}
		return nil, false
	})
}
