package user_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
	"mobility/portal/internal/user"
)

// brussels is a wall-clock instant in Europe/Brussels.
func brussels(t *testing.T, s string) time.Time {
	t.Helper()
	v, err := time.ParseInLocation("2006-01-02 15:04", s, clock.Brussels)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// The app-user counts keep their history: a user deactivated in March still
// counted as active in January and February, an anonymized one until it was
// anonymized, and a month begins at Brussels midnight, not UTC's. The old
// count, from the users table alone, lost all of this (a reactivated user
// counted only from its reactivation).
func TestAppUserCountsKeepTheirHistory(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme := e.LoginAs("acme.admin")
		create := func(at, name string) string {
			e.Clock.Set(brussels(t, at))
			body := with(with(with(with(validMobile(), "login", name), "email", name+"@example.com"), "extId", "ACME-"+name), "employeeNumber", name)
			res := e.Post(base+"/mobile/create", acme, body)
			testkit.MustStatus(t, res, 200)
			return decodeUser(t, res).OspID
		}
		act := func(at, call, osp string, extra map[string]string) {
			e.Clock.Set(brussels(t, at))
			body := map[string]string{"ospId": osp}
			for k, v := range extra {
				body[k] = v
			}
			testkit.MustStatus(t, e.Post(base+"/"+call, acme, body), 200)
		}
		eva := create("2026-01-15 10:00", "eva")
		bob := create("2026-01-31 23:30", "bob") // 22:30 UTC: still January in Brussels
		_ = create("2026-02-01 00:30", "carl")   // 23:30 UTC on 31 January: February in Brussels
		act("2026-03-10 09:00", "deactivate", eva, map[string]string{"when": "NOW"})
		act("2026-04-02 09:00", "anonymize", bob, nil)
		act("2026-05-03 09:00", "activate", eva, nil)

		var months []user.MonthBounds
		for m := 1; m <= 6; m++ {
			start := time.Date(2026, time.Month(m), 1, 0, 0, 0, 0, clock.Brussels)
			months = append(months, user.MonthBounds{Month: fmt.Sprintf("2026%02d", m), Start: start.UTC(), End: start.AddDate(0, 1, 0).UTC()})
		}
		got, err := e.App.Users.AppUsersPerMonth(context.Background(), access.SystemScope(), []int64{e.CorporateAccountID(seed.AcmeOspID)}, months)
		if err != nil {
			t.Fatal(err)
		}
		want := []struct{ active, created int64 }{{2, 2}, {3, 1}, {2, 0}, {1, 0}, {2, 0}, {2, 0}}
		if len(got) != len(want) {
			t.Fatalf("got %+v", got)
		}
		for i, w := range want {
			if got[i].Active != w.active || got[i].New != w.created {
				t.Errorf("%s: active %d new %d, want %d %d", got[i].Month, got[i].Active, got[i].New, w.active, w.created)
			}
		}
	})
}

// Every path that changes an app user's counted state keeps the read model
// right: the demo story's year (imports, scheduled and company
// deactivations) is checked in seed; here the single calls and a tampered row.
func TestActivityCheckSeesADifference(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		acme := e.LoginAs("acme.admin")
		res := e.Post(base+"/mobile/create", acme, validMobile())
		testkit.MustStatus(t, res, 200)
		eva := decodeUser(t, res).OspID
		testkit.MustStatus(t, e.Post(base+"/deactivate", acme, map[string]string{"ospId": eva, "when": "NOW"}), 200)
		testkit.MustStatus(t, e.Post(base+"/activate", acme, map[string]string{"ospId": eva}), 200)
		testkit.MustStatus(t, e.Post(base+"/anonymize", acme, map[string]string{"ospId": eva}), 200)
		if diff, err := e.App.Users.CheckActivity(ctx); err != nil || len(diff) > 0 {
			t.Fatalf("after create, deactivate, activate, anonymize: %v %v", diff, err)
		}
		if _, err := e.DB.Exec(ctx, `UPDATE user_activity_hours SET active_delta = active_delta + 1 WHERE corporate_account_id = ?`, e.CorporateAccountID(seed.AcmeOspID)); err != nil {
			t.Fatal(err)
		}
		if diff, _ := e.App.Users.CheckActivity(ctx); len(diff) == 0 {
			t.Fatal("a tampered count went unseen")
		}
	})
}
