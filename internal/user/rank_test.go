package user_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"mobility/portal/internal/auth"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

// Issue 7, finding 3: who may change whom. An admin acts on another user
// only if it holds every portal role that user holds; platform staff
// always may.

// newAcmeAdmin makes an Acme admin with roles (by acme.admin, who holds
// them all), gives them a password and signs them in.
func newAcmeAdmin(t *testing.T, e *testkit.Env, login, email, lang string, roles ...string) (ospID, token string) {
	t.Helper()
	res := e.Post(base+"/manager/create", e.LoginAs("acme.admin"), map[string]any{
		"corporateAccount": map[string]string{"ospId": seed.AcmeOspID},
		"userData":         map[string]any{"firstname": "Mal", "lastname": "Lory", "email": email, "login": login, "language": lang},
		"roles":            roles,
	})
	testkit.MustStatus(t, res, 200)
	u := decodeUser(t, res)
	id, err := e.App.Users.IDByLogin(context.Background(), login)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.App.Auth.SetPassword(context.Background(), id, seed.DemoPassword); err != nil {
		t.Fatal(err)
	}
	return u.OspID, e.LoginAs(login)
}

// snapshot is a user as platform staff reads it, to prove nothing changed.
func snapshot(t *testing.T, e *testkit.Env, osp string) string {
	t.Helper()
	res := e.Post(base+"/get", e.LoginAs("ospadmin"), map[string]string{"ospId": osp})
	testkit.MustStatus(t, res, 200)
	return string(res.Body)
}

// The reproduction, step by step: a user_manager-only admin sets
// a richer admin's e-mail to their own, asks a reset link for that login
// and signs in with all the victim's roles. The first step is refused now.
func TestUserManagerCannotTakeOverARicherAdmin(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		_, mallory := newAcmeAdmin(t, e, "mallory", "mallory@example.com", "en", "user_manager")
		victim := e.UserOspID("acme.admin")
		before := snapshot(t, e, victim)

		res := e.Post(base+"/update", mallory, map[string]any{"ospId": victim, "userData": map[string]any{
			"firstname": "Anna", "lastname": "Acme", "email": "mallory@example.com", "login": "acme.admin", "language": "nl"}})
		if res.Status != http.StatusForbidden || res.Label() != "ADMIN_OUTRANKS_YOU" {
			t.Fatalf("update of a richer admin's e-mail: %d %s", res.Status, res.Body)
		}
		if !strings.Contains(string(res.Body), "role you do not hold") {
			t.Errorf("message in the caller's language (en): %s", res.Body)
		}
		if after := snapshot(t, e, victim); after != before {
			t.Fatalf("victim changed:\n%s\n%s", before, after)
		}
		// the reset link still goes to the victim, and mallory cannot sign in as them
		testkit.MustStatus(t, e.Post("/user-service/v1/auth/resetPassword", "", map[string]string{"login": "acme.admin"}), http.StatusNoContent)
		for _, m := range e.Mails("mallory@example.com") {
			if m.Template == "reset_password" {
				t.Fatalf("the victim's reset link reached the attacker: %+v", m)
			}
		}
		if m := e.Mails("acme.admin@example.com"); len(m) != 1 || m[0].Template != "reset_password" {
			t.Fatalf("victim's reset mail: %+v", m)
		}
	})
}

func TestUserManagerCannotSwitchARicherAdminsTwoFactorOff(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		_, mallory := newAcmeAdmin(t, e, "mallory", "mallory@example.com", "nl", "user_manager")
		acme := e.LoginAs("acme.admin")
		victim := e.UserOspID("acme.admin")
		data := map[string]any{"firstname": "Anna", "lastname": "Acme", "email": "acme.admin@example.com", "login": "acme.admin",
			"language": "nl", "twoFactor": true}
		testkit.MustStatus(t, e.Post(base+"/update", acme, map[string]any{"ospId": victim, "userData": data}), 200)

		data["twoFactor"] = false
		res := e.Post(base+"/update", mallory, map[string]any{"ospId": victim, "userData": data})
		if res.Status != http.StatusForbidden || res.Label() != "ADMIN_OUTRANKS_YOU" {
			t.Fatalf("switching a richer admin's 2FA off: %d %s", res.Status, res.Body)
		}
		var on bool
		if err := e.DB.Get(context.Background(), &on, `SELECT two_factor_enabled FROM users WHERE login = 'acme.admin'`); err != nil || !on {
			t.Fatalf("stored 2FA flag: %v %v", on, err)
		}
	})
}

// Every action on a user goes through the same rule: each is refused with
// ADMIN_OUTRANKS_YOU and changes nothing.
func TestEveryActionOnARicherUserIsRefused(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme := e.LoginAs("acme.admin")
		_, mallory := newAcmeAdmin(t, e, "mallory", "mallory@example.com", "nl", "user_manager")
		// an app user who manages the company budget in the app outranks mallory too
		jan := e.UserOspID("jan.peeters")
		testkit.MustStatus(t, e.Post(base+"/role/add", acme, map[string]string{"ospId": jan, "role": "company_budget_manager"}), 200)
		testkit.MustStatus(t, e.Post(base+"/identificationToken/add", acme, map[string]any{"userOspId": jan, "type": "LICENCE_PLATE",
			"fields": []map[string]string{{"fieldType": "LICENCE_PLATE", "value": "1-ABC-123"}}}), 200)
		var janToken string
		if err := e.DB.Get(context.Background(), &janToken, `SELECT t.osp_id FROM identification_tokens t JOIN users u ON u.id = t.user_id
			WHERE u.login = 'jan.peeters'`); err != nil {
			t.Fatal(err)
		}
		// blocked, so that unblock would change something
		for i := 0; i < 5; i++ {
			e.Post(testkit.LoginPath, "", map[string]string{"username": "acme.admin", "passdigest": auth.Digest("wrong")})
		}

		for _, target := range []struct{ login, email string }{{"acme.admin", "acme.admin@example.com"}, {"jan.peeters", "jan.peeters@example.com"}} {
			osp := e.UserOspID(target.login)
			before := snapshot(t, e, osp)
			mailsBefore := len(e.Mails(target.email))
			calls := []struct {
				path string
				body any
			}{
				{base + "/update", map[string]any{"ospId": osp, "userData": map[string]any{"firstname": "X", "lastname": "Y",
					"email": "mallory@example.com", "login": target.login, "language": "nl"}}},
				{base + "/role/add", map[string]string{"ospId": osp, "role": "user_manager"}},
				{base + "/role/remove", map[string]string{"ospId": osp, "role": "user_manager"}},
				{base + "/clear2fa", map[string]string{"userOspId": osp}},
				{base + "/deactivate", map[string]string{"ospId": osp, "when": "NOW"}},
				{base + "/activate", map[string]string{"ospId": osp}},
				{base + "/anonymize", map[string]string{"ospId": osp}},
				{base + "/unblock", map[string]string{"ospId": osp}},
				{base + "/sendPincode", map[string]string{"ospId": osp}},
				{"/portal-service/v2/user/changePincode", map[string]string{"ospId": osp, "pincode": "1234"}},
				{base + "/identificationToken/add", map[string]any{"userOspId": osp, "type": "LICENCE_PLATE",
					"fields": []map[string]string{{"fieldType": "LICENCE_PLATE", "value": "2-XYZ-987"}}}},
			}
			if target.login == "jan.peeters" {
				calls = append(calls, struct {
					path string
					body any
				}{base + "/identificationToken/delete", map[string]string{"ospId": janToken}})
			}
			for _, c := range calls {
				res := e.Post(c.path, mallory, c.body)
				if res.Status != http.StatusForbidden || res.Label() != "ADMIN_OUTRANKS_YOU" {
					t.Errorf("%s on %s: %d %s", c.path, target.login, res.Status, res.Body)
				}
			}
			if after := snapshot(t, e, osp); after != before {
				t.Errorf("%s changed:\n%s\n%s", target.login, before, after)
			}
			if n := len(e.Mails(target.email)); n != mailsBefore {
				t.Errorf("%s got %d new mails", target.login, n-mailsBefore)
			}
		}
		var tokens int
		if err := e.DB.Get(context.Background(), &tokens, `SELECT COUNT(*) FROM identification_tokens`); err != nil || tokens != 1 {
			t.Fatalf("identification tokens: %d %v", tokens, err)
		}
		if m := e.Mails("mallory@example.com"); len(m) != 1 || m[0].Template != "credentials_admin" {
			t.Fatalf("mails to mallory: %+v", m)
		}
	})
}

// Holding every role is enough: equal or poorer users, and oneself, may be
// changed; platform staff change anyone.
func TestWhoMayChangeWhomAllows(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		_, mallory := newAcmeAdmin(t, e, "mallory", "mallory@example.com", "nl", "user_manager")
		peer := e.UserOspID("acme.2fa") // user_manager only, like mallory
		jan := e.UserOspID("jan.peeters")
		testkit.MustStatus(t, e.Post(base+"/clear2fa", mallory, map[string]string{"userOspId": peer}), 200)
		testkit.MustStatus(t, e.Post(base+"/deactivate", mallory, map[string]string{"ospId": jan, "when": "NOW"}), 200)
		testkit.MustStatus(t, e.Post(base+"/activate", mallory, map[string]string{"ospId": jan}), 200)
		res := e.Post(base+"/update", e.LoginAs("ospadmin"), map[string]any{"ospId": e.UserOspID("acme.admin"), "userData": map[string]any{
			"firstname": "Anna", "lastname": "Acme", "email": "anna@example.com", "login": "acme.admin", "language": "nl"}})
		testkit.MustStatus(t, res, 200)
		if u := decodeUser(t, res); u.UserData.Email != "anna@example.com" {
			t.Fatalf("platform staff update: %s", res.Body)
		}
	})
}

// A changed e-mail is told to the old address, in the user's language, with
// who changed it and whom to contact; links sent to the old address die.
func TestChangedEmailNoticeToOldAddress(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		for _, lang := range []string{"fr", "en", "nl"} {
			login := "mallory." + lang
			old := login + "@example.com"
			osp, _ := newAcmeAdmin(t, e, login, old, lang, "reporting_manager")
			invite := e.Mails(old)
			if len(invite) != 1 {
				t.Fatalf("invitation: %+v", invite)
			}
			link := invite[0].Body[strings.Index(invite[0].Body, "token=")+len("token="):]
			link = strings.TrimSpace(strings.SplitN(link, "\n", 2)[0])

			acme := e.LoginAs("acme.admin")
			// the same address in other case is no change
			res := e.Post(base+"/update", acme, map[string]any{"ospId": osp, "userData": map[string]any{
				"firstname": "Mal", "lastname": "Lory", "email": strings.ToUpper(old), "login": login, "language": lang}})
			testkit.MustStatus(t, res, 200)
			if m := e.Mails(strings.ToUpper(old)); len(m) != 0 {
				t.Fatalf("%s: notice for a case change: %+v", lang, m)
			}
			res = e.Post(base+"/update", acme, map[string]any{"ospId": osp, "userData": map[string]any{
				"firstname": "Mal", "lastname": "Lory", "email": "new." + old, "login": login, "language": lang}})
			testkit.MustStatus(t, res, 200)
			m := e.Mails(strings.ToUpper(old)) // the address as it was stored
			if len(m) != 1 {
				t.Fatalf("%s: mails to the old address: %+v", lang, m)
			}
			n := m[0]
			want := map[string]string{"fr": "adresse e-mail", "en": "e-mail address", "nl": "e-mailadres"}[lang]
			if n.Template != "email_changed" || n.Language != lang || !strings.Contains(n.Subject, want) ||
				!strings.Contains(n.Body, "Anna Acme") || !strings.Contains(n.Body, "acme.admin@example.com") ||
				!strings.Contains(n.Body, e.App.Config.HelpEmail) || strings.Contains(n.Body, "<no value>") {
				t.Fatalf("%s notice: %+v", lang, n)
			}
			if got := e.Mails("new." + old); len(got) != 0 {
				t.Fatalf("%s: mails to the new address: %+v", lang, got)
			}
			// the invitation went to the old address: it no longer works
			res = e.Post("/user-service/v1/auth/resetPassword/confirm", "", map[string]string{"token": link, "newPassword": "Takeover-123"})
			if res.Status != 400 || res.Label() != "RESET_TOKEN_INVALID" {
				t.Fatalf("%s: invitation after the e-mail changed: %d %s", lang, res.Status, res.Body)
			}
		}
	})
}
