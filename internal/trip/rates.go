package trip

import (
	"context"
	"time"

	"github.com/google/uuid"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/database"
	"mobility/portal/internal/validate"
)

// TaxFreeRates lists every tax-free rate period by kind and start
// (travel/taxFreeRate/findAll; the platform's, the same for every tenant).
func (s *Service) TaxFreeRates(ctx context.Context) ([]TaxFreeRate, error) {
	rows, err := s.store.rates(ctx)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := make([]TaxFreeRate, 0, len(rows))
	for _, r := range rows {
		out = append(out, r.toAPI())
	}
	return out, nil
}

// CreateTaxFreeRate adds the next period of a kind's rate (platform
// staff). An open-ended period that starts before it is closed the day
// before validFrom; any other overlap with the kind's periods is refused.
func (s *Service) CreateTaxFreeRate(ctx context.Context, _ *access.Principal, req TaxFreeRateCreate) (*TaxFreeRate, error) {
	v := validate.New(ctx)
	v.OneOf("kind", req.Kind, []string{RateBike, RateWalk, RateBusinessPrivateCar})
	checkRate(v, "rate", req.Rate)
	if v.Required("validFrom", req.ValidFrom) {
		v.Date("validFrom", req.ValidFrom)
	}
	v.Date("validTo", req.ValidTo)
	if req.ValidTo != "" && !v.Has("validFrom") && !v.Has("validTo") && req.ValidTo < req.ValidFrom {
		v.Fail("validTo", "trip.rule.validToBeforeFrom")
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	r := rateRow{OspID: uuid.NewString(), Kind: req.Kind, RateMicro: req.Rate, ValidFrom: req.ValidFrom,
		CreatedAt: database.Now(s.clock.Now())}
	if req.ValidTo != "" {
		r.ValidTo = &req.ValidTo
	}
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		if err := s.store.lockRates(ctx); err != nil {
			return err
		}
		existing, err := s.store.ratesOfKind(ctx, req.Kind)
		if err != nil {
			return err
		}
		for _, e := range existing {
			if e.ValidTo == nil && e.ValidFrom < r.ValidFrom {
				end := dayBefore(r.ValidFrom)
				if err := s.store.closeRate(ctx, e.ID, end); err != nil {
					return err
				}
				e.ValidTo = &end
			}
			if overlaps(e.ValidFrom, e.ValidTo, r.ValidFrom, r.ValidTo) {
				return apperr.New(apperr.KindConflict, LabelTaxFreeRatesOverlap, "the period overlaps "+e.ValidFrom+" to "+deref(e.ValidTo))
			}
		}
		return s.store.insertRate(ctx, r)
	})
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	out := r.toAPI()
	return &out, nil
}

// overlaps tells whether two inclusive periods meet (nil end: open).
func overlaps(aFrom string, aTo *string, bFrom string, bTo *string) bool {
	return (aTo == nil || bFrom <= *aTo) && (bTo == nil || aFrom <= *bTo)
}

func dayBefore(day string) string {
	t, _ := time.Parse("2006-01-02", day)
	return t.AddDate(0, 0, -1).Format("2006-01-02")
}

func deref(s *string) string {
	if s == nil {
		return "…"
	}
	return *s
}

func (r rateRow) toAPI() TaxFreeRate {
	return TaxFreeRate{OspID: r.OspID, Kind: r.Kind, Rate: r.RateMicro, ValidFrom: r.ValidFrom, ValidTo: deref0(r.ValidTo)}
}

func deref0(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
