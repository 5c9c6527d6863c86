// Package access holds who may do what: the roles of SPEC §6, the signed-in
// principal with its tenancy scope, and the policy every route declares.
package access

import "slices"

// Role is one of the portal's roles.
type Role string

const (
	OspAdmin             Role = "ospadmin"
	OspUser              Role = "ospuser"
	UserManager          Role = "user_manager"
	InvoiceManager       Role = "invoice_manager"
	ReportingManager     Role = "reporting_manager"
	ContactUser          Role = "contact_user"
	CommunicationManager Role = "communication_manager"
	// CompanyBudgetManager is the role to manage the company budget (SPEC §3).
	CompanyBudgetManager Role = "company_budget_manager"
)

// AllRoles lists every role in display order.
var AllRoles = []Role{OspAdmin, OspUser, UserManager, InvoiceManager, ReportingManager,
	ContactUser, CommunicationManager, CompanyBudgetManager}

// AdminRoles are the roles that give access to the portal: everything but
// the app user's ospuser and the contact's contact_user.
var AdminRoles = []Role{OspAdmin, UserManager, InvoiceManager, ReportingManager,
	CommunicationManager, CompanyBudgetManager}

// Valid tells whether r is a known role.
func (r Role) Valid() bool { return slices.Contains(AllRoles, r) }

// IsAdminRole tells whether r opens the portal.
func (r Role) IsAdminRole() bool { return slices.Contains(AdminRoles, r) }

// HasPortalAccess tells whether any of roles opens the portal.
func HasPortalAccess(roles []Role) bool {
	return slices.ContainsFunc(roles, Role.IsAdminRole)
}
