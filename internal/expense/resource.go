package expense

import (
	"context"

	"mobility/portal/internal/resource"
	"mobility/portal/internal/validate"
)

// An expense may name the catalogue resource it was bought on (a train
// ticket on an NMBS resource, a Blue-bike ride, a parking lot...) and the
// quantity of the resource's unit used; the invoice run bills VARIABLE
// fees and the providers' self-billing invoices from them. The catalogue
// belongs to no tenant, so its read models take no scope.

// checkQuantity validates the optional quantity of a request naming
// resourceOspID and returns it in thousandths (nil: none given).
func checkQuantity(v *validate.Checker, resourceOspID string, q *float64) *int64 {
	if q == nil {
		return nil
	}
	if resourceOspID == "" {
		v.Fail("quantity", "money.rule.quantityWithoutResource")
		return nil
	}
	milli, decimalsOK, rangeOK := quantityMilli(*q)
	switch {
	case !rangeOK:
		v.Fail("quantity", "money.rule.quantityRange", MaxQuantity)
	case !decimalsOK:
		v.Fail("quantity", "money.rule.quantityDecimals", quantityDecimals)
	default:
		return &milli
	}
	return nil
}

// activeResource finds an active resource of any kind by ospId (nil for
// ""); an unknown, inactive or archived one is a field error.
func (s *Service) activeResource(ctx context.Context, ospID string) (*resource.Ref, error) {
	if ospID == "" {
		return nil, nil
	}
	found, err := s.resources.ActiveByOspIDs(ctx, resource.AnyKind, []string{ospID})
	if err != nil {
		return nil, err
	}
	r, ok := found[ospID]
	if !ok {
		v := validate.New(ctx)
		v.Fail("resourceOspId", "money.rule.activeResource")
		return nil, v.Err()
	}
	return &r, nil
}

// resourceRefs names a page's resources, whatever their state now, in one
// batch.
func (s *Service) resourceRefs(ctx context.Context, ids []int64) (map[int64]resource.Ref, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	return s.resources.RefsByIDs(ctx, ids)
}
