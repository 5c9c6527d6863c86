package budget

import "mobility/portal/internal/access"

// Predicates budget publishes for other domains' stores: a condition on
// their own budget id column, so they scope rows that hang off a budget
// without SQL of their own on budgets.

// InScope restricts budgetCol to the budgets within scope.
func InScope(budgetCol string, scope access.Scope) (string, []any) {
	if scope.All {
		return "1=1", nil
	}
	cond, args := scope.InCompanies("b.corporate_account_id")
	return budgetCol + " IN (SELECT b.id FROM budgets b WHERE " + cond + ")", args
}
