package server

import (
	"fmt"
	"path"
	"reflect"
	"sort"
	"strings"
	"unicode"

	"github.com/swaggest/jsonschema-go"
)

// schemaRules holds the two rules every schema of the OpenAPI document
// follows, so that the generated web types say what the server sends
// without hand-written patches:
//
//   - Presence: a JSON field without omitempty is always marshalled, so it is
//     required; with omitempty it is optional.
//   - Nullability: a field is nullable exactly when its Go type is a pointer
//     (without omitempty) or it is tagged nullable:"true". Slices and maps
//     are not nullable: the API sends [] and {}, never null, for them.
//
// It also names the schemas: <package><Type> for plain types (BudgetPrivateRow)
// and <Type>Of<argument> for generic ones (PageOfBudgetPrivateRow), without
// Go package paths. Two types that would share a name are an error, not a
// silently suffixed name: renaming a schema renames the web app's type.
type schemaRules struct {
	names      map[string]reflect.Type
	collisions []string
}

func newSchemaRules() *schemaRules {
	return &schemaRules{names: map[string]reflect.Type{}}
}

// options to add to the JSON-schema reflector's DefaultOptions.
func (s *schemaRules) options() []func(*jsonschema.ReflectContext) {
	return []func(*jsonschema.ReflectContext){
		jsonschema.InterceptDefName(s.defName),
		jsonschema.InterceptProp(presenceAndNullability),
		jsonschema.InterceptProp(enumOnItems),
	}
}

// err reports every name two types wanted.
func (s *schemaRules) err() error {
	if len(s.collisions) == 0 {
		return nil
	}
	sort.Strings(s.collisions)
	return fmt.Errorf("OpenAPI schema names collide (rename a type): %s", strings.Join(s.collisions, "; "))
}

func (s *schemaRules) defName(t reflect.Type, _ string) string {
	name := SchemaName(t)
	if prev, ok := s.names[name]; ok && prev != t {
		s.collisions = append(s.collisions, fmt.Sprintf("%s is both %s and %s", name, typeString(prev), typeString(t)))
		// a distinct name keeps the reflector going; err() fails the document
		return name + "Collision" + fmt.Sprint(len(s.collisions))
	}
	s.names[name] = t
	return name
}

func typeString(t reflect.Type) string { return t.PkgPath() + "." + t.Name() }

// SchemaName is the OpenAPI schema name of a named Go type.
func SchemaName(t reflect.Type) string {
	return qualifiedName(t.PkgPath(), t.Name())
}

// qualifiedName turns a package path and a type name (generic arguments
// spelled out as reflect writes them: "Page[mobility/portal/internal/budget.PrivateRow]")
// into "BudgetPrivateRow" or "PageOfBudgetPrivateRow".
func qualifiedName(pkgPath, name string) string {
	base, args, generic := strings.Cut(name, "[")
	if !generic {
		if pkgPath == "" || pkgPath == "main" {
			return upperFirst(base)
		}
		return upperFirst(camel(path.Base(pkgPath))) + upperFirst(base)
	}
	// A generic wrapper (api.Page, ...) is named by what it wraps, not by
	// the package it lives in: PageOfBudgetPrivateRow.
	parts := []string{upperFirst(base)}
	for _, arg := range splitTypeArgs(strings.TrimSuffix(args, "]")) {
		parts = append(parts, argName(arg))
	}
	return strings.Join(parts, "Of")
}

// argName names one type argument: "mobility/portal/internal/budget.PrivateRow"
// → "BudgetPrivateRow"; builtins ("string", "[]int") are spelled out.
func argName(arg string) string {
	arg = strings.TrimSpace(arg)
	switch {
	case strings.HasPrefix(arg, "[]"):
		return "ListOf" + argName(arg[2:])
	case strings.HasPrefix(arg, "*"):
		return argName(arg[1:])
	}
	// the package path ends at the last dot before any generic bracket
	head, _, _ := strings.Cut(arg, "[")
	dot := strings.LastIndex(head, ".")
	if dot < 0 {
		return upperFirst(arg)
	}
	return qualifiedName(arg[:dot], arg[dot+1:])
}

// splitTypeArgs splits "A,B[C,D]" at its top-level commas.
func splitTypeArgs(s string) []string {
	var out []string
	depth, start := 0, 0
	for i, r := range s {
		switch r {
		case '[':
			depth++
		case ']':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

// camel turns "user_group" or "user-group" into "userGroup".
func camel(s string) string {
	var b strings.Builder
	up := false
	for _, r := range s {
		if r == '_' || r == '-' || r == '.' {
			up = true
			continue
		}
		if up {
			r = unicode.ToUpper(r)
			up = false
		}
		b.WriteRune(r)
	}
	return b.String()
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	r := []rune(s)
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}

// presenceAndNullability applies the presence and nullability rules to one
// JSON body property, after the reflector built its schema. Header, query,
// path and form fields (no json tag) keep their own required tags.
func presenceAndNullability(p jsonschema.InterceptPropParams) error {
	if !p.Processed || p.PropertySchema == nil || p.ParentSchema == nil {
		return nil
	}
	tag, ok := p.Field.Tag.Lookup("json")
	if !ok {
		return nil
	}
	omitEmpty := strings.Contains(tag, ",omitempty")
	if !omitEmpty && !contains(p.ParentSchema.Required, p.Name) {
		p.ParentSchema.Required = append(p.ParentSchema.Required, p.Name)
	}

	nullable := p.Field.Type.Kind() == reflect.Pointer && !omitEmpty
	if v, tagged := p.Field.Tag.Lookup("nullable"); tagged {
		nullable = v == "true"
	}
	ps := p.PropertySchema
	switch {
	case ps.Ref != nil && nullable:
		// OpenAPI 3.0 ignores keywords next to $ref: wrap it, so that
		// the document says "this schema or null".
		ref := *ps
		*ps = jsonschema.Schema{}
		ps.Description, ref.Description = ref.Description, nil
		ps.AllOf = []jsonschema.SchemaOrBool{ref.ToSchemaOrBool()}
		ps.AddType(jsonschema.Null)
	case ps.Ref != nil:
		ps.Type = nil
	case nullable:
		ps.AddType(jsonschema.Null)
	case ps.HasType(jsonschema.Null):
		ps.RemoveType(jsonschema.Null)
	}
	return nil
}

// enumOnItems: an enum tag on a slice field names the values its items may
// take (invoice's statuses: ["PAID","SENT"]). The reflector puts it on the
// array itself, which says the whole array is one of the strings, so the
// web app's type would be a string, not a list; it belongs on the items.
func enumOnItems(p jsonschema.InterceptPropParams) error {
	if !p.Processed || p.PropertySchema == nil {
		return nil
	}
	ps := p.PropertySchema
	if len(ps.Enum) == 0 || !ps.HasType(jsonschema.Array) || ps.Items == nil || ps.Items.SchemaOrBool == nil ||
		ps.Items.SchemaOrBool.TypeObject == nil {
		return nil
	}
	ps.Items.SchemaOrBool.TypeObject.Enum = ps.Enum
	ps.Enum = nil
	return nil
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
