package access

import "testing"

func TestCanActOn(t *testing.T) {
	all := []Role{UserManager, InvoiceManager, ReportingManager, CommunicationManager, CompanyBudgetManager}
	cases := []struct {
		name   string
		actor  []Role
		target []Role
		want   bool
	}{
		{"holds every role", all, []Role{UserManager, InvoiceManager}, true},
		{"equal roles", []Role{UserManager}, []Role{UserManager}, true},
		{"lacks one role", []Role{UserManager}, []Role{UserManager, InvoiceManager}, false},
		{"app user counts its roles too", []Role{UserManager}, []Role{OspUser, CompanyBudgetManager}, false},
		{"plain app user", []Role{UserManager}, []Role{OspUser}, true},
		{"contact", []Role{UserManager}, []Role{ContactUser}, true},
		{"nobody but platform staff acts on platform staff", all, []Role{OspAdmin}, false},
		{"platform staff on platform staff", []Role{OspAdmin}, []Role{OspAdmin}, true},
		{"platform staff on anyone", []Role{OspAdmin}, all, true},
	}
	for _, c := range cases {
		if got := CanActOn(&Principal{Roles: c.actor}, c.target); got != c.want {
			t.Errorf("%s: got %v", c.name, got)
		}
	}
	if CanActOn(nil, nil) {
		t.Error("nil actor")
	}
}

func TestIsPortalUser(t *testing.T) {
	cases := []struct {
		userType string
		roles    []Role
		want     bool
	}{
		{"admin", []Role{UserManager}, true},
		{"admin", []Role{CompanyBudgetManager}, true},
		{"admin", []Role{OspAdmin}, true},
		{"admin", nil, false},
		{"mobile", []Role{OspUser, CompanyBudgetManager}, false},
		{"mobile", []Role{OspUser, UserManager}, false},
		{"contact", []Role{ContactUser}, false},
	}
	for _, c := range cases {
		if got := IsPortalUser(c.userType, c.roles); got != c.want {
			t.Errorf("%s %v: got %v", c.userType, c.roles, got)
		}
	}
}
