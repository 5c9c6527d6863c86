// Package svgsafe makes an uploaded SVG safe to serve: it parses the XML and
// rebuilds the document from an allowlist of elements and attributes. It is
// a leaf package (standard library only), so it fuzzes cheaply.
package svgsafe

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// No well-kept Go SVG sanitiser exists (bluemonday is an HTML sanitiser: its
// parser lowercases SVG's camelCase names such as viewBox), so this one is
// written here, on the same principle as the best of them: parse the XML,
// and build a new document from an allowlist of elements and attributes,
// dropping everything else. What cannot survive:
//   - script, style, foreignObject, image, a, animate*/set, metadata and
//     every element not on the list, with everything inside them;
//   - every attribute not on the list: on* handlers among them;
//   - href/xlink:href other than a reference inside the document (#id):
//     javascript:, data: and external addresses; url(...) other than url(#id);
//   - the DOCTYPE with its entities (never expanded: an entity reference
//     stays literal text), comments and processing instructions
//     (xml-stylesheet).
// The answer is also served with a CSP that blocks scripts and nosniff.

const (
	svgNS   = "http://www.w3.org/2000/svg"
	xlinkNS = "http://www.w3.org/1999/xlink"

	maxSVGDepth    = 64
	maxSVGElements = 20000
)

var svgElements = set(
	"svg", "g", "defs", "title", "desc", "symbol", "use",
	"path", "rect", "circle", "ellipse", "line", "polyline", "polygon",
	"text", "tspan", "textPath",
	"linearGradient", "radialGradient", "stop", "clipPath", "mask", "pattern", "marker",
	"filter", "feBlend", "feColorMatrix", "feComponentTransfer", "feComposite", "feFlood",
	"feFuncA", "feFuncB", "feFuncG", "feFuncR", "feGaussianBlur", "feMerge", "feMergeNode",
	"feMorphology", "feOffset", "feDropShadow",
)

var svgAttributes = set(
	"id", "class", "style", "transform", "viewBox", "preserveAspectRatio", "version",
	"width", "height", "x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "ry", "fx", "fy", "fr",
	"d", "points", "pathLength",
	"fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin",
	"stroke-miterlimit", "stroke-dasharray", "stroke-dashoffset", "stroke-opacity", "opacity",
	"clip-path", "clip-rule", "mask", "filter", "color", "visibility", "display", "overflow",
	"vector-effect", "shape-rendering", "paint-order", "mix-blend-mode", "isolation",
	"font-family", "font-size", "font-weight", "font-style", "font-variant", "text-anchor",
	"dominant-baseline", "alignment-baseline", "baseline-shift", "letter-spacing", "word-spacing",
	"text-decoration", "writing-mode", "dx", "dy", "rotate", "textLength", "lengthAdjust", "startOffset",
	"offset", "stop-color", "stop-opacity", "gradientUnits", "gradientTransform", "spreadMethod",
	"patternUnits", "patternContentUnits", "patternTransform", "clipPathUnits", "maskUnits", "maskContentUnits",
	"markerWidth", "markerHeight", "refX", "refY", "orient", "markerUnits", "marker-start", "marker-mid", "marker-end",
	"filterUnits", "primitiveUnits", "in", "in2", "result", "mode", "values", "type", "operator",
	"k1", "k2", "k3", "k4", "stdDeviation", "flood-color", "flood-opacity", "radius",
	"tableValues", "slope", "intercept", "amplitude", "exponent",
	"role", "aria-label", "aria-labelledby", "aria-describedby", "aria-hidden", "focusable",
)

func set(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

var (
	localRef   = regexp.MustCompile(`^#[A-Za-z_][A-Za-z0-9_.:-]*$`)
	urlRef     = regexp.MustCompile(`(?i)url\s*\(\s*['"]?\s*([^'")\s]*)`)
	badInValue = regexp.MustCompile(`(?i)(javascript|vbscript|data|livescript)\s*:|expression\s*\(|@import|behavior\s*:|-moz-binding|\\|<`)
)

// safeValue tells whether an attribute value may stay: no script or data
// scheme, no CSS escape or expression, and url(...) only to #ids.
func safeValue(v string) bool {
	squeezed := strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return -1
		}
		return r
	}, v)
	if badInValue.MatchString(squeezed) {
		return false
	}
	for _, m := range urlRef.FindAllStringSubmatch(squeezed, -1) {
		if !localRef.MatchString(m[1]) {
			return false
		}
	}
	return true
}

// Sanitize parses src as an SVG document and rebuilds it from the
// allowlist; it answers the clean document and its width and height in
// pixels when the root says (from width/height, else the viewBox; 0 when
// unknown). It fails when src is no XML document with an <svg> root.
func Sanitize(src []byte) ([]byte, int, int, error) {
	d := xml.NewDecoder(bytes.NewReader(src))
	// Not strict: an undefined entity reference (from a DOCTYPE, which is
	// dropped) stays literal text instead of failing, and is escaped on
	// output. Entities are never expanded.
	d.Strict = false
	d.CharsetReader = func(label string, in io.Reader) (io.Reader, error) {
		switch strings.ToLower(label) {
		case "utf-8", "utf8", "us-ascii", "ascii":
			return in, nil
		}
		return nil, errors.New("only UTF-8 SVG is accepted")
	}
	var out bytes.Buffer
	depth, elements := 0, 0
	rootSeen, rootDone := false, false
	width, height := 0, 0
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, 0, 0, errors.New("not a well-formed SVG document")
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if !rootSeen {
				if t.Name.Local != "svg" || (t.Name.Space != svgNS && t.Name.Space != "") {
					return nil, 0, 0, errors.New("the document's root is not <svg>")
				}
				rootSeen = true
				width, height = svgSize(t)
			}
			if rootDone || !svgElements[t.Name.Local] || (t.Name.Space != svgNS && t.Name.Space != "") {
				if err := d.Skip(); err != nil {
					return nil, 0, 0, errors.New("not a well-formed SVG document")
				}
				continue
			}
			elements++
			depth++
			if elements > maxSVGElements || depth > maxSVGDepth {
				return nil, 0, 0, errors.New("the SVG is too complex")
			}
			writeStart(&out, t, depth == 1)
		case xml.EndElement:
			if depth == 0 {
				continue
			}
			out.WriteString("</" + t.Name.Local + ">")
			depth--
			if depth == 0 {
				rootDone = true
			}
		case xml.CharData:
			if depth > 0 {
				_ = xml.EscapeText(&out, t)
			}
			// comments, processing instructions and directives (DOCTYPE,
			// ENTITY) are dropped
		}
	}
	if !rootSeen || !rootDone {
		return nil, 0, 0, errors.New("no <svg> document")
	}
	return out.Bytes(), width, height, nil
}

func writeStart(out *bytes.Buffer, t xml.StartElement, root bool) {
	out.WriteString("<" + t.Name.Local)
	if root {
		out.WriteString(` xmlns="` + svgNS + `"`)
	}
	seen := map[string]bool{}
	for _, a := range t.Attr {
		name, ok := attrName(a.Name)
		if !ok || seen[name] {
			continue
		}
		v := strings.TrimSpace(a.Value)
		if name == "href" {
			if !localRef.MatchString(v) {
				continue
			}
		} else if !safeValue(v) {
			continue
		}
		seen[name] = true
		out.WriteString(" " + name + `="`)
		_ = xml.EscapeText(out, []byte(v))
		out.WriteString(`"`)
	}
	out.WriteString(">")
}

// attrName is the name an attribute is written with, when it is allowed:
// href and xlink:href both become href (SVG 2).
func attrName(n xml.Name) (string, bool) {
	if n.Local == "href" && (n.Space == "" || n.Space == xlinkNS || n.Space == "xlink") {
		return "href", true
	}
	if n.Space != "" || strings.HasPrefix(strings.ToLower(n.Local), "on") {
		return "", false
	}
	return n.Local, svgAttributes[n.Local]
}

// svgSize reads the root's width and height in pixels (plain numbers or
// px), else the viewBox's; 0 when neither says.
func svgSize(t xml.StartElement) (int, int) {
	var w, h, vb string
	for _, a := range t.Attr {
		if a.Name.Space != "" {
			continue
		}
		switch a.Name.Local {
		case "width":
			w = a.Value
		case "height":
			h = a.Value
		case "viewBox":
			vb = a.Value
		}
	}
	pw, ph := pixels(w), pixels(h)
	if pw == 0 || ph == 0 {
		if f := strings.FieldsFunc(vb, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' || r == '\n' }); len(f) == 4 {
			if pw == 0 {
				pw = pixels(f[2])
			}
			if ph == 0 {
				ph = pixels(f[3])
			}
		}
	}
	return pw, ph
}

func pixels(v string) int {
	v = strings.TrimSuffix(strings.TrimSpace(v), "px")
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || f <= 0 || math.IsInf(f, 0) || math.IsNaN(f) || f > 1e6 {
		return 0
	}
	return int(math.Round(f))
}
