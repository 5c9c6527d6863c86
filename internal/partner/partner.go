// Package partner holds partners (MSP, MRP, reseller, ...), the parties
// that own corporate accounts: their fields, the budget types they select
// and the links between super- and sub-partners.
package partner

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/constants"
	"mobility/portal/internal/database"
)

// Partner types of SPEC §1.
const (
	TypeMSP         = "MSP"
	TypeMRP         = "MRP"
	TypeReseller    = "RESELLER"
	TypeArtemis     = "ARTEMIS"
	TypeMRPMSP      = "MRP_MSP"
	TypeResellerB2B = "RESELLER_B2B"
)

// Types lists every partner type.
var Types = []string{TypeMSP, TypeMRP, TypeReseller, TypeArtemis, TypeMRPMSP, TypeResellerB2B}

// DefaultBrandColor is SPEC §9's brand colour.
const DefaultBrandColor = constants.DefaultBrandColor

// Partner is a stored partner: the read model other domains use (ByID,
// ByIDs, Resolve) and the row the partner calls answer from.
type Partner struct {
	ID           int64   `db:"id" json:"-"`
	OspID        string  `db:"osp_id" json:"ospId"`
	Name         string  `db:"name" json:"name"`
	ExtID        *string `db:"ext_id" json:"extId,omitempty"`
	PartnerType  string  `db:"partner_type" json:"partnerType"`
	Active       bool    `db:"active" json:"active"`
	BrandColor   string  `db:"brand_color" json:"brandColor"`
	Street       string  `db:"street" json:"-"`
	StreetNumber string  `db:"street_number" json:"-"`
	ZipCode      string  `db:"zip_code" json:"-"`
	City         string  `db:"city" json:"-"`
	Country      string  `db:"country" json:"-"`
	VatNumber    string  `db:"vat_number" json:"-"`
	Email        string  `db:"email" json:"-"`
	SendInvoices bool    `db:"send_invoices" json:"-"`
	SelfBilling  bool    `db:"self_billing" json:"-"`
}

// Service manages partners.
type Service struct {
	db    *database.DB
	store *store
	clock clock.Clock
	// companies is what partner needs of company and budget, handed over
	// at wiring (UseCompanies): they import partner, not the reverse.
	companies Companies
	// brandColors is branding's read model of partners' effective brand
	// colours (UseBrandColors); nil reads partners.brand_color.
	brandColors BrandColors
	// catalogue stores the products and service resources a partner
	// selects (internal/productaccess, UseCatalogue); nil refuses any.
	catalogue Catalogue
}

// Choice is a partner's selection of products and service resources by
// ospId; a nil list is one that was not sent (kept on update).
type Choice struct {
	Products         []string
	ServiceResources []string
}

// Catalogue is the product access (internal/productaccess.Service),
// which owns the partner's selection: it imports partner, so partner
// reaches it through this interface, set at wiring (UseCatalogue).
type Catalogue interface {
	// CheckPartnerChoice checks a selection before anything is written
	// (partnerID 0 on create): UNKNOWN_PRODUCT, UNKNOWN_SERVICE_RESOURCE,
	// PRODUCT_PLATFORM_DISALLOWED.
	CheckPartnerChoice(ctx context.Context, partnerID int64, c Choice) error
	// SetPartnerChoice stores it in the caller's transaction; apply pushes
	// it to the partner's companies (applyChangesToCorporateAccounts).
	SetPartnerChoice(ctx context.Context, partnerID int64, c Choice, apply bool) error
	// PartnerChoices reads partners' selections (usable ones), by id.
	PartnerChoices(ctx context.Context, partnerIDs []int64) (map[int64]Choice, error)
}

// UseCatalogue hands partner the product access; set at wiring, before
// any request.
func (s *Service) UseCatalogue(c Catalogue) { s.catalogue = c }

// BrandColors returns the effective brand colour of partners by id, in
// one query per 500 ids (branding owns the colours).
type BrandColors func(ctx context.Context, partnerIDs []int64) (map[int64]string, error)

// UseBrandColors hands partner branding's brand colours for its answers;
// set at wiring, before any request.
func (s *Service) UseBrandColors(f BrandColors) { s.brandColors = f }

// Companies is what applyChangesToCorporateAccounts needs of the
// companies of a partner: their ids (company's read model) and a way to
// make each offer exactly the given budget types (budget owns them). Both
// run in the caller's transaction.
type Companies struct {
	IDsOfPartner        func(ctx context.Context, partnerID int64) ([]int64, error)
	ReplaceCompanyTypes func(ctx context.Context, companyIDs []int64, types []string) error
}

func NewService(db *database.DB, c clock.Clock) *Service {
	return &Service{db: db, store: &store{db: db}, clock: c}
}

// UseCompanies hands partner what it needs of companies; set at wiring,
// before any request.
func (s *Service) UseCompanies(c Companies) { s.companies = c }

// ByID returns a partner by internal id within scope; trusted internal
// callers pass access.SystemScope().
func (s *Service) ByID(ctx context.Context, scope access.Scope, id int64) (*Partner, error) {
	return found(s.store.byID(ctx, scope, id))
}

// Resolve returns a partner by public id within scope; others are NOT_FOUND.
func (s *Service) Resolve(ctx context.Context, scope access.Scope, ospID string) (*Partner, error) {
	return found(s.store.byOspID(ctx, scope, ospID))
}

func found(p *Partner, err error) (*Partner, error) {
	if database.IsNoRows(err) {
		return nil, apperr.NotFound("partner")
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return p, nil
}

// ByIDs returns the partners with ids within scope, by id, in one query
// per 500 ids; ids outside scope are left out.
func (s *Service) ByIDs(ctx context.Context, scope access.Scope, ids []int64) (map[int64]*Partner, error) {
	rows, err := s.store.byIDs(ctx, scope, ids)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := make(map[int64]*Partner, len(rows))
	for i := range rows {
		out[rows[i].ID] = &rows[i]
	}
	return out, nil
}
