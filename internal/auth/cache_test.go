package auth_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

const userBase = "/portal-service/v1/user"

// Sign-in checks reuse principals read before (auth/cache.go). Every
// change that ends or narrows a principal is still refused on the very
// next request: in the process that made the change and in a second
// process on the same database that had the principal cached.
func TestCachedSignInSeesEveryRevocationAtOnce(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		b := e.SecondProcess()
		acme := e.LoginAs("acme.admin")
		res := e.Post(userBase+"/manager/create", acme, map[string]any{
			"corporateAccount": map[string]string{"ospId": seed.AcmeOspID},
			"userData":         map[string]any{"firstname": "Ina", "lastname": "Voice", "email": "ina@example.com", "login": "ina.voice"},
			"roles":            []string{"invoice_manager", "reporting_manager"},
		})
		testkit.MustStatus(t, res, 200)
		var ina struct {
			OspID string `json:"ospId"`
		}
		res.JSON(t, &ina)
		id, err := e.App.Users.IDByLogin(context.Background(), "ina.voice")
		if err != nil {
			t.Fatal(err)
		}
		if err := e.App.Auth.SetPassword(context.Background(), id, seed.DemoPassword); err != nil {
			t.Fatal(err)
		}
		token := e.LoginAs("ina.voice")
		invoices := func(env *testkit.Env) int {
			return env.Post("/portal-service/v1/invoice/findByFilter", token, map[string]any{}).Status
		}
		current := func(env *testkit.Env, token string) *testkit.Response { return env.Post(currentPath, token, nil) }

		// both processes hold the principal (twice each: the second from
		// the cache)
		for _, env := range []*testkit.Env{e, b, e, b} {
			if s := invoices(env); s != 200 {
				t.Fatalf("invoices before: %d", s)
			}
		}
		// a role taken away in process b is gone in process a at once
		testkit.MustStatus(t, b.Post(userBase+"/role/remove", acme, map[string]string{"ospId": ina.OspID, "role": "invoice_manager"}), 200)
		if s := invoices(e); s != http.StatusForbidden {
			t.Fatalf("invoices in process a after the role was taken in process b: %d, want 403", s)
		}
		testkit.MustStatus(t, current(e, token), 200)

		// signed out in process b: refused in process a at once
		testkit.MustStatus(t, b.Post(logoutPath, token, nil), http.StatusNoContent)
		if res := current(e, token); res.Status != 401 {
			t.Fatalf("a signed-out token in process a: %d %s", res.Status, res.Body)
		}

		// deactivated in process b: the new session is refused in a at once
		token = e.LoginAs("ina.voice")
		testkit.MustStatus(t, current(e, token), 200)
		testkit.MustStatus(t, current(b, token), 200)
		testkit.MustStatus(t, b.Post(userBase+"/deactivate", acme, map[string]string{"ospId": ina.OspID, "when": "NOW"}), 200)
		for name, env := range map[string]*testkit.Env{"a": e, "b": b} {
			if res := current(env, token); res.Status != 401 {
				t.Fatalf("a deactivated user's token in process %s: %d %s", name, res.Status, res.Body)
			}
		}

		// blocked by a write no service made (an operator's SQL): the same
		testkit.MustStatus(t, current(e, acme), 200)
		if _, err := e.DB.Exec(context.Background(), `UPDATE credentials SET blocked = TRUE
			WHERE user_id = (SELECT id FROM users WHERE login = 'acme.admin')`); err != nil {
			t.Fatal(err)
		}
		for name, env := range map[string]*testkit.Env{"a": e, "b": b} {
			if res := current(env, acme); res.Status != 401 {
				t.Fatalf("a blocked user's token in process %s: %d %s", name, res.Status, res.Body)
			}
		}

		// an expired token is refused from the cache too
		olivia := e.LoginAs("ospadmin")
		testkit.MustStatus(t, current(e, olivia), 200)
		e.Clock.Advance(testkit.TestConfig().AccessTokenTTL + time.Second)
		if res := current(e, olivia); res.Status != 401 || res.Label() != "TOKEN_EXPIRED" {
			t.Fatalf("an expired token: %d %s", res.Status, res.Body)
		}
	})
}
