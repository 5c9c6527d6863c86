package branding

import (
	"context"
	"net/http"
	"strconv"

	"mobility/portal/internal/access"
	"mobility/portal/internal/api"
	"mobility/portal/internal/validate"
)

const base = "/portal-service/v1/branding"

// imageCSP forbids everything an image could run or fetch: an SVG opened
// directly in a tab renders, but runs no script and loads nothing.
const imageCSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox"

// Routes are the branding and portal-configuration calls.
func (s *Service) Routes() []api.Route {
	pr := access.FromContext
	signedIn := access.SignedIn()
	// SPEC §2: the branding tabs (company settings, partner detail) are
	// platform admin only.
	platform := access.Need(access.OspAdmin)
	return []api.Route{
		api.Get("/portal-service/v1/portal/config", access.PublicPolicy(), "branding", "Public portal configuration: legacy banner, app-store links, languages",
			func(ctx context.Context, _ *api.Empty) (PortalConfig, error) { return s.Config(), nil }),
		api.Post("/portal-service/v1/portal/branding/get", signedIn, "branding",
			"The caller's effective branding: the selected corporate account's (within scope), else the caller's company's, else their partner's, else the platform default",
			func(ctx context.Context, req *BrandingRequest) (*Branding, error) {
				return s.Get(ctx, pr(ctx), *req)
			}),
		{
			Method: http.MethodGet, Path: "/portal-service/v1/portal/logo/get", Policy: signedIn,
			Tag: "branding", Summary: "The caller's effective LOGO (as portal/branding/get decides whose), or the platform's default logo",
			Request: LogoRequest{}, ResponseContentType: "image/*", Status: http.StatusOK,
			Handler: http.HandlerFunc(s.serveLogo),
		},
		api.Get(base+"/configuration/{id}", signedIn, "branding",
			"The effective branding of a partner or corporate account (within the caller's scope), with where each part comes from",
			func(ctx context.Context, req *ConfigurationRef) (*Configuration, error) {
				return s.Configuration(ctx, pr(ctx), req.ID)
			}),
		api.Get(base+"/configuration/default/{id}", signedIn, "branding",
			"What the branding of a partner or corporate account would be without its own configuration (its partner's, or the platform default)",
			func(ctx context.Context, req *ConfigurationRef) (*Configuration, error) {
				return s.DefaultConfiguration(ctx, pr(ctx), req.ID)
			}),
		api.Call(http.MethodPut, base+"/configuration", platform, "branding",
			"Set the own colours of a partner or corporate account (empty colours inherit); answers the effective configuration",
			func(ctx context.Context, req *SaveConfiguration) (*Configuration, error) {
				return s.Save(ctx, pr(ctx), *req)
			}),
		api.Call(http.MethodDelete, base+"/configuration/{id}", platform, "branding",
			"Drop the own colours and images of a partner or corporate account: it inherits again",
			func(ctx context.Context, req *ConfigurationRef) (api.NoContent, error) {
				return api.NoContent{}, s.Reset(ctx, pr(ctx), req.ID)
			}),
		api.Get(base+"/image/types/partner", signedIn, "branding", "The image types a partner may set",
			func(ctx context.Context, _ *api.Empty) ([]ImageTypeInfo, error) {
				return imageTypes(PartnerImageTypes), nil
			}),
		api.Get(base+"/image/types/corporateAccount", signedIn, "branding", "The image types a corporate account may set",
			func(ctx context.Context, _ *api.Empty) ([]ImageTypeInfo, error) {
				return imageTypes(CorporateAccountImageTypes), nil
			}),
		{
			Method: http.MethodPost, Path: base + "/image/upload", Policy: platform, Tag: "branding",
			Summary: "Upload one image of a type for a partner or corporate account (PNG, JPEG or SVG, checked by content; SVG sanitised); replaces the owner's image of that type",
			Request: UploadForm{}, Response: ImageInfo{}, Status: http.StatusOK,
			Handler: http.HandlerFunc(s.serveUpload),
		},
		api.Post(base+"/image/delete", platform, "branding", "Remove the owner's own image of a type: it inherits its partner's again",
			func(ctx context.Context, req *ImageRef) (api.NoContent, error) {
				return api.NoContent{}, s.DeleteImage(ctx, pr(ctx), *req)
			}),
		{
			Method: http.MethodPost, Path: base + "/image/get", Policy: signedIn, Tag: "branding",
			Summary: "The effective image of a type of a partner or corporate account (own or inherited): its bytes with their content type; 404 when there is none",
			Request: ImageRef{}, ResponseContentType: "image/*", Status: http.StatusOK,
			Handler: http.HandlerFunc(s.serveImage),
		},
	}
}

func imageTypes(types []string) []ImageTypeInfo {
	out := make([]ImageTypeInfo, len(types))
	for i, t := range types {
		out[i] = ImageTypeInfo{ImageType: t, MaxBytes: MaxImageBytes, ContentTypes: []string{ContentTypePNG, ContentTypeJPEG, ContentTypeSVG}}
	}
	return out
}

// WriteImage answers image bytes so a browser never runs them (branding's
// images, and resource's service icons): the content
// type is the one found by content, nosniff, and a CSP without scripts.
func WriteImage(w http.ResponseWriter, r *http.Request, img *Image, cache string) {
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", imageCSP)
	h.Set("Cache-Control", cache)
	etag := `"` + img.Version + `"`
	h.Set("ETag", etag)
	if r.Method == http.MethodGet && r.Header.Get("If-None-Match") == etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Type", img.ContentType)
	h.Set("Content-Length", strconv.Itoa(len(img.Content)))
	h.Set("Content-Disposition", "inline")
	_, _ = w.Write(img.Content)
}

func (s *Service) serveLogo(w http.ResponseWriter, r *http.Request) {
	var req LogoRequest
	if err := api.Decode(r, &req); err != nil {
		api.WriteError(w, r, err)
		return
	}
	img, err := s.Logo(r.Context(), access.FromContext(r.Context()), req.CorporateAccountOspID)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	// With the current version in the address (?v=logoVersion) the answer
	// never changes: cache it for good. Without it, revalidate each time
	// (the ETag makes that a 304), so a new logo shows at once.
	cache := "private, no-cache"
	if req.Version != "" && req.Version == img.Version {
		cache = "private, max-age=31536000, immutable"
	}
	WriteImage(w, r, img, cache)
}

func (s *Service) serveImage(w http.ResponseWriter, r *http.Request) {
	var req ImageRef
	if err := api.Decode(r, &req); err != nil {
		api.WriteError(w, r, err)
		return
	}
	img, err := s.Image(r.Context(), access.FromContext(r.Context()), req)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	WriteImage(w, r, img, "private, no-cache")
}

func (s *Service) serveUpload(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	file, err := ParseUpload(r)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	defer r.MultipartForm.RemoveAll()
	in := UploadInput{OwnerOspID: r.FormValue("ownerOspId"), ImageType: r.FormValue("imageType"), FileName: file.FileName,
		Files: file.Files, HasFile: file.HasFile, Content: file.Content}
	// The form is not decoded by api.Decode; hold its fields to the same
	// input limits (NUL, lengths) as a JSON body.
	form := struct {
		OwnerOspID string `json:"ownerOspId"`
		ImageType  string `json:"imageType"`
	}{in.OwnerOspID, in.ImageType}
	if err := validate.Input(ctx, &form); err != nil {
		api.WriteError(w, r, err)
		return
	}
	info, err := s.Upload(ctx, access.FromContext(ctx), in)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	api.WriteJSON(w, http.StatusOK, info)
}
