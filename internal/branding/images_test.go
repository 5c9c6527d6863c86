package branding

import (
	"bytes"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"testing"

	"mobility/portal/internal/apperr"
)

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
