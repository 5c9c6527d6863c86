package seed

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/budget"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/trip"
)

// The demo's trips (issue 13), through the trip services only:
//   - on the first day Acme NV compensates commutes by bike (€0.27/km,
//     below the €0.35 tax-free rate) and on foot (€0.24/km, the tax-free
//     rate) and home work (€2.70 a day), paid into the commuting budget and
//     lets users enter their own distance; Globex BV pays business trips by
//     private car (€0.4415/km);
//   - Acme's admin sets Jan's, Emma's and Julie's distances and what each
//     may register (Julie gets €0.40/km for her bike: above the tax-free
//     rate, so part of it is taxable; Emma entered her own distance), and
//     opens a commuting budget for those who had none to be paid into;
//     Globex lets Lena and Bart register business trips;
//   - Jan moves in the story's sixth month: a second distance in his
//     history, valid from the day he moved;
//   - on every Belgian working day the admins register the day's trips on
//     their behalf (bike or walk out and back, now and then one way, home-
//     work days; Globex's business trips a few times a month), except on
//     the days off each takes;
//   - each Monday and on the month's last day the admin reviews what is
//     registered: most is approved, now and then one is rejected; the
//     jobs runner's trip-compensation job pays each closed month's
//     approved registrations on the next day as one top-up per user, so
//     the current month's registrations stay REGISTERED or APPROVED.
//
// Acme's other app users (Nathalie Lambert among them) have no trip
// configuration or registrations at all: the browser tests configure one
// from scratch.
//
// The trips use an rng of their own (seeded, like the story's) so the
// rest of the story stays what it was.

// The companies' configuration.
const (
	AcmeBikePerKm         = 270_000 // micro-euros per km
	AcmeWalkPerKm         = 240_000
	AcmeHomeWorkPerDay    = 270 // cents
	GlobexPrivateCarPerKm = 441_500
	// JulieBikePerKm is Julie Wouters' own bike rate, above the tax-free
	// rate of €0.35 (its part above is taxable).
	JulieBikePerKm = 400_000
	// JanMovesInMonth is the story month (since its start) in whose first
	// working week Jan Peeters moves further from the office.
	JanMovesInMonth = 6
)

// TripUsers are the demo's users with trip registrations.
var TripUsers = []string{"jan.peeters", "emma.claes", "julie.wouters", "lena.maes", "bart.jacobs"}

// TripFreeAcmeUser is an Acme app user the story never configures trips for.
const TripFreeAcmeUser = "nathalie.lambert"

// traveller is an app user whose trips the admin registers.
type traveller struct {
	login string
	admin *access.Principal
	// commute mode (BIKE or WALK, "" none), the chance a working day is
	// commuted that way, and the chance it is a home-work day instead
	mode           string
	commute        float64
	homeWork       float64
	business       float64 // chance of a business trip by private car
	dayOff         float64 // chance of a day off (leave, illness)
	oneWay         float64 // of a commuting day: only one way (rain, a lift home)
	distance, ownM int     // metres per trip (admin's, and the user's own: 0 none)
}

// business trips of Globex's people: where to, and the return distance
var businessTrips = []struct {
	desc  string
	metre int
}{
	{"Klantbezoek Antwerpen", 118_000}, {"Klantbezoek Brussel", 112_000}, {"Leverancier Kortrijk", 94_000},
	{"Opleiding Mechelen", 138_000}, {"Werf Aalst", 58_000}, {"Klantbezoek Brugge", 102_000},
	{"Beurs Kortrijk Xpo", 96_000}, {"Overleg Leuven", 164_000},
}

// tripCast configures Acme's and Globex's trips and their people on the
// story's first day.
func (s *story) tripCast(ctx context.Context) error {
	s.tripRng = rand.New(rand.NewPCG(2026, 13))
	// the tax-free rates cover the story's first day
	if err := s.carryRatesTo(ctx, s.today()); err != nil {
		return err
	}
	if _, err := s.app.Trips.UpdateCompanyCompensation(ctx, s.acme, trip.TravelCompensation{CorporateAccountOspID: AcmeOspID,
		CommuteBikeEnabled: true, CommuteWalkingEnabled: true, HomeWorkEnabled: true, HomeWorkDailyAllowance: AcmeHomeWorkPerDay,
		CarCommuteCompensationType: trip.PerKilometer, CommuteBikeCompensationPerKm: AcmeBikePerKm,
		CommuteWalkingCompensationPerKm: AcmeWalkPerKm, AllowDistancesConfiguredByUser: true}); err != nil {
		return fmt.Errorf("Acme's trip configuration: %w", err)
	}
	if _, err := s.app.Trips.UpdateCompanyCompensation(ctx, s.globex, trip.TravelCompensation{CorporateAccountOspID: GlobexOspID,
		BusinessTripsEnabled: true, BusinessTripCarType: trip.ModePrivateCar, CarCommuteCompensationType: trip.PerKilometer,
		BusinessTripPrivateCarCompensationPerKm: GlobexPrivateCarPerKm}); err != nil {
		return fmt.Errorf("Globex's trip configuration: %w", err)
	}
	s.travellers = []traveller{
		{login: "jan.peeters", admin: s.acme, mode: trip.ModeBike, commute: 0.62, homeWork: 0.3, dayOff: 0.08, oneWay: 0.05, distance: 4_200},
		{login: "emma.claes", admin: s.acme, mode: trip.ModeWalk, commute: 0.45, homeWork: 0.2, dayOff: 0.08, oneWay: 0.08,
			distance: 1_700, ownM: 1_900},
		{login: "julie.wouters", admin: s.acme, mode: trip.ModeBike, commute: 0.4, dayOff: 0.1, oneWay: 0.04, distance: 9_500},
		{login: "lena.maes", admin: s.globex, business: 0.2, dayOff: 0.08},
		{login: "bart.jacobs", admin: s.globex, business: 0.12, dayOff: 0.08},
	}
	for _, t := range s.travellers {
		osp := s.users[t.login]
		if t.mode != "" {
			if _, err := s.app.Trips.UpdateCommuteUser(ctx, t.admin, trip.CommuteUserUpdate{UserOspID: osp,
				BikeAllowed: t.mode == trip.ModeBike, WalkingAllowed: t.mode == trip.ModeWalk}); err != nil {
				return fmt.Errorf("commute modes of %s: %w", t.login, err)
			}
			d := trip.CommuteDistanceUpdate{UserOspID: osp, ValidFrom: s.today(), Distance: t.distance}
			if t.ownM > 0 {
				d.UserDistance = ptr(t.ownM)
			}
			if _, err := s.app.Trips.UpdateDistance(ctx, t.admin, d); err != nil {
				return fmt.Errorf("distance of %s: %w", t.login, err)
			}
		}
		if t.homeWork > 0 {
			if _, err := s.app.Trips.UpdateHomeworkPermission(ctx, t.admin, trip.Permission{UserOspID: osp, Allowed: true}); err != nil {
				return fmt.Errorf("home work of %s: %w", t.login, err)
			}
		}
		if t.business > 0 {
			if _, err := s.app.Trips.UpdateBusinessTripPermission(ctx, t.admin, trip.Permission{UserOspID: osp, Allowed: true}); err != nil {
				return fmt.Errorf("business trips of %s: %w", t.login, err)
			}
		}
	}
	// Julie rides further and faster: her own rate per km
	if _, err := s.app.Trips.UpdateCommuteCompensation(ctx, s.acme, trip.CommuteCompensation{UserOspID: s.users["julie.wouters"],
		CommuteBikeCompensationPerKm: ptr(int64(JulieBikePerKm))}); err != nil {
		return fmt.Errorf("Julie's bike rate: %w", err)
	}
	// the monthly run pays into the commuting budget: those who have none
	// get one (no top-ups of its own: the trips fill it)
	for _, t := range s.travellers {
		bs, err := s.app.Budgets.ByOwner(ctx, s.staff, budget.ByOwnerRequest{OwnerOspID: s.users[t.login]})
		if err != nil {
			return err
		}
		has := false
		for _, b := range bs {
			has = has || b.BudgetType == budget.TypeCommuting
		}
		if has {
			continue
		}
		if _, err := s.app.Budgets.Create(ctx, s.staff, budget.CreateRequest{Type: budget.TypeCommuting, OwnerOspID: s.users[t.login],
			Data: budget.WriteData{Frequency: ptr("")}}); err != nil {
			return fmt.Errorf("commuting budget of %s: %w", t.login, err)
		}
	}
	return nil
}

// trips does the day's trip work: the Monday review, a move, the day's
// registrations, the month-end review and, in June, the next tax-free rate.
func (s *story) trips(ctx context.Context, day time.Time, m, d int) error {
	today := s.today()
	if day.Weekday() == time.Monday {
		if err := s.reviewTrips(ctx); err != nil {
			return err
		}
	}
	if m == JanMovesInMonth && d == 3 {
		// Jan moved: further from the office, valid from today
		if _, err := s.app.Trips.UpdateDistance(ctx, s.acme, trip.CommuteDistanceUpdate{UserOspID: s.users["jan.peeters"],
			ValidFrom: today, Distance: 6_800}); err != nil {
			return fmt.Errorf("Jan's new distance: %w", err)
		}
	}
	if day.Month() == time.June && d == 20 {
		// platform staff enter the next period of the tax-free rates
		if err := s.carryRatesTo(ctx, time.Date(day.Year(), time.July, 1, 0, 0, 0, 0, clock.Brussels).Format(clock.DateLayout)); err != nil {
			return err
		}
	}
	if clock.IsBelgianWorkingDay(today) {
		for _, t := range s.travellers {
			if err := s.travel(ctx, t, today); err != nil {
				return fmt.Errorf("trips of %s: %w", t.login, err)
			}
		}
	}
	if day.AddDate(0, 0, 1).Day() == 1 {
		return s.reviewTrips(ctx)
	}
	return nil
}

// travel registers one user's trips of a working day.
func (s *story) travel(ctx context.Context, t traveller, today string) error {
	r := s.tripRng
	if r.Float64() < t.dayOff {
		return nil
	}
	create := func(w trip.RegistrationWrite) error {
		w.UserOspID, w.Date = s.users[t.login], today
		_, err := s.app.TripRegistrations.Create(ctx, t.admin, w)
		return err
	}
	if t.business > 0 && r.Float64() < t.business {
		b := businessTrips[r.IntN(len(businessTrips))]
		// the odometer's kilometres: a few more or less than the route
		metres := b.metre + (r.IntN(21)-10)*1000
		if err := create(trip.RegistrationWrite{Kind: trip.KindBusiness, Mode: trip.ModePrivateCar, Distance: &metres,
			Description: b.desc}); err != nil {
			return err
		}
	}
	if t.mode == "" {
		return nil
	}
	x := r.Float64()
	switch {
	case x < t.homeWork:
		return create(trip.RegistrationWrite{Kind: trip.KindHomeWork, Description: "Thuiswerk"})
	case x < t.homeWork+t.commute:
		if err := create(trip.RegistrationWrite{Kind: trip.KindCommute, Mode: t.mode, Direction: trip.DirectionOutbound}); err != nil {
			return err
		}
		if r.Float64() < t.oneWay {
			return nil
		}
		return create(trip.RegistrationWrite{Kind: trip.KindCommute, Mode: t.mode, Direction: trip.DirectionReturn})
	}
	return nil // by train, bus or car that day: nothing to register
}

// reviewTrips has each company's admin decide on what is registered:
// approved, or now and then rejected (a trip that was not made).
func (s *story) reviewTrips(ctx context.Context) error {
	for _, c := range []struct {
		p   *access.Principal
		osp string
	}{{s.acme, AcmeOspID}, {s.globex, GlobexOspID}} {
		page, err := s.app.TripRegistrations.Filter(ctx, c.p, trip.RegistrationFilter{CorporateAccountOspID: c.osp,
			Status: trip.StatusRegistered, Pagination: paging.Pagination{Page: 1, Size: paging.MaxPageSize}})
		if err != nil {
			return fmt.Errorf("registrations to review: %w", err)
		}
		for _, reg := range page.Content {
			decide := s.app.TripRegistrations.Approve
			if s.tripRng.Float64() < 0.03 {
				decide = s.app.TripRegistrations.Reject
			}
			if _, err := decide(ctx, c.p, reg.OspID); err != nil {
				return fmt.Errorf("review of %s's trip of %s: %w", reg.UserName, reg.Date, err)
			}
		}
	}
	return nil
}

// carryRatesTo has platform staff make sure every kind of tax-free rate
// covers day: an ended kind's last period is followed by yearly periods
// (1 July to 30 June) at the same rate. The real figure is indexed and
// published each year; the demo carries the last one it knows forward.
func (s *story) carryRatesTo(ctx context.Context, day string) error {
	rates, err := s.app.Trips.TaxFreeRates(ctx)
	if err != nil {
		return err
	}
	last := map[string]trip.TaxFreeRate{}
	for _, r := range rates {
		if l, ok := last[r.Kind]; !ok || r.ValidFrom > l.ValidFrom {
			last[r.Kind] = r
		}
	}
	for _, kind := range []string{trip.RateBike, trip.RateWalk, trip.RateBusinessPrivateCar} {
		l, ok := last[kind]
		for ok && l.ValidTo != "" && l.ValidTo < day {
			end, err := time.Parse(clock.DateLayout, l.ValidTo)
			if err != nil {
				return err
			}
			next := trip.TaxFreeRateCreate{Kind: kind, Rate: l.Rate, ValidFrom: end.AddDate(0, 0, 1).Format(clock.DateLayout),
				ValidTo: end.AddDate(1, 0, 0).Format(clock.DateLayout)}
			r, err := s.app.Trips.CreateTaxFreeRate(ctx, s.staff, next)
			if err != nil {
				return fmt.Errorf("tax-free rate %s from %s: %w", kind, next.ValidFrom, err)
			}
			l = *r
		}
	}
	return nil
}
