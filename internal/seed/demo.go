// Package seed fills a database with the demo data of the README: one
// platform admin, an MSP partner with two companies and their admins, a
// second partner to show tenancy, and a few app users.
package seed

import (
	"context"
	"fmt"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/auth"
	"mobility/portal/internal/company"
	"mobility/portal/internal/database"
	"mobility/portal/internal/money"
	"mobility/portal/internal/partner"
	"mobility/portal/internal/user"
)

// DemoPassword is the password of every demo login.
const DemoPassword = "Demo1234!"

// Deps are the services seeding goes through, so demo users are made the
// way real ones are.
type Deps struct {
	DB    *database.DB
	Users *user.Service
	Auth  *auth.Service
	Now   time.Time
}

// IsEmpty tells whether the database has no partners yet.
func IsEmpty(ctx context.Context, db *database.DB) (bool, error) {
	var n int
	err := db.Get(ctx, &n, `SELECT COUNT(*) FROM partners`)
	return n == 0, err
}

// Demo ids are fixed so links and tests can name them.
const (
	MobiPartnerOspID  = "11111111-1111-4111-8111-111111111111"
	OtherPartnerOspID = "22222222-2222-4222-8222-222222222222"
	AcmeOspID         = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa"
	GlobexOspID       = "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb"
	InitechOspID      = "cccccccc-cccc-4ccc-8ccc-cccccccccccc"
)

// Demo seeds the demo data in one transaction; it refuses a non-empty
// database.
func Demo(ctx context.Context, d Deps) error {
	empty, err := IsEmpty(ctx, d.DB)
	if err != nil {
		return err
	}
	if !empty {
		return fmt.Errorf("the database already has data; demo data goes into an empty database only")
	}
	now := database.Now(d.Now)
	return d.DB.WithTx(ctx, func(ctx context.Context) error {
		mobi, err := d.DB.Insert(ctx, `INSERT INTO partners (osp_id, name, ext_id, partner_type, created_at) VALUES (?, 'MobiPartner', 'MOBI', 'MSP', ?) RETURNING id`, MobiPartnerOspID, now)
		if err != nil {
			return err
		}
		other, err := d.DB.Insert(ctx, `INSERT INTO partners (osp_id, name, ext_id, partner_type, brand_color, created_at) VALUES (?, 'RideOn Mobility', 'RIDEON', 'MSP', '#2B8A3E', ?) RETURNING id`, OtherPartnerOspID, now)
		if err != nil {
			return err
		}
		// The companies go through company's own checks (IBAN, VAT number,
		// payment reference, app menu) with realistic Belgian data.
		companies := company.NewService(d.DB, partner.NewService(d.DB))
		amount := func(cents int64) *money.Amount { a := money.Amount(cents); return &a }
		acme, err := companies.SeedAccount(ctx, mobi, AcmeOspID, company.CreateRequest{
			Name: "Acme NV", ExtID: "ACME", Street: "Kunstlaan", StreetNumber: "12", ZipCode: "1000", City: "Brussel",
			CompanyNumber: "0123.456.749", VatNumber: "BE0123456749", VatLiable: true,
			Iban: "BE68 5390 0754 7034", Bic: "GKCCBEBB", PoNumber: "PO-2026-0042",
			ContractType: company.ContractBusinessMobility, InvoiceSendingMethod: company.InvoiceByEmail,
			InvoicePaymentMethod: company.InvoicePaymentManual, PaymentType: company.PaymentPrepaid,
			CompanyBudgetThreshold: amount(500_000),
		}, d.Now)
		if err != nil {
			return fmt.Errorf("seed Acme: %w", err)
		}
		maxGlobex := 500
		globex, err := companies.SeedAccount(ctx, mobi, GlobexOspID, company.CreateRequest{
			Name: "Globex BV", ExtID: "GLOBEX", Street: "Meir", StreetNumber: "85", ZipCode: "2000", City: "Antwerpen",
			CompanyNumber: "0987.654.394", VatNumber: "BE0987654394", VatLiable: true,
			Iban: "BE80 0682 0471 3877", Bic: "GKCCBEBB", PoNumber: "GLX-4500012345", MaxUsers: &maxGlobex,
			ContractType: company.ContractResellerB2B, InvoiceSendingMethod: company.InvoiceByPeppol,
			InvoicePaymentMethod: company.InvoicePaymentDirectDebit, PaymentType: company.PaymentPostpaidSecurityDeposit,
			SecurityDepositAmount: amount(1_500_000), CompanyBudgetThreshold: amount(250_000),
		}, d.Now)
		if err != nil {
			return fmt.Errorf("seed Globex: %w", err)
		}
		// Initech's admin two-factor rule is switched on by DemoStory (the
		// tests sign in as initech.admin with a password alone).
		initech, err := companies.SeedAccount(ctx, other, InitechOspID, company.CreateRequest{
			Name: "Initech SA", ExtID: "INITECH", Street: "Rue Neuve", StreetNumber: "3",
			ZipCode: "4000", City: "Liège", CompanyNumber: "BE 0555 444 368", VatNumber: "BE0555444368", VatLiable: true,
			Iban: "BE56 3631 2345 6788", Bic: "BBRUBEBB", PoNumber: "INI/2026/017",
			ContractType: company.ContractOlympusB2B, InvoiceSendingMethod: company.InvoiceByEmail,
			InvoicePaymentMethod: company.InvoicePaymentManual, PaymentType: company.PaymentPrepaid,
		}, d.Now)
		if err != nil {
			return fmt.Errorf("seed Initech: %w", err)
		}
		companyAdmin := []access.Role{access.UserManager, access.InvoiceManager, access.ReportingManager,
			access.CommunicationManager, access.CompanyBudgetManager}
		people := []user.NewUser{
			{Login: "ospadmin", Firstname: "Olivia", Lastname: "Platform", Email: "ospadmin@example.com", Language: "en", Roles: []access.Role{access.OspAdmin}},
			{Login: "msp.admin", Firstname: "Marc", Lastname: "Partner", Email: "msp.admin@example.com", Language: "nl", PartnerID: &mobi,
				Roles: []access.Role{access.UserManager, access.InvoiceManager, access.ReportingManager, access.CommunicationManager}},
			{Login: "rideon.admin", Firstname: "Rita", Lastname: "Ride", Email: "rideon.admin@example.com", Language: "fr", PartnerID: &other,
				Roles: []access.Role{access.UserManager}},
			{Login: "acme.admin", Firstname: "Anna", Lastname: "Acme", Email: "acme.admin@example.com", Language: "nl", CorporateAccountID: &acme, Roles: companyAdmin},
			{Login: "globex.admin", Firstname: "Gert", Lastname: "Globex", Email: "globex.admin@example.com", Language: "nl", CorporateAccountID: &globex,
				Roles: []access.Role{access.UserManager}},
			{Login: "acme.2fa", Firstname: "Tom", Lastname: "Twofactor", Email: "acme.2fa@example.com", Language: "en", CorporateAccountID: &acme,
				TwoFactorEnabled: true, Roles: []access.Role{access.UserManager}},
			{Login: "initech.admin", Firstname: "Ines", Lastname: "Initech", Email: "initech.admin@example.com", Language: "fr", CorporateAccountID: &initech,
				Roles: companyAdmin},
			// App users: they use the mobile app and cannot sign in to the portal.
			{Login: "jan.peeters", Firstname: "Jan", Lastname: "Peeters", Email: "jan.peeters@example.com", Language: "nl", CorporateAccountID: &acme,
				Roles: []access.Role{access.OspUser}},
			{Login: "sophie.dubois", Firstname: "Sophie", Lastname: "Dubois", Email: "sophie.dubois@example.com", Language: "fr", CorporateAccountID: &acme,
				Roles: []access.Role{access.OspUser}},
			{Login: "lena.maes", Firstname: "Lena", Lastname: "Maes", Email: "lena.maes@example.com", Language: "nl", CorporateAccountID: &globex,
				Roles: []access.Role{access.OspUser}},
		}
		for _, p := range people {
			id, _, err := d.Users.Create(ctx, p)
			if err != nil {
				return fmt.Errorf("seed %s: %w", p.Login, err)
			}
			if err := d.Auth.SetPassword(ctx, id, DemoPassword); err != nil {
				return fmt.Errorf("seed %s password: %w", p.Login, err)
			}
		}
		return nil
	})
}
