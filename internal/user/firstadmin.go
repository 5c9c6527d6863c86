package user

import (
	"context"
	"strings"

	"mobility/portal/internal/access"
	"mobility/portal/internal/company"
)

// FirstAdminRoles are the roles of a new company's first admin.
var FirstAdminRoles = []access.Role{access.UserManager, access.InvoiceManager, access.ReportingManager}

// CreateFirstAdmin creates the first admin of a company being created
// (company.FirstAdmins, wired in app.go): a company admin with
// FirstAdminRoles whose login is their e-mail address, who gets the
// welcome mail with a link to choose a password. It runs in the caller's
// transaction; the caller (a partner admin or platform staff) may grant
// these roles whatever roles they hold, as the company's creator.
func (s *Service) CreateFirstAdmin(ctx context.Context, p *access.Principal, companyOspID string, a company.FirstAdmin) (string, error) {
	u, err := s.create(ctx, p, newUser{kind: TypeAdmin, company: Ref{OspID: companyOspID}, trusted: true,
		data:  UserData{Firstname: a.Firstname, Lastname: a.Lastname, Email: a.Email, Login: loginFromEmail(a.Email), Language: a.Language},
		roles: FirstAdminRoles, sendCredentials: true})
	if err != nil {
		return "", err
	}
	return u.OspID, nil
}

// loginFromEmail is an e-mail address as a login: lower case, characters a
// login cannot hold replaced by '-'.
func loginFromEmail(email string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || strings.ContainsRune("._-@", r) {
			return r
		}
		return '-'
	}, NormalizeLogin(email))
}

// checkMaxUsers refuses adding n app users to a company that would then
// have more active app users than its maxUsers (company.MaxUsersReached).
// A limit set below the current count blocks new users only.
func (s *Service) checkMaxUsers(ctx context.Context, ca *company.Resolved, n int) error {
	if ca == nil || ca.MaxUsers == nil {
		return nil
	}
	count, err := s.store.countActiveAppUsers(ctx, ca.ID)
	if err != nil {
		return wrapInternal(err)
	}
	if count+n > *ca.MaxUsers {
		return company.MaxUsersReached(ctx, *ca.MaxUsers)
	}
	return nil
}
