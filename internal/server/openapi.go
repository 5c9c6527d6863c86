package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/swaggest/openapi-go"
	"github.com/swaggest/openapi-go/openapi3"

	"mobility/portal/internal/api"
	"mobility/portal/internal/money"
)

// openAPIDocs keeps the documents built in this process by their routes'
// methods and paths: reflecting every type takes about a second, and the
// tests build hundreds of Apps of the same routes.
var (
	openAPIMu   sync.Mutex
	openAPIDocs = map[string][]byte{}
)

// cachedOpenAPI is OpenAPI, once per set of routes in this process.
func cachedOpenAPI(routes []api.Route) ([]byte, error) {
	var key strings.Builder
	for _, rt := range routes {
		key.WriteString(rt.Method + " " + rt.Path + "\n")
	}
	openAPIMu.Lock()
	defer openAPIMu.Unlock()
	if doc, ok := openAPIDocs[key.String()]; ok {
		return doc, nil
	}
	doc, err := OpenAPI(routes)
	if err == nil {
		openAPIDocs[key.String()] = doc
	}
	return doc, err
}

// OpenAPI builds the OpenAPI 3 document from the route table: the Go types
// are the single source of truth, and the web app's types are generated
// from this document.
func OpenAPI(routes []api.Route) ([]byte, error) {
	r := openapi3.NewReflector()
	rules := newSchemaRules()
	r.JSONSchemaReflector().DefaultOptions = append(r.JSONSchemaReflector().DefaultOptions, rules.options()...)
	// money.Amount is plain integer cents on the wire: inline it, so each
	// field keeps its own description, minimum and nullability
	r.JSONSchemaReflector().InlineDefinition(money.Amount(0))
	r.Spec.Info.WithTitle("Mobility-budget portal API").WithVersion("1.0.0").
		WithDescription("Every call of the portal. Errors answer {errorLabel, message, errors[{field, messages}]}.")
	r.Spec.SetHTTPBearerTokenSecurity("bearer", "opaque", "access token from login")
	for _, rt := range routes {
		oc, err := r.NewOperationContext(rt.Method, rt.Path)
		if err != nil {
			return nil, fmt.Errorf("%s %s: %w", rt.Method, rt.Path, err)
		}
		oc.SetTags(rt.Tag)
		oc.SetSummary(rt.Summary)
		oc.SetID(operationID(rt.Method, rt.Path))
		if !rt.Policy.Public {
			oc.AddSecurity("bearer")
			if len(rt.Policy.Roles) > 0 {
				roles := make([]string, len(rt.Policy.Roles))
				for i, role := range rt.Policy.Roles {
					roles[i] = string(role)
				}
				oc.SetDescription("Roles: " + strings.Join(roles, ", ") + " (ospadmin always).")
			}
			if rt.Policy.MspOnly {
				oc.SetDescription(strings.TrimSpace(oc.Description() + " MSP users only (partner admins and platform staff)."))
			}
		}
		if rt.Request != nil {
			oc.AddReqStructure(rt.Request)
		}
		if rt.Idempotent {
			oc.AddReqStructure(idempotencyHeader{})
		}
		switch {
		case rt.ResponseContentType != "":
			oc.AddRespStructure(nil, openapi.WithContentType(rt.ResponseContentType), openapi.WithHTTPStatus(http.StatusOK))
		case rt.Response != nil:
			oc.AddRespStructure(rt.Response, openapi.WithHTTPStatus(rt.Status))
		default:
			oc.AddRespStructure(nil, openapi.WithHTTPStatus(http.StatusNoContent))
		}
		oc.AddRespStructure(api.ErrorBody{}, openapi.WithHTTPStatus(http.StatusBadRequest))
		if err := r.AddOperation(oc); err != nil {
			return nil, fmt.Errorf("%s %s: %w", rt.Method, rt.Path, err)
		}
		if rt.NullableResponse {
			nullableResponse(r.Spec, rt.Method, rt.Path, rt.Status)
		}
	}
	if err := rules.err(); err != nil {
		return nil, err
	}
	b, err := json.MarshalIndent(r.Spec, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// idempotencyHeader documents the optional header of the money calls.
type idempotencyHeader struct {
	IdempotencyKey string `header:"Idempotency-Key" minLength:"1" maxLength:"255" pattern:"^[ -~]+$" description:"Makes the call safe to repeat: the same key with the same request within 24 hours returns the first answer and books nothing again; with another request it is refused with 409 IDEMPOTENCY_KEY_REUSED. Keys are scoped per signed-in user."`
}

// operationID turns "POST /portal-service/v1/user/get" into a stable id.
func operationID(method, path string) string {
	var b strings.Builder
	b.WriteString(strings.ToLower(method))
	for _, part := range strings.Split(path, "/") {
		part = strings.Trim(part, "{}")
		if part == "" {
			continue
		}
		for _, w := range strings.FieldsFunc(part, func(r rune) bool { return r == '-' || r == '.' }) {
			b.WriteString(strings.ToUpper(w[:1]) + w[1:])
		}
	}
	return b.String()
}

// nullableResponse marks a route's JSON answer "this schema or null": a
// handler returning a nil pointer answers null (e.g. "the company's last
// request, or null"). Like nullable properties, a $ref is wrapped in allOf
// because OpenAPI 3.0 ignores keywords next to it.
func nullableResponse(spec *openapi3.Spec, method, path string, status int) {
	item, ok := spec.Paths.MapOfPathItemValues[path]
	if !ok {
		return
	}
	op, ok := item.MapOfOperationValues[strings.ToLower(method)]
	if !ok {
		return
	}
	resp, ok := op.Responses.MapOfResponseOrRefValues[strconv.Itoa(status)]
	if !ok || resp.Response == nil {
		return
	}
	media, ok := resp.Response.Content["application/json"]
	if !ok || media.Schema == nil {
		return
	}
	yes := true
	if media.Schema.SchemaReference != nil {
		media.Schema = &openapi3.SchemaOrRef{Schema: &openapi3.Schema{AllOf: []openapi3.SchemaOrRef{*media.Schema}, Nullable: &yes}}
	} else if media.Schema.Schema != nil {
		media.Schema.Schema.Nullable = &yes
	}
	resp.Response.Content["application/json"] = media
}
