package branding

import (
	"bytes"
	"encoding/xml"
	"errors"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"
	"strings"
	"testing"

	"mobility/portal/internal/apperr"
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
		name    string
		in      string
		gone    []string // must not be in the output (case-insensitive)
		kept    []string // must be
		w, h    int
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
			out, w, h, err := SanitizeSVG([]byte(c.in))
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
		if out, _, _, err := SanitizeSVG([]byte(in)); err == nil {
			t.Errorf("%s: accepted as %s", name, out)
		}
	}
}

func pngBytes(t testing.TB, w, h int) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	img.Set(0, 0, color.NRGBA{R: 255, A: 255})
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestCheckImage(t *testing.T) {
	var jpg, gf bytes.Buffer
	if err := jpeg.Encode(&jpg, image.NewRGBA(image.Rect(0, 0, 30, 20)), nil); err != nil {
		t.Fatal(err)
	}
	if err := gif.Encode(&gf, image.NewPaletted(image.Rect(0, 0, 2, 2), []color.Color{color.Black}), nil); err != nil {
		t.Fatal(err)
	}
	huge := pngBytes(t, 1, 1)
	// the IHDR's width (bytes 16-19) says 100000 pixels
	huge = append([]byte(nil), huge...)
	huge[16], huge[17], huge[18], huge[19] = 0, 1, 0x86, 0xA0
	cases := []struct {
		name  string
		in    []byte
		ct    string
		w, h  int
		label string
	}{
		{"png", pngBytes(t, 40, 12), ContentTypePNG, 40, 12, ""},
		{"jpeg", jpg.Bytes(), ContentTypeJPEG, 30, 20, ""},
		{"svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="8" height="4"/>`), ContentTypeSVG, 8, 4, ""},
		{"gif", gf.Bytes(), "", 0, 0, LabelImageUnsupported},
		{"truncated png", pngBytes(t, 4, 4)[:12], "", 0, 0, LabelImageUnsupported},
		{"png header, CRC broken", huge, "", 0, 0, LabelImageUnsupported},
		{"html", []byte(`<html><script>alert(1)</script></html>`), "", 0, 0, LabelImageUnsupported},
		{"binary junk", []byte{0, 1, 2, 0xff, 0xfe}, "", 0, 0, LabelImageUnsupported},
		{"empty", nil, "", 0, 0, LabelImageUnsupported},
		{"too large", append(pngBytes(t, 1, 1), make([]byte, MaxImageBytes)...), "", 0, 0, LabelImageTooLarge},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := CheckImage(c.in)
			if c.label != "" {
				if e := apperr.As(err); e == nil || e.Label != c.label || e.Kind != apperr.KindInvalid {
					t.Fatalf("want %s, got %v", c.label, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got.ContentType != c.ct || got.Width != c.w || got.Height != c.h {
				t.Fatalf("got %s %dx%d", got.ContentType, got.Width, got.Height)
			}
		})
	}
}

func TestNameAgrees(t *testing.T) {
	for _, c := range []struct {
		name, ct string
		ok       bool
	}{
		{"logo.png", ContentTypePNG, true},
		{"LOGO.JPG", ContentTypeJPEG, true},
		{"logo", ContentTypeSVG, true},
		{"logo.bin", ContentTypePNG, true},
		{"logo.svg", ContentTypePNG, false},
		{"page.png", ContentTypeSVG, false},
		{`C:\dir\logo.html`, ContentTypeSVG, false},
	} {
		if got := nameAgrees(c.name, c.ct); got != c.ok {
			t.Errorf("%s as %s: %v", c.name, c.ct, got)
		}
	}
}
