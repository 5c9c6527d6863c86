package access

import "slices"

// CompanyBudgetOnly tells whether company_budget_manager is the principal's
// only portal role. Such an admin opens the company-budget view and nothing
// else (README, roles): not the user lists, not other budgets.
func (p *Principal) CompanyBudgetOnly() bool {
	if p == nil {
		return false
	}
	n := 0
	for _, r := range p.Roles {
		if r.IsAdminRole() {
			if r != CompanyBudgetManager {
				return false
			}
			n++
		}
	}
	return n > 0
}

// CompanyBudgetViewCalls are the calls (route patterns), besides those
// whose policy names company_budget_manager, that an admin holding only
// that role may make: their own session, and what the company-budget
// screen reads.
var CompanyBudgetViewCalls = []string{
	"/user-service/v1/auth/logout",
	"/user-service/v1/user/changePassword",
	"/portal-service/v1/user/current",
	"/portal-service/v1/user/changeLanguage/{lang}",
	"/portal-service/v1/portal/branding/get",
	"/portal-service/v1/portal/logo/get",
	"/portal-service/v1/help/get",
	"/portal-service/v1/corporateAccount/get",
	"/portal-service/v1/budget/company/get",
	"/portal-service/v1/budget/transaction/getByFilter",
}

// AllowsCall is Allows for the call with route pattern path: a principal
// whose only portal role is company_budget_manager passes only the routes
// that name that role and the company-budget view's calls.
func (p Policy) AllowsCall(pr *Principal, path string) bool {
	if !p.Allows(pr) {
		return false
	}
	if p.Public || !pr.CompanyBudgetOnly() {
		return true
	}
	return slices.Contains(p.Roles, CompanyBudgetManager) || slices.Contains(CompanyBudgetViewCalls, path)
}
