package server_test

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"mobility/portal/internal/apperr"
	"mobility/portal/internal/i18n"
	_ "mobility/portal/internal/server" // links every domain, so every label is defined
)

// Every errorLabel the server can send has its server text error.<LABEL>
// in nl, en and fr (api.WriteError answers it in the caller's language).
func TestEveryLabelHasAServerText(t *testing.T) {
	labels := apperr.Labels()
	if len(labels) < 30 {
		t.Fatalf("only %d labels defined: is every domain linked?", len(labels))
	}
	for _, l := range labels {
		for _, lang := range i18n.Supported {
			if !i18n.HasIn(lang, "error."+l) {
				t.Errorf("error.%s has no %s text (add it to an internal/i18n/catalog_*.go)", l, lang)
			}
		}
	}
}

// Every errorLabel has errors.<LABEL> in the web app's nl, en and fr
// files (web/src/locales/locales.test.ts checks the same from the
// generated openapi.json; this one runs with the Go tests).
func TestEveryLabelHasAWebText(t *testing.T) {
	for _, lang := range i18n.Supported {
		b, err := os.ReadFile(filepath.Join("../../web/src/locales", string(lang), "errors.json"))
		if err != nil {
			t.Fatal(err)
		}
		var texts map[string]string
		if err := json.Unmarshal(b, &texts); err != nil {
			t.Fatal(err)
		}
		for _, l := range apperr.Labels() {
			if strings.TrimSpace(texts[l]) == "" {
				t.Errorf("web/src/locales/%s/errors.json has no %s", lang, l)
			}
		}
	}
}

// No label bypasses the registry: the Go sources pass no string literal
// as a label to an apperr constructor, WithLabel, an apperr.Error or an
// api.ErrorBody unless it was defined with apperr.Define, and declare no
// `const LabelX = "..."` (which would keep the label out of the list).
func TestNoLabelOutsideTheRegistry(t *testing.T) {
	// argument index of the label in each constructor
	labelArg := map[string]int{"New": 1, "Invalid": 0, "Unauthorized": 0, "Conflict": 0, "WithLabel": 0}
	fset := token.NewFileSet()
	files := 0
	for _, root := range []string{"../../internal", "../../cmd"} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			f, err := parser.ParseFile(fset, path, nil, 0)
			if err != nil {
				return err
			}
			files++
			inApperr := f.Name.Name == "apperr"
			check := func(e ast.Expr, what string) {
				lit, ok := e.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					return
				}
				s, _ := strconv.Unquote(lit.Value)
				if !apperr.IsDefined(s) {
					t.Errorf("%s: %s gets the label %q, which apperr.Define does not know", fset.Position(lit.Pos()), what, s)
				}
			}
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.CallExpr:
					sel, ok := n.Fun.(*ast.SelectorExpr)
					var name string
					switch {
					case ok && sel.Sel.Name == "WithLabel":
						name = "WithLabel"
					case ok && isIdent(sel.X, "apperr"):
						name = sel.Sel.Name
					case inApperr:
						if id, ok := n.Fun.(*ast.Ident); ok {
							name = id.Name
						}
					}
					if i, ok := labelArg[name]; ok && i < len(n.Args) {
						check(n.Args[i], name)
					}
				case *ast.CompositeLit:
					typeName := typeString(n.Type)
					for _, el := range n.Elts {
						kv, ok := el.(*ast.KeyValueExpr)
						if !ok {
							continue
						}
						key := typeString(kv.Key)
						if (key == "Label" && (typeName == "apperr.Error" || (inApperr && typeName == "Error"))) ||
							(key == "ErrorLabel" && strings.HasSuffix(typeName, "ErrorBody")) {
							check(kv.Value, typeName)
						}
					}
				case *ast.GenDecl:
					if n.Tok != token.CONST {
						return true
					}
					for _, spec := range n.Specs {
						vs := spec.(*ast.ValueSpec)
						for i, id := range vs.Names {
							if strings.HasPrefix(id.Name, "Label") && i < len(vs.Values) {
								if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
									t.Errorf("%s: const %s = %s: declare it as var %s = apperr.Define(%s)",
										fset.Position(id.Pos()), id.Name, lit.Value, id.Name, lit.Value)
								}
							}
						}
					}
				}
				return true
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if files < 50 {
		t.Fatalf("scanned only %d files", files)
	}
}

func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

func typeString(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return typeString(e.X) + "." + e.Sel.Name
	case *ast.StarExpr:
		return typeString(e.X)
	}
	return ""
}
