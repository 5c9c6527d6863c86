// Package constants holds the business constants and limits of SPEC §9 for
// the server side, in one place (the web app's twin is
// web/src/lib/constants.ts).
package constants

import "time"

// Languages.
const (
	DefaultLanguage  = "nl"
	FallbackLanguage = "en"
)

// Limits of input.
const (
	MaxImportRows          = 500
	PasswordMinLength      = 8
	DescriptionMaxLength   = 140
	DistanceMaxDeviationPc = 20
	SearchMinChars         = 3
	PhoneMaxLength         = 25
	TranslationTextMax     = 90000
	BookingIDLength        = 12
	OrganismNumberLength   = 4
	DefaultPhoneCountry    = "BE"
)

// AllowedPhoneCountries are the countries a phone number may belong to.
var AllowedPhoneCountries = []string{"BE", "FR", "DE", "NL", "UA"}

// MobilityModes are what app users spend budgets on (SPEC §1): an
// expense's and a resource's mobility mode.
var MobilityModes = []string{"BIKE", "BUS_TRAM_METRO", "TRAIN", "PARKING", "CAR", "FUEL", "SNA", "OTHER_PURCHASES", "FLEXOFFICE", "CHARGING"}

// Paging.
const (
	DefaultPageSize         = 10
	DashboardSearchPageSize = 1000
	CompanyListingPageSize  = 1000
	CompanyListingMaxPages  = 20
	CompanyTablePageSize    = 5
)

// Presentation.
const (
	DefaultBrandColor = "#0F89EA"
	Currency          = "EUR"
	MonthLayout       = "200601" // yyyyMM
)

// Sign-in.
const (
	MaxFailedLogins = 5
	ResetTokenTTL   = time.Hour
	TokenCookieDays = 7
)

// Tax-free compensation per km, in ten-thousandths of a euro so the
// 0.4415 € rate is exact (1 cent = 100 units).
const (
	BikePerKm                   = 3500 // 0.35 €
	WalkingPerKm                = 2400 // 0.24 €
	PrivateCarBusinessTripPerKm = 4415 // 0.4415 €, 1 July 2024 – 30 June 2025
)

// Deactivation periods.
const (
	PrivateBudgetRefundDays  = 60
	CompanyDeactivationDays  = 3 // working days to handle a request
	CompanyBalanceSettleDays = 60
	UserExtraCostsMonths     = 2
	CompanyBudgetUpdateHours = 48
)

// Invoicing.
const (
	// InvoicePaymentTermDays: an invoice is due this many days after its
	// issue date.
	InvoicePaymentTermDays = 30
)
