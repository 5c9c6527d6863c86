package server_test

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/user"
)

// invoice/send mails a document to its company's invoicing contacts: the
// matrix's sendable invoice is one of Acme's once Acme has such a contact.
func init() {
	fixtureMakers["sendableInvoice"] = sendableInvoice
}

func sendableInvoice(f *fixture, n int) string {
	e, t := f.m.e, f.m.t
	ctx := context.Background()
	var contacts int
	if err := e.DB.Get(ctx, &contacts, `SELECT COUNT(*) FROM users WHERE email = 'authz.invoicing@example.com'`); err != nil {
		t.Fatal(err)
	}
	if contacts == 0 {
		staff := &access.Principal{Roles: []access.Role{access.OspAdmin}, Scope: access.SystemScope()}
		if _, err := e.App.Users.CreateContact(ctx, staff, user.CreateContactRequest{CorporateAccount: user.Ref{OspID: seed.AcmeOspID},
			UserData:     user.UserData{Firstname: "Ina", Lastname: "Voice", Email: "authz.invoicing@example.com", Language: "nl"},
			ContactTypes: []string{user.ContactInvoicing}, SendCredentials: new(bool)}); err != nil {
			t.Fatalf("fixture invoicing contact: %v", err)
		}
	}
	return issuedInvoice(f, n)
}
