package trip

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
)

// EffectiveSettings is, for each user with ids (within no tenant: the
// callers are the registration service after its own scope check and the
// monthly run), what applies on day (yyyy-MM-dd): the company's
// configuration merged with the user's permissions and overrides, the
// distance valid that day and the tax-free rates valid that day. Users
// outside a company are left out. A fixed number of queries per 500 users.
func (s *Service) EffectiveSettings(ctx context.Context, userIDs []int64, day string) (map[int64]Effective, error) {
	out, err := s.effective(ctx, userIDs, day)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return out, nil
}

func (s *Service) effective(ctx context.Context, userIDs []int64, day string) (map[int64]Effective, error) {
	owners, err := s.users.CompanyIDs(ctx, access.SystemScope(), userIDs)
	if err != nil {
		return nil, err
	}
	companyIDs := make([]int64, 0, len(owners))
	seen := map[int64]bool{}
	for _, c := range owners {
		if !seen[c] {
			seen[c] = true
			companyIDs = append(companyIDs, c)
		}
	}
	companies, err := s.store.companies(ctx, companyIDs)
	if err != nil {
		return nil, err
	}
	settings, err := s.store.users(ctx, userIDs)
	if err != nil {
		return nil, err
	}
	dists, err := s.store.distancesOn(ctx, userIDs, day)
	if err != nil {
		return nil, err
	}
	rates, err := s.store.ratesOn(ctx, day)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]Effective, len(owners))
	for uid, cid := range owners {
		c, ok := companies[cid]
		if !ok {
			c = defaultCompany(cid)
		}
		u, ok := settings[uid]
		if !ok {
			u = defaultUser(uid, cid)
		}
		e := merge(c, u, rates)
		e.UserID = uid
		if d, ok := dists[uid]; ok {
			e.DistanceM, e.HasDistance, e.DistanceValidFrom = d.DistanceM, true, d.ValidFrom
			if d.UserDistance != nil && c.AllowUserDistances {
				e.DistanceM = *d.UserDistance
			}
		}
		out[uid] = e
	}
	return out, nil
}

// merge applies a user's permissions and overrides to the company's
// configuration, with the tax-free rates (by kind) of the day.
func merge(c companyRow, u userRow, rates map[string]int64) Effective {
	taxFree := func(kind string) (int64, bool) { r, ok := rates[kind]; return r, ok }
	perKm := func(allowed bool, rate int64, kind string) ModeTerms {
		t := ModeTerms{Allowed: allowed, Type: PerKilometer, RateMicro: rate}
		if kind != "" {
			t.TaxFreeMicro, t.HasTaxFree = taxFree(kind)
		}
		return t
	}
	e := Effective{CompanyID: c.CompanyID, BusinessTripsEnabled: c.BusinessTrips, PayBikeViaMobilityBudget: c.PayBikeViaMobilityBudget,
		Commute: map[string]ModeTerms{}, Business: map[string]ModeTerms{}}

	e.Commute[ModeBike] = perKm(c.CommuteBike && u.BikeAllowed, or(u.CommuteBikeMicro, c.CommuteBikeMicro), RateBike)
	e.Commute[ModeWalk] = perKm(c.CommuteWalk && u.WalkAllowed, or(u.CommuteWalkMicro, c.CommuteWalkMicro), RateWalk)
	car := ModeTerms{Allowed: c.CommuteCar && u.CarAllowed, Type: c.CarCommuteType}
	if u.CarCommuteType != nil {
		car.Type = *u.CarCommuteType
	}
	switch car.Type {
	case PerTrip:
		car.Amount = or(u.CommuteCarPerTrip, c.CommuteCarPerTrip)
	case PerDay:
		car.Amount = or(u.CommuteCarPerDay, c.CommuteCarPerDay)
	default:
		car.RateMicro = or(u.CommuteCarMicro, c.CommuteCarMicro)
	}
	e.Commute[ModeCar] = car

	business := c.BusinessTrips && u.BusinessAllowed
	switch c.BusinessCarType {
	case ModePrivateCar:
		e.Business[ModePrivateCar] = perKm(business, or(u.BusinessCarMicro, c.BusinessPrivateCarMicro), RateBusinessPrivateCar)
	case ModeCompanyCar:
		e.Business[ModeCompanyCar] = perKm(business, or(u.BusinessCarMicro, c.BusinessCompanyCarMicro), "")
	}
	e.Business[ModeBike] = perKm(business && c.BusinessBike, or(u.BusinessBikeMicro, c.BusinessBikeMicro), RateBike)

	e.HomeWork = ModeTerms{Allowed: c.HomeWork && u.HomeWorkAllowed, Type: PerDay, Amount: or(u.HomeWorkAllowance, c.HomeWorkAllowance)}
	return e
}

// or is the override when set, else the company's value.
func or(override *int64, company int64) int64 {
	if override != nil {
		return *override
	}
	return company
}
