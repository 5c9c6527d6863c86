package trip

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/database"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/money"
	"mobility/portal/internal/validate"
)

// CompanyCompensation answers a company's trip configuration
// (travel/compensation/get); a company never configured answers the
// defaults (nothing compensated, PER_KILOMETER).
func (s *Service) CompanyCompensation(ctx context.Context, p *access.Principal, companyOspID string) (*TravelCompensation, error) {
	ca, err := s.companies.Resolve(ctx, p, companyOspID)
	if err != nil {
		return nil, err
	}
	r, err := s.store.company(ctx, ca.ID)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := r.toAPI(ca.OspID)
	return &out, nil
}

// UpdateCompanyCompensation replaces a company's trip configuration
// (travel/compensation/update). Business trips take one car type and only
// when enabled; turning business trips off clears the car type and bike.
func (s *Service) UpdateCompanyCompensation(ctx context.Context, p *access.Principal, req TravelCompensation) (*TravelCompensation, error) {
	ca, err := s.companies.Resolve(ctx, p, req.CorporateAccountOspID)
	if err != nil {
		return nil, err
	}
	v := validate.New(ctx)
	if req.CarCommuteCompensationType == "" {
		req.CarCommuteCompensationType = PerKilometer
	}
	v.OneOf("carCommuteCompensationType", req.CarCommuteCompensationType, []string{PerKilometer, PerTrip, PerDay})
	v.OneOf("businessTripCarType", req.BusinessTripCarType, []string{"", ModePrivateCar, ModeCompanyCar})
	if !req.BusinessTripsEnabled && (req.BusinessTripCarType != "" || req.BusinessTripBikeEnabled) {
		v.Fail("businessTripsEnabled", "trip.rule.businessTripsOff")
	}
	for field, rate := range map[string]int64{
		"commuteBikeCompensationPerKm": req.CommuteBikeCompensationPerKm, "commuteWalkingCompensationPerKm": req.CommuteWalkingCompensationPerKm,
		"commuteCarCompensationPerKm":             req.CommuteCarCompensationPerKm,
		"businessTripPrivateCarCompensationPerKm": req.BusinessTripPrivateCarCompensationPerKm,
		"businessTripCompanyCarCompensationPerKm": req.BusinessTripCompanyCarCompensationPerKm,
		"businessTripBikeCompensationPerKm":       req.BusinessTripBikeCompensationPerKm,
	} {
		checkRate(v, field, rate)
	}
	for field, a := range map[string]money.Amount{"homeWorkDailyAllowance": req.HomeWorkDailyAllowance,
		"commuteCarCompensationPerTrip": req.CommuteCarCompensationPerTrip, "commuteCarCompensationPerDay": req.CommuteCarCompensationPerDay} {
		checkAllowance(ctx, v, field, a.Cents())
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	r := companyRow{CompanyID: ca.ID, CommuteBike: req.CommuteBikeEnabled, CommuteCar: req.CommuteCarEnabled,
		CommuteWalk: req.CommuteWalkingEnabled, BusinessTrips: req.BusinessTripsEnabled, BusinessCarType: req.BusinessTripCarType,
		BusinessBike: req.BusinessTripBikeEnabled, HomeWork: req.HomeWorkEnabled, HomeWorkAllowance: req.HomeWorkDailyAllowance.Cents(),
		CarCommuteType: req.CarCommuteCompensationType, CommuteBikeMicro: req.CommuteBikeCompensationPerKm,
		CommuteWalkMicro: req.CommuteWalkingCompensationPerKm, CommuteCarMicro: req.CommuteCarCompensationPerKm,
		CommuteCarPerTrip: req.CommuteCarCompensationPerTrip.Cents(), CommuteCarPerDay: req.CommuteCarCompensationPerDay.Cents(),
		BusinessPrivateCarMicro: req.BusinessTripPrivateCarCompensationPerKm, BusinessCompanyCarMicro: req.BusinessTripCompanyCarCompensationPerKm,
		BusinessBikeMicro: req.BusinessTripBikeCompensationPerKm, AllowUserDistances: req.AllowDistancesConfiguredByUser,
		PayBikeViaMobilityBudget: req.PayBikeAllowanceViaMobilityBudget, UpdatedAt: database.Now(s.clock.Now())}
	if err := s.db.WithTx(ctx, func(ctx context.Context) error { return s.store.saveCompany(ctx, r) }); err != nil {
		return nil, apperr.Wrap(err)
	}
	out := r.toAPI(ca.OspID)
	return &out, nil
}

// checkRate bounds a rate per km (micro-euros) for callers without HTTP.
func checkRate(v *validate.Checker, field string, rate int64) {
	if rate < 0 || rate > MaxRateMicro {
		v.Fail(field, "trip.rule.rateRange")
	}
}

// checkAllowance bounds an amount per trip or day (cents).
func checkAllowance(ctx context.Context, v *validate.Checker, field string, cents int64) {
	if cents < 0 || cents > MaxAllowance {
		lang := string(i18n.FromContext(ctx))
		v.Fail(field, "money.rule.amountRange", money.FormatEuro(0, lang), money.FormatEuro(MaxAllowance, lang))
	}
}

func (r companyRow) toAPI(companyOspID string) TravelCompensation {
	return TravelCompensation{CorporateAccountOspID: companyOspID, CommuteBikeEnabled: r.CommuteBike,
		CommuteCarEnabled: r.CommuteCar, CommuteWalkingEnabled: r.CommuteWalk, BusinessTripsEnabled: r.BusinessTrips,
		BusinessTripCarType: r.BusinessCarType, BusinessTripBikeEnabled: r.BusinessBike, HomeWorkEnabled: r.HomeWork,
		HomeWorkDailyAllowance: money.Amount(r.HomeWorkAllowance), CarCommuteCompensationType: r.CarCommuteType,
		CommuteBikeCompensationPerKm: r.CommuteBikeMicro, CommuteWalkingCompensationPerKm: r.CommuteWalkMicro,
		CommuteCarCompensationPerKm: r.CommuteCarMicro, CommuteCarCompensationPerTrip: money.Amount(r.CommuteCarPerTrip),
		CommuteCarCompensationPerDay: money.Amount(r.CommuteCarPerDay), BusinessTripPrivateCarCompensationPerKm: r.BusinessPrivateCarMicro,
		BusinessTripCompanyCarCompensationPerKm: r.BusinessCompanyCarMicro, BusinessTripBikeCompensationPerKm: r.BusinessBikeMicro,
		AllowDistancesConfiguredByUser: r.AllowUserDistances, PayBikeAllowanceViaMobilityBudget: r.PayBikeViaMobilityBudget}
}
