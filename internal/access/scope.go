package access

import "fmt"

// Scope is the set of corporate accounts a principal may reach: all of them
// (platform staff), a partner's (partner admins), or one (company admins).
// Stores put it in their WHERE clause so tenancy holds in the query itself.
type Scope struct {
	All                bool
	PartnerID          int64
	CorporateAccountID int64
}

// SystemScope is the scope of trusted internal callers that act for no
// signed-in user, or read what the caller's own session already names:
// the jobs runner, the ledger check, building the caller's own session.
// It reaches every tenant; name it at the call so a reader sees the trust.
func SystemScope() Scope { return Scope{All: true} }

// CorporateAccounts returns a SQL condition restricting rows whose
// corporate-account id is in idCol and partner id in partnerCol, with its
// arguments. A scope that names nothing matches nothing.
func (s Scope) CorporateAccounts(idCol, partnerCol string) (string, []any) {
	switch {
	case s.All:
		return "1=1", nil
	case s.CorporateAccountID != 0:
		return fmt.Sprintf("%s = ?", idCol), []any{s.CorporateAccountID}
	case s.PartnerID != 0:
		return fmt.Sprintf("%s = ?", partnerCol), []any{s.PartnerID}
	default:
		return "1=0", nil
	}
}

// InCompanies returns a SQL condition restricting rows by their
// corporate-account id column alone, so a store needs no join on
// corporate_accounts (owned by company) to scope its rows: for a partner
// admin it asks for the partner's companies in a subquery. This is the one
// place outside company that names that table (ARCHITECTURE.md allows it).
func (s Scope) InCompanies(companyCol string) (string, []any) {
	switch {
	case s.All:
		return "1=1", nil
	case s.CorporateAccountID != 0:
		return fmt.Sprintf("%s = ?", companyCol), []any{s.CorporateAccountID}
	case s.PartnerID != 0:
		return fmt.Sprintf("%s IN (SELECT id FROM corporate_accounts WHERE partner_id = ?)", companyCol), []any{s.PartnerID}
	default:
		return "1=0", nil
	}
}

// InCompaniesOfRow is InCompanies for a statement that applies a scope
// per row of a list of values (a group-commit batch's moves, each of its
// own caller): the row's columns allCol (1 for All), companyIDCol and
// partnerIDCol hold the scope's fields (Columns), and the condition asks
// what InCompanies asks of that scope.
func InCompaniesOfRow(companyCol, allCol, companyIDCol, partnerIDCol string) string {
	return fmt.Sprintf("(%[2]s = 1 OR %[1]s = %[3]s OR (%[4]s <> 0 AND %[1]s IN (SELECT id FROM corporate_accounts WHERE partner_id = %[4]s)))",
		companyCol, allCol, companyIDCol, partnerIDCol)
}

// Columns are the scope's fields as InCompaniesOfRow's columns read
// them.
func (s Scope) Columns() (all, companyID, partnerID int64) {
	if s.All {
		all = 1
	}
	return all, s.CorporateAccountID, s.PartnerID
}

// CompaniesOrPartner is InCompanies for rows that belong either to a
// company (companyCol set) or directly to a partner (companyCol NULL,
// partnerCol set), such as admins: a partner admin reaches the partner's
// companies' rows and the partner's own.
func (s Scope) CompaniesOrPartner(companyCol, partnerCol string) (string, []any) {
	cond, args := s.InCompanies(companyCol)
	if s.All || s.CorporateAccountID != 0 || s.PartnerID == 0 {
		return cond, args
	}
	return fmt.Sprintf("(%s OR (%s IS NULL AND %s = ?))", cond, companyCol, partnerCol), append(args, s.PartnerID)
}

// Partners returns a SQL condition restricting partner rows by id column.
func (s Scope) Partners(idCol string) (string, []any) {
	switch {
	case s.All:
		return "1=1", nil
	case s.PartnerID != 0:
		return fmt.Sprintf("%s = ?", idCol), []any{s.PartnerID}
	default:
		return "1=0", nil
	}
}
