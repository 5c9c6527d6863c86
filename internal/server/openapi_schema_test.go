package server_test

import (
	"encoding/json"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"testing"

	"mobility/portal/internal/access"
	"mobility/portal/internal/api"
	"mobility/portal/internal/budget"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/server"
)

// Row's schema name (ServerTestRow) is the one server.TestRow gets.
type Row struct {
	B string `json:"b"`
}

type inner struct {
	X int `json:"x"`
}

// contract shows every case of the presence and nullability rules.
type contract struct {
	Plain       string            `json:"plain"`
	Optional    string            `json:"optional,omitempty"`
	Pointer     *int              `json:"pointer"`
	OptionalPtr *int              `json:"optionalPtr,omitempty"`
	Tagged      string            `json:"tagged" nullable:"true"`
	List        []string          `json:"list"`
	Map         map[string]string `json:"map"`
	Ref         inner             `json:"ref"`
	RefPtr      *inner            `json:"refPtr"`
}

func route(path string, req, resp any) api.Route {
	return api.Route{Method: http.MethodPost, Path: path, Tag: "t", Summary: "s",
		Policy: access.Policy{AnySignedIn: true}, Request: req, Response: resp, Status: http.StatusOK}
}

func schemas(t *testing.T, routes ...api.Route) map[string]map[string]any {
	t.Helper()
	doc, err := server.OpenAPI(routes)
	if err != nil {
		t.Fatal(err)
	}
	var d struct {
		Components struct {
			Schemas map[string]map[string]any `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(doc, &d); err != nil {
		t.Fatal(err)
	}
	return d.Components.Schemas
}

// Two types that would get one schema name fail the document instead of
// one of them silently getting a suffix or a package prefix.
func TestOpenAPISchemaNameCollisionFails(t *testing.T) {
	_, err := server.OpenAPI([]api.Route{route("/a", Row{}, server.TestRow{})})
	if err == nil || !strings.Contains(err.Error(), "ServerTestRow") {
		t.Fatalf("want a collision error naming ServerTestRow, got %v", err)
	}
}

// Names carry the package's last element, never its path; generic wrappers
// are named by what they wrap.
func TestOpenAPISchemaNamesAreShort(t *testing.T) {
	got := schemas(t, route("/a", budget.PrivateListRequest{}, paging.Page[budget.PrivateRow]{}))
	for _, name := range []string{"BudgetPrivateListRequest", "PageOfBudgetPrivateRow", "BudgetPrivateRow"} {
		if got[name] == nil {
			t.Errorf("no schema %s among %v", name, keys(got))
		}
	}
	for name := range got {
		if strings.Contains(name, "Mobility") || strings.Contains(name, "Internal") {
			t.Errorf("schema name %s carries a package path", name)
		}
	}
	if n := server.SchemaName(reflect.TypeOf(paging.Page[budget.PrivateRow]{})); n != "PageOfBudgetPrivateRow" {
		t.Errorf("SchemaName = %s", n)
	}
}

// Without omitempty a field is required; a pointer or a nullable tag makes it
// nullable; slices, maps and plain values are not.
func TestOpenAPIRequiredAndNullable(t *testing.T) {
	s := schemas(t, route("/a", nil, contract{}))["ServerTestContract"]
	if s == nil {
		t.Fatal("no ServerTestContract schema")
	}
	var required []string
	for _, r := range s["required"].([]any) {
		required = append(required, r.(string))
	}
	slices.Sort(required)
	want := []string{"list", "map", "plain", "pointer", "ref", "refPtr", "tagged"}
	if !slices.Equal(required, want) {
		t.Errorf("required = %v, want %v", required, want)
	}
	props := s["properties"].(map[string]any)
	for name, wantNullable := range map[string]bool{
		"plain": false, "optional": false, "pointer": true, "optionalPtr": false, "tagged": true,
		"list": false, "map": false, "ref": false, "refPtr": true,
	} {
		p := props[name].(map[string]any)
		if got := p["nullable"] == true; got != wantNullable {
			t.Errorf("%s nullable = %v, want %v (%v)", name, got, wantNullable, p)
		}
	}
	// OpenAPI 3.0 ignores siblings of $ref: a nullable reference is wrapped.
	refPtr := props["refPtr"].(map[string]any)
	if _, ok := refPtr["allOf"]; !ok {
		t.Errorf("refPtr not wrapped in allOf: %v", refPtr)
	}
}

// An enum tag on a slice names what its items may be: the document puts it
// on the items, so the web type is a list of those values, not one of them.
func TestOpenAPIEnumOfSliceIsOnItems(t *testing.T) {
	type filter struct {
		Statuses []string `json:"statuses,omitempty" maxItems:"2" enum:"A,B"`
		One      string   `json:"one" enum:"X,Y"`
	}
	props := schemas(t, route("/a", nil, filter{}))["ServerTestFilter"]["properties"].(map[string]any)
	statuses := props["statuses"].(map[string]any)
	if _, ok := statuses["enum"]; ok {
		t.Errorf("enum left on the array: %v", statuses)
	}
	if statuses["maxItems"] != float64(2) {
		t.Errorf("maxItems lost: %v", statuses)
	}
	items := statuses["items"].(map[string]any)
	if got, _ := json.Marshal(items["enum"]); string(got) != `["A","B"]` {
		t.Errorf("items enum = %s, want [\"A\",\"B\"] (%v)", got, statuses)
	}
	if got, _ := json.Marshal(props["one"].(map[string]any)["enum"]); string(got) != `["X","Y"]` {
		t.Errorf("a plain field's enum moved: %s", got)
	}
}

func keys(m map[string]map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
