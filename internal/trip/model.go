// Package trip holds trips (issue 13, SPEC §3 Trip configuration, §5, §7
// Commute/travel, §9): what a company compensates for commuting, business
// trips and home work, each user's permissions, overrides and commuting
// distance history, the tax-free rates per km, the trip registrations and
// the monthly run that pays the approved ones into the user's budget.
//
// Units everywhere: money in euro cents; rates per km in micro-euros
// (0.4415 EUR/km = 441500, so every official rate is exact); distances in
// metres; dates yyyy-MM-dd; months yyyyMM. A per-km compensation in cents
// is round_half_away(metres * rateMicro / 10,000,000), computed once.
package trip

import (
	"mobility/portal/internal/money"
	"mobility/portal/internal/paging"
)

// Registration kinds.
const (
	KindCommute  = "COMMUTE"
	KindBusiness = "BUSINESS"
	KindHomeWork = "HOME_WORK"
)

// Modes. Commutes: BIKE, WALK, CAR; business trips: PRIVATE_CAR,
// COMPANY_CAR, BIKE; home work has none ("").
const (
	ModeBike       = "BIKE"
	ModeWalk       = "WALK"
	ModeCar        = "CAR"
	ModePrivateCar = "PRIVATE_CAR"
	ModeCompanyCar = "COMPANY_CAR"
)

// Commute directions: a day holds at most one commute each way.
const (
	DirectionOutbound = "OUTBOUND"
	DirectionReturn   = "RETURN"
)

// Compensation types (carCommuteCompensationType; bike, walking and
// business trips are always PER_KILOMETER, home work PER_DAY).
const (
	PerKilometer = "PER_KILOMETER"
	PerTrip      = "PER_TRIP"
	PerDay       = "PER_DAY"
)

// Registration statuses.
const (
	StatusRegistered = "REGISTERED"
	StatusApproved   = "APPROVED"
	StatusRejected   = "REJECTED"
	StatusPaid       = "PAID"
)

// Tax-free rate kinds (tax_free_rates.kind).
const (
	RateBike               = "BIKE"
	RateWalk               = "WALK"
	RateBusinessPrivateCar = "BUSINESS_PRIVATE_CAR"
)

// MaxDistanceM bounds a commuting distance per trip (500 km);
// MaxRateMicro a rate (10 EUR/km); MaxAllowance a per trip/day amount.
const (
	MaxDistanceM = 500_000
	MaxRateMicro = 10_000_000
	MaxAllowance = 100_000
	// DistanceDeviationPercent: a user's own distance lies within ±20 % of
	// the admin's (SPEC §5, §9).
	DistanceDeviationPercent = 20
)

// ---- company level: travel/compensation ----

// CompanyRequest names a company (travel/compensation/get).
type CompanyRequest struct {
	CorporateAccountOspID string `json:"corporateAccountOspId" required:"true" maxLength:"36"`
}

// TravelCompensation is a company's trip configuration (SPEC §3), as
// travel/compensation get answers and update takes. A company never
// configured answers every flag false and every amount 0 (PER_KILOMETER).
type TravelCompensation struct {
	CorporateAccountOspID string `json:"corporateAccountOspId" required:"true" maxLength:"36"`

	CommuteBikeEnabled    bool `json:"commuteBikeEnabled"`
	CommuteCarEnabled     bool `json:"commuteCarEnabled"`
	CommuteWalkingEnabled bool `json:"commuteWalkingEnabled"`

	BusinessTripsEnabled    bool   `json:"businessTripsEnabled"`
	BusinessTripCarType     string `json:"businessTripCarType" enum:",PRIVATE_CAR,COMPANY_CAR" description:"the one car type business trips use; empty: no car (only with businessTripsEnabled)"`
	BusinessTripBikeEnabled bool   `json:"businessTripBikeEnabled"`

	HomeWorkEnabled        bool         `json:"homeWorkEnabled"`
	HomeWorkDailyAllowance money.Amount `json:"homeWorkDailyAllowance" minimum:"0" maximum:"100000" description:"cents per home-work day"`

	CarCommuteCompensationType string `json:"carCommuteCompensationType" enum:"PER_KILOMETER,PER_TRIP,PER_DAY" description:"default PER_KILOMETER"`

	CommuteBikeCompensationPerKm    int64        `json:"commuteBikeCompensationPerKm" minimum:"0" maximum:"10000000" description:"micro-euros per km (0.35 EUR = 350000)"`
	CommuteWalkingCompensationPerKm int64        `json:"commuteWalkingCompensationPerKm" minimum:"0" maximum:"10000000" description:"micro-euros per km"`
	CommuteCarCompensationPerKm     int64        `json:"commuteCarCompensationPerKm" minimum:"0" maximum:"10000000" description:"micro-euros per km (PER_KILOMETER)"`
	CommuteCarCompensationPerTrip   money.Amount `json:"commuteCarCompensationPerTrip" minimum:"0" maximum:"100000" description:"cents per trip (PER_TRIP)"`
	CommuteCarCompensationPerDay    money.Amount `json:"commuteCarCompensationPerDay" minimum:"0" maximum:"100000" description:"cents per day with a commute (PER_DAY)"`

	BusinessTripPrivateCarCompensationPerKm int64 `json:"businessTripPrivateCarCompensationPerKm" minimum:"0" maximum:"10000000" description:"micro-euros per km"`
	BusinessTripCompanyCarCompensationPerKm int64 `json:"businessTripCompanyCarCompensationPerKm" minimum:"0" maximum:"10000000" description:"micro-euros per km"`
	BusinessTripBikeCompensationPerKm       int64 `json:"businessTripBikeCompensationPerKm" minimum:"0" maximum:"10000000" description:"micro-euros per km"`

	AllowDistancesConfiguredByUser    bool `json:"allowDistancesConfiguredByUser" description:"the user may enter an own distance within ±20 % of the admin's"`
	PayBikeAllowanceViaMobilityBudget bool `json:"payBikeAllowanceViaMobilityBudget" description:"bike compensation is paid into the legal mobility budget instead of the commuting budget"`
}

// ---- user level ----

// UserRequest names an app user (the get calls of the user-level routes).
type UserRequest struct {
	UserOspID string `json:"userOspId" required:"true" maxLength:"36"`
}

// CommuteDistance is one entry of a user's distance history.
type CommuteDistance struct {
	OspID        string `json:"ospId"`
	UserOspID    string `json:"userOspId"`
	ValidFrom    string `json:"validFrom" description:"yyyy-MM-dd; valid until the next entry's validFrom"`
	Distance     int    `json:"distance" description:"metres per trip (one way), as the admin configured"`
	UserDistance *int   `json:"userDistance,omitempty" description:"metres the user entered, within ±20 % of distance"`
}

// CommuteDistances is commute/distance/get's answer: the history, newest
// first, and the entry valid today (absent when none is).
type CommuteDistances struct {
	UserOspID                      string            `json:"userOspId"`
	AllowDistancesConfiguredByUser bool              `json:"allowDistancesConfiguredByUser"`
	Current                        *CommuteDistance  `json:"current,omitempty"`
	History                        []CommuteDistance `json:"history"`
}

// CommuteDistanceUpdate sets the distance valid from a day (replacing the
// entry of that same day, if any).
type CommuteDistanceUpdate struct {
	UserOspID    string `json:"userOspId" required:"true" maxLength:"36"`
	ValidFrom    string `json:"validFrom" required:"true" maxLength:"10" description:"yyyy-MM-dd"`
	Distance     int    `json:"distance" minimum:"1" maximum:"500000" description:"metres per trip"`
	UserDistance *int   `json:"userDistance,omitempty" minimum:"1" maximum:"500000" description:"metres; only when the company allows distances configured by the user; at most 20 % from distance"`
}

// CommuteDistanceDelete removes one history entry.
type CommuteDistanceDelete struct {
	OspID string `json:"ospId" required:"true" maxLength:"36"`
}

// CommuteUserUpdate sets which commute modes a user may register
// (commute/user/update).
type CommuteUserUpdate struct {
	UserOspID      string `json:"userOspId" required:"true" maxLength:"36"`
	BikeAllowed    bool   `json:"bikeAllowed"`
	CarAllowed     bool   `json:"carAllowed"`
	WalkingAllowed bool   `json:"walkingAllowed"`
}

// CommuteCompensation is a user's commute overrides (null = the company's
// value), with the company's values beside them (commute/user/compensation).
type CommuteCompensation struct {
	UserOspID                       string              `json:"userOspId" required:"true" maxLength:"36"`
	CarCommuteCompensationType      *string             `json:"carCommuteCompensationType,omitempty" enum:"PER_KILOMETER,PER_TRIP,PER_DAY"`
	CommuteBikeCompensationPerKm    *int64              `json:"commuteBikeCompensationPerKm,omitempty" minimum:"0" maximum:"10000000" description:"micro-euros per km"`
	CommuteWalkingCompensationPerKm *int64              `json:"commuteWalkingCompensationPerKm,omitempty" minimum:"0" maximum:"10000000" description:"micro-euros per km"`
	CommuteCarCompensationPerKm     *int64              `json:"commuteCarCompensationPerKm,omitempty" minimum:"0" maximum:"10000000" description:"micro-euros per km"`
	CommuteCarCompensationPerTrip   *money.Amount       `json:"commuteCarCompensationPerTrip,omitempty" minimum:"0" maximum:"100000" description:"cents"`
	CommuteCarCompensationPerDay    *money.Amount       `json:"commuteCarCompensationPerDay,omitempty" minimum:"0" maximum:"100000" description:"cents"`
	Company                         *TravelCompensation `json:"company,omitempty" description:"the company's configuration (answers only)"`
}

// BusinessTripCompensation is a user's business-trip overrides.
type BusinessTripCompensation struct {
	UserOspID             string              `json:"userOspId" required:"true" maxLength:"36"`
	CarCompensationPerKm  *int64              `json:"carCompensationPerKm,omitempty" minimum:"0" maximum:"10000000" description:"micro-euros per km for the company's business car type"`
	BikeCompensationPerKm *int64              `json:"bikeCompensationPerKm,omitempty" minimum:"0" maximum:"10000000" description:"micro-euros per km"`
	Company               *TravelCompensation `json:"company,omitempty" description:"the company's configuration (answers only)"`
}

// HomeworkCompensation is a user's home-work override.
type HomeworkCompensation struct {
	UserOspID      string              `json:"userOspId" required:"true" maxLength:"36"`
	DailyAllowance *money.Amount       `json:"dailyAllowance,omitempty" minimum:"0" maximum:"100000" description:"cents per home-work day"`
	Company        *TravelCompensation `json:"company,omitempty" description:"the company's configuration (answers only)"`
}

// Permission is whether a user may register home work or business trips
// (homework/configuration/permission, businessTrip/configuration/permission).
type Permission struct {
	UserOspID      string `json:"userOspId" required:"true" maxLength:"36"`
	Allowed        bool   `json:"allowed"`
	CompanyEnabled bool   `json:"companyEnabled" description:"whether the company offers it (answers only)"`
}

// CommuteUserStatus is what a user may register on a day and the distance
// valid then (GET commute/user/{id}/status).
type CommuteUserStatus struct {
	UserOspID    string   `json:"userOspId"`
	Date         string   `json:"date"`
	CommuteModes []string `json:"commuteModes" description:"the company offers them and the user may use them"`
	// The user's own permissions (commute/user/update), whatever the
	// company offers: a screen shows and keeps them for modes the company
	// does not offer (yet).
	BikeAllowed       bool     `json:"bikeAllowed" description:"the user may register bike commutes (when the company offers them)"`
	CarAllowed        bool     `json:"carAllowed" description:"the user may register car commutes (when the company offers them)"`
	WalkingAllowed    bool     `json:"walkingAllowed" description:"the user may register walking commutes (when the company offers them)"`
	Distance          int      `json:"distance" description:"metres per trip valid on date (the user's own when set); 0: none"`
	DistanceValidFrom string   `json:"distanceValidFrom,omitempty"`
	HomeWorkAllowed   bool     `json:"homeWorkAllowed"`
	BusinessTripModes []string `json:"businessTripModes"`
	RegisteredToday   []string `json:"registeredToday" description:"directions of the commutes already registered on date"`
}

// ---- tax-free rates ----

// TaxFreeRate is one period of a kind's tax-free rate.
type TaxFreeRate struct {
	OspID     string `json:"ospId"`
	Kind      string `json:"kind" enum:"BIKE,WALK,BUSINESS_PRIVATE_CAR"`
	Rate      int64  `json:"rate" description:"micro-euros per km"`
	ValidFrom string `json:"validFrom"`
	ValidTo   string `json:"validTo,omitempty" description:"inclusive; empty: open-ended"`
}

// TaxFreeRateCreate adds a period (platform staff): it may not overlap the
// kind's other periods; an open-ended period before it is closed the day
// before validFrom.
type TaxFreeRateCreate struct {
	Kind      string `json:"kind" required:"true" enum:"BIKE,WALK,BUSINESS_PRIVATE_CAR"`
	Rate      int64  `json:"rate" minimum:"0" maximum:"10000000" description:"micro-euros per km"`
	ValidFrom string `json:"validFrom" required:"true" maxLength:"10"`
	ValidTo   string `json:"validTo,omitempty" maxLength:"10"`
}

// ---- registrations (T2 builds on these) ----

// Registration is a trip or home-work day as answers show it.
type Registration struct {
	OspID                  string `json:"ospId"`
	UserOspID              string `json:"userOspId"`
	UserName               string `json:"userName"`
	CorporateAccountOspID  string `json:"corporateAccountOspId"`
	Date                   string `json:"date"`
	Kind                   string `json:"kind" enum:"COMMUTE,BUSINESS,HOME_WORK"`
	Mode                   string `json:"mode" enum:",BIKE,WALK,CAR,PRIVATE_CAR,COMPANY_CAR"`
	Direction              string `json:"direction" enum:",OUTBOUND,RETURN"`
	Distance               int    `json:"distance" description:"metres"`
	CompensationType       string `json:"compensationType" enum:"PER_KILOMETER,PER_TRIP,PER_DAY"`
	Rate                   *int64 `json:"rate,omitempty" description:"micro-euros per km used"`
	TaxFreeRate            *int64 `json:"taxFreeRate,omitempty" description:"micro-euros per km valid on date"`
	Compensation           int64  `json:"compensation" description:"cents"`
	Taxable                int64  `json:"taxable" description:"cents above the tax-free rate"`
	Status                 string `json:"status" enum:"REGISTERED,APPROVED,REJECTED,PAID"`
	PaidMonth              string `json:"paidMonth,omitempty"`
	BudgetTransactionOspID string `json:"budgetTransactionOspId,omitempty"`
	Description            string `json:"description"`
	CreatedOn              string `json:"createdOn"`
	UpdatedOn              string `json:"updatedOn"`
}

// RegistrationFilter selects registrations (travel/getByFilter).
type RegistrationFilter struct {
	CorporateAccountOspID string            `json:"corporateAccountOspId,omitempty" maxLength:"36"`
	UserOspID             string            `json:"userOspId,omitempty" maxLength:"36"`
	Month                 string            `json:"month,omitempty" maxLength:"6" description:"yyyyMM"`
	Kind                  string            `json:"kind,omitempty" enum:",COMMUTE,BUSINESS,HOME_WORK"`
	Status                string            `json:"status,omitempty" enum:",REGISTERED,APPROVED,REJECTED,PAID"`
	Pagination            paging.Pagination `json:"pagination"`
}

// RegistrationRequest names a registration (get, approve, reject).
type RegistrationRequest struct {
	OspID string `json:"ospId" required:"true" maxLength:"36"`
}

// RegistrationWrite adds a registration on a user's behalf.
type RegistrationWrite struct {
	UserOspID   string `json:"userOspId" required:"true" maxLength:"36"`
	Date        string `json:"date" required:"true" maxLength:"10"`
	Kind        string `json:"kind" required:"true" enum:"COMMUTE,BUSINESS,HOME_WORK"`
	Mode        string `json:"mode,omitempty" enum:",BIKE,WALK,CAR,PRIVATE_CAR,COMPANY_CAR"`
	Direction   string `json:"direction,omitempty" enum:",OUTBOUND,RETURN"`
	Distance    *int   `json:"distance,omitempty" minimum:"0" maximum:"1000000" description:"metres; commute default: the distance valid on date"`
	Description string `json:"description,omitempty" maxLength:"140"`
}

// RegistrationUpdate corrects a REGISTERED or REJECTED registration.
type RegistrationUpdate struct {
	OspID string `json:"ospId" required:"true" maxLength:"36"`
	RegistrationWrite
}

// ---- read model for registrations and the run ----

// ModeTerms is how one mode (or home work) is paid for a user on a day.
type ModeTerms struct {
	Allowed bool   // the company offers it and the user may use it
	Type    string // PER_KILOMETER, PER_TRIP or PER_DAY
	// RateMicro is the per-km rate (PER_KILOMETER); Amount the cents per
	// trip or per day (PER_TRIP, PER_DAY, home work).
	RateMicro int64
	Amount    int64
	// TaxFreeMicro is the tax-free rate valid on the day (HasTaxFree false:
	// no tax-free rate applies to this mode).
	TaxFreeMicro int64
	HasTaxFree   bool
}

// Effective is what applies to one user on one day: the company's
// configuration merged with the user's permissions and overrides, the
// distance valid that day and the tax-free rates valid that day.
type Effective struct {
	UserID    int64
	CompanyID int64
	// DistanceM is the commuting distance per trip valid on the day (the
	// user's own when set), 0 with HasDistance false when none is.
	DistanceM         int
	HasDistance       bool
	DistanceValidFrom string
	// Commute by mode (BIKE, WALK, CAR); Business by mode (the company's
	// car type and BIKE); HomeWork the daily allowance.
	Commute  map[string]ModeTerms
	Business map[string]ModeTerms
	HomeWork ModeTerms
	// BusinessTripsEnabled: the company's flag (SPEC §8 refusals).
	BusinessTripsEnabled bool
	// PayBikeViaMobilityBudget: bike compensation goes to the mobility
	// budget instead of the commuting budget.
	PayBikeViaMobilityBudget bool
}

// StatusRequest is GET commute/user/{id}/status: the user's ospId and an
// optional day (default today).
type StatusRequest struct {
	ID   string `path:"id"`
	Date string `query:"date" maxLength:"10" description:"yyyy-MM-dd; default today"`
}
