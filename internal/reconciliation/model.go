// Package reconciliation compares, per provider booking id, the amount the
// platform booked (an expense with the provider's booking id, net of
// refunds and corrections) with the amount the provider's files report
// (provider lines), and records platform staff's manual overrides.
package reconciliation

import (
	"time"

	"mobility/portal/internal/paging"
)

// Statuses of a reconciliation row.
const (
	StatusMatched           = "MATCHED"
	StatusMismatch          = "MISMATCH"
	StatusMissingAtProvider = "MISSING_AT_PROVIDER"
	StatusMissingAtPlatform = "MISSING_AT_PLATFORM"
	StatusResolved          = "RESOLVED"
)

// Statuses lists every status.
var Statuses = []string{StatusMatched, StatusMismatch, StatusMissingAtProvider, StatusMissingAtPlatform, StatusResolved}

// Decisions of a manual override.
const (
	DecisionAcceptProvider = "ACCEPT_PROVIDER"
	DecisionKeepPlatform   = "KEEP_PLATFORM"
)

// Row is a reconciliation row (SPEC §3).
type Row struct {
	BookingID      string    `json:"bookingId"`
	MrpOspID       string    `json:"mrpOspId" description:"the provider (upload kind: NMBS, LINE, KBC, …; CAMBIO for Cambio invoices)"`
	ExpectedAmount int64     `json:"expectedAmount" description:"cents: what the platform booked, net of refunds and corrections"`
	ActualAmount   int64     `json:"actualAmount" description:"cents: what the provider's files report"`
	Currency       string    `json:"currency"`
	Status         string    `json:"status" enum:"MATCHED,MISMATCH,MISSING_AT_PROVIDER,MISSING_AT_PLATFORM,RESOLVED"`
	Month          string    `json:"month" description:"yyyyMM of the booking's date"`
	ExpenseOspID   string    `json:"expenseOspId,omitempty"`
	LastUpdatedOn  time.Time `json:"lastUpdatedOn"`
}

// Override is a manual decision on a row.
type Override struct {
	Decision       string    `json:"decision" enum:"ACCEPT_PROVIDER,KEEP_PLATFORM"`
	Remark         string    `json:"remark"`
	ExpectedAmount int64     `json:"expectedAmount"`
	ActualAmount   int64     `json:"actualAmount"`
	BookedAmount   int64     `json:"bookedAmount" description:"cents booked on the expense as a correction (positive: cost added)"`
	DecidedBy      string    `json:"decidedBy" description:"the deciding staff member's name"`
	DecidedAt      time.Time `json:"decidedAt"`
}

// Detail is a row with its override, if any.
type Detail struct {
	Row
	Override *Override `json:"override"`
}

// ProblemsRequest filters the rows.
type ProblemsRequest struct {
	Provider   string            `json:"provider,omitempty" maxLength:"40"`
	Status     string            `json:"status,omitempty" enum:"MATCHED,MISMATCH,MISSING_AT_PROVIDER,MISSING_AT_PLATFORM,RESOLVED" description:"default: every status but MATCHED and RESOLVED"`
	Month      string            `json:"month,omitempty" maxLength:"6" description:"yyyyMM"`
	Pagination paging.Pagination `json:"pagination"`
}

// DetailRequest names a row.
type DetailRequest struct {
	BookingID string `json:"bookingId" required:"true" maxLength:"60"`
}

// OverrideRequest decides a row manually.
type OverrideRequest struct {
	BookingID string `json:"bookingId" required:"true" maxLength:"60"`
	Decision  string `json:"decision" required:"true" enum:"ACCEPT_PROVIDER,KEEP_PLATFORM"`
	Remark    string `json:"remark" required:"true" maxLength:"140"`
}

// RunResult counts a run's rows by status.
type RunResult struct {
	Rows              int `json:"rows"`
	Matched           int `json:"matched"`
	Mismatch          int `json:"mismatch"`
	MissingAtProvider int `json:"missingAtProvider"`
	MissingAtPlatform int `json:"missingAtPlatform"`
}
