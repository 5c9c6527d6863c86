// Package userfee holds user fees (SPEC §3 User fee): tiers by the number
// of events (expenses) an app user had in a month, each with a fee and a
// VAT percentage, for a partner (its companies) or one company (which then
// replaces its partner's tiers). The monthly run charges each app user
// once per month: a user_fee row on the user's budget and a line on the
// company's invoice (internal/invoice reads the charges).
package userfee

// Assignee types, the {type} of the backoffice route user-fee/{type}.
const (
	AssigneePartner = "PARTNER"
	AssigneeCompany = "CORPORATE_ACCOUNT"
)

// Tier is one tier as answers show it. Amounts are cents, excl. VAT.
type Tier struct {
	OspID          string  `json:"ospId"`
	AssigneeType   string  `json:"assigneeType" enum:"PARTNER,CORPORATE_ACCOUNT"`
	AssigneeOspID  string  `json:"assigneeOspId"`
	AssigneeName   string  `json:"assigneeName"`
	EventCountFrom int     `json:"eventCountFrom"`
	EventCountTo   int     `json:"eventCountTo"`
	Amount         int64   `json:"amount" description:"euro cents excl. VAT, per user and month"`
	VatPercent     float64 `json:"vatPercent"`
	CreatedOn      string  `json:"createdOn"`
}

// TierWrite is what create takes (platform staff).
type TierWrite struct {
	AssigneeType   string  `json:"assigneeType" enum:"PARTNER,CORPORATE_ACCOUNT"`
	AssigneeOspID  string  `json:"assigneeOspId" maxLength:"36"`
	EventCountFrom int     `json:"eventCountFrom" minimum:"1" maximum:"1000000" description:"at least 1: users without events pay no fee"`
	EventCountTo   int     `json:"eventCountTo" minimum:"1" maximum:"1000000" description:"at least eventCountFrom (SPEC §5); tiers of one assignee never overlap"`
	Amount         int64   `json:"amount" minimum:"0" maximum:"1000000" description:"euro cents excl. VAT"`
	VatPercent     float64 `json:"vatPercent" minimum:"0" maximum:"100" description:"percent with at most two decimals"`
}

// TierUpdate changes a tier's range, fee or VAT.
type TierUpdate struct {
	OspID          string  `json:"ospId" required:"true" maxLength:"36"`
	EventCountFrom int     `json:"eventCountFrom" minimum:"1" maximum:"1000000"`
	EventCountTo   int     `json:"eventCountTo" minimum:"1" maximum:"1000000"`
	Amount         int64   `json:"amount" minimum:"0" maximum:"1000000"`
	VatPercent     float64 `json:"vatPercent" minimum:"0" maximum:"100"`
}

// GetAllRequest lists tiers: of one assignee, or every assignee's
// (assigneeOspId empty) grouped by assignee.
type GetAllRequest struct {
	AssigneeType  string `json:"assigneeType,omitempty" enum:"PARTNER,CORPORATE_ACCOUNT"`
	AssigneeOspID string `json:"assigneeOspId,omitempty" maxLength:"36"`
}

// DeleteRequest names a tier.
type DeleteRequest struct {
	OspID string `json:"ospId" required:"true" maxLength:"36"`
}

// Charge is one user's fee for a month, as the invoice run reads it.
type Charge struct {
	UserID         int64
	UserOspID      string
	UserName       string
	Month          string
	EventCount     int
	Amount         int64 // excl. VAT
	VatBasisPoints int
	VatAmount      int64
	BudgetTxOspID  string
}
