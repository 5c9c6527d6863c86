package company

// Predicates company publishes for other domains' stores: a condition on
// their own corporate-account id column, so they filter by a company's
// attributes without SQL of their own on corporate_accounts.

// OfType restricts companyCol to the companies of a company type.
func OfType(companyCol, companyType string) (string, []any) {
	return companyCol + " IN (SELECT id FROM corporate_accounts WHERE company_type = ?)", []any{companyType}
}
