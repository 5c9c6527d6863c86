package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/http"

	"github.com/google/uuid"

	"mobility/portal/internal/database"

	"mobility/portal/internal/access"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
	"mobility/portal/internal/user"
)

func jsonMarshal(v any) ([]byte, error)   { return json.Marshal(v) }
func jsonUnmarshal(b []byte, v any) error { return json.Unmarshal(b, v) }

// fixture holds Acme's objects the matrix's requests point at. They are
// made through the API by a platform admin, on demand, and made again
// after reset (when an allowed call may have used them up).
type fixture struct {
	m     *matrix
	token string
	ids   map[string]string
	seq   int
	// made tells that objects were made since the caller last looked.
	made bool
}

func newFixture(m *matrix, token string) *fixture {
	f := &fixture{m: m, token: token}
	f.reset()
	// Acme's company budget exists from the start: the company-budget calls
	// need one. Platform staff opens it (where the transfer does not open it
	// by itself) and credits it with a bank transfer.
	if res := m.e.Post(v1+"/budget/COMPANY_BUDGET/create", token, map[string]any{"ownerOspId": seed.AcmeOspID, "data": map[string]any{}}); res.Status >= 500 {
		m.t.Fatalf("company budget: %d %s", res.Status, res.Body)
	}
	testkit.MustStatus(m.t, m.e.Post(v1+"/budget/transaction/addForCorporateAccount", token, map[string]any{
		"corporateAccountOspId": seed.AcmeOspID, "amount": 100000, "description": "bank transfer"}), http.StatusOK)
	return f
}

func (f *fixture) next() int { f.seq++; return f.seq }

// fixtureMakers make the kinds a domain's own fixture file adds (the n-th
// object made); each sets its kind's id map entries in that file's init.
var fixtureMakers = map[string]func(f *fixture, n int) string{}

func (f *fixture) reset() {
	f.ids = map[string]string{"company": seed.AcmeOspID, "partner": seed.MobiPartnerOspID, "mrp": seed.MrpPartnerOspID}
}

// all makes one object of every kind.
func (f *fixture) all() {
	for _, k := range []string{"user", "group", "budget", "expense", "recurring", "token", "reason", "upload", "promo", "report",
		"service", "transport", "parking", "bike", "car", "rental", "gasstation", "resource", "label", "resourceGroup"} {
		f.id(k)
	}
	f.made = false
}

// id returns the current object of kind, making it (and what it needs)
// first when there is none.
func (f *fixture) id(kind string) string {
	if id, ok := f.ids[kind]; ok {
		return id
	}
	e, t := f.m.e, f.m.t
	n := f.next()
	post := func(path string, body any) map[string]any {
		t.Helper()
		res := e.Post(path, f.token, body)
		if res.Status != http.StatusOK {
			t.Fatalf("fixture %s: %s: %d %s", kind, path, res.Status, res.Body)
		}
		return res.Map(t)
	}
	var id string
	switch kind {
	case "user":
		ca := e.CorporateAccountID(seed.AcmeOspID)
		id = e.NewUser(user.NewUser{Login: fmt.Sprintf("authz.target.%d", n), CorporateAccountID: &ca, Roles: []access.Role{access.OspUser}})
	case "group":
		g := post(v1+"/usergroup/create", map[string]any{"corporateAccount": map[string]string{"ospId": seed.AcmeOspID},
			"data": map[string]any{"extId": fmt.Sprintf("AUTHZ-G%d", n), "description": "authz group"}})
		id = str(t, g, "ospId")
		res := e.Post(v1+"/usergroup/addUsers", f.token, map[string]any{"usergroup": map[string]string{"ospId": id},
			"users": []map[string]string{{"ospId": f.id("user")}}})
		if res.Status >= 300 {
			t.Fatalf("fixture group members: %d %s", res.Status, res.Body)
		}
	case "budget":
		b := post(v1+"/budget/BUSINESS_BUDGET/create", map[string]any{"ownerOspId": f.id("user"),
			"data": map[string]any{"unlimited": true, "frequency": "", "startAmount": 50000}})
		id = str(t, b, "ospId")
	case "expense":
		x := post(v1+"/payableEvent/costEventForExternalPurchase/create", map[string]any{"userOspId": f.id("user"),
			"budgetOspId": f.id("budget"), "amount": 1210, "vatPercentage": 21, "description": "Taxi", "date": "2026-11-20"})
		id = str(t, x, "ospId")
	case "recurring":
		r := post(v1+"/recurringExternalPurchase/create", map[string]any{"userOspId": f.id("user"), "budgetOspId": f.id("budget"),
			"type": "OTHER", "amount": 100, "vatPercentage": 21, "description": "Monthly", "frequency": "MONTH", "startDate": "2026-12-01"})
		id = str(t, r, "ospId")
	case "token":
		r := post(v1+"/user/identificationToken/add", map[string]any{"userOspId": f.id("user"), "type": "LICENCE_PLATE",
			"fields": []map[string]string{{"fieldType": "LICENCE_PLATE", "value": fmt.Sprintf("2-TK-%03d", n%1000)}}})
		id = str(t, r, "ospId")
	case "reason":
		r := post(v1+"/company/usageReason/add", map[string]any{"corporateAccountOspId": seed.AcmeOspID, "label": fmt.Sprintf("Fixture reason %d", n)})
		id = str(t, r, "ospId")
	case "upload":
		var buf bytes.Buffer
		mw := multipart.NewWriter(&buf)
		_ = mw.WriteField("corporateAccountOspId", seed.AcmeOspID)
		_ = mw.WriteField("kind", "create")
		fw, _ := mw.CreateFormFile("file", "users.csv")
		fmt.Fprintf(fw, "firstname,lastname,email,login\nUp,Loaded,authz.up%d@example.com,authz.up.%d\n", n, n)
		_ = mw.Close()
		res := e.Do(testkit.Request{Path: v1 + "/user/upload/upload", Token: f.token, Body: buf.Bytes(),
			Headers: map[string]string{"Content-Type": mw.FormDataContentType()}})
		testkit.MustStatus(t, res, http.StatusOK)
		id = str(t, res.Map(t), "uploadId")
	case "newPartner", "linkedPartner":
		pa := post(v1+"/partner/create", map[string]any{"partnerData": map[string]any{"name": fmt.Sprintf("Fixture partner %d", n),
			"extId": fmt.Sprintf("FIXTURE-P%d", n), "partnerType": "MRP"}})
		id = str(t, pa, "ospId")
		if kind == "linkedPartner" {
			post(v1+"/partner/related/add", map[string]any{"ospId": seed.MobiPartnerOspID, "relatedPartnerOspId": id, "relation": "SUB"})
		}
	case "report":
		// the report job for November, run in December, makes Acme's reports
		// (the demo's users and the fixture's rows are of November: a month
		// before any of them has no reports)
		now := e.Clock.Now()
		e.Clock.Set(now.AddDate(0, 1, 0))
		_, err := e.App.Reporting.Generate(t.Context(), "202611")
		e.Clock.Set(now)
		if err != nil {
			t.Fatalf("fixture report: %v", err)
		}
		if err := e.DB.Get(t.Context(), &id, `SELECT osp_id FROM reports WHERE report_type = 'MONTHLY_EXPENSES_PER_MOBILITY_MODE'
			AND report_month = '202611' AND corporate_account_id = ?`, e.CorporateAccountID(seed.AcmeOspID)); err != nil {
			t.Fatalf("fixture report: %v", err)
		}
	case "promo":
		code := fmt.Sprintf("FIXTURE%d", n)
		post(v1+"/budget/promo/create", map[string]any{"code": code, "amount": 500, "validFrom": "2026-11-01", "validTo": "2026-12-31"})
		id = code
	case "service", "transport", "parking", "bike", "car", "rental", "gasstation":
		id = f.resource(kind, n)
	case "resource":
		// a catalogue resource of any kind: a service resource, which a
		// product's composition takes too
		id = f.resource("service", n)
	case "label":
		l := post(v1+"/resource/label/create", map[string]any{"defaultValue": fmt.Sprintf("Fixture label %d", n),
			"labelTranslations": []map[string]string{{"languageCode": "nl", "text": "Fixture"}}})
		id = str(t, l, "ospId")
	case "resourceGroup":
		g := post(v1+"/resourcegroup/create", map[string]any{"name": fmt.Sprintf("Fixture group %d", n), "description": "",
			"resourceOspIds": []string{f.id("resource")}})
		id = str(t, g, "ospId")
	case "product":
		p := post(v1+"/product/create", map[string]any{"extId": fmt.Sprintf("AUTHZ-PRODUCT-%d", n), "mobilityMode": "BIKE",
			"productLabel": map[string]any{"defaultValue": fmt.Sprintf("Authz product %d", n)}})
		id = str(t, p, "ospId")
	case "element":
		// the resource, in the composition of the current product
		post(v1+"/product/composition/add", map[string]any{"productOspId": f.id("product"), "kind": "SERVICE",
			"ospIds": []string{f.id("resource")}})
		id = f.id("resource")
	case "inactiveCompany", "inactivePartner", "sparePartner":
		id = f.deactivationTarget(kind, n)
	default:
		maker := fixtureMakers[kind]
		if maker == nil {
			t.Fatalf("fixture: no maker for kind %q", kind)
		}
		id = maker(f, n)
	}
	f.ids[kind] = id
	f.made = true
	return id
}

// resource makes an active catalogue resource of kind ("resource": a
// parking lot) through the API; a service resource gets an icon, so GET
// image/icon has one to answer.
func (f *fixture) resource(kind string, n int) string {
	e, t := f.m.e, f.m.t
	if kind == "resource" {
		kind = "parking"
	}
	body := map[string]any{"extId": fmt.Sprintf("FIXTURE-%s-%d", kind, n), "name": fmt.Sprintf("Fixture %s %d", kind, n),
		"description": "", "mrpPartnerOspId": seed.MrpPartnerOspID, "mobilityMode": "OTHER_PURCHASES",
		"labelOspIds": []string{}, "fees": []any{map[string]any{"feeType": "FIXED", "amount": 1000, "vatPercent": 21, "cron": "0 0 1 * *",
			"proRata": true, "onUserBudget": true}}}
	if kind != "service" {
		body["latitude"], body["longitude"] = 51.0543, 3.7174
		body["address"] = map[string]any{"street": "Korenmarkt", "streetNumber": "1", "zipCode": "9000", "city": "Gent"}
	}
	switch kind {
	case "rental":
		body["carCategory"] = "ECONOMY"
	case "gasstation":
		body["numberOfPumps"] = 8
	}
	res := e.Post(v1+"/resource/"+kind+"/create", f.token, body)
	if res.Status != http.StatusOK {
		t.Fatalf("fixture %s: %d %s", kind, res.Status, res.Body)
	}
	id := str(t, res.Map(t), "ospId")
	if kind == "service" {
		var buf bytes.Buffer
		mw := multipart.NewWriter(&buf)
		_ = mw.WriteField("serviceResourceOspId", id)
		fw, _ := mw.CreateFormFile("file", "icon.svg")
		fmt.Fprint(fw, `<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>`)
		_ = mw.Close()
		testkit.MustStatus(t, e.Do(testkit.Request{Path: v1 + "/resource/service/icon/upload", Token: f.token, Body: buf.Bytes(),
			Headers: map[string]string{"Content-Type": mw.FormDataContentType()}}), http.StatusOK)
	}
	return id
}

func str(t interface{ Fatalf(string, ...any) }, m map[string]any, key string) string {
	s, _ := m[key].(string)
	if s == "" {
		t.Fatalf("no %s in %v", key, m)
	}
	return s
}

// deactivationTarget makes what the deactivation calls act on without
// touching Acme or MobiPartner: a deactivated company of MobiPartner (so
// tenancy is checked as for Acme), a deactivated partner, or an active
// partner without companies. Inserted directly: creating companies and
// partners is another call's business.
func (f *fixture) deactivationTarget(kind string, n int) string {
	e, t := f.m.e, f.m.t
	ctx, now := context.Background(), database.Now(e.Clock.Now())
	osp := uuid.NewString()
	var err error
	switch kind {
	case "inactiveCompany":
		_, err = e.DB.Exec(ctx, `INSERT INTO corporate_accounts (osp_id, partner_id, name, ext_id, active, created_at) VALUES (?, ?, ?, ?, FALSE, ?)`,
			osp, e.PartnerID(seed.MobiPartnerOspID), fmt.Sprintf("Dormant %d NV", n), fmt.Sprintf("DORMANT%d", n), now)
	default:
		_, err = e.DB.Exec(ctx, `INSERT INTO partners (osp_id, name, ext_id, partner_type, active, created_at) VALUES (?, ?, ?, 'MSP', ?, ?)`,
			osp, fmt.Sprintf("Spare partner %d", n), fmt.Sprintf("SPARE%d", n), kind == "sparePartner", now)
	}
	if err != nil {
		t.Fatalf("fixture %s: %v", kind, err)
	}
	return osp
}
