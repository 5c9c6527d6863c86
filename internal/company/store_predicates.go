package company

// Predicates company publishes for other domains' stores: a condition on
// their own corporate-account id column, so they filter by a company's
// attributes without SQL of their own on corporate_accounts.

// OfType restricts companyCol to the companies of a company type.
func OfType(companyCol, companyType string) (string, []any) {
	return companyCol + " IN (SELECT id FROM corporate_accounts WHERE company_type = ?)", []any{companyType}
}

// Fields of a company other stores may read through Attr.
const (
	FieldOspID              = "osp_id"
	FieldPartnerID          = "partner_id"
	FieldTwoFactorForAdmins = "two_factor_for_admins"
	FieldActive             = "active"
)

var publishedFields = map[string]bool{FieldOspID: true, FieldPartnerID: true, FieldTwoFactorForAdmins: true, FieldActive: true}

// Attr is an expression for one attribute of the company whose id is in
// companyCol (NULL when there is none), a lookup by primary key. field is
// one of the Field constants (not user input: another one panics).
func Attr(companyCol, field string) string {
	if !publishedFields[field] {
		panic("company.Attr: unpublished field " + field)
	}
	return "(SELECT " + field + " FROM corporate_accounts WHERE corporate_accounts.id = " + companyCol + ")"
}
