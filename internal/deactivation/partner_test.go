package deactivation_test

import (
	"context"
	"testing"
	"time"

	"mobility/portal/internal/deactivation"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

func progress(t *testing.T, e *testkit.Env, osp string) *deactivation.PartnerDeactivation {
	t.Helper()
	res := e.Post(partner+"/deactivation/get", e.LoginAs("ospadmin"), map[string]string{"ospId": osp})
	testkit.MustStatus(t, res, 200)
	if string(res.Body) == "null\n" || string(res.Body) == "null" {
		return nil
	}
	var p deactivation.PartnerDeactivation
	res.JSON(t, &p)
	return &p
}

// A partner deactivation over 200 companies, killed part-way (a failure
// injected after 70 companies, as a crash would leave it) and resumed by
// the jobs runner: every company is done once and whole, never half.
func TestPartnerDeactivationKilledAndResumed(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		e.Clock.Set(at("2026-11-24"))
		osp, companies := bigPartner(t, e, "Umbrella", 200, 3)
		pid := e.PartnerID(osp)
		partnerAdmin := e.PartnerAdmin("umbrella.msp", osp, "user_manager")
		// one company had asked already: its request takes effect with the partner
		first := e.PlantSession(e.UserOspID("umbrella.0.0"))
		firstOsp := scalar[string](t, e, `SELECT osp_id FROM corporate_accounts WHERE id = ?`, companies[0])
		call(t, e, company+"/deactivate", first, map[string]string{"ospId": firstOsp}, 200)

		svc := e.App.Deactivations
		deactivation.SetFailAfter(svc, 70)
		res := e.Post(partner+"/deactivate", e.LoginAs("ospadmin"), map[string]string{"ospId": osp})
		testkit.MustStatus(t, res, 200)
		var p deactivation.PartnerDeactivation
		res.JSON(t, &p)
		if p.CompaniesTotal != 200 || p.PartnerActive || p.PartnerOspID != osp {
			t.Fatalf("started: %+v", p)
		}
		svc.WaitIdle() // the background pass stops at the injected failure
		got := progress(t, e, osp)
		if got.Status != "RUNNING" || got.CompaniesDone != 70 || got.CompaniesTotal != 200 {
			t.Fatalf("after the crash: %+v", got)
		}
		// the partner and its own admin are off from the start
		if scalar[bool](t, e, `SELECT active FROM partners WHERE id = ?`, pid) || scalar[bool](t, e, `SELECT active FROM users WHERE osp_id = ?`, partnerAdmin) {
			t.Fatal("partner or its admin still active")
		}
		whole := func(when string, wantDone int) {
			t.Helper()
			done := 0
			for _, cid := range companies {
				active := scalar[bool](t, e, `SELECT active FROM corporate_accounts WHERE id = ?`, cid)
				users := scalar[int](t, e, `SELECT COUNT(*) FROM users WHERE corporate_account_id = ? AND active`, cid)
				budgets := scalar[int](t, e, `SELECT COUNT(*) FROM budgets WHERE corporate_account_id = ? AND activation_status <> 'DEACTIVATED'`, cid)
				rows := scalar[int](t, e, `SELECT COUNT(*) FROM company_deactivations WHERE corporate_account_id = ? AND status = 'EFFECTIVE'`, cid)
				switch {
				case !active && users == 0 && budgets == 0 && rows == 1:
					done++
				case active && users == 4 && budgets == 3 && rows == 0:
				default:
					t.Fatalf("%s: company %d half done: active %v, %d users and %d budgets on, %d effective requests", when, cid, active, users, budgets, rows)
				}
			}
			if done != wantDone {
				t.Fatalf("%s: %d companies done, want %d", when, done, wantDone)
			}
		}
		whole("after the crash", 70)

		// the jobs runner resumes it the next day
		deactivation.SetFailAfter(svc, -1)
		runDay(t, e, "2026-11-25")
		got = progress(t, e, osp)
		if got.Status != "DONE" || got.CompaniesDone != 200 || got.FinishedOn == nil {
			t.Fatalf("resumed: %+v", got)
		}
		whole("resumed", 200)
		if n := scalar[int](t, e, `SELECT COUNT(*) FROM company_deactivations WHERE partner_deactivation_id IS NOT NULL`); n != 200 {
			t.Fatalf("%d company deactivations recorded, want 200", n)
		}
		// the company that had asked: one row, its own request, effective on the partner's day
		var d struct {
			Status      string  `db:"status"`
			Remark      string  `db:"remark"`
			EffectiveOn *string `db:"effective_on"`
			Until       *string `db:"extra_costs_until"`
		}
		if err := e.DB.Get(ctx, &d, `SELECT status, remark, effective_on, extra_costs_until FROM company_deactivations WHERE corporate_account_id = ?`, companies[0]); err != nil {
			t.Fatal(err)
		}
		if n := scalar[int](t, e, `SELECT COUNT(*) FROM company_deactivations WHERE corporate_account_id = ?`, companies[0]); n != 1 {
			t.Fatalf("the company that had asked has %d requests, want its own one", n)
		}
		if d.Status != "EFFECTIVE" || d.Remark != "" || str(d.EffectiveOn) != "2026-11-24" || str(d.Until) != "2027-01-23" {
			t.Fatalf("the company that had asked: %+v", d)
		}
		// rerun: nothing more
		if r, err := svc.ResumePartners(ctx); err != nil || r.Companies != 0 {
			t.Fatalf("rerun: %+v %v", r, err)
		}
		wantLabel(t, e.Post(partner+"/deactivate", e.LoginAs("ospadmin"), map[string]string{"ospId": osp}), 409, "PARTNER_ALREADY_DEACTIVATED")
		// a company of a deactivated partner stays off
		wantLabel(t, e.Post(company+"/activate", e.LoginAs("ospadmin"), map[string]string{"ospId": firstOsp}), 409, "PARTNER_DEACTIVATED")

		// the partner comes back, its companies one by one
		res = e.Post(partner+"/activate", e.LoginAs("ospadmin"), map[string]string{"ospId": osp})
		testkit.MustStatus(t, res, 200)
		res.JSON(t, &p)
		if p.Status != "ACTIVATED" || !p.PartnerActive {
			t.Fatalf("partner activated: %+v", p)
		}
		if !scalar[bool](t, e, `SELECT active FROM users WHERE osp_id = ?`, partnerAdmin) {
			t.Fatal("the partner's admin stays off")
		}
		if n := scalar[int](t, e, `SELECT COUNT(*) FROM corporate_accounts WHERE partner_id = ? AND active`, pid); n != 0 {
			t.Fatalf("%d companies came back with the partner", n)
		}
		wantLabel(t, e.Post(partner+"/activate", e.LoginAs("ospadmin"), map[string]string{"ospId": osp}), 409, "PARTNER_NOT_DEACTIVATED")
		call(t, e, company+"/activate", e.LoginAs("umbrella.msp"), map[string]string{"ospId": firstOsp}, 200)
		if n := scalar[int](t, e, `SELECT COUNT(*) FROM users WHERE corporate_account_id = ? AND active`, companies[0]); n != 4 {
			t.Fatalf("%d users of the activated company on, want 4", n)
		}
		// tenancy: partner calls are platform staff's
		wantLabel(t, e.Post(partner+"/deactivate", e.LoginAs("msp.admin"), map[string]string{"ospId": seed.MobiPartnerOspID}), 403, "FORBIDDEN")
		if res := e.Post(partner+"/deactivation/get", e.LoginAs("ospadmin"), map[string]string{"ospId": "nope"}); res.Status != 404 {
			t.Fatalf("unknown partner: %d", res.Status)
		}
		if p := progress(t, e, seed.OtherPartnerOspID); p != nil {
			t.Fatalf("a partner never deactivated: %+v", p)
		}
	})
}

// Cancelling the context (a shutdown) stops a pass between companies.
func TestPartnerDeactivationCancelled(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		e.Clock.Set(at("2026-11-24"))
		osp, _ := bigPartner(t, e, "Brolly", 20, 1)
		svc := e.App.Deactivations
		deactivation.SetFailAfter(svc, 0) // the call's own pass does nothing
		testkit.MustStatus(t, e.Post(partner+"/deactivate", e.LoginAs("ospadmin"), map[string]string{"ospId": osp}), 200)
		svc.WaitIdle()
		deactivation.SetFailAfter(svc, -1)
		ctx, cancel := context.WithTimeout(context.Background(), time.Nanosecond)
		defer cancel()
		time.Sleep(time.Millisecond)
		if _, err := svc.ResumePartners(ctx); err == nil {
			t.Fatal("a cancelled pass reports no error")
		}
		if p := progress(t, e, osp); p.CompaniesDone != 0 || p.Status != "RUNNING" {
			t.Fatalf("cancelled: %+v", p)
		}
		// the call kicks a pass again when asked twice; it finishes the run
		res := e.Post(partner+"/deactivate", e.LoginAs("ospadmin"), map[string]string{"ospId": osp})
		testkit.MustStatus(t, res, 200)
		svc.WaitIdle()
		if p := progress(t, e, osp); p.CompaniesDone != 20 || p.Status != "DONE" {
			t.Fatalf("finished in the background: %+v", p)
		}
	})
}
