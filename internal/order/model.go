// Package order keeps the season-card orders app users make (SPEC §3:
// the person, the card, the product and its price, the train route) and
// their handling (SPEC §4): an OPEN order is confirmed, booked once as an
// expense on one of the employee's budgets with an optional adjusted start
// date and price, or cancelled with a reason that goes to the employee's
// inbox. A confirmed order may still be cancelled; its booking stays.
package order

import (
	"time"

	"mobility/portal/internal/money"
	"mobility/portal/internal/paging"
)

// Order states (SPEC §4).
const (
	StatusOpen      = "OPEN"
	StatusConfirmed = "CONFIRMED"
	StatusCancelled = "CANCELLED"
)

// Products a season card is ordered for: the NMBS/SNCB train card (which
// takes the train fields) and the city transport companies' cards.
var Products = []string{"NMBS", "DE_LIJN", "STIB", "TEC"}

// ProductTrain is the product whose orders carry the train fields.
const ProductTrain = "NMBS"

// TrainTypes: a route card (origin to destination) or a network card.
var TrainTypes = []string{"ROUTE", "NETWORK"}

// Genders as the card is issued (X: unspecified).
var Genders = []string{"M", "F", "X"}

// Durations of a season card, in months.
var Durations = []int{1, 3, 12}

// Who handles a company's season-card orders (Config.HandledBy).
const (
	HandledByCompany  = "COMPANY"
	HandledByPlatform = "PLATFORM"
)

// Limits of the free-text fields (characters).
const (
	MaxReason = 500
	MaxRemark = 500
	MaxName   = 100
	MaxText   = 200
)

// Order is a season-card order as the portal shows it. NationalNumber is
// masked (**.**.**-***.CC) in lists, and in details for a caller who may
// not handle the order; NationalNumberMasked says which.
type Order struct {
	OrderID               string       `json:"orderId"`
	Status                string       `json:"status" enum:"OPEN,CONFIRMED,CANCELLED"`
	Version               int          `json:"version" description:"grows with every change (the state guard)"`
	RequestedOn           string       `json:"requestedOn" format:"date-time"`
	CorporateAccountOspID string       `json:"corporateAccountOspId"`
	CorporateAccountName  string       `json:"corporateAccountName"`
	UserOspID             string       `json:"userOspId"`
	Gender                string       `json:"gender" enum:"M,F,X"`
	Firstname             string       `json:"firstname"`
	Lastname              string       `json:"lastname"`
	Street                string       `json:"street"`
	HouseNumber           string       `json:"houseNumber"`
	PostalCode            string       `json:"postalCode"`
	City                  string       `json:"city"`
	Country               string       `json:"country"`
	DateOfBirth           string       `json:"dateOfBirth" description:"yyyy-MM-dd"`
	Language              string       `json:"language"`
	NationalNumber        string       `json:"nationalNumber" description:"YY.MM.DD-SSS.CC; masked **.**.**-***.CC in lists"`
	NationalNumberMasked  bool         `json:"nationalNumberMasked"`
	PersonnelNumber       string       `json:"personnelNumber"`
	CardNumber            string       `json:"cardNumber" description:"MOBIB card number, digits only; empty for a first card"`
	Product               string       `json:"product" enum:"NMBS,DE_LIJN,STIB,TEC"`
	Duration              int          `json:"duration" description:"months: 1, 3 or 12"`
	StartDate             string       `json:"startDate" description:"yyyy-MM-dd, as ordered"`
	Price                 money.Amount `json:"price" description:"cents incl. VAT, as ordered (train part for NMBS)"`
	Remark                string       `json:"remark"`
	Origin                string       `json:"origin"`
	Destination           string       `json:"destination"`
	TravelClass           int          `json:"travelClass" description:"1 or 2 (NMBS); 0 otherwise"`
	Subnets               string       `json:"subnets"`
	IncludeParking        bool         `json:"includeParking"`
	ParkingPrice          money.Amount `json:"parkingPrice" description:"cents incl. VAT when includeParking, else 0"`
	Type                  string       `json:"type" description:"ROUTE or NETWORK (NMBS); empty otherwise"`
	Email                 string       `json:"email"`
	BudgetType            string       `json:"budgetType"`
	B2BContractNumber     string       `json:"b2bContractNumber"`
	Limited               bool         `json:"limited"`
	// the handling
	EffectiveStartDate    string        `json:"effectiveStartDate,omitempty" description:"yyyy-MM-dd: the start date confirmed"`
	EffectivePrice        *money.Amount `json:"effectivePrice,omitempty" description:"cents: the price confirmed (booked with parkingPrice)"`
	BudgetOspID           string        `json:"budgetOspId,omitempty" description:"the budget the confirmation booked on"`
	ExpenseOspID          string        `json:"expenseOspId,omitempty" description:"the expense the confirmation booked"`
	ConfirmedOn           string        `json:"confirmedOn,omitempty" format:"date-time"`
	ConfirmedBy           string        `json:"confirmedBy,omitempty"`
	CancelledOn           string        `json:"cancelledOn,omitempty" format:"date-time"`
	CancelledBy           string        `json:"cancelledBy,omitempty"`
	CancelReason          string        `json:"cancelReason,omitempty"`
	HandledOn             string        `json:"handledOn,omitempty" format:"date-time"`
	CancelledAfterConfirm bool          `json:"cancelledAfterConfirm" description:"cancelled after it was confirmed: the booking stays"`
}

// EmployeeBudget is one of the employee's budgets a confirmation may book on.
type EmployeeBudget struct {
	OspID      string `json:"ospId"`
	BudgetType string `json:"budgetType"`
	Active     bool   `json:"active"`
	Balance    int64  `json:"balance" description:"cents; what the budget holds now"`
	Unlimited  bool   `json:"unlimited" description:"the budget may go below zero: a confirmation is never refused for its balance"`
}

// Details is an order with what handling it needs: whether the caller may
// handle it, the employee's budgets, and the one a confirmation books on
// when it names none.
type Details struct {
	Order                Order            `json:"order"`
	CanHandle            bool             `json:"canHandle" description:"the caller may confirm or cancel it (its company's handler, see order/config)"`
	HandledBy            string           `json:"handledBy" enum:"COMPANY,PLATFORM"`
	Budgets              []EmployeeBudget `json:"budgets"`
	SuggestedBudgetOspID string           `json:"suggestedBudgetOspId,omitempty"`
}

// ListRequest filters and pages the orders in reach; dates filter the
// request date (open orders) or the handling date (handled ones).
type ListRequest struct {
	CorporateAccountOspID string            `json:"corporateAccountOspId,omitempty" maxLength:"36"`
	Product               string            `json:"product,omitempty" enum:"NMBS,DE_LIJN,STIB,TEC"`
	Search                string            `json:"search,omitempty" maxLength:"100" description:"part of the name, card number or personnel number"`
	DateFrom              string            `json:"dateFrom,omitempty" maxLength:"10" description:"yyyy-MM-dd, inclusive"`
	DateTo                string            `json:"dateTo,omitempty" maxLength:"10" description:"yyyy-MM-dd, inclusive"`
	Pagination            paging.Pagination `json:"pagination"`
}

// CompanyListRequest is ListRequest for the selected company (order handling).
type CompanyListRequest struct {
	CorporateAccountOspID string            `json:"corporateAccountOspId" required:"true" maxLength:"36" description:"the selected company"`
	Product               string            `json:"product,omitempty" enum:"NMBS,DE_LIJN,STIB,TEC"`
	Search                string            `json:"search,omitempty" maxLength:"100"`
	DateFrom              string            `json:"dateFrom,omitempty" maxLength:"10"`
	DateTo                string            `json:"dateTo,omitempty" maxLength:"10"`
	Pagination            paging.Pagination `json:"pagination"`
}

// ConfirmRequest confirms an open order, booking it once.
type ConfirmRequest struct {
	OrderID string `json:"orderId" required:"true" maxLength:"36"`
	// CorporateAccountOspID is the selected company (seasonTicket/order/confirm); the order must be its.
	CorporateAccountOspID string        `json:"corporateAccountOspId,omitempty" maxLength:"36"`
	EffectiveStartDate    string        `json:"effectiveStartDate,omitempty" maxLength:"10" description:"yyyy-MM-dd; absent: the ordered start date"`
	EffectivePrice        *money.Amount `json:"effectivePrice,omitempty" description:"cents incl. VAT (train part); absent: the ordered price"`
	BudgetOspID           string        `json:"budgetOspId,omitempty" maxLength:"36" description:"one of the employee's budgets; absent: the suggested one (order's budget type, else the company's default)"`
}

// CancelRequest cancels an open or confirmed order.
type CancelRequest struct {
	OrderID               string `json:"orderId" required:"true" maxLength:"36"`
	CorporateAccountOspID string `json:"corporateAccountOspId,omitempty" maxLength:"36"`
	Reason                string `json:"reason" required:"true" maxLength:"500" description:"sent to the employee's inbox"`
}

// DetailsRequest names an order by its id (path).
type DetailsRequest struct {
	ID string `path:"id" json:"-" maxLength:"36"`
}

// ConfigRequest names a company.
type ConfigRequest struct {
	CorporateAccountOspID string `json:"corporateAccountOspId" required:"true" maxLength:"36"`
}

// Config is a company's season-card order settings.
type Config struct {
	CorporateAccountOspID string `json:"corporateAccountOspId" required:"true" maxLength:"36"`
	HandledBy             string `json:"handledBy" required:"true" enum:"COMPANY,PLATFORM" description:"COMPANY: its user managers (and its MSP, platform staff) handle its orders; PLATFORM: platform staff only"`
	DefaultBudgetType     string `json:"defaultBudgetType" required:"true" enum:"MOBILITY_BUDGET,BUSINESS_BUDGET,CAFETERIA_BUDGET,COMMUTING_BUDGET" description:"booked on when the order's budget type is not one of the employee's"`
}

// Input is an order as the app sends it (Service.Request).
type Input struct {
	CorporateAccountOspID string
	UserOspID             string
	Gender                string
	Firstname             string
	Lastname              string
	Street                string
	HouseNumber           string
	PostalCode            string
	City                  string
	Country               string
	DateOfBirth           string
	Language              string
	NationalNumber        string
	PersonnelNumber       string
	CardNumber            string
	Product               string
	Duration              int
	StartDate             string
	Price                 int64
	Remark                string
	Origin                string
	Destination           string
	TravelClass           int
	Subnets               string
	IncludeParking        bool
	ParkingPrice          int64
	Type                  string
	Email                 string
	BudgetType            string
	B2BContractNumber     string
	Limited               bool
}

// InvoiceOrder is a processed season-card order as a provider's monthly invoice refers to it.
type InvoiceOrder struct {
	OrderID        int64
	CompanyID      int64
	CardNumber     string    // MOBIB card number as stored (digits only)
	ProcessedOn    time.Time // when confirmed
	StartDate      time.Time // effective start date
	PriceCents     int64     // effective price (train part), incl. VAT
	IncludeParking bool
	ParkingCents   int64 // parking part when IncludeParking, else 0
}
