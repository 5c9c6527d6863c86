package auth_test

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"mobility/portal/internal/auth"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

const (
	refreshPath = "/user-service/v1/auth/refreshToken"
	logoutPath  = "/user-service/v1/auth/logout"
	currentPath = "/portal-service/v1/user/current"
)

var demoDigest = auth.Digest(seed.DemoPassword)

func login(e *testkit.Env, username, digest, code string) *testkit.Response {
	body := map[string]string{"username": username, "passdigest": digest}
	if code != "" {
		body["code2fa"] = code
	}
	return e.Post(testkit.LoginPath, "", body)
}

type credState struct {
	Failed  int  `db:"failed_login_count"`
	Blocked bool `db:"blocked"`
}

func credentials(t *testing.T, e *testkit.Env, login string) credState {
	t.Helper()
	var c credState
	if err := e.DB.Get(context.Background(), &c, `SELECT c.failed_login_count, c.blocked FROM credentials c JOIN users u ON u.id = c.user_id WHERE u.login = ?`, login); err != nil {
		t.Fatal(err)
	}
	return c
}

func TestLoginScenarios(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		cases := []struct {
			name       string
			username   string
			digest     string
			wantStatus int
			wantLabel  string
			wantToken  bool
		}{
			{"success", "acme.admin", demoDigest, 200, "", true},
			{"login is case-insensitive", "  ACME.Admin ", demoDigest, 200, "", true},
			{"wrong password", "globex.admin", auth.Digest("nope"), 401, "WRONG_CREDENTIALS", false},
			{"unknown login", "nobody", demoDigest, 401, "WRONG_CREDENTIALS", false},
			{"app-only user", "jan.peeters", demoDigest, 403, "NO_PORTAL_ACCESS", false},
			{"missing login", "", demoDigest, 400, "VALIDATION_FAILED", false},
			{"passdigest not a digest", "acme.admin", "Demo1234!", 400, "VALIDATION_FAILED", false},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				res := login(e, c.username, c.digest, "")
				testkit.MustStatus(t, res, c.wantStatus)
				if got := res.Label(); got != c.wantLabel {
					t.Fatalf("label: want %q, got %q (%s)", c.wantLabel, got, res.Body)
				}
				m := res.Map(t)
				if _, has := m["token"]; has != c.wantToken {
					t.Fatalf("token present=%v, want %v: %s", has, c.wantToken, res.Body)
				}
			})
		}
		// the failed attempt on globex.admin was counted, then a success resets it
		if c := credentials(t, e, "globex.admin"); c.Failed != 1 {
			t.Fatalf("failedLoginCount after one failure: %d", c.Failed)
		}
		login(e, "globex.admin", demoDigest, "")
		if c := credentials(t, e, "globex.admin"); c.Failed != 0 {
			t.Fatalf("failedLoginCount after success: %d", c.Failed)
		}
	})
}

func TestWrongCredentialsMessageIsTranslated(t *testing.T) {
	e := testkit.NewEnv(t, testkit.Dialects()[0])
	for lang, want := range map[string]string{
		"en": "The login and password do not match",
		"nl": "De login en het wachtwoord komen niet overeen",
		"fr": "Le login et le mot de passe ne correspondent pas",
	} {
		res := e.Do(testkit.Request{Path: testkit.LoginPath, Body: map[string]string{"username": "acme.admin", "passdigest": auth.Digest("x")},
			Headers: map[string]string{"Accept-Language": lang}})
		if m := res.Map(t); m["message"] != want {
			t.Errorf("%s: message %q, want %q", lang, m["message"], want)
		}
	}
}

func TestBlockAfterFiveFailuresAndUnblock(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		for i := 1; i <= 4; i++ {
			res := login(e, "globex.admin", auth.Digest("wrong"), "")
			if res.Label() != "WRONG_CREDENTIALS" {
				t.Fatalf("attempt %d: %s", i, res.Body)
			}
		}
		res := login(e, "globex.admin", auth.Digest("wrong"), "")
		testkit.MustStatus(t, res, http.StatusForbidden)
		if res.Label() != "USER_BLOCKED" {
			t.Fatalf("5th failure: %s", res.Body)
		}
		if c := credentials(t, e, "globex.admin"); !c.Blocked || c.Failed != 5 {
			t.Fatalf("stored state after 5 failures: %+v", c)
		}
		// the right password no longer helps
		if res := login(e, "globex.admin", demoDigest, ""); res.Label() != "USER_BLOCKED" {
			t.Fatalf("blocked user with right password: %s", res.Body)
		}
		id, err := e.App.Users.IDByLogin(context.Background(), "globex.admin")
		if err != nil {
			t.Fatal(err)
		}
		if err := e.App.Auth.Unblock(context.Background(), id); err != nil {
			t.Fatal(err)
		}
		if c := credentials(t, e, "globex.admin"); c.Blocked || c.Failed != 0 {
			t.Fatalf("after unblock: %+v", c)
		}
		testkit.MustStatus(t, login(e, "globex.admin", demoDigest, ""), 200)
	})
}

func secretOf(t *testing.T, e *testkit.Env, login string) (string, bool) {
	t.Helper()
	var row struct {
		Secret    *string `db:"totp_secret"`
		Confirmed bool    `db:"totp_confirmed"`
	}
	if err := e.DB.Get(context.Background(), &row, `SELECT c.totp_secret, c.totp_confirmed FROM credentials c JOIN users u ON u.id = c.user_id WHERE u.login = ?`, login); err != nil {
		t.Fatal(err)
	}
	if row.Secret == nil {
		return "", row.Confirmed
	}
	return *row.Secret, row.Confirmed
}

func TestTwoFactorEnrolmentAndLaterCodes(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		// first sign-in: no token, a QR code and the secret to enrol with
		res := login(e, "acme.2fa", demoDigest, "")
		testkit.MustStatus(t, res, 200)
		var first auth.LoginResponse
		res.JSON(t, &first)
		if first.Token != "" || !first.TwoFactorRequired || !strings.HasPrefix(first.QRCode2fa, "data:image/png;base64,") || first.Secret2fa == "" {
			t.Fatalf("enrolment answer: %s", res.Body)
		}
		stored, confirmed := secretOf(t, e, "acme.2fa")
		if stored != first.Secret2fa || confirmed {
			t.Fatalf("pending secret stored=%q confirmed=%v", stored, confirmed)
		}
		// asking again shows the same secret (a scanned QR keeps working)
		var again auth.LoginResponse
		login(e, "acme.2fa", demoDigest, "").JSON(t, &again)
		if again.Secret2fa != first.Secret2fa {
			t.Fatal("a second attempt changed the pending secret")
		}
		// a wrong code
		res = login(e, "acme.2fa", demoDigest, "000000")
		if res.Status != 401 || res.Label() != "INCORRECT_TWO_FACTOR_AUTHENTICATION_CODE" {
			t.Fatalf("wrong code: %d %s", res.Status, res.Body)
		}
		// the right code, computed from the secret like an authenticator app
		code := auth.GenerateTOTP(first.Secret2fa, e.Clock.Now())
		res = login(e, "acme.2fa", demoDigest, code)
		testkit.MustStatus(t, res, 200)
		var ok auth.LoginResponse
		res.JSON(t, &ok)
		if ok.Token == "" || ok.QRCode2fa != "" {
			t.Fatalf("after enrolment: %s", res.Body)
		}
		if _, confirmed := secretOf(t, e, "acme.2fa"); !confirmed {
			t.Fatal("enrolment not confirmed in storage")
		}
		// the same code again is a replay
		if res := login(e, "acme.2fa", demoDigest, code); res.Label() != "INCORRECT_TWO_FACTOR_AUTHENTICATION_CODE" {
			t.Fatalf("replayed code: %s", res.Body)
		}
		// later: without a code, a plain "code required" with no QR
		e.Clock.Advance(time.Minute)
		var later auth.LoginResponse
		login(e, "acme.2fa", demoDigest, "").JSON(t, &later)
		if !later.TwoFactorRequired || later.QRCode2fa != "" || later.Secret2fa != "" || later.Token != "" {
			t.Fatalf("later sign-in without code: %+v", later)
		}
		res = login(e, "acme.2fa", demoDigest, auth.GenerateTOTP(first.Secret2fa, e.Clock.Now()))
		testkit.MustStatus(t, res, 200)
		// reset-2fa: the next sign-in enrols again with a new secret
		id, _ := e.App.Users.IDByLogin(context.Background(), "acme.2fa")
		if err := e.App.Auth.ResetTwoFactor(context.Background(), id); err != nil {
			t.Fatal(err)
		}
		var re auth.LoginResponse
		login(e, "acme.2fa", demoDigest, "").JSON(t, &re)
		if re.QRCode2fa == "" || re.Secret2fa == first.Secret2fa {
			t.Fatalf("after reset-2fa: %+v", re)
		}
	})
}

func TestCompanyTwoFactorFlagRequiresCode(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		if _, err := e.DB.Exec(context.Background(), `UPDATE corporate_accounts SET two_factor_for_admins = TRUE WHERE osp_id = ?`, seed.GlobexOspID); err != nil {
			t.Fatal(err)
		}
		var r auth.LoginResponse
		login(e, "globex.admin", demoDigest, "").JSON(t, &r)
		if !r.TwoFactorRequired || r.Token != "" {
			t.Fatalf("company flag ignored: %+v", r)
		}
	})
}

func TestRefreshRotationAndReuse(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		var first auth.LoginResponse
		login(e, "acme.admin", demoDigest, "").JSON(t, &first)

		res := e.Post(refreshPath, first.RefreshToken, nil)
		testkit.MustStatus(t, res, 200)
		var second auth.TokenResponse
		res.JSON(t, &second)
		if second.Token == "" || second.RefreshToken == "" || second.RefreshToken == first.RefreshToken {
			t.Fatalf("rotation: %s", res.Body)
		}
		testkit.MustStatus(t, e.Post(currentPath, second.Token, nil), 200)

		// the used refresh token is dead, and presenting it ends the session
		res = e.Post(refreshPath, first.RefreshToken, nil)
		if res.Status != 401 || res.Label() != "REFRESH_TOKEN_INVALID" {
			t.Fatalf("reuse: %d %s", res.Status, res.Body)
		}
		if res := e.Post(currentPath, second.Token, nil); res.Status != 401 {
			t.Fatalf("session should end after a replayed refresh token, got %d", res.Status)
		}
		if res := e.Post(refreshPath, second.RefreshToken, nil); res.Status != 401 {
			t.Fatalf("refresh after replay: %d", res.Status)
		}
		// an access token is no refresh token, and garbage is refused
		var other auth.LoginResponse
		login(e, "acme.admin", demoDigest, "").JSON(t, &other)
		if res := e.Post(refreshPath, other.Token, nil); res.Label() != "REFRESH_TOKEN_INVALID" {
			t.Fatalf("access token used as refresh: %s", res.Body)
		}
		if res := e.Post(refreshPath, "garbage", nil); res.Label() != "REFRESH_TOKEN_INVALID" {
			t.Fatalf("garbage refresh: %s", res.Body)
		}
	})
}

func TestAccessTokenExpiry(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		var r auth.LoginResponse
		login(e, "acme.admin", demoDigest, "").JSON(t, &r)
		e.Clock.Advance(16 * time.Minute)
		res := e.Post(currentPath, r.Token, nil)
		if res.Status != 401 || res.Label() != "TOKEN_EXPIRED" {
			t.Fatalf("expired token: %d %s", res.Status, res.Body)
		}
		var n auth.TokenResponse
		e.Post(refreshPath, r.RefreshToken, nil).JSON(t, &n)
		testkit.MustStatus(t, e.Post(currentPath, n.Token, nil), 200)
		// tokens are stored hashed, never in clear
		var clear int
		if err := e.DB.Get(context.Background(), &clear, `SELECT COUNT(*) FROM session_tokens WHERE token_hash IN (?, ?)`, n.Token, r.Token); err != nil || clear != 0 {
			t.Fatalf("plain tokens stored: %d %v", clear, err)
		}
	})
}

func TestSignOutRevokes(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		var r auth.LoginResponse
		login(e, "acme.admin", demoDigest, "").JSON(t, &r)
		testkit.MustStatus(t, e.Post(logoutPath, r.Token, nil), http.StatusNoContent)
		if res := e.Post(currentPath, r.Token, nil); res.Status != 401 {
			t.Fatalf("access after sign-out: %d", res.Status)
		}
		if res := e.Post(refreshPath, r.RefreshToken, nil); res.Status != 401 {
			t.Fatalf("refresh after sign-out: %d", res.Status)
		}
	})
}

var linkPattern = regexp.MustCompile(`http://portal\.test/set-new-password\?token=(\S+)`)

func TestResetPasswordThroughOutbox(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		// block the user first: a reset lifts the block
		for i := 0; i < 5; i++ {
			login(e, "acme.admin", auth.Digest("wrong"), "")
		}
		for _, who := range []string{"acme.admin", "nobody.at.all"} {
			res := e.Post("/user-service/v1/auth/resetPassword", "", map[string]string{"login": who})
			testkit.MustStatus(t, res, http.StatusNoContent) // same answer whether or not the login exists
		}
		mails := e.Mails("acme.admin@example.com")
		if len(mails) != 1 {
			t.Fatalf("want one mail, got %d", len(mails))
		}
		m := linkPattern.FindStringSubmatch(mails[0].Body)
		if m == nil || mails[0].Template != "reset_password" || mails[0].Language != "nl" || !strings.Contains(mails[0].Subject, "wachtwoord") {
			t.Fatalf("reset mail: %+v", mails[0])
		}
		token, _ := url.QueryUnescape(m[1])

		confirm := "/user-service/v1/auth/resetPassword/confirm"
		res := e.Post(confirm, "", map[string]string{"token": token, "newPassword": "short"})
		if res.Status != 400 || res.Label() != "VALIDATION_FAILED" || !strings.Contains(string(res.Body), "newPassword") {
			t.Fatalf("short password: %s", res.Body)
		}
		testkit.MustStatus(t, e.Post(confirm, "", map[string]string{"token": token, "newPassword": "N3w-password"}), http.StatusNoContent)
		testkit.MustStatus(t, login(e, "acme.admin", auth.Digest("N3w-password"), ""), 200)
		// the link works once
		if res := e.Post(confirm, "", map[string]string{"token": token, "newPassword": "Another-1"}); res.Label() != "RESET_TOKEN_INVALID" {
			t.Fatalf("second use: %s", res.Body)
		}
		// and for one hour only
		e.Post("/user-service/v1/auth/resetPassword", "", map[string]string{"login": "acme.admin"})
		mails = e.Mails("acme.admin@example.com")
		m = linkPattern.FindStringSubmatch(mails[len(mails)-1].Body)
		token, _ = url.QueryUnescape(m[1])
		e.Clock.Advance(61 * time.Minute)
		if res := e.Post(confirm, "", map[string]string{"token": token, "newPassword": "Another-1"}); res.Label() != "RESET_TOKEN_INVALID" {
			t.Fatalf("expired link: %s", res.Body)
		}
	})
}

func TestResetLoginThroughOutbox(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		for _, email := range []string{"ACME.2fa@example.com", "unknown@example.com", "jan.peeters@example.com"} {
			testkit.MustStatus(t, e.Post("/user-service/v1/auth/resetLogin", "", map[string]string{"email": email}), http.StatusNoContent)
		}
		mails := e.Mails("acme.2fa@example.com")
		if len(mails) != 1 || !strings.Contains(mails[0].Body, "acme.2fa") || mails[0].Language != "en" {
			t.Fatalf("reset-login mail: %+v", mails)
		}
		if n := len(e.Mails("unknown@example.com")) + len(e.Mails("jan.peeters@example.com")); n != 0 {
			t.Fatalf("mails to unknown or app-only addresses: %d", n)
		}
		res := e.Post("/user-service/v1/auth/resetLogin", "", map[string]string{"email": "not-an-email"})
		if res.Status != 400 || !strings.Contains(string(res.Body), `"field":"email"`) {
			t.Fatalf("bad email: %s", res.Body)
		}
	})
}

func TestChangePassword(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		var other auth.LoginResponse
		login(e, "acme.admin", demoDigest, "").JSON(t, &other)
		token := e.LoginAs("acme.admin")
		path := "/user-service/v1/user/changePassword"

		res := e.Post(path, token, map[string]string{"oldPassdigest": auth.Digest("wrong"), "newPassword": "Longenough1"})
		if res.Status != 400 || res.Label() != "WRONG_PASSWORD" {
			t.Fatalf("wrong old password: %s", res.Body)
		}
		res = e.Post(path, token, map[string]string{"oldPassdigest": demoDigest, "newPassword": "short"})
		if res.Status != 400 || res.Label() != "VALIDATION_FAILED" {
			t.Fatalf("short new password: %s", res.Body)
		}
		testkit.MustStatus(t, e.Post(path, token, map[string]string{"oldPassdigest": demoDigest, "newPassword": "Longenough1"}), http.StatusNoContent)
		if res := login(e, "acme.admin", demoDigest, ""); res.Label() != "WRONG_CREDENTIALS" {
			t.Fatalf("old password still works: %s", res.Body)
		}
		testkit.MustStatus(t, login(e, "acme.admin", auth.Digest("Longenough1"), ""), 200)
		// this session stays, the other one ends
		testkit.MustStatus(t, e.Post(currentPath, token, nil), 200)
		if res := e.Post(currentPath, other.Token, nil); res.Status != 401 {
			t.Fatalf("other session after password change: %d", res.Status)
		}
		// stored as argon2id, never the digest itself
		var hash string
		_ = e.DB.Get(context.Background(), &hash, `SELECT c.password_hash FROM credentials c JOIN users u ON u.id = c.user_id WHERE u.login = 'acme.admin'`)
		if !strings.HasPrefix(hash, "$argon2id$") || strings.Contains(hash, auth.Digest("Longenough1")) {
			t.Fatalf("stored hash: %q", hash)
		}
	})
}

func TestSignInRateLimit(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		e.App.Auth.PerLoginLimit = 3
		for i := 0; i < 3; i++ {
			testkit.MustStatus(t, login(e, "msp.admin", demoDigest, ""), 200)
		}
		res := login(e, "msp.admin", demoDigest, "")
		if res.Status != http.StatusTooManyRequests || res.Label() != "TOO_MANY_ATTEMPTS" {
			t.Fatalf("4th attempt: %d %s", res.Status, res.Body)
		}
		// the window passes
		e.Clock.Advance(6 * time.Minute)
		testkit.MustStatus(t, login(e, "msp.admin", demoDigest, ""), 200)
	})
}
