package product

import (
	"context"

	"mobility/portal/internal/apperr"
	"mobility/portal/internal/database"
)

// Read models product publishes for other domains (internal/productaccess
// above all): batched, never one query per product. Products are
// platform-wide, so they take no scope; callers decide who sees what.

// Ref is what another domain needs of a product.
type Ref struct {
	ID           int64
	OspID        string
	ExtID        string
	Label        string // the default value of its label
	MobilityMode string
	Active       bool
	// Translations are the label's texts by language code (en, nl, fr, de).
	Translations map[string]string
}

func (s *Service) refs(ctx context.Context, rows []row) ([]Ref, error) {
	ids := make([]int64, len(rows))
	for i := range rows {
		ids[i] = rows[i].ID
	}
	trs, err := s.translations(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make([]Ref, len(rows))
	for i, r := range rows {
		texts := map[string]string{}
		for _, t := range trs[r.ID] {
			texts[t.LanguageCode] = t.Text
		}
		out[i] = Ref{ID: r.ID, OspID: r.OspID, ExtID: r.ExtID, Label: r.DefaultValue, MobilityMode: r.MobilityMode, Active: r.Active,
			Translations: texts}
	}
	return out, nil
}

// Refs resolves product ospIds, active or not; unknown ones are absent.
func (s *Service) Refs(ctx context.Context, ospIDs []string) (map[string]Ref, error) {
	rows, err := s.store.byOspIDs(ctx, ospIDs)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	refs, err := s.refs(ctx, rows)
	if err != nil {
		return nil, err
	}
	out := make(map[string]Ref, len(refs))
	for _, r := range refs {
		out[r.OspID] = r
	}
	return out, nil
}

// ByIDs resolves product ids, active or not; unknown ones are absent.
func (s *Service) ByIDs(ctx context.Context, ids []int64) (map[int64]Ref, error) {
	rows, err := s.store.byIDs(ctx, ids)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	refs, err := s.refs(ctx, rows)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]Ref, len(refs))
	for _, r := range refs {
		out[r.ID] = r
	}
	return out, nil
}

// Elements lists the active composition elements of products by product
// id (deactivated resources and groups left out), e.g. the service
// resources a user group may use through its products.
func (s *Service) Elements(ctx context.Context, productIDs []int64) (map[int64][]Element, error) {
	return s.activeElements(ctx, productIDs)
}

// LockActive takes the product's row lock in the caller's transaction and
// tells whether it is active, so a write that depends on it (making it a
// user's default, granting it) cannot cross a deactivation: deactivate
// checks the defaults under the same lock. NOT_FOUND for an unknown id.
func (s *Service) LockActive(ctx context.Context, id int64) (bool, error) {
	r, err := s.store.lock(ctx, id)
	if database.IsNoRows(err) {
		return false, apperr.NotFound("product")
	}
	if err != nil {
		return false, apperr.Internal(err)
	}
	return r.Active, nil
}
