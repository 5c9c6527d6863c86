package server_test

import (
	"fmt"
	"net/http"
	"strings"

	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

// The matrix's objects for the template calls: an override of Acme's
// (ownerOspId names Acme), each create a template of its own (no
// predefined name, so repeated creates never meet the one-override rule).
func init() {
	routeIDKinds[v1+"/template/"] = map[string]string{"ownerOspId": "company"}
	notAnID["externalTemplateId"] = "the id of a version's template at an external mail provider, free text"
	fixtureMakers["template"] = func(f *fixture, n int) string {
		res := f.m.e.Post(v1+"/template/create", f.token, map[string]any{"name": fmt.Sprintf("Authz template %d", n),
			"category": "ACCOUNT", "ownerType": "CORPORATE_ACCOUNT", "ownerOspId": seed.AcmeOspID, "templateType": "MESSAGE",
			"contentType": "TEXT", "predefinedName": "", "versions": []any{map[string]any{"language": "nl",
				"validFrom": "2026-12-01", "subject": "Onderwerp", "body": "Dag {{.Name}}"}}})
		testkit.MustStatus(f.m.t, res, http.StatusOK)
		return str(f.m.t, res.Map(f.m.t), "ospId")
	}
	sampleHooks = append(sampleHooks, func(fx *fixture, path, name, parent string) (any, bool) {
		if !strings.HasPrefix(path, v1+"/template/") {
			return nil, false
		}
		switch name {
		case "name":
			return fmt.Sprintf("Authz template %d", fx.next()), true
		case "category":
			return "ACCOUNT", true
		case "ownerType":
			return "CORPORATE_ACCOUNT", true
		case "templateType", "type":
			return "MESSAGE", true
		case "contentType":
			return "TEXT", true
		case "predefinedName":
			if strings.HasSuffix(path, "/preview/mostRecentParameters") || strings.HasSuffix(path, "/preview/render") {
				return "reset_password", true
			}
			return nil, true // a template of its own
		case "language":
			if parent == "" {
				return nil, true // no language filter
			}
			return "fr", true
		case "validFrom":
			return fmt.Sprintf("2027-%02d-%02d", fx.next()%12+1, fx.seq%28+1), true
		case "external":
			return false, true
		case "subject":
			return "Sujet", true
		case "body":
			return "Bonjour {{.Name}}", true
		case "parameters":
			return map[string]any{"Name": "Authz"}, true
		case "templateNameLike", "ownerNameLike":
			return nil, true
		}
		return nil, false
	})
}
