package deactivation_test

import (
	"testing"

	"mobility/portal/internal/access"
	"mobility/portal/internal/deactivation"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

func TestWithdrawAndHandle(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		e.Clock.Set(at("2026-11-23")) // Monday
		acme, staff, msp := as(e, "acme.admin"), as(e, "ospadmin"), as(e, "msp.admin")
		body := map[string]string{"ospId": seed.AcmeOspID}

		if d := get(t, e, acme(), seed.AcmeOspID); d != nil {
			t.Fatalf("no request yet: %+v", d)
		}
		wantLabel(t, e.Post(company+"/deactivation/withdraw", acme(), body), 409, "NO_OPEN_DEACTIVATION")
		wantLabel(t, e.Post(company+"/deactivation/handle", staff(), body), 409, "NO_OPEN_DEACTIVATION")

		// asked, then withdrawn by the company admin
		d := call(t, e, company+"/deactivate", acme(), body, 200)
		if d.HandleBy != "2026-11-26" {
			t.Fatalf("Monday + 3 working days: %s", d.HandleBy)
		}
		d = call(t, e, company+"/deactivation/withdraw", acme(), body, 200)
		if d.Status != "WITHDRAWN" || str(d.WithdrawnOn) != "2026-11-23" || !d.CompanyActive {
			t.Fatalf("withdrawn: %+v", d)
		}
		wantLabel(t, e.Post(company+"/deactivation/withdraw", acme(), body), 409, "NO_OPEN_DEACTIVATION")
		if g := get(t, e, acme(), seed.AcmeOspID); g.Status != "WITHDRAWN" {
			t.Fatalf("the last request: %+v", g)
		}

		// asked again (by the MSP admin), handled by platform staff
		call(t, e, company+"/deactivate", msp(), map[string]string{"ospId": seed.AcmeOspID, "remark": "for the company"}, 200)
		e.Clock.Set(at("2026-11-25"))
		d = call(t, e, company+"/deactivation/handle", staff(), body, 200)
		if d.Status != "HANDLED" || str(d.HandledOn) != "2026-11-25" || d.HandledBy == nil || d.HandledBy.FullName != "Olivia Platform" ||
			str(d.EffectiveOn) != "2026-12-01" || str(d.ExtraCostsUntil) != "2027-01-30" || d.RequestedBy.FullName != "Marc Partner" {
			t.Fatalf("handled: %+v", d)
		}
		wantLabel(t, e.Post(company+"/deactivation/handle", staff(), body), 409, "DEACTIVATION_ALREADY_HANDLED")
		// the day the job runs nothing happens before the effective day
		runDay(t, e, "2026-11-30")
		if g := get(t, e, acme(), seed.AcmeOspID); g.Status != "HANDLED" || !g.CompanyActive {
			t.Fatalf("before the effective day: %+v", g)
		}
		// still withdrawable before 1 December
		d = call(t, e, company+"/deactivation/withdraw", acme(), body, 200)
		if d.Status != "WITHDRAWN" || d.EffectiveOn == nil {
			t.Fatalf("withdrawn after handling: %+v", d)
		}
		runDay(t, e, "2026-12-01")
		if !scalar[bool](t, e, `SELECT active FROM corporate_accounts WHERE osp_id = ?`, seed.AcmeOspID) {
			t.Fatal("a withdrawn request took effect")
		}

		// once the effective day has come it cannot be withdrawn, even
		// before the job ran
		call(t, e, company+"/deactivate", acme(), body, 200)
		call(t, e, company+"/deactivation/handle", staff(), body, 200)
		e.Clock.Set(at("2027-01-01"))
		wantLabel(t, e.Post(company+"/deactivation/withdraw", acme(), body), 409, "DEACTIVATION_ALREADY_EFFECTIVE")

		// input
		res := e.Post(company+"/deactivate", acme(), map[string]string{"ospId": ""})
		if res.Status != 400 || res.Label() != "VALIDATION_FAILED" {
			t.Fatalf("empty ospId: %d %s", res.Status, res.Body)
		}
		long := make([]byte, 1001)
		for i := range long {
			long[i] = 'x'
		}
		if res := e.Post(company+"/deactivate", acme(), map[string]string{"ospId": seed.GlobexOspID, "remark": string(long)}); res.Status != 400 {
			t.Fatalf("remark of 1001 characters: %d %s", res.Status, res.Body)
		}
		if res := e.Post(company+"/deactivation/getByFilter", staff(), map[string]any{"status": "NOPE"}); res.Status != 400 {
			t.Fatalf("unknown status: %d %s", res.Status, res.Body)
		}
	})
}

// Platform staff's list: the open requests, the first to handle first,
// with the overdue flag once handleBy has passed.
func TestFilterAndOverdue(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		e.Clock.Set(at("2026-11-23"))
		staff := as(e, "ospadmin")
		call(t, e, company+"/deactivate", e.LoginAs("globex.admin"), map[string]string{"ospId": seed.GlobexOspID}, 200)
		e.Clock.Set(at("2026-11-24"))
		call(t, e, company+"/deactivate", e.LoginAs("initech.admin"), map[string]string{"ospId": seed.InitechOspID}, 200)
		e.Clock.Set(at("2026-11-25"))
		call(t, e, company+"/deactivate", e.LoginAs("acme.admin"), map[string]string{"ospId": seed.AcmeOspID}, 200)
		call(t, e, company+"/deactivation/withdraw", e.LoginAs("acme.admin"), map[string]string{"ospId": seed.AcmeOspID}, 200)

		page := func(body map[string]any) paging.Page[deactivation.CompanyDeactivation] {
			t.Helper()
			res := e.Post(company+"/deactivation/getByFilter", staff(), body)
			testkit.MustStatus(t, res, 200)
			var p paging.Page[deactivation.CompanyDeactivation]
			res.JSON(t, &p)
			return p
		}
		// Thursday 26: Globex's (due Thursday 26) is not overdue yet; the clock
		// stands still for the jobs: nobody handled them
		e.Clock.Set(at("2026-11-26"))
		p := page(map[string]any{})
		if p.TotalElements != 2 || p.Content[0].CorporateAccount.Name != "Globex BV" || p.Content[0].HandleBy != "2026-11-26" ||
			p.Content[0].Overdue || p.Content[1].CorporateAccount.Name != "Initech SA" {
			t.Fatalf("open requests: %+v", p)
		}
		e.Clock.Set(at("2026-11-27"))
		if p := page(map[string]any{}); !p.Content[0].Overdue || p.Content[1].Overdue {
			t.Fatalf("overdue on Friday: %+v", p.Content)
		}
		if p := page(map[string]any{"status": "WITHDRAWN"}); p.TotalElements != 1 || p.Content[0].CorporateAccount.OspID != seed.AcmeOspID {
			t.Fatalf("withdrawn: %+v", p)
		}
		if p := page(map[string]any{"pagination": map[string]int{"page": 2, "size": 1}}); p.TotalElements != 2 || len(p.Content) != 1 ||
			p.Content[0].CorporateAccount.Name != "Initech SA" || p.TotalPages != 2 {
			t.Fatalf("page 2: %+v", p)
		}
	})
}

// Who may do what, and tenancy: another partner's MSP admin and another
// company's admin answer 404 like an unknown id; roles answer 403.
func TestTenancyAndRoles(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		e.Clock.Set(at("2026-11-23"))
		e.CompanyAdmin("acme.reporting", seed.AcmeOspID, access.ReportingManager)
		e.PartnerAdmin("rideon.reporting", seed.OtherPartnerOspID, access.ReportingManager)
		// Initech is RideOn's: it has a request and is the other tenant's company
		call(t, e, company+"/deactivate", e.LoginAs("initech.admin"), map[string]string{"ospId": seed.InitechOspID}, 200)
		// a deactivated company of MobiPartner to activate
		call(t, e, company+"/deactivate", e.LoginAs("globex.admin"), map[string]string{"ospId": seed.GlobexOspID}, 200)
		call(t, e, company+"/deactivation/handle", e.LoginAs("ospadmin"), map[string]string{"ospId": seed.GlobexOspID}, 200)
		runDay(t, e, "2026-12-01")

		acme := map[string]string{"ospId": seed.AcmeOspID}
		globex := map[string]string{"ospId": seed.GlobexOspID}
		initech := map[string]string{"ospId": seed.InitechOspID}
		unknown := map[string]string{"ospId": "00000000-0000-4000-8000-000000000000"}
		mobi := map[string]string{"ospId": seed.MobiPartnerOspID}
		cases := []struct {
			login  string
			path   string
			body   any
			status int
		}{
			// a company admin: their own company only
			{"acme.admin", company + "/deactivation/get", initech, 404},
			{"acme.admin", company + "/deactivation/get", unknown, 404},
			{"acme.admin", company + "/deactivate", initech, 404},
			{"acme.admin", company + "/deactivation/withdraw", initech, 404},
			{"acme.admin", company + "/deactivation/handle", acme, 403},
			{"acme.admin", company + "/deactivation/getByFilter", map[string]any{}, 403},
			{"acme.admin", company + "/activate", globex, 403}, // MSP only
			{"acme.admin", partner + "/deactivate", mobi, 403},
			{"acme.admin", partner + "/deactivation/get", mobi, 403},
			{"acme.reporting", company + "/deactivate", acme, 403},
			{"acme.reporting", company + "/deactivation/get", acme, 403},
			// another partner's MSP admin
			{"rideon.admin", company + "/deactivation/get", acme, 404},
			{"rideon.admin", company + "/deactivate", acme, 404},
			{"rideon.admin", company + "/activate", globex, 404},
			{"rideon.admin", company + "/deactivation/withdraw", acme, 404},
			{"rideon.admin", partner + "/deactivate", mobi, 403},
			{"rideon.admin", partner + "/activate", mobi, 403},
			{"rideon.reporting", company + "/activate", initech, 403},
			// their own company
			{"rideon.admin", company + "/deactivation/get", initech, 200},
			// the MSP admin of the partner
			{"msp.admin", company + "/deactivation/get", initech, 404},
			{"msp.admin", company + "/deactivation/handle", acme, 403},
			{"msp.admin", company + "/deactivation/get", globex, 200},
			{"globex.admin", company + "/deactivation/get", globex, 401}, // switched off with Globex
		}
		for _, c := range cases {
			var token string
			if c.status == 401 {
				token = e.PlantSession(e.UserOspID(c.login))
			} else {
				token = e.LoginAs(c.login)
			}
			before := e.Snapshot("rate_limits", "sessions", "session_tokens", "credentials")
			res := e.Post(c.path, token, c.body)
			if res.Status != c.status {
				t.Errorf("%s %s %v: want %d, got %d %s", c.login, c.path, c.body, c.status, res.Status, res.Body)
			}
			if c.status >= 400 {
				if changed := e.Snapshot("rate_limits", "sessions", "session_tokens", "credentials").Changed(before); len(changed) > 0 {
					t.Errorf("%s %s: refused call changed %v", c.login, c.path, changed)
				}
			}
		}
		// the partner's MSP admin activates Globex; a company admin could not
		d := call(t, e, company+"/activate", e.LoginAs("msp.admin"), globex, 200)
		if d.Status != "REACTIVATED" || !d.CompanyActive {
			t.Fatalf("activated: %+v", d)
		}
	})
}
