// Package company holds corporate accounts: the employer companies whose
// employees get budgets. Every query is scoped by the caller's tenancy.
package company

import "mobility/portal/internal/paging"

// Payment types seen in SPEC §3.
const (
	PaymentPrepaid                 = "PREPAID"
	PaymentPostpaidSecurityDeposit = "POSTPAID_WITH_SECURITY_DEPOSIT"
)

// CompanyTypes is the list served by companyType/list (dashboard filter).
var CompanyTypes = []string{"COMPANY", "PUBLIC_SECTOR", "NON_PROFIT", "SELF_EMPLOYED"}

// Ref is a reference by ospId, as SPEC payloads nest them.
type Ref struct {
	OspID string `json:"ospId"`
}

// Data is the nested data object of a corporate account (SPEC §3).
type Data struct {
	ExtID       string `json:"extId"`
	Name        string `json:"name"`
	PaymentType string `json:"paymentType" enum:"PREPAID,POSTPAID_WITH_SECURITY_DEPOSIT"`
	Partner     Ref    `json:"partner"`
}

// CorporateAccount is the API shape of a corporate account.
type CorporateAccount struct {
	OspID              string `json:"ospId"`
	Name               string `json:"name"`
	CompanyType        string `json:"companyType"`
	Data               Data   `json:"data"`
	Street             string `json:"street"`
	StreetNumber       string `json:"streetNumber"`
	ZipCode            string `json:"zipCode"`
	City               string `json:"city"`
	VatNumber          string `json:"vatNumber"`
	TwoFactorForAdmins bool   `json:"twoFactorForAdmins"`
	Active             bool   `json:"active"`
	PartnerType        string `json:"partnerType"`
}

// GetRequest names one corporate account.
type GetRequest struct {
	OspID string `json:"ospId" required:"true"`
}

// FilterRequest is the corporate-account search of the dashboard selector.
type FilterRequest struct {
	Active          *bool             `json:"active,omitempty"`
	PartnerOspID    string            `json:"partnerOspId,omitempty"`
	NameOrExtIDLike string            `json:"nameOrExtIdLike,omitempty" maxLength:"100"`
	CompanyType     string            `json:"companyType,omitempty"`
	Pagination      paging.Pagination `json:"pagination"`
}

// row is a corporate account as stored, with its partner joined.
type row struct {
	ID                 int64   `db:"id"`
	OspID              string  `db:"osp_id"`
	PartnerID          int64   `db:"partner_id"`
	PartnerOspID       string  `db:"-"` // from partner's read model (Service.withPartners)
	PartnerType        string  `db:"-"`
	Name               string  `db:"name"`
	ExtID              *string `db:"ext_id"`
	CompanyType        string  `db:"company_type"`
	PaymentType        string  `db:"payment_type"`
	TwoFactorForAdmins bool    `db:"two_factor_for_admins"`
	Street             string  `db:"street"`
	StreetNumber       string  `db:"street_number"`
	ZipCode            string  `db:"zip_code"`
	City               string  `db:"city"`
	VatNumber          string  `db:"vat_number"`
	Active             bool    `db:"active"`
}

func (r *row) toAPI() CorporateAccount {
	ext := ""
	if r.ExtID != nil {
		ext = *r.ExtID
	}
	return CorporateAccount{
		OspID: r.OspID, Name: r.Name, CompanyType: r.CompanyType,
		Data:   Data{ExtID: ext, Name: r.Name, PaymentType: r.PaymentType, Partner: Ref{OspID: r.PartnerOspID}},
		Street: r.Street, StreetNumber: r.StreetNumber, ZipCode: r.ZipCode, City: r.City, VatNumber: r.VatNumber,
		TwoFactorForAdmins: r.TwoFactorForAdmins, Active: r.Active, PartnerType: r.PartnerType,
	}
}
