package cli_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"mobility/portal/internal/clock"
	"mobility/portal/internal/database"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/mail"
	"mobility/portal/internal/template"
	"mobility/portal/internal/testkit"
)

// `portal mail list` shows what the outbox kept for an address, newest
// last, and --last only the newest: how an operator without SMTP (and the
// browser tests) read a welcome link.
func TestMailListShowsTheOutbox(t *testing.T) {
	for _, d := range testkit.Dialects() {
		t.Run(string(d), func(t *testing.T) {
			dsn := testkit.DSN(t, d)
			env := map[string]string{"PORTAL_DATABASE_URL": dsn, "PORTAL_LOG_LEVEL": "error"}
			if code, _, errOut := run(t, env, "migrate"); code != 0 {
				t.Fatalf("migrate: %d %s", code, errOut)
			}
			db, err := database.Open(context.Background(), dsn)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			box := mail.NewOutbox(db, clock.System{})
			box.UseRenderer(template.ShippedRenderer{})
			for _, name := range []string{"Ann", "Bob"} {
				if err := box.Enqueue(context.Background(), mail.Message{To: "ops@example.com", Name: "reset_password", Lang: i18n.EN,
					Data: map[string]any{"Name": name, "Link": "https://portal.example/reset?token=" + name}}); err != nil {
					t.Fatal(err)
				}
			}
			code, out, errOut := run(t, env, "mail", "list", "--to", "ops@example.com")
			if code != 0 || strings.Count(out, "\n") != 2 {
				t.Fatalf("mail list: %d %q %s", code, out, errOut)
			}
			code, out, _ = run(t, env, "mail", "list", "--to", "ops@example.com", "--last")
			var m map[string]any
			if code != 0 || json.Unmarshal([]byte(out), &m) != nil || !strings.Contains(m["body"].(string), "token=Bob") {
				t.Fatalf("mail list --last: %d %q", code, out)
			}
			if code, out, _ := run(t, env, "mail", "list", "--to", "nobody@example.com"); code != 0 || out != "" {
				t.Fatalf("no mail: %d %q", code, out)
			}
			if code, _, errOut := run(t, env, "mail", "list"); code == 0 || !strings.Contains(errOut, "--to") {
				t.Fatalf("without --to: %d %s", code, errOut)
			}
		})
	}
}
