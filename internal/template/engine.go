package template

import (
	"encoding/json"
	"errors"
	"fmt"
	htmltemplate "html/template"
	"io"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	texttemplate "text/template"
	"text/template/parse"
	"unicode/utf8"
)

// The safe engine: Go's text/template (TEXT) and html/template (HTML,
// contextual escaping), held to a subset checked on the parse tree before
// anything runs:
//
//	{{.param}}                         a parameter's value
//	{{if .param}}…{{else}}…{{end}}     a parameter's truthiness
//	{{range .param}}…{{.}}…{{end}}     the items of a list parameter
//	{{range .param}}…{{.field}}…{{end}} the fields of a list's items (declared)
//
// plus text, comments and {{- -}} trimming. No function calls (not even
// the builtins), no variables, no pipelines, no constants, no nested
// range, no {{template}}/{{define}}/{{with}}/{{block}}: nothing a template
// author writes can run code or loop longer than a list the caller gave.
// Rendering is bounded too (maxItems per list, MaxOutputBytes of output).

// Limits of a template and of a render.
const (
	MaxBodyLength    = 100_000 // characters of a body
	MaxSubjectLength = 500     // characters of a subject
	MaxOutputBytes   = 1 << 20 // bytes one render may write
	maxItems         = 1000    // items of a list parameter rendered
	maxParams        = 100     // parameters one template may use
	maxParamValue    = 10_000  // characters of one parameter's value
	maxSubjectOutput = 998     // RFC 5322's line length
)

// Param is a parameter a predefined template declares.
type Param struct {
	Name string `json:"name"`
	// List parameters are used with range; Fields are their items' fields
	// (none: the items are plain values, {{.}}).
	List   bool     `json:"list"`
	Fields []string `json:"fields,omitempty"`
	// Secret values (links that sign in or set a password, pincodes) are
	// masked before they are kept for the preview.
	Secret bool `json:"secret"`
	// Sample is what the preview shows without a recent render.
	Sample any `json:"sample"`
}

// problem is why a template is refused: a message key of the catalog
// (template.rule.*) with its arguments, the line first.
type problem struct {
	key  string
	args []any
}

func (p *problem) Error() string { return fmt.Sprint(p.key, p.args) }

func refuse(key string, args ...any) *problem { return &problem{key: key, args: args} }

// use is how a template uses a parameter.
type use struct {
	list   bool // ranged over (or declared a list)
	value  bool // printed
	fields map[string]bool
}

// compiled is a checked, parsed template ready to execute (safe for
// concurrent use).
type compiled struct {
	html  bool
	text  *texttemplate.Template
	htm   *htmltemplate.Template
	uses  map[string]*use
	empty bool
}

// declared maps a predefined template's parameters by name; nil accepts
// any parameter name (a template of its own), used consistently.
type declared map[string]Param

func declare(ps []Param) declared {
	out := make(declared, len(ps))
	for _, p := range ps {
		out[p.Name] = p
	}
	return out
}

var errPattern = regexp.MustCompile(`^template: [^:]*:(\d+):(?:\d+:)?\s*(.*)$`)

// compile checks and parses body. html selects html/template.
func compile(body string, html bool, params declared) (c *compiled, err error) {
	defer func() {
		if r := recover(); r != nil {
			c, err = nil, refuse("template.rule.syntax", 1, fmt.Sprint(r))
		}
	}()
	if !utf8.ValidString(body) || strings.ContainsRune(body, 0) {
		return nil, refuse("template.rule.encoding")
	}
	c = &compiled{html: html, uses: map[string]*use{}, empty: body == ""}
	var tree *parse.Tree
	if html {
		t, err := htmltemplate.New("body").Parse(body)
		if err != nil {
			return nil, syntaxProblem(err)
		}
		c.htm, tree = t, t.Tree
	} else {
		t, err := texttemplate.New("body").Parse(body)
		if err != nil {
			return nil, syntaxProblem(err)
		}
		c.text, tree = t, t.Tree
	}
	if err := checkDefinitions(body, html, c); err != nil {
		return nil, err
	}
	if tree != nil && tree.Root != nil {
		w := &walker{tree: tree, params: params, uses: c.uses}
		if err := w.list(tree.Root, nil); err != nil {
			return nil, err
		}
	}
	if len(c.uses) > maxParams {
		return nil, refuse("template.rule.tooManyParams", maxParams)
	}
	if html {
		// html/template escapes on the first execution: do it now, with
		// empty values, so a template it cannot escape is refused here
		if err := c.htm.Execute(io.Discard, c.data(nil)); err != nil {
			return nil, escapeProblem(err)
		}
	}
	return c, nil
}

// checkDefinitions refuses {{define}} and {{block}}: they add templates
// beside the body, which the walk of the body's tree would not see.
func checkDefinitions(body string, html bool, c *compiled) error {
	var n int
	if html {
		n = len(c.htm.Templates())
	} else {
		n = len(c.text.Templates())
	}
	if n > 1 {
		return refuse("template.rule.notAllowed", lineOf(body, "define"), "{{define}}")
	}
	return nil
}

func lineOf(body, word string) int {
	i := strings.Index(body, word)
	if i < 0 {
		return 1
	}
	return strings.Count(body[:i], "\n") + 1
}

func syntaxProblem(err error) *problem {
	msg := err.Error()
	if m := errPattern.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		return refuse("template.rule.syntax", line, m[2])
	}
	return refuse("template.rule.syntax", 1, strings.TrimPrefix(msg, "template: "))
}

func escapeProblem(err error) *problem {
	var he *htmltemplate.Error
	if errors.As(err, &he) {
		line := he.Line
		if line == 0 {
			line = 1
		}
		return refuse("template.rule.html", line, he.Description)
	}
	return refuse("template.rule.html", 1, err.Error())
}

// walker checks a parse tree against the subset.
type walker struct {
	tree   *parse.Tree
	params declared
	uses   map[string]*use
}

func (w *walker) line(n parse.Node) int {
	loc, _ := w.tree.ErrorContext(n)
	parts := strings.Split(loc, ":")
	if len(parts) >= 2 {
		if l, err := strconv.Atoi(parts[1]); err == nil {
			return l
		}
	}
	return 1
}

// list checks the nodes of a list; item is the list parameter being
// ranged over ("" outside a range).
func (w *walker) list(l *parse.ListNode, item *string) error {
	if l == nil {
		return nil
	}
	for _, n := range l.Nodes {
		switch n := n.(type) {
		case *parse.TextNode, *parse.CommentNode:
		case *parse.ActionNode:
			if err := w.pipe(n.Pipe, n, item, false); err != nil {
				return err
			}
		case *parse.IfNode:
			if err := w.pipe(n.Pipe, n, item, false); err != nil {
				return err
			}
			if err := w.list(n.List, item); err != nil {
				return err
			}
			if err := w.list(n.ElseList, item); err != nil {
				return err
			}
		case *parse.RangeNode:
			if item != nil {
				return refuse("template.rule.nestedRange", w.line(n))
			}
			if err := w.pipe(n.Pipe, n, nil, true); err != nil {
				return err
			}
			name := n.Pipe.Cmds[0].Args[0].(*parse.FieldNode).Ident[0]
			if err := w.list(n.List, &name); err != nil {
				return err
			}
			if err := w.list(n.ElseList, nil); err != nil {
				return err
			}
		default:
			return refuse("template.rule.notAllowed", w.line(n), clip(n.String()))
		}
	}
	return nil
}

// pipe checks an action's, if's or range's pipeline: exactly one
// parameter (or, inside a range, the item or one of its fields).
func (w *walker) pipe(p *parse.PipeNode, at parse.Node, item *string, ranging bool) error {
	if p == nil {
		return refuse("template.rule.notAllowed", w.line(at), clip(at.String()))
	}
	if len(p.Decl) > 0 || p.IsAssign {
		return refuse("template.rule.variable", w.line(at), clip(p.String()))
	}
	if len(p.Cmds) != 1 || len(p.Cmds[0].Args) != 1 {
		return refuse("template.rule.function", w.line(at), clip(p.String()))
	}
	switch a := p.Cmds[0].Args[0].(type) {
	case *parse.FieldNode:
		if len(a.Ident) != 1 {
			return refuse("template.rule.notAllowed", w.line(at), clip(a.String()))
		}
		name := a.Ident[0]
		if item != nil {
			return w.field(*item, name, at)
		}
		return w.param(name, ranging, at)
	case *parse.DotNode:
		if item == nil || ranging {
			return refuse("template.rule.dot", w.line(at))
		}
		if u := w.uses[*item]; u != nil && len(u.fields) > 0 {
			return refuse("template.rule.dotOfFields", w.line(at), *item)
		}
		if d, ok := w.params[*item]; ok && len(d.Fields) > 0 {
			return refuse("template.rule.dotOfFields", w.line(at), *item)
		}
		return nil
	case *parse.IdentifierNode:
		return refuse("template.rule.function", w.line(at), a.Ident)
	case *parse.VariableNode:
		return refuse("template.rule.variable", w.line(at), clip(a.String()))
	default:
		return refuse("template.rule.notAllowed", w.line(at), clip(a.String()))
	}
}

// param records a top-level parameter and checks it is declared (and a
// list exactly where it is ranged over; if may test either).
func (w *walker) param(name string, ranging bool, at parse.Node) error {
	_, isIf := at.(*parse.IfNode)
	u := w.uses[name]
	if u == nil {
		u = &use{}
		w.uses[name] = u
	}
	if w.params != nil {
		d, ok := w.params[name]
		if !ok {
			return refuse("template.rule.unknownParam", w.line(at), name)
		}
		switch {
		case ranging && !d.List:
			return refuse("template.rule.notAList", w.line(at), name)
		case !ranging && !isIf && d.List:
			return refuse("template.rule.listAsValue", w.line(at), name)
		}
		u.list = d.List
		return nil
	}
	switch {
	case ranging:
		if u.value {
			return refuse("template.rule.listAsValue", w.line(at), name)
		}
		u.list = true
	case !isIf:
		if u.list {
			return refuse("template.rule.listAsValue", w.line(at), name)
		}
		u.value = true
	}
	return nil
}

// field records a field of a list's items.
func (w *walker) field(list, name string, at parse.Node) error {
	if w.params != nil {
		d := w.params[list]
		if !containsString(d.Fields, name) {
			return refuse("template.rule.unknownField", w.line(at), list, name)
		}
	}
	u := w.uses[list]
	if u.fields == nil {
		u.fields = map[string]bool{}
	}
	u.fields[name] = true
	return nil
}

func containsString(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

func clip(s string) string {
	if utf8.RuneCountInString(s) > 60 {
		r := []rune(s)
		return string(r[:60]) + "…"
	}
	return s
}

// data builds the values a render sees from the caller's parameters: the
// parameters the template uses and nothing else, each a string or a bool,
// lists as at most maxItems items (plain strings or maps of their fields);
// a missing parameter is empty. Whatever the caller passes (numbers,
// nested objects, a number where a list belongs) renders as text or not
// at all, never as a loop over an integer.
func (c *compiled) data(params map[string]any) map[string]any {
	out := make(map[string]any, len(c.uses))
	for name, u := range c.uses {
		v := params[name]
		if !u.list {
			out[name] = scalar(v)
			continue
		}
		items, _ := v.([]any)
		if len(items) > maxItems {
			items = items[:maxItems]
		}
		list := make([]any, 0, len(items))
		for _, it := range items {
			if len(u.fields) == 0 {
				list = append(list, text(it))
				continue
			}
			obj, _ := it.(map[string]any)
			m := make(map[string]any, len(u.fields))
			for f := range u.fields {
				m[f] = scalar(obj[f])
			}
			list = append(list, m)
		}
		out[name] = list
	}
	return out
}

// scalar is a parameter's value as a render uses it: a bool stays a bool
// (for if), anything else becomes text.
func scalar(v any) any {
	if b, ok := v.(bool); ok {
		return b
	}
	return text(v)
}

func text(v any) string {
	var s string
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		s = v
	case float64:
		s = strconv.FormatFloat(v, 'f', -1, 64)
	case bool:
		s = strconv.FormatBool(v)
	case json.Number:
		s = v.String()
	default:
		b, _ := json.Marshal(v)
		s = string(b)
	}
	if len(s) > maxParamValue*4 || utf8.RuneCountInString(s) > maxParamValue {
		r := []rune(s)
		if len(r) > maxParamValue {
			s = string(r[:maxParamValue])
		}
	}
	return strings.ToValidUTF8(s, "")
}

// errOutputTooLong: a render wrote more than MaxOutputBytes.
var errOutputTooLong = errors.New("template output too long")

type limited struct {
	b strings.Builder
	n int
}

func (l *limited) Write(p []byte) (int, error) {
	if l.b.Len()+len(p) > l.n {
		return 0, errOutputTooLong
	}
	return l.b.Write(p)
}

// execute renders c with params (normalized by data).
func (c *compiled) execute(params map[string]any) (out string, err error) {
	defer func() {
		if r := recover(); r != nil {
			out, err = "", fmt.Errorf("template render: %v", r)
		}
	}()
	if c.empty {
		return "", nil
	}
	w := &limited{n: MaxOutputBytes}
	d := c.data(params)
	if c.html {
		err = c.htm.Execute(w, d)
	} else {
		err = c.text.Execute(w, d)
	}
	if err != nil {
		if errors.Is(err, errOutputTooLong) {
			return "", errOutputTooLong
		}
		return "", err
	}
	return w.b.String(), nil
}

// normalize turns any parameter value a caller passes (maps, structs,
// slices of either) into JSON's generic shapes.
func normalize(v any) map[string]any {
	switch v := v.(type) {
	case nil:
		return map[string]any{}
	case map[string]any:
		if plain(v) {
			return v
		}
	case map[string]string:
		out := make(map[string]any, len(v))
		for k, s := range v {
			out[k] = s
		}
		return out
	}
	b, err := json.Marshal(v)
	if err != nil {
		return map[string]any{}
	}
	var out map[string]any
	if json.Unmarshal(b, &out) != nil || out == nil {
		return map[string]any{}
	}
	return out
}

// plain tells whether a map holds only JSON's generic shapes already.
func plain(m map[string]any) bool {
	for _, v := range m {
		switch v := v.(type) {
		case nil, string, bool, float64:
		case []any:
			for _, it := range v {
				switch it.(type) {
				case string, nil, bool, float64:
				case map[string]any:
				default:
					return false
				}
			}
		default:
			_ = reflect.TypeOf(v)
			return false
		}
	}
	return true
}

// subjectLine renders a subject as one header line.
func subjectLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > maxSubjectOutput {
		r := []rune(s)
		if len(r) > maxSubjectOutput/4 {
			s = string(r[:maxSubjectOutput/4])
		}
	}
	return s
}
