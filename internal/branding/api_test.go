package branding_test

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"strings"
	"testing"

	"mobility/portal/internal/branding"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

const base = "/portal-service/v1/branding"

type config struct {
	OwnerOspID     string `json:"ownerOspId"`
	OwnerKind      string `json:"ownerKind"`
	BrandColor     string `json:"brandColor"`
	PrimaryColor   string `json:"primaryColor"`
	SecondaryColor string `json:"secondaryColor"`
	VariantColor   string `json:"variantColor"`
	Inherited      bool   `json:"inherited"`
	Source         string `json:"source"`
	ColorSources   struct {
		BrandColor   string `json:"brandColor"`
		PrimaryColor string `json:"primaryColor"`
		VariantColor string `json:"variantColor"`
	} `json:"colorSources"`
	Own struct {
		BrandColor   *string `json:"brandColor"`
		PrimaryColor *string `json:"primaryColor"`
	} `json:"own"`
	Images []struct {
		ImageType   string `json:"imageType"`
		ContentType string `json:"contentType"`
		Width       int    `json:"width"`
		Height      int    `json:"height"`
		Version     string `json:"version"`
		Source      string `json:"source"`
		Inherited   bool   `json:"inherited"`
	} `json:"images"`
}

// images is "TYPE:SOURCE" of each effective image, in order.
func (c config) images() string {
	var out []string
	for _, i := range c.Images {
		out = append(out, i.ImageType+":"+i.Source)
	}
	return strings.Join(out, ",")
}

type brandingAnswer struct {
	BrandColor   string `json:"brandColor"`
	PrimaryColor string `json:"primaryColor"`
	Source       string `json:"source"`
	HasLogo      bool   `json:"hasLogo"`
	LogoSource   string `json:"logoSource"`
	LogoVersion  string `json:"logoVersion"`
}

type part struct {
	field, name, contentType string
	content                  []byte
}

// upload sends image/upload with the form fields and file parts given.
func upload(e *testkit.Env, token string, fields map[string]string, files ...part) *testkit.Response {
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for k, v := range fields {
		_ = mw.WriteField(k, v)
	}
	for _, f := range files {
		h := textproto.MIMEHeader{}
		h.Set("Content-Disposition", fmt.Sprintf(`form-data; name=%q; filename=%q`, f.field, f.name))
		ct := f.contentType
		if ct == "" {
			ct = "application/octet-stream"
		}
		h.Set("Content-Type", ct)
		w, _ := mw.CreatePart(h)
		_, _ = w.Write(f.content)
	}
	_ = mw.Close()
	return e.Do(testkit.Request{Path: base + "/image/upload", Token: token, Body: buf.Bytes(),
		Headers: map[string]string{"Content-Type": mw.FormDataContentType()}})
}

func file(name string, content []byte) part { return part{field: "file", name: name, content: content} }

func pngOf(t testing.TB, w, h int, c color.Color) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	img.Set(0, 0, c)
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func jpegOf(t testing.TB, w, h int) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, image.NewRGBA(image.Rect(0, 0, w, h)), nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func getConfig(t *testing.T, e *testkit.Env, token, path string) config {
	t.Helper()
	res := e.Do(testkit.Request{Method: http.MethodGet, Path: base + path, Token: token})
	testkit.MustStatus(t, res, http.StatusOK)
	var c config
	res.JSON(t, &c)
	return c
}

func put(e *testkit.Env, token string, body map[string]any) *testkit.Response {
	return e.Do(testkit.Request{Method: http.MethodPut, Path: base + "/configuration", Token: token, Body: body})
}

func getBranding(t *testing.T, e *testkit.Env, token string, body any) brandingAnswer {
	t.Helper()
	res := e.Post("/portal-service/v1/portal/branding/get", token, body)
	testkit.MustStatus(t, res, http.StatusOK)
	var b brandingAnswer
	res.JSON(t, &b)
	return b
}

func getImage(e *testkit.Env, token, owner, imageType string) *testkit.Response {
	return e.Post(base+"/image/get", token, map[string]string{"ownerOspId": owner, "imageType": imageType})
}

func logo(e *testkit.Env, token, query string) *testkit.Response {
	return e.Do(testkit.Request{Method: http.MethodGet, Path: "/portal-service/v1/portal/logo/get" + query, Token: token})
}

// Inheritance: company ← partner ← default, colour by colour and image
// type by image type, through every call that reads it.
func TestBrandingInheritance(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff := e.LoginAs("ospadmin")
		acmeAdmin := e.LoginAs("acme.admin")
		globexAdmin := e.LoginAs("globex.admin")
		msp := e.LoginAs("msp.admin")

		// the demo: MobiPartner has its colours and logo, Acme inherits them
		mobi := getConfig(t, e, staff, "/configuration/"+seed.MobiPartnerOspID)
		if mobi.OwnerKind != branding.OwnerPartner || mobi.Source != "PARTNER" || mobi.Inherited || mobi.BrandColor != "#5F3DC4" ||
			mobi.Own.BrandColor == nil || mobi.images() != "LOGO:PARTNER" || mobi.Images[0].Inherited {
			t.Fatalf("MobiPartner: %+v", mobi)
		}
		acme := getConfig(t, e, staff, "/configuration/"+seed.AcmeOspID)
		if acme.OwnerKind != branding.OwnerCorporateAccount || acme.Source != "PARTNER" || !acme.Inherited || acme.BrandColor != "#5F3DC4" ||
			acme.VariantColor != "#F3F0FF" || acme.ColorSources.BrandColor != "PARTNER" || acme.Own.BrandColor != nil ||
			acme.images() != "LOGO:PARTNER" || !acme.Images[0].Inherited {
			t.Fatalf("Acme inherits MobiPartner: %+v", acme)
		}
		if d := getConfig(t, e, staff, "/configuration/default/"+seed.MobiPartnerOspID); d.Source != "DEFAULT" || !d.Inherited ||
			d.BrandColor != "#0F89EA" || len(d.Images) != 0 || d.Own.BrandColor != nil {
			t.Fatalf("MobiPartner's default: %+v", d)
		}

		// Acme sets its brand colour only: the rest stays its partner's
		res := put(e, staff, map[string]any{"ownerOspId": seed.AcmeOspID, "brandColor": "#ff0000"})
		testkit.MustStatus(t, res, http.StatusOK)
		var saved config
		res.JSON(t, &saved)
		if saved.BrandColor != "#FF0000" || saved.ColorSources.BrandColor != "COMPANY" || saved.PrimaryColor != "#5F3DC4" ||
			saved.ColorSources.PrimaryColor != "PARTNER" || saved.Source != "COMPANY" || saved.Inherited ||
			saved.Own.BrandColor == nil || *saved.Own.BrandColor != "#FF0000" || saved.Own.PrimaryColor != nil {
			t.Fatalf("saved: %s", res.Body)
		}
		if d := getConfig(t, e, staff, "/configuration/default/"+seed.AcmeOspID); d.BrandColor != "#5F3DC4" || d.Source != "PARTNER" || !d.Inherited ||
			d.images() != "LOGO:PARTNER" {
			t.Fatalf("Acme's default is MobiPartner's: %+v", d)
		}
		if b := getBranding(t, e, acmeAdmin, nil); b.BrandColor != "#FF0000" || b.PrimaryColor != "#5F3DC4" || b.Source != "COMPANY" ||
			!b.HasLogo || b.LogoSource != "PARTNER" {
			t.Fatalf("acme.admin's branding: %+v", b)
		}
		if b := getBranding(t, e, globexAdmin, nil); b.BrandColor != "#5F3DC4" || b.Source != "PARTNER" {
			t.Fatalf("globex.admin keeps the partner's: %+v", b)
		}
		if b := getBranding(t, e, msp, nil); b.BrandColor != "#5F3DC4" || b.Source != "PARTNER" || b.LogoSource != "PARTNER" {
			t.Fatalf("msp.admin sees its partner's: %+v", b)
		}
		if b := getBranding(t, e, msp, map[string]string{"corporateAccountOspId": seed.AcmeOspID}); b.BrandColor != "#FF0000" {
			t.Fatalf("msp.admin with Acme selected: %+v", b)
		}
		if b := getBranding(t, e, staff, nil); b.BrandColor != "#0F89EA" || b.Source != "DEFAULT" || b.LogoSource != "DEFAULT" || !b.HasLogo {
			t.Fatalf("platform staff without a selection: %+v", b)
		}

		// an image type of Acme's own beside the partner's logo; then its own logo
		icon := pngOf(t, 64, 64, color.NRGBA{G: 255, A: 255})
		testkit.MustStatus(t, upload(e, staff, map[string]string{"ownerOspId": seed.AcmeOspID, "imageType": "APP_ICON"}, file("icon.png", icon)), http.StatusOK)
		if c := getConfig(t, e, acmeAdmin, "/configuration/"+seed.AcmeOspID); c.images() != "LOGO:PARTNER,APP_ICON:COMPANY" {
			t.Fatalf("images per type: %s", c.images())
		}
		before := getBranding(t, e, acmeAdmin, nil)
		partnerLogo := logo(e, acmeAdmin, "")
		if partnerLogo.Status != 200 || partnerLogo.Header.Get("Content-Type") != "image/svg+xml" || !bytes.Contains(partnerLogo.Body, []byte("MobiPartner")) {
			t.Fatalf("acme.admin's logo is MobiPartner's: %d %s", partnerLogo.Status, partnerLogo.Body)
		}
		own := pngOf(t, 120, 30, color.NRGBA{B: 255, A: 255})
		testkit.MustStatus(t, upload(e, staff, map[string]string{"ownerOspId": seed.AcmeOspID, "imageType": "LOGO"}, file("acme.png", own)), http.StatusOK)
		after := getBranding(t, e, acmeAdmin, nil)
		if after.LogoSource != "COMPANY" || after.LogoVersion == before.LogoVersion {
			t.Fatalf("logo version does not move: %+v → %+v", before, after)
		}
		if l := logo(e, acmeAdmin, "?v="+after.LogoVersion); l.Status != 200 || l.Header.Get("Content-Type") != "image/png" || !bytes.Equal(l.Body, own) {
			t.Fatalf("acme.admin's own logo: %d %v", l.Status, l.Header)
		}
		if l := logo(e, acmeAdmin, "?v="+after.LogoVersion); !strings.Contains(l.Header.Get("Cache-Control"), "immutable") {
			t.Fatalf("a versioned logo is cached for good: %v", l.Header)
		}
		if l := logo(e, acmeAdmin, "?v="+before.LogoVersion); l.Header.Get("Cache-Control") != "private, no-cache" || !bytes.Equal(l.Body, own) {
			t.Fatalf("an old version is not cached: %v", l.Header)
		}
		etag := logo(e, acmeAdmin, "").Header.Get("ETag")
		if l := e.Do(testkit.Request{Method: http.MethodGet, Path: "/portal-service/v1/portal/logo/get", Token: acmeAdmin,
			Headers: map[string]string{"If-None-Match": etag}}); l.Status != http.StatusNotModified || len(l.Body) != 0 {
			t.Fatalf("revalidation: %d", l.Status)
		}
		if l := logo(e, globexAdmin, ""); !bytes.Contains(l.Body, []byte("MobiPartner")) {
			t.Fatalf("Globex keeps the partner's logo")
		}
		if l := logo(e, msp, "?corporateAccountOspId="+seed.AcmeOspID); !bytes.Equal(l.Body, own) {
			t.Fatalf("msp.admin with Acme selected gets Acme's logo: %d", l.Status)
		}

		// image/delete: the partner's logo shows again
		testkit.MustStatus(t, e.Post(base+"/image/delete", staff, map[string]string{"ownerOspId": seed.AcmeOspID, "imageType": "LOGO"}), http.StatusNoContent)
		if l := getImage(e, acmeAdmin, seed.AcmeOspID, "LOGO"); l.Status != 200 || !bytes.Contains(l.Body, []byte("MobiPartner")) {
			t.Fatalf("after delete: %d", l.Status)
		}
		if r := e.Post(base+"/image/delete", staff, map[string]string{"ownerOspId": seed.AcmeOspID, "imageType": "LOGO"}); r.Status != 404 {
			t.Fatalf("deleting an inherited image: %d", r.Status)
		}

		// reset Acme: all inherited again, its images gone
		testkit.MustStatus(t, e.Do(testkit.Request{Method: http.MethodDelete, Path: base + "/configuration/" + seed.AcmeOspID, Token: staff}), http.StatusNoContent)
		if c := getConfig(t, e, staff, "/configuration/"+seed.AcmeOspID); !c.Inherited || c.Source != "PARTNER" || c.BrandColor != "#5F3DC4" ||
			c.images() != "LOGO:PARTNER" || c.Own.BrandColor != nil {
			t.Fatalf("after reset: %+v", c)
		}
		if r := getImage(e, acmeAdmin, seed.AcmeOspID, "APP_ICON"); r.Status != 404 {
			t.Fatalf("Acme's icon survives the reset: %d", r.Status)
		}

		// reset the partner too: the platform default all the way down
		testkit.MustStatus(t, e.Do(testkit.Request{Method: http.MethodDelete, Path: base + "/configuration/" + seed.MobiPartnerOspID, Token: staff}), http.StatusNoContent)
		if c := getConfig(t, e, acmeAdmin, "/configuration/"+seed.AcmeOspID); c.Source != "DEFAULT" || c.BrandColor != "#0F89EA" ||
			c.ColorSources.BrandColor != "DEFAULT" || len(c.Images) != 0 {
			t.Fatalf("default all the way: %+v", c)
		}
		if b := getBranding(t, e, acmeAdmin, nil); b.BrandColor != "#0F89EA" || b.LogoSource != "DEFAULT" {
			t.Fatalf("acme.admin after both resets: %+v", b)
		}
		if l := logo(e, acmeAdmin, ""); l.Status != 200 || l.Header.Get("Content-Type") != "image/svg+xml" || !bytes.Contains(l.Body, []byte("mobility")) {
			t.Fatalf("default logo: %d %s", l.Status, l.Body)
		}
		if r := getImage(e, acmeAdmin, seed.AcmeOspID, "LOGO"); r.Status != 404 {
			t.Fatalf("image/get without any: %d", r.Status)
		}
		// RideOn was never touched
		if b := getBranding(t, e, e.LoginAs("initech.admin"), nil); b.BrandColor != "#2B8A3E" || b.LogoSource != "PARTNER" {
			t.Fatalf("initech.admin: %+v", b)
		}

		// a partner's colour with a company colour beside it: each its own source
		testkit.MustStatus(t, put(e, staff, map[string]any{"ownerOspId": seed.MobiPartnerOspID, "variantColor": "#112233"}), http.StatusOK)
		testkit.MustStatus(t, put(e, staff, map[string]any{"ownerOspId": seed.AcmeOspID, "primaryColor": "#445566"}), http.StatusOK)
		c := getConfig(t, e, staff, "/configuration/"+seed.AcmeOspID)
		if c.BrandColor != "#0F89EA" || c.ColorSources.BrandColor != "DEFAULT" || c.PrimaryColor != "#445566" || c.ColorSources.PrimaryColor != "COMPANY" ||
			c.VariantColor != "#112233" || c.ColorSources.VariantColor != "PARTNER" {
			t.Fatalf("per colour: %+v", c)
		}
	})
}

// SPEC §5: # and 6 or 8 hex characters, stored uppercase; a bad one names
// its field and writes nothing.
func TestBrandingHexColours(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff := e.LoginAs("ospadmin")
		for _, c := range []struct {
			value, stored string
		}{
			{"#0f89ea", "#0F89EA"},
			{"#0F89EA80", "#0F89EA80"},
			{" #abcdef ", "#ABCDEF"},
			{"", ""},
		} {
			res := put(e, staff, map[string]any{"ownerOspId": seed.GlobexOspID, "brandColor": c.value})
			testkit.MustStatus(t, res, http.StatusOK)
			var got config
			res.JSON(t, &got)
			want := c.stored
			if want == "" {
				want = "#5F3DC4" // empty inherits the partner's
			}
			if got.BrandColor != want {
				t.Errorf("%q stored as %q", c.value, got.BrandColor)
			}
		}
		for _, bad := range []string{"0F89EA", "#FFF", "#0F89EA8", "#0G89EA", "#0F89EA800", "red", "#0F89EA\x00"} {
			for _, field := range []string{"brandColor", "variantColor"} {
				before := e.Snapshot()
				res := put(e, staff, map[string]any{"ownerOspId": seed.GlobexOspID, "primaryColor": "#123456", field: bad})
				var body struct {
					ErrorLabel string `json:"errorLabel"`
					Errors     []struct {
						Field    string   `json:"field"`
						Messages []string `json:"messages"`
					} `json:"errors"`
				}
				res.JSON(t, &body)
				if res.Status != 400 || len(body.Errors) != 1 || body.Errors[0].Field != field {
					t.Errorf("%s=%q: %d %s", field, bad, res.Status, res.Body)
					continue
				}
				if bad != "#0F89EA\x00" && !strings.Contains(body.Errors[0].Messages[0], "must be # followed by 6 or 8 hexadecimal characters") {
					t.Errorf("%s=%q: message %q", field, bad, body.Errors[0].Messages[0])
				}
				if changed := before.Changed(e.Snapshot()); len(changed) > 0 {
					t.Errorf("%s=%q wrote %v", field, bad, changed)
				}
			}
		}
	})
}

// Roles and tenancy: writes are platform staff's; reads stay in scope;
// another tenant's id is a 404, like an unknown one.
func TestBrandingRolesAndTenancy(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		tokens := map[string]string{}
		for _, l := range []string{"ospadmin", "msp.admin", "rideon.admin", "acme.admin", "globex.admin", "initech.admin"} {
			tokens[l] = e.LoginAs(l)
		}
		unknown := "99999999-9999-4999-8999-999999999999"
		// reads: configuration, default, image/get
		for _, c := range []struct {
			login, owner string
			status       int
		}{
			{"ospadmin", seed.AcmeOspID, 200},
			{"ospadmin", seed.OtherPartnerOspID, 200},
			{"ospadmin", unknown, 404},
			{"msp.admin", seed.AcmeOspID, 200},
			{"msp.admin", seed.MobiPartnerOspID, 200},
			{"msp.admin", seed.InitechOspID, 404},
			{"msp.admin", seed.OtherPartnerOspID, 404},
			{"rideon.admin", seed.AcmeOspID, 404},
			{"rideon.admin", seed.InitechOspID, 200},
			{"acme.admin", seed.AcmeOspID, 200},
			{"acme.admin", seed.MobiPartnerOspID, 404}, // its partner's only through portal/branding/get
			{"acme.admin", seed.GlobexOspID, 404},
			{"globex.admin", seed.AcmeOspID, 404},
			{"initech.admin", seed.AcmeOspID, 404},
		} {
			for _, path := range []string{"/configuration/", "/configuration/default/"} {
				res := e.Do(testkit.Request{Method: http.MethodGet, Path: base + path + c.owner, Token: tokens[c.login]})
				if res.Status != c.status {
					t.Errorf("%s GET %s%s: %d %s", c.login, path, c.owner, res.Status, res.Body)
				}
			}
			if res := getImage(e, tokens[c.login], c.owner, "LOGO"); res.Status != c.status {
				t.Errorf("%s image/get %s: %d", c.login, c.owner, res.Status)
			}
		}
		// portal/branding/get and logo/get: the selection within scope
		for _, c := range []struct {
			login, selected string
			status          int
		}{
			{"msp.admin", seed.InitechOspID, 404},
			{"rideon.admin", seed.AcmeOspID, 404},
			{"globex.admin", seed.AcmeOspID, 404},
			{"acme.admin", seed.AcmeOspID, 200},
			{"ospadmin", seed.InitechOspID, 200},
		} {
			if res := e.Post("/portal-service/v1/portal/branding/get", tokens[c.login], map[string]string{"corporateAccountOspId": c.selected}); res.Status != c.status {
				t.Errorf("%s branding/get %s: %d", c.login, c.selected, res.Status)
			}
			if res := logo(e, tokens[c.login], "?corporateAccountOspId="+c.selected); res.Status != c.status {
				t.Errorf("%s logo/get %s: %d", c.login, c.selected, res.Status)
			}
		}
		// writes: platform staff only, nothing written on refusal
		svg := []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>`)
		for _, login := range []string{"msp.admin", "acme.admin", "rideon.admin"} {
			before := e.Snapshot()
			tok := tokens[login]
			for name, res := range map[string]*testkit.Response{
				"put":          put(e, tok, map[string]any{"ownerOspId": seed.AcmeOspID, "brandColor": "#000000"}),
				"delete":       e.Do(testkit.Request{Method: http.MethodDelete, Path: base + "/configuration/" + seed.MobiPartnerOspID, Token: tok}),
				"upload":       upload(e, tok, map[string]string{"ownerOspId": seed.AcmeOspID, "imageType": "LOGO"}, file("a.svg", svg)),
				"image/delete": e.Post(base+"/image/delete", tok, map[string]string{"ownerOspId": seed.MobiPartnerOspID, "imageType": "LOGO"}),
			} {
				if res.Status != http.StatusForbidden {
					t.Errorf("%s %s: %d %s", login, name, res.Status, res.Body)
				}
			}
			if changed := before.Changed(e.Snapshot()); len(changed) > 0 {
				t.Errorf("%s's refused writes changed %v", login, changed)
			}
		}
		staff := tokens["ospadmin"]
		for name, res := range map[string]*testkit.Response{
			"put":          put(e, staff, map[string]any{"ownerOspId": unknown, "brandColor": "#000000"}),
			"delete":       e.Do(testkit.Request{Method: http.MethodDelete, Path: base + "/configuration/" + unknown, Token: staff}),
			"upload":       upload(e, staff, map[string]string{"ownerOspId": unknown, "imageType": "LOGO"}, file("a.svg", svg)),
			"image/delete": e.Post(base+"/image/delete", staff, map[string]string{"ownerOspId": unknown, "imageType": "LOGO"}),
		} {
			if res.Status != http.StatusNotFound {
				t.Errorf("unknown owner, %s: %d", name, res.Status)
			}
		}
		// image references are checked field by field
		for _, body := range []map[string]string{{"ownerOspId": seed.AcmeOspID}, {"ownerOspId": seed.AcmeOspID, "imageType": "FAVICON"}, {"imageType": "LOGO"}} {
			for _, path := range []string{"/image/get", "/image/delete"} {
				if r := e.Post(base+path, staff, body); r.Status != 400 || r.Label() != "VALIDATION_FAILED" {
					t.Errorf("%s %v: %d %s", path, body, r.Status, r.Body)
				}
			}
		}
		// image types per owner kind
		var types []struct {
			ImageType string `json:"imageType"`
		}
		res := e.Do(testkit.Request{Method: http.MethodGet, Path: base + "/image/types/partner", Token: tokens["acme.admin"]})
		res.JSON(t, &types)
		if len(types) != 5 || types[4].ImageType != "LOGIN_BACKGROUND" {
			t.Errorf("partner types: %s", res.Body)
		}
		res = e.Do(testkit.Request{Method: http.MethodGet, Path: base + "/image/types/corporateAccount", Token: tokens["acme.admin"]})
		res.JSON(t, &types)
		if len(types) != 4 || types[0].ImageType != "LOGO" {
			t.Errorf("company types: %s", res.Body)
		}
		bg := jpegOf(t, 64, 32)
		if r := upload(e, staff, map[string]string{"ownerOspId": seed.AcmeOspID, "imageType": "LOGIN_BACKGROUND"}, file("bg.jpg", bg)); r.Status != 400 || r.Label() != "IMAGE_TYPE_NOT_ALLOWED" {
			t.Errorf("a company's login background: %d %s", r.Status, r.Body)
		}
		testkit.MustStatus(t, upload(e, staff, map[string]string{"ownerOspId": seed.MobiPartnerOspID, "imageType": "LOGIN_BACKGROUND"}, file("bg.jpg", bg)), http.StatusOK)
		if r := getImage(e, staff, seed.MobiPartnerOspID, "LOGIN_BACKGROUND"); r.Status != 200 || r.Header.Get("Content-Type") != "image/jpeg" || !bytes.Equal(r.Body, bg) {
			t.Errorf("partner's login background: %d %v", r.Status, r.Header)
		}
	})
}

// Uploads: the type by content, SVG sanitised, limits, one file; nothing
// written on any refusal.
func TestBrandingImageUpload(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff := e.LoginAs("ospadmin")
		acmeAdmin := e.LoginAs("acme.admin")
		fields := func(imageType string) map[string]string {
			return map[string]string{"ownerOspId": seed.AcmeOspID, "imageType": imageType}
		}
		pngData := pngOf(t, 40, 12, color.NRGBA{R: 200, A: 255})
		jpgData := jpegOf(t, 30, 20)
		evil := `<?xml version="1.0"?>
<!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd"><!ENTITY boom "boom">]>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="50" onload="alert('load')">
  <script>alert('script')</script>
  <a xlink:href="javascript:alert('href')"><text>click</text></a>
  <use href="https://evil.example/sprite.svg#icon"/>
  <image xlink:href="data:image/svg+xml;base64,PHN2Zz48c2NyaXB0PmFsZXJ0KDEpPC9zY3JpcHQ+PC9zdmc+"/>
  <foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="https://evil.example"/></foreignObject>
  <rect width="100" height="50" fill="#5F3DC4" onclick="alert('click')"/>
  <text x="5" y="30">&xxe;&boom;</text>
</svg>`
		for _, c := range []struct {
			name, imageType, fileName string
			content                   []byte
			contentType               string
			w, h                      int
		}{
			{"png", "LOGO", "logo.png", pngData, "image/png", 40, 12},
			{"jpeg", "APP_LOGO", "app.jpeg", jpgData, "image/jpeg", 30, 20},
			{"svg", "EMAIL_HEADER", "header.svg", []byte(evil), "image/svg+xml", 100, 50},
			{"no extension: the content decides", "APP_ICON", "icon", pngData, "image/png", 40, 12},
		} {
			res := upload(e, staff, fields(c.imageType), part{field: "file", name: c.fileName, contentType: "text/html", content: c.content})
			testkit.MustStatus(t, res, http.StatusOK)
			var info struct {
				ImageType   string `json:"imageType"`
				ContentType string `json:"contentType"`
				Width       int    `json:"width"`
				Height      int    `json:"height"`
				Source      string `json:"source"`
			}
			res.JSON(t, &info)
			if info.ImageType != c.imageType || info.ContentType != c.contentType || info.Width != c.w || info.Height != c.h || info.Source != "COMPANY" {
				t.Errorf("%s: %s", c.name, res.Body)
			}
			got := getImage(e, acmeAdmin, seed.AcmeOspID, c.imageType)
			h := got.Header
			if got.Status != 200 || h.Get("Content-Type") != c.contentType || h.Get("X-Content-Type-Options") != "nosniff" ||
				!strings.Contains(h.Get("Content-Security-Policy"), "default-src 'none'") || !strings.Contains(h.Get("Content-Security-Policy"), "sandbox") {
				t.Errorf("%s served as %d %v", c.name, got.Status, h)
			}
			if c.contentType != "image/svg+xml" && !bytes.Equal(got.Body, c.content) {
				t.Errorf("%s: bytes changed", c.name)
			}
		}
		clean := getImage(e, acmeAdmin, seed.AcmeOspID, "EMAIL_HEADER").Body
		low := strings.ToLower(string(clean))
		for _, gone := range []string{"script", "alert", "onload", "onclick", "javascript", "evil.example", "data:", "doctype", "entity",
			"file:///", "foreignobject", "iframe", "<image"} {
			if strings.Contains(low, gone) {
				t.Errorf("%q survived sanitising: %s", gone, clean)
			}
		}
		if !strings.Contains(string(clean), `<rect width="100" height="50" fill="#5F3DC4">`) || !strings.Contains(string(clean), "&amp;xxe;&amp;boom;") {
			t.Errorf("the drawing itself was lost: %s", clean)
		}

		// refusals: each answers its label and writes nothing
		html := []byte(`<!DOCTYPE html><html><body><script>alert(1)</script></body></html>`)
		big := append(append([]byte(nil), pngData...), bytes.Repeat([]byte{0}, branding.MaxImageBytes)...)
		huge := bytes.Repeat([]byte{'a'}, 2<<20)
		for _, c := range []struct {
			name   string
			fields map[string]string
			files  []part
			status int
			label  string
			field  string
		}{
			{"a PNG named .svg", fields("LOGO"), []part{file("logo.svg", pngData)}, 400, "IMAGE_UNSUPPORTED", ""},
			{"an HTML page named .png", fields("LOGO"), []part{{field: "file", name: "logo.png", contentType: "image/png", content: html}}, 400, "IMAGE_UNSUPPORTED", ""},
			{"an HTML page without a name", fields("LOGO"), []part{file("logo", html)}, 400, "IMAGE_UNSUPPORTED", ""},
			{"a GIF", fields("LOGO"), []part{file("logo.gif", []byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;"))}, 400, "IMAGE_UNSUPPORTED", ""},
			{"an empty file", fields("LOGO"), []part{file("logo.png", nil)}, 400, "IMAGE_UNSUPPORTED", ""},
			{"too big", fields("LOGO"), []part{file("logo.png", big)}, 400, "IMAGE_TOO_LARGE", ""},
			{"bigger than a request", fields("LOGO"), []part{file("logo.png", huge)}, 400, "IMAGE_TOO_LARGE", ""},
			{"two files", fields("LOGO"), []part{file("a.png", pngData), file("b.png", pngData)}, 400, "IMAGE_ONE_FILE", ""},
			{"a second file in another field", fields("LOGO"), []part{file("a.png", pngData), {field: "other", name: "b.png", content: pngData}}, 400, "IMAGE_ONE_FILE", ""},
			{"the file in another field", fields("LOGO"), []part{{field: "image", name: "b.png", content: pngData}}, 400, "IMAGE_ONE_FILE", ""},
			{"no file", fields("LOGO"), nil, 400, "VALIDATION_FAILED", "file"},
			{"no image type", map[string]string{"ownerOspId": seed.AcmeOspID}, []part{file("a.png", pngData)}, 400, "VALIDATION_FAILED", "imageType"},
			{"an unknown image type", fields("FAVICON"), []part{file("a.png", pngData)}, 400, "VALIDATION_FAILED", "imageType"},
			{"no owner", map[string]string{"imageType": "LOGO"}, []part{file("a.png", pngData)}, 400, "VALIDATION_FAILED", "ownerOspId"},
		} {
			before := e.Snapshot()
			res := upload(e, staff, c.fields, c.files...)
			if res.Status != c.status || res.Label() != c.label {
				t.Errorf("%s: %d %s", c.name, res.Status, res.Body)
			}
			if c.field != "" && !strings.Contains(string(res.Body), `"field":"`+c.field+`"`) {
				t.Errorf("%s: field not named: %s", c.name, res.Body)
			}
			if changed := before.Changed(e.Snapshot()); len(changed) > 0 {
				t.Errorf("%s wrote %v", c.name, changed)
			}
		}
		// not multipart at all
		if res := e.Post(base+"/image/upload", staff, map[string]string{"ownerOspId": seed.AcmeOspID}); res.Status != 400 {
			t.Errorf("JSON upload: %d", res.Status)
		}
		// the stored LOGO is still the PNG of before
		if got := getImage(e, acmeAdmin, seed.AcmeOspID, "LOGO"); !bytes.Equal(got.Body, pngData) {
			t.Errorf("a refused upload replaced the logo")
		}
		// an upload replaces the type's image
		other := pngOf(t, 8, 8, color.NRGBA{A: 255})
		testkit.MustStatus(t, upload(e, staff, fields("LOGO"), file("new.png", other)), http.StatusOK)
		if got := getImage(e, acmeAdmin, seed.AcmeOspID, "LOGO"); !bytes.Equal(got.Body, other) {
			t.Errorf("the upload did not replace the logo")
		}
	})
}

func TestPartnerBrandColors(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		mobi, other := e.PartnerID(seed.MobiPartnerOspID), e.PartnerID(seed.OtherPartnerOspID)
		testkit.MustStatus(t, e.Do(testkit.Request{Method: http.MethodDelete, Path: base + "/configuration/" + seed.OtherPartnerOspID, Token: e.LoginAs("ospadmin")}), http.StatusNoContent)
		got, err := e.App.Branding.PartnerBrandColors(t.Context(), []int64{mobi, other})
		if err != nil || len(got) != 2 || got[mobi] != "#5F3DC4" || got[other] != "#0F89EA" {
			t.Fatalf("%v %v", got, err)
		}
	})
}
