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
	"mobility/portal/internal/branding"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/company"
	"mobility/portal/internal/database"
	"mobility/portal/internal/money"
	"mobility/portal/internal/partner"
	"mobility/portal/internal/user"
	"mobility/portal/internal/userfee"
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
	// Partners makes the demo partners; nil uses a partner service of its
	// own over DB (partner needs nothing else to add and link partners).
	Partners *partner.Service
	// Companies makes the demo companies; nil uses a company service of
	// its own over DB, which stores no budget-type selection (the
	// companies then offer every type, as budget reads it).
	Companies *company.Service
	// Branding gives the demo partners their colours and logo (nil: none).
	Branding *branding.Service
	// UserFees gives MobiPartner its user fee tiers (nil: none, as the
	// tests' base demo has, so their months charge no user fees).
	UserFees *userfee.Service
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
	// ResellerPartnerOspID and MrpPartnerOspID are sub-partners of
	// MobiPartner (a reseller and a mobility resource provider).
	ResellerPartnerOspID = "33333333-3333-4333-8333-333333333333"
	MrpPartnerOspID      = "44444444-4444-4444-8444-444444444444"
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
		mobi, other, err := demoPartners(ctx, d)
		if err != nil {
			return err
		}
		// The companies go through company's own checks (IBAN, VAT number,
		// payment reference, app menu) with realistic Belgian data.
		companies := d.Companies
		if companies == nil {
			companies = company.NewService(d.DB, partner.NewService(d.DB, clock.NewFixed(d.Now)))
		}
		amount := func(cents int64) *money.Amount { a := money.Amount(cents); return &a }
		acme, err := companies.SeedAccount(ctx, mobi, AcmeOspID, company.CreateRequest{
			Name: "Acme NV", ExtID: "ACME", Street: "Kunstlaan", StreetNumber: "12", ZipCode: "1000", City: "Brussel",
			CompanyNumber: "0123.456.749", VatNumber: "BE0123456749", VatLiable: true,
			Iban: "BE68 5390 0754 7034", Bic: "GKCCBEBB", PoNumber: "PO-2026-0042",
			ContractType: company.ContractBusinessMobility, InvoiceSendingMethod: company.InvoiceByEmail,
			InvoicePaymentMethod: company.InvoicePaymentManual, PaymentType: company.PaymentPrepaid,
			CompanyBudgetThreshold: amount(500_000),
		}, now)
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
		}, now)
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
		}, now)
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
		if d.UserFees != nil {
			if err := demoUserFees(ctx, d); err != nil {
				return err
			}
		}
		if d.Branding != nil {
			return demoBranding(ctx, d.Branding)
		}
		return nil
	})
}

// demoPartners makes the demo's partners through partner's service:
// MobiPartner (Acme's and Globex's MSP) with a reseller and an MRP below
// it, and RideOn (Initech's MSP), each with its address, flags and
// selected budget types. It returns MobiPartner's and RideOn's ids.
func demoPartners(ctx context.Context, d Deps) (mobi, other int64, err error) {
	partners := d.Partners
	if partners == nil {
		partners = partner.NewService(d.DB, clock.NewFixed(d.Now))
	}
	all := []string{"MOBILITY_BUDGET", "BUSINESS_BUDGET", "CAFETERIA_BUDGET", "COMMUTING_BUDGET", "COMPANY_BUDGET"}
	list := []partner.NewPartner{
		{OspID: MobiPartnerOspID, Data: partner.PartnerData{Name: "MobiPartner", ExtID: "MOBI", PartnerType: partner.TypeMSP,
			Street: "Havenlaan", StreetNumber: "86C", ZipCode: "1000", City: "Brussel", Country: "BE",
			VatNumber: "BE0403170701", Email: "billing@mobipartner.example", SendInvoices: true}, BudgetTypes: all},
		{OspID: OtherPartnerOspID, BrandColor: "#2B8A3E", Data: partner.PartnerData{Name: "RideOn Mobility", ExtID: "RIDEON",
			PartnerType: partner.TypeMSP, Street: "Boulevard d'Avroy", StreetNumber: "7", ZipCode: "4000", City: "Liège", Country: "BE",
			VatNumber: "BE0456423996", Email: "factures@rideon.example"},
			BudgetTypes: []string{"MOBILITY_BUDGET", "BUSINESS_BUDGET", "COMPANY_BUDGET"}},
		{OspID: ResellerPartnerOspID, Data: partner.PartnerData{Name: "FleetDeal Resellers", ExtID: "FLEETDEAL",
			PartnerType: partner.TypeReseller, Street: "Frankrijklei", StreetNumber: "40", ZipCode: "2000", City: "Antwerpen",
			Country: "BE", VatNumber: "BE0812345603", Email: "sales@fleetdeal.example", SelfBilling: true},
			BudgetTypes: []string{"MOBILITY_BUDGET", "COMMUTING_BUDGET"}},
		{OspID: MrpPartnerOspID, Data: partner.PartnerData{Name: "CityBike Rentals", ExtID: "CITYBIKE",
			PartnerType: partner.TypeMRP, Street: "Korenmarkt", StreetNumber: "1", ZipCode: "9000", City: "Gent",
			Country: "BE", VatNumber: "BE0654321022", Email: "partners@citybike.example", SelfBilling: true},
			BudgetTypes: []string{"MOBILITY_BUDGET"}},
	}
	ids := make([]int64, len(list))
	for i, p := range list {
		if ids[i], err = partners.Add(ctx, p); err != nil {
			return 0, 0, fmt.Errorf("seed partner %s: %w", p.Data.ExtID, err)
		}
	}
	staff := &access.Principal{Scope: access.SystemScope()}
	for _, sub := range []string{ResellerPartnerOspID, MrpPartnerOspID} {
		if _, err := partners.Link(ctx, staff, partner.LinkRequest{OspID: MobiPartnerOspID, RelatedPartnerOspID: sub,
			Relation: partner.RelationSub}); err != nil {
			return 0, 0, fmt.Errorf("seed partner link: %w", err)
		}
	}
	return ids[0], ids[1], nil
}
