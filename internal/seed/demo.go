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
	"mobility/portal/internal/database"
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
	// Branding gives the demo partners their colours and logo (nil: none).
	Branding *branding.Service
	Now      time.Time
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
