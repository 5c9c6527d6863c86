package trip

import (
	"context"
	"slices"

	"github.com/google/uuid"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/database"
	"mobility/portal/internal/money"
	"mobility/portal/internal/validate"
)

// errBusinessTripsOff is SPEC §8's refusal of a business-trip setting for
// a user whose company has not enabled business trips.
func errBusinessTripsOff() error {
	return apperr.New(apperr.KindInvalid, LabelBusinessTripsNotEnabled, "You need to enable business trips on company level first")
}

// userContext is a reachable app user with its company's and its own
// settings, read for a user-level call.
type userContext struct {
	UserID, CompanyID int64
	UserOspID         string
	Company           companyRow
	User              userRow
}

func (s *Service) userContext(ctx context.Context, p *access.Principal, ospID string) (*userContext, error) {
	u, err := s.appUser(ctx, p, ospID)
	if err != nil {
		return nil, err
	}
	c, err := s.store.company(ctx, u.CompanyID)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	us, err := s.store.user(ctx, u.ID, u.CompanyID)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return &userContext{UserID: u.ID, CompanyID: u.CompanyID, UserOspID: u.OspID, Company: c, User: us}, nil
}

// updateUser applies change to a user's settings as they are under the
// row's lock, in one transaction, and keeps the result in uc.
func (s *Service) updateUser(ctx context.Context, uc *userContext, change func(u *userRow)) error {
	now := database.Now(s.clock.Now())
	return apperr.Wrap(s.db.WithTx(ctx, func(ctx context.Context) error {
		u, err := s.store.lockUser(ctx, uc.UserID, uc.CompanyID, now)
		if err != nil {
			return err
		}
		change(&u)
		u.CompanyID, u.UpdatedAt = uc.CompanyID, now
		if err := s.store.saveUser(ctx, u); err != nil {
			return err
		}
		uc.User = u
		return nil
	}))
}

// ---- distances ----

// Distances answers a user's distance history and the entry valid today.
func (s *Service) Distances(ctx context.Context, p *access.Principal, userOspID string) (*CommuteDistances, error) {
	uc, err := s.userContext(ctx, p, userOspID)
	if err != nil {
		return nil, err
	}
	rows, err := s.store.distances(ctx, uc.UserID)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := &CommuteDistances{UserOspID: uc.UserOspID, AllowDistancesConfiguredByUser: uc.Company.AllowUserDistances,
		History: make([]CommuteDistance, 0, len(rows))}
	today := s.today()
	for _, r := range rows { // newest first: the first not after today is current
		d := r.toAPI(uc.UserOspID)
		out.History = append(out.History, d)
		if out.Current == nil && r.ValidFrom <= today {
			out.Current = &d
		}
	}
	return out, nil
}

// UpdateDistance sets the distance valid from a day. The user's own
// distance needs the company's allowDistancesConfiguredByUser and lies
// within ±20 % of the admin's (SPEC §5, §9).
func (s *Service) UpdateDistance(ctx context.Context, p *access.Principal, req CommuteDistanceUpdate) (*CommuteDistance, error) {
	uc, err := s.userContext(ctx, p, req.UserOspID)
	if err != nil {
		return nil, err
	}
	v := validate.New(ctx)
	if v.Required("validFrom", req.ValidFrom) {
		v.Date("validFrom", req.ValidFrom)
	}
	if req.Distance < 1 || req.Distance > MaxDistanceM {
		v.Fail("distance", "trip.rule.distanceRange", MaxDistanceM/1000)
	}
	if req.UserDistance != nil {
		switch {
		case !uc.Company.AllowUserDistances:
			v.Fail("userDistance", "trip.rule.userDistanceOff")
		case !WithinDeviation(req.Distance, *req.UserDistance):
			v.Fail("userDistance", "trip.rule.distanceDeviation", DistanceDeviationPercent)
		}
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	now := database.Now(s.clock.Now())
	r := distanceRow{OspID: uuid.NewString(), UserID: uc.UserID, CompanyID: uc.CompanyID, ValidFrom: req.ValidFrom,
		DistanceM: req.Distance, UserDistance: req.UserDistance, CreatedAt: now, UpdatedAt: now}
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		var err error
		r, err = s.store.saveDistance(ctx, r)
		return err
	})
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	d := r.toAPI(uc.UserOspID)
	return &d, nil
}

// WithinDeviation tells whether a user's own distance lies within ±20 %
// of the admin's, in integers (19.9 % passes, 20.1 % does not); the
// schema's CHECK on commute_distances holds the same rule.
func WithinDeviation(adminM, userM int) bool {
	a, u := int64(adminM), int64(userM)
	return u*100 >= a*(100-DistanceDeviationPercent) && u*100 <= a*(100+DistanceDeviationPercent)
}

// DeleteDistance removes one history entry of a user the principal reaches.
func (s *Service) DeleteDistance(ctx context.Context, p *access.Principal, ospID string) error {
	r, err := s.store.distanceByOspID(ctx, ospID)
	if database.IsNoRows(err) {
		return apperr.NotFound("commute distance")
	}
	if err != nil {
		return apperr.Internal(err)
	}
	if _, err := s.users.ResolveID(ctx, p.Scope, r.UserID); err != nil {
		if apperr.IsNotFound(err) {
			return apperr.NotFound("commute distance")
		}
		return err
	}
	return apperr.Wrap(s.db.WithTx(ctx, func(ctx context.Context) error { return s.store.deleteDistance(ctx, r.ID) }))
}

func (r distanceRow) toAPI(userOspID string) CommuteDistance {
	return CommuteDistance{OspID: r.OspID, UserOspID: userOspID, ValidFrom: r.ValidFrom, Distance: r.DistanceM, UserDistance: r.UserDistance}
}

// ---- permissions ----

// UpdateCommuteUser sets which commute modes a user may register.
func (s *Service) UpdateCommuteUser(ctx context.Context, p *access.Principal, req CommuteUserUpdate) (*CommuteUserStatus, error) {
	uc, err := s.userContext(ctx, p, req.UserOspID)
	if err != nil {
		return nil, err
	}
	if err := s.updateUser(ctx, uc, func(u *userRow) {
		u.BikeAllowed, u.CarAllowed, u.WalkAllowed = req.BikeAllowed, req.CarAllowed, req.WalkingAllowed
	}); err != nil {
		return nil, err
	}
	return s.Status(ctx, p, StatusRequest{ID: uc.UserOspID})
}

// HomeworkPermission answers whether a user may register home work.
func (s *Service) HomeworkPermission(ctx context.Context, p *access.Principal, userOspID string) (*Permission, error) {
	uc, err := s.userContext(ctx, p, userOspID)
	if err != nil {
		return nil, err
	}
	return &Permission{UserOspID: uc.UserOspID, Allowed: uc.User.HomeWorkAllowed, CompanyEnabled: uc.Company.HomeWork}, nil
}

// UpdateHomeworkPermission sets whether a user may register home work.
func (s *Service) UpdateHomeworkPermission(ctx context.Context, p *access.Principal, req Permission) (*Permission, error) {
	uc, err := s.userContext(ctx, p, req.UserOspID)
	if err != nil {
		return nil, err
	}
	if err := s.updateUser(ctx, uc, func(u *userRow) { u.HomeWorkAllowed = req.Allowed }); err != nil {
		return nil, err
	}
	return &Permission{UserOspID: uc.UserOspID, Allowed: req.Allowed, CompanyEnabled: uc.Company.HomeWork}, nil
}

// BusinessTripPermission answers whether a user may register business trips.
func (s *Service) BusinessTripPermission(ctx context.Context, p *access.Principal, userOspID string) (*Permission, error) {
	uc, err := s.userContext(ctx, p, userOspID)
	if err != nil {
		return nil, err
	}
	return &Permission{UserOspID: uc.UserOspID, Allowed: uc.User.BusinessAllowed, CompanyEnabled: uc.Company.BusinessTrips}, nil
}

// UpdateBusinessTripPermission sets whether a user may register business
// trips; refused (SPEC §8) while the company has not enabled them.
func (s *Service) UpdateBusinessTripPermission(ctx context.Context, p *access.Principal, req Permission) (*Permission, error) {
	uc, err := s.userContext(ctx, p, req.UserOspID)
	if err != nil {
		return nil, err
	}
	if !uc.Company.BusinessTrips {
		return nil, errBusinessTripsOff()
	}
	if err := s.updateUser(ctx, uc, func(u *userRow) { u.BusinessAllowed = req.Allowed }); err != nil {
		return nil, err
	}
	return &Permission{UserOspID: uc.UserOspID, Allowed: req.Allowed, CompanyEnabled: true}, nil
}

// ---- compensation overrides ----

// CommuteCompensation answers a user's commute overrides beside the
// company's configuration.
func (s *Service) CommuteCompensation(ctx context.Context, p *access.Principal, userOspID string) (*CommuteCompensation, error) {
	uc, err := s.userContext(ctx, p, userOspID)
	if err != nil {
		return nil, err
	}
	return uc.commuteAPI(), nil
}

// UpdateCommuteCompensation replaces a user's commute overrides (null:
// the company's value).
func (s *Service) UpdateCommuteCompensation(ctx context.Context, p *access.Principal, req CommuteCompensation) (*CommuteCompensation, error) {
	uc, err := s.userContext(ctx, p, req.UserOspID)
	if err != nil {
		return nil, err
	}
	v := validate.New(ctx)
	if req.CarCommuteCompensationType != nil {
		v.OneOf("carCommuteCompensationType", *req.CarCommuteCompensationType, []string{PerKilometer, PerTrip, PerDay})
	}
	checkRates(v, map[string]*int64{"commuteBikeCompensationPerKm": req.CommuteBikeCompensationPerKm,
		"commuteWalkingCompensationPerKm": req.CommuteWalkingCompensationPerKm, "commuteCarCompensationPerKm": req.CommuteCarCompensationPerKm})
	trip := checkAllowances(ctx, v, "commuteCarCompensationPerTrip", req.CommuteCarCompensationPerTrip)
	day := checkAllowances(ctx, v, "commuteCarCompensationPerDay", req.CommuteCarCompensationPerDay)
	if err := v.Err(); err != nil {
		return nil, err
	}
	if err := s.updateUser(ctx, uc, func(u *userRow) {
		u.CarCommuteType, u.CommuteBikeMicro, u.CommuteWalkMicro, u.CommuteCarMicro = req.CarCommuteCompensationType,
			req.CommuteBikeCompensationPerKm, req.CommuteWalkingCompensationPerKm, req.CommuteCarCompensationPerKm
		u.CommuteCarPerTrip, u.CommuteCarPerDay = trip, day
	}); err != nil {
		return nil, err
	}
	return uc.commuteAPI(), nil
}

func (uc *userContext) commuteAPI() *CommuteCompensation {
	c := uc.Company.toAPI("")
	u := uc.User
	return &CommuteCompensation{UserOspID: uc.UserOspID, CarCommuteCompensationType: u.CarCommuteType,
		CommuteBikeCompensationPerKm: u.CommuteBikeMicro, CommuteWalkingCompensationPerKm: u.CommuteWalkMicro,
		CommuteCarCompensationPerKm: u.CommuteCarMicro, CommuteCarCompensationPerTrip: amountPtr(u.CommuteCarPerTrip),
		CommuteCarCompensationPerDay: amountPtr(u.CommuteCarPerDay), Company: &c}
}

// BusinessTripCompensation answers a user's business-trip overrides.
func (s *Service) BusinessTripCompensation(ctx context.Context, p *access.Principal, userOspID string) (*BusinessTripCompensation, error) {
	uc, err := s.userContext(ctx, p, userOspID)
	if err != nil {
		return nil, err
	}
	return uc.businessAPI(), nil
}

// UpdateBusinessTripCompensation replaces a user's business-trip
// overrides; refused (SPEC §8) while the company has not enabled them.
func (s *Service) UpdateBusinessTripCompensation(ctx context.Context, p *access.Principal, req BusinessTripCompensation) (*BusinessTripCompensation, error) {
	uc, err := s.userContext(ctx, p, req.UserOspID)
	if err != nil {
		return nil, err
	}
	if !uc.Company.BusinessTrips {
		return nil, errBusinessTripsOff()
	}
	v := validate.New(ctx)
	checkRates(v, map[string]*int64{"carCompensationPerKm": req.CarCompensationPerKm, "bikeCompensationPerKm": req.BikeCompensationPerKm})
	if err := v.Err(); err != nil {
		return nil, err
	}
	if err := s.updateUser(ctx, uc, func(u *userRow) {
		u.BusinessCarMicro, u.BusinessBikeMicro = req.CarCompensationPerKm, req.BikeCompensationPerKm
	}); err != nil {
		return nil, err
	}
	return uc.businessAPI(), nil
}

func (uc *userContext) businessAPI() *BusinessTripCompensation {
	c := uc.Company.toAPI("")
	return &BusinessTripCompensation{UserOspID: uc.UserOspID, CarCompensationPerKm: uc.User.BusinessCarMicro,
		BikeCompensationPerKm: uc.User.BusinessBikeMicro, Company: &c}
}

// HomeworkCompensation answers a user's home-work override.
func (s *Service) HomeworkCompensation(ctx context.Context, p *access.Principal, userOspID string) (*HomeworkCompensation, error) {
	uc, err := s.userContext(ctx, p, userOspID)
	if err != nil {
		return nil, err
	}
	return uc.homeworkAPI(), nil
}

// UpdateHomeworkCompensation replaces a user's home-work override.
func (s *Service) UpdateHomeworkCompensation(ctx context.Context, p *access.Principal, req HomeworkCompensation) (*HomeworkCompensation, error) {
	uc, err := s.userContext(ctx, p, req.UserOspID)
	if err != nil {
		return nil, err
	}
	v := validate.New(ctx)
	a := checkAllowances(ctx, v, "dailyAllowance", req.DailyAllowance)
	if err := v.Err(); err != nil {
		return nil, err
	}
	if err := s.updateUser(ctx, uc, func(u *userRow) { u.HomeWorkAllowance = a }); err != nil {
		return nil, err
	}
	return uc.homeworkAPI(), nil
}

func (uc *userContext) homeworkAPI() *HomeworkCompensation {
	c := uc.Company.toAPI("")
	return &HomeworkCompensation{UserOspID: uc.UserOspID, DailyAllowance: amountPtr(uc.User.HomeWorkAllowance), Company: &c}
}

func checkRates(v *validate.Checker, rates map[string]*int64) {
	for field, r := range rates {
		if r != nil {
			checkRate(v, field, *r)
		}
	}
}

// checkAllowances bounds an optional amount and answers it as cents.
func checkAllowances(ctx context.Context, v *validate.Checker, field string, a *money.Amount) *int64 {
	if a == nil {
		return nil
	}
	c := a.Cents()
	checkAllowance(ctx, v, field, c)
	return &c
}

func amountPtr(c *int64) *money.Amount {
	if c == nil {
		return nil
	}
	a := money.Amount(*c)
	return &a
}

// ---- status ----

// Status answers what a user may register on a day (default today) and
// the distance valid then.
func (s *Service) Status(ctx context.Context, p *access.Principal, req StatusRequest) (*CommuteUserStatus, error) {
	day := req.Date
	if day == "" {
		day = s.today()
	}
	v := validate.New(ctx)
	v.Date("date", day)
	if err := v.Err(); err != nil {
		return nil, err
	}
	u, err := s.appUser(ctx, p, req.ID)
	if err != nil {
		return nil, err
	}
	eff, err := s.effective(ctx, []int64{u.ID}, day)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	e := eff[u.ID]
	own, err := s.store.user(ctx, u.ID, u.CompanyID)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := &CommuteUserStatus{UserOspID: u.OspID, Date: day, CommuteModes: allowedModes(e.Commute),
		BikeAllowed: own.BikeAllowed, CarAllowed: own.CarAllowed, WalkingAllowed: own.WalkAllowed,
		HomeWorkAllowed: e.HomeWork.Allowed, BusinessTripModes: allowedModes(e.Business)}
	if e.HasDistance {
		out.Distance, out.DistanceValidFrom = e.DistanceM, e.DistanceValidFrom
	}
	if out.RegisteredToday, err = s.store.commuteDirections(ctx, u.ID, day); err != nil {
		return nil, apperr.Internal(err)
	}
	return out, nil
}

// allowedModes lists the allowed modes of a set, sorted.
func allowedModes(m map[string]ModeTerms) []string {
	out := []string{}
	for mode, t := range m {
		if t.Allowed {
			out = append(out, mode)
		}
	}
	slices.Sort(out)
	return out
}
