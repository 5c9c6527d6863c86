package svgsafe

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"strings"
	"testing"
)

// wellFormed parses the whole document strictly: the sanitiser's output
// must be XML any renderer reads the same way.
func wellFormed(t *testing.T, b []byte) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(b))
	for {
		_, err := d.Token()
		if errors.Is(err, io.EOF) {
			return
		}
		if err != nil {
			t.Fatalf("not well-formed: %v\n%s", err, b)
		}
	}
}

func TestSanitizeSVGDropsWhatRuns(t *testing.T) {
	cases := []struct {
		name string
		in   string
		gone []string // must not be in the output (case-insensitive)
		kept []string // must be
		w, h int
	}{
		{"script element", `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="20"><script>alert(1)</script><script type="text/ecmascript"><![CDATA[alert(2)]]></script><rect width="5" height="5"/></svg>`,
			[]string{"script", "alert"}, []string{`<rect width="5" height="5">`}, 10, 20},
		{"event handlers", `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><g onclick="x()" ONMOUSEOVER="y()"><circle r="3" onerror="z()"/></g></svg>`,
			[]string{"onload", "onclick", "onmouseover", "onerror", "alert"}, []string{`<circle r="3">`}, 0, 0},
		{"javascript href", `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><a href="javascript:alert(1)"><rect width="1" height="1"/></a><use xlink:href="  jAvAsCrIpT:alert(2)"/><use href="java&#x0A;script:alert(3)"/></svg>`,
			[]string{"javascript", "alert", "<a"}, []string{"<use>"}, 0, 0},
		{"external and data hrefs", `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><use xlink:href="http://evil.example/x.svg#a"/><use href="//evil.example/y.svg#b"/><image href="data:image/png;base64,AAAA"/><use href="#ok"/><rect id="ok" width="1" height="1" fill="url(http://evil.example/f)" stroke="url(#grad)"/></svg>`,
			[]string{"evil", "data:", "<image"}, []string{`<use href="#ok">`, `stroke="url(#grad)"`, `<rect id="ok"`}, 0, 0},
		{"doctype entities", `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd"><!ENTITY lol "lol">]><svg xmlns="http://www.w3.org/2000/svg"><text>&xxe;&lol;</text></svg>`,
			[]string{"doctype", "<!entity", "file:///", "passwd\"", "<?xml"}, []string{"<text>&amp;xxe;&amp;lol;</text>"}, 0, 0},
		{"foreignObject and html", `<svg xmlns="http://www.w3.org/2000/svg"><foreignObject width="10" height="10"><body xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.example"/></body></foreignObject><path d="M0 0L1 1"/></svg>`,
			[]string{"foreignobject", "iframe", "evil", "body"}, []string{`<path d="M0 0L1 1">`}, 0, 0},
		{"style, stylesheets and comments", `<?xml-stylesheet href="https://evil.example/a.css"?><svg xmlns="http://www.w3.org/2000/svg"><!-- hidden --><style>@import url(https://evil.example/b.css);</style><rect style="fill:red;background:url(https://evil.example/c)" width="1" height="1"/><circle style="fill: #FF0000; stroke-width: 2" r="1"/></svg>`,
			[]string{"evil", "hidden", "<style", "@import", "url("}, []string{`style="fill: #FF0000; stroke-width: 2"`}, 0, 0},
		{"animation that rewrites an href", `<svg xmlns="http://www.w3.org/2000/svg"><a><set attributeName="href" to="javascript:alert(1)"/><animate attributeName="href" values="javascript:alert(1)"/></a></svg>`,
			[]string{"javascript", "<set", "<animate"}, nil, 0, 0},
		{"prefixed svg and foreign namespaces", `<svg:svg xmlns:svg="http://www.w3.org/2000/svg" xmlns:evil="urn:evil" viewBox="0 0 64 32" evil:x="1"><svg:rect width="1" height="1"/><evil:thing>x</evil:thing></svg:svg>`,
			[]string{"evil", "svg:"}, []string{`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 32">`, "<rect"}, 64, 32},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, w, h, err := Sanitize([]byte(c.in))
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			wellFormed(t, out)
			low := strings.ToLower(string(out))
			for _, g := range c.gone {
				if strings.Contains(low, strings.ToLower(g)) {
					t.Errorf("%q survived: %s", g, out)
				}
			}
			for _, k := range c.kept {
				if !strings.Contains(string(out), k) {
					t.Errorf("%q lost: %s", k, out)
				}
			}
			if w != c.w || h != c.h {
				t.Errorf("size %dx%d, want %dx%d", w, h, c.w, c.h)
			}
		})
	}
}

func TestSanitizeSVGRefusesWhatIsNoSVG(t *testing.T) {
	for name, in := range map[string]string{
		"html":              `<!DOCTYPE html><html><body><script>alert(1)</script></body></html>`,
		"html in svg dress": `<html xmlns="http://www.w3.org/2000/svg"><svg/></html>`,
		"other namespace":   `<svg xmlns="urn:not-svg"><rect/></svg>`,
		"plain text":        `hello`,
		"unclosed":          `<svg xmlns="http://www.w3.org/2000/svg"><rect>`,
		"empty":             ``,
		"latin-1":           `<?xml version="1.0" encoding="ISO-8859-1"?><svg xmlns="http://www.w3.org/2000/svg"/>`,
		"too deep":          `<svg xmlns="http://www.w3.org/2000/svg">` + strings.Repeat("<g>", 100) + strings.Repeat("</g>", 100) + `</svg>`,
	} {
		if out, _, _, err := Sanitize([]byte(in)); err == nil {
			t.Errorf("%s: accepted as %s", name, out)
		}
	}
}

// FuzzSanitize: whatever comes in, what goes out is well-formed XML with
// an <svg> root and nothing that runs. Seeds are the unit cases; run longer
// with `go test -tags noweb -fuzz FuzzSanitize ./internal/branding/svgsafe/`.
func FuzzSanitize(f *testing.F) {
	for _, s := range []string{
		`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect onload="x" width="1"/></svg>`,
		`<!DOCTYPE svg [<!ENTITY a "b">]><svg><text>&a;</text><use href="javascript:x"/></svg>`,
		`<svg><a xlink:href="#x"><g style="fill:url(http://e)"/></a><foreignObject><p/></foreignObject></svg>`,
		`<svg:svg xmlns:svg="http://www.w3.org/2000/svg"><svg:rect fill="url(#a)"/></svg:svg>`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		out, _, _, err := Sanitize(in)
		if err != nil {
			return
		}
		d := xml.NewDecoder(bytes.NewReader(out))
		first := true
		for {
			tok, err := d.Token()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatalf("not well-formed: %v\n%q → %q", err, in, out)
			}
			switch el := tok.(type) {
			case xml.StartElement:
				if first && (el.Name.Local != "svg" || el.Name.Space != svgNS) {
					t.Fatalf("root %v: %q", el.Name, out)
				}
				first = false
				if !svgElements[el.Name.Local] {
					t.Fatalf("element %s survived: %q", el.Name.Local, out)
				}
				for _, a := range el.Attr {
					low := strings.ToLower(a.Name.Local + "=" + a.Value)
					if strings.HasPrefix(low, "on") || strings.Contains(low, "javascript:") || strings.Contains(low, "data:") ||
						(a.Name.Local == "href" && !strings.HasPrefix(a.Value, "#")) {
						t.Fatalf("attribute %s=%q survived: %q", a.Name.Local, a.Value, out)
					}
				}
			case xml.Directive, xml.ProcInst, xml.Comment:
				t.Fatalf("%T survived: %q", tok, out)
			}
		}
	})
}
