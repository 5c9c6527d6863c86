package seed

import (
	"context"
	"fmt"

	"mobility/portal/internal/access"
	"mobility/portal/internal/branding"
)

// The demo partners' logos: small SVGs written for the demo.
const (
	mobiLogo = `<svg xmlns="http://www.w3.org/2000/svg" width="168" height="40" viewBox="0 0 168 40" role="img" aria-label="MobiPartner">` +
		`<rect x="2" y="6" width="28" height="28" rx="14" fill="#5F3DC4"/>` +
		`<path d="M9 27V13l7 8 7-8v14" fill="none" stroke="#FFFFFF" stroke-width="2.5" stroke-linejoin="round"/>` +
		`<text x="38" y="27" font-family="Helvetica,Arial,sans-serif" font-size="17" font-weight="700" fill="#5F3DC4">MobiPartner</text></svg>`
	rideOnLogo = `<svg xmlns="http://www.w3.org/2000/svg" width="168" height="40" viewBox="0 0 168 40" role="img" aria-label="RideOn Mobility">` +
		`<rect x="2" y="6" width="28" height="28" rx="6" fill="#2B8A3E"/>` +
		`<circle cx="10" cy="25" r="4" fill="none" stroke="#FFFFFF" stroke-width="2.5"/>` +
		`<circle cx="22" cy="25" r="4" fill="none" stroke="#FFFFFF" stroke-width="2.5"/>` +
		`<path d="M10 25l6-10 6 10" fill="none" stroke="#FFFFFF" stroke-width="2.5" stroke-linejoin="round"/>` +
		`<text x="38" y="27" font-family="Helvetica,Arial,sans-serif" font-size="17" font-weight="700" fill="#2B8A3E">RideOn</text></svg>`
)

// demoBranding gives MobiPartner and RideOn their own colours and logo,
// through the branding service as platform staff would. Their companies
// inherit them.
func demoBranding(ctx context.Context, b *branding.Service) error {
	staff := &access.Principal{Login: "seed", Roles: []access.Role{access.OspAdmin}, Scope: access.SystemScope()}
	for _, p := range []struct {
		ospID string
		cfg   branding.SaveConfiguration
		logo  string
	}{
		{MobiPartnerOspID, branding.SaveConfiguration{BrandColor: "#5F3DC4", PrimaryColor: "#5F3DC4", SecondaryColor: "#212529", VariantColor: "#F3F0FF"}, mobiLogo},
		{OtherPartnerOspID, branding.SaveConfiguration{BrandColor: "#2B8A3E", PrimaryColor: "#2B8A3E", SecondaryColor: "#1A1B1E", VariantColor: "#EBFBEE"}, rideOnLogo},
	} {
		p.cfg.OwnerOspID = p.ospID
		if _, err := b.Save(ctx, staff, p.cfg); err != nil {
			return fmt.Errorf("branding of %s: %w", p.ospID, err)
		}
		if _, err := b.Upload(ctx, staff, branding.UploadInput{OwnerOspID: p.ospID, ImageType: branding.ImageLogo,
			FileName: "logo.svg", Files: 1, HasFile: true, Content: []byte(p.logo)}); err != nil {
			return fmt.Errorf("logo of %s: %w", p.ospID, err)
		}
	}
	return nil
}
