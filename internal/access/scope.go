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
