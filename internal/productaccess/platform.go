package productaccess

import (
	"context"
	"slices"
	"strings"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/database"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/validate"
)

// product resolves one product ospId (field names it in errors); an
// unknown one is NOT_FOUND.
func (s *Service) product(ctx context.Context, field, ospID string) (ProductRef, error) {
	v := validate.New(ctx)
	v.Required(field, ospID)
	if err := v.Err(); err != nil {
		return ProductRef{}, err
	}
	cat := s.catalog()
	refs, err := cat.Refs(ctx, []string{ospID})
	if err != nil {
		return ProductRef{}, apperr.Wrap(err)
	}
	ref, ok := refs[ospID]
	if !ok {
		return ProductRef{}, apperr.NotFound("product")
	}
	return ref, nil
}

// Disallow takes a product off the whole platform: no partner may select
// it and nobody may use it; selections and grants stay, dormant, for when
// it is allowed again. Refused while some employee has it as default.
func (s *Service) Disallow(ctx context.Context, p *access.Principal, productOspID string) (*PlatformProduct, error) {
	ref, err := s.product(ctx, "productOspId", productOspID)
	if err != nil {
		return nil, err
	}
	err = s.d.DB.WithTx(ctx, func(ctx context.Context) error {
		// a default being set for the product waits, or is waited for
		if err := s.lockProduct(ctx, ref.ID); err != nil {
			return err
		}
		n, err := s.store.defaultsOfProduct(ctx, ref.ID)
		if err != nil {
			return err
		}
		if n > 0 {
			return defaultInUse(ctx, "productOspId")
		}
		return s.store.disallow(ctx, ref.ID, p.UserID, database.Now(s.d.Clock.Now()))
	})
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	return s.platformProduct(ctx, ref)
}

// Allow puts a disallowed product back on the platform (a no-op for one
// that is allowed).
func (s *Service) Allow(ctx context.Context, _ *access.Principal, productOspID string) (*PlatformProduct, error) {
	ref, err := s.product(ctx, "productOspId", productOspID)
	if err != nil {
		return nil, err
	}
	if err := s.store.allow(ctx, ref.ID); err != nil {
		return nil, apperr.Internal(err)
	}
	return s.platformProduct(ctx, ref)
}

func (s *Service) platformProduct(ctx context.Context, ref ProductRef) (*PlatformProduct, error) {
	d, err := s.store.disallowedAmong(ctx, []int64{ref.ID})
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := &PlatformProduct{ProductSummary: summary(ref)}
	if at, ok := d[ref.ID]; ok {
		out.Disallowed, out.DisallowedAt = true, at.UTC().Format(time.RFC3339)
	}
	return out, nil
}

// Disallowed lists the disallowed products, by label.
func (s *Service) Disallowed(ctx context.Context) ([]PlatformProduct, error) {
	rows, err := s.store.disallowed(ctx)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	ids := make([]int64, len(rows))
	for i, r := range rows {
		ids[i] = r.ProductID
	}
	refs, err := s.productsByID(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make([]PlatformProduct, 0, len(rows))
	for _, r := range rows {
		if ref, ok := refs[r.ProductID]; ok {
			out = append(out, PlatformProduct{ProductSummary: summary(ref), Disallowed: true,
				DisallowedAt: r.DisallowedAt.UTC().Format(time.RFC3339)})
		}
	}
	slices.SortFunc(out, func(a, b PlatformProduct) int { return byLabel(a.ProductSummary, b.ProductSummary) })
	return out, nil
}

// productsByID reads products from the catalogue (none for no ids).
func (s *Service) productsByID(ctx context.Context, ids []int64) (map[int64]ProductRef, error) {
	if len(ids) == 0 {
		return map[int64]ProductRef{}, nil
	}
	cat := s.catalog()
	refs, err := cat.ByIDs(ctx, ids)
	return refs, apperr.Wrap(err)
}

// usable keeps the products that are active and not disallowed, in ids'
// order.
func (s *Service) usable(ctx context.Context, ids []int64) ([]ProductRef, error) {
	refs, err := s.productsByID(ctx, ids)
	if err != nil {
		return nil, err
	}
	off, err := s.store.disallowedAmong(ctx, ids)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := make([]ProductRef, 0, len(ids))
	for _, id := range ids {
		ref, ok := refs[id]
		if _, disallowed := off[id]; ok && ref.Active && !disallowed {
			out = append(out, ref)
		}
	}
	return out, nil
}

func summary(r ProductRef) ProductSummary {
	return ProductSummary{OspID: r.OspID, ExtID: r.ExtID, Label: r.Label, Active: r.Active}
}

// byLabel orders products by label, then extId.
func byLabel(a, b ProductSummary) int {
	if c := strings.Compare(strings.ToLower(a.Label), strings.ToLower(b.Label)); c != 0 {
		return c
	}
	return strings.Compare(a.ExtID, b.ExtID)
}

// defaultInUse is SPEC §8's refusal, naming field.
func defaultInUse(ctx context.Context, field string) error {
	msg := i18n.T(i18n.FromContext(ctx), "error."+LabelDefaultInUse)
	e := apperr.Conflict(LabelDefaultInUse, msg)
	e.Fields = []apperr.FieldError{{Field: field, Messages: []string{msg}}}
	return e
}
