package access

import (
	"fmt"
	"testing"
)

// The tenant predicates: everything, one company, a partner's companies
// (and, for CompaniesOrPartner, the partner's own rows), or nothing.
func TestScopePredicates(t *testing.T) {
	cases := []struct {
		scope            Scope
		in, inArgs       string
		either, eitherAr string
	}{
		{SystemScope(), "1=1", "[]", "1=1", "[]"},
		{Scope{CorporateAccountID: 7}, "c = ?", "[7]", "c = ?", "[7]"},
		{Scope{PartnerID: 3}, "c IN (SELECT id FROM corporate_accounts WHERE partner_id = ?)", "[3]",
			"(c IN (SELECT id FROM corporate_accounts WHERE partner_id = ?) OR (c IS NULL AND p = ?))", "[3 3]"},
		{Scope{}, "1=0", "[]", "1=0", "[]"},
	}
	for _, c := range cases {
		in, a := c.scope.InCompanies("c")
		either, b := c.scope.CompaniesOrPartner("c", "p")
		if in != c.in || fmt.Sprint(a) != c.inArgs && !(len(a) == 0 && c.inArgs == "[]") {
			t.Errorf("%+v InCompanies = %q %v", c.scope, in, a)
		}
		if either != c.either || fmt.Sprint(b) != c.eitherAr && !(len(b) == 0 && c.eitherAr == "[]") {
			t.Errorf("%+v CompaniesOrPartner = %q %v", c.scope, either, b)
		}
	}
}
