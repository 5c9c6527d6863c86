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
	"mobility/portal/internal/database"
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
	// Partners makes the demo partners; nil uses a partner service of its
	// own over DB (partner needs nothing else to add and link partners).
	Partners *partner.Service
	// Branding gives the demo partners their colours and logo (nil: none).
	Branding *branding.Service
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
		company := func(osp string, partnerID int64, name, ext, payment string, twoFA bool, street, number, zip, city, vat string) (int64, error) {
			return d.DB.Insert(ctx, `INSERT INTO corporate_accounts (osp_id, partner_id, name, ext_id, payment_type, two_factor_for_admins,
				street, street_number, zip_code, city, vat_number, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
				osp, partnerID, name, ext, payment, twoFA, street, number, zip, city, vat, now)
		}
		acme, err := company(AcmeOspID, mobi, "Acme NV", "ACME", "PREPAID", false, "Kunstlaan", "12", "1000", "Brussel", "BE0123456749")
		if err != nil {
			return err
		}
		globex, err := company(GlobexOspID, mobi, "Globex BV", "GLOBEX", "POSTPAID_WITH_SECURITY_DEPOSIT", false, "Meir", "85", "2000", "Antwerpen", "BE0987654312")
		if err != nil {
			return err
		}
		initech, err := company(InitechOspID, other, "Initech SA", "INITECH", "PREPAID", false, "Rue Neuve", "3", "4000", "Liège", "BE0555444321")
		if err != nil {
			return err
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
