package resource

import (
	"context"
	"net/http"

	"mobility/portal/internal/access"
	"mobility/portal/internal/api"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/branding"
	"mobility/portal/internal/database"
	"mobility/portal/internal/validate"
)

// Service resources' icons are checked and served as branding's images
// are (branding.ParseUpload, CheckUpload, WriteImage): PNG or JPEG by
// content, SVG sanitised, at most 1,000,000 bytes; answered with nosniff
// and a CSP that runs nothing.

// UploadIcon stores a service resource's icon, replacing the one it had.
func (s *Service) UploadIcon(ctx context.Context, _ *access.Principal, ospID string, file branding.UploadedFile) (*IconInfo, error) {
	v := validate.New(ctx)
	v.Required("serviceResourceOspId", ospID)
	if file.Files == 0 {
		v.Fail("file", "rule.required")
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	r, err := s.find(ctx, KindService, ospID)
	if err != nil {
		return nil, err
	}
	img, err := branding.CheckUpload(file)
	if err != nil {
		return nil, err
	}
	ic := iconRow{ResourceID: r.ID, ContentType: img.ContentType, Width: img.Width, Height: img.Height, SizeBytes: len(img.Content),
		Sha256: img.SHA256, FileName: img.FileName, UpdatedAt: database.Now(s.clock.Now())}
	if err := s.db.WithTx(ctx, func(ctx context.Context) error { return s.store.saveIcon(ctx, ic, img.Content) }); err != nil {
		return nil, apperr.Internal(err)
	}
	return &IconInfo{ContentType: ic.ContentType, Width: ic.Width, Height: ic.Height, Size: ic.SizeBytes, Version: ic.Sha256[:16],
		FileName: ic.FileName}, nil
}

// DeleteIcon removes a service resource's icon (404 when it has none).
func (s *Service) DeleteIcon(ctx context.Context, _ *access.Principal, ospID string) error {
	r, err := s.find(ctx, KindService, ospID)
	if err != nil {
		return err
	}
	var n int64
	if err := s.db.WithTx(ctx, func(ctx context.Context) error {
		n, err = s.store.deleteIcon(ctx, r.ID)
		return err
	}); err != nil {
		return apperr.Internal(err)
	}
	if n == 0 {
		return apperr.NotFound("icon")
	}
	return nil
}

// Icon returns a service resource's icon; 404 when the resource is unknown
// or deleted or has none.
func (s *Service) Icon(ctx context.Context, ospID string) (*branding.Image, error) {
	v := validate.New(ctx)
	v.Required("serviceResourceOspId", ospID)
	if err := v.Err(); err != nil {
		return nil, err
	}
	c, err := s.store.iconOf(ctx, ospID)
	if database.IsNoRows(err) {
		return nil, apperr.NotFound("icon")
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return &branding.Image{ContentType: c.ContentType, Content: c.Content, Version: c.Sha256[:16]}, nil
}

func (s *Service) serveIconUpload(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	file, err := branding.ParseUpload(r)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	defer r.MultipartForm.RemoveAll()
	// the form is not decoded by api.Decode: the same input limits apply
	form := struct {
		ServiceResourceOspID string `json:"serviceResourceOspId"`
	}{r.FormValue("serviceResourceOspId")}
	if err := validate.Input(ctx, &form); err != nil {
		api.WriteError(w, r, err)
		return
	}
	info, err := s.UploadIcon(ctx, access.FromContext(ctx), form.ServiceResourceOspID, file)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	api.WriteJSON(w, http.StatusOK, info)
}

func (s *Service) serveIcon(w http.ResponseWriter, r *http.Request) {
	var req IconRequest
	if err := api.Decode(r, &req); err != nil {
		api.WriteError(w, r, err)
		return
	}
	img, err := s.Icon(r.Context(), req.ServiceResourceOspID)
	if err != nil {
		api.WriteError(w, r, err)
		return
	}
	branding.WriteImage(w, r, img, "private, no-cache")
}
