package seed

import (
	"context"
	"fmt"
	"strings"

	"mobility/portal/internal/access"
	"mobility/portal/internal/company"
	"mobility/portal/internal/database"
	"mobility/portal/internal/deactivation"
	"mobility/portal/internal/user"
)

// UmbrellaOspID is the demo's small company of MobiPartner that asked to
// be deactivated on the story's last day: its request is pending (the
// deactivation screen and platform staff's list show it).
const UmbrellaOspID = "dddddddd-dddd-4ddd-8ddd-dddddddddddd"

// leaving adds Umbrella NV with its admin, a contact and a few employees,
// and has its admin request the deactivation today, through the services.
func (s *story) leaving(ctx context.Context) error {
	db := s.app.DB
	var mobi int64
	if err := db.Get(ctx, &mobi, `SELECT id FROM partners WHERE osp_id = ?`, MobiPartnerOspID); err != nil {
		return err
	}
	// through company's service, like the base demo's (Demo)
	id, err := s.app.Companies.SeedAccount(ctx, mobi, UmbrellaOspID, company.CreateRequest{
		Name: "Umbrella NV", ExtID: "UMBRELLA", Street: "Veldstraat", StreetNumber: "40", ZipCode: "9000", City: "Gent",
		CompanyNumber: "0403.170.701", VatNumber: "BE0403170701", VatLiable: true, Iban: "BE15 0017 6543 2130", Bic: "GEBABEBB",
		ContractType: company.ContractBusinessMobility, PaymentType: company.PaymentPrepaid,
	}, database.Now(s.clk.Now()))
	if err != nil {
		return fmt.Errorf("umbrella: %w", err)
	}
	uid, _, err := s.app.Users.Create(ctx, user.NewUser{Login: "umbrella.admin", Firstname: "Umberto", Lastname: "Paraplu",
		Email: "umbrella.admin@example.com", Language: "nl", CorporateAccountID: &id, Roles: companyAdminRoles})
	if err != nil {
		return err
	}
	if err := s.app.Auth.SetPassword(ctx, uid, DemoPassword); err != nil {
		return err
	}
	admin, err := s.principal(ctx, "umbrella.admin", companyAdminRoles, access.Scope{CorporateAccountID: id})
	if err != nil {
		return err
	}
	if _, err := s.app.Users.CreateContact(ctx, admin, user.CreateContactRequest{CorporateAccount: user.Ref{OspID: UmbrellaOspID},
		UserData:     user.UserData{Firstname: "Ilse", Lastname: "Invoice", Email: "ilse.invoice@example.com", Language: "nl"},
		ContactTypes: []string{user.ContactInvoicing}, SendCredentials: ptr(false)}); err != nil {
		return fmt.Errorf("umbrella contact: %w", err)
	}
	for i, name := range [][2]string{{"Wout", "Regen"}, {"Anouk", "Buis"}, {"Louis", "Gouttière"}} {
		login := strings.ToLower(name[0] + "." + name[1])
		login = strings.ReplaceAll(login, "è", "e")
		if _, err := s.app.Users.CreateMobile(ctx, admin, user.CreateMobileRequest{CorporateAccount: user.Ref{OspID: UmbrellaOspID},
			UserData: user.UserData{Firstname: name[0], Lastname: name[1], Email: login + "@example.com", Login: login, Language: "nl",
				EmployeeNumber: fmt.Sprintf("U%03d", i+1)}, SendCredentials: ptr(false)}); err != nil {
			return fmt.Errorf("%s: %w", login, err)
		}
	}
	_, err = s.app.Deactivations.Request(ctx, admin, deactivation.RequestRequest{OspID: UmbrellaOspID,
		Remark: "We merge into Acme NV; please stop our account."})
	return err
}
