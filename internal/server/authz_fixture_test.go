package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/http"
	"slices"

	"github.com/google/uuid"

	"mobility/portal/internal/database"

	"mobility/portal/internal/access"
	"mobility/portal/internal/product"
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
	// The catalogue's resources are internal/resource's, which this branch
	// does not have yet: product gets a catalogue of one active service
	// resource to compose with. Replace it by a resource made through
	// resource/service/create once internal/resource is merged.
	m.e.App.Products.UseResources(matrixCatalog{})
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

func (f *fixture) reset() {
	f.ids = map[string]string{"company": seed.AcmeOspID, "partner": seed.MobiPartnerOspID}
}

// all makes one object of every kind.
func (f *fixture) all() {
	for _, k := range []string{"user", "group", "budget", "expense", "recurring", "token", "reason", "upload", "promo", "report"} {
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
	case "product":
		p := post(v1+"/product/create", map[string]any{"extId": fmt.Sprintf("AUTHZ-PRODUCT-%d", n), "mobilityMode": "BIKE",
			"productLabel": map[string]any{"defaultValue": fmt.Sprintf("Authz product %d", n)}})
		id = str(t, p, "ospId")
	case "resource":
		id = matrixResource
	case "element":
		// the resource, in the composition of the current product
		post(v1+"/product/composition/add", map[string]any{"productOspId": f.id("product"), "kind": "SERVICE",
			"ospIds": []string{f.id("resource")}})
		id = f.id("resource")
	case "inactiveCompany", "inactivePartner", "sparePartner":
		id = f.deactivationTarget(kind, n)
	default:
		t.Fatalf("fixture: no maker for kind %q", kind)
	}
	f.ids[kind] = id
	f.made = true
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

// matrixResource is the one service resource of matrixCatalog.
const matrixResource = "5e000000-0000-4000-8000-00000000a17e"

// matrixCatalog stands in for internal/resource's read model: one active
// service resource, in no group.
type matrixCatalog struct{}

func (matrixCatalog) ref() product.ResourceRef {
	return product.ResourceRef{ID: 1, OspID: matrixResource, Kind: product.KindService, Name: "Authz service", MobilityMode: "BIKE",
		MrpPartnerOspID: seed.MrpPartnerOspID, Active: true}
}

func (c matrixCatalog) Active(_ context.Context, kind string, ospIDs []string) (map[string]product.ResourceRef, error) {
	out := map[string]product.ResourceRef{}
	if kind == product.KindService && slices.Contains(ospIDs, matrixResource) {
		out[matrixResource] = c.ref()
	}
	return out, nil
}

func (c matrixCatalog) ByIDs(_ context.Context, kind string, ids []int64) (map[int64]product.ResourceRef, error) {
	out := map[int64]product.ResourceRef{}
	if kind == product.KindService && slices.Contains(ids, 1) {
		out[1] = c.ref()
	}
	return out, nil
}

func (matrixCatalog) GroupMembers(context.Context, []int64) (map[int64][]string, error) {
	return map[int64][]string{}, nil
}
