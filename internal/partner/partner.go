// Package partner holds partners (MSP, MRP, reseller, ...), the parties
// that own corporate accounts. This issue reads them; the partner screens
// come later.
package partner

import (
	"context"

	"mobility/portal/internal/access"
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
type Service struct{ store *store }

func NewService(db *database.DB) *Service { return &Service{store: &store{db: db}} }

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
