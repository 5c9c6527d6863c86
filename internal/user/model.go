// Package user holds app users, admins and contacts. This issue serves the
// signed-in user's own calls; the people screens extend it.
package user

import "mobility/portal/internal/access"

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
