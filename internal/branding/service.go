package branding

import (
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/auth"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/company"
	"mobility/portal/internal/config"
	"mobility/portal/internal/database"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/partner"
	"mobility/portal/internal/validate"
)

//go:embed default-logo.svg
var defaultLogo []byte

var defaultLogoVersion = version(defaultLogo)

// Deps are what the branding service needs.
type Deps struct {
	DB        *database.DB
	Clock     clock.Clock
	Config    *config.Config
	Partners  *partner.Service
	Companies *company.Service
}

// Service serves the portal configuration and branding.
type Service struct {
	db        *database.DB
	clock     clock.Clock
	cfg       *config.Config
	store     *store
	partners  *partner.Service
	companies *company.Service
}

// NewService wires the branding service.
func NewService(d Deps) *Service {
	return &Service{db: d.DB, clock: d.Clock, cfg: d.Config, store: &store{db: d.DB}, partners: d.Partners, companies: d.Companies}
}

// Config returns the public portal configuration.
func (s *Service) Config() PortalConfig {
	langs := make([]string, len(i18n.Supported))
	for i, l := range i18n.Supported {
		langs[i] = string(l)
	}
	return PortalConfig{
		LegacyBanner: LegacyBanner{Enabled: s.cfg.Legacy.Enabled, URL: s.cfg.Legacy.URL, Text: s.cfg.Legacy.Text,
			TextColor: s.cfg.Legacy.TextColor, BackgroundColor: s.cfg.Legacy.BackgroundColor},
		AppStoreURL: s.cfg.AppStoreURL, PlayStoreURL: s.cfg.PlayStoreURL,
		DefaultLanguage: string(i18n.Default), SupportedLanguages: langs,
	}
}

// owner is a partner or corporate account reached within the caller's scope.
type owner struct {
	kind      string // OwnerPartner or OwnerCorporateAccount
	ospID     string
	partnerID int64
	companyID int64 // 0 for a partner
}

func (o *owner) id() int64 {
	if o.kind == OwnerPartner {
		return o.partnerID
	}
	return o.companyID
}

func (o *owner) imageTypes() []string {
	if o.kind == OwnerPartner {
		return PartnerImageTypes
	}
	return CorporateAccountImageTypes
}

// ownSource is what an owner's own settings are called in sources.
func (o *owner) ownSource() string {
	if o.kind == OwnerPartner {
		return SourcePartner
	}
	return SourceCompany
}

// resolveOwner finds a corporate account or partner by ospId within the
// caller's scope: a company admin reaches their company, an MSP admin their
// partner and its companies, platform staff all. Others are NOT_FOUND.
func (s *Service) resolveOwner(ctx context.Context, p *access.Principal, ospID string) (*owner, error) {
	if ospID == "" {
		return nil, apperr.NotFound("branding owner")
	}
	ca, err := s.companies.Resolve(ctx, p, ospID)
	if err == nil {
		return &owner{kind: OwnerCorporateAccount, ospID: ca.OspID, partnerID: ca.PartnerID, companyID: ca.ID}, nil
	}
	if !apperr.IsNotFound(err) {
		return nil, err
	}
	pa, err := s.partners.Resolve(ctx, p.Scope, ospID)
	if apperr.IsNotFound(err) {
		return nil, apperr.NotFound("branding owner")
	}
	if err != nil {
		return nil, err
	}
	return &owner{kind: OwnerPartner, ospID: pa.OspID, partnerID: pa.ID}, nil
}

// level is one step of the inheritance chain: a company's or a partner's
// own settings.
type level struct {
	source string
	config *configRow
	images map[string]*imageRow
}

func (l *level) empty() bool { return l.config == nil && len(l.images) == 0 }

// chain reads the levels that apply to o, nearest first: the owner's own
// (unless withoutOwn) and, for a company, its partner's.
func (s *Service) chain(ctx context.Context, o *owner, withoutOwn bool) (own *level, levels []*level, err error) {
	configs, err := s.store.configs(ctx, o.partnerID, o.companyID)
	if err != nil {
		return nil, nil, apperr.Internal(err)
	}
	images, err := s.store.images(ctx, o.partnerID, o.companyID)
	if err != nil {
		return nil, nil, apperr.Internal(err)
	}
	company := &level{source: SourceCompany, images: map[string]*imageRow{}}
	part := &level{source: SourcePartner, images: map[string]*imageRow{}}
	pick := func(pid, cid *int64) *level {
		switch {
		case cid != nil && o.companyID != 0 && *cid == o.companyID:
			return company
		case pid != nil && *pid == o.partnerID:
			return part
		}
		return nil
	}
	for i := range configs {
		if l := pick(configs[i].PartnerID, configs[i].CorporateAccountID); l != nil {
			l.config = &configs[i]
		}
	}
	for i := range images {
		if l := pick(images[i].PartnerID, images[i].CorporateAccountID); l != nil {
			l.images[images[i].ImageType] = &images[i]
		}
	}
	if o.kind == OwnerPartner {
		own = part
	} else {
		own = company
		levels = append(levels, part)
	}
	if !withoutOwn {
		levels = append([]*level{own}, levels...)
	}
	return own, levels, nil
}

// effective folds the levels over the default, colour by colour and image
// type by image type.
func effective(o *owner, own *level, levels []*level, withoutOwn bool) *Configuration {
	c := &Configuration{OwnerOspID: o.ospID, OwnerKind: o.kind, Colors: DefaultColors, Source: SourceDefault,
		ColorSources: ColorSources{SourceDefault, SourceDefault, SourceDefault, SourceDefault}, Images: []ImageInfo{}}
	c.Inherited = withoutOwn || own.empty()
	if !withoutOwn && own.config != nil {
		cfg := own.config
		c.Own = OwnColors{BrandColor: cfg.BrandColor, PrimaryColor: cfg.PrimaryColor, SecondaryColor: cfg.SecondaryColor, VariantColor: cfg.VariantColor}
	}
	for _, l := range levels {
		if !l.empty() {
			c.Source = l.source
			break
		}
	}
	// from the farthest level to the nearest, so the nearest wins
	for i := len(levels) - 1; i >= 0; i-- {
		l := levels[i]
		if l.config == nil {
			continue
		}
		set := func(dst, src *string, srcOf *string) {
			if src != nil {
				*dst, *srcOf = *src, l.source
			}
		}
		set(&c.BrandColor, l.config.BrandColor, &c.ColorSources.BrandColor)
		set(&c.PrimaryColor, l.config.PrimaryColor, &c.ColorSources.PrimaryColor)
		set(&c.SecondaryColor, l.config.SecondaryColor, &c.ColorSources.SecondaryColor)
		set(&c.VariantColor, l.config.VariantColor, &c.ColorSources.VariantColor)
	}
	for _, t := range o.imageTypes() {
		for _, l := range levels {
			if img := l.images[t]; img != nil {
				c.Images = append(c.Images, ImageInfo{ImageType: t, ContentType: img.ContentType, Width: img.Width, Height: img.Height,
					Size: img.Size, Version: img.SHA256[:16], FileName: img.FileName, Source: l.source, Inherited: l != own})
				break
			}
		}
	}
	return c
}

func (s *Service) configuration(ctx context.Context, o *owner, withoutOwn bool) (*Configuration, error) {
	own, levels, err := s.chain(ctx, o, withoutOwn)
	if err != nil {
		return nil, err
	}
	return effective(o, own, levels, withoutOwn), nil
}

// Configuration is the effective branding of a partner or corporate account
// within the caller's scope.
func (s *Service) Configuration(ctx context.Context, p *access.Principal, ospID string) (*Configuration, error) {
	o, err := s.resolveOwner(ctx, p, ospID)
	if err != nil {
		return nil, err
	}
	return s.configuration(ctx, o, false)
}

// DefaultConfiguration is what the owner's branding would be without its
// own configuration: a company's partner's, a partner's the default.
func (s *Service) DefaultConfiguration(ctx context.Context, p *access.Principal, ospID string) (*Configuration, error) {
	o, err := s.resolveOwner(ctx, p, ospID)
	if err != nil {
		return nil, err
	}
	return s.configuration(ctx, o, true)
}

// Save sets an owner's own colours (empty ones inherit), after checking
// them all (SPEC §5's hex rule; stored uppercase).
func (s *Service) Save(ctx context.Context, p *access.Principal, req SaveConfiguration) (*Configuration, error) {
	v := validate.New(ctx)
	v.Required("ownerOspId", req.OwnerOspID)
	colour := func(field, value string) *string {
		if c := v.HexColor(field, value); c != "" {
			return &c
		}
		return nil
	}
	own := OwnColors{
		BrandColor:     colour("brandColor", req.BrandColor),
		PrimaryColor:   colour("primaryColor", req.PrimaryColor),
		SecondaryColor: colour("secondaryColor", req.SecondaryColor),
		VariantColor:   colour("variantColor", req.VariantColor),
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	o, err := s.resolveOwner(ctx, p, req.OwnerOspID)
	if err != nil {
		return nil, err
	}
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		return s.store.saveConfig(ctx, o.kind, o.id(), own, s.clock.Now())
	})
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return s.configuration(ctx, o, false)
}

// Reset drops an owner's own colours and images: it inherits again.
func (s *Service) Reset(ctx context.Context, p *access.Principal, ospID string) error {
	o, err := s.resolveOwner(ctx, p, ospID)
	if err != nil {
		return err
	}
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		_, err := s.store.reset(ctx, o.kind, o.id())
		return err
	})
	if err != nil {
		return apperr.Internal(err)
	}
	return nil
}

// Image is an image's bytes as served.
type Image struct {
	ContentType string
	Content     []byte
	Version     string
}

// UploadInput is a parsed image/upload form.
type UploadInput struct {
	OwnerOspID string
	ImageType  string
	FileName   string
	// Files counts the files in the form (every field); exactly one, named
	// "file", is accepted.
	Files   int
	HasFile bool
	// Content holds at most MaxImageBytes+1 bytes of the file.
	Content []byte
}

// Upload checks an image by its content (PNG, JPEG, or SVG sanitised) and
// stores it as the owner's image of its type. Nothing is written when any
// check fails.
func (s *Service) Upload(ctx context.Context, p *access.Principal, in UploadInput) (*ImageInfo, error) {
	v := validate.New(ctx)
	v.Required("ownerOspId", in.OwnerOspID)
	if v.Required("imageType", in.ImageType) {
		v.OneOf("imageType", in.ImageType, PartnerImageTypes)
	}
	if in.Files == 0 {
		v.Fail("file", "rule.required")
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	o, err := s.resolveOwner(ctx, p, in.OwnerOspID)
	if err != nil {
		return nil, err
	}
	if err := checkImageType(o, in.ImageType); err != nil {
		return nil, err
	}
	checked, err := CheckUpload(UploadedFile{FileName: in.FileName, Files: in.Files, HasFile: in.HasFile, Content: in.Content})
	if err != nil {
		return nil, err
	}
	row := imageRow{ImageType: in.ImageType, ContentType: checked.ContentType, Width: checked.Width, Height: checked.Height,
		Size: len(checked.Content), SHA256: checked.SHA256, FileName: checked.FileName}
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		return s.store.saveImage(ctx, o.kind, o.id(), row, checked.Content, s.clock.Now())
	})
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return &ImageInfo{ImageType: row.ImageType, ContentType: row.ContentType, Width: row.Width, Height: row.Height, Size: row.Size,
		Version: row.SHA256[:16], FileName: row.FileName, Source: o.ownSource()}, nil
}

// checkRef holds an image reference to its fields' rules (field-named 400s).
func checkRef(ctx context.Context, req ImageRef) error {
	v := validate.New(ctx)
	v.Required("ownerOspId", req.OwnerOspID)
	if v.Required("imageType", req.ImageType) {
		v.OneOf("imageType", req.ImageType, PartnerImageTypes)
	}
	return v.Err()
}

func checkImageType(o *owner, imageType string) error {
	for _, t := range o.imageTypes() {
		if t == imageType {
			return nil
		}
	}
	return apperr.New(apperr.KindInvalid, LabelImageTypeInvalid, "this image type is not one this owner may set")
}

// DeleteImage removes an owner's own image of a type (404 when it has
// none of its own).
func (s *Service) DeleteImage(ctx context.Context, p *access.Principal, req ImageRef) error {
	if err := checkRef(ctx, req); err != nil {
		return err
	}
	o, err := s.resolveOwner(ctx, p, req.OwnerOspID)
	if err != nil {
		return err
	}
	if err := checkImageType(o, req.ImageType); err != nil {
		return err
	}
	var n int64
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		n, err = s.store.deleteImage(ctx, o.kind, o.id(), req.ImageType)
		return err
	})
	if err != nil {
		return apperr.Internal(err)
	}
	if n == 0 {
		return apperr.NotFound("image")
	}
	return nil
}

// Image returns the effective image of a type of an owner (its own, else
// its partner's); 404 when there is none.
func (s *Service) Image(ctx context.Context, p *access.Principal, req ImageRef) (*Image, error) {
	if err := checkRef(ctx, req); err != nil {
		return nil, err
	}
	o, err := s.resolveOwner(ctx, p, req.OwnerOspID)
	if err != nil {
		return nil, err
	}
	if err := checkImageType(o, req.ImageType); err != nil {
		return nil, err
	}
	img, err := s.effectiveImage(ctx, o, req.ImageType)
	if err != nil {
		return nil, err
	}
	if img == nil {
		return nil, apperr.NotFound("image")
	}
	return img, nil
}

// effectiveImage reads the nearest image of a type for o (nil: none).
func (s *Service) effectiveImage(ctx context.Context, o *owner, imageType string) (*Image, error) {
	_, levels, err := s.chain(ctx, o, false)
	if err != nil {
		return nil, err
	}
	for _, l := range levels {
		meta := l.images[imageType]
		if meta == nil {
			continue
		}
		kind, id := OwnerPartner, o.partnerID
		if l.source == SourceCompany {
			kind, id = OwnerCorporateAccount, o.companyID
		}
		b, err := s.store.content(ctx, kind, id, imageType)
		if database.IsNoRows(err) {
			continue // removed since: the next level
		}
		if err != nil {
			return nil, apperr.Internal(err)
		}
		return &Image{ContentType: meta.ContentType, Content: b, Version: meta.SHA256[:16]}, nil
	}
	return nil, nil
}

// callerOwner is whose branding the caller sees: the selected corporate
// account (within scope), else their own company, else their partner;
// nil for the platform default.
func (s *Service) callerOwner(ctx context.Context, p *access.Principal, caOspID string) (*owner, error) {
	if caOspID != "" {
		ca, err := s.companies.Resolve(ctx, p, caOspID)
		if err != nil {
			return nil, err
		}
		return &owner{kind: OwnerCorporateAccount, ospID: ca.OspID, partnerID: ca.PartnerID, companyID: ca.ID}, nil
	}
	if p.Scope.CorporateAccountID != 0 {
		// the caller's own company, as their session names it
		ca, err := s.companies.ResolveID(ctx, p.Scope, p.Scope.CorporateAccountID)
		if err != nil {
			return nil, err
		}
		return &owner{kind: OwnerCorporateAccount, ospID: ca.OspID, partnerID: ca.PartnerID, companyID: ca.ID}, nil
	}
	// the caller's own partner, as their session names it; none for
	// platform staff
	if p.PartnerOspID == "" || p.PartnerOspID == auth.PlatformSegment {
		return nil, nil
	}
	pa, err := s.partners.Resolve(ctx, access.SystemScope(), p.PartnerOspID)
	if err != nil {
		return nil, err
	}
	return &owner{kind: OwnerPartner, ospID: pa.OspID, partnerID: pa.ID}, nil
}

// Get returns the caller's effective branding (portal/branding/get).
func (s *Service) Get(ctx context.Context, p *access.Principal, req BrandingRequest) (*Branding, error) {
	o, err := s.callerOwner(ctx, p, req.CorporateAccountOspID)
	if err != nil {
		return nil, err
	}
	if o == nil {
		return &Branding{Colors: DefaultColors, Source: SourceDefault, HasLogo: true, LogoSource: SourceDefault, LogoVersion: defaultLogoVersion[:16]}, nil
	}
	c, err := s.configuration(ctx, o, false)
	if err != nil {
		return nil, err
	}
	b := &Branding{Colors: c.Colors, Source: c.ColorSources.BrandColor, HasLogo: true, LogoSource: SourceDefault, LogoVersion: defaultLogoVersion[:16]}
	for _, img := range c.Images {
		if img.ImageType == ImageLogo {
			b.LogoSource, b.LogoVersion = img.Source, img.Version
		}
	}
	return b, nil
}

// Logo returns the caller's effective LOGO, or the platform default.
func (s *Service) Logo(ctx context.Context, p *access.Principal, caOspID string) (*Image, error) {
	o, err := s.callerOwner(ctx, p, caOspID)
	if err != nil {
		return nil, err
	}
	if o != nil {
		img, err := s.effectiveImage(ctx, o, ImageLogo)
		if err != nil {
			return nil, err
		}
		if img != nil {
			return img, nil
		}
	}
	return &Image{ContentType: ContentTypeSVG, Content: defaultLogo, Version: defaultLogoVersion[:16]}, nil
}

// version is the hex SHA-256 of content.
func version(content []byte) string {
	sum := sha256.Sum256(content)
	return hex.EncodeToString(sum[:])
}

// PartnerBrandColors is a read model for partner's screens: the effective
// brand colour of each partner (its own, else the platform default) by id,
// in one query per 500 ids. The ids are partners the caller already reached
// in its scope.
func (s *Service) PartnerBrandColors(ctx context.Context, partnerIDs []int64) (map[int64]string, error) {
	rows, err := s.store.partnerConfigs(ctx, partnerIDs)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := make(map[int64]string, len(partnerIDs))
	for _, id := range partnerIDs {
		out[id] = DefaultColors.BrandColor
	}
	for _, r := range rows {
		if r.PartnerID != nil && r.BrandColor != nil {
			out[*r.PartnerID] = *r.BrandColor
		}
	}
	return out, nil
}
