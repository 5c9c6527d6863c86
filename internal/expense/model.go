// Package expense holds expenses ("events"): external purchases booked on a
// user's budget, their refunds and corrections, recurring external
// purchases booked by the jobs runner each period, receipts by mail, and
// the users whose budgets went negative.
//
// Money moves only through budget.Service.Post: an expense is its ledger
// rows (type event, then refund and update rows), all carrying the
// expense's id, so its net cost is always the negated sum of those rows.
// Amounts are int64 euro cents incl. VAT. VAT percentages are stored as
// basis points (2100 = 21 %) and shown in the API as a percentage (21).
package expense

import (
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/constants"
	"mobility/portal/internal/money"
	"mobility/portal/internal/paging"
)

// Mobility modes an expense is for (SPEC §1).
var MobilityModes = constants.MobilityModes

// DefaultMobilityMode is the mode of an external purchase that names none.
const DefaultMobilityMode = "OTHER_PURCHASES"

// Frequencies of recurring external purchases.
const (
	FrequencyMonth = "MONTH"
	FrequencyYear  = "YEAR"
)

// Delete modes of a recurring external purchase (SPEC §4).
const (
	DeleteThisOnly         = "THIS_ONLY"
	DeleteThisAndFollowing = "THIS_AND_FOLLOWING"
)

// Occurrence outcomes.
const (
	OutcomeBooked    = "BOOKED"
	OutcomeFailed    = "FAILED"
	OutcomeCancelled = "CANCELLED"
)

// Error labels of this package.
var (
	LabelRefundTooHigh     = apperr.Define("REFUND_EXCEEDS_NET_AMOUNT")
	LabelNothingToRefund   = apperr.Define("NOTHING_TO_REFUND")
	LabelOccurrenceBooked  = apperr.Define("RECURRING_OCCURRENCE_BOOKED")
	LabelRecurrenceStarted = apperr.Define("RECURRING_EXPENSE_STARTED")
	LabelNoEmail           = apperr.Define("USER_HAS_NO_EMAIL")
)

// RecurringType is one kind of recurring external purchase, with the
// mobility mode its bookings get.
type RecurringType struct {
	Value        string `json:"value"`
	Label        string `json:"label" description:"in the caller's language"`
	MobilityMode string `json:"mobilityMode"`
}

// recurringTypes maps each type to its mobility mode, in display order.
var recurringTypes = []struct{ value, mode string }{
	{"TRAIN_SUBSCRIPTION", "TRAIN"},
	{"BUS_SUBSCRIPTION", "BUS_TRAM_METRO"},
	{"BIKE_LEASE", "BIKE"},
	{"PARKING_SUBSCRIPTION", "PARKING"},
	{"CAR_SHARING_SUBSCRIPTION", "CAR"},
	{"OTHER", "OTHER_PURCHASES"},
}

// CreateRequest books one external purchase (payableEvent/costEventForExternalPurchase/create).
type CreateRequest struct {
	UserOspID           string       `json:"userOspId" required:"true"`
	BudgetOspID         string       `json:"budgetOspId" required:"true" description:"a budget of this user"`
	Amount              money.Amount `json:"amount" required:"true" minimum:"1" description:"cents incl. VAT"`
	VatPercentage       float64      `json:"vatPercentage" minimum:"0" maximum:"100" description:"percent, e.g. 21 or 6 (at most two decimals; stored as basis points)"`
	Description         string       `json:"description" required:"true" maxLength:"140"`
	Date                string       `json:"date" required:"true" description:"yyyy-MM-dd, not in the future"`
	UsageReason         string       `json:"usageReason,omitempty" maxLength:"140"`
	ExternalReference   string       `json:"externalReference,omitempty" maxLength:"140"`
	IdentificationField string       `json:"identificationField,omitempty" maxLength:"140"`
	MobilityMode        string       `json:"mobilityMode,omitempty" enum:"BIKE,BUS_TRAM_METRO,TRAIN,PARKING,CAR,FUEL,SNA,OTHER_PURCHASES,FLEXOFFICE,CHARGING" description:"default: the resource's mode, else OTHER_PURCHASES"`
	ResourceOspID       string       `json:"resourceOspId,omitempty" maxLength:"140" description:"the active catalogue resource (any kind) the purchase was made on"`
	Quantity            *float64     `json:"quantity,omitempty" minimum:"0" maximum:"1000000000" description:"how much of the resource's unit was used (minutes, km, kWh, litres...): at most 3 decimals; only with resourceOspId"`
}

// Event is an expense as lists show it.
type Event struct {
	OspID                 string   `json:"ospId" description:"the event ospId"`
	BookingID             string   `json:"bookingId" description:"12 characters, unique"`
	Date                  string   `json:"date" description:"yyyy-MM-dd"`
	Description           string   `json:"description"`
	Amount                int64    `json:"amount" description:"cents incl. VAT, as booked"`
	NetAmount             int64    `json:"netAmount" description:"cents: amount minus refunds plus added costs"`
	VatPercentage         float64  `json:"vatPercentage" description:"percent"`
	MobilityMode          string   `json:"mobilityMode"`
	BudgetOspID           string   `json:"budgetOspId"`
	BudgetType            string   `json:"budgetType"`
	UserOspID             string   `json:"userOspId"`
	UserFullName          string   `json:"userFullName"`
	CorporateAccountOspID string   `json:"corporateAccountOspId"`
	CorporateAccountName  string   `json:"corporateAccountName"`
	RecurrenceOspID       *string  `json:"recurrenceOspId" description:"set when booked by a recurring external purchase"`
	ResourceOspID         *string  `json:"resourceOspId" description:"the catalogue resource it was booked on (null: none)"`
	ResourceName          *string  `json:"resourceName"`
	ProviderName          *string  `json:"providerName" description:"the MRP partner: the resource's, or the provider whose file or invoice booked it"`
	MrpCode               *string  `json:"mrpCode" description:"the provider whose file or invoice booked it (NMBS, DELIJN, KBC, SWAPFIETS, BLUEBIKE, BEMOBILE, ENECO, CAMBIO); null: none"`
	Quantity              *float64 `json:"quantity" description:"units of the resource's fee used (null: not given)"`
	NotBilled             bool     `json:"notBilled"`
	Settled               bool     `json:"settled"`
	CreatedOn             string   `json:"createdOn"`
}

// Correction is a refund or correction booked on an expense.
type Correction struct {
	OspID       string `json:"ospId" description:"the ledger row's ospId"`
	Type        string `json:"type" enum:"refund,update" description:"ledger transaction type"`
	Amount      int64  `json:"amount" description:"cents of cost: positive added cost, negative refunded"`
	Remark      string `json:"remark"`
	BookingDate string `json:"bookingDate"`
	CreatedOn   string `json:"createdOn"`
	CreatedBy   string `json:"createdBy" description:"full name of the admin"`
}

// EventDetail is one expense with everything the detail screen shows.
type EventDetail struct {
	Event
	EventOspID            string       `json:"eventOspId"`
	TransactionOspID      string       `json:"transactionOspId" description:"the ledger row of the original booking"`
	UsageReason           string       `json:"usageReason"`
	ExternalReference     string       `json:"externalReference"`
	IdentificationField   string       `json:"identificationField"`
	UserContractID        string       `json:"userContractId"`
	UserEmail             string       `json:"userEmail"`
	CorporateAccountExtID string       `json:"corporateAccountExtId"`
	CompanyType           string       `json:"companyType"`
	CorporateContractType *string      `json:"corporateContractType" description:"not stored yet for corporate accounts: null"`
	VatAmount             int64        `json:"vatAmount" description:"cents of VAT in amount"`
	AmountExclVat         int64        `json:"amountExclVat" description:"cents"`
	RefundedAmount        int64        `json:"refundedAmount" description:"cents given back (refunds and negative corrections)"`
	AddedCost             int64        `json:"addedCost" description:"cents added by corrections"`
	CreatedBy             string       `json:"createdBy"`
	Corrections           []Correction `json:"corrections"`
}

// GetRequest names an expense.
type GetRequest struct {
	OspID string `json:"ospId" required:"true"`
}

// Filter selects expenses (events/getByFilter).
type Filter struct {
	UserOspID             string            `json:"userOspId,omitempty"`
	CorporateAccountOspID string            `json:"corporateAccountOspId,omitempty"`
	BudgetOspID           string            `json:"budgetOspId,omitempty"`
	DateFrom              string            `json:"dateFrom,omitempty" description:"yyyy-MM-dd, inclusive (expense date)"`
	DateTo                string            `json:"dateTo,omitempty" description:"yyyy-MM-dd, inclusive"`
	Pagination            paging.Pagination `json:"pagination"`
}

// RefundRequest gives (part of) an expense back to its budget.
type RefundRequest struct {
	OspID  string        `json:"ospId" required:"true"`
	Amount *money.Amount `json:"amount,omitempty" minimum:"1" description:"cents; default the whole net amount; never more than it"`
	Remark string        `json:"remark" required:"true" maxLength:"140"`
}

// CorrectRequest adds cost to an expense or refunds some of it.
type CorrectRequest struct {
	OspID  string       `json:"ospId" required:"true"`
	Amount money.Amount `json:"amount" required:"true" description:"cents: positive adds cost (taken from the budget), negative refunds cost (never more than the net amount)"`
	Remark string       `json:"remark" required:"true" maxLength:"140"`
}

// NegativeRequest selects users with a negative budget.
type NegativeRequest struct {
	CorporateAccountOspID string            `json:"corporateAccountOspId,omitempty" description:"default: every company in the caller's scope"`
	Pagination            paging.Pagination `json:"pagination"`
}

// CountRequest counts users with a negative budget.
type CountRequest struct {
	CorporateAccountOspID string `json:"corporateAccountOspId,omitempty"`
}

// Count is a number of users.
type Count struct {
	Count int `json:"count"`
}

// NegativeBudget is one budget below zero.
type NegativeBudget struct {
	BudgetOspID      string `json:"budgetOspId"`
	BudgetType       string `json:"budgetType"`
	ActivationStatus string `json:"activationStatus"`
	Balance          int64  `json:"balance" description:"cents, below zero"`
}

// NegativeUser is a user with their negative budgets.
type NegativeUser struct {
	OspID                 string           `json:"ospId"`
	Firstname             string           `json:"firstname"`
	Lastname              string           `json:"lastname"`
	FullName              string           `json:"fullName"`
	Email                 string           `json:"email"`
	Login                 string           `json:"login"`
	Active                bool             `json:"active"`
	CorporateAccountOspID string           `json:"corporateAccountOspId"`
	Amount                int64            `json:"amount" description:"cents: the sum of the negative balances (below zero)"`
	Budgets               []NegativeBudget `json:"budgets"`
}

// RecurringWrite is what create and update of a recurring external purchase take.
type RecurringWrite struct {
	BudgetOspID   string       `json:"budgetOspId,omitempty" description:"a budget of the user"`
	Type          string       `json:"type,omitempty" description:"one of recurringExternalPurchase/types"`
	Amount        money.Amount `json:"amount,omitempty" description:"cents incl. VAT, > 0"`
	VatPercentage *float64     `json:"vatPercentage,omitempty" description:"percent (stored as basis points)"`
	Description   string       `json:"description,omitempty" maxLength:"140"`
	Frequency     string       `json:"frequency,omitempty" enum:"MONTH,YEAR"`
	StartDate     string       `json:"startDate,omitempty" description:"yyyy-MM-dd: the first occurrence"`
	EndDate       *string      `json:"endDate,omitempty" description:"yyyy-MM-dd: the last day an occurrence may fall on; empty: none"`
}

// RecurringCreateRequest opens a recurring external purchase.
type RecurringCreateRequest struct {
	UserOspID string `json:"userOspId" required:"true"`
	RecurringWrite
}

// RecurringUpdateRequest changes a recurring external purchase; the changes
// apply to bookings still to come. Frequency and start date change only
// before the first occurrence was handled.
type RecurringUpdateRequest struct {
	OspID string `json:"ospId" required:"true"`
	RecurringWrite
}

// RecurringDeleteRequest removes one occurrence or ends the recurrence.
type RecurringDeleteRequest struct {
	OspID string `json:"ospId" required:"true"`
	Mode  string `json:"mode" required:"true" enum:"THIS_ONLY,THIS_AND_FOLLOWING"`
	Date  string `json:"date" required:"true" description:"yyyy-MM-dd: the occurrence (THIS_ONLY) or the first day no longer booked (THIS_AND_FOLLOWING)"`
}

// ByUserRequest names a user.
type ByUserRequest struct {
	UserOspID string `json:"userOspId" required:"true"`
}

// Occurrence is one handled occurrence of a recurring external purchase.
type Occurrence struct {
	Date       string  `json:"date"`
	Outcome    string  `json:"outcome" enum:"BOOKED,FAILED,CANCELLED"`
	EventOspID *string `json:"eventOspId"`
	ErrorLabel string  `json:"errorLabel,omitempty" description:"why a FAILED occurrence was refused (e.g. INSUFFICIENT_BUDGET)"`
}

// Recurring is a recurring external purchase.
type Recurring struct {
	OspID          string       `json:"ospId"`
	UserOspID      string       `json:"userOspId"`
	UserFullName   string       `json:"userFullName"`
	BudgetOspID    string       `json:"budgetOspId"`
	BudgetType     string       `json:"budgetType"`
	Type           string       `json:"type"`
	MobilityMode   string       `json:"mobilityMode"`
	Amount         int64        `json:"amount" description:"cents incl. VAT"`
	VatPercentage  float64      `json:"vatPercentage"`
	Description    string       `json:"description"`
	Frequency      string       `json:"frequency" enum:"MONTH,YEAR"`
	StartDate      string       `json:"startDate"`
	EndDate        *string      `json:"endDate"`
	NextOccurrence *string      `json:"nextOccurrence" description:"the next date the jobs runner books (null: over)"`
	Deleted        bool         `json:"deleted"`
	CreatedOn      string       `json:"createdOn"`
	Occurrences    []Occurrence `json:"occurrences" description:"handled occurrences, oldest first"`
}
