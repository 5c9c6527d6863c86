package productaccess

import (
	"context"
	"slices"
	"strings"

	"mobility/portal/internal/apperr"
	"mobility/portal/internal/company"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/partner"
)

// A selection (partner's or company's) is shown and replaced in its
// usable part only: products that are active and not disallowed, service
// resources that are active. Entries that became unusable stay stored,
// dormant and hidden, and come back when the product or resource does;
// a replacement neither needs nor removes them. A new entry must be
// usable.

// resolved is a checked choice: the usable products and service
// resources it names, nil for a list that was not sent (kept).
type resolved struct {
	products  []int64
	resources []string
}

// resolveProducts checks a list of product ospIds against the catalogue:
// every one known; one not in keep must be active, and (for a partner)
// not disallowed, or (for a company) in allowed. It returns the ids in
// order, once each.
func (s *Service) resolveProducts(ctx context.Context, field string, ospIDs []string, keep map[int64]bool,
	allowed map[int64]bool, checkDisallowed bool) ([]int64, error) {
	if ospIDs == nil {
		return nil, nil
	}
	cat := s.catalog()
	refs, err := cat.Refs(ctx, uniqStrings(ospIDs))
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	ids := make([]int64, 0, len(refs))
	for _, r := range refs {
		ids = append(ids, r.ID)
	}
	var off map[int64]bool
	if checkDisallowed {
		d, err := s.store.disallowedAmong(ctx, ids)
		if err != nil {
			return nil, apperr.Internal(err)
		}
		off = make(map[int64]bool, len(d))
		for id := range d {
			off[id] = true
		}
	}
	lang := i18n.FromContext(ctx)
	out := make([]int64, 0, len(ospIDs))
	for _, osp := range ospIDs {
		r, ok := refs[osp]
		switch {
		case !ok || (!keep[r.ID] && !r.Active):
			return nil, apperr.Invalid(partner.LabelUnknownProduct, field, i18n.T(lang, "error.UNKNOWN_PRODUCT"))
		case keep[r.ID]:
		case off[r.ID]:
			return nil, apperr.Invalid(LabelDisallowed, field, i18n.T(lang, "error."+LabelDisallowed))
		case allowed != nil && !allowed[r.ID]:
			return nil, apperr.Invalid(LabelNotAllowed, field, i18n.T(lang, "error."+LabelNotAllowed))
		}
		if !slices.Contains(out, r.ID) {
			out = append(out, r.ID)
		}
	}
	return out, nil
}

// resolveResources is resolveProducts for service resources.
func (s *Service) resolveResources(ctx context.Context, field string, ospIDs []string, keep, allowed map[string]bool) ([]string, error) {
	if ospIDs == nil {
		return nil, nil
	}
	sr := s.serviceResources()
	refs, err := sr.Refs(ctx, uniqStrings(ospIDs))
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	lang := i18n.FromContext(ctx)
	out := make([]string, 0, len(ospIDs))
	for _, osp := range ospIDs {
		r, ok := refs[osp]
		switch {
		case !ok || (!keep[osp] && !r.Active):
			return nil, apperr.Invalid(partner.LabelUnknownServiceResource, field, i18n.T(lang, "error.UNKNOWN_SERVICE_RESOURCE"))
		case keep[osp]:
		case allowed != nil && !allowed[osp]:
			return nil, apperr.Invalid(LabelNotAllowed, field, i18n.T(lang, "error."+LabelNotAllowed))
		}
		if !slices.Contains(out, osp) {
			out = append(out, osp)
		}
	}
	return out, nil
}

// usableResources keeps the active service resources of ospIDs, by name.
func (s *Service) usableResources(ctx context.Context, ospIDs []string) ([]ResourceRef, error) {
	if len(ospIDs) == 0 {
		return []ResourceRef{}, nil
	}
	sr := s.serviceResources()
	refs, err := sr.Refs(ctx, ospIDs)
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	out := make([]ResourceRef, 0, len(ospIDs))
	for _, osp := range ospIDs {
		if r, ok := refs[osp]; ok && r.Active {
			out = append(out, r)
		}
	}
	slices.SortFunc(out, func(a, b ResourceRef) int {
		if c := strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)); c != 0 {
			return c
		}
		return strings.Compare(a.OspID, b.OspID)
	})
	return out, nil
}

// ---- partner level (partner.Catalogue) ----

// partnerSets reads a partner's stored selection.
func (s *Service) partnerSets(ctx context.Context, partnerID int64) ([]int64, []string, error) {
	ps, err := s.store.partnerProducts(ctx, []int64{partnerID})
	if err != nil {
		return nil, nil, apperr.Internal(err)
	}
	rs, err := s.store.partnerResources(ctx, []int64{partnerID})
	if err != nil {
		return nil, nil, apperr.Internal(err)
	}
	products := make([]int64, len(ps))
	for i, r := range ps {
		products[i] = r.ProductID
	}
	resources := make([]string, len(rs))
	for i, r := range rs {
		resources[i] = r.OspID
	}
	return products, resources, nil
}

// CheckPartnerChoice checks what partner/create (partnerID 0) or
// partner/update sends, before anything is written: every product and
// service resource known; one the partner did not select yet active (and
// a product not disallowed). UNKNOWN_PRODUCT, UNKNOWN_SERVICE_RESOURCE or
// PRODUCT_PLATFORM_DISALLOWED name the list.
func (s *Service) CheckPartnerChoice(ctx context.Context, partnerID int64, c partner.Choice) error {
	_, err := s.resolvePartner(ctx, partnerID, c)
	return err
}

func (s *Service) resolvePartner(ctx context.Context, partnerID int64, c partner.Choice) (*resolved, error) {
	var keepP map[int64]bool
	var keepR map[string]bool
	if partnerID != 0 {
		products, resources, err := s.partnerSets(ctx, partnerID)
		if err != nil {
			return nil, err
		}
		keepP, keepR = setOf(products), setOf(resources)
	}
	var out resolved
	var err error
	if out.products, err = s.resolveProducts(ctx, "selectedProducts", c.Products, keepP, nil, true); err != nil {
		return nil, err
	}
	if out.resources, err = s.resolveResources(ctx, "selectedServiceResources", c.ServiceResources, keepR, nil); err != nil {
		return nil, err
	}
	return &out, nil
}

// SetPartnerChoice stores a partner's selection in the caller's
// transaction (partner's create or update). A list not sent is kept; a
// sent one replaces the usable part. What the partner no longer selects
// leaves its companies' selections and their groups' grants (the schema
// cascades), refused with PRODUCT_DEFAULT_IN_USE while an employee of one
// of its companies has such a product as default. apply
// (applyChangesToCorporateAccounts) makes every company of the partner
// offer everything the partner selects.
func (s *Service) SetPartnerChoice(ctx context.Context, partnerID int64, c partner.Choice, apply bool) error {
	return s.d.DB.WithTx(ctx, func(ctx context.Context) error {
		r, err := s.resolvePartner(ctx, partnerID, c)
		if err != nil {
			return err
		}
		oldP, oldR, err := s.partnerSets(ctx, partnerID)
		if err != nil {
			return err
		}
		if r.products != nil {
			usableOld, err := s.usableIDs(ctx, oldP)
			if err != nil {
				return err
			}
			gone := minus(usableOld, r.products)
			if err := s.refuseDefaults(ctx, partnerID, 0, gone, "selectedProducts"); err != nil {
				return err
			}
			if err := s.store.removePartnerProducts(ctx, partnerID, gone); err != nil {
				return err
			}
			if err := s.store.addPartnerProducts(ctx, partnerID, minus(r.products, oldP)); err != nil {
				return err
			}
		}
		if r.resources != nil {
			usableOld, err := s.usableResourceIDs(ctx, oldR)
			if err != nil {
				return err
			}
			if err := s.store.removePartnerResources(ctx, partnerID, minus(usableOld, r.resources)); err != nil {
				return err
			}
			if err := s.store.addPartnerResources(ctx, partnerID, minus(r.resources, oldR)); err != nil {
				return err
			}
		}
		if !apply {
			return nil
		}
		return s.pushToCompanies(ctx, partnerID)
	})
}

// pushToCompanies makes every company of a partner offer everything the
// partner selects that is usable (what a company offers beyond that left
// with the partner's selection already).
func (s *Service) pushToCompanies(ctx context.Context, partnerID int64) error {
	products, resources, err := s.partnerSets(ctx, partnerID)
	if err != nil {
		return err
	}
	if products, err = s.usableIDs(ctx, products); err != nil {
		return err
	}
	if resources, err = s.usableResourceIDs(ctx, resources); err != nil {
		return err
	}
	ids, err := s.d.Companies.IDsOfPartner(ctx, partnerID)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if err := s.store.addCompanyProducts(ctx, id, partnerID, products); err != nil {
			return err
		}
		if err := s.store.addCompanyResources(ctx, id, partnerID, resources); err != nil {
			return err
		}
	}
	return nil
}

// PartnerChoices returns the usable part of partners' selections by
// partner id (ospIds, by label and name), a few batched reads for any
// number of partners.
func (s *Service) PartnerChoices(ctx context.Context, partnerIDs []int64) (map[int64]partner.Choice, error) {
	ps, err := s.store.partnerProducts(ctx, partnerIDs)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	rs, err := s.store.partnerResources(ctx, partnerIDs)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	productIDs := make([]int64, 0, len(ps))
	for _, r := range ps {
		productIDs = append(productIDs, r.ProductID)
	}
	resourceIDs := make([]string, 0, len(rs))
	for _, r := range rs {
		resourceIDs = append(resourceIDs, r.OspID)
	}
	products, err := s.usable(ctx, uniqInts(productIDs))
	if err != nil {
		return nil, err
	}
	resources, err := s.usableResources(ctx, uniqStrings(resourceIDs))
	if err != nil {
		return nil, err
	}
	out := make(map[int64]partner.Choice, len(partnerIDs))
	for _, id := range partnerIDs {
		out[id] = partner.Choice{Products: []string{}, ServiceResources: []string{}}
	}
	mine := map[int64]map[int64]bool{}
	for _, r := range ps {
		if mine[r.PartnerID] == nil {
			mine[r.PartnerID] = map[int64]bool{}
		}
		mine[r.PartnerID][r.ProductID] = true
	}
	mineR := map[int64]map[string]bool{}
	for _, r := range rs {
		if mineR[r.PartnerID] == nil {
			mineR[r.PartnerID] = map[string]bool{}
		}
		mineR[r.PartnerID][r.OspID] = true
	}
	for _, id := range partnerIDs {
		c := out[id]
		for _, p := range sortedByLabel(products) {
			if mine[id][p.ID] {
				c.Products = append(c.Products, p.OspID)
			}
		}
		for _, r := range resources {
			if mineR[id][r.OspID] {
				c.ServiceResources = append(c.ServiceResources, r.OspID)
			}
		}
		out[id] = c
	}
	return out, nil
}

// ---- company level (company.Products) ----

// companySets reads a company's stored selection and the partner it is
// filed under (0 when it has none).
func (s *Service) companySets(ctx context.Context, companyID int64) ([]int64, []string, int64, error) {
	ps, err := s.store.companyProducts(ctx, []int64{companyID})
	if err != nil {
		return nil, nil, 0, apperr.Internal(err)
	}
	rs, err := s.store.companyResources(ctx, []int64{companyID})
	if err != nil {
		return nil, nil, 0, apperr.Internal(err)
	}
	var partnerID int64
	products := make([]int64, len(ps))
	for i, r := range ps {
		products[i], partnerID = r.ProductID, r.PartnerID
	}
	resources := make([]string, len(rs))
	for i, r := range rs {
		resources[i], partnerID = r.OspID, r.PartnerID
	}
	return products, resources, partnerID, nil
}

func (s *Service) resolveCompany(ctx context.Context, companyID, partnerID int64, c company.ProductChoice) (*resolved, error) {
	keepP, keepR := map[int64]bool{}, map[string]bool{}
	if companyID != 0 {
		products, resources, filedUnder, err := s.companySets(ctx, companyID)
		if err != nil {
			return nil, err
		}
		if filedUnder == partnerID || filedUnder == 0 {
			keepP, keepR = setOf(products), setOf(resources)
		}
	}
	pp, pr, err := s.partnerSets(ctx, partnerID)
	if err != nil {
		return nil, err
	}
	var out resolved
	allowedP, allowedR := setOf(pp), setOf(pr)
	// dormant entries stay only while the partner still selects them
	for id := range keepP {
		if !allowedP[id] {
			delete(keepP, id)
		}
	}
	for id := range keepR {
		if !allowedR[id] {
			delete(keepR, id)
		}
	}
	if out.products, err = s.resolveProducts(ctx, "selectedProducts", c.Products, keepP, allowedP, true); err != nil {
		return nil, err
	}
	if out.resources, err = s.resolveResources(ctx, "selectedServiceResources", c.ServiceResources, keepR, allowedR); err != nil {
		return nil, err
	}
	return &out, nil
}

// CheckCompanyChoice checks what corporateAccount/create (companyID 0) or
// update sends, before anything is written: every product and service
// resource known, and one the company did not offer yet usable and
// selected by partnerID (the company's partner after the change):
// UNKNOWN_PRODUCT, UNKNOWN_SERVICE_RESOURCE or
// PRODUCT_NOT_ALLOWED_BY_PARTNER name the list.
func (s *Service) CheckCompanyChoice(ctx context.Context, companyID, partnerID int64, c company.ProductChoice) error {
	_, err := s.resolveCompany(ctx, companyID, partnerID, c)
	return err
}

// SetCompanyChoice stores a company's selection in the caller's
// transaction. On create a list not sent offers everything the partner
// selects (usable); on update it is kept. A company that moved to
// another partner (partnerID) keeps only what that partner selects. What
// the company no longer offers leaves its groups' grants, refused with
// PRODUCT_DEFAULT_IN_USE while an employee has such a product as default.
func (s *Service) SetCompanyChoice(ctx context.Context, companyID, partnerID int64, c company.ProductChoice, create bool) error {
	return s.d.DB.WithTx(ctx, func(ctx context.Context) error {
		r, err := s.resolveCompany(ctx, companyID, partnerID, c)
		if err != nil {
			return err
		}
		oldP, oldR, filedUnder, err := s.companySets(ctx, companyID)
		if err != nil {
			return err
		}
		pp, pr, err := s.partnerSets(ctx, partnerID)
		if err != nil {
			return err
		}
		if filedUnder != 0 && filedUnder != partnerID {
			// moved: what the new partner does not select goes, then the
			// rest is filed under it
			gone := minus(oldP, pp)
			if err := s.refuseDefaults(ctx, 0, companyID, gone, "partnerOspId"); err != nil {
				return err
			}
			if err := s.store.removeCompanyProducts(ctx, companyID, gone); err != nil {
				return err
			}
			if err := s.store.removeCompanyResources(ctx, companyID, minus(oldR, pr)); err != nil {
				return err
			}
			if err := s.store.moveCompany(ctx, companyID, partnerID); err != nil {
				return err
			}
			oldP, oldR = intersect(oldP, pp), intersect(oldR, pr)
		}
		if create {
			if r.products == nil {
				if r.products, err = s.usableIDs(ctx, pp); err != nil {
					return err
				}
			}
			if r.resources == nil {
				if r.resources, err = s.usableResourceIDs(ctx, pr); err != nil {
					return err
				}
			}
		}
		if r.products != nil {
			usableOld, err := s.usableIDs(ctx, oldP)
			if err != nil {
				return err
			}
			gone := minus(usableOld, r.products)
			if err := s.refuseDefaults(ctx, 0, companyID, gone, "selectedProducts"); err != nil {
				return err
			}
			if err := s.store.removeCompanyProducts(ctx, companyID, gone); err != nil {
				return err
			}
			if err := s.store.addCompanyProducts(ctx, companyID, partnerID, minus(r.products, oldP)); err != nil {
				return err
			}
		}
		if r.resources != nil {
			usableOld, err := s.usableResourceIDs(ctx, oldR)
			if err != nil {
				return err
			}
			if err := s.store.removeCompanyResources(ctx, companyID, minus(usableOld, r.resources)); err != nil {
				return err
			}
			if err := s.store.addCompanyResources(ctx, companyID, partnerID, minus(r.resources, oldR)); err != nil {
				return err
			}
		}
		return nil
	})
}

// CompanyCatalogues returns, by company id, what each company's partner
// allows and what the company offers (usable ones, ospIds by label and
// name); companies maps company ids to their partner ids.
func (s *Service) CompanyCatalogues(ctx context.Context, companies map[int64]int64) (map[int64]company.Catalogue, error) {
	companyIDs := make([]int64, 0, len(companies))
	partnerIDs := []int64{}
	for c, p := range companies {
		companyIDs = append(companyIDs, c)
		if !slices.Contains(partnerIDs, p) {
			partnerIDs = append(partnerIDs, p)
		}
	}
	slices.Sort(companyIDs)
	allowed, err := s.PartnerChoices(ctx, partnerIDs)
	if err != nil {
		return nil, err
	}
	cps, err := s.store.companyProducts(ctx, companyIDs)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	crs, err := s.store.companyResources(ctx, companyIDs)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	offered := map[int64]map[int64]bool{}
	var productIDs []int64
	for _, r := range cps {
		if offered[r.CompanyID] == nil {
			offered[r.CompanyID] = map[int64]bool{}
		}
		offered[r.CompanyID][r.ProductID] = true
		productIDs = append(productIDs, r.ProductID)
	}
	offeredR := map[int64]map[string]bool{}
	for _, r := range crs {
		if offeredR[r.CompanyID] == nil {
			offeredR[r.CompanyID] = map[string]bool{}
		}
		offeredR[r.CompanyID][r.OspID] = true
	}
	refs, err := s.productsByID(ctx, uniqInts(productIDs))
	if err != nil {
		return nil, err
	}
	ospOf := make(map[string]int64, len(refs))
	for id, r := range refs {
		ospOf[r.OspID] = id
	}
	out := make(map[int64]company.Catalogue, len(companies))
	for c, p := range companies {
		a := allowed[p]
		cat := company.Catalogue{AllowedProducts: a.Products, AllowedServiceResources: a.ServiceResources,
			SelectedProducts: []string{}, SelectedServiceResources: []string{}}
		// allowed is usable and ordered already: the company's offer is
		// the part of it the company selected
		for _, osp := range a.Products {
			if offered[c][ospOf[osp]] {
				cat.SelectedProducts = append(cat.SelectedProducts, osp)
			}
		}
		for _, osp := range a.ServiceResources {
			if offeredR[c][osp] {
				cat.SelectedServiceResources = append(cat.SelectedServiceResources, osp)
			}
		}
		out[c] = cat
	}
	return out, nil
}

// ---- helpers ----

// usableIDs keeps the usable products of ids.
func (s *Service) usableIDs(ctx context.Context, ids []int64) ([]int64, error) {
	refs, err := s.usable(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make([]int64, len(refs))
	for i, r := range refs {
		out[i] = r.ID
	}
	return out, nil
}

// usableResourceIDs keeps the active service resources of ospIDs.
func (s *Service) usableResourceIDs(ctx context.Context, ospIDs []string) ([]string, error) {
	refs, err := s.usableResources(ctx, ospIDs)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(refs))
	for i, r := range refs {
		out[i] = r.OspID
	}
	return out, nil
}

// refuseDefaults refuses removing products some employee has as default:
// in the companies of partnerID, or in companyID. Anonymized users'
// defaults do not count and are forgotten.
func (s *Service) refuseDefaults(ctx context.Context, partnerID, companyID int64, ids []int64, field string) error {
	if len(ids) == 0 {
		return nil
	}
	if err := s.store.lockOffers(ctx, partnerID, companyID, ids); err != nil {
		return err
	}
	used, err := s.store.defaultsAmong(ctx, partnerID, companyID, ids)
	if err != nil {
		return err
	}
	if len(used) > 0 {
		return defaultInUse(ctx, field)
	}
	return s.store.forgetAnonymized(ctx, partnerID, companyID, ids)
}

func sortedByLabel(refs []ProductRef) []ProductRef {
	out := slices.Clone(refs)
	slices.SortFunc(out, func(a, b ProductRef) int { return byLabel(summary(a), summary(b)) })
	return out
}

func setOf[T comparable](xs []T) map[T]bool {
	m := make(map[T]bool, len(xs))
	for _, x := range xs {
		m[x] = true
	}
	return m
}

// minus is a without b, in a's order.
func minus[T comparable](a, b []T) []T {
	in := setOf(b)
	out := []T{}
	for _, x := range a {
		if !in[x] {
			out = append(out, x)
		}
	}
	return out
}

// intersect is a within b, in a's order.
func intersect[T comparable](a, b []T) []T {
	in := setOf(b)
	out := []T{}
	for _, x := range a {
		if in[x] {
			out = append(out, x)
		}
	}
	return out
}

func uniqStrings(xs []string) []string {
	out := make([]string, 0, len(xs))
	seen := make(map[string]bool, len(xs))
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

func uniqInts(xs []int64) []int64 {
	out := make([]int64, 0, len(xs))
	seen := make(map[int64]bool, len(xs))
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}
