package access

import "slices"

// CanActOn is the one rule of who may change whom (issue 7): an admin may
// change or act on another user (their e-mail, login, two-factor flag,
// roles, authenticator, activation, block, pincode, anonymizing) only if it
// holds every portal role that user holds. Otherwise a user manager could
// take over a richer admin by pointing their e-mail at an address of their
// own and asking a reset link. Platform staff always may; nobody else acts
// on platform staff. App users' ospuser and contacts' contact_user do not
// count: they open nothing in the portal.
func CanActOn(actor *Principal, targetRoles []Role) bool {
	if actor == nil {
		return false
	}
	if actor.IsOspAdmin() {
		return true
	}
	for _, r := range targetRoles {
		if r.IsAdminRole() && !actor.HoldsExactly(r) {
			return false
		}
	}
	return true
}

// UserTypeAdmin is the user type (SPEC §3) of portal users; app users are
// "mobile" and contacts "contact".
const UserTypeAdmin = "admin"

// IsPortalUser tells whether a user may hold a portal session: an admin
// (user type admin) with at least one admin role. An app user never gets
// one, whatever roles were granted to them: company_budget_manager is for
// the mobile app when an app user holds it.
func IsPortalUser(userType string, roles []Role) bool {
	return userType == UserTypeAdmin && slices.ContainsFunc(roles, Role.IsAdminRole)
}
