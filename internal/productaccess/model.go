// Package productaccess decides who may use which mobility product (SPEC
// §2 company/products, the user group products tab, company/settings
// available-products, the partner tabs products and resources; §6
// platform-level disallow; §7 the product permission calls).
//
// Four levels, each inside the one above:
//
//   - platform: staff may disallow a product for the whole platform;
//   - partner:  the products and service resources a partner lets its
//     companies offer (partner/create and partner/update carry them);
//   - company:  what a company offers, chosen from its partner's selection
//     (corporateAccount/update, MSP admins and platform staff);
//   - group:    the products a user group may use (grant and revoke).
//
// MayUse is the rule, written once: a user may use a product when the
// product is active and not disallowed, the user's company's partner
// selected it, the company selected it, one of the user's active groups
// holds a grant, and the user and the company are active.
//
// A user's default product (the app sets it) may not lose its access:
// revoking it, or removing it from a selection, while some user has it as
// default is refused with PRODUCT_DEFAULT_IN_USE (SPEC §8).
//
// Deactivated or disallowed products, and deactivated service resources,
// are left out of every view at once; their rows stay (history).
package productaccess

// Reason says why MayUse allows or refuses; the first level that fails
// is named (checked from the platform down to the user's groups).
type Reason string

const (
	Allowed Reason = "ALLOWED"
	// ProductUnknown: no product has this id.
	ProductUnknown Reason = "PRODUCT_UNKNOWN"
	// ProductInactive: the product is deactivated (internal/product).
	ProductInactive Reason = "PRODUCT_INACTIVE"
	// PlatformDisallowed: platform staff disallowed the product.
	PlatformDisallowed Reason = "PLATFORM_DISALLOWED"
	// UserUnknown: no user has this id.
	UserUnknown Reason = "USER_UNKNOWN"
	// UserInactive: the user is deactivated (or anonymized).
	UserInactive Reason = "USER_INACTIVE"
	// NoCompany: the user belongs to no company (platform staff, partner
	// admins).
	NoCompany Reason = "NO_COMPANY"
	// CompanyInactive: the user's company is deactivated.
	CompanyInactive Reason = "COMPANY_INACTIVE"
	// PartnerNotSelected: the company's partner does not let its
	// companies offer the product.
	PartnerNotSelected Reason = "PARTNER_NOT_SELECTED"
	// CompanyNotSelected: the company does not offer the product.
	CompanyNotSelected Reason = "COMPANY_NOT_SELECTED"
	// NoGroupGrant: none of the user's active groups holds the product.
	NoGroupGrant Reason = "NO_GROUP_GRANT"
)

// Reasons lists every reason, for the API's enum.
var Reasons = []Reason{Allowed, ProductUnknown, ProductInactive, PlatformDisallowed, UserUnknown, UserInactive,
	NoCompany, CompanyInactive, PartnerNotSelected, CompanyNotSelected, NoGroupGrant}

// ---- API types ----

// Ref names an entity by ospId, as SPEC payloads nest them.
type Ref struct {
	OspID string `json:"ospId"`
}

// ProductSummary is a product as the permission views show it.
type ProductSummary struct {
	OspID  string `json:"ospId"`
	ExtID  string `json:"extId"`
	Label  string `json:"label" description:"the product label's default value"`
	Active bool   `json:"active"`
}

// ServiceResourceSummary is a service resource as the permission views
// show it.
type ServiceResourceSummary struct {
	OspID           string `json:"ospId"`
	Name            string `json:"name"`
	MobilityMode    string `json:"mobilityMode"`
	MrpPartnerOspID string `json:"mrpPartnerOspId"`
	Active          bool   `json:"active"`
}

// GroupRef is a user group as the permission views show it.
type GroupRef struct {
	OspID  string `json:"ospId"`
	Name   string `json:"name" description:"extId shown with underscores as spaces"`
	Active bool   `json:"active"`
}

// ProductOspIDRequest names one product (platform disallow and allow).
type ProductOspIDRequest struct {
	ProductOspID string `json:"productOspId" required:"true" maxLength:"64"`
}

// PlatformProduct is a product's platform-level state.
type PlatformProduct struct {
	ProductSummary
	// Disallowed: platform staff took the product off the platform; no
	// partner may select it and nobody may use it.
	Disallowed   bool   `json:"disallowed"`
	DisallowedAt string `json:"disallowedAt,omitempty" description:"RFC 3339, when disallowed"`
}

// UserGroupRequest names one user group.
type UserGroupRequest struct {
	UserGroupOspID string `json:"userGroupOspId" required:"true" maxLength:"64"`
}

// UserGroupPath names one user group in the path (the v2 GET).
type UserGroupPath struct {
	UserGroupOspID string `path:"userGroupOspId" required:"true" maxLength:"64"`
}

// GrantRequest grants products to a user group, or revokes them.
type GrantRequest struct {
	UserGroupOspID string   `json:"userGroupOspId" required:"true" maxLength:"64"`
	ProductOspIDs  []string `json:"productOspIds" required:"true" minItems:"1" maxItems:"100"`
}

// GroupProducts is what a user group may use: the products granted to
// it that are usable (active, not disallowed, selected by its partner and
// its company), by label.
type GroupProducts struct {
	UserGroup GroupRef         `json:"userGroup"`
	Products  []ProductSummary `json:"products"`
}

// GroupServiceResources are the service resources a user group may use:
// the service resources its company offers (active, within the partner's
// selection); none while the group is deactivated.
type GroupServiceResources struct {
	UserGroup        GroupRef                 `json:"userGroup"`
	ServiceResources []ServiceResourceSummary `json:"serviceResources"`
}

// CorporateAccountRequest names one corporate account.
type CorporateAccountRequest struct {
	CorporateAccountOspID string `json:"corporateAccountOspId" required:"true" maxLength:"64"`
}

// CompanyProduct is one product a company offers with the groups that may
// use it and how many employees have it as default product.
type CompanyProduct struct {
	ProductSummary
	UserGroups       []GroupRef `json:"userGroups"`
	DefaultUserCount int        `json:"defaultUserCount" description:"employees with this product as default (revoking it from them is refused)"`
}

// CompanyProducts is the company/products list tab: the products the
// company offers (usable ones only), by label, with the groups using each.
type CompanyProducts struct {
	CorporateAccount Ref              `json:"corporateAccount"`
	Products         []CompanyProduct `json:"products"`
}

// AvailableProduct is a product a company's partner allows, and whether
// the company offers it.
type AvailableProduct struct {
	ProductSummary
	Selected bool `json:"selected"`
}

// AvailableServiceResource is a service resource a company's partner
// allows, and whether the company offers it.
type AvailableServiceResource struct {
	ServiceResourceSummary
	Selected bool `json:"selected"`
}

// Availability is the company/settings available-products tab: what the
// partner allows (usable ones only) and what the company selected. The
// selection is changed with corporateAccount/update (selectedProducts,
// selectedServiceResources).
type Availability struct {
	CorporateAccount Ref                        `json:"corporateAccount"`
	Products         []AvailableProduct         `json:"products"`
	ServiceResources []AvailableServiceResource `json:"serviceResources"`
}

// MayUseRequest asks whether a user may use a product.
type MayUseRequest struct {
	UserOspID    string `json:"userOspId" required:"true" maxLength:"64"`
	ProductOspID string `json:"productOspId" required:"true" maxLength:"64"`
}

// MayUseAnswer is the rule's answer with the first level that refuses.
type MayUseAnswer struct {
	Allowed bool   `json:"allowed"`
	Reason  Reason `json:"reason" enum:"ALLOWED,PRODUCT_UNKNOWN,PRODUCT_INACTIVE,PLATFORM_DISALLOWED,USER_UNKNOWN,USER_INACTIVE,NO_COMPANY,COMPANY_INACTIVE,PARTNER_NOT_SELECTED,COMPANY_NOT_SELECTED,NO_GROUP_GRANT"`
}

// DefaultUsersRequest asks which employees of a company have a product as
// default.
type DefaultUsersRequest struct {
	CorporateAccountOspID string `json:"corporateAccountOspId" required:"true" maxLength:"64"`
	ProductOspID          string `json:"productOspId" required:"true" maxLength:"64"`
}

// DefaultUser is an employee with a product as default.
type DefaultUser struct {
	OspID    string `json:"ospId"`
	FullName string `json:"fullName"`
	Email    string `json:"email"`
}

// UserRequest names one user.
type UserRequest struct {
	UserOspID string `json:"userOspId" required:"true" maxLength:"64"`
}

// UserDefault is a user's default product; product is null when the user
// has none.
type UserDefault struct {
	UserOspID string          `json:"userOspId"`
	Product   *ProductSummary `json:"product"`
}

// Selection is a partner's or a company's choice: products and service
// resources by ospId (the shape of partner's and company's fields).
type Selection struct {
	Products         []string
	ServiceResources []string
}
