package server_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"mobility/portal/internal/api"
	"mobility/portal/internal/server"
	"mobility/portal/internal/testkit"
)

// The OpenAPI document promises the web app which fields every answer
// carries (required) and which can be null (nullable); the web types are
// generated from it and trust it. checkContract holds a real answer to that
// promise: the authorization matrix calls it for every 2xx answer of every
// route, so each route's schema is checked against what the server sent.

var (
	contractOnce sync.Once
	matrixDoc    *contractDoc
	matrixDocErr error
)

// checkContract checks one answer of the authorization matrix.
func checkContract(t *testing.T, routes []api.Route, rt api.Route, res *testkit.Response) {
	t.Helper()
	contractOnce.Do(func() { matrixDoc, matrixDocErr = newContractDoc(routes) })
	if matrixDocErr != nil {
		t.Fatal(matrixDocErr)
	}
	for _, e := range matrixDoc.breaches(rt, res) {
		t.Errorf("%s %s breaks its OpenAPI schema: %s", rt.Method, rt.Path, e)
	}
}

type contractDoc struct{ doc map[string]any }

func newContractDoc(routes []api.Route) (*contractDoc, error) {
	raw, err := server.OpenAPI(routes)
	if err != nil {
		return nil, err
	}
	c := &contractDoc{}
	return c, json.Unmarshal(raw, &c.doc)
}

// breaches lists where a 2xx JSON answer departs from its route's schema.
func (c *contractDoc) breaches(rt api.Route, res *testkit.Response) []string {
	if res.Status >= 300 || !strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") || len(res.Body) == 0 {
		return nil
	}
	schema, _ := dig(c.doc, "paths", rt.Path, strings.ToLower(rt.Method), "responses", strconv.Itoa(res.Status),
		"content", "application/json", "schema").(map[string]any)
	if schema == nil {
		return []string{fmt.Sprintf("answered %d with JSON the document does not describe", res.Status)}
	}
	var body any
	if err := json.Unmarshal(res.Body, &body); err != nil {
		return []string{err.Error()}
	}
	var errs []string
	c.conform(schema, body, "$", &errs)
	sort.Strings(errs)
	return errs
}

func dig(v any, keys ...string) any {
	for _, k := range keys {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	return v
}

// conform checks the parts of a schema the web types rely on: null only
// where nullable, required fields present, and the JSON type.
func (c *contractDoc) conform(s map[string]any, v any, at string, errs *[]string) {
	if ref, ok := s["$ref"].(string); ok {
		s, _ = dig(c.doc, "components", "schemas", strings.TrimPrefix(ref, "#/components/schemas/")).(map[string]any)
	}
	if v == nil {
		if s["nullable"] != true {
			*errs = append(*errs, at+" is null but not nullable")
		}
		return
	}
	if all, ok := s["allOf"].([]any); ok {
		for _, sub := range all {
			if m, ok := sub.(map[string]any); ok {
				c.conform(m, v, at, errs)
			}
		}
	}
	switch s["type"] {
	case "object":
		m, ok := v.(map[string]any)
		if !ok {
			*errs = append(*errs, fmt.Sprintf("%s is %T, not an object", at, v))
			return
		}
		required, _ := s["required"].([]any)
		for _, r := range required {
			if _, ok := m[r.(string)]; !ok {
				*errs = append(*errs, at+"."+r.(string)+" is required but missing")
			}
		}
		props, _ := s["properties"].(map[string]any)
		for k, val := range m {
			if p, ok := props[k].(map[string]any); ok {
				c.conform(p, val, at+"."+k, errs)
			} else if ap, ok := s["additionalProperties"].(map[string]any); ok {
				c.conform(ap, val, at+"."+k, errs)
			}
		}
	case "array":
		list, ok := v.([]any)
		if !ok {
			*errs = append(*errs, fmt.Sprintf("%s is %T, not an array", at, v))
			return
		}
		if items, ok := s["items"].(map[string]any); ok {
			for i, item := range list {
				c.conform(items, item, fmt.Sprintf("%s[%d]", at, i), errs)
			}
		}
	case "string":
		if _, ok := v.(string); !ok {
			*errs = append(*errs, fmt.Sprintf("%s is %T, not a string", at, v))
		}
	case "integer", "number":
		if _, ok := v.(float64); !ok {
			*errs = append(*errs, fmt.Sprintf("%s is %T, not a number", at, v))
		}
	case "boolean":
		if _, ok := v.(bool); !ok {
			*errs = append(*errs, fmt.Sprintf("%s is %T, not a boolean", at, v))
		}
	}
}

// The checker itself: it passes a conforming answer and reports a null
// where the schema has none and a missing required field.
func TestContractCheckerFindsBreaches(t *testing.T) {
	rt := route("/c", nil, contract{})
	c, err := newContractDoc([]api.Route{rt})
	if err != nil {
		t.Fatal(err)
	}
	answer := func(body string) *testkit.Response {
		return &testkit.Response{Status: http.StatusOK, Header: http.Header{"Content-Type": {"application/json"}}, Body: []byte(body)}
	}
	good := `{"plain":"a","pointer":null,"tagged":null,"list":[],"map":{},"ref":{"x":1},"refPtr":null}`
	if errs := c.breaches(rt, answer(good)); len(errs) > 0 {
		t.Fatalf("a conforming answer was refused: %v", errs)
	}
	bad := `{"pointer":1,"tagged":"t","list":null,"map":{},"ref":{"x":"1"},"refPtr":{"x":2}}`
	want := []string{"$.list is null but not nullable", "$.plain is required but missing", "$.ref.x is string, not a number"}
	if got := c.breaches(rt, answer(bad)); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("breaches = %v, want %v", got, want)
	}
}
