package server_test

import (
	"bytes"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/api"
	"mobility/portal/internal/auth"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
	"mobility/portal/internal/user"
)

// TestAuthorizationMatrix walks the whole route table (the one that builds
// the router and the OpenAPI document) and calls every route as every kind
// of caller, with ids that point at Acme's objects:
//
//   - anonymous (no token, and a made-up token);
//   - app users of Acme, with and without company_budget_manager: they never
//     get a portal session, so sign-in is refused and every protected route
//     answers 401 with any token they could hold;
//   - an Acme admin holding each company role alone;
//   - an admin of another company (Globex, same MSP as Acme) with every
//     company role, and an admin of a foreign MSP (RideOn) with every MSP
//     role: allowed by role, but Acme is not theirs → 404 (or 403);
//   - the MSP admin of Acme's partner and platform staff: allowed.
//
// Public routes must pass the guard; a route's policy refusing the caller
// answers 403 (401 without a session). Every refused call that is not a GET
// is followed by a fingerprint of the whole database, which must not move.
// An admin holding only user_manager, and the MSP admin, must not change an
// Acme admin who holds more roles than they do (issue 7, finding 3).
//
// Refused calls all run before allowed ones; allowed calls that changed the
// database get fresh objects for the next call, so no call sees objects an
// earlier call consumed.
func TestAuthorizationMatrix(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		start := time.Now()
		var phases []string
		phase := func(name string, fn func()) {
			s := time.Now()
			fn()
			phases = append(phases, fmt.Sprintf("%s %s", name, time.Since(s).Round(time.Millisecond)))
		}
		var m *matrix
		phase("setup", func() { m = newMatrix(t, e) })
		phase("sign-in", m.signInRules)
		phase("refused", m.refusedPass)
		phase("victim", m.victimPass)
		phase("allowed", m.allowedPass)
		m.coverage()
		t.Logf("%d calls in %s (%s)", m.calls, time.Since(start).Round(time.Millisecond), strings.Join(phases, ", "))
	})
}

const v1 = "/portal-service/v1"

// skippedRoutes are routes the matrix does not call, each with why. Keep it
// empty unless a route truly cannot be called generically.
var skippedRoutes = map[string]string{}

// isAccountTable tells whether a table holds a user's account: who they
// are, how they sign in, their roles and sessions. An admin with fewer roles
// must leave these alone for an admin with more.
func isAccountTable(t string) bool {
	return t == "users" || strings.HasPrefix(t, "users_fts") || slices.Contains([]string{"user_roles", "user_contact_types",
		"credentials", "sessions", "session_tokens", "reset_tokens"}, t)
}

// noSuccess are routes no allowed caller gets a 2xx from with the
// matrix's generic request, each with why. Every other route must answer
// 2xx to someone allowed, or its refusals could be mere validation errors.
var noSuccess = map[string]string{
	"POST /user-service/v1/auth/login":                 "the matrix signs in with an unknown login; real sign-ins happen in setup and signInRules",
	"POST /user-service/v1/auth/refreshToken":          "the matrix sends the caller's access token where a refresh token belongs",
	"POST /user-service/v1/auth/resetPassword/confirm": "the matrix sends a made-up reset token; real ones come by mail",
	"POST /portal-service/v1/user/role/add": "the target is an app user, who takes no admin role; an admin target would hold roles " +
		"some allowed caller lacks (refused by the who-may-change-whom rule)",
	"POST /portal-service/v1/user/role/remove": "as role/add",
}

// otherTenantAnswers are routes that answer another tenant's id with
// data by design, each with why.
var otherTenantAnswers = map[string]string{
	"POST /portal-service/v1/corporateAccount/getByFilter": "partnerOspId is a filter inside the caller's scope: another partner's id " +
		"narrows the caller's own list to nothing and reveals nothing (company_test: \"msp cannot widen to another partner\")",
}

// notAnID are request fields whose names look like ids but hold data.
var notAnID = map[string]string{
	"contractId":  "the employer's contract number of a user, free text",
	"extId":       "a company's own reference for a user, group or budget, free text",
	"mobibChipId": "the chip number printed on a MOBIB card",
}

// snapshotSkip are tables left out of the database fingerprint, with why.
var snapshotSkip = []string{
	"rate_limits", // attempt counters of sign-in and reset calls: public calls count there by design
}

// idKinds maps request field names (JSON, path, query or form) to the kind
// of object whose id they carry. "ospId" depends on the route (kindOfOspID).
var idKinds = map[string]string{
	"userOspId":             "user",
	"ownerOspId":            "user",
	"assigneeOspId":         "user",
	"corporateAccountOspId": "company",
	"partnerOspId":          "partner",
	"relatedPartnerOspId":   "newPartner", // related/remove: "linkedPartner" (builder.value)
	"budgetOspId":           "budget",
	"userGroupOspId":        "group",
	"excludeMembersOf":      "group",
	"eventOspId":            "expense",
	"expenseOspId":          "expense",
	"recurringOspId":        "recurring",
	"uploadId":              "upload",
	"promoCode":             "promo",
	"parentOspId":           "company", // reporting: a company's or a partner's; the matrix names Acme
	"reportOspId":           "report",
	"productOspId":          "product",
	"elementOspId":          "element",
	"mrpPartnerOspId":       "mrp",
	"labelOspId":            "label",
	"labelOspIds":           "label",
	"resourceOspId":         "resource",
	"resourceOspIds":        "resource",
	"serviceResourceOspId":  "service",
	"gasStationOspId":       "gasstation",
}

// routeIDKinds overrides idKinds for the routes under a path prefix, where
// a field name means another kind: branding's ownerOspId is a partner or a
// corporate account (the matrix names Acme), elsewhere a budget's owner.
var routeIDKinds = map[string]map[string]string{
	v1 + "/branding/": {"ownerOspId": "company"},
	// find/allByAssignee: a company's or a user group's (the matrix names an Acme group)
	v1 + "/product/": {"assigneeOspId": "group"},
}

// platformKinds are objects of the whole platform, of no tenant: a call
// naming one names nothing of another tenant's, each with why.
var platformKinds = map[string]string{
	"product":       "products are the platform's catalogue: every admin reads the active ones",
	"resource":      "resources are the platform's catalogue, offered by MRP partners to every MSP",
	"element":       "a product's composition element is a catalogue resource",
	"mrp":           "the MRP partners that offer resources are public to every admin (partner/mrp/getAll)",
	"service":       "as resource (every admin reads the catalogue, platform staff write it)",
	"transport":     "as resource",
	"parking":       "as resource",
	"bike":          "as resource",
	"car":           "as resource",
	"rental":        "as resource",
	"gasstation":    "as resource; its owner periods are scoped to the caller's companies in the query",
	"label":         "resource labels are part of the platform's catalogue",
	"resourceGroup": "resource groups are part of the platform's catalogue",
}

// nestedKinds names the kind of a nested {ospId} by the field holding it.
var nestedKinds = map[string]string{
	"corporateAccount": "company",
	"usergroup":        "group",
	"userGroups":       "group",
	"users":            "user",
}

// kindOfOspID says what a top-level ospId (or {id}) names on a route.
func kindOfOspID(path string) string {
	for _, p := range []struct{ prefix, kind string }{
		{v1 + "/user/identificationToken/", "token"},
		{v1 + "/company/usageReason/", "reason"},
		{v1 + "/user/selfservice/generateLink", "company"},
		{v1 + "/user/", "user"},
		{"/portal-service/v2/user/", "user"},
		{v1 + "/usergroup/", "group"},
		{v1 + "/budget/", "budget"},
		{"/portal-service/v2/budget/", "budget"},
		{v1 + "/events/", "expense"},
		{v1 + "/purchaseEvent/", "expense"},
		{v1 + "/recurringExternalPurchase/", "recurring"},
		{v1 + "/travel/registration/", "tripRegistration"},
		// deactivation: activate needs a deactivated company or partner, and
		// deactivating a partner must not switch off the matrix's own
		{v1 + "/corporateAccount/activate", "inactiveCompany"},
		{v1 + "/corporateAccount/", "company"},
		{v1 + "/partner/activate", "inactivePartner"},
		{v1 + "/partner/deactivate", "sparePartner"},
		{v1 + "/partner/", "partner"},
		{v1 + "/branding/", "company"}, // a partner's or a company's: the matrix names Acme
		{v1 + "/product/update", "product"},
		{v1 + "/product/activate", "product"},
		{v1 + "/product/deactivate", "product"},
		{v1 + "/resource/label/", "label"},
		{v1 + "/resourcegroup/", "resourceGroup"},
		{v1 + "/resource/service/", "service"}, // the icon calls too
		{v1 + "/resource/transport/", "transport"},
		{v1 + "/resource/parking/", "parking"},
		{v1 + "/resource/bike/", "bike"},
		{v1 + "/resource/car/", "car"},
		{v1 + "/resource/rental/", "rental"},
		{v1 + "/resource/gasstation/", "gasstation"},
		{v1 + "/userFee/", "userFeeTier"},         // authz_userfee_test.go
		{v1 + "/template/", "template"},           // authz_template_test.go
		{v1 + "/invoice/send", "sendableInvoice"}, // authz_invoice_send_test.go
		{v1 + "/invoice/", "invoice"},
		{v1 + "/commute/distance/", "commuteDistance"}, // authz_trip_config_test.go
		{v1 + "/commute/user/", "user"},
		{v1 + "/translation/", "translation"},          // authz_translation_test.go
		{v1 + "/upload/", "providerUpload"},            // authz_providerdata_test.go
		{v1 + "/order/getDetails/", "seasonCardOrder"}, // authz_order_test.go
	} {
		if strings.HasPrefix(path, p.prefix) {
			return p.kind
		}
	}
	return ""
}

func looksLikeID(name string) bool {
	return name == "ospId" || name == "id" || strings.HasSuffix(name, "OspId") || strings.HasSuffix(name, "Id") ||
		strings.HasSuffix(name, "OspIds") || idKinds[name] != ""
}

type tenancy int

const (
	noTenant    tenancy = iota
	acmeTenant          // Acme's own admins, the MSP admin of its partner, platform staff
	otherTenant         // admins of another company or another MSP
)

type persona struct {
	name    string
	login   string
	roles   []access.Role
	tenant  tenancy
	appUser bool
	partner string // the persona's partner (MSP), for calls that name Acme's
	// msp: a partner admin, whose session passes SPEC's mspOnly guard
	msp bool
	osp string
	// tokens are the bearer tokens to try: one for admins; for anonymous
	// and app users every token they could hold.
	tokens []string
}

func (p *persona) signedIn() bool { return p.tenant != noTenant }

// principal is the persona as a route policy sees it: its roles, and for
// partner admins a session id whose first and third segments are equal
// (SPEC §6's MSP rule).
func (p *persona) principal() *access.Principal {
	pr := &access.Principal{Roles: p.roles}
	if p.msp {
		pr.PartnerOspID, pr.TenantOspID = "msp", "msp"
	}
	return pr
}

type matrix struct {
	t       *testing.T
	e       *testkit.Env
	fx      *fixture
	ps      []*persona
	calls   int
	victims int
	base    testkit.State
	// seen counts the calls made per route, for coverage.
	seen map[string]int
	// unknown lists id-like fields the filler does not know, per route.
	unknown map[string][]string
	fails   map[string]int
	// succeeded marks routes some allowed caller got a 2xx from;
	// firstRefusal keeps the first other answer, to explain those that none did.
	succeeded    map[string]bool
	firstRefusal map[string]string
}

type expect int

const (
	expectGuardPass expect = iota // public: the guard lets everyone through
	expect401
	expect403
	expectTenantRefusal // 404 or 403, never 2xx
	expectAllowed
)

func (x expect) String() string {
	return [...]string{"pass the guard", "401", "403", "404 (other tenant)", "allowed"}[x]
}

func newMatrix(t *testing.T, e *testkit.Env) *matrix {
	m := &matrix{t: t, e: e, seen: map[string]int{}, unknown: map[string][]string{}, fails: map[string]int{},
		succeeded: map[string]bool{}, firstRefusal: map[string]string{}}
	acme := seed.AcmeOspID
	companyRoles := []access.Role{access.UserManager, access.InvoiceManager, access.ReportingManager,
		access.CommunicationManager, access.CompanyBudgetManager}
	mspRoles := []access.Role{access.UserManager, access.InvoiceManager, access.ReportingManager, access.CommunicationManager}

	// Objects are made by a platform admin of their own, so that no
	// persona's sign-out or password change ends the builder's session.
	e.NewUser(user.NewUser{Login: "authz.builder", Roles: []access.Role{access.OspAdmin}, Language: "en"})
	m.fx = newFixture(m, e.LoginAs("authz.builder"))

	m.ps = append(m.ps,
		&persona{name: "anonymous", tokens: []string{""}},
		&persona{name: "anonymous with a made-up token", tokens: []string{"bm90LWEtdG9rZW4tYXQtYWxs"}},
	)
	app := &persona{name: "app user", login: "authz.app", appUser: true}
	app.osp = e.NewUser(user.NewUser{Login: app.login, CorporateAccountID: ptr(e.CorporateAccountID(acme)), Roles: []access.Role{access.OspUser}})
	app.tokens = []string{e.PlantSession(app.osp)}
	appCBM := &persona{name: "app user with company_budget_manager", login: "authz.app.cbm", appUser: true}
	appCBM.osp = e.NewUser(user.NewUser{Login: appCBM.login, CorporateAccountID: ptr(e.CorporateAccountID(acme)),
		Roles: []access.Role{access.OspUser}})
	m.grantAppUserBudgetRole(appCBM.osp)
	appCBM.tokens = []string{e.PlantSession(appCBM.osp)}
	m.ps = append(m.ps, app, appCBM)
	for _, r := range companyRoles {
		login := "authz.acme." + string(r)
		e.CompanyAdmin(login, acme, r)
		m.ps = append(m.ps, &persona{name: "Acme " + string(r) + " alone", login: login, roles: []access.Role{r}, tenant: acmeTenant})
	}
	e.CompanyAdmin("authz.globex", seed.GlobexOspID, companyRoles...)
	e.PartnerAdmin("authz.rideon", seed.OtherPartnerOspID, mspRoles...)
	m.ps = append(m.ps,
		&persona{name: "Globex admin with every company role", login: "authz.globex", roles: companyRoles, tenant: otherTenant,
			partner: seed.MobiPartnerOspID},
		&persona{name: "RideOn MSP admin", login: "authz.rideon", roles: mspRoles, tenant: otherTenant, partner: seed.OtherPartnerOspID,
			msp: true},
		&persona{name: "MSP admin of Acme's partner", login: "msp.admin", roles: mspRoles, tenant: acmeTenant, msp: true},
		&persona{name: "platform staff", login: "ospadmin", roles: []access.Role{access.OspAdmin}, tenant: acmeTenant},
	)
	for _, p := range m.ps {
		if p.signedIn() {
			// expectations follow the roles stored, not the ones meant
			var stored []access.Role
			if err := e.DB.Select(t.Context(), &stored, `SELECT r.role FROM user_roles r JOIN users u ON u.id = r.user_id
				WHERE u.login = ? ORDER BY r.role`, p.login); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(stored, slices.Sorted(slices.Values(p.roles))) {
				t.Fatalf("%s holds %v, not %v", p.name, stored, p.roles)
			}
			p.tokens = []string{e.LoginAs(p.login)}
		}
	}
	m.fx.all()
	m.base = e.Snapshot(snapshotSkip...)
	return m
}

func ptr[T any](v T) *T { return &v }

// grantAppUserBudgetRole gives an app user company_budget_manager through
// the API, as an admin would. Should the product refuse that role to app
// users, the row is written directly: it stands for one granted before the
// rule, and must still open no portal session.
func (m *matrix) grantAppUserBudgetRole(osp string) {
	res := m.e.Post(v1+"/user/role/add", m.fx.token, map[string]any{"ospId": osp, "role": access.CompanyBudgetManager})
	if res.Status == http.StatusOK {
		return
	}
	if _, err := m.e.DB.Exec(m.t.Context(), `INSERT INTO user_roles (user_id, role) SELECT id, ? FROM users WHERE osp_id = ?`,
		string(access.CompanyBudgetManager), osp); err != nil {
		m.t.Fatalf("grant company_budget_manager to an app user: %d %s / %v", res.Status, res.Body, err)
	}
}

// signInRules: app users cannot sign in to the portal, whatever their roles.
func (m *matrix) signInRules() {
	// A planted session of an admin works, so the 401s app users get with
	// theirs are about who they are, not about a malformed token.
	if res := m.e.Post(v1+"/user/current", m.e.PlantSession(m.e.UserOspID("authz.acme.user_manager")), nil); res.Status != http.StatusOK {
		m.t.Fatalf("a planted admin session does not work: %d %s", res.Status, res.Body)
	}
	for _, p := range m.ps {
		if !p.appUser {
			continue
		}
		res := m.e.Post(testkit.LoginPath, "", map[string]string{"username": p.login, "passdigest": auth.Digest(seed.DemoPassword)})
		m.calls++
		var out struct {
			Token        string `json:"token"`
			RefreshToken string `json:"refreshToken"`
		}
		_ = jsonUnmarshal(res.Body, &out)
		if res.Status != http.StatusForbidden || res.Label() != "NO_PORTAL_ACCESS" || out.Token != "" {
			m.t.Errorf("%s signs in to the portal: want 403 NO_PORTAL_ACCESS, got %d %s", p.name, res.Status, clip(res.Body))
		}
		if out.Token != "" {
			// the session it was given must not work either
			p.tokens = append(p.tokens, out.Token)
		}
		if out.RefreshToken != "" {
			r := m.e.Do(testkit.Request{Path: "/user-service/v1/auth/refreshToken", Token: out.RefreshToken})
			if r.Status == http.StatusOK {
				m.t.Errorf("%s refreshes a portal session: %d %s", p.name, r.Status, clip(r.Body))
				var again struct {
					Token string `json:"token"`
				}
				if jsonUnmarshal(r.Body, &again) == nil && again.Token != "" {
					p.tokens = append(p.tokens, again.Token)
				}
			}
		}
	}
}

func (m *matrix) expectation(rt api.Route, p *persona, c *call) expect {
	switch {
	case rt.Policy.Public:
		return expectGuardPass
	case !p.signedIn():
		return expect401
	case !rt.Policy.AllowsCall(p.principal(), rt.Path):
		return expect403
	case p.tenant == otherTenant && c.foreignTo(p) && otherTenantAnswers[routeKey(rt)] == "":
		return expectTenantRefusal
	default:
		return expectAllowed
	}
}

func routeKey(rt api.Route) string { return rt.Method + " " + rt.Path }

// refusedPass makes every call that must be refused, each non-GET one
// followed by the database fingerprint.
func (m *matrix) refusedPass() {
	m.base = m.e.Snapshot(snapshotSkip...)
	for _, rt := range m.e.App.Routes() {
		if _, skip := skippedRoutes[routeKey(rt)]; skip {
			continue
		}
		for _, p := range m.ps {
			c, ok := m.build(rt, nil)
			if !ok {
				break
			}
			x := m.expectation(rt, p, c)
			if x == expectGuardPass || x == expectAllowed {
				continue
			}
			for i, tok := range p.tokens {
				res := m.send(c, tok)
				m.check(rt, p, x, res, c)
				m.unchanged(rt, p, c, res)
				if p.appUser && res.Status < 300 {
					// already a failure; a logout must not hide the rest
					p.tokens[i] = m.e.PlantSession(p.osp)
					m.base = m.e.Snapshot(snapshotSkip...)
				}
			}
		}
	}
}

// victimPass: an admin may change or act on another admin only when it
// holds every role that admin holds (issue 7, finding 3). Acme's
// user_manager-only admin and the MSP admin (no company_budget_manager)
// call every route that takes a user id with an Acme admin holding every
// company role in it; nothing may change.
func (m *matrix) victimPass() {
	var actors []*persona
	for _, p := range m.ps {
		if p.login == "authz.acme.user_manager" || p.login == "msp.admin" {
			actors = append(actors, p)
		}
	}
	for _, rt := range m.e.App.Routes() {
		if _, skip := skippedRoutes[routeKey(rt)]; skip || rt.Policy.Public || rt.Method == http.MethodGet {
			continue
		}
		if c, ok := m.build(rt, nil); !ok || !c.kinds["user"] {
			continue
		}
		for _, p := range actors {
			if !rt.Policy.AllowsCall(p.principal(), rt.Path) {
				continue // the refused pass covers it
			}
			// a fresh victim each time: an earlier call may have changed the last one
			m.victims++
			ca := m.e.CorporateAccountID(seed.AcmeOspID)
			victim := m.e.NewUser(user.NewUser{Login: fmt.Sprintf("authz.victim.%d", m.victims), CorporateAccountID: &ca,
				TwoFactorEnabled: true, Language: "en", Roles: []access.Role{access.UserManager, access.InvoiceManager,
					access.ReportingManager, access.CommunicationManager, access.CompanyBudgetManager}})
			// the victim has enrolled an authenticator, so clear2fa has something to take
			if _, err := m.e.DB.Exec(m.t.Context(), `UPDATE credentials SET totp_secret = 'JBSWY3DPEHPK3PXP', totp_confirmed = TRUE
				WHERE user_id = (SELECT id FROM users WHERE osp_id = ?)`, victim); err != nil {
				m.t.Fatal(err)
			}
			m.base = m.e.Snapshot(snapshotSkip...)
			c, ok := m.build(rt, map[string]string{"user": victim})
			if !ok || !c.kinds["user"] {
				break
			}
			res := m.send(c, p.tokens[0])
			if res.Status >= 500 {
				m.fail(rt, p, "no change to an admin with more roles", res, c)
			}
			now := m.e.Snapshot(snapshotSkip...)
			var moved []string
			for _, table := range now.Changed(m.base) {
				if isAccountTable(table) {
					moved = append(moved, table)
				}
			}
			if len(moved) > 0 {
				m.t.Errorf("%s %s as %s: changed the account of an Acme admin holding more roles: tables %v moved (answer %d %s; request %s)",
					rt.Method, rt.Path, p.name, moved, res.Status, clip(res.Body), c.describe())
			}
		}
	}
}

// allowedPass makes every allowed call. A call that changed the database
// may have used up the objects it named (deleted, anonymized, deactivated),
// so the next call gets fresh ones.
func (m *matrix) allowedPass() {
	for _, rt := range m.e.App.Routes() {
		if _, skip := skippedRoutes[routeKey(rt)]; skip {
			continue
		}
		for _, p := range m.ps {
			c, ok := m.build(rt, nil)
			if !ok {
				break
			}
			x := m.expectation(rt, p, c)
			if x != expectGuardPass && x != expectAllowed {
				continue
			}
			for _, tok := range p.tokens {
				res := m.send(c, tok)
				if res.Status == http.StatusUnauthorized && p.signedIn() && !m.alive(tok) {
					// an earlier allowed call (logout) ended this persona's session
					p.tokens = []string{m.e.LoginAs(p.login)}
					tok = p.tokens[0]
					res = m.send(c, tok)
				}
				m.check(rt, p, x, res, c)
				checkContract(m.t, m.e.App.Routes(), rt, res)
				if res.Status < 300 {
					m.succeeded[routeKey(rt)] = true
				} else if m.firstRefusal[routeKey(rt)] == "" {
					m.firstRefusal[routeKey(rt)] = fmt.Sprintf("%s: %d %s", p.name, res.Status, clip(res.Body))
				}
				if rt.Method != http.MethodGet {
					if now := m.e.Snapshot(snapshotSkip...); len(now.Changed(m.base)) > 0 {
						m.base = now
						m.fx.reset()
					}
				}
			}
		}
	}
}

func (m *matrix) alive(token string) bool {
	return m.e.Post(v1+"/user/current", token, nil).Status == http.StatusOK
}

// coverage fails on routes the matrix could not call and on stale lists.
func (m *matrix) coverage() {
	keys := map[string]bool{}
	for _, rt := range m.e.App.Routes() {
		k := routeKey(rt)
		keys[k] = true
		if reason, skip := skippedRoutes[k]; skip {
			if strings.TrimSpace(reason) == "" {
				m.t.Errorf("%s is skipped without a reason", k)
			}
			continue
		}
		if f := m.unknown[k]; len(f) > 0 {
			m.t.Errorf("%s: request field(s) %v look like ids the matrix cannot fill: teach idKinds/kindOfOspID what they name, or list them in notAnID with why", k, f)
			continue
		}
		if m.seen[k] == 0 {
			m.t.Errorf("%s was never called", k)
		}
		if _, expected := noSuccess[k]; !m.succeeded[k] && !expected {
			m.t.Errorf("%s: no allowed caller got a 2xx, so its refusals prove little: make the matrix's request valid "+
				"(sample, fixture) or list it in noSuccess with why; first answer %s", k, m.firstRefusal[k])
		}
	}
	for k := range noSuccess {
		if m.succeeded[k] {
			m.t.Errorf("noSuccess lists %s, which now succeeds: remove it", k)
		}
	}
	for k := range skippedRoutes {
		if !keys[k] {
			m.t.Errorf("skippedRoutes lists %s, which is no route", k)
		}
	}
}

// ---- checks ----

func guardRefused(res *testkit.Response) bool {
	l := res.Label()
	return (res.Status == http.StatusUnauthorized && (l == "UNAUTHORIZED" || l == "TOKEN_EXPIRED")) ||
		(res.Status == http.StatusForbidden && l == "FORBIDDEN")
}

func (m *matrix) check(rt api.Route, p *persona, x expect, res *testkit.Response, c *call) {
	ok := true
	switch x {
	case expectGuardPass:
		ok = !guardRefused(res) && res.Status < 500
	case expect401:
		ok = res.Status == http.StatusUnauthorized
	case expect403:
		ok = res.Status == http.StatusForbidden
	case expectTenantRefusal:
		ok = res.Status == http.StatusNotFound || res.Status == http.StatusForbidden
	case expectAllowed:
		ok = res.Status < 500 && res.Status != http.StatusUnauthorized && res.Status != http.StatusNotFound &&
			res.Status != http.StatusForbidden
	}
	if !ok {
		m.fail(rt, p, x.String(), res, c)
	}
}

func (m *matrix) fail(rt api.Route, p *persona, want string, res *testkit.Response, c *call) {
	m.t.Helper()
	key := p.name + "|" + want
	m.fails[key]++
	if m.fails[key] > 12 {
		if m.fails[key] == 13 {
			m.t.Errorf("%s: more routes fail the same way (%s); the first are listed above", p.name, want)
		}
		return
	}
	m.t.Errorf("%s %s as %s: want %s, got %d %s (request %s)", rt.Method, rt.Path, p.name, want, res.Status, clip(res.Body), c.describe())
}

// unchanged: a refused call that is not a GET changed nothing.
func (m *matrix) unchanged(rt api.Route, p *persona, c *call, res *testkit.Response) {
	if rt.Method == http.MethodGet {
		return
	}
	m.unchangedAs(rt, p, c, res, "refused call changed the database")
}

func (m *matrix) unchangedAs(rt api.Route, p *persona, c *call, res *testkit.Response, what string) {
	now := m.e.Snapshot(snapshotSkip...)
	if changed := now.Changed(m.base); len(changed) > 0 {
		m.base = now
		if m.fails[p.name+"|"+what]++; m.fails[p.name+"|"+what] > 12 {
			return
		}
		m.t.Errorf("%s %s as %s: %s: tables %v moved (answer %d %s; request %s)", rt.Method, rt.Path, p.name, what,
			changed, res.Status, clip(res.Body), c.describe())
		m.base = now
	}
}

func clip(b []byte) string {
	s := string(b)
	if len(s) > 300 {
		s = s[:300] + "…"
	}
	return s
}

// ---- requests ----

type call struct {
	method, path string
	body         any
	headers      map[string]string
	kinds        map[string]bool
}

// foreignTo tells whether the call names an object that is not p's: any of
// Acme's, or Acme's partner when p belongs to another partner.
func (c *call) foreignTo(p *persona) bool {
	for k := range c.kinds {
		if platformKinds[k] != "" {
			continue
		}
		if k != "partner" || p.partner != seed.MobiPartnerOspID {
			return true
		}
	}
	return false
}

func (c *call) describe() string {
	b, _ := jsonMarshal(c.body)
	if len(b) > 300 {
		b = append(b[:300], "…"...)
	}
	if _, raw := c.body.([]byte); raw {
		b = []byte("(multipart)")
	}
	return c.path + " " + string(b)
}

func (m *matrix) send(c *call, token string) *testkit.Response {
	m.calls++
	return m.e.Do(testkit.Request{Method: c.method, Path: c.path, Token: token, Body: c.body, Headers: c.headers})
}

// build fills a route's request from its Request type: ids of Acme's
// objects for every id field, plausible values for the rest. override
// replaces the id of a kind. ok is false when an id field is unknown.
func (m *matrix) build(rt api.Route, override map[string]string) (*call, bool) {
	key := routeKey(rt)
	m.seen[key]++
	b := &builder{m: m, rt: rt, override: override, kinds: map[string]bool{}, path: rt.Path, query: url.Values{}, form: map[string]string{}}
	var body map[string]any
	if rt.Request != nil {
		body = b.object(reflect.TypeOf(rt.Request), "")
	}
	for _, name := range paramNames(rt.Path) {
		if !strings.Contains(b.path, "{"+name+"}") {
			continue
		}
		b.path = strings.ReplaceAll(b.path, "{"+name+"}", url.PathEscape(fmt.Sprint(b.value(name, "", reflect.TypeOf("")))))
	}
	if _, both := body["corporateAccountOspId"]; both && body["partnerOspId"] != nil {
		// a company filter already names Acme; its partner beside it would
		// be a partner filter company admins cannot use (they see no partners)
		delete(body, "partnerOspId")
		delete(b.kinds, "partner")
	}
	if len(b.unknown) > 0 {
		slices.Sort(b.unknown)
		m.unknown[key] = slices.Compact(b.unknown)
		m.seen[key]--
		return nil, false
	}
	if m.fx.made {
		// objects were made for this call: they are the new baseline
		m.base = m.e.Snapshot(snapshotSkip...)
		m.fx.made = false
	}
	c := &call{method: rt.Method, path: b.path, kinds: b.kinds}
	if len(b.query) > 0 {
		c.path += "?" + b.query.Encode()
	}
	switch {
	case b.multipart:
		var buf bytes.Buffer
		mw := multipart.NewWriter(&buf)
		for k, v := range b.form {
			if k == "file" {
				fw, _ := mw.CreateFormFile("file", "users.csv")
				_, _ = fw.Write([]byte(v))
				continue
			}
			_ = mw.WriteField(k, v)
		}
		_ = mw.Close()
		c.body = buf.Bytes()
		c.headers = map[string]string{"Content-Type": mw.FormDataContentType()}
	case rt.Method != http.MethodGet && rt.Request != nil:
		c.body = body
	}
	return c, true
}

func paramNames(path string) []string {
	var out []string
	for _, part := range strings.Split(path, "/") {
		if strings.HasPrefix(part, "{") && strings.HasSuffix(part, "}") {
			out = append(out, strings.Trim(part, "{}"))
		}
	}
	return out
}

type builder struct {
	m         *matrix
	rt        api.Route
	override  map[string]string
	kinds     map[string]bool
	unknown   []string
	path      string
	query     url.Values
	form      map[string]string
	multipart bool
}

// object fills a struct type as a JSON object; parent is the name of the
// field holding it ("" at the top).
func (b *builder) object(t reflect.Type, parent string) map[string]any {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	out := map[string]any{}
	if t.Kind() != reflect.Struct {
		return out
	}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		if name := f.Tag.Get("path"); name != "" {
			continue // filled from the route's path
		}
		if name := f.Tag.Get("query"); name != "" {
			b.query.Set(name, fmt.Sprint(b.value(name, parent, f.Type)))
			continue
		}
		if name := f.Tag.Get("formData"); name != "" || f.Type.String() == "multipart.File" {
			if name == "" {
				name = "file"
			}
			b.multipart = true
			b.form[name] = fmt.Sprint(b.value(name, "form", f.Type))
			continue
		}
		jsonName, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if jsonName == "-" {
			continue
		}
		if f.Anonymous && jsonName == "" {
			for k, v := range b.object(f.Type, parent) {
				out[k] = v
			}
			continue
		}
		if jsonName == "" {
			jsonName = f.Name
		}
		if v := b.value(jsonName, parent, f.Type); v != nil {
			out[jsonName] = v
		}
	}
	return out
}

// value is what the field name in parent gets; nil leaves it out.
func (b *builder) value(name, parent string, t reflect.Type) any {
	fx := b.m.fx
	if looksLikeID(name) && notAnID[name] == "" {
		kind := idKinds[name]
		if name == "relatedPartnerOspId" && strings.HasSuffix(b.rt.Path, "/related/remove") {
			kind = "linkedPartner" // a partner linked below Acme's, so there is a link to remove
		}
		longest := ""
		for prefix, kinds := range routeIDKinds { // the longest prefix that names the field wins
			if k := kinds[name]; k != "" && strings.HasPrefix(b.rt.Path, prefix) && len(prefix) > len(longest) {
				kind, longest = k, prefix
			}
		}
		if name == "ospId" || name == "id" {
			if parent != "" {
				kind = nestedKinds[parent]
			} else {
				kind = kindOfOspID(b.rt.Path)
			}
		}
		if kind == "" {
			b.unknown = append(b.unknown, strings.TrimPrefix(parent+"."+name, "."))
			return nil
		}
		b.kinds[kind] = true
		id, ok := b.override[kind]
		if !ok {
			id = fx.id(kind)
		}
		if t.Kind() == reflect.Slice {
			return []string{id} // a list of ids (labelOspIds, resourceOspIds, productOspIds)
		}
		return id
	}
	if v, ok := b.sample(name, parent); ok {
		return v
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Struct:
		if o := b.object(t, name); len(o) > 0 {
			return o
		}
	case reflect.Slice:
		el := t.Elem()
		for el.Kind() == reflect.Pointer {
			el = el.Elem()
		}
		if el.Kind() == reflect.Struct {
			if o := b.object(el, name); len(o) > 0 {
				return []any{o}
			}
		}
	}
	return nil
}

// sample gives plausible values to the data fields a valid call needs.
func (b *builder) sample(name, parent string) (any, bool) {
	fx := b.m.fx
	path := b.rt.Path
	for _, h := range sampleHooks { // a domain's own fixture file first
		if v, ok := h(fx, path, name, parent); ok {
			return v, true
		}
	}
	switch name {
	case "pagination":
		return map[string]any{"page": 1, "size": 5}, true
	case "search":
		return "Test", true
	case "active", "activeOnly":
		return true, true
	case "username":
		return "nobody.authz", true
	case "passdigest":
		return auth.Digest("not the password"), true
	case "oldPassdigest":
		return auth.Digest(seed.DemoPassword), true
	case "newPassword":
		return seed.DemoPassword, true
	case "token":
		return "not-a-reset-token", true
	case "email":
		if parent == "" {
			return "nobody.authz@example.com", true
		}
		return fmt.Sprintf("authz.%d@example.com", fx.next()), true
	case "login":
		if parent == "" && strings.HasSuffix(path, "/auth/resetPassword") {
			return "nobody.authz", true
		}
		return fmt.Sprintf("authz.login.%d", fx.next()), true
	case "firstname":
		return "Test", true
	case "lastname":
		return "Person", true
	case "language":
		return "en", true
	case "lang":
		return "en", true
	case "role":
		return string(access.UserManager), true
	case "roles":
		if strings.HasSuffix(path, "/manager/create") {
			return []string{string(access.UserManager)}, true
		}
		return nil, false
	case "contactTypes":
		return []string{"BUDGET_CONTACT"}, true
	case "sendCredentials":
		if parent == "form" {
			return "false", true
		}
		return false, true
	case "amount":
		return 100, true
	case "vatPercentage":
		return 21, true
	case "description", "remark":
		return "authz check", true
	case "date":
		switch {
		case strings.Contains(path, "/deactivate"):
			return nil, false // with when=NOW a date is not asked for
		case strings.Contains(path, "/recurringExternalPurchase/delete"):
			return "2026-12-01", true // the fixture's first occurrence
		}
		return "2026-11-20", true
	case "when":
		return "NOW", true
	case "mode":
		return "THIS_ONLY", true
	case "type":
		switch {
		case strings.HasPrefix(path, v1+"/reporting/download/"):
			return "MONTHLY_EXPENSES_PER_MOBILITY_MODE", true // the fixture's report
		case strings.HasPrefix(path, v1+"/reporting/dashboard/"):
			return 0, true
		case strings.Contains(path, "/recurringExternalPurchase/"):
			return "OTHER", true
		case strings.Contains(path, "/identificationToken/"):
			return "LICENCE_PLATE", true
		case path == v1+"/budget/{type}/create", path == v1+"/user/mobile/create": // the latter: userBudgets[].type
			return "CAFETERIA_BUDGET", true
		}
	case "fields":
		return []map[string]any{{"fieldType": "LICENCE_PLATE", "value": fmt.Sprintf("1-AZ-%03d", fx.next()%1000)}}, true
	case "frequency":
		if strings.Contains(path, "/recurringExternalPurchase/") {
			return "MONTH", true
		}
	case "startDate":
		return "2026-12-01", true
	case "label":
		return fmt.Sprintf("authz reason %d", fx.next()), true
	case "threshold":
		return 1000, true
	case "code":
		return fmt.Sprintf("AUTHZ%d", fx.next()), true
	case "validFrom":
		if strings.Contains(path, "/promo/") {
			return "2026-11-01", true
		}
		if strings.Contains(path, "/fuelstation/") {
			return "2026-01-01", true
		}
	case "validTo":
		return "2026-12-31", true
	case "pincode":
		return "4821", true
	case "budgetType":
		if parent == "" {
			fx.id("budget") // the owner named beside it has a budget of this type
			return "BUSINESS_BUDGET", true
		}
	case "budgetTypes":
		return []map[string]any{{"budgetType": "BUSINESS_BUDGET", "enabled": true}, {"budgetType": "CAFETERIA_BUDGET", "enabled": true}}, true
	case "data":
		switch {
		case strings.HasSuffix(path, "/create") && strings.Contains(path, "/budget/"):
			return map[string]any{"frequency": ""}, true
		case strings.Contains(path, "/budget/"):
			return map[string]any{"extId": fmt.Sprintf("AUTHZ-B%d", fx.next())}, true
		}
		return map[string]any{"extId": fmt.Sprintf("AUTHZ-%d", fx.next()), "description": "authz group"}, true
	case "partnerData":
		n := fx.next()
		return map[string]any{"name": fmt.Sprintf("Authz partner %d", n), "extId": fmt.Sprintf("AUTHZ-P%d", n),
			"partnerType": "RESELLER", "zipCode": "1000", "vatNumber": "BE0123456749"}, true
	case "name", "extId", "contractType", "paymentType":
		if name == "extId" && strings.HasPrefix(path, v1+"/product/") {
			return fmt.Sprintf("AUTHZ-PR%d", fx.next()), true
		}
		if (strings.HasPrefix(path, v1+"/resource/") || strings.HasPrefix(path, v1+"/resourcegroup/")) && (name == "name" || name == "extId") {
			return fmt.Sprintf("Authz-%s-%d", name, fx.next()), true
		}
		if strings.HasSuffix(path, "/corporateAccount/create") {
			n := fx.next()
			return map[string]string{"name": fmt.Sprintf("Authz company %d", n), "extId": fmt.Sprintf("AUTHZ-CA%d", n),
				"contractType": "BUSINESS_MOBILITY", "paymentType": "PREPAID"}[name], true
		}
	case "relation":
		return "SUB", true
	case "mobilityMode":
		return "TRAIN", true
	case "productLabel":
		return map[string]any{"defaultValue": "Authz product", "labelTranslations": []map[string]string{{"languageCode": "nl", "text": "Authz-product"}}}, true
	case "assigneeType":
		if strings.HasPrefix(path, v1+"/userFee/") {
			return "CORPORATE_ACCOUNT", true
		}
		return "USER_GROUP", true
	case "eventCountFrom", "eventCountTo":
		return userFeeCount(fx, name), true
	case "ospIds":
		if strings.HasPrefix(path, v1+"/product/composition/") {
			return []string{fx.id("resource")}, true
		}
	case "feeType":
		return "FIXED", true
	case "vatPercent":
		return 21, true
	case "cron":
		return "0 0 1 * *", true
	case "latitude":
		return 50.8466, true
	case "longitude":
		return 4.3528, true
	case "carCategory":
		return "COMPACT", true
	case "numberOfPumps":
		return 4, true
	case "defaultValue":
		return fmt.Sprintf("Authz label %d", fx.next()), true
	case "languageCode":
		return "nl", true
	case "text":
		return "Authz tekst", true
	case "selectedBudgetTypes":
		return []string{"MOBILITY_BUDGET"}, true
	case "contractId":
		return fmt.Sprintf("C-AUTHZ-%d", fx.next()), true
	case "kind":
		if strings.HasPrefix(path, v1+"/product/composition/") {
			return "SERVICE", true
		}
		return "create", true
	case "format":
		return "csv", true
	case "reportType":
		if parent == "" && strings.HasPrefix(path, v1+"/reporting/") {
			return "MONTHLY_EXPENSES_PER_MOBILITY_MODE", true
		}
	case "reportMonth":
		return "202610", true
	case "monthFrom":
		return "202606", true
	case "paymentDate":
		return "2026-11-20", true // after the fixture invoice's issue, not after the clock's today
	case "month":
		if strings.HasPrefix(path, v1+"/invoice/") {
			return "202610", true // a closed month
		}
	case "monthTo":
		return "202610", true
	case "emails":
		return []string{fmt.Sprintf("authz.rcpt.%d@example.com", fx.next())}, true
	case "imageType":
		return "LOGO", true
	case "file":
		if strings.HasPrefix(path, v1+"/branding/") || strings.HasPrefix(path, v1+"/resource/service/icon/") {
			return `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#123456"/></svg>`, true
		}
		n := fx.next()
		return fmt.Sprintf("firstname,lastname,email,login\nImp,Orted,authz.imp%d@example.com,authz.imp.%d\n", n, n), true
	}
	return nil, false
}

// sampleHooks give a domain's data fields their values from the domain's
// own fixture file (its init); ok false leaves the field to sample, a nil
// value leaves it out of the request.
var sampleHooks []func(fx *fixture, path, name, parent string) (any, bool)

// The matrix refuses to guess: a route whose request carries an id field it
// does not know fails coverage instead of being called with a blank.
func TestMatrixRefusesUnknownIDFields(t *testing.T) {
	type thing struct {
		OspID string `json:"ospId"`
	}
	type req struct {
		FooOspID string `json:"fooOspId"`
		OspID    string `json:"ospId"`
		Thing    thing  `json:"thing"`
		Name     string `json:"name"`
	}
	m := &matrix{t: t, fx: &fixture{}, seen: map[string]int{}, unknown: map[string][]string{}}
	rt := api.Route{Method: http.MethodPost, Path: "/portal-service/v1/thing/get", Request: req{}}
	if _, ok := m.build(rt, nil); ok {
		t.Fatal("built a request with unknown id fields")
	}
	if got := m.unknown[routeKey(rt)]; !slices.Equal(got, []string{"fooOspId", "ospId", "thing.ospId"}) {
		t.Fatalf("unknown fields: %v", got)
	}
}
