package company_test

import (
	"bytes"
	"context"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"
	"time"

	"mobility/portal/internal/auth"
	"mobility/portal/internal/money"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

const (
	createPath    = "/portal-service/v1/corporateAccount/create"
	updatePath    = "/portal-service/v1/corporateAccount/update"
	findPath      = "/portal-service/v1/corporateAccount/findByAny"
	byPartnerPath = "/portal-service/v1/corporateAccount/getByPartner"
)

type account struct {
	OspID                      string   `json:"ospId"`
	Name                       string   `json:"name"`
	ExtID                      string   `json:"extId"`
	Country                    string   `json:"country"`
	CompanyNumber              string   `json:"companyNumber"`
	VatNumber                  string   `json:"vatNumber"`
	Iban                       string   `json:"iban"`
	Bic                        string   `json:"bic"`
	PoNumber                   string   `json:"poNumber"`
	MaxUsers                   *int     `json:"maxUsers"`
	TwoFactorForAdmins         bool     `json:"twoFactorForAdmins"`
	ExternalReferenceMandatory bool     `json:"externalReferenceMandatory"`
	ContractType               string   `json:"contractType"`
	InvoiceSendingMethod       string   `json:"invoiceSendingMethod"`
	InvoicePaymentMethod       string   `json:"invoicePaymentMethod"`
	PaymentType                string   `json:"paymentType"`
	SecurityDepositAmount      *int64   `json:"securityDepositAmount"`
	CompanyBudgetThreshold     *int64   `json:"companyBudgetThreshold"`
	PaymentReference           string   `json:"paymentReference"`
	AllowedBudgetTypes         []string `json:"allowedBudgetTypes"`
	SelectedBudgetTypes        []string `json:"selectedBudgetTypes"`
	AppMenu                    []string `json:"appMenu"`
	Street                     string   `json:"street"`
	Partner                    struct {
		OspID string `json:"ospId"`
	} `json:"partner"`
	Data struct {
		ExtID       string `json:"extId"`
		PaymentType string `json:"paymentType"`
		Partner     struct {
			OspID string `json:"ospId"`
		} `json:"partner"`
	} `json:"data"`
}

// newCompany is a valid create request; change builds a variant.
func newCompany(ext string) map[string]any {
	return map[string]any{
		"name": "Umbrella NV", "extId": ext, "street": "Wetstraat", "streetNumber": "16", "zipCode": "1000", "city": "Brussel",
		"companyNumber": "0123.456.749", "vatNumber": "BE 0123 456 749", "vatLiable": true,
		"iban": "be68 5390 0754 7034", "bic": "gkccbebb", "poNumber": "PO-1", "maxUsers": 25,
		"contractType": "BUSINESS_MOBILITY", "invoiceSendingMethod": "PEPPOL", "invoicePaymentMethod": "DIRECT_DEBIT",
		"paymentType": "POSTPAID_WITH_SECURITY_DEPOSIT", "securityDepositAmount": 250000, "companyBudgetThreshold": 10000,
		"selectedBudgetTypes": []string{"MOBILITY_BUDGET", "BUSINESS_BUDGET"},
		"firstAdmin":          map[string]any{"firstname": "Ulla", "lastname": "Umbrella", "email": "ulla." + strings.ToLower(ext) + "@example.com", "language": "fr"},
	}
}

func change(m map[string]any, kv ...any) map[string]any {
	out := map[string]any{}
	for k, v := range m {
		out[k] = v
	}
	for i := 0; i < len(kv); i += 2 {
		if kv[i+1] == nil {
			delete(out, kv[i].(string))
			continue
		}
		out[kv[i].(string)] = kv[i+1]
	}
	return out
}

func count(t *testing.T, e *testkit.Env, q string, args ...any) int {
	t.Helper()
	var n int
	if err := e.DB.Get(context.Background(), &n, q, args...); err != nil {
		t.Fatal(err)
	}
	return n
}

// Create: an MSP admin for their own partner, platform staff for the
// partner they name; the first admin comes with it and gets the welcome
// mail; everything is normalised and checked; a failure writes nothing.
func TestCreateCorporateAccount(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		msp, rideon, osp, acme := e.LoginAs("msp.admin"), e.LoginAs("rideon.admin"), e.LoginAs("ospadmin"), e.LoginAs("acme.admin")
		res := e.Post(createPath, msp, newCompany("UMBRELLA"))
		testkit.MustStatus(t, res, 200)
		var a account
		res.JSON(t, &a)
		if a.Name != "Umbrella NV" || a.ExtID != "UMBRELLA" || a.Data.ExtID != "UMBRELLA" || a.Country != "BE" ||
			a.CompanyNumber != "BE0123456749" || a.VatNumber != "BE0123456749" || a.Iban != "BE68539007547034" || a.Bic != "GKCCBEBB" ||
			a.MaxUsers == nil || *a.MaxUsers != 25 || a.PaymentType != "POSTPAID_WITH_SECURITY_DEPOSIT" ||
			a.SecurityDepositAmount == nil || *a.SecurityDepositAmount != 250000 || a.CompanyBudgetThreshold == nil ||
			*a.CompanyBudgetThreshold != 10000 || a.Partner.OspID != seed.MobiPartnerOspID || a.Data.Partner.OspID != seed.MobiPartnerOspID ||
			strings.Join(a.SelectedBudgetTypes, ",") != "MOBILITY_BUDGET,BUSINESS_BUDGET" || len(a.AppMenu) != 11 ||
			!money.ValidStructuredReference(a.PaymentReference) || !strings.HasPrefix(a.PaymentReference, "+++") {
			t.Fatalf("created: %s", res.Body)
		}
		// stored as answered, with the budget types in budget's table
		if n := count(t, e, `SELECT COUNT(*) FROM corporate_accounts WHERE osp_id = ? AND vat_number = 'BE0123456749'
			AND iban = 'BE68539007547034' AND security_deposit_amount = 250000 AND payment_reference = ?`, a.OspID, a.PaymentReference); n != 1 {
			t.Fatal("stored row differs")
		}
		if n := count(t, e, `SELECT COUNT(*) FROM company_budget_types WHERE corporate_account_id = ?`, e.CorporateAccountID(a.OspID)); n != 2 {
			t.Fatalf("offered types stored: %d", n)
		}
		// the first admin: a company admin of the new company, login = e-mail, welcome mail in French
		var roles []string
		if err := e.DB.Select(context.Background(), &roles, `SELECT r.role FROM user_roles r JOIN users u ON u.id = r.user_id
			WHERE u.login = 'ulla.umbrella@example.com' AND u.corporate_account_id = ? ORDER BY r.role`, e.CorporateAccountID(a.OspID)); err != nil {
			t.Fatal(err)
		}
		if strings.Join(roles, ",") != "invoice_manager,reporting_manager,user_manager" {
			t.Fatalf("first admin roles: %v", roles)
		}
		if m := e.Mails("ulla.umbrella@example.com"); len(m) != 1 || m[0].Template != "credentials_admin" || m[0].Language != "fr" {
			t.Fatalf("welcome mail: %+v", m)
		}
		// the MSP admin sees it in their list; the other MSP does not
		if res := e.Post(getPath, rideon, map[string]string{"ospId": a.OspID}); res.Status != 404 {
			t.Fatalf("other MSP reads it: %d", res.Status)
		}

		// RideOn's admin holds user_manager only, yet the first admin gets the three company roles
		res = e.Post(createPath, rideon, change(newCompany("RIDEON-CO"), "selectedBudgetTypes", []string{"BUSINESS_BUDGET"}))
		testkit.MustStatus(t, res, 200)
		res.JSON(t, &a)
		if a.Partner.OspID != seed.OtherPartnerOspID || strings.Join(a.AllowedBudgetTypes, ",") != "MOBILITY_BUDGET,BUSINESS_BUDGET" {
			t.Fatalf("rideon create: %s", res.Body)
		}
		if n := count(t, e, `SELECT COUNT(*) FROM user_roles r JOIN users u ON u.id = r.user_id WHERE u.login = 'ulla.rideon-co@example.com'`); n != 3 {
			t.Fatalf("rideon's first admin has %d roles", n)
		}

		// platform staff name the partner; without one it is a 400
		res = e.Post(createPath, osp, newCompany("STAFF-CO"))
		if res.Status != 400 || !hasField(t, res, "partnerOspId") {
			t.Fatalf("staff without partner: %d %s", res.Status, res.Body)
		}
		testkit.MustStatus(t, e.Post(createPath, osp, change(newCompany("STAFF-CO"), "partnerOspId", seed.OtherPartnerOspID,
			"selectedBudgetTypes", nil, "appMenu", []string{"BUDGETS", "EXPENSES"})), 200)
		var staffCo account
		res = e.Post(filterPath, osp, map[string]any{"nameOrExtIdLike": "STAFF-CO"})
		var pg struct {
			Content []account `json:"content"`
		}
		res.JSON(t, &pg)
		if len(pg.Content) != 1 {
			t.Fatalf("staff company: %s", res.Body)
		}
		staffCo = pg.Content[0]
		if strings.Join(staffCo.SelectedBudgetTypes, ",") != "MOBILITY_BUDGET,BUSINESS_BUDGET" || strings.Join(staffCo.AppMenu, ",") != "BUDGETS,EXPENSES" {
			t.Fatalf("defaults: selected %v (want the partner's), menu %v", staffCo.SelectedBudgetTypes, staffCo.AppMenu)
		}

		// tenancy and roles
		before := count(t, e, `SELECT COUNT(*) FROM corporate_accounts`)
		if res := e.Post(createPath, msp, change(newCompany("X1"), "partnerOspId", seed.OtherPartnerOspID)); res.Status != 404 {
			t.Fatalf("MSP creates for another partner: %d %s", res.Status, res.Body)
		}
		if res := e.Post(createPath, acme, newCompany("X2")); res.Status != 403 {
			t.Fatalf("company admin creates: %d %s", res.Status, res.Body)
		}
		// validation: the field is named, nothing is written
		cases := []struct {
			name  string
			token string
			body  map[string]any
			field string
		}{
			{"iban check digits", msp, change(newCompany("V1"), "iban", "BE68539007547035"), "iban"},
			{"iban length", msp, change(newCompany("V1"), "iban", "BE6853900754703"), "iban"},
			{"vat check", msp, change(newCompany("V1"), "vatNumber", "BE0123456789"), "vatNumber"},
			{"vat format other country", msp, change(newCompany("V1"), "vatNumber", "NL12345678B01"), "vatNumber"},
			{"company number", msp, change(newCompany("V1"), "companyNumber", "0123.456.788"), "companyNumber"},
			{"bic", msp, change(newCompany("V1"), "bic", "GKCC1EBB"), "bic"},
			{"peppol needs vat", msp, change(newCompany("V1"), "vatNumber", nil), "vatNumber"},
			{"direct debit needs iban", msp, change(newCompany("V1"), "iban", nil), "iban"},
			{"direct debit needs bic", msp, change(newCompany("V1"), "bic", nil), "bic"},
			{"postpaid needs deposit", msp, change(newCompany("V1"), "securityDepositAmount", nil), "securityDepositAmount"},
			{"deposit > 0", msp, change(newCompany("V1"), "securityDepositAmount", 0), "securityDepositAmount"},
			{"payment type", msp, change(newCompany("V1"), "paymentType", "CASH"), "paymentType"},
			{"contract type", msp, change(newCompany("V1"), "contractType", nil), "contractType"},
			{"ext id dot", msp, change(newCompany("V.1"), "extId", "V.1"), "extId"},
			{"ext id taken", msp, change(newCompany("V1"), "extId", "ACME"), "extId"},
			{"name", msp, change(newCompany("V1"), "name", " "), "name"},
			{"country", msp, change(newCompany("V1"), "country", "BEL"), "country"},
			{"max users 0", msp, change(newCompany("V1"), "maxUsers", 0), "maxUsers"},
			{"budget type the partner does not allow", rideon, change(newCompany("V1"), "selectedBudgetTypes", []string{"CAFETERIA_BUDGET"}), "selectedBudgetTypes"},
			{"no budget type", msp, change(newCompany("V1"), "selectedBudgetTypes", []string{}), "selectedBudgetTypes"},
			{"app menu entry", msp, change(newCompany("V1"), "appMenu", []string{"CASINO"}), "appMenu"},
			{"first admin e-mail", msp, change(newCompany("V1"), "firstAdmin", map[string]any{"firstname": "A", "lastname": "B", "email": "a@b"}), "firstAdmin.email"},
			{"first admin name", msp, change(newCompany("V1"), "firstAdmin", map[string]any{"lastname": "B", "email": "a@b.be"}), "firstAdmin.firstname"},
			// the login is taken: found inside the transaction, after the account was inserted; all of it rolls back
			{"first admin login taken", msp, change(newCompany("V1"), "firstAdmin", map[string]any{"firstname": "A", "lastname": "B", "email": "ulla.umbrella@example.com"}), "firstAdmin.email"},
		}
		for _, c := range cases {
			res := e.Post(createPath, c.token, c.body)
			if res.Status != 400 || !hasField(t, res, c.field) {
				t.Errorf("%s: want 400 naming %s, got %d %s", c.name, c.field, res.Status, res.Body)
			}
		}
		if after := count(t, e, `SELECT COUNT(*) FROM corporate_accounts`); after != before {
			t.Fatalf("refused creates wrote %d accounts", after-before)
		}
		// messages are SPEC §5's, translated
		res = e.Post(createPath, osp, change(newCompany("V1"), "iban", "BE00", "partnerOspId", seed.MobiPartnerOspID))
		if !strings.Contains(string(res.Body), "IBAN is not valid") {
			t.Errorf("iban message: %s", res.Body)
		}
	})
}

func hasField(t *testing.T, res *testkit.Response, field string) bool {
	t.Helper()
	var body struct {
		Errors []struct {
			Field string `json:"field"`
		} `json:"errors"`
	}
	res.JSON(t, &body)
	for _, f := range body.Errors {
		if f.Field == field {
			return true
		}
	}
	return false
}

func get(t *testing.T, e *testkit.Env, token, osp string) account {
	t.Helper()
	res := e.Post(getPath, token, map[string]string{"ospId": osp})
	testkit.MustStatus(t, res, 200)
	var a account
	res.JSON(t, &a)
	return a
}

// Update: a company admin changes only their own settings; the partner,
// payment type, contract and the rest are 403 FIELD_NOT_CHANGEABLE naming
// the field; an MSP admin changes all but the partner; other tenants 404.
func TestUpdateCorporateAccount(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme, msp, rideon, globex, osp := e.LoginAs("acme.admin"), e.LoginAs("msp.admin"), e.LoginAs("rideon.admin"), e.LoginAs("globex.admin"), e.LoginAs("ospadmin")
		before := get(t, e, acme, seed.AcmeOspID)
		res := e.Post(updatePath, acme, map[string]any{"ospId": seed.AcmeOspID, "street": "Ravensteinstraat", "poNumber": "PO-77",
			"iban": "BE80 0682 0471 3877", "bic": "GKCCBEBB", "companyBudgetThreshold": 12345, "externalReferenceMandatory": true,
			"twoFactorForAdmins": false, "selectedBudgetTypes": []string{"COMMUTING_BUDGET", "MOBILITY_BUDGET"},
			// unchanged values of fields a company admin cannot change are fine
			"name": before.Name, "paymentType": before.PaymentType, "vatNumber": "0123.456.749", "partnerOspId": seed.MobiPartnerOspID})
		testkit.MustStatus(t, res, 200)
		a := get(t, e, acme, seed.AcmeOspID)
		if a.Street != "Ravensteinstraat" || a.PoNumber != "PO-77" || a.Iban != "BE80068204713877" || *a.CompanyBudgetThreshold != 12345 ||
			!a.ExternalReferenceMandatory || strings.Join(a.SelectedBudgetTypes, ",") != "MOBILITY_BUDGET,COMMUTING_BUDGET" ||
			a.PaymentReference != before.PaymentReference || a.ExtID != "ACME" || a.VatNumber != "BE0123456749" {
			t.Fatalf("after update: %+v", a)
		}
		for _, c := range []struct {
			field string
			value any
		}{
			{"partnerOspId", seed.OtherPartnerOspID}, {"paymentType", "POSTPAID_WITH_SECURITY_DEPOSIT"}, {"contractType", "OLYMPUS_B2B"},
			{"maxUsers", 3}, {"securityDepositAmount", 100}, {"name", "Acme Holding"}, {"extId", "ACME2"},
			{"appMenu", []string{"BUDGETS"}}, {"invoicePaymentMethod", "DIRECT_DEBIT"}, {"vatNumber", "BE0987654394"}, {"companyType", "NON_PROFIT"},
		} {
			res := e.Post(updatePath, acme, map[string]any{"ospId": seed.AcmeOspID, c.field: c.value})
			if res.Status != 403 || res.Label() != "FIELD_NOT_CHANGEABLE" || !hasField(t, res, c.field) {
				t.Errorf("company admin changes %s: %d %s", c.field, res.Status, res.Body)
			}
		}
		// several at once: each is named
		res = e.Post(updatePath, acme, map[string]any{"ospId": seed.AcmeOspID, "paymentType": "POSTPAID_WITH_SECURITY_DEPOSIT",
			"contractType": "RESELLER_B2B", "poNumber": "PO-78"})
		if res.Status != 403 || !hasField(t, res, "paymentType") || !hasField(t, res, "contractType") || hasField(t, res, "poNumber") {
			t.Errorf("several refused fields: %d %s", res.Status, res.Body)
		}
		if after := get(t, e, acme, seed.AcmeOspID); after.PaymentType != "PREPAID" || after.Partner.OspID != seed.MobiPartnerOspID || after.Name != "Acme NV" {
			t.Fatalf("refused updates changed the account: %+v", after)
		}
		// the MSP admin: everything but the partner
		res = e.Post(updatePath, msp, map[string]any{"ospId": seed.AcmeOspID, "maxUsers": 40, "appMenu": []string{"EXPENSES", "BUDGETS"},
			"contractType": "OLYMPUS_B2B", "name": "Acme NV Belgium"})
		testkit.MustStatus(t, res, 200)
		a = get(t, e, msp, seed.AcmeOspID)
		if *a.MaxUsers != 40 || strings.Join(a.AppMenu, ",") != "BUDGETS,EXPENSES" || a.ContractType != "OLYMPUS_B2B" || a.Name != "Acme NV Belgium" {
			t.Fatalf("msp update: %+v", a)
		}
		res = e.Post(updatePath, msp, map[string]any{"ospId": seed.AcmeOspID, "maxUsers": 0})
		testkit.MustStatus(t, res, 200)
		if a = get(t, e, msp, seed.AcmeOspID); a.MaxUsers != nil {
			t.Fatalf("maxUsers 0 should be unlimited: %v", *a.MaxUsers)
		}
		if res := e.Post(updatePath, msp, map[string]any{"ospId": seed.AcmeOspID, "partnerOspId": seed.OtherPartnerOspID}); res.Status != 403 || !hasField(t, res, "partnerOspId") {
			t.Fatalf("msp moves a company: %d %s", res.Status, res.Body)
		}
		// other tenants: as unknown
		for _, tok := range []string{rideon, globex} {
			if res := e.Post(updatePath, tok, map[string]any{"ospId": seed.AcmeOspID, "poNumber": "HACK"}); res.Status != 404 {
				t.Fatalf("other tenant updates Acme: %d %s", res.Status, res.Body)
			}
		}
		if res := e.Post(updatePath, msp, map[string]any{"ospId": seed.InitechOspID, "poNumber": "HACK"}); res.Status != 404 {
			t.Fatalf("msp updates another partner's company: %d", res.Status)
		}
		// rules hold on update too
		for _, c := range []struct {
			token string
			body  map[string]any
			field string
		}{
			{osp, map[string]any{"ospId": seed.AcmeOspID, "paymentType": "POSTPAID_WITH_SECURITY_DEPOSIT"}, "securityDepositAmount"},
			{acme, map[string]any{"ospId": seed.AcmeOspID, "iban": "BE00 1234"}, "iban"},
			{msp, map[string]any{"ospId": seed.AcmeOspID, "invoiceSendingMethod": "PEPPOL", "vatNumber": ""}, "vatNumber"},
			{msp, map[string]any{"ospId": seed.AcmeOspID, "extId": "GLOBEX"}, "extId"},
			{acme, map[string]any{"ospId": seed.AcmeOspID, "selectedBudgetTypes": []string{"COMPANY_BUDGET"}}, "selectedBudgetTypes"},
		} {
			if res := e.Post(updatePath, c.token, c.body); res.Status != 400 || !hasField(t, res, c.field) {
				t.Errorf("%v: want 400 naming %s, got %d %s", c.body, c.field, res.Status, res.Body)
			}
		}
		// platform staff move Initech to MobiPartner and make it postpaid
		res = e.Post(updatePath, osp, map[string]any{"ospId": seed.InitechOspID, "partnerOspId": seed.MobiPartnerOspID,
			"paymentType": "POSTPAID_WITH_SECURITY_DEPOSIT", "securityDepositAmount": 99900})
		testkit.MustStatus(t, res, 200)
		if a = get(t, e, msp, seed.InitechOspID); a.Partner.OspID != seed.MobiPartnerOspID || *a.SecurityDepositAmount != 99900 {
			t.Fatalf("moved: %+v", a)
		}
		// back to prepaid drops the deposit
		testkit.MustStatus(t, e.Post(updatePath, osp, map[string]any{"ospId": seed.InitechOspID, "paymentType": "PREPAID"}), 200)
		if a = get(t, e, osp, seed.InitechOspID); a.SecurityDepositAmount != nil {
			t.Fatalf("prepaid keeps a deposit: %v", *a.SecurityDepositAmount)
		}
	})
}

// findByAny, getByPartner, getByFilter's search rule and page size, the
// app menu types.
func TestSearchesAndLists(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		msp, osp, acme := e.LoginAs("msp.admin"), e.LoginAs("ospadmin"), e.LoginAs("acme.admin")
		names := func(res *testkit.Response) string {
			t.Helper()
			testkit.MustStatus(t, res, 200)
			var p page
			res.JSON(t, &p)
			out := []string{}
			for _, c := range p.Content {
				out = append(out, c.Name)
			}
			return strings.Join(out, ",")
		}
		for _, c := range []struct {
			token string
			body  map[string]any
			want  string
		}{
			{osp, map[string]any{"search": "0123456749"}, "Acme NV"},
			{osp, map[string]any{"search": "be0987"}, "Globex BV"},
			{osp, map[string]any{"search": "initech"}, "Initech SA"},
			{osp, map[string]any{"search": "NV"}, ""}, // 2 characters: refused below
			{msp, map[string]any{"search": "Initech"}, ""},
			{msp, map[string]any{}, "Acme NV,Globex BV"},
			{acme, map[string]any{"search": "BE0"}, "Acme NV"},
			{osp, map[string]any{"active": false}, ""},
		} {
			res := e.Post(findPath, c.token, c.body)
			if s, _ := c.body["search"].(string); len(s) > 0 && len(s) < 3 {
				if res.Status != 400 || !hasField(t, res, "search") {
					t.Errorf("short search: %d %s", res.Status, res.Body)
				}
				continue
			}
			if got := names(res); got != c.want {
				t.Errorf("findByAny %v: %q, want %q", c.body, got, c.want)
			}
		}
		for _, c := range []struct {
			token, partner string
			status         int
			want           string
		}{
			{msp, seed.MobiPartnerOspID, 200, "Acme NV,Globex BV"},
			{msp, seed.OtherPartnerOspID, 404, ""},
			{acme, seed.MobiPartnerOspID, 200, "Acme NV"},
			{acme, seed.OtherPartnerOspID, 404, ""},
			{osp, seed.OtherPartnerOspID, 200, "Initech SA"},
			{osp, "no-such-partner", 404, ""},
		} {
			res := e.Post(byPartnerPath, c.token, map[string]any{"partnerOspId": c.partner})
			if res.Status != c.status {
				t.Errorf("getByPartner %s: %d %s", c.partner, res.Status, res.Body)
				continue
			}
			if c.status == 200 {
				if got := names(res); got != c.want {
					t.Errorf("getByPartner %s: %q, want %q", c.partner, got, c.want)
				}
			}
		}
		if res := e.Post(filterPath, osp, map[string]any{"nameOrExtIdLike": "ac"}); res.Status != 400 || !hasField(t, res, "nameOrExtIdLike") {
			t.Errorf("nameOrExtIdLike < 3: %d %s", res.Status, res.Body)
		}
		if res := e.Post(filterPath, osp, map[string]any{"pagination": map[string]any{"page": 1, "size": 1001}}); res.Status != 400 {
			t.Errorf("page size 1001: %d %s", res.Status, res.Body)
		}
		res := e.Post(filterPath, osp, map[string]any{"pagination": map[string]any{"page": 1, "size": 1000}})
		testkit.MustStatus(t, res, 200)
		res = e.Do(testkit.Request{Method: http.MethodGet, Path: "/portal-service/v1/corporateAccount/appMenu/types", Token: acme})
		testkit.MustStatus(t, res, 200)
		var types []string
		res.JSON(t, &types)
		if len(types) != 11 || types[0] != "BUDGETS" {
			t.Fatalf("app menu types: %v", types)
		}
		// the demo: every field filled, Globex postpaid with its deposit
		g := get(t, e, osp, seed.GlobexOspID)
		if g.PaymentType != "POSTPAID_WITH_SECURITY_DEPOSIT" || g.SecurityDepositAmount == nil || *g.SecurityDepositAmount <= 0 ||
			g.Iban == "" || g.VatNumber == "" || g.InvoiceSendingMethod != "PEPPOL" || !money.ValidStructuredReference(g.PaymentReference) {
			t.Fatalf("demo Globex: %+v", g)
		}
	})
}

// maxUsers: a new app user beyond it is refused at create (user and
// onboarding share the check) and per line at import; lowering the limit
// below the count is allowed and blocks new users only.
func TestMaxUsers(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		msp, acme := e.LoginAs("msp.admin"), e.LoginAs("acme.admin")
		active := count(t, e, `SELECT COUNT(*) FROM users WHERE corporate_account_id = ? AND user_type = 'mobile' AND active`, e.CorporateAccountID(seed.AcmeOspID))
		testkit.MustStatus(t, e.Post(updatePath, msp, map[string]any{"ospId": seed.AcmeOspID, "maxUsers": active + 1}), 200)
		mobile := func(n string) map[string]any {
			return map[string]any{"corporateAccount": map[string]string{"ospId": seed.AcmeOspID},
				"userData":   map[string]any{"firstname": "Max", "lastname": "User" + n, "email": "max" + n + "@example.com", "login": "max.user" + n},
				"userGroups": map[string]any{"userGroups": []any{}}, "sendCredentials": false}
		}
		testkit.MustStatus(t, e.Post("/portal-service/v1/user/mobile/create", acme, mobile("1")), 200)
		res := e.Post("/portal-service/v1/user/mobile/create", acme, mobile("2"))
		if res.Status != 409 || res.Label() != "MAX_USERS_REACHED" || !strings.Contains(string(res.Body), "geweigerd") {
			t.Fatalf("beyond maxUsers: %d %s", res.Status, res.Body)
		}
		if n := count(t, e, `SELECT COUNT(*) FROM users WHERE login = 'max.user2'`); n != 0 {
			t.Fatal("refused user was written")
		}
		// lowering below the count is allowed
		testkit.MustStatus(t, e.Post(updatePath, msp, map[string]any{"ospId": seed.AcmeOspID, "maxUsers": 1}), 200)
		// import: room for one more; the second new line fails with the message
		testkit.MustStatus(t, e.Post(updatePath, msp, map[string]any{"ospId": seed.AcmeOspID, "maxUsers": active + 2}), 200)
		up := upload(t, e, acme, "firstname,lastname,email,login\nImp,One,imp.one@example.com,imp.one\nImp,Two,imp.two@example.com,imp.two\n")
		res = e.Post("/portal-service/v1/user/upload/validate", acme, map[string]string{"uploadId": up})
		testkit.MustStatus(t, res, 200)
		var rep struct {
			Errors []struct {
				Line     int      `json:"line"`
				Field    string   `json:"field"`
				Messages []string `json:"messages"`
			} `json:"errors"`
		}
		res.JSON(t, &rep)
		if len(rep.Errors) != 1 || rep.Errors[0].Line != 3 || !strings.Contains(rep.Errors[0].Messages[0], "maximum") {
			t.Fatalf("import beyond maxUsers: %s", res.Body)
		}
		if res := e.Post("/portal-service/v1/user/upload/process", acme, map[string]string{"uploadId": up}); res.Status < 400 {
			t.Fatalf("an import with errors was processed: %s", res.Body)
		}
	})
}

func uploadCSV(e *testkit.Env, token, company, csv string) *testkit.Response {
	e.T.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	_ = mw.WriteField("corporateAccountOspId", company)
	_ = mw.WriteField("kind", "create")
	fw, err := mw.CreateFormFile("file", "users.csv")
	if err != nil {
		e.T.Fatal(err)
	}
	_, _ = fw.Write([]byte(csv))
	_ = mw.Close()
	return e.Do(testkit.Request{Method: http.MethodPost, Path: "/portal-service/v1/user/upload/upload", Token: token, Body: buf.Bytes(),
		Headers: map[string]string{"Content-Type": mw.FormDataContentType()}})
}

func upload(t *testing.T, e *testkit.Env, token, csv string) string {
	t.Helper()
	res := uploadCSV(e, token, seed.AcmeOspID, csv)
	testkit.MustStatus(t, res, 200)
	var up struct {
		UploadID string `json:"uploadId"`
	}
	res.JSON(t, &up)
	return up.UploadID
}

// externalReferenceMandatory: an expense without one is refused, naming
// the field.
func TestExternalReferenceMandatory(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme := e.LoginAs("acme.admin")
		jan := e.UserOspID("jan.peeters")
		b := e.CreateBudget(acme, "BUSINESS_BUDGET", jan, map[string]any{"unlimited": true})
		const create = "/portal-service/v1/payableEvent/costEventForExternalPurchase/create"
		body := map[string]any{"userOspId": jan, "budgetOspId": b.OspID, "amount": 500, "vatPercentage": 21, "description": "Taxi", "date": "2026-11-20"}
		testkit.MustStatus(t, e.Post(create, acme, body), 200)
		testkit.MustStatus(t, e.Post(updatePath, acme, map[string]any{"ospId": seed.AcmeOspID, "externalReferenceMandatory": true}), 200)
		res := e.Post(create, acme, body)
		if res.Status != 400 || !hasField(t, res, "externalReference") {
			t.Fatalf("without external reference: %d %s", res.Status, res.Body)
		}
		testkit.MustStatus(t, e.Post(create, acme, change(body, "externalReference", "PO-9")), 200)
	})
}

// twoFactorForAdmins: once on, every admin of the company must enrol an
// authenticator and give a code at each sign-in; off again, a password
// is enough for an admin without their own flag.
func TestTwoFactorForAdminsAtSignIn(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		osp := e.LoginAs("ospadmin")
		testkit.MustStatus(t, e.Post(updatePath, osp, map[string]any{"ospId": seed.GlobexOspID, "twoFactorForAdmins": true}), 200)
		login := func(code string) auth.LoginResponse {
			t.Helper()
			res := e.Post(testkit.LoginPath, "", map[string]string{"username": "globex.admin", "passdigest": auth.Digest(seed.DemoPassword), "code2fa": code})
			var r auth.LoginResponse
			if res.Status == 200 {
				res.JSON(t, &r)
			} else if code == "" {
				t.Fatalf("sign-in: %d %s", res.Status, res.Body)
			}
			return r
		}
		first := login("")
		if first.Token != "" || !first.TwoFactorRequired || first.QRCode2fa == "" || first.Secret2fa == "" {
			t.Fatalf("enrolment: %+v", first)
		}
		if r := login("000000"); r.Token != "" {
			t.Fatal("wrong code signed in")
		}
		ok := login(auth.GenerateTOTP(first.Secret2fa, e.Clock.Now()))
		if ok.Token == "" {
			t.Fatal("right code refused")
		}
		e.Clock.Advance(2 * time.Minute)
		if later := login(""); later.Token != "" || !later.TwoFactorRequired || later.QRCode2fa != "" {
			t.Fatalf("later sign-in without code: %+v", later)
		}
		// Acme's admin (flag off) signs in with a password alone
		if r := e.Post(testkit.LoginPath, "", map[string]string{"username": "acme.admin", "passdigest": auth.Digest(seed.DemoPassword)}); !strings.Contains(string(r.Body), `"token"`) {
			t.Fatalf("acme admin: %s", r.Body)
		}
		testkit.MustStatus(t, e.Post(updatePath, osp, map[string]any{"ospId": seed.GlobexOspID, "twoFactorForAdmins": false}), 200)
		if r := login(""); r.Token == "" {
			t.Fatalf("flag off: %+v", r)
		}
	})
}
