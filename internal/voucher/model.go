// Package voucher keeps voucher codes a provider issued for a company or
// one of its users (value, validity), loaded by platform staff from CSV
// files (upload, validate, process), and records their use (redeem). The
// dashboard's user search finds a user by a voucher code (VOUCHER_CODE).
package voucher

import (
	"mime/multipart"

	"mobility/portal/internal/money"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/provfile"
)

// Voucher statuses: ISSUED and REDEEMED are stored; EXPIRED is an issued
// voucher whose validUntil lies before today, answered on read.
const (
	StatusIssued   = "ISSUED"
	StatusRedeemed = "REDEEMED"
	StatusExpired  = "EXPIRED"
)

// KindVoucher is the report kind of a voucher file.
const KindVoucher = "VOUCHER"

// Columns of a voucher file (README: Provider files).
var Spec = provfile.Spec{
	Columns:  []string{"code", "value", "validFrom", "validUntil", "userOspId", "description"},
	Required: []string{"code", "value", "validFrom", "validUntil"},
	Example:  []string{"ACME-TAXI-0001", "25.00", "2026-01-01", "2026-12-31", "", "Taxi voucher"},
	Template: "vouchers-template.csv",
}

// UploadForm is the multipart body of a voucher upload.
type UploadForm struct {
	File                  multipart.File `formData:"file" required:"true" description:"CSV (UTF-8, ; or , separated), header on line 1, at most 500 rows; columns code, value (euro, 2 decimals), validFrom, validUntil (yyyy-MM-dd), userOspId (optional: an app user of the company; empty: a company voucher), description (optional)"`
	CorporateAccountOspID string         `formData:"corporateAccountOspId" required:"true" maxLength:"36" description:"the company the vouchers are for"`
}

// Voucher is a voucher code as the portal shows it.
type Voucher struct {
	OspID                 string       `json:"ospId"`
	Code                  string       `json:"code"`
	Value                 money.Amount `json:"value" description:"cents"`
	ValidFrom             string       `json:"validFrom" description:"yyyy-MM-dd"`
	ValidUntil            string       `json:"validUntil" description:"yyyy-MM-dd"`
	Status                string       `json:"status" enum:"ISSUED,REDEEMED,EXPIRED"`
	Description           string       `json:"description"`
	CorporateAccountOspID string       `json:"corporateAccountOspId"`
	CorporateAccountName  string       `json:"corporateAccountName"`
	UserOspID             string       `json:"userOspId,omitempty" description:"the user it was issued to; empty for a company voucher"`
	UserName              string       `json:"userName,omitempty"`
	RedeemedAt            string       `json:"redeemedAt,omitempty" format:"date-time"`
	RedeemedByOspID       string       `json:"redeemedByOspId,omitempty"`
	RedeemedByName        string       `json:"redeemedByName,omitempty"`
	RedeemedReference     string       `json:"redeemedReference,omitempty"`
	UploadID              string       `json:"uploadId"`
}

// ListRequest pages the vouchers in reach, newest first.
type ListRequest struct {
	CorporateAccountOspID string            `json:"corporateAccountOspId,omitempty" maxLength:"36"`
	UserOspID             string            `json:"userOspId,omitempty" maxLength:"36" description:"vouchers issued to or redeemed by this user"`
	Status                string            `json:"status,omitempty" enum:"ISSUED,REDEEMED,EXPIRED"`
	Code                  string            `json:"code,omitempty" maxLength:"40" description:"codes starting with this"`
	Pagination            paging.Pagination `json:"pagination"`
}

// RedeemRequest records that a user used a voucher.
type RedeemRequest struct {
	Code      string `json:"code" required:"true" maxLength:"40"`
	UserOspID string `json:"userOspId" required:"true" maxLength:"36" description:"the app user who used it: the voucher's user, or for a company voucher any active app user of the company"`
	Reference string `json:"reference,omitempty" maxLength:"140" description:"e.g. the ride or ticket it paid"`
}
