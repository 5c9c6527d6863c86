// Package branding serves what the portal looks like before and after
// sign-in: the public portal configuration (legacy-portal banner, app-store
// links), the brand colours of the caller's partner, and the logo.
package branding

import (
	"context"
	_ "embed"
	"net/http"

	"mobility/portal/internal/access"
	"mobility/portal/internal/api"
	"mobility/portal/internal/auth"
	"mobility/portal/internal/company"
	"mobility/portal/internal/config"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/partner"
)

//go:embed default-logo.svg
var defaultLogo []byte

// PortalConfig is the public configuration the web app reads at start.
type PortalConfig struct {
	LegacyBanner       LegacyBanner `json:"legacyBanner"`
	AppStoreURL        string       `json:"appStoreUrl"`
	PlayStoreURL       string       `json:"playStoreUrl"`
	DefaultLanguage    string       `json:"defaultLanguage"`
	SupportedLanguages []string     `json:"supportedLanguages"`
}

// LegacyBanner says the portal is outdated and links to the newer one.
type LegacyBanner struct {
	Enabled         bool   `json:"enabled"`
	URL             string `json:"url"`
	Text            string `json:"text" description:"empty: the web app shows its translated default"`
	TextColor       string `json:"textColor"`
	BackgroundColor string `json:"backgroundColor"`
}

// Branding is the colour set of the caller's partner.
type Branding struct {
	BrandColor     string `json:"brandColor"`
	PrimaryColor   string `json:"primaryColor"`
	SecondaryColor string `json:"secondaryColor"`
	VariantColor   string `json:"variantColor"`
	HasLogo        bool   `json:"hasLogo"`
}

// BrandingRequest optionally names the selected corporate account.
type BrandingRequest struct {
	CorporateAccountOspID string `json:"corporateAccountOspId,omitempty"`
}

// LogoRequest optionally names the selected corporate account.
type LogoRequest struct {
	CorporateAccountOspID string `query:"corporateAccountOspId"`
}

// Service serves branding.
type Service struct {
	cfg       *config.Config
	partners  *partner.Service
	companies *company.Service
}

// NewService needs no database of its own: it reads partners and companies
// through their services.
func NewService(cfg *config.Config, partners *partner.Service, companies *company.Service) *Service {
	return &Service{cfg: cfg, partners: partners, companies: companies}
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

// Get returns the brand colours for the selected corporate account's
// partner (within the caller's scope), else the caller's own partner, else
// the defaults.
func (s *Service) Get(ctx context.Context, p *access.Principal, req BrandingRequest) (*Branding, error) {
	color := partner.DefaultBrandColor
	partnerID, err := s.partnerFor(ctx, p, req.CorporateAccountOspID)
	if err != nil {
		return nil, err
	}
	if partnerID != 0 {
		// partnerFor reached it within the caller's scope (or it is the caller's own)
		pa, err := s.partners.ByID(ctx, access.SystemScope(), partnerID)
		if err != nil {
			return nil, err
		}
		color = pa.BrandColor
	}
	return &Branding{BrandColor: color, PrimaryColor: color, SecondaryColor: "#1A1B1E", VariantColor: "#E7F3FD", HasLogo: true}, nil
}

func (s *Service) partnerFor(ctx context.Context, p *access.Principal, caOspID string) (int64, error) {
	if caOspID != "" {
		ca, err := s.companies.Resolve(ctx, p, caOspID)
		if err != nil {
			return 0, err
		}
		return ca.PartnerID, nil
	}
	// the caller's own partner (their own, or their company's), as their
	// session names it; none for platform staff
	if p.PartnerOspID == "" || p.PartnerOspID == auth.PlatformSegment {
		return 0, nil
	}
	pa, err := s.partners.Resolve(ctx, access.SystemScope(), p.PartnerOspID)
	if err != nil {
		return 0, err
	}
	return pa.ID, nil
}

// Routes are the branding and portal-configuration calls.
func (s *Service) Routes() []api.Route {
	logo := api.Route{
		Method: http.MethodGet, Path: "/portal-service/v1/portal/logo/get", Policy: access.SignedIn(),
		Tag: "branding", Summary: "The logo for the caller (the platform's default logo until partners upload theirs)",
		Request: LogoRequest{}, ResponseContentType: "image/svg+xml", Status: http.StatusOK,
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "image/svg+xml")
			w.Header().Set("Cache-Control", "private, max-age=3600")
			_, _ = w.Write(defaultLogo)
		}),
	}
	return []api.Route{
		api.Get("/portal-service/v1/portal/config", access.PublicPolicy(), "branding", "Public portal configuration: legacy banner, app-store links, languages",
			func(ctx context.Context, _ *api.Empty) (PortalConfig, error) { return s.Config(), nil }),
		api.Post("/portal-service/v1/portal/branding/get", access.SignedIn(), "branding", "Brand colours for the caller or the selected corporate account",
			func(ctx context.Context, req *BrandingRequest) (*Branding, error) {
				return s.Get(ctx, access.FromContext(ctx), *req)
			}),
		logo,
	}
}
