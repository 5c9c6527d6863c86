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

// MayUse tells whether a user may use a product, and why not: the facts
// are read in four index lookups (product, user, company, and one query
// over this package's tables) and handed to Decide. Trusted callers only
// (ids already resolved within the caller's scope, or the app's own).
func (s *Service) MayUse(ctx context.Context, userID, productID int64) (bool, Reason, error) {
	f, err := s.facts(ctx, userID, productID)
	if err != nil {
		return false, "", err
	}
	r := Decide(f)
	return r == Allowed, r, nil
}

func (s *Service) facts(ctx context.Context, userID, productID int64) (Facts, error) {
	var f Facts
	cat := s.catalog()
	prods, err := cat.ByIDs(ctx, []int64{productID})
	if err != nil {
		return f, apperr.Wrap(err)
	}
	p, ok := prods[productID]
	f.ProductKnown, f.ProductActive = ok, p.Active
	if !f.ProductKnown || !f.ProductActive {
		return f, nil
	}
	u, err := s.d.Users.ResolveID(ctx, access.SystemScope(), userID)
	switch {
	case apperr.IsNotFound(err):
		return f, s.platformFact(ctx, &f, productID)
	case err != nil:
		return f, err
	}
	f.UserKnown, f.UserActive, f.HasCompany = true, u.Active, u.CompanyID != 0
	if !f.HasCompany {
		return f, s.platformFact(ctx, &f, productID)
	}
	cas, err := s.d.Companies.Names(ctx, access.SystemScope(), []int64{u.CompanyID})
	if err != nil {
		return f, err
	}
	ca := cas[u.CompanyID]
	if ca == nil {
		return f, apperr.Internal(wiringError("productaccess: the company of a user is missing"))
	}
	f.CompanyActive = ca.Active
	l, err := s.store.levels(ctx, userID, productID, ca.ID, ca.PartnerID)
	if err != nil {
		return f, apperr.Internal(err)
	}
	f.PlatformDisallowed, f.PartnerSelected, f.CompanySelected, f.GroupGrant = l.Disallowed, l.PartnerSelected, l.CompanySelected, l.GroupGrant
	return f, nil
}

// platformFact reads only whether the product is disallowed (the user
// failed before the levels below could be read).
func (s *Service) platformFact(ctx context.Context, f *Facts, productID int64) error {
	d, err := s.store.disallowedAmong(ctx, []int64{productID})
	if err != nil {
		return apperr.Internal(err)
	}
	_, f.PlatformDisallowed = d[productID]
	return nil
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
