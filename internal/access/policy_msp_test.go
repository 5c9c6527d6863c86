package access

import "testing"

func TestMspNeedRefusesCompanyAdmins(t *testing.T) {
	company := &Principal{UserOspID: "u", PartnerOspID: "p", TenantOspID: "c", Roles: []Role{UserManager}}
	msp := &Principal{UserOspID: "u", PartnerOspID: "p", TenantOspID: "p", Roles: []Role{UserManager}}
	staff := &Principal{Roles: []Role{OspAdmin}}
	for _, c := range []struct {
		name string
		pol  Policy
		pr   *Principal
		want bool
	}{
		{"company admin with the role", MspNeed(UserManager), company, false},
		{"msp admin with the role", MspNeed(UserManager), msp, true},
		{"msp admin without the role", MspNeed(InvoiceManager), msp, false},
		{"platform staff", MspNeed(UserManager), staff, true},
		{"any msp user", MspNeed(), msp, true},
		{"any msp user, company admin", MspNeed(), company, false},
		{"anonymous", MspNeed(), nil, false},
	} {
		if got := c.pol.Allows(c.pr); got != c.want {
			t.Errorf("%s: Allows = %v, want %v", c.name, got, c.want)
		}
	}
}
