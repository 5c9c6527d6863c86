// Package partner holds partners (MSP, MRP, reseller, ...), the parties
// that own corporate accounts. This issue reads them; the partner screens
// come later.
package partner

import (
	"context"

	"mobility/portal/internal/apperr"
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

// Partner is a stored partner.
type Partner struct {
	ID          int64   `db:"id" json:"-"`
	OspID       string  `db:"osp_id" json:"ospId"`
	Name        string  `db:"name" json:"name"`
	ExtID       *string `db:"ext_id" json:"extId,omitempty"`
	PartnerType string  `db:"partner_type" json:"partnerType"`
	Active      bool    `db:"active" json:"active"`
	BrandColor  string  `db:"brand_color" json:"brandColor"`
}

// Service reads partners.
type Service struct{ db *database.DB }

func NewService(db *database.DB) *Service { return &Service{db: db} }

const columns = `id, osp_id, name, ext_id, partner_type, active, brand_color`

// ByID returns a partner by internal id (callers have checked tenancy).
func (s *Service) ByID(ctx context.Context, id int64) (*Partner, error) {
	var p Partner
	err := s.db.Get(ctx, &p, `SELECT `+columns+` FROM partners WHERE id = ?`, id)
	if database.IsNoRows(err) {
		return nil, apperr.NotFound("partner")
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return &p, nil
}
