package user_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"mobility/portal/internal/access"
	"mobility/portal/internal/auth"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
	"mobility/portal/internal/user"
)

const base = "/portal-service/v1/user"

func validMobile() map[string]any {
	return map[string]any{
		"corporateAccount": map[string]string{"ospId": seed.AcmeOspID},
		"userData": map[string]any{
			"firstname": "Eva", "lastname": "Janssens", "email": "eva.janssens@example.com", "login": "Eva.Janssens",
			"msisdn": "0470 12 34 56", "language": "fr", "birthdate": "1990-04-01", "employeeNumber": "E-17",
			"extId": "ACME-EVA-1", "workAddress": map[string]string{"streetName": "Kunstlaan", "number": "12", "zip": "1000", "city": "Brussel"},
		},
		"userGroups":      map[string]any{"userGroups": []any{}},
		"mobibValidFrom":  nil,
		"sendCredentials": true,
	}
}

func with(m map[string]any, field string, value any) map[string]any {
	ud := map[string]any{}
	for k, v := range m["userData"].(map[string]any) {
		ud[k] = v
	}
	ud[field] = value
	out := map[string]any{}
	for k, v := range m {
		out[k] = v
	}
	out["userData"] = ud
	return out
}

func decodeUser(t *testing.T, res *testkit.Response) user.User {
	t.Helper()
	var u user.User
	res.JSON(t, &u)
	return u
}

func TestCreateMobileUser(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		token := e.LoginAs("acme.admin")
		res := e.Post(base+"/mobile/create", token, validMobile())
		testkit.MustStatus(t, res, 200)
		u := decodeUser(t, res)
		if u.Type != "mobile" || !u.Active || u.UserData.Login != "eva.janssens" || u.UserData.Msisdn != "+32470123456" ||
			u.FailedLoginCount != 0 || len(u.Roles) != 1 || u.Roles[0] != access.OspUser || u.CorporateAccount.OspID != seed.AcmeOspID {
			t.Fatalf("created user: %s", res.Body)
		}
		// stored: default group membership, credentials, a mail in French
		var groups []string
		if err := e.DB.Select(context.Background(), &groups, `SELECT g.ext_id FROM user_group_members m JOIN user_groups g ON g.id = m.user_group_id
			JOIN users u ON u.id = m.user_id WHERE u.osp_id = ?`, u.OspID); err != nil || len(groups) != 1 || groups[0] != "ALL_ACME_USERS" {
			t.Fatalf("groups %v %v", groups, err)
		}
		mails := e.Mails("eva.janssens@example.com")
		if len(mails) != 1 || mails[0].Template != "credentials_mobile" || mails[0].Language != "fr" || !strings.Contains(mails[0].Body, "eva.janssens") {
			t.Fatalf("credentials mail: %+v", mails)
		}
		// the mailed link sets a password that works for the account (the
		// app signs in with it; the portal refuses app users)
		link := mails[0].Body[strings.Index(mails[0].Body, "token=")+len("token="):]
		link = strings.TrimSpace(strings.SplitN(link, "\n", 2)[0])
		if strings.Contains(mails[0].Body, "Mot de passe :") {
			t.Fatal("a password was mailed in clear")
		}
		token2, _ := url.QueryUnescape(link)
		testkit.MustStatus(t, e.Post("/user-service/v1/auth/resetPassword/confirm", "", map[string]string{"token": token2, "newPassword": "Chosen-pass1"}), http.StatusNoContent)
		if res := e.Post(testkit.LoginPath, "", map[string]string{"username": "eva.janssens", "passdigest": auth.Digest("Chosen-pass1")}); res.Label() != "NO_PORTAL_ACCESS" {
			t.Fatalf("app user's chosen password: %s", res.Body)
		}
		// without sendCredentials, no mail
		noMail := with(with(with(validMobile(), "login", "tom.two"), "email", "tom@example.com"), "extId", "")
		noMail["sendCredentials"] = false
		testkit.MustStatus(t, e.Post(base+"/mobile/create", token, noMail), 200)
		if n := len(e.Mails("tom@example.com")); n != 0 {
			t.Fatalf("mail sent without sendCredentials: %d", n)
		}
	})
}

func TestCreateValidation(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		token := e.LoginAs("acme.admin")
		testkit.MustStatus(t, e.Post(base+"/mobile/create", token, validMobile()), 200)
		cases := []struct {
			name    string
			body    map[string]any
			field   string
			message string
		}{
			{"duplicate login", with(with(validMobile(), "extId", ""), "email", "x@example.com"), "login", "The user name is already taken"},
			{"invalid email", with(with(validMobile(), "login", "new.one"), "email", "not-an-email"), "email", "The email format seems to be wrong"},
			{"invalid phone", with(with(validMobile(), "login", "new.one"), "msisdn", "12345"), "msisdn", "Mobile phone is not a valid phone number"},
			{"extId with a dot", with(with(validMobile(), "login", "new.one"), "extId", "A.B"), "extId", "External id may not contain dots or spaces"},
			{"extId taken", with(validMobile(), "login", "new.one"), "extId", "External id must be unique"},
			{"first name required", with(with(with(validMobile(), "login", "new.one"), "extId", ""), "firstname", " "), "firstname", "First name is required"},
			{"birthdate in the future", with(with(with(validMobile(), "login", "new.one"), "extId", ""), "birthdate", "2999-01-01"), "birthdate", "Date of birth must be in the past"},
			{"unsupported language", with(with(with(validMobile(), "login", "new.one"), "extId", ""), "language", "de"), "language", "Language must be one of nl, en, fr"},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				before := countUsers(t, e)
				res := e.Do(testkit.Request{Path: base + "/mobile/create", Token: token, Body: c.body, Headers: map[string]string{"Accept-Language": "en"}})
				// the admin's own language is nl: messages come in Dutch unless the user's language changes, so check the field
				if res.Status != 400 || res.Label() != "VALIDATION_FAILED" || !strings.Contains(string(res.Body), `"field":"`+c.field+`"`) {
					t.Fatalf("%d %s", res.Status, res.Body)
				}
				if countUsers(t, e) != before {
					t.Fatal("a user was written despite the error")
				}
			})
		}
		// messages are in the caller's language: switch acme.admin to English
		testkit.MustStatus(t, e.Post(base+"/changeLanguage/en", token, nil), http.StatusNoContent)
		for _, c := range cases {
			res := e.Post(base+"/mobile/create", token, c.body)
			if !strings.Contains(string(res.Body), c.message) {
				t.Errorf("%s: want message %q in %s", c.name, c.message, res.Body)
			}
		}
	})
}

func countUsers(t *testing.T, e *testkit.Env) int {
	t.Helper()
	var n int
	if err := e.DB.Get(context.Background(), &n, `SELECT COUNT(*) FROM users`); err != nil {
		t.Fatal(err)
	}
	return n
}

func createEva(t *testing.T, e *testkit.Env, token string) user.User {
	t.Helper()
	res := e.Post(base+"/mobile/create", token, validMobile())
	testkit.MustStatus(t, res, 200)
	return decodeUser(t, res)
}

func TestExtIDIsImmutableOnceSet(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		token := e.LoginAs("acme.admin")
		noExt := with(validMobile(), "extId", "")
		res := e.Post(base+"/mobile/create", token, noExt)
		testkit.MustStatus(t, res, 200)
		u := decodeUser(t, res)
		data := validMobile()["userData"].(map[string]any)
		data["extId"] = "FIRST-ID"
		res = e.Post(base+"/update", token, map[string]any{"ospId": u.OspID, "userData": data})
		testkit.MustStatus(t, res, 200)
		if decodeUser(t, res).UserData.ExtID != "FIRST-ID" {
			t.Fatalf("extId not set: %s", res.Body)
		}
		data["extId"] = "SECOND-ID"
		res = e.Post(base+"/update", token, map[string]any{"ospId": u.OspID, "userData": data})
		if res.Status != 400 || !strings.Contains(string(res.Body), `"field":"extId"`) {
			t.Fatalf("changing extId: %d %s", res.Status, res.Body)
		}
		var ext string
		_ = e.DB.Get(context.Background(), &ext, `SELECT ext_id FROM users WHERE osp_id = ?`, u.OspID)
		if ext != "FIRST-ID" {
			t.Fatalf("stored extId %q", ext)
		}
	})
}

func TestUserTenancyAndWriteRoles(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		eva := createEva(t, e, e.LoginAs("acme.admin"))
		globex := e.LoginAs("globex.admin")
		for _, call := range []struct {
			path string
			body any
		}{
			{base + "/get", map[string]string{"ospId": eva.OspID}},
			{base + "/update", map[string]any{"ospId": eva.OspID, "userData": validMobile()["userData"]}},
			{base + "/deactivate", map[string]string{"ospId": eva.OspID}},
			{base + "/anonymize", map[string]string{"ospId": eva.OspID}},
			{base + "/role/list", map[string]string{"ospId": eva.OspID}},
			{base + "/mobile/create", with(validMobile(), "login", "sneaky")},
			{base + "/findByAny", map[string]any{"corporateAccountOspId": seed.AcmeOspID}},
		} {
			if res := e.Post(call.path, globex, call.body); res.Status != 404 || res.Label() != "NOT_FOUND" {
				t.Errorf("globex.admin %s: %d %s", call.path, res.Status, res.Body)
			}
		}
		// msp.admin reaches Acme's users; rideon.admin does not
		testkit.MustStatus(t, e.Post(base+"/get", e.LoginAs("msp.admin"), map[string]string{"ospId": eva.OspID}), 200)
		testkit.MustStatus(t, e.Post(base+"/get", e.LoginAs("rideon.admin"), map[string]string{"ospId": eva.OspID}), 404)

		// an Acme admin without user_manager reads but gets 403 on every write
		ctx := context.Background()
		caID := acmeID(t, e)
		id, _, err := e.App.Users.Create(ctx, user.NewUser{CorporateAccountID: &caID, Login: "acme.invoices", Email: "inv@example.com",
			Firstname: "In", Lastname: "Voice", Roles: []access.Role{access.InvoiceManager}})
		if err != nil {
			t.Fatal(err)
		}
		if err := e.App.Auth.SetPassword(ctx, id, seed.DemoPassword); err != nil {
			t.Fatal(err)
		}
		inv := e.LoginAs("acme.invoices")
		testkit.MustStatus(t, e.Post(base+"/get", inv, map[string]string{"ospId": eva.OspID}), 200)
		for _, path := range []string{"/update", "/deactivate", "/activate", "/anonymize", "/unblock", "/mobile/create", "/role/add"} {
			if res := e.Post(base+path, inv, map[string]string{"ospId": eva.OspID}); res.Status != 403 {
				t.Errorf("%s without user_manager: %d %s", path, res.Status, res.Body)
			}
		}
	})
}

func acmeID(t *testing.T, e *testkit.Env) int64 {
	t.Helper()
	var id int64
	if err := e.DB.Get(context.Background(), &id, `SELECT id FROM corporate_accounts WHERE osp_id = ?`, seed.AcmeOspID); err != nil {
		t.Fatal(err)
	}
	return id
}

func TestRolesOneAtATimeAndOnlyHeldOnes(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme := e.LoginAs("acme.admin")
		res := e.Post(base+"/manager/create", acme, map[string]any{
			"corporateAccount": map[string]string{"ospId": seed.AcmeOspID},
			"userData":         map[string]any{"firstname": "Rita", "lastname": "Report", "email": "rita@example.com", "login": "rita.report"},
			"roles":            []string{"reporting_manager"},
		})
		testkit.MustStatus(t, res, 200)
		rita := decodeUser(t, res)
		if rita.Type != "admin" {
			t.Fatalf("manager type: %s", res.Body)
		}
		mails := e.Mails("rita@example.com")
		if len(mails) != 1 || mails[0].Template != "credentials_admin" || !strings.Contains(mails[0].Body, "/set-new-password?token=") {
			t.Fatalf("admin invitation: %+v", mails)
		}
		add := func(token, role string) *testkit.Response {
			return e.Post(base+"/role/add", token, map[string]string{"ospId": rita.OspID, "role": role})
		}
		res = add(acme, "invoice_manager")
		testkit.MustStatus(t, res, 200)
		var roles []string
		res.JSON(t, &roles)
		if strings.Join(roles, ",") != "invoice_manager,reporting_manager" {
			t.Fatalf("roles after add: %v", roles)
		}
		// globex.admin holds only user_manager; as MSP-less company admin they
		// cannot even see Rita; msp.admin lacks company_budget_manager
		msp := e.LoginAs("msp.admin")
		if res := add(msp, "company_budget_manager"); res.Status != 403 || res.Label() != "ROLE_NOT_HELD" {
			t.Fatalf("granting a role not held: %d %s", res.Status, res.Body)
		}
		if res := add(acme, "ospadmin"); res.Status != 403 {
			t.Fatalf("granting ospadmin: %d %s", res.Status, res.Body)
		}
		testkit.MustStatus(t, e.Post(base+"/role/remove", acme, map[string]string{"ospId": rita.OspID, "role": "reporting_manager"}), 200)
		res = e.Post(base+"/role/remove", acme, map[string]string{"ospId": rita.OspID, "role": "invoice_manager"})
		if res.Status != 409 || res.Label() != "LAST_ROLE" {
			t.Fatalf("removing the last role: %d %s", res.Status, res.Body)
		}
		// manager/create with a role the creator lacks
		res = e.Post(base+"/manager/create", msp, map[string]any{
			"corporateAccount": map[string]string{"ospId": seed.AcmeOspID},
			"userData":         map[string]any{"firstname": "X", "lastname": "Y", "email": "xy@example.com", "login": "x.y"},
			"roles":            []string{"company_budget_manager"},
		})
		if res.Status != 403 || res.Label() != "ROLE_NOT_HELD" {
			t.Fatalf("manager/create with a role not held: %d %s", res.Status, res.Body)
		}
		var all []user.RoleInfo
		e.Post(base+"/role/list/all", msp, nil).JSON(t, &all)
		for _, ri := range all {
			if ri.Role == access.CompanyBudgetManager && ri.Assignable || ri.Role == access.UserManager && !ri.Assignable || ri.Role == access.OspAdmin {
				t.Errorf("role/list/all for msp.admin: %+v", all)
			}
		}
	})
}

func TestContacts(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme := e.LoginAs("acme.admin")
		res := e.Post(base+"/contact/create", acme, map[string]any{
			"corporateAccount": map[string]string{"ospId": seed.AcmeOspID},
			"userData":         map[string]any{"firstname": "Hilde", "lastname": "HR", "email": "hr@example.com", "language": "nl"},
			"contactTypes":     []string{"HR_CONTACT"},
			"sendCredentials":  true,
		})
		testkit.MustStatus(t, res, 200)
		c := decodeUser(t, res)
		if c.Type != "contact" || len(c.ContactTypes) != 1 || c.ContactTypes[0] != "HR_CONTACT" || c.Roles[0] != access.ContactUser {
			t.Fatalf("contact: %s", res.Body)
		}
		if m := e.Mails("hr@example.com"); len(m) != 1 || !strings.Contains(m[0].Body, "eindejaarsoverzicht") {
			t.Fatalf("contact mail: %+v", m)
		}
		res = e.Post(base+"/contact/create", acme, map[string]any{
			"corporateAccount": map[string]string{"ospId": seed.AcmeOspID},
			"userData":         map[string]any{"firstname": "A", "lastname": "B", "email": "ab@example.com"},
			"contactTypes":     []string{"NOPE"},
		})
		if res.Status != 400 || !strings.Contains(string(res.Body), "contactTypes") {
			t.Fatalf("bad contact type: %s", res.Body)
		}
		var list struct {
			Content []user.ListItem `json:"content"`
		}
		e.Post(base+"/findByAny", acme, map[string]any{"corporateAccountOspId": seed.AcmeOspID, "types": []string{"contact"}}).JSON(t, &list)
		if len(list.Content) != 1 || list.Content[0].OspID != c.OspID {
			t.Fatalf("contacts list: %+v", list)
		}
	})
}

func TestDeactivateOnAChosenDayThenJobs(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme := e.LoginAs("acme.admin")
		eva := createEva(t, e, acme)
		res := e.Post(base+"/deactivate", acme, map[string]string{"ospId": eva.OspID, "when": "ON_DATE", "date": "2026-12-15"})
		testkit.MustStatus(t, res, 200)
		u := decodeUser(t, res)
		if !u.Active || u.UserData.DesiredDeactivationDate != "2026-12-15" {
			t.Fatalf("planned deactivation: %s", res.Body)
		}
		runner := e.App.JobRunner()
		if _, err := runner.RunDay(context.Background(), "2026-12-14"); err != nil {
			t.Fatal(err)
		}
		if !activeOf(t, e, eva.OspID) {
			t.Fatal("deactivated a day early")
		}
		results, err := runner.RunDay(context.Background(), "2026-12-15")
		if err != nil {
			t.Fatal(err)
		}
		if activeOf(t, e, eva.OspID) {
			t.Fatalf("still active on the day: %+v", results)
		}
		// the same day again does nothing more and says so
		again, _ := runner.RunDay(context.Background(), "2026-12-15")
		if again[0].Status != "skipped" {
			t.Fatalf("second run: %+v", again)
		}
		// end of day: active today, inactive from tomorrow's run
		res = e.Post(base+"/activate", acme, map[string]string{"ospId": eva.OspID})
		testkit.MustStatus(t, res, 200)
		res = e.Post(base+"/deactivate", acme, map[string]string{"ospId": eva.OspID, "when": "END_OF_DAY"})
		if u := decodeUser(t, res); u.UserData.DesiredDeactivationDate != "2026-11-22" || !u.Active {
			t.Fatalf("end of day: %s", res.Body)
		}
		// a day in the past is refused
		res = e.Post(base+"/deactivate", acme, map[string]string{"ospId": eva.OspID, "when": "ON_DATE", "date": "2026-01-01"})
		if res.Status != 400 || !strings.Contains(string(res.Body), `"field":"date"`) {
			t.Fatalf("past date: %s", res.Body)
		}
		// now: inactive at once
		res = e.Post(base+"/deactivate", acme, map[string]string{"ospId": eva.OspID, "when": "NOW"})
		if decodeUser(t, res).Active {
			t.Fatalf("deactivate now: %s", res.Body)
		}
		// inactive filter of the list
		var list struct {
			Content []user.ListItem `json:"content"`
		}
		e.Post(base+"/findByAny", acme, map[string]any{"corporateAccountOspId": seed.AcmeOspID, "active": false}).JSON(t, &list)
		if len(list.Content) != 1 || list.Content[0].OspID != eva.OspID {
			t.Fatalf("inactive filter: %+v", list.Content)
		}
	})
}

func activeOf(t *testing.T, e *testkit.Env, osp string) bool {
	t.Helper()
	var a bool
	if err := e.DB.Get(context.Background(), &a, `SELECT active FROM users WHERE osp_id = ?`, osp); err != nil {
		t.Fatal(err)
	}
	return a
}

func TestAnonymize(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme := e.LoginAs("acme.admin")
		eva := createEva(t, e, acme)
		res := e.Post(base+"/anonymize", acme, map[string]string{"ospId": eva.OspID})
		testkit.MustStatus(t, res, 200)
		u := decodeUser(t, res)
		if !u.Anonymized || u.Active || u.UserData.Email != "" || u.UserData.Login != "" || u.UserData.Firstname != "" || u.FullName != "" {
			t.Fatalf("anonymized: %s", res.Body)
		}
		var n int
		_ = e.DB.Get(context.Background(), &n, `SELECT COUNT(*) FROM users WHERE login = 'eva.janssens' OR email = 'eva.janssens@example.com' OR ext_id = 'ACME-EVA-1'`)
		if n != 0 {
			t.Fatal("personal data still stored")
		}
		// definitive: no update, no second anonymize
		if res := e.Post(base+"/anonymize", acme, map[string]string{"ospId": eva.OspID}); res.Label() != "USER_ANONYMIZED" {
			t.Fatalf("second anonymize: %s", res.Body)
		}
		// the login is free again
		testkit.MustStatus(t, e.Post(base+"/mobile/create", acme, validMobile()), 200)
	})
}

func TestFindByAnySearchPagingAndGroups(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme := e.LoginAs("acme.admin")
		find := func(body map[string]any) (names []string, total int) {
			body["corporateAccountOspId"] = seed.AcmeOspID
			res := e.Post(base+"/findByAny", acme, body)
			testkit.MustStatus(t, res, 200)
			var p struct {
				Content       []user.ListItem `json:"content"`
				TotalElements int             `json:"totalElements"`
			}
			res.JSON(t, &p)
			for _, c := range p.Content {
				names = append(names, c.FullName)
			}
			return names, p.TotalElements
		}
		names, total := find(map[string]any{"types": []string{"mobile"}})
		if total != 2 || strings.Join(names, ",") != "Sophie Dubois,Jan Peeters" {
			t.Fatalf("mobile users by last name: %v %d", names, total)
		}
		if names, _ := find(map[string]any{"search": "PEET"}); strings.Join(names, ",") != "Jan Peeters" {
			t.Fatalf("search: %v", names)
		}
		if names, _ := find(map[string]any{"search": "jan peet"}); strings.Join(names, ",") != "Jan Peeters" {
			t.Fatalf("full-name search: %v", names)
		}
		names, total = find(map[string]any{"pagination": map[string]any{"page": 2, "size": 2, "sortOrders": []map[string]string{{"property": "firstname", "direction": "ASC"}}}})
		if total != 4 || len(names) != 2 {
			t.Fatalf("paging: %v %d", names, total)
		}
		if _, total := find(map[string]any{"roles": []string{"user_manager"}}); total != 2 {
			t.Fatalf("roles filter: %d", total)
		}
	})
}

func TestDashboardSearch(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		search := func(login, q string, extra map[string]any) []user.SearchResult {
			body := map[string]any{"search": q}
			for k, v := range extra {
				body[k] = v
			}
			res := e.Post(base+"/getByFilter", e.LoginAs(login), body)
			testkit.MustStatus(t, res, 200)
			var p struct {
				Content []user.SearchResult `json:"content"`
			}
			res.JSON(t, &p)
			return p.Content
		}
		// platform staff search everyone, sorted by first name
		all := search("ospadmin", "example.com", nil)
		if len(all) < 10 || all[0].Fullname > all[1].Fullname {
			t.Fatalf("ospadmin search: %d results", len(all))
		}
		// an MSP admin sees their partner's companies only
		for _, r := range search("msp.admin", "example.com", nil) {
			if r.CorporateAccountName == "Initech SA" {
				t.Fatalf("msp.admin sees another partner's user: %+v", r)
			}
		}
		// a company admin their own company only
		for _, r := range search("globex.admin", "example.com", nil) {
			if r.CorporateAccountName != "Globex BV" {
				t.Fatalf("globex.admin sees %+v", r)
			}
		}
		hits := search("acme.admin", "peeters", nil)
		if len(hits) != 1 || !hits[0].IsMobile || hits[0].Login != "jan.peeters" || hits[0].CorporateAccountName != "Acme NV" || hits[0].SearchMatchedOn[0] != "NAME" {
			t.Fatalf("hit: %+v", hits)
		}
		res := e.Post(base+"/getByFilter", e.LoginAs("acme.admin"), map[string]any{"search": "pe"})
		if res.Status != 400 || !strings.Contains(string(res.Body), `"field":"search"`) {
			t.Fatalf("2 characters: %d %s", res.Status, res.Body)
		}
	})
}
