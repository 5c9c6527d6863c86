// Package nmbsinvoice checks the monthly invoices NMBS/SNCB (season
// cards) and B-Parking (station parking on a season card) send for a
// company against the season-card orders the portal processed that month
// (SPEC §2 company/products upload-nmbs-invoice, §5, §7 NMBS): a CSV is
// uploaded (the answer is its upload id as text), validated line by line
// (field errors, then matched, amount differs, unknown card or order,
// already invoiced, duplicate in the file; nothing written), and
// processed in one transaction: each matched line marks its order
// invoiced by that provider, once ever; differences stay in the upload's
// report. Every file is kept and can be downloaded again.
//
// The orders are internal/order's; this package reads them through
// OrderSource and never writes them.
package nmbsinvoice

import (
	"context"
	"mime/multipart"
	"time"

	"mobility/portal/internal/paging"
)

// Providers whose invoices are checked.
const (
	ProviderNMBS     = "NMBS"
	ProviderBParking = "BPARKING"
)

// Upload statuses.
const (
	StatusUploaded  = "UPLOADED"
	StatusProcessed = "PROCESSED"
)

// Outcomes of a line. Validate answers MATCHED for a line process would
// mark invoiced; process answers INVOICED for it. The others are the
// same from both.
const (
	OutcomeMatched         = "MATCHED"
	OutcomeInvoiced        = "INVOICED"
	OutcomeAmountDiffers   = "AMOUNT_DIFFERS"
	OutcomeUnknownOrder    = "UNKNOWN_ORDER"
	OutcomeAlreadyInvoiced = "ALREADY_INVOICED"
	OutcomeDuplicateInFile = "DUPLICATE_IN_FILE"
)

// Order is a processed season-card order as a provider's monthly invoice
// refers to it: internal/order's InvoiceOrder, mirrored here so this
// package does not import order (the server adapts one to the other).
type Order struct {
	OrderID        int64
	CompanyID      int64
	CardNumber     string    // MOBIB card number as stored (digits only)
	ProcessedOn    time.Time // when confirmed
	StartDate      time.Time // effective start date
	PriceCents     int64     // effective price (train part), incl. VAT
	IncludeParking bool
	ParkingCents   int64 // parking part when IncludeParking, else 0
}

// OrderSource lists the season-card orders confirmed in a month (Europe/
// Brussels), in id order: internal/order's Service.ProcessedInMonth.
type OrderSource interface {
	ProcessedInMonth(ctx context.Context, year int, month time.Month) ([]Order, error)
}

// UploadForm is the multipart body of upload/invoice/upload.
type UploadForm struct {
	File                  multipart.File `formData:"file" required:"true" description:"the provider's monthly invoice as CSV (see upload/invoice/template/{provider}); at most 500 rows"`
	Provider              string         `formData:"provider" required:"true" enum:"NMBS,BPARKING"`
	CorporateAccountOspID string         `formData:"corporateAccountOspId" required:"true" maxLength:"36" description:"the company the invoice is for"`
}

// UploadRef names an upload.
type UploadRef struct {
	UploadID string `json:"uploadId" required:"true" maxLength:"36"`
}

// LineError is what is wrong with one field of one line (SPEC §8).
type LineError struct {
	Line     int      `json:"line" description:"line in the file; the header is line 1"`
	Field    string   `json:"field" description:"column name"`
	Messages []string `json:"messages"`
}

// LineResult is what validate found, or process did, for one line.
type LineResult struct {
	Line          int    `json:"line"`
	InvoiceNumber string `json:"invoiceNumber"`
	CardNumber    string `json:"cardNumber" description:"MOBIB card number, digits only"`
	Outcome       string `json:"outcome" enum:"MATCHED,INVOICED,AMOUNT_DIFFERS,UNKNOWN_ORDER,ALREADY_INVOICED,DUPLICATE_IN_FILE"`
	Message       string `json:"message,omitempty" description:"the outcome in the caller's language"`
	// OrderID is the matched order (MATCHED, INVOICED, AMOUNT_DIFFERS,
	// ALREADY_INVOICED); 0 when none.
	OrderID        int64 `json:"orderId,omitempty"`
	InvoicedAmount int64 `json:"invoicedAmount" description:"euro cents incl. VAT, as on the invoice"`
	// ExpectedAmount is the order's price (NMBS) or parking part
	// (B-Parking); 0 when no order matched.
	ExpectedAmount int64 `json:"expectedAmount" description:"euro cents incl. VAT"`
}

// Counts sums a report's outcomes.
type Counts struct {
	Matched         int `json:"matched"`
	Invoiced        int `json:"invoiced"`
	AmountDiffers   int `json:"amountDiffers"`
	UnknownOrder    int `json:"unknownOrder"`
	AlreadyInvoiced int `json:"alreadyInvoiced"`
	DuplicateInFile int `json:"duplicateInFile"`
}

// Report is what validate and process answer.
type Report struct {
	UploadID     string       `json:"uploadId"`
	Provider     string       `json:"provider" enum:"NMBS,BPARKING"`
	InvoiceMonth string       `json:"invoiceMonth" description:"yyyyMM; empty when the file has line errors"`
	Status       string       `json:"status" enum:"UPLOADED,PROCESSED"`
	Valid        bool         `json:"valid" description:"no line errors: process marks the matched lines; otherwise it writes nothing"`
	RowCount     int          `json:"rowCount"`
	Errors       []LineError  `json:"errors"`
	Lines        []LineResult `json:"lines"`
	Counts       Counts       `json:"counts"`
	ProcessedAt  string       `json:"processedAt,omitempty" format:"date-time"`
}

// HistoryRequest pages a company's uploads of a provider, newest first.
type HistoryRequest struct {
	CorporateAccountOspID string            `json:"corporateAccountOspId" required:"true" maxLength:"36"`
	Provider              string            `json:"provider" required:"true" enum:"NMBS,BPARKING"`
	Pagination            paging.Pagination `json:"pagination"`
}

// HistoryRow is one earlier upload with its result.
type HistoryRow struct {
	UploadID    string  `json:"uploadId"`
	Provider    string  `json:"provider" enum:"NMBS,BPARKING"`
	Filename    string  `json:"filename"`
	RowCount    int     `json:"rowCount"`
	Status      string  `json:"status" enum:"UPLOADED,PROCESSED"`
	UploadedBy  string  `json:"uploadedBy" description:"full name"`
	UploadedOn  string  `json:"uploadedOn" format:"date-time"`
	ProcessedBy string  `json:"processedBy,omitempty"`
	ProcessedOn string  `json:"processedOn,omitempty" format:"date-time"`
	Counts      *Counts `json:"counts" description:"the process's counts; null before it"`
	Report      *Report `json:"report,omitempty" description:"the process's per-line report"`
}

// FileRequest names a stored file (GET, path).
type FileRequest struct {
	UploadID string `path:"uploadId" json:"-" maxLength:"36"`
}

// TemplateRequest names a provider's template (GET, path).
type TemplateRequest struct {
	Provider string `path:"provider" json:"-" maxLength:"20"`
}
