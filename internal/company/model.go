// Package company holds corporate accounts: the employer companies whose
// employees get budgets. Every query is scoped by the caller's tenancy.
package company

import (
	"mobility/portal/internal/money"
	"mobility/portal/internal/paging"
)

// Payment types seen in SPEC §3.
const (
	PaymentPrepaid                 = "PREPAID"
	PaymentPostpaidSecurityDeposit = "POSTPAID_WITH_SECURITY_DEPOSIT"
)

// PaymentTypes lists the payment types of a corporate account.
var PaymentTypes = []string{PaymentPrepaid, PaymentPostpaidSecurityDeposit}

// Contract types (SPEC §3: Olympus B2B, Reseller B2B, Business mobility).
const (
	ContractOlympusB2B       = "OLYMPUS_B2B"
	ContractResellerB2B      = "RESELLER_B2B"
	ContractBusinessMobility = "BUSINESS_MOBILITY"
)

// ContractTypes lists the contract types.
var ContractTypes = []string{ContractOlympusB2B, ContractResellerB2B, ContractBusinessMobility}

// Invoice sending methods: PEPPOL needs a VAT number.
const (
	InvoiceByEmail  = "EMAIL"
	InvoiceByPeppol = "PEPPOL"
)

// InvoiceSendingMethods lists the invoice sending methods.
var InvoiceSendingMethods = []string{InvoiceByEmail, InvoiceByPeppol}

// Invoice payment methods: DIRECT_DEBIT needs an IBAN and a BIC.
const (
	InvoicePaymentManual      = "MANUAL"
	InvoicePaymentDirectDebit = "DIRECT_DEBIT"
)

// InvoicePaymentMethods lists the invoice payment methods.
var InvoicePaymentMethods = []string{InvoicePaymentManual, InvoicePaymentDirectDebit}

// CompanyTypes is the list served by companyType/list (dashboard filter).
var CompanyTypes = []string{"COMPANY", "PUBLIC_SECTOR", "NON_PROFIT", "SELF_EMPLOYED"}

// AppMenuTypes are the entries of the mobile app's menu a company can show
// its employees (company settings, mobile-app tab; GET appMenu/types), in
// the order the app shows them.
var AppMenuTypes = []string{
	"BUDGETS", "EXPENSES", "TRIPS", "TICKETS", "PARKING", "SHARED_BIKES",
	"SHARED_CARS", "CHARGING", "FUEL", "MESSAGES", "RECEIPTS",
}

// DefaultCountry is SPEC §9's default country.
const DefaultCountry = "BE"

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

// CorporateAccount is the API shape of a corporate account: the fields of
// SPEC §3. data{extId,name,paymentType,partner} is kept for the callers that
// read it; the same values are also at the top level.
type CorporateAccount struct {
	OspID        string `json:"ospId"`
	Name         string `json:"name"`
	ExtID        string `json:"extId"`
	CompanyType  string `json:"companyType"`
	Data         Data   `json:"data"`
	Street       string `json:"street"`
	StreetNumber string `json:"streetNumber"`
	ZipCode      string `json:"zipCode"`
	City         string `json:"city"`
	// Country is an ISO 3166 alpha-2 code (default BE).
	Country string `json:"country"`
	// CompanyNumber is the company's enterprise number (Belgium: BE and 10
	// digits, e.g. BE0123456749).
	CompanyNumber string `json:"companyNumber"`
	// VatNumber is normalised: country prefix and digits, no spaces or dots.
	VatNumber string `json:"vatNumber"`
	VatLiable bool   `json:"vatLiable"`
	// Iban is uppercase without spaces.
	Iban     string `json:"iban"`
	Bic      string `json:"bic"`
	PoNumber string `json:"poNumber"`
	// MaxUsers caps the company's active app users; null: unlimited.
	MaxUsers                   *int   `json:"maxUsers"`
	TwoFactorForAdmins         bool   `json:"twoFactorForAdmins"`
	ExternalReferenceMandatory bool   `json:"externalReferenceMandatory"`
	ContractType               string `json:"contractType" enum:"OLYMPUS_B2B,RESELLER_B2B,BUSINESS_MOBILITY"`
	InvoiceSendingMethod       string `json:"invoiceSendingMethod" enum:"EMAIL,PEPPOL"`
	InvoicePaymentMethod       string `json:"invoicePaymentMethod" enum:"MANUAL,DIRECT_DEBIT"`
	PaymentType                string `json:"paymentType" enum:"PREPAID,POSTPAID_WITH_SECURITY_DEPOSIT"`
	// SecurityDepositAmount in cents; set for POSTPAID_WITH_SECURITY_DEPOSIT.
	SecurityDepositAmount *money.Amount `json:"securityDepositAmount"`
	// CompanyBudgetThreshold in cents: the budget contact is mailed when
	// the company budget falls below it; null: none.
	CompanyBudgetThreshold *money.Amount `json:"companyBudgetThreshold"`
	// PaymentReference is the Belgian structured reference
	// (+++ddd/dddd/ddddd+++) the company pays its invoices with; read-only.
	PaymentReference string `json:"paymentReference"`
	Partner          Ref    `json:"partner"`
	PartnerType      string `json:"partnerType"`
	// AllowedBudgetTypes are the budget types the partner allows (read-only).
	AllowedBudgetTypes []string `json:"allowedBudgetTypes"`
	// SelectedBudgetTypes are the budget types the company offers (a subset
	// of allowedBudgetTypes).
	SelectedBudgetTypes []string `json:"selectedBudgetTypes"`
	// AppMenu are the app menu entries the company's employees see (values
	// of GET appMenu/types).
	AppMenu []string `json:"appMenu"`
	Active  bool     `json:"active"`
	// The products and service resources the partner allows and those the
	// company offers (ospIds; usable ones only: active and not disallowed),
	// filled by get, create and update, left out of lists.
	AllowedProducts          []string `json:"allowedProducts,omitempty" description:"product ospIds the partner allows, by label (get, create and update only)"`
	AllowedServiceResources  []string `json:"allowedServiceResources,omitempty" description:"service-resource ospIds the partner allows, by name (get, create and update only)"`
	SelectedProducts         []string `json:"selectedProducts,omitempty" description:"product ospIds the company offers, a subset of allowedProducts (get, create and update only)"`
	SelectedServiceResources []string `json:"selectedServiceResources,omitempty" description:"service-resource ospIds the company offers, a subset of allowedServiceResources (get, create and update only)"`
}

// GetRequest names one corporate account.
type GetRequest struct {
	OspID string `json:"ospId" required:"true"`
}

// FilterRequest is the corporate-account search of the dashboard selector
// and the corporate-accounts list.
type FilterRequest struct {
	Active       *bool  `json:"active,omitempty"`
	PartnerOspID string `json:"partnerOspId,omitempty"`
	// NameOrExtIDLike needs at least 3 characters (SPEC §5) when given.
	NameOrExtIDLike string            `json:"nameOrExtIdLike,omitempty" maxLength:"100"`
	CompanyType     string            `json:"companyType,omitempty"`
	Pagination      paging.Pagination `json:"pagination"`
}

// FindRequest searches accounts over name, extId, company number and VAT
// number (corporateAccount/findByAny).
type FindRequest struct {
	// Search needs at least 3 characters when given.
	Search     string            `json:"search,omitempty" maxLength:"100"`
	Active     *bool             `json:"active,omitempty"`
	Pagination paging.Pagination `json:"pagination"`
}

// ByPartnerRequest lists the companies of one partner the caller may see.
type ByPartnerRequest struct {
	PartnerOspID string            `json:"partnerOspId" required:"true"`
	Active       *bool             `json:"active,omitempty"`
	Pagination   paging.Pagination `json:"pagination"`
}

// FirstAdmin is the company's first administrator, created with the
// account as a company admin (user_manager, invoice_manager,
// reporting_manager) who gets the welcome mail to choose a password.
type FirstAdmin struct {
	Firstname string `json:"firstname" required:"true" maxLength:"100"`
	Lastname  string `json:"lastname" required:"true" maxLength:"100"`
	Email     string `json:"email" required:"true"`
	Language  string `json:"language,omitempty" enum:"nl,en,fr" description:"absent: nl"`
}

// CreateRequest creates a corporate account with its first admin (MSP
// users of the partner and platform staff). PartnerOspID: platform staff
// must name it; an MSP admin may omit it (their own partner) and cannot
// name another.
type CreateRequest struct {
	PartnerOspID  string `json:"partnerOspId,omitempty"`
	Name          string `json:"name" required:"true" maxLength:"200"`
	CompanyType   string `json:"companyType,omitempty" description:"absent: COMPANY"`
	ExtID         string `json:"extId" required:"true" maxLength:"100"`
	Street        string `json:"street,omitempty"`
	StreetNumber  string `json:"streetNumber,omitempty" maxLength:"20"`
	ZipCode       string `json:"zipCode,omitempty" maxLength:"20"`
	City          string `json:"city,omitempty"`
	Country       string `json:"country,omitempty" maxLength:"2" description:"ISO alpha-2; absent: BE"`
	CompanyNumber string `json:"companyNumber,omitempty" maxLength:"30"`
	VatNumber     string `json:"vatNumber,omitempty" maxLength:"30"`
	VatLiable     bool   `json:"vatLiable,omitempty"`
	Iban          string `json:"iban,omitempty" maxLength:"50"`
	Bic           string `json:"bic,omitempty" maxLength:"20"`
	PoNumber      string `json:"poNumber,omitempty" maxLength:"100"`
	// MaxUsers: null or absent: unlimited.
	MaxUsers                   *int          `json:"maxUsers,omitempty" minimum:"1" maximum:"1000000"`
	TwoFactorForAdmins         bool          `json:"twoFactorForAdmins,omitempty"`
	ExternalReferenceMandatory bool          `json:"externalReferenceMandatory,omitempty"`
	ContractType               string        `json:"contractType" required:"true" enum:"OLYMPUS_B2B,RESELLER_B2B,BUSINESS_MOBILITY"`
	InvoiceSendingMethod       string        `json:"invoiceSendingMethod,omitempty" enum:"EMAIL,PEPPOL" description:"absent: EMAIL"`
	InvoicePaymentMethod       string        `json:"invoicePaymentMethod,omitempty" enum:"MANUAL,DIRECT_DEBIT" description:"absent: MANUAL"`
	PaymentType                string        `json:"paymentType" required:"true" enum:"PREPAID,POSTPAID_WITH_SECURITY_DEPOSIT"`
	SecurityDepositAmount      *money.Amount `json:"securityDepositAmount,omitempty" description:"cents; required > 0 for POSTPAID_WITH_SECURITY_DEPOSIT"`
	CompanyBudgetThreshold     *money.Amount `json:"companyBudgetThreshold,omitempty" description:"cents"`
	SelectedBudgetTypes        []string      `json:"selectedBudgetTypes,omitempty" description:"subset of the partner's allowed budget types"`
	// AppMenu: absent: every entry of appMenu/types.
	AppMenu                  []string   `json:"appMenu,omitempty"`
	SelectedProducts         []string   `json:"selectedProducts,omitempty" maxItems:"2000" description:"product ospIds the company offers, from the partner's selection; absent: all of it"`
	SelectedServiceResources []string   `json:"selectedServiceResources,omitempty" maxItems:"2000" description:"service-resource ospIds the company offers, from the partner's selection; absent: all of it"`
	FirstAdmin               FirstAdmin `json:"firstAdmin" required:"true"`
}

// UpdateRequest changes a corporate account. Every field but ospId is
// optional: an absent (null) field keeps its stored value, so a form may
// send only what it shows. Platform staff change every field; an MSP admin
// of the partner all but partnerOspId; a company admin (user_manager) only
// the address, poNumber, iban, bic, invoiceSendingMethod,
// companyBudgetThreshold, externalReferenceMandatory, twoFactorForAdmins
// and selectedBudgetTypes: another field that differs from the stored value
// is 403 FIELD_NOT_CHANGEABLE naming it (sending it unchanged is fine).
type UpdateRequest struct {
	OspID         string  `json:"ospId" required:"true"`
	PartnerOspID  *string `json:"partnerOspId,omitempty"`
	Name          *string `json:"name,omitempty" maxLength:"200"`
	CompanyType   *string `json:"companyType,omitempty"`
	ExtID         *string `json:"extId,omitempty" maxLength:"100"`
	Street        *string `json:"street,omitempty"`
	StreetNumber  *string `json:"streetNumber,omitempty" maxLength:"20"`
	ZipCode       *string `json:"zipCode,omitempty" maxLength:"20"`
	City          *string `json:"city,omitempty"`
	Country       *string `json:"country,omitempty" maxLength:"2"`
	CompanyNumber *string `json:"companyNumber,omitempty" maxLength:"30"`
	VatNumber     *string `json:"vatNumber,omitempty" maxLength:"30"`
	VatLiable     *bool   `json:"vatLiable,omitempty"`
	Iban          *string `json:"iban,omitempty" maxLength:"50"`
	Bic           *string `json:"bic,omitempty" maxLength:"20"`
	PoNumber      *string `json:"poNumber,omitempty" maxLength:"100"`
	// MaxUsers: 0 makes the company unlimited; absent keeps it.
	MaxUsers                   *int          `json:"maxUsers,omitempty" minimum:"0" maximum:"1000000" description:"0: unlimited; absent: unchanged"`
	TwoFactorForAdmins         *bool         `json:"twoFactorForAdmins,omitempty"`
	ExternalReferenceMandatory *bool         `json:"externalReferenceMandatory,omitempty"`
	ContractType               *string       `json:"contractType,omitempty" enum:"OLYMPUS_B2B,RESELLER_B2B,BUSINESS_MOBILITY"`
	InvoiceSendingMethod       *string       `json:"invoiceSendingMethod,omitempty" enum:"EMAIL,PEPPOL"`
	InvoicePaymentMethod       *string       `json:"invoicePaymentMethod,omitempty" enum:"MANUAL,DIRECT_DEBIT"`
	PaymentType                *string       `json:"paymentType,omitempty" enum:"PREPAID,POSTPAID_WITH_SECURITY_DEPOSIT"`
	SecurityDepositAmount      *money.Amount `json:"securityDepositAmount,omitempty" description:"cents"`
	CompanyBudgetThreshold     *money.Amount `json:"companyBudgetThreshold,omitempty" description:"cents; 0: none"`
	SelectedBudgetTypes        []string      `json:"selectedBudgetTypes,omitempty" description:"absent: unchanged; [] offers none"`
	AppMenu                    []string      `json:"appMenu,omitempty" description:"absent: unchanged (MSP users and platform staff only)"`
	SelectedProducts           []string      `json:"selectedProducts,omitempty" maxItems:"2000" description:"product ospIds the company offers, from the partner's selection; absent: unchanged; a product no longer offered leaves the company's user groups, refused while it is an employee's default product (MSP users and platform staff only)"`
	SelectedServiceResources   []string      `json:"selectedServiceResources,omitempty" maxItems:"2000" description:"service-resource ospIds the company offers, from the partner's selection; absent: unchanged (MSP users and platform staff only)"`
}
