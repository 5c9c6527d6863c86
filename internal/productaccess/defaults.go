package productaccess

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/database"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/partner"
)

var labelUnknownProduct = partner.LabelUnknownProduct

func itoa(i int) string { return strconv.Itoa(i) }

// SetDefault makes a product a user's default product (the app sets it;
// the demo and the tests through here): the user must be allowed to use
// it (PRODUCT_NOT_USABLE otherwise). Trusted callers: ids resolved
// already.
func (s *Service) SetDefault(ctx context.Context, userID, productID int64) error {
	return apperr.Wrap(s.d.DB.WithTx(ctx, func(ctx context.Context) error {
		u, err := s.d.Users.ResolveID(ctx, access.SystemScope(), userID)
		if err != nil {
			return err
		}
		// a deactivation or disallowing of the product, a revoke or a
		// removal of this offer waits, or is waited for
		if err := s.lockProduct(ctx, productID); err != nil && !apperr.IsNotFound(err) {
			return err
		}
		if err := s.store.lockOffers(ctx, 0, u.CompanyID, []int64{productID}); err != nil {
			return err
		}
		ok, _, err := s.MayUse(ctx, userID, productID)
		if err != nil {
			return err
		}
		if !ok {
			return apperr.Invalid(LabelNotUsable, "productOspId", i18n.T(i18n.FromContext(ctx), "error."+LabelNotUsable))
		}
		return s.store.setDefault(ctx, userID, u.CompanyID, productID, database.Now(s.d.Clock.Now()))
	}))
}

// ClearDefault removes a user's default product (none is a no-op).
func (s *Service) ClearDefault(ctx context.Context, userID int64) error {
	if err := s.store.clearDefault(ctx, userID); err != nil {
		return apperr.Internal(err)
	}
	return nil
}

// UsersWithDefault counts the users (not anonymized) who have a product
// as default: internal/product refuses deactivating it while there are
// any (product.DefaultUsage).
func (s *Service) UsersWithDefault(ctx context.Context, productID int64) (int, error) {
	n, err := s.store.defaultsOfProduct(ctx, productID)
	if err != nil {
		return 0, apperr.Internal(err)
	}
	return n, nil
}

// DefaultOf returns a user's default product within the caller's scope
// (null when none, or when it is no longer usable).
func (s *Service) DefaultOf(ctx context.Context, p *access.Principal, userOspID string) (*UserDefault, error) {
	u, err := s.d.Users.Resolve(ctx, p, userOspID)
	if err != nil {
		return nil, err
	}
	out := &UserDefault{UserOspID: u.OspID}
	d, err := s.store.defaultOf(ctx, u.ID)
	if database.IsNoRows(err) {
		return out, nil
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	refs, err := s.usable(ctx, []int64{d.ProductID})
	if err != nil {
		return nil, err
	}
	if len(refs) == 1 {
		sum := summary(refs[0])
		out.Product = &sum
	}
	return out, nil
}

// DefaultUsers lists the employees of a company (in the caller's scope)
// who have a product as default, by name: who to ask before a revoke.
func (s *Service) DefaultUsers(ctx context.Context, p *access.Principal, req DefaultUsersRequest) ([]DefaultUser, error) {
	ca, err := s.companyInScope(ctx, p, req.CorporateAccountOspID)
	if err != nil {
		return nil, err
	}
	ref, err := s.product(ctx, "productOspId", req.ProductOspID)
	if err != nil {
		return nil, err
	}
	ids, err := s.store.companyDefaultUsers(ctx, ca.ID, ref.ID)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	ds, err := s.d.Users.Displays(ctx, access.SystemScope(), ids)
	if err != nil {
		return nil, err
	}
	out := make([]DefaultUser, 0, len(ids))
	for _, id := range ids {
		if d, ok := ds[id]; ok {
			out = append(out, DefaultUser{OspID: d.OspID, FullName: d.FullName(), Email: d.Email})
		}
	}
	sortDefaultUsers(out)
	return out, nil
}

// CompanyProductIDs are the products a company offers (its selection,
// without disallowed ones), for internal/product's find/allByAssignee
// (product.Assignments). The caller resolved the company in its scope.
func (s *Service) CompanyProductIDs(ctx context.Context, companyID int64) ([]int64, error) {
	rows, err := s.store.companyProducts(ctx, []int64{companyID})
	if err != nil {
		return nil, apperr.Internal(err)
	}
	ids := make([]int64, len(rows))
	for i, r := range rows {
		ids[i] = r.ProductID
	}
	return s.notDisallowed(ctx, ids)
}

// GroupProductIDs are the products granted to a user group, without
// disallowed ones (product.Assignments).
func (s *Service) GroupProductIDs(ctx context.Context, groupID int64) ([]int64, error) {
	ids, err := s.store.groupGrants(ctx, groupID)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return s.notDisallowed(ctx, ids)
}

func (s *Service) notDisallowed(ctx context.Context, ids []int64) ([]int64, error) {
	off, err := s.store.disallowedAmong(ctx, ids)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := make([]int64, 0, len(ids))
	for _, id := range ids {
		if _, ok := off[id]; !ok {
			out = append(out, id)
		}
	}
	return out, nil
}

func sortDefaultUsers(us []DefaultUser) {
	slices.SortFunc(us, func(a, b DefaultUser) int {
		if c := strings.Compare(strings.ToLower(a.FullName), strings.ToLower(b.FullName)); c != 0 {
			return c
		}
		return strings.Compare(a.OspID, b.OspID)
	})
}
