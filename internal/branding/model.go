// Package branding serves what the portal looks like before and after
// sign-in: the public portal configuration (legacy-portal banner, app-store
// links), and the branding of partners and corporate accounts (brand,
// primary, secondary and variant colours and images by type). A company
// inherits its partner's branding, colour by colour and image type by image
// type, unless it sets its own; a partner without its own has the platform
// default.
package branding

import (
	"mime/multipart"

	"mobility/portal/internal/apperr"
	"mobility/portal/internal/constants"
)

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

// Where a colour or an image comes from.
const (
	SourceCompany = "COMPANY"
	SourcePartner = "PARTNER"
	SourceDefault = "DEFAULT"
)

// The kinds of owner a configuration belongs to.
const (
	OwnerPartner          = "PARTNER"
	OwnerCorporateAccount = "CORPORATE_ACCOUNT"
)

// Image types (SPEC §7: the image types for partner and corporate account).
const (
	ImageLogo            = "LOGO"
	ImageAppLogo         = "APP_LOGO"
	ImageAppIcon         = "APP_ICON"
	ImageEmailHeader     = "EMAIL_HEADER"
	ImageLoginBackground = "LOGIN_BACKGROUND"
)

// CorporateAccountImageTypes are the image types a company may set.
var CorporateAccountImageTypes = []string{ImageLogo, ImageAppLogo, ImageAppIcon, ImageEmailHeader}

// PartnerImageTypes are the image types a partner may set.
var PartnerImageTypes = []string{ImageLogo, ImageAppLogo, ImageAppIcon, ImageEmailHeader, ImageLoginBackground}

// Image content types accepted (checked by content, never by file name).
const (
	ContentTypePNG  = "image/png"
	ContentTypeJPEG = "image/jpeg"
	ContentTypeSVG  = "image/svg+xml"
)

// MaxImageBytes is the largest image accepted. It stays below the request
// body limit (PORTAL_MAX_BODY_BYTES, 1 MiB by default), so a file just over
// it answers IMAGE_TOO_LARGE rather than BODY_TOO_LARGE.
const MaxImageBytes = 1_000_000

// MaxImageSide is the largest width or height of a PNG or JPEG, in pixels.
const MaxImageSide = 8192

// The platform default colours (SPEC §9: brand colour #0F89EA).
var DefaultColors = Colors{
	BrandColor:     constants.DefaultBrandColor,
	PrimaryColor:   constants.DefaultBrandColor,
	SecondaryColor: "#1A1B1E",
	VariantColor:   "#E7F3FD",
}

// Error labels of branding.
var (
	LabelImageTooLarge    = apperr.Define("IMAGE_TOO_LARGE")
	LabelImageUnsupported = apperr.Define("IMAGE_UNSUPPORTED")
	LabelImageOneFile     = apperr.Define("IMAGE_ONE_FILE")
	LabelImageTypeInvalid = apperr.Define("IMAGE_TYPE_NOT_ALLOWED")
)

// Colors are the four brand colours, as "#RRGGBB" or "#RRGGBBAA" (uppercase).
type Colors struct {
	BrandColor     string `json:"brandColor" description:"# and 6 or 8 hex characters, uppercase"`
	PrimaryColor   string `json:"primaryColor"`
	SecondaryColor string `json:"secondaryColor"`
	VariantColor   string `json:"variantColor"`
}

// OwnColors are the colours an owner set itself; null inherits.
type OwnColors struct {
	BrandColor     *string `json:"brandColor"`
	PrimaryColor   *string `json:"primaryColor"`
	SecondaryColor *string `json:"secondaryColor"`
	VariantColor   *string `json:"variantColor"`
}

// ColorSources says where each effective colour comes from.
type ColorSources struct {
	BrandColor     string `json:"brandColor" enum:"COMPANY,PARTNER,DEFAULT"`
	PrimaryColor   string `json:"primaryColor" enum:"COMPANY,PARTNER,DEFAULT"`
	SecondaryColor string `json:"secondaryColor" enum:"COMPANY,PARTNER,DEFAULT"`
	VariantColor   string `json:"variantColor" enum:"COMPANY,PARTNER,DEFAULT"`
}

// Configuration is the effective branding of a partner or corporate account.
type Configuration struct {
	OwnerOspID string `json:"ownerOspId"`
	OwnerKind  string `json:"ownerKind" enum:"PARTNER,CORPORATE_ACCOUNT"`
	Colors
	Inherited    bool         `json:"inherited" description:"the owner has no configuration of its own (no colour, no image): all of it comes from its partner or the platform default"`
	Source       string       `json:"source" enum:"COMPANY,PARTNER,DEFAULT" description:"the nearest level that has a configuration: the owner's own (COMPANY for a company, PARTNER for a partner), its partner's, or the platform default"`
	ColorSources ColorSources `json:"colorSources"`
	Own          OwnColors    `json:"own" description:"the colours the owner set itself (null: inherited)"`
	Images       []ImageInfo  `json:"images" description:"the effective image of each type that has one (own or inherited)"`
}

// ImageInfo describes a stored image (not its bytes).
type ImageInfo struct {
	ImageType   string `json:"imageType" enum:"LOGO,APP_LOGO,APP_ICON,EMAIL_HEADER,LOGIN_BACKGROUND"`
	ContentType string `json:"contentType" enum:"image/png,image/jpeg,image/svg+xml"`
	Width       int    `json:"width" description:"pixels; 0 for an SVG without width"`
	Height      int    `json:"height"`
	Size        int    `json:"size" description:"bytes"`
	Version     string `json:"version" description:"changes whenever the image does (cache-busting)"`
	FileName    string `json:"fileName"`
	Source      string `json:"source" enum:"COMPANY,PARTNER" description:"who set it"`
	Inherited   bool   `json:"inherited" description:"set by the partner, not by the owner asked for"`
}

// ImageTypeInfo is one image type an owner kind may set.
type ImageTypeInfo struct {
	ImageType    string   `json:"imageType" enum:"LOGO,APP_LOGO,APP_ICON,EMAIL_HEADER,LOGIN_BACKGROUND"`
	MaxBytes     int      `json:"maxBytes"`
	ContentTypes []string `json:"contentTypes"`
}

// ConfigurationRef names an owner in the path: a partner's or a corporate
// account's ospId.
type ConfigurationRef struct {
	ID string `path:"id" required:"true" description:"ospId of a partner or a corporate account"`
}

// SaveConfiguration sets an owner's own colours; an empty or missing colour
// is inherited from the partner (or the default).
type SaveConfiguration struct {
	OwnerOspID     string `json:"ownerOspId" required:"true" description:"ospId of a partner or a corporate account"`
	BrandColor     string `json:"brandColor,omitempty" maxLength:"32" description:"# and 6 or 8 hex characters; empty inherits"`
	PrimaryColor   string `json:"primaryColor,omitempty" maxLength:"32"`
	SecondaryColor string `json:"secondaryColor,omitempty" maxLength:"32"`
	VariantColor   string `json:"variantColor,omitempty" maxLength:"32"`
}

// ImageRef names one image type of an owner.
type ImageRef struct {
	OwnerOspID string `json:"ownerOspId" required:"true" description:"ospId of a partner or a corporate account"`
	ImageType  string `json:"imageType" required:"true" enum:"LOGO,APP_LOGO,APP_ICON,EMAIL_HEADER,LOGIN_BACKGROUND"`
}

// UploadForm is the multipart body of image/upload: exactly one file.
type UploadForm struct {
	File       multipart.File `formData:"file" required:"true" description:"one PNG, JPEG or SVG file (checked by content; SVG is sanitised), at most 1,000,000 bytes"`
	OwnerOspID string         `formData:"ownerOspId" required:"true" description:"ospId of a partner or a corporate account"`
	ImageType  string         `formData:"imageType" required:"true" enum:"LOGO,APP_LOGO,APP_ICON,EMAIL_HEADER,LOGIN_BACKGROUND"`
}

// Branding is the effective branding of the caller (their company, else
// their partner, else the platform default), applied by the web app after
// sign-in.
type Branding struct {
	Colors
	Source      string `json:"source" enum:"COMPANY,PARTNER,DEFAULT" description:"where the brand colour comes from"`
	HasLogo     bool   `json:"hasLogo" description:"there is a logo to show: always true, portal/logo/get answers the platform's default logo when no one set one"`
	LogoSource  string `json:"logoSource" enum:"COMPANY,PARTNER,DEFAULT" description:"who set the effective LOGO; DEFAULT: the platform's logo"`
	LogoVersion string `json:"logoVersion" description:"changes whenever the effective logo does: add it to portal/logo/get as ?v= to cache-bust"`
}

// BrandingRequest optionally names the selected corporate account.
type BrandingRequest struct {
	CorporateAccountOspID string `json:"corporateAccountOspId,omitempty"`
}

// LogoRequest optionally names the selected corporate account.
type LogoRequest struct {
	CorporateAccountOspID string `query:"corporateAccountOspId"`
	Version               string `query:"v" description:"ignored: the logoVersion of portal/branding/get, for cache-busting"`
}
