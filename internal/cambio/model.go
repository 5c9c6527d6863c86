// Package cambio loads Cambio's files (SPEC §7 base paths cambio/invoice
// and cambio/co2): invoice lines of car-sharing trips, booked as CAR
// expenses on the driver's budget, and CO2 figures per driver and month,
// kept for reporting. Only platform staff upload and process; every file
// is kept (file, who, when, report) and can be downloaded again.
//
// A line names its driver by the e-mail address the employee gave
// Cambio, matched (case-insensitive) to one app user; Cambio's customer
// number is kept with the line (the expense's identification field) but
// is no key, as the portal holds no Cambio token type. A line matching
// nobody, or several users, is FAILED with the reason and booked by a
// later process once it matches.
package cambio

import (
	"mime/multipart"

	"mobility/portal/internal/paging"
	"mobility/portal/internal/provfile"
)

// Kinds of Cambio files (the stored kind, and the report's).
const (
	KindInvoice       = "INVOICE"
	KindCO2           = "CO2"
	ReportKindInvoice = "CAMBIO_INVOICE"
	ReportKindCO2     = "CAMBIO_CO2"
)

// InvoiceSpec: the columns of a Cambio invoice file (README: Provider files).
var InvoiceSpec = provfile.Spec{
	Columns:  []string{"invoiceNumber", "lineId", "customerNumber", "email", "date", "description", "amount", "vatPercentage", "km"},
	Required: []string{"invoiceNumber", "lineId", "email", "date", "amount", "vatPercentage"},
	Example:  []string{"CB-2026-000123", "1", "C-104233", "jan.peeters@example.com", "2026-10-14", "Cambio Gent Zuid, 3 h, 42 km", "27.35", "21", "42"},
	Template: "cambio-invoice-template.csv",
}

// CO2Spec: the columns of a Cambio CO2 file.
var CO2Spec = provfile.Spec{
	Columns:  []string{"month", "customerNumber", "email", "km", "co2Grams"},
	Required: []string{"month", "email", "km", "co2Grams"},
	Example:  []string{"2026-10", "C-104233", "jan.peeters@example.com", "186", "20460"},
	Template: "cambio-co2-template.csv",
}

// UploadForm is the multipart body of a Cambio upload.
type UploadForm struct {
	File multipart.File `formData:"file" required:"true" description:"CSV (UTF-8, ; or , separated), header on line 1, at most 500 rows; the kind's columns (README, template)"`
}

// CO2Request asks a company's CO2 figures for a range of months.
type CO2Request struct {
	CorporateAccountOspID string            `json:"corporateAccountOspId" required:"true" maxLength:"36"`
	FromMonth             string            `json:"fromMonth" required:"true" description:"yyyy-MM"`
	ToMonth               string            `json:"toMonth" required:"true" description:"yyyy-MM, at most 24 months after fromMonth"`
	Pagination            paging.Pagination `json:"pagination"`
}

// CO2Row is one driver's Cambio figures for a month.
type CO2Row struct {
	UserOspID      string `json:"userOspId"`
	UserName       string `json:"userName"`
	Month          string `json:"month" description:"yyyy-MM"`
	CustomerNumber string `json:"customerNumber"`
	Km             int64  `json:"km"`
	CO2Grams       int64  `json:"co2Grams"`
}

// CO2Page is a page of figures with the totals over the whole range.
type CO2Page struct {
	paging.Page[CO2Row]
	TotalKm       int64 `json:"totalKm"`
	TotalCO2Grams int64 `json:"totalCo2Grams"`
}
