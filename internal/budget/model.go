package budget

import (
	"mobility/portal/internal/money"
	"mobility/portal/internal/paging"
)

// Data is a budget's data object (SPEC §3). Amounts are euro cents.
type Data struct {
	ActivationStatus              string  `json:"activationStatus" enum:"ACTIVE,DEACTIVATED,REACTIVATED"`
	Active                        bool    `json:"active"`
	BudgetUpperLimit              *int64  `json:"budgetUpperLimit" description:"cents; a top-up never lifts the balance above it"`
	CreatedOn                     string  `json:"createdOn"`
	Currency                      string  `json:"currency"`
	CurrentAmount                 int64   `json:"currentAmount" description:"cents: the balance, the sum of the budget's transactions"`
	DepositTransactionCost        int64   `json:"depositTransactionCost"`
	EndActivationTime             *string `json:"endActivationTime"`
	EndOfLifeStartedOn            *string `json:"endOfLifeStartedOn"`
	ExtID                         string  `json:"extId"`
	Frequency                     *string `json:"frequency" enum:"MONTH,YEAR" description:"null: manual"`
	FrequencyAmount               int64   `json:"frequencyAmount" description:"cents credited each period"`
	PreviousFrequencyAmount       *int64  `json:"previousFrequencyAmount"`
	PendingFrequencyAmount        *int64  `json:"pendingFrequencyAmount" description:"applies from the next period"`
	FrequencyMethod               string  `json:"frequencyMethod" enum:"MANUAL,AUTOMATIC"`
	FrequencyAmountUpdateStrategy string  `json:"frequencyAmountUpdateStrategy" enum:"NEXT_PERIOD,IMMEDIATELY"`
	EndOfYearRecurrenceStrategy   string  `json:"endOfYearRecurrenceStrategy" enum:"CONTINUE,STOP"`
	Limited                       bool    `json:"limited"`
	OnlinePayment                 bool    `json:"onlinePayment"`
	OwnerOspID                    string  `json:"ownerOspId" description:"the user, or the company for its own budget"`
	ParentBudgetOspID             *string `json:"parentBudgetOspId"`
	PaymentType                   string  `json:"paymentType" enum:"COMPANY_BUDGET,PRIVATE_BUDGET"`
	Type                          string  `json:"type"`
	SecurityDepositAmount         int64   `json:"securityDepositAmount"`
	StartActivationTime           string  `json:"startActivationTime"`
	Threshold                     *int64  `json:"threshold" description:"company budget: mail the budget contacts when the balance falls below it"`
	TopUpAmount                   int64   `json:"topUpAmount"`
	TransferStrategy              *string `json:"transferStrategy" enum:"MONTH_ADD,MONTH_RESET,MONTH_ADD_MONTHLY_RESET_YEARLY,YEAR_ADD,YEAR_RESET"`
	TransferredAmount             int64   `json:"transferredAmount"`
	VatIncluded                   bool    `json:"vatIncluded"`
	TvaIncluded                   bool    `json:"tvaIncluded"`
	UserOspID                     *string `json:"userOspId"`
	CorporateAccountOspID         string  `json:"corporateAccountOspId"`
}

// Budget is the API shape of a budget.
type Budget struct {
	OspID           string `json:"ospId"`
	Type            string `json:"type" description:"payment type: COMPANY_BUDGET or PRIVATE_BUDGET"`
	BudgetType      string `json:"budgetType"`
	Data            Data   `json:"data"`
	StartAmount     int64  `json:"startAmount"`
	RecurringAmount int64  `json:"recurringAmount"`
	Unlimited       bool   `json:"unlimited"`
	Total           int64  `json:"total" description:"cents credited over the budget's life"`
	Remaining       int64  `json:"remaining" description:"cents left (the balance)"`
}

// TypeInfo is one budget type as the "types" call describes it.
type TypeInfo struct {
	BudgetTypeName                string              `json:"budgetTypeName"`
	InfoText                      string              `json:"infoText"`
	AllowedFrequencies            []ValueInfo         `json:"allowedFrequencies"`
	AllowedStrategiesForFrequency map[string][]string `json:"allowedStrategiesForFrequency"`
	AllowedVatStrategies          []string            `json:"allowedVatStrategies"`
	UnlimitedAllowed              bool                `json:"unlimitedAllowed"`
	DefaultFrequency              string              `json:"defaultFrequency"`
	DefaultTransferStrategy       map[string]string   `json:"defaultTransferStrategy"`
}

// ValueInfo wraps a value (SPEC: allowedFrequencies[value]); "" is manual.
type ValueInfo struct {
	Value string `json:"value"`
}

// TypesRequest names who the budget would be for.
type TypesRequest struct {
	AssigneeOspID string `json:"assigneeOspId" required:"true" description:"a user or a corporate account"`
}

// WriteData is what create and update accept.
type WriteData struct {
	Frequency                     *string       `json:"frequency,omitempty" description:"MONTH, YEAR, or empty for manual; default from the type"`
	FrequencyAmount               *money.Amount `json:"frequencyAmount,omitempty" description:"cents"`
	TransferStrategy              *string       `json:"transferStrategy,omitempty"`
	Unlimited                     *bool         `json:"unlimited,omitempty"`
	BudgetUpperLimit              *money.Amount `json:"budgetUpperLimit,omitempty"`
	StartAmount                   *money.Amount `json:"startAmount,omitempty"`
	EqualToRecurring              *bool         `json:"equalToRecurring,omitempty" description:"book the recurring amount as start amount"`
	FrequencyAmountUpdateStrategy *string       `json:"frequencyAmountUpdateStrategy,omitempty"`
	EndOfYearRecurrenceStrategy   *string       `json:"endOfYearRecurrenceStrategy,omitempty"`
	Threshold                     *money.Amount `json:"threshold,omitempty"`
	ExtID                         *string       `json:"extId,omitempty"`
	PaymentType                   *string       `json:"paymentType,omitempty"`
	VatIncluded                   *bool         `json:"vatIncluded,omitempty"`
}

// CreateRequest opens a budget of the path's type for an owner.
type CreateRequest struct {
	Type       string    `path:"type"`
	OwnerOspID string    `json:"ownerOspId" required:"true"`
	Data       WriteData `json:"data"`
}

// UpdateRequest changes a budget's settings (v2).
type UpdateRequest struct {
	OspID string    `json:"ospId" required:"true"`
	Data  WriteData `json:"data"`
}

// GetRequest names a budget.
type GetRequest struct {
	OspID string `json:"ospId" required:"true"`
}

// ByOwnerRequest lists an owner's budgets, optionally of one type.
type ByOwnerRequest struct {
	OwnerOspID string `json:"ownerOspId" required:"true"`
	BudgetType string `json:"budgetType,omitempty"`
}

// RedeemRequest credits a promo code to a budget.
type RedeemRequest struct {
	PromoCode   string `json:"promoCode" required:"true" maxLength:"50"`
	BudgetOspID string `json:"budgetOspId" required:"true"`
}

// Transaction is one ledger row.
type Transaction struct {
	OspID                 string  `json:"ospId"`
	BudgetOspID           string  `json:"budgetOspId"`
	BudgetType            string  `json:"budgetType"`
	Type                  string  `json:"type"`
	Amount                int64   `json:"amount" description:"cents; negative takes money out"`
	BalanceAfter          int64   `json:"balanceAfter"`
	Description           string  `json:"description"`
	EventOspID            *string `json:"eventOspId"`
	BookingDate           string  `json:"bookingDate"`
	CreatedOn             string  `json:"createdOn"`
	UserOspID             *string `json:"userOspId"`
	UserFullName          string  `json:"userFullName"`
	CorporateAccountOspID string  `json:"corporateAccountOspId"`
}

// TransactionFilter selects ledger rows.
type TransactionFilter struct {
	UserOspID             string            `json:"userOspId,omitempty"`
	BudgetOspID           string            `json:"budgetOspId,omitempty"`
	CorporateAccountOspID string            `json:"corporateAccountOspId,omitempty"`
	Types                 []string          `json:"types,omitempty" maxItems:"100"`
	BudgetType            string            `json:"budgetType,omitempty" description:"only budgets of this type"`
	DateFrom              string            `json:"dateFrom,omitempty" description:"yyyy-MM-dd, inclusive"`
	DateTo                string            `json:"dateTo,omitempty" description:"yyyy-MM-dd, inclusive"`
	Pagination            paging.Pagination `json:"pagination"`
}

// AddForUserRequest books a manual amount on a user's budget.
type AddForUserRequest struct {
	BudgetOspID string       `json:"budgetOspId" required:"true"`
	Amount      money.Amount `json:"amount" description:"cents; negative allowed"`
	Description string       `json:"description" maxLength:"140"`
}

// AddForCompanyRequest books a bank transfer on a company budget.
type AddForCompanyRequest struct {
	CorporateAccountOspID string       `json:"corporateAccountOspId" required:"true"`
	Amount                money.Amount `json:"amount" description:"cents; > 0"`
	Description           string       `json:"description" maxLength:"140"`
	BookingDate           string       `json:"bookingDate,omitempty" description:"yyyy-MM-dd, the day the transfer is booked on: not ahead, at most two years back; default today"`
}

// PrivateBalanceRequest names the user whose own money is asked.
type PrivateBalanceRequest struct {
	UserOspID string `json:"userOspId" required:"true"`
}

// PrivateBalance is the employee's own money.
type PrivateBalance struct {
	UserOspID   string `json:"userOspId"`
	Balance     int64  `json:"balance" description:"cents"`
	BudgetOspID string `json:"budgetOspId,omitempty"`
}
