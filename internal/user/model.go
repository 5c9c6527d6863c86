// Package user holds app users, admins and contacts. This issue serves the
// signed-in user's own calls; the people screens extend it.
package user

import (
	"mobility/portal/internal/access"
	"mobility/portal/internal/paging"
)

// SessionUser is the signed-in user as the web app keeps it (start-up
// "user refresh").
type SessionUser struct {
	OspID            string        `json:"ospId"`
	ID               string        `json:"id" description:"segmented id partner:user:tenant; MSP when the first and third are equal"`
	Firstname        string        `json:"firstname"`
	Lastname         string        `json:"lastname"`
	FullName         string        `json:"fullName"`
	Email            string        `json:"email"`
	Login            string        `json:"login"`
	Language         string        `json:"language" enum:"nl,en,fr"`
	Roles            []access.Role `json:"roles"`
	IsMsp            bool          `json:"isMsp"`
	IsOspAdmin       bool          `json:"isOspAdmin"`
	TwoFactorEnabled bool          `json:"twoFactorEnabled"`
	CorporateAccount *CompanyRef   `json:"corporateAccount"`
	Partner          *PartnerRef   `json:"partner"`
}

// CompanyRef is the session user's own corporate account.
type CompanyRef struct {
	OspID       string `json:"ospId"`
	Name        string `json:"name"`
	PaymentType string `json:"paymentType"`
	CompanyType string `json:"companyType"`
}

// PartnerRef is the session user's partner.
type PartnerRef struct {
	OspID       string `json:"ospId"`
	Name        string `json:"name"`
	PartnerType string `json:"partnerType"`
}

// ChangeLanguageRequest names the new interface language.
type ChangeLanguageRequest struct {
	Lang string `path:"lang" enum:"nl,en,fr"`
}

// FullName is first plus last name, else the e-mail (SPEC §3).
func FullName(first, last, email string) string {
	switch {
	case first != "" && last != "":
		return first + " " + last
	case first != "" || last != "":
		return first + last
	default:
		return email
	}
}

// NewUser is what creating a user needs (seeding, create-admin; the people
// issue adds the full create payloads).
type NewUser struct {
	CorporateAccountID *int64
	PartnerID          *int64
	Firstname          string
	Lastname           string
	Email              string
	Login              string
	Language           string
	TwoFactorEnabled   bool
	Roles              []access.Role
}

// User types (SPEC §3): mobile (role ospuser), contact (contact_user),
// admin (any other role).
const (
	TypeMobile  = "mobile"
	TypeContact = "contact"
	TypeAdmin   = "admin"
)

// Contact types (SPEC §6): who gets which mails.
const (
	ContactInvoicing = "INVOICING_CONTACT" // monthly invoices by e-mail
	ContactHR        = "HR_CONTACT"        // year-end mobility budget overview
	ContactBudget    = "BUDGET_CONTACT"    // company budget below its threshold
)

// ContactTypes lists the contact types in display order.
var ContactTypes = []string{ContactInvoicing, ContactHR, ContactBudget}

// Ref names an entity by ospId.
type Ref struct {
	OspID string `json:"ospId"`
}

// CompanyLink is a user's company with its name.
type CompanyLink struct {
	OspID string `json:"ospId"`
	Name  string `json:"name"`
}

// Address is a work or home address.
type Address struct {
	StreetName string `json:"streetName"`
	Number     string `json:"number"`
	Zip        string `json:"zip"`
	City       string `json:"city"`
}

// UserData is the editable part of a user (SPEC §3).
type UserData struct {
	Firstname               string  `json:"firstname" maxLength:"100"`
	Lastname                string  `json:"lastname" maxLength:"100"`
	Email                   string  `json:"email" maxLength:"254"`
	Login                   string  `json:"login"`
	Msisdn                  string  `json:"msisdn" description:"mobile phone; stored in E.164 form"`
	Language                string  `json:"language" enum:"nl,en,fr"`
	Birthdate               string  `json:"birthdate" description:"yyyy-MM-dd"`
	EmployeeNumber          string  `json:"employeeNumber" maxLength:"50"`
	ContractID              string  `json:"contractId"`
	ExtID                   string  `json:"extId" description:"unique; no dots or whitespace; cannot be changed once set"`
	WorkAddress             Address `json:"workAddress"`
	HomeAddress             Address `json:"homeAddress"`
	DesiredActivationDate   string  `json:"desiredActivationDate" description:"yyyy-MM-dd"`
	DesiredDeactivationDate string  `json:"desiredDeactivationDate" description:"yyyy-MM-dd"`
	LicensePlate            string  `json:"licensePlate"`
	TwoFactor               bool    `json:"twoFactor" description:"admins: require an authenticator code at sign-in"`
}

// User is the full API shape of a user.
type User struct {
	OspID               string        `json:"ospId"`
	Type                string        `json:"type" enum:"mobile,contact,admin"`
	FullName            string        `json:"fullName"`
	Active              bool          `json:"active"`
	Blocked             bool          `json:"blocked"`
	FailedLoginCount    int           `json:"failedLoginCount"`
	TwoFactorEnrolled   bool          `json:"twoFactorEnrolled"`
	StartActivationTime *string       `json:"startActivationTime" description:"active since (RFC 3339)"`
	CorporateAccount    *CompanyLink  `json:"corporateAccount"`
	UserData            UserData      `json:"userData"`
	Roles               []access.Role `json:"roles"`
	ContactTypes        []string      `json:"contactTypes"`
	MobibCardNumber     string        `json:"mobibCardNumber"`
	MobibChipID         string        `json:"mobibChipId"`
	MobibValidFrom      *string       `json:"mobibValidFrom"`
	Anonymized          bool          `json:"anonymized"`
	CreatedOn           string        `json:"createdOn"`
}

// ListItem is a row of the app-users and admins lists.
type ListItem struct {
	OspID                   string        `json:"ospId"`
	Type                    string        `json:"type"`
	Firstname               string        `json:"firstname"`
	Lastname                string        `json:"lastname"`
	FullName                string        `json:"fullName"`
	Email                   string        `json:"email"`
	Login                   string        `json:"login"`
	Msisdn                  string        `json:"msisdn"`
	EmployeeNumber          string        `json:"employeeNumber"`
	ExtID                   string        `json:"extId"`
	Active                  bool          `json:"active"`
	Blocked                 bool          `json:"blocked"`
	Roles                   []access.Role `json:"roles"`
	ContactTypes            []string      `json:"contactTypes"`
	CorporateAccount        *CompanyLink  `json:"corporateAccount"`
	DesiredDeactivationDate string        `json:"desiredDeactivationDate"`
}

// FindRequest is findByAny: the paged, filtered user list.
type FindRequest struct {
	Active                *bool             `json:"active,omitempty" description:"true: active users only; false: inactive only"`
	CorporateAccountOspID string            `json:"corporateAccountOspId,omitempty"`
	Pagination            paging.Pagination `json:"pagination"`
	UserGroupOspID        string            `json:"userGroupOspId,omitempty" description:"members of this group only"`
	ExcludeMembersOf      string            `json:"excludeMembersOf,omitempty" description:"leave out members of this group"`
	Roles                 []access.Role     `json:"roles,omitempty" maxItems:"100" description:"users with one of these roles"`
	Types                 []string          `json:"types,omitempty" maxItems:"100" description:"mobile, contact and/or admin"`
	Search                string            `json:"search,omitempty" maxLength:"100" description:"name, login, e-mail, employee number or extId"`
}

// SearchRequest is the dashboard's user search.
type SearchRequest struct {
	Search                string            `json:"search" required:"true" minLength:"3" maxLength:"100"`
	ActiveOnly            *bool             `json:"activeOnly,omitempty" description:"default true"`
	PartnerOspID          string            `json:"partnerOspId,omitempty"`
	CorporateAccountOspID string            `json:"corporateAccountOspId,omitempty"`
	CompanyType           string            `json:"companyType,omitempty"`
	Pagination            paging.Pagination `json:"pagination"`
}

// SearchResult is one hit of the dashboard search (SPEC §3).
type SearchResult struct {
	OspID                 string   `json:"ospId"`
	Fullname              string   `json:"fullname"`
	Login                 string   `json:"login"`
	Email                 string   `json:"email"`
	CorporateAccountName  string   `json:"corporateAccountName"`
	CorporateAccountOspID string   `json:"corporateAccountOspId"`
	Msisdn                string   `json:"msisdn"`
	IsMobile              bool     `json:"isMobile"`
	Type                  string   `json:"type"`
	Active                bool     `json:"active"`
	SearchMatchedOn       []string `json:"searchMatchedOn" description:"fields the search matched, e.g. NAME, LOGIN, EMAIL, VOUCHER_CODE"`
}

// GetRequest names a user.
type GetRequest struct {
	OspID string `json:"ospId" required:"true"`
}

// UserRef names a user as userOspId.
type UserRef struct {
	UserOspID string `json:"userOspId" required:"true"`
}

// GroupRefs is the userGroups wrapper of the create payload.
type GroupRefs struct {
	UserGroups []Ref `json:"userGroups"`
}

// CreateMobileRequest is the user's part of the SPEC §3 create payload of
// an app user; internal/onboarding adds the userBudgets.
type CreateMobileRequest struct {
	CorporateAccount Ref       `json:"corporateAccount"`
	UserData         UserData  `json:"userData"`
	UserGroups       GroupRefs `json:"userGroups"`
	MobibCardNumber  string    `json:"mobibCardNumber"`
	MobibChipID      string    `json:"mobibChipId"`
	MobibValidFrom   *string   `json:"mobibValidFrom"`
	SendCredentials  *bool     `json:"sendCredentials" description:"default true"`
}

// CreateManagerRequest creates a company admin.
type CreateManagerRequest struct {
	CorporateAccount Ref           `json:"corporateAccount"`
	UserData         UserData      `json:"userData"`
	Roles            []access.Role `json:"roles"`
	SendCredentials  *bool         `json:"sendCredentials" description:"default true"`
}

// CreateContactRequest creates an invoicing, HR or budget contact.
type CreateContactRequest struct {
	CorporateAccount Ref      `json:"corporateAccount"`
	UserData         UserData `json:"userData"`
	ContactTypes     []string `json:"contactTypes"`
	SendCredentials  *bool    `json:"sendCredentials" description:"default true"`
}

// UpdateRequest changes a user's data.
type UpdateRequest struct {
	OspID        string   `json:"ospId" required:"true"`
	UserData     UserData `json:"userData"`
	ContactTypes []string `json:"contactTypes,omitempty" description:"contacts: replaces their contact types when given"`
}

// Activation moments (SPEC §4).
const (
	WhenNow      = "NOW"
	WhenEndOfDay = "END_OF_DAY"
	WhenOnDate   = "ON_DATE"
	WhenManually = "MANUALLY"
)

// ActivateRequest activates a user now or at the end of the day.
type ActivateRequest struct {
	OspID string `json:"ospId" required:"true"`
	When  string `json:"when,omitempty" enum:"NOW,END_OF_DAY" description:"default NOW"`
}

// DeactivateRequest deactivates a user now, at the end of the day, on a
// chosen day, or leaves it to a manual action later (clearing any plan).
type DeactivateRequest struct {
	OspID string `json:"ospId" required:"true"`
	When  string `json:"when,omitempty" enum:"NOW,END_OF_DAY,ON_DATE,MANUALLY" description:"default NOW"`
	Date  string `json:"date,omitempty" description:"yyyy-MM-dd, with ON_DATE"`
}

// ChangePincodeRequest sets an app user's pincode (v2).
type ChangePincodeRequest struct {
	OspID   string `json:"ospId" required:"true"`
	Pincode string `json:"pincode" description:"4 to 6 digits; empty generates one and mails it"`
}

// RoleRequest adds or removes one role.
type RoleRequest struct {
	OspID string      `json:"ospId" required:"true"`
	Role  access.Role `json:"role" required:"true"`
}

// RoleInfo is one role with whether the caller may grant it.
type RoleInfo struct {
	Role       access.Role `json:"role"`
	Assignable bool        `json:"assignable"`
}

// ContactTypeInfo is one contact type.
type ContactTypeInfo struct {
	ContactType string `json:"contactType"`
}

// VerifyLoginRequest asks whether a login is free.
type VerifyLoginRequest struct {
	Login     string `json:"login" required:"true"`
	UserOspID string `json:"userOspId,omitempty" description:"the user being edited, whose own login counts as free"`
}

// VerifyResult answers the verify calls.
type VerifyResult struct {
	Valid   bool   `json:"valid"`
	Message string `json:"message,omitempty"`
}

// VerifyContractRequest asks whether a contract id may be used.
type VerifyContractRequest struct {
	ContractID            string `json:"contractId" required:"true"`
	CorporateAccountOspID string `json:"corporateAccountOspId" required:"true"`
	UserOspID             string `json:"userOspId,omitempty"`
}

// LinkRequest names the company of a self-registration link.
type LinkRequest struct {
	OspID string `json:"ospId" required:"true" description:"corporate account"`
}

// LinkResponse is a generated self-registration link.
type LinkResponse struct {
	Link      string `json:"link"`
	ExpiresOn string `json:"expiresOn"`
}

// BackofficeRequest names a user by ospId in the path.
type BackofficeRequest struct {
	ID string `path:"id"`
}

// RecipientsRequest names the company whose admins may receive messages.
type RecipientsRequest struct {
	CorporateAccountOspID string `query:"corporateAccountOspId"`
}

// Recipient is an admin who may receive message-channel replies.
type Recipient struct {
	OspID    string `json:"ospId"`
	FullName string `json:"fullName"`
	Email    string `json:"email"`
}

// ParkingRequest pages a user's parking history.
type ParkingRequest struct {
	UserOspID  string            `json:"userOspId" required:"true"`
	Pagination paging.Pagination `json:"pagination"`
}

// ParkingSession is one parking stay.
type ParkingSession struct {
	OspID        string  `json:"ospId"`
	ParkingName  string  `json:"parkingName"`
	LicensePlate string  `json:"licensePlate"`
	StartedAt    string  `json:"startedAt"`
	EndedAt      *string `json:"endedAt"`
	AmountCents  int64   `json:"amount" description:"euro cents"`
}
