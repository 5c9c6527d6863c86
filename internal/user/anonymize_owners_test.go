package user_test

import (
	"context"
	"testing"

	"mobility/portal/internal/testkit"
)

// Anonymizing asks auth and usergroup to forget what they own (the
// credentials, reset links and sessions; the group memberships) in the
// same transaction as the user's own rows.
func TestAnonymizeForgetsSignInAndGroups(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		acme := e.LoginAs("acme.admin")
		eva := createEva(t, e, acme)
		var id int64
		if err := e.DB.Get(ctx, &id, `SELECT id FROM users WHERE osp_id = ?`, eva.OspID); err != nil {
			t.Fatal(err)
		}
		if err := e.App.Auth.SetPassword(ctx, id, "Secret-123456"); err != nil {
			t.Fatal(err)
		}
		count := func(q string) int {
			var n int
			if err := e.DB.Get(ctx, &n, q, id); err != nil {
				t.Fatal(err)
			}
			return n
		}
		if count(`SELECT COUNT(*) FROM credentials WHERE user_id = ?`) != 1 || count(`SELECT COUNT(*) FROM user_group_members WHERE user_id = ?`) == 0 {
			t.Fatal("setup: eva has no credentials or no group")
		}
		testkit.MustStatus(t, e.Post(base+"/anonymize", acme, map[string]string{"ospId": eva.OspID}), 200)
		for _, q := range []string{
			`SELECT COUNT(*) FROM credentials WHERE user_id = ?`,
			`SELECT COUNT(*) FROM reset_tokens WHERE user_id = ?`,
			`SELECT COUNT(*) FROM sessions WHERE user_id = ? AND revoked_at IS NULL`,
			`SELECT COUNT(*) FROM user_group_members WHERE user_id = ?`,
		} {
			if n := count(q); n != 0 {
				t.Errorf("%s: %d after anonymizing", q, n)
			}
		}
	})
}
