package productaccess

import (
	"context"
	"slices"
	"strings"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/company"
	"mobility/portal/internal/database"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/usergroup"
	"mobility/portal/internal/validate"
)

// group resolves a user group within the caller's scope (another
// tenant's is NOT_FOUND).
func (s *Service) group(ctx context.Context, p *access.Principal, ospID string) (*usergroup.Resolved, error) {
	v := validate.New(ctx)
	v.Required("userGroupOspId", ospID)
	if err := v.Err(); err != nil {
		return nil, err
	}
	return s.d.Groups.Resolve(ctx, p, ospID)
}

// companyOf reads a company by id (reached through a row in scope).
func (s *Service) companyOf(ctx context.Context, id int64) (*company.Resolved, error) {
	cas, err := s.d.Companies.Names(ctx, access.SystemScope(), []int64{id})
	if err != nil {
		return nil, err
	}
	ca := cas[id]
	if ca == nil {
		return nil, apperr.NotFound("corporate account")
	}
	return ca, nil
}

func groupRef(g *usergroup.Resolved) GroupRef {
	return GroupRef{OspID: g.OspID, Name: g.Name(), Active: g.Active}
}

// checkGrant validates a grant or revoke request and resolves its group
// and products (known ones; an unknown one is UNKNOWN_PRODUCT naming
// productOspIds).
func (s *Service) checkGrant(ctx context.Context, p *access.Principal, req GrantRequest) (*usergroup.Resolved, []ProductRef, error) {
	v := validate.New(ctx)
	v.Required("userGroupOspId", req.UserGroupOspID)
	if len(req.ProductOspIDs) == 0 {
		v.Fail("productOspIds", "rule.required")
	}
	for i, osp := range req.ProductOspIDs {
		if strings.TrimSpace(osp) == "" {
			v.Fail("productOspIds["+itoa(i)+"]", "rule.required")
		}
	}
	if err := v.Err(); err != nil {
		return nil, nil, err
	}
	g, err := s.group(ctx, p, req.UserGroupOspID)
	if err != nil {
		return nil, nil, err
	}
	cat := s.catalog()
	refs, err := cat.Refs(ctx, uniqStrings(req.ProductOspIDs))
	if err != nil {
		return nil, nil, apperr.Wrap(err)
	}
	out := make([]ProductRef, 0, len(refs))
	for _, osp := range uniqStrings(req.ProductOspIDs) {
		r, ok := refs[osp]
		if !ok {
			return nil, nil, apperr.Invalid(labelUnknownProduct, "productOspIds", i18n.T(i18n.FromContext(ctx), "error.UNKNOWN_PRODUCT"))
		}
		out = append(out, r)
	}
	return g, out, nil
}

// Grant lets a user group use products its company offers (usable ones:
// active, not disallowed, selected by the partner and the company); one
// the company does not offer is PRODUCT_NOT_OFFERED. Granting what the
// group holds is a no-op.
func (s *Service) Grant(ctx context.Context, p *access.Principal, req GrantRequest) (*GroupProducts, error) {
	g, products, err := s.checkGrant(ctx, p, req)
	if err != nil {
		return nil, err
	}
	err = s.d.DB.WithTx(ctx, func(ctx context.Context) error {
		offered, err := s.offered(ctx, g.CompanyID)
		if err != nil {
			return err
		}
		now := database.Now(s.d.Clock.Now())
		for _, pr := range products {
			if !offered[pr.ID] {
				return apperr.Invalid(LabelNotOffered, "productOspIds", i18n.T(i18n.FromContext(ctx), "error."+LabelNotOffered))
			}
			if err := s.store.grant(ctx, g.ID, g.CompanyID, pr.ID, now); err != nil {
				if isForeignKeyViolation(err) { // the offer went meanwhile
					return apperr.Invalid(LabelNotOffered, "productOspIds", i18n.T(i18n.FromContext(ctx), "error."+LabelNotOffered))
				}
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	return s.groupProducts(ctx, g)
}

// offered are the usable products a company offers, by id: active, not
// disallowed, in its selection (which lies within its partner's).
func (s *Service) offered(ctx context.Context, companyID int64) (map[int64]bool, error) {
	rows, err := s.store.companyProducts(ctx, []int64{companyID})
	if err != nil {
		return nil, apperr.Internal(err)
	}
	ids := make([]int64, len(rows))
	for i, r := range rows {
		ids[i] = r.ProductID
	}
	usable, err := s.usableIDs(ctx, ids)
	if err != nil {
		return nil, err
	}
	return setOf(usable), nil
}

// Revoke takes products from a user group (ones it does not hold are
// ignored), refused with PRODUCT_DEFAULT_IN_USE while a member has one
// as default product and holds it through no other active group.
func (s *Service) Revoke(ctx context.Context, p *access.Principal, req GrantRequest) (*GroupProducts, error) {
	g, products, err := s.checkGrant(ctx, p, req)
	if err != nil {
		return nil, err
	}
	ids := make([]int64, len(products))
	for i, pr := range products {
		ids[i] = pr.ID
	}
	err = s.d.DB.WithTx(ctx, func(ctx context.Context) error {
		if err := s.store.lockOffers(ctx, 0, g.CompanyID, ids); err != nil {
			return err
		}
		stranded, err := s.store.strandedByRevoke(ctx, g.ID, ids, nil)
		if err != nil {
			return err
		}
		if len(stranded) > 0 {
			return defaultInUse(ctx, "productOspIds")
		}
		return s.store.revoke(ctx, g.ID, ids)
	})
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	return s.groupProducts(ctx, g)
}

// GroupLeaving is usergroup's LeaveGuard: members are about to lose a
// group (deactivated or deleted: all of them, userIDs nil; removed: those
// users). Refused with PRODUCT_DEFAULT_IN_USE, naming field, while one
// of them has a product of the group as default and holds it through no
// other active group. It runs in usergroup's transaction.
func (s *Service) GroupLeaving(ctx context.Context, groupID int64, userIDs []int64, field string) error {
	ids, err := s.store.groupGrants(ctx, groupID)
	if err != nil || len(ids) == 0 {
		return err
	}
	gs, err := s.d.Groups.Refs(ctx, access.SystemScope(), []int64{groupID})
	if err != nil {
		return err
	}
	g := gs[groupID]
	if g == nil {
		return apperr.NotFound("user group")
	}
	if err := s.store.lockOffers(ctx, 0, g.CompanyID, ids); err != nil {
		return err
	}
	stranded, err := s.store.strandedByRevoke(ctx, groupID, ids, userIDs)
	if err != nil {
		return err
	}
	if len(stranded) > 0 {
		return defaultInUse(ctx, field)
	}
	return nil
}

// GroupProductsOf lists the products a user group may use: its grants
// that are usable, by label.
func (s *Service) GroupProductsOf(ctx context.Context, p *access.Principal, groupOspID string) (*GroupProducts, error) {
	g, err := s.group(ctx, p, groupOspID)
	if err != nil {
		return nil, err
	}
	return s.groupProducts(ctx, g)
}

func (s *Service) groupProducts(ctx context.Context, g *usergroup.Resolved) (*GroupProducts, error) {
	ids, err := s.store.groupGrants(ctx, g.ID)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	refs, err := s.usable(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := &GroupProducts{UserGroup: groupRef(g), Products: make([]ProductSummary, 0, len(refs))}
	for _, r := range sortedByLabel(refs) {
		out.Products = append(out.Products, summary(r))
	}
	return out, nil
}

// GroupServiceResourcesOf lists the service resources a user group may
// use: those its company offers (active, within its partner's
// selection), none while the group is deactivated.
func (s *Service) GroupServiceResourcesOf(ctx context.Context, p *access.Principal, groupOspID string) (*GroupServiceResources, error) {
	g, err := s.group(ctx, p, groupOspID)
	if err != nil {
		return nil, err
	}
	out := &GroupServiceResources{UserGroup: groupRef(g), ServiceResources: []ServiceResourceSummary{}}
	if !g.Active {
		return out, nil
	}
	rows, err := s.store.companyResources(ctx, []int64{g.CompanyID})
	if err != nil {
		return nil, apperr.Internal(err)
	}
	ids := make([]string, len(rows))
	for i, r := range rows {
		ids[i] = r.OspID
	}
	refs, err := s.usableResources(ctx, ids)
	if err != nil {
		return nil, err
	}
	for _, r := range refs {
		out.ServiceResources = append(out.ServiceResources, resourceSummary(r))
	}
	return out, nil
}

func resourceSummary(r ResourceRef) ServiceResourceSummary {
	return ServiceResourceSummary{OspID: r.OspID, Name: r.Name, MobilityMode: r.MobilityMode, MrpPartnerOspID: r.MrpPartnerOspID, Active: r.Active}
}

// CompanyProductsOf is the company/products list tab: the usable products
// a company offers, by label, each with the groups that may use it (the
// default group first, then by name) and how many employees have it as
// default.
func (s *Service) CompanyProductsOf(ctx context.Context, p *access.Principal, companyOspID string) (*CompanyProducts, error) {
	ca, err := s.companyInScope(ctx, p, companyOspID)
	if err != nil {
		return nil, err
	}
	rows, err := s.store.companyProducts(ctx, []int64{ca.ID})
	if err != nil {
		return nil, apperr.Internal(err)
	}
	ids := make([]int64, len(rows))
	for i, r := range rows {
		ids[i] = r.ProductID
	}
	refs, err := s.usable(ctx, ids)
	if err != nil {
		return nil, err
	}
	grants, err := s.store.companyGrants(ctx, ca.ID)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	groupIDs := make([]int64, 0, len(grants))
	for _, gr := range grants {
		groupIDs = append(groupIDs, gr.GroupID)
	}
	groups, err := s.d.Groups.Refs(ctx, access.SystemScope(), uniqInts(groupIDs))
	if err != nil {
		return nil, err
	}
	byProduct := map[int64][]*usergroup.Resolved{}
	for _, gr := range grants {
		if g := groups[gr.GroupID]; g != nil {
			byProduct[gr.ProductID] = append(byProduct[gr.ProductID], g)
		}
	}
	counts, err := s.store.companyDefaultCounts(ctx, ca.ID)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	defaults := map[int64]int{}
	for _, c := range counts {
		defaults[c.ProductID] = c.Users
	}
	out := &CompanyProducts{CorporateAccount: Ref{OspID: ca.OspID}, Products: make([]CompanyProduct, 0, len(refs))}
	for _, r := range sortedByLabel(refs) {
		gs := byProduct[r.ID]
		slices.SortFunc(gs, func(a, b *usergroup.Resolved) int {
			if a.IsDefault != b.IsDefault {
				if a.IsDefault {
					return -1
				}
				return 1
			}
			return strings.Compare(a.ExtID, b.ExtID)
		})
		cp := CompanyProduct{ProductSummary: summary(r), UserGroups: make([]GroupRef, 0, len(gs)), DefaultUserCount: defaults[r.ID]}
		for _, g := range gs {
			cp.UserGroups = append(cp.UserGroups, groupRef(g))
		}
		out.Products = append(out.Products, cp)
	}
	return out, nil
}

// companyInScope resolves a company within the caller's scope.
func (s *Service) companyInScope(ctx context.Context, p *access.Principal, ospID string) (*company.Resolved, error) {
	v := validate.New(ctx)
	v.Required("corporateAccountOspId", ospID)
	if err := v.Err(); err != nil {
		return nil, err
	}
	return s.d.Companies.Resolve(ctx, p, ospID)
}

// AvailabilityOf is the available-products tab: what the company's
// partner allows (usable) and whether the company offers each.
func (s *Service) AvailabilityOf(ctx context.Context, p *access.Principal, companyOspID string) (*Availability, error) {
	ca, err := s.companyInScope(ctx, p, companyOspID)
	if err != nil {
		return nil, err
	}
	cats, err := s.CompanyCatalogues(ctx, map[int64]int64{ca.ID: ca.PartnerID})
	if err != nil {
		return nil, err
	}
	c := cats[ca.ID]
	pp, pr, err := s.partnerSets(ctx, ca.PartnerID)
	if err != nil {
		return nil, err
	}
	products, err := s.usable(ctx, pp)
	if err != nil {
		return nil, err
	}
	resources, err := s.usableResources(ctx, pr)
	if err != nil {
		return nil, err
	}
	selP, selR := setOf(c.SelectedProducts), setOf(c.SelectedServiceResources)
	out := &Availability{CorporateAccount: Ref{OspID: ca.OspID}, Products: make([]AvailableProduct, 0, len(products)),
		ServiceResources: make([]AvailableServiceResource, 0, len(resources))}
	for _, r := range sortedByLabel(products) {
		out.Products = append(out.Products, AvailableProduct{ProductSummary: summary(r), Selected: selP[r.OspID]})
	}
	for _, r := range resources {
		out.ServiceResources = append(out.ServiceResources, AvailableServiceResource{ServiceResourceSummary: resourceSummary(r), Selected: selR[r.OspID]})
	}
	return out, nil
}
