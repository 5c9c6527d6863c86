package product

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/database"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/validate"
)

// A product's composition: resource groups, service resources and
// rental-car resources of internal/resource, named by ospId. The rows stay
// when a resource or group is deactivated (history), but every view asks
// resource's read model and leaves the deactivated ones out at once.
// Positions are the stored ones (1 first, renumbered on every change), so
// a view may skip the place of a hidden element.

// activeRefs asks the catalogue which elements are active, by ospId, one
// batch per kind, keyed by refKey.
func (s *Service) activeRefs(ctx context.Context, elems []elementRow) (map[string]ResourceRef, error) {
	if s.resources == nil {
		return map[string]ResourceRef{}, nil
	}
	return askByKind(ctx, elems, func(e elementRow) string { return e.OspID }, s.resources.Active)
}

// historyRefs asks the catalogue about elements whatever their state, by
// id, one batch per kind, keyed by refKey.
func (s *Service) historyRefs(ctx context.Context, elems []elementRow) (map[string]ResourceRef, error) {
	if s.resources == nil {
		return map[string]ResourceRef{}, nil
	}
	return askByKind(ctx, elems, func(e elementRow) int64 { return e.ElementID }, s.resources.ByIDs)
}

// askByKind splits elements by kind and asks the catalogue one question
// per kind with the elements' keys (ospIds or ids); the answer is keyed by
// refKey.
func askByKind[K comparable](ctx context.Context, elems []elementRow, key func(elementRow) K,
	ask func(ctx context.Context, kind string, keys []K) (map[K]ResourceRef, error)) (map[string]ResourceRef, error) {
	out := map[string]ResourceRef{}
	byKind := map[string][]elementRow{}
	for _, e := range elems {
		byKind[e.Kind] = append(byKind[e.Kind], e)
	}
	for _, kind := range ElementKinds {
		part := byKind[kind]
		if len(part) == 0 {
			continue
		}
		keys := make([]K, len(part))
		for i, e := range part {
			keys[i] = key(e)
		}
		refs, err := ask(ctx, kind, keys)
		if err != nil {
			return nil, apperr.Internal(err)
		}
		for _, e := range part {
			if r, ok := refs[key(e)]; ok {
				out[refKey(e)] = r
			}
		}
	}
	return out, nil
}

func refKey(e elementRow) string { return e.Kind + "\x00" + e.OspID }

func (e elementRow) toAPI() Element {
	return Element{OspID: e.OspID, Kind: e.Kind, Position: e.Position, Mandatory: e.Mandatory}
}

// activeElements returns the active elements of products, by product id:
// one read of the rows and one question to the catalogue per kind.
func (s *Service) activeElements(ctx context.Context, productIDs []int64) (map[int64][]Element, error) {
	rows, err := s.store.elements(ctx, productIDs)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	refs, err := s.activeRefs(ctx, rows)
	if err != nil {
		return nil, err
	}
	out := map[int64][]Element{}
	for _, e := range rows {
		if ref, ok := refs[refKey(e)]; ok && ref.Active {
			out[e.ProductID] = append(out[e.ProductID], e.toAPI())
		}
	}
	return out, nil
}

// Composition answers a product's active elements.
func (s *Service) Composition(ctx context.Context, p *access.Principal, productOspID string) (*Composition, error) {
	r, err := s.find(ctx, p, "productOspId", productOspID)
	if err != nil {
		return nil, err
	}
	return s.composition(ctx, r)
}

func (s *Service) composition(ctx context.Context, r *row) (*Composition, error) {
	elems, err := s.activeElements(ctx, []int64{r.ID})
	if err != nil {
		return nil, err
	}
	out := elems[r.ID]
	if out == nil {
		out = []Element{}
	}
	return &Composition{ProductOspID: r.OspID, Elements: out}, nil
}

// Details answers a product's elements with what the catalogue says of
// them: the active ones, or for platform staff asking includeInactive all
// of them (deactivated ones, and ones the catalogue no longer knows,
// with active false).
func (s *Service) Details(ctx context.Context, p *access.Principal, req DetailsRequest) (*CompositionDetails, error) {
	r, err := s.find(ctx, p, "productOspId", req.ProductOspID)
	if err != nil {
		return nil, err
	}
	rows, err := s.store.elements(ctx, []int64{r.ID})
	if err != nil {
		return nil, apperr.Internal(err)
	}
	all := req.IncludeInactive && seesInactive(p)
	refs, err := s.activeRefs(ctx, rows)
	if err != nil {
		return nil, err
	}
	if all {
		// names of the deactivated ones come from the history by id
		if refs, err = s.historyRefs(ctx, rows); err != nil {
			return nil, err
		}
	}
	out := CompositionDetails{ProductOspID: r.OspID, Elements: []ElementDetail{}}
	for _, e := range rows {
		ref, ok := refs[refKey(e)]
		active := ok && ref.Active
		if !active && !all {
			continue
		}
		out.Elements = append(out.Elements, ElementDetail{OspID: e.OspID, Kind: e.Kind, Position: e.Position, Mandatory: e.Mandatory,
			Name: ref.Name, MobilityMode: ref.MobilityMode, MrpPartnerOspID: ref.MrpPartnerOspID, Active: active})
	}
	return &out, nil
}

func (s *Service) checkKind(v *validate.Checker, kind string) {
	if !slices.Contains(ElementKinds, kind) {
		v.FailText("kind", "product.rule.kind")
	}
}

// AddElements appends active resource groups or resources of one kind to
// a composition, in the order given, all or none: each must be an active
// group or resource of that kind in the catalogue, named once and not
// there yet, and the composition holds at most MaxElements.
func (s *Service) AddElements(ctx context.Context, p *access.Principal, req AddRequest) (*Composition, error) {
	v := validate.New(ctx)
	s.checkKind(v, req.Kind)
	if len(req.OspIDs) == 0 {
		v.FailText("ospIds", "product.rule.elements")
	}
	seen := map[string]bool{}
	for i, id := range req.OspIDs {
		f := fmt.Sprintf("ospIds[%d]", i)
		switch {
		case strings.TrimSpace(id) == "":
			v.FailText(f, "product.rule.elements")
		case seen[id]:
			v.FailText(f, "product.rule.elementTwice")
		}
		seen[id] = true
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	cur, err := s.find(ctx, p, "productOspId", req.ProductOspID)
	if err != nil {
		return nil, err
	}
	lang := i18n.FromContext(ctx)
	var refs map[string]ResourceRef
	if s.resources != nil {
		if refs, err = s.resources.Active(ctx, req.Kind, req.OspIDs); err != nil {
			return nil, apperr.Internal(err)
		}
	}
	for i, id := range req.OspIDs {
		if _, ok := refs[id]; !ok {
			return nil, apperr.Invalid(LabelElementUnavailable, fmt.Sprintf("ospIds[%d]", i), i18n.T(lang, "error.PRODUCT_ELEMENT_UNAVAILABLE"))
		}
	}
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		rows, err := s.lockedElements(ctx, cur.ID)
		if err != nil {
			return err
		}
		for i, id := range req.OspIDs {
			if slices.ContainsFunc(rows, func(e elementRow) bool { return e.OspID == id }) {
				return apperr.Invalid(LabelElementPresent, fmt.Sprintf("ospIds[%d]", i), i18n.T(lang, "error.PRODUCT_ELEMENT_ALREADY_PRESENT"))
			}
		}
		if len(rows)+len(req.OspIDs) > MaxElements {
			return apperr.Invalid(LabelCompositionFull, "ospIds", i18n.T(lang, "error.PRODUCT_COMPOSITION_FULL"))
		}
		next := 1
		if len(rows) > 0 {
			next = rows[len(rows)-1].Position + 1
		}
		now := database.Now(s.clock.Now())
		for i, id := range req.OspIDs {
			e := elementRow{ProductID: cur.ID, Kind: req.Kind, OspID: id, ElementID: refs[id].ID, Position: next + i, Mandatory: req.Mandatory}
			if err := s.store.insertElement(ctx, e, now); err != nil {
				return err
			}
		}
		return nil
	})
	if database.IsUniqueViolation(err) { // a concurrent add of the same element
		return nil, apperr.Invalid(LabelElementPresent, "ospIds", i18n.T(lang, "error.PRODUCT_ELEMENT_ALREADY_PRESENT"))
	}
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	return s.composition(ctx, cur)
}

// lockedElements takes the product's row lock in the transaction of ctx
// (composition writes of one product queue behind each other) and reads
// its composition rows by position.
func (s *Service) lockedElements(ctx context.Context, productID int64) ([]elementRow, error) {
	if _, err := s.store.lock(ctx, productID); err != nil {
		return nil, err
	}
	return s.store.elements(ctx, []int64{productID})
}

// changeElements runs fn on a product's composition rows (by position)
// under the product's lock and stores the positions and flags it leaves,
// renumbered 1..n. fn returns the rows to keep, in their new order.
func (s *Service) changeElements(ctx context.Context, p *access.Principal, productOspID, elementOspID string,
	fn func(rows []elementRow, at int) ([]elementRow, error)) (*Composition, error) {
	v := validate.New(ctx)
	requiredID(v, "productOspId", productOspID, "product.rule.product")
	requiredID(v, "elementOspId", elementOspID, "product.rule.elements")
	if err := v.Err(); err != nil {
		return nil, err
	}
	cur, err := s.find(ctx, p, "productOspId", productOspID)
	if err != nil {
		return nil, err
	}
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		rows, err := s.lockedElements(ctx, cur.ID)
		if err != nil {
			return err
		}
		at := slices.IndexFunc(rows, func(e elementRow) bool { return e.OspID == elementOspID })
		if at < 0 {
			return apperr.Invalid(LabelElementMissing, "elementOspId", i18n.T(i18n.FromContext(ctx), "error.PRODUCT_ELEMENT_NOT_IN_COMPOSITION"))
		}
		kept, err := fn(slices.Clone(rows), at)
		if err != nil {
			return err
		}
		before := map[string]elementRow{}
		for _, e := range rows {
			before[e.OspID] = e
		}
		for i := range kept {
			kept[i].Position = i + 1
			if kept[i] != before[kept[i].OspID] {
				if err := s.store.updateElement(ctx, kept[i]); err != nil {
					return err
				}
			}
			delete(before, kept[i].OspID)
		}
		for id := range before {
			if err := s.store.deleteElement(ctx, cur.ID, id); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	return s.composition(ctx, cur)
}

// UpdateElement moves an element to a position (the others shift) or
// changes whether it is mandatory.
func (s *Service) UpdateElement(ctx context.Context, p *access.Principal, req UpdateElementRequest) (*Composition, error) {
	return s.changeElements(ctx, p, req.ProductOspID, req.ElementOspID, func(rows []elementRow, at int) ([]elementRow, error) {
		e := rows[at]
		if req.Mandatory != nil {
			e.Mandatory = *req.Mandatory
		}
		rows[at] = e
		if req.Position == nil {
			return rows, nil
		}
		if *req.Position < 1 || *req.Position > len(rows) {
			v := validate.New(ctx)
			v.Fail("position", "product.rule.position", len(rows))
			return nil, v.Err()
		}
		rows = slices.Delete(rows, at, at+1)
		return slices.Insert(rows, *req.Position-1, e), nil
	})
}

// DeleteElement removes an element from a composition.
func (s *Service) DeleteElement(ctx context.Context, p *access.Principal, req DeleteElementRequest) (*Composition, error) {
	return s.changeElements(ctx, p, req.ProductOspID, req.ElementOspID, func(rows []elementRow, at int) ([]elementRow, error) {
		return slices.Delete(rows, at, at+1), nil
	})
}
