package productaccess

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/validate"
)

// Facts are what the rule looks at, one field per level.
type Facts struct {
	ProductKnown       bool
	ProductActive      bool
	PlatformDisallowed bool
	UserKnown          bool
	UserActive         bool
	HasCompany         bool
	CompanyActive      bool
	PartnerSelected    bool
	CompanySelected    bool
	GroupGrant         bool // one of the user's active groups holds the product
}

// Decide is THE rule: a user may use a product when the product is known,
// active and not disallowed for the platform; the user is known, active
// and in a company; the company is active; its partner selected the
// product, the company selected it, and one of the user's active groups
// holds a grant. The first level that fails is the reason.
func Decide(f Facts) Reason {
	switch {
	case !f.ProductKnown:
		return ProductUnknown
	case !f.ProductActive:
		return ProductInactive
	case f.PlatformDisallowed:
		return PlatformDisallowed
	case !f.UserKnown:
		return UserUnknown
	case !f.UserActive:
		return UserInactive
	case !f.HasCompany:
		return NoCompany
	case !f.CompanyActive:
		return CompanyInactive
	case !f.PartnerSelected:
		return PartnerNotSelected
	case !f.CompanySelected:
		return CompanyNotSelected
	case !f.GroupGrant:
		return NoGroupGrant
	}
	return Allowed
}

// MayUse tells whether a user may use a product, and why not: every fact
// is read in one query (an index lookup each) and handed to Decide; only a
// product that is not active costs one more read (unknown or
// deactivated). Trusted callers only (ids already resolved within the
// caller's scope, or the app's own).
func (s *Service) MayUse(ctx context.Context, userID, productID int64) (bool, Reason, error) {
	f, err := s.facts(ctx, userID, productID)
	if err != nil {
		return false, "", err
	}
	r := Decide(f)
	return r == Allowed, r, nil
}

func (s *Service) facts(ctx context.Context, userID, productID int64) (Facts, error) {
	row, err := s.store.facts(ctx, userID, productID)
	if err != nil {
		return Facts{}, apperr.Internal(err)
	}
	f := Facts{ProductKnown: row.ProductActive, ProductActive: row.ProductActive, PlatformDisallowed: row.Disallowed,
		UserKnown: row.UserKnown, UserActive: row.UserActive != nil && *row.UserActive, HasCompany: row.CompanyID != nil,
		CompanyActive:   row.CompanyActive != nil && *row.CompanyActive,
		PartnerSelected: row.PartnerSelected, CompanySelected: row.CompanySelected, GroupGrant: row.GroupGrant}
	if !f.ProductActive {
		refs, err := s.catalog().ByIDs(ctx, []int64{productID})
		if err != nil {
			return f, apperr.Wrap(err)
		}
		_, f.ProductKnown = refs[productID]
	}
	return f, nil
}

// CheckMayUse answers mayUse for an admin: the user must be within the
// caller's scope (another tenant's is NOT_FOUND); an unknown product
// answers PRODUCT_UNKNOWN.
func (s *Service) CheckMayUse(ctx context.Context, p *access.Principal, req MayUseRequest) (*MayUseAnswer, error) {
	v := validate.New(ctx)
	v.Required("userOspId", req.UserOspID)
	v.Required("productOspId", req.ProductOspID)
	if err := v.Err(); err != nil {
		return nil, err
	}
	u, err := s.d.Users.Resolve(ctx, p, req.UserOspID)
	if err != nil {
		return nil, err
	}
	cat := s.catalog()
	refs, err := cat.Refs(ctx, []string{req.ProductOspID})
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	ref, ok := refs[req.ProductOspID]
	if !ok {
		return &MayUseAnswer{Allowed: false, Reason: ProductUnknown}, nil
	}
	allowed, reason, err := s.MayUse(ctx, u.ID, ref.ID)
	if err != nil {
		return nil, err
	}
	return &MayUseAnswer{Allowed: allowed, Reason: reason}, nil
}
