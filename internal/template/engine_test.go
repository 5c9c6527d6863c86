package template

import (
	"context"
	"strings"
	"testing"

	"mobility/portal/internal/i18n"
	"mobility/portal/internal/mail"
)

// Every predefined mail renders in every template language from its
// shipped default with its sample parameters, without "<no value>" and
// with every sample text it uses.
func TestShippedDefaultsRenderInEveryLanguage(t *testing.T) {
	for _, d := range predefined {
		for _, lang := range Languages {
			sv := shipped[d.Name+"/"+lang]
			if sv == nil || sv.Subject == "" || sv.Body == "" {
				t.Fatalf("%s/%s: no shipped version", lang, d.Name)
			}
			subject, err := sv.subject.execute(d.samples())
			if err != nil || subject == "" {
				t.Errorf("%s/%s subject: %q %v", lang, d.Name, subject, err)
			}
			body, err := sv.body.execute(d.samples())
			if err != nil || body == "" || strings.Contains(body, "<no value>") {
				t.Errorf("%s/%s body: %q %v", lang, d.Name, body, err)
			}
			if strings.Contains(sv.Body, "{{.Name}}") && !strings.Contains(body, "Eva Peeters") && !strings.Contains(body, "Anna Acme") {
				t.Errorf("%s/%s: the name is not in %q", lang, d.Name, body)
			}
		}
	}
}

// The callers' own data (maps of strings, []string, structs in a list)
// render through the shipped renderer, as the outbox does.
func TestShippedRendererTakesTheCallersData(t *testing.T) {
	type line struct{ Date, Amount, Remark string }
	r := ShippedRenderer{}
	out, err := r.Render(context.Background(), mail.Message{Name: "expense_receipt", Lang: i18n.FR, Data: map[string]any{
		"Name": "An", "Company": "Acme", "BookingID": "B-1", "Corrections": []line{{"01/11/2026", "-€ 1,00", "fix"}}, "Net": "€ 9,00"}})
	if err != nil || !strings.Contains(out.Body, "01/11/2026  -€ 1,00  fix") || !strings.Contains(out.Subject, "B-1") {
		t.Fatalf("receipt: %+v %v", out, err)
	}
	out, err = r.Render(context.Background(), mail.Message{Name: "reset_login", Lang: i18n.EN, Data: map[string]any{
		"Logins": []string{"a.one", "b.two"}, "OneLogin": false, "URL": "http://x"}})
	if err != nil || !strings.Contains(out.Body, "These logins use this address") || !strings.Contains(out.Body, "b.two") {
		t.Fatalf("reset_login: %+v %v", out, err)
	}
	out, err = r.Render(context.Background(), mail.Message{Name: "email_changed", Lang: "de", Data: map[string]string{
		"Name": "An", "ChangedBy": "Bo Boss", "ChangedByEmail": "bo@example.com", "When": "21/11/2026 10:00", "HelpEmail": "help@example.com"}})
	if err != nil || !strings.Contains(out.Body, "Am 21/11/2026 10:00 hat Bo Boss") {
		t.Fatalf("email_changed in German: %+v %v", out, err)
	}
}

func TestEngineRefusesOutsideTheSubset(t *testing.T) {
	welcome := declare(byName["credentials_mobile"].Params)
	receipt := declare(byName["expense_receipt"].Params)
	for _, c := range []struct {
		name, body string
		params     declared
		key        string
		line       int
	}{
		{"unknown parameter", "Hello\n\nDear {{.Name}} of {{.Company}},\n{{.Foo}}", welcome, "template.rule.unknownParam", 4},
		{"syntax error", "Hello {{.Name}\n", welcome, "template.rule.syntax", 1},
		{"unclosed if", "Line 1\n{{if .Name}}yes", welcome, "template.rule.syntax", 2},
		{"builtin function", "{{printf \"%s\" .Name}}", welcome, "template.rule.function", 1},
		{"call a builtin alone", "{{len .Name}}", welcome, "template.rule.function", 1},
		{"pipeline", "{{.Name | html}}", welcome, "template.rule.function", 1},
		{"variable", "{{$x := .Name}}{{$x}}", welcome, "template.rule.variable", 1},
		{"range variable", "{{range $i, $c := .Corrections}}{{end}}", receipt, "template.rule.variable", 1},
		{"constant", "{{\"text\"}}", welcome, "template.rule.notAllowed", 1},
		{"number range", "{{range 1000000000}}x{{end}}", nil, "template.rule.notAllowed", 1},
		{"nested field", "{{.Name.Length}}", welcome, "template.rule.notAllowed", 1},
		{"with", "{{with .Name}}{{.}}{{end}}", welcome, "template.rule.notAllowed", 1},
		{"template call", "{{template \"x\"}}", welcome, "template.rule.notAllowed", 1},
		{"define", "{{define \"x\"}}hi{{end}}body", welcome, "template.rule.notAllowed", 1},
		{"dot outside range", "{{.}}", welcome, "template.rule.dot", 1},
		{"range over a value", "{{range .Name}}{{.}}{{end}}", welcome, "template.rule.notAList", 1},
		{"list as a value", "{{.Corrections}}", receipt, "template.rule.listAsValue", 1},
		{"unknown field", "{{range .Corrections}}{{.Secret}}{{end}}", receipt, "template.rule.unknownField", 1},
		{"nested range", "{{range .Corrections}}{{range .Date}}{{end}}{{end}}", receipt, "template.rule.nestedRange", 1},
		{"own template: list and value", "{{range .X}}{{.}}{{end}}{{.X}}", nil, "template.rule.listAsValue", 1},
		{"NUL", "a\x00b", nil, "template.rule.encoding", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := compile(c.body, false, c.params)
			pr, ok := err.(*problem)
			if !ok || pr.key != c.key {
				t.Fatalf("want %s, got %v", c.key, err)
			}
			if c.line > 0 && (len(pr.args) == 0 || pr.args[0] != c.line) {
				t.Fatalf("want line %d, got %v", c.line, pr.args)
			}
		})
	}
}

func TestUnknownParameterMessageNamesParameterAndLine(t *testing.T) {
	_, err := compile("a\nb\n{{.Foo}}", false, declare(byName["reset_password"].Params))
	pr := err.(*problem)
	for lang, want := range map[i18n.Lang]string{
		i18n.EN: "Unknown parameter {{.Foo}} on line 3",
		i18n.NL: "Onbekende parameter {{.Foo}} op regel 3",
		i18n.FR: "Paramètre inconnu {{.Foo}} à la ligne 3",
	} {
		if got := i18n.T(lang, pr.key, pr.args...); got != want {
			t.Errorf("%s: %q, want %q", lang, got, want)
		}
	}
}

// An HTML template escapes every parameter by its context: markup in a
// name comes out as text, a javascript: link is neutralised.
func TestHTMLTemplateEscapesParameters(t *testing.T) {
	c, err := compile(`<p>Hello {{.Name}}</p><a href="{{.Link}}">set</a>`, true, declare(byName["reset_password"].Params))
	if err != nil {
		t.Fatal(err)
	}
	out, err := c.execute(map[string]any{"Name": `<script>alert("x")</script>`, "Link": "javascript:alert(1)"})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out, "<script>") || !strings.Contains(out, "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;") ||
		strings.Contains(out, "javascript:") {
		t.Fatalf("not escaped: %s", out)
	}
	// the same text as a TEXT template stays as it is (a plain-text mail)
	tc, _ := compile(`Hello {{.Name}}`, false, nil)
	if out, _ := tc.execute(map[string]any{"Name": "<b>"}); out != "Hello <b>" {
		t.Fatalf("text: %q", out)
	}
	// HTML the escaper cannot place is refused when saved, not when sent
	if _, err := compile(`<a href="{{.Link}}`, true, declare(byName["reset_password"].Params)); err == nil ||
		err.(*problem).key != "template.rule.html" {
		t.Fatalf("unterminated attribute: %v", err)
	}
}

// Whatever the parameters hold, a render never loops over a number, never
// writes more than MaxOutputBytes and never prints "<no value>".
func TestRenderIsBounded(t *testing.T) {
	c, err := compile("{{range .Items}}{{.}}{{end}}|{{.Missing}}|{{if .Flag}}on{{end}}", false, nil)
	if err != nil {
		t.Fatal(err)
	}
	out, err := c.execute(map[string]any{"Items": 1e9, "Flag": map[string]any{"a": 1}})
	if err != nil || out != "||on" {
		t.Fatalf("number as list: %q %v", out, err)
	}
	big := make([]any, 40000)
	for i := range big {
		big[i] = strings.Repeat("x", 5000)
	}
	if _, err := c.execute(map[string]any{"Items": big}); err != errOutputTooLong {
		t.Fatalf("40,000 items of 5,000 characters: %v", err)
	}
	few := make([]any, 1500)
	for i := range few {
		few[i] = "y"
	}
	out, _ = c.execute(map[string]any{"Items": few})
	if strings.Count(out, "y") != maxItems {
		t.Fatalf("items rendered: %d", strings.Count(out, "y"))
	}
}

// The engine never panics and never runs anything outside the subset,
// whatever the body.
func FuzzCompile(f *testing.F) {
	for _, s := range []string{"Hello {{.Name}}", "{{if .A}}x{{else}}y{{end}}", "{{range .L}}{{.}}{{end}}", "{{", "}}{{.",
		"{{range .L}}{{.F}}{{end}}", "<a href=\"{{.U}}\">", "{{/* c */}}", "{{- .A -}}", "{{block \"a\" .}}{{end}}"} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, body string, html bool) {
		c, err := compile(body, html, nil)
		if err != nil {
			return
		}
		params := map[string]any{}
		for name, u := range c.uses {
			if u.list {
				params[name] = []any{"<i>", map[string]any{"F": "v"}, 3.0}
			} else {
				params[name] = "<b>&"
			}
		}
		if _, err := c.execute(params); err != nil && err != errOutputTooLong {
			t.Fatalf("%q: %v", body, err)
		}
	})
}
