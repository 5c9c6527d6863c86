// Package providerdata turns providers' files into expenses (SPEC §2
// backoffice uploads, §3 Uploads, §5, §7 Uploads, §8): platform staff
// upload a file of one kind (NMBS train tickets, De Lijn, KBC parking,
// Swapfiets subscriptions, Blue-bike rides, BeMobile parking and fuel,
// charging sessions, surcharges), validate it line by line (nothing
// written), and process it in one transaction: each line is matched to an
// app user through an identification token valid on the line's date and
// booked as an expense on the user's budget, once per (provider, natural
// key). Lines that match nobody or that a budget refuses are kept with
// their reason and booked by a later process. Every file is kept and can
// be downloaded again.
package providerdata

import (
	"mime/multipart"

	"mobility/portal/internal/paging"
)

// Upload statuses.
const (
	StatusUploaded  = "UPLOADED"
	StatusValidated = "VALIDATED"
	StatusProcessed = "PROCESSED"
)

// Outcomes of a line: validate answers READY (would be booked), SKIPPED,
// ALREADY_PROCESSED or FAILED (with the reason it would fail for);
// process answers BOOKED, SKIPPED, ALREADY_PROCESSED or FAILED.
const (
	OutcomeReady            = "READY"
	OutcomeBooked           = "BOOKED"
	OutcomeSkipped          = "SKIPPED"
	OutcomeAlreadyProcessed = "ALREADY_PROCESSED"
	OutcomeFailed           = "FAILED"
)

// Reasons a line is skipped or failed (kept for a later process).
const (
	ReasonZeroAmount        = "ZERO_AMOUNT"
	ReasonDuplicateInFile   = "DUPLICATE_IN_FILE"
	ReasonUnmatched         = "UNMATCHED_TOKEN"
	ReasonTokenNotValid     = "TOKEN_NOT_VALID_ON_DATE"
	ReasonUserDeactivated   = "USER_DEACTIVATED"
	ReasonExtraCostsClosed  = "EXTRA_COSTS_WINDOW_CLOSED"
	ReasonNoBudget          = "NO_BUDGET"
	ReasonBudgetDeactivated = "BUDGET_DEACTIVATED"
	ReasonInsufficient      = "INSUFFICIENT_BUDGET"
	ReasonBookingNotFound   = "BOOKING_NOT_FOUND"
	ReasonBalanceOutOfRange = "BALANCE_OUT_OF_RANGE"
)

// UploadForm is the multipart body of upload/upload.
type UploadForm struct {
	File multipart.File `formData:"file" required:"true" description:"the provider's file in its kind's format (see upload/template/{kind}); at most 500 rows"`
	Kind string         `formData:"kind" required:"true" enum:"SURCHARGES,LINE,KBC,NMBS,SWAPFIETS,BLUEBIKE_EVENTS,BEMOBILE,CHARGING"`
}

// Uploaded is what upload answers: the stored file and a preview.
type Uploaded struct {
	UploadID string `json:"uploadId"`
	Kind     string `json:"kind"`
	Filename string `json:"filename"`
	RowCount int    `json:"rowCount"`
	Status   string `json:"status" enum:"UPLOADED,VALIDATED,PROCESSED"`
	// preview: lines without errors and lines with at least one
	ValidLines   int `json:"validLines"`
	InvalidLines int `json:"invalidLines"`
}

// UploadRef names an upload.
type UploadRef struct {
	UploadID string `json:"uploadId" required:"true" maxLength:"36"`
}

// LineError is what is wrong with one field of one line (SPEC §8).
type LineError struct {
	Line     int      `json:"line" description:"line in the file (CSV, XLSX: the header is line 1; XML: the record's number, from 1)"`
	Field    string   `json:"field" description:"the column or element"`
	Messages []string `json:"messages"`
}

// LineResult is one line's outcome.
type LineResult struct {
	Line       int    `json:"line"`
	NaturalKey string `json:"naturalKey" description:"the provider's booking or line id"`
	Date       string `json:"date"`
	Amount     int64  `json:"amount" description:"euro cents incl. VAT"`
	Outcome    string `json:"outcome" enum:"READY,BOOKED,SKIPPED,ALREADY_PROCESSED,FAILED"`
	Reason     string `json:"reason,omitempty" enum:"ZERO_AMOUNT,DUPLICATE_IN_FILE,UNMATCHED_TOKEN,TOKEN_NOT_VALID_ON_DATE,USER_DEACTIVATED,EXTRA_COSTS_WINDOW_CLOSED,NO_BUDGET,BUDGET_DEACTIVATED,INSUFFICIENT_BUDGET,BOOKING_NOT_FOUND,BALANCE_OUT_OF_RANGE"`
	Message    string `json:"message,omitempty" description:"the reason in the caller's language"`
	UserOspID  string `json:"userOspId,omitempty"`
	// CorporateAccountOspID is the matched user's company (token matches)
	CorporateAccountOspID string `json:"corporateAccountOspId,omitempty"`
	BookingID             string `json:"bookingId,omitempty"`
	ExpenseOspID          string `json:"expenseOspId,omitempty"`
}

// Counts sums a report's outcomes.
type Counts struct {
	Ready            int `json:"ready"`
	Booked           int `json:"booked"`
	Skipped          int `json:"skipped"`
	AlreadyProcessed int `json:"alreadyProcessed"`
	Failed           int `json:"failed"`
}

// Report is what validate and process answer.
type Report struct {
	UploadID string       `json:"uploadId"`
	Kind     string       `json:"kind"`
	Status   string       `json:"status" enum:"UPLOADED,VALIDATED,PROCESSED"`
	Valid    bool         `json:"valid" description:"no line errors: process books the lines; otherwise it writes nothing"`
	RowCount int          `json:"rowCount"`
	Errors   []LineError  `json:"errors"`
	Lines    []LineResult `json:"lines"`
	Counts   Counts       `json:"counts"`
}

// HistoryRequest lists a kind's uploads, newest first.
type HistoryRequest struct {
	Kind       string            `json:"kind" required:"true" enum:"SURCHARGES,LINE,KBC,NMBS,SWAPFIETS,BLUEBIKE_EVENTS,BEMOBILE,CHARGING"`
	Pagination paging.Pagination `json:"pagination"`
}

// HistoryRow is one earlier upload with its last result.
type HistoryRow struct {
	UploadID     string  `json:"uploadId"`
	Kind         string  `json:"kind"`
	Filename     string  `json:"filename"`
	RowCount     int     `json:"rowCount"`
	Status       string  `json:"status" enum:"UPLOADED,VALIDATED,PROCESSED"`
	UploadedBy   string  `json:"uploadedBy"`
	UploadedOn   string  `json:"uploadedOn" description:"RFC 3339"`
	ProcessedBy  *string `json:"processedBy"`
	ProcessedOn  *string `json:"processedOn"`
	ProcessCount int     `json:"processCount"`
	Counts       *Counts `json:"counts" description:"the last process's counts; null before the first"`
	DownloadPath string  `json:"downloadPath" description:"GET path of the original file"`
}

// PathID is a GET path's upload id.
type PathID struct {
	ID string `path:"id" maxLength:"36"`
}

// PathKind is a GET path's kind.
type PathKind struct {
	Kind string `path:"kind" maxLength:"20"`
}
