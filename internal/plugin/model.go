// Package plugin keeps plugin purchases: a provider's product sold through
// a plugin service (a bike lease, a parking subscription) that an employee
// asks for in the app. The admin approves it (the request is e-mailed to
// the provider and the rendered mail kept) or rejects it; the employee
// then accepts it, which books the price on their budget once, or
// declines it (SPEC §4 plugin order states). Every change is recorded
// with who and when.
package plugin

import (
	"mobility/portal/internal/money"
	"mobility/portal/internal/paging"
)

// Purchase states (SPEC §4). PENDING is a new request awaiting the admin.
const (
	StatePending   = "PENDING"
	StateRequested = "REQUESTED"
	StateRejected  = "REJECTED"
	StateAccepted  = "ACCEPTED"
	StateDeclined  = "DECLINED"
)

// States in their order of life.
var States = []string{StatePending, StateRequested, StateRejected, StateAccepted, StateDeclined}

// transitions are the only state changes allowed: the admin approves or
// rejects a pending purchase; the employee accepts or declines a
// requested one. Nothing leaves REJECTED, ACCEPTED or DECLINED.
var transitions = map[string][]string{
	StatePending:   {StateRequested, StateRejected},
	StateRequested: {StateAccepted, StateDeclined},
}

// Allowed tells whether a purchase may go from one state to another.
func Allowed(from, to string) bool {
	for _, s := range transitions[from] {
		if s == to {
			return true
		}
	}
	return false
}

// Limits of a purchase's texts (characters).
const (
	NameMaxLength    = 200
	DetailsMaxLength = 2000
	RemarkMaxLength  = 500
)

// Purchase is a plugin purchase as the portal shows it.
type Purchase struct {
	OspID                 string         `json:"ospId"`
	State                 string         `json:"state" enum:"PENDING,REQUESTED,REJECTED,ACCEPTED,DECLINED"`
	CorporateAccountOspID string         `json:"corporateAccountOspId"`
	CorporateAccountName  string         `json:"corporateAccountName"`
	UserOspID             string         `json:"userOspId"`
	UserName              string         `json:"userName"`
	UserEmail             string         `json:"userEmail"`
	ProductOspID          string         `json:"productOspId,omitempty" description:"the catalogue product it is, when it is one"`
	ProductName           string         `json:"productName"`
	ProviderName          string         `json:"providerName"`
	ProviderEmail         string         `json:"providerEmail"`
	Price                 money.Amount   `json:"price" description:"cents, incl. VAT"`
	Details               string         `json:"details" description:"what the employee asked for (size, start date, ...)"`
	Remark                string         `json:"remark" description:"the admin's remark, sent to the provider with the request"`
	RejectReason          string         `json:"rejectReason,omitempty"`
	BookingID             string         `json:"bookingId,omitempty" description:"the expense an acceptance booked"`
	HasEmail              bool           `json:"hasEmail" description:"a request e-mail was sent (plugin/email/get)"`
	CreatedAt             string         `json:"createdAt" format:"date-time"`
	UpdatedAt             string         `json:"updatedAt" format:"date-time"`
	History               []HistoryEntry `json:"history"`
}

// HistoryEntry is one state change of a purchase.
type HistoryEntry struct {
	FromState      string `json:"fromState,omitempty" description:"empty for the purchase's creation"`
	ToState        string `json:"toState"`
	ChangedByOspID string `json:"changedByOspId"`
	ChangedByName  string `json:"changedByName"`
	ChangedAt      string `json:"changedAt" format:"date-time"`
	Note           string `json:"note,omitempty"`
}

// FilterRequest pages purchases in reach, newest first.
type FilterRequest struct {
	States                []string          `json:"states,omitempty" maxItems:"5" description:"any of these states; empty: all"`
	CorporateAccountOspID string            `json:"corporateAccountOspId,omitempty" maxLength:"36"`
	UserOspID             string            `json:"userOspId,omitempty" maxLength:"36"`
	Product               string            `json:"product,omitempty" maxLength:"200" description:"product names containing this"`
	FromDate              string            `json:"fromDate,omitempty" description:"created on or after, yyyy-MM-dd"`
	ToDate                string            `json:"toDate,omitempty" description:"created on or before, yyyy-MM-dd"`
	Pagination            paging.Pagination `json:"pagination"`
}

// RequestRequest approves a pending purchase.
type RequestRequest struct {
	PurchaseOspID string `json:"purchaseOspId" required:"true" maxLength:"36"`
}

// UpdateRequest edits a purchase that is PENDING or REQUESTED.
type UpdateRequest struct {
	PurchaseOspID string       `json:"purchaseOspId" required:"true" maxLength:"36"`
	Price         money.Amount `json:"price" required:"true" description:"cents incl. VAT, above 0"`
	Remark        string       `json:"remark" maxLength:"500"`
	Details       string       `json:"details" maxLength:"2000"`
}

// RejectRequest rejects a pending purchase with a reason.
type RejectRequest struct {
	PurchaseOspID string `json:"purchaseOspId" required:"true" maxLength:"36"`
	Reason        string `json:"reason" required:"true" maxLength:"500"`
}

// EmailRequest names a purchase whose request e-mail to show.
type EmailRequest struct {
	PurchaseOspID string `json:"purchaseOspId" required:"true" maxLength:"36"`
}

// Email is the request e-mail sent to the provider, as it was sent.
type Email struct {
	PurchaseOspID string `json:"purchaseOspId"`
	To            string `json:"to"`
	Language      string `json:"language"`
	Subject       string `json:"subject"`
	Body          string `json:"body"`
	HTML          bool   `json:"html"`
	SentByName    string `json:"sentByName"`
	SentAt        string `json:"sentAt" format:"date-time"`
}

// NewPurchase is what an employee asks for in the app.
type NewPurchase struct {
	// ProductOspID optionally names the catalogue product; its label is
	// the product name when ProductName is empty.
	ProductOspID  string
	ProductName   string
	ProviderName  string
	ProviderEmail string
	Price         money.Amount
	Details       string
}
