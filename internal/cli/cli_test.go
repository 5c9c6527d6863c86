package cli_test

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"mobility/portal/internal/cli"
	"mobility/portal/internal/database"
	"mobility/portal/internal/testkit"
)

func run(t *testing.T, env map[string]string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := cli.Main(context.Background(), cli.Env{
		Args: append([]string{"portal"}, args...), Stdout: &out, Stderr: &errOut,
		Getenv: func(k string) string { return env[k] },
	})
	return code, out.String(), errOut.String()
}

func TestCommandsOnBothDialects(t *testing.T) {
	for _, d := range testkit.Dialects() {
		t.Run(string(d), func(t *testing.T) {
			env := map[string]string{"PORTAL_DATABASE_URL": testkit.DSN(t, d), "PORTAL_ARGON2_MEMORY_KIB": "8192", "PORTAL_ARGON2_TIME": "1", "PORTAL_LOG_LEVEL": "error"}
			if code, out, errOut := run(t, env, "migrate"); code != 0 || !strings.Contains(out, "up to date") {
				t.Fatalf("migrate: %d %s %s", code, out, errOut)
			}
			if code, _, errOut := run(t, env, "seed", "--demo", "--base"); code != 0 {
				t.Fatalf("seed: %d %s", code, errOut)
			}
			if code, _, errOut := run(t, env, "seed", "--demo", "--base"); code == 0 || !strings.Contains(errOut, "already has data") {
				t.Fatalf("second seed must refuse: %d %s", code, errOut)
			}
			code, out, errOut := run(t, env, "user", "create-admin", "--login", "Root.Admin", "--email", "root@example.com", "--password", "Str0ngpass")
			if code != 0 || !strings.Contains(out, "root.admin") {
				t.Fatalf("create-admin: %d %s %s", code, out, errOut)
			}
			if code, _, errOut := run(t, env, "user", "create-admin", "--login", "x", "--email", "x@example.com", "--password", "short"); code == 0 || !strings.Contains(errOut, "at least 8") {
				t.Fatalf("short password accepted: %d %s", code, errOut)
			}
			if code, _, errOut := run(t, env, "user", "create-admin", "--login", "root.admin", "--email", "root@example.com", "--password", "Str0ngpass"); code == 0 || !strings.Contains(errOut, "already taken") {
				t.Fatalf("duplicate login accepted: %d %s", code, errOut)
			}
			if code, out, errOut := run(t, env, "user", "reset-2fa", "acme.2fa"); code != 0 || !strings.Contains(out, "reset") {
				t.Fatalf("reset-2fa: %d %s %s", code, out, errOut)
			}
			if code, _, errOut := run(t, env, "user", "reset-2fa", "nobody"); code == 0 || !strings.Contains(errOut, "no user") {
				t.Fatalf("reset-2fa of unknown: %d %s", code, errOut)
			}
			// the new admin can sign in and is platform staff
			db, err := database.Open(context.Background(), env["PORTAL_DATABASE_URL"])
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			var role string
			if err := db.Get(context.Background(), &role, `SELECT r.role FROM user_roles r JOIN users u ON u.id = r.user_id WHERE u.login = 'root.admin'`); err != nil || role != "ospadmin" {
				t.Fatalf("role %q %v", role, err)
			}
		})
	}
}

func TestBadConfigurationIsExplained(t *testing.T) {
	env := map[string]string{"PORTAL_DATABASE_URL": filepath.Join(t.TempDir(), "p.db"), "PORTAL_PUBLIC_URL": "not a url", "PORTAL_LEGACY_BANNER_TEXT_COLOR": "red"}
	code, _, errOut := run(t, env, "migrate")
	if code != 1 || !strings.Contains(errOut, "PORTAL_PUBLIC_URL") || !strings.Contains(errOut, "PORTAL_LEGACY_BANNER_TEXT_COLOR") {
		t.Fatalf("bad config: %d %s", code, errOut)
	}
	code, _, errOut = run(t, map[string]string{"PORTAL_ACCESS_TOKEN_TTL": "soon"}, "migrate")
	if code != 1 || !strings.Contains(errOut, "PORTAL_ACCESS_TOKEN_TTL") {
		t.Fatalf("bad duration: %d %s", code, errOut)
	}
	if code, _, _ := run(t, nil, "frobnicate"); code != 2 {
		t.Fatalf("unknown command: %d", code)
	}
}

func TestJobsRunAt(t *testing.T) {
	for _, d := range testkit.Dialects() {
		t.Run(string(d), func(t *testing.T) {
			env := map[string]string{"PORTAL_DATABASE_URL": testkit.DSN(t, d), "PORTAL_ARGON2_MEMORY_KIB": "8192", "PORTAL_ARGON2_TIME": "1", "PORTAL_LOG_LEVEL": "error"}
			if code, _, errOut := run(t, env, "seed", "--demo", "--base"); code != 0 {
				t.Fatalf("seed: %s", errOut)
			}
			db, err := database.Open(context.Background(), env["PORTAL_DATABASE_URL"])
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			if _, err := db.Exec(context.Background(), `UPDATE users SET desired_deactivation_date = '2027-01-10' WHERE login = 'jan.peeters'`); err != nil {
				t.Fatal(err)
			}
			active := func() bool {
				var a bool
				_ = db.Get(context.Background(), &a, `SELECT active FROM users WHERE login = 'jan.peeters'`)
				return a
			}
			if code, out, errOut := run(t, env, "jobs", "run", "--at", "2027-01-09"); code != 0 || !active() {
				t.Fatalf("day before: %d %s %s", code, out, errOut)
			}
			code, out, errOut := run(t, env, "jobs", "run", "--at", "2027-01-10")
			if code != 0 || active() || !strings.Contains(out, "user-activation: done 0 activated, 1 deactivated") {
				t.Fatalf("the day: %d %q %s", code, out, errOut)
			}
			code, out, _ = run(t, env, "jobs", "run", "--at", "2027-01-10")
			if code != 0 || !strings.Contains(out, "user-activation: skipped") {
				t.Fatalf("again: %d %q", code, out)
			}
			if code, _, errOut := run(t, env, "jobs", "run", "--at", "10/01/2027"); code == 0 || !strings.Contains(errOut, "yyyy-MM-dd") {
				t.Fatalf("bad date: %d %s", code, errOut)
			}
		})
	}
}
