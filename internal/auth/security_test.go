package auth_test

import (
	"context"
	"net/http"
	"net/url"
	"testing"
	"time"

	"mobility/portal/internal/auth"
	"mobility/portal/internal/testkit"
)

// Issue 7: reset links outlive their purpose, wrong current passwords never
// count, app users reach the portal through company_budget_manager.

const (
	resetPath   = "/user-service/v1/auth/resetPassword"
	confirmPath = "/user-service/v1/auth/resetPassword/confirm"
	changePath  = "/user-service/v1/user/changePassword"
)

// askResetLink asks a reset link for login and returns the token of the
// newest mail to to.
func askResetLink(t *testing.T, e *testkit.Env, login, to string) string {
	t.Helper()
	testkit.MustStatus(t, e.Post(resetPath, "", map[string]string{"login": login}), http.StatusNoContent)
	mails := e.Mails(to)
	if len(mails) == 0 {
		t.Fatalf("no reset mail to %s", to)
	}
	m := linkPattern.FindStringSubmatch(mails[len(mails)-1].Body)
	if m == nil {
		t.Fatalf("no link in %q", mails[len(mails)-1].Body)
	}
	token, _ := url.QueryUnescape(m[1])
	return token
}

// inviteToken makes a link the way user creation does (it ends no other
// link), so two links can be outstanding at once.
func inviteToken(t *testing.T, e *testkit.Env, login string) string {
	t.Helper()
	id, err := e.App.Users.IDByLogin(context.Background(), login)
	if err != nil {
		t.Fatal(err)
	}
	link, err := e.App.Auth.InviteLink(context.Background(), id, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	return u.Query().Get("token")
}

func confirm(e *testkit.Env, token, password string) *testkit.Response {
	return e.Post(confirmPath, "", map[string]string{"token": token, "newPassword": password})
}

func openLinks(t *testing.T, e *testkit.Env, login string) int {
	t.Helper()
	var n int
	if err := e.DB.Get(context.Background(), &n, `SELECT COUNT(*) FROM reset_tokens r JOIN users u ON u.id = r.user_id
		WHERE u.login = ? AND r.used_at IS NULL`, login); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestResetLinksEndEachOther(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		const to = "acme.admin@example.com"
		t.Run("older link after a newer one was asked", func(t *testing.T) {
			older := askResetLink(t, e, "acme.admin", to)
			newer := askResetLink(t, e, "acme.admin", to)
			if n := openLinks(t, e, "acme.admin"); n != 1 {
				t.Fatalf("open links after asking twice: %d", n)
			}
			if res := confirm(e, older, "Older-link-1"); res.Status != 400 || res.Label() != "RESET_TOKEN_INVALID" {
				t.Fatalf("older link: %d %s", res.Status, res.Body)
			}
			testkit.MustStatus(t, confirm(e, newer, "Newer-link-1"), http.StatusNoContent)
			testkit.MustStatus(t, login(e, "acme.admin", auth.Digest("Newer-link-1"), ""), 200)
		})
		t.Run("older link after a newer one was used", func(t *testing.T) {
			older := inviteToken(t, e, "acme.admin")
			newer := inviteToken(t, e, "acme.admin")
			var s auth.LoginResponse
			login(e, "acme.admin", auth.Digest("Newer-link-1"), "").JSON(t, &s)
			testkit.MustStatus(t, confirm(e, newer, "Second-pass-2"), http.StatusNoContent)
			if res := confirm(e, older, "Older-link-2"); res.Status != 400 || res.Label() != "RESET_TOKEN_INVALID" {
				t.Fatalf("older link after the newer was used: %d %s", res.Status, res.Body)
			}
			testkit.MustStatus(t, login(e, "acme.admin", auth.Digest("Second-pass-2"), ""), 200)
			// every session ended, refresh tokens too
			if res := e.Post(currentPath, s.Token, nil); res.Status != 401 {
				t.Fatalf("access token after a reset: %d", res.Status)
			}
			if res := e.Post(refreshPath, s.RefreshToken, nil); res.Status != 401 || res.Label() != "REFRESH_TOKEN_INVALID" {
				t.Fatalf("refresh token after a reset: %d %s", res.Status, res.Body)
			}
		})
		t.Run("any link after changePassword", func(t *testing.T) {
			asked := askResetLink(t, e, "acme.admin", to)
			invited := inviteToken(t, e, "acme.admin")
			var keep, other auth.LoginResponse
			login(e, "acme.admin", auth.Digest("Second-pass-2"), "").JSON(t, &keep)
			login(e, "acme.admin", auth.Digest("Second-pass-2"), "").JSON(t, &other)
			testkit.MustStatus(t, e.Post(changePath, keep.Token, map[string]string{
				"oldPassdigest": auth.Digest("Second-pass-2"), "newPassword": "Changed-pass-3"}), http.StatusNoContent)
			for name, tok := range map[string]string{"asked": asked, "invited": invited} {
				if res := confirm(e, tok, "Link-after-change-4"); res.Status != 400 || res.Label() != "RESET_TOKEN_INVALID" {
					t.Fatalf("%s link after changePassword: %d %s", name, res.Status, res.Body)
				}
			}
			if n := openLinks(t, e, "acme.admin"); n != 0 {
				t.Fatalf("open links after changePassword: %d", n)
			}
			testkit.MustStatus(t, login(e, "acme.admin", auth.Digest("Changed-pass-3"), ""), 200)
			// this session stays; the other ends, its refresh token too
			testkit.MustStatus(t, e.Post(currentPath, keep.Token, nil), 200)
			if res := e.Post(refreshPath, other.RefreshToken, nil); res.Status != 401 {
				t.Fatalf("other session's refresh token after changePassword: %d", res.Status)
			}
		})
	})
}

func TestWrongCurrentPasswordCountsTowardLockout(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		token := e.LoginAs("globex.admin")
		wrong := map[string]string{"oldPassdigest": auth.Digest("guess"), "newPassword": "Longenough1"}
		// two wrong guesses, then the right one: the count starts again
		for i := 1; i <= 2; i++ {
			if res := e.Post(changePath, token, wrong); res.Status != 400 || res.Label() != "WRONG_PASSWORD" {
				t.Fatalf("guess %d: %d %s", i, res.Status, res.Body)
			}
		}
		if c := credentials(t, e, "globex.admin"); c.Failed != 2 || c.Blocked {
			t.Fatalf("after 2 wrong current passwords: %+v", c)
		}
		testkit.MustStatus(t, e.Post(changePath, token, map[string]string{"oldPassdigest": demoDigest, "newPassword": "Longenough1"}), http.StatusNoContent)
		if c := credentials(t, e, "globex.admin"); c.Failed != 0 {
			t.Fatalf("after a successful change: %+v", c)
		}
		// five wrong guesses block the account, as at sign-in
		for i := 1; i <= 4; i++ {
			if res := e.Post(changePath, token, wrong); res.Label() != "WRONG_PASSWORD" {
				t.Fatalf("guess %d: %s", i, res.Body)
			}
		}
		res := e.Post(changePath, token, wrong)
		if res.Status != 403 || res.Label() != "USER_BLOCKED" {
			t.Fatalf("5th wrong current password: %d %s", res.Status, res.Body)
		}
		if c := credentials(t, e, "globex.admin"); !c.Blocked || c.Failed != 5 {
			t.Fatalf("stored state after 5 wrong current passwords: %+v", c)
		}
		// the blocked session is over, and the right password does not sign in
		if res := e.Post(currentPath, token, nil); res.Status != 401 {
			t.Fatalf("session of a blocked user: %d", res.Status)
		}
		if res := login(e, "globex.admin", auth.Digest("Longenough1"), ""); res.Label() != "USER_BLOCKED" {
			t.Fatalf("sign-in of a blocked user: %s", res.Body)
		}
	})
}

// Granting company_budget_manager to an app user must not open the portal
// to them: it is for the mobile app (README, roles).
func TestAppUserWithCompanyBudgetRoleGetsNoPortalSession(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme := e.LoginAs("acme.admin")
		jan := e.UserOspID("jan.peeters")
		res := e.Post("/portal-service/v1/user/role/add", acme, map[string]string{"ospId": jan, "role": "company_budget_manager"})
		testkit.MustStatus(t, res, 200)
		var roles []string
		if err := e.DB.Select(context.Background(), &roles, `SELECT r.role FROM user_roles r JOIN users u ON u.id = r.user_id
			WHERE u.login = 'jan.peeters' ORDER BY r.role`); err != nil || len(roles) != 2 {
			t.Fatalf("jan's roles: %v %v", roles, err)
		}
		res = login(e, "jan.peeters", demoDigest, "")
		if res.Status != 403 || res.Label() != "NO_PORTAL_ACCESS" {
			t.Fatalf("app user with company_budget_manager signs in: %d %s", res.Status, res.Body)
		}
		var sessions int
		if err := e.DB.Get(context.Background(), &sessions, `SELECT COUNT(*) FROM sessions s JOIN users u ON u.id = s.user_id
			WHERE u.login = 'jan.peeters'`); err != nil || sessions != 0 {
			t.Fatalf("sessions of the app user: %d %v", sessions, err)
		}
		// no portal reset link either
		testkit.MustStatus(t, e.Post(resetPath, "", map[string]string{"login": "jan.peeters"}), http.StatusNoContent)
		for _, m := range e.Mails("jan.peeters@example.com") {
			if m.Template == "reset_password" {
				t.Fatalf("portal reset link mailed to an app user: %+v", m)
			}
		}
	})
}

// A token minted while the user was a portal user stops working as soon as
// they are not one (here: the user became an app user), whatever roles
// they hold: every token check and every refresh asks.
func TestTokensNeedAPortalUser(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		var r auth.LoginResponse
		login(e, "acme.admin", demoDigest, "").JSON(t, &r)
		testkit.MustStatus(t, e.Post(currentPath, r.Token, nil), 200)
		if _, err := e.DB.Exec(context.Background(), `UPDATE users SET user_type = 'mobile' WHERE login = 'acme.admin'`); err != nil {
			t.Fatal(err)
		}
		if res := e.Post(currentPath, r.Token, nil); res.Status != 401 {
			t.Fatalf("access token of a user who is no portal user: %d %s", res.Status, res.Body)
		}
		if res := e.Post(refreshPath, r.RefreshToken, nil); res.Status != 401 || res.Label() != "REFRESH_TOKEN_INVALID" {
			t.Fatalf("refresh token of a user who is no portal user: %d %s", res.Status, res.Body)
		}
	})
}
