package deactivation_test

import (
	"context"
	"strings"
	"testing"

	"mobility/portal/internal/auth"
	"mobility/portal/internal/budget"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

// A request followed day by day through the jobs runner: asked on
// Wednesday 23 December 2026, due three Belgian working days later
// (Christmas on Friday 25 is no working day: Tuesday 29), handled by the
// platform itself when staff did not, effective on 1 January 2027 (across
// the month and year end, itself a holiday), extra costs booked until
// 1 March, and the balances settled on 2 March, 60 days after. Then the
// company is activated again.
func TestRequestFollowedDayByDay(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		acmeID := e.CorporateAccountID(seed.AcmeOspID)
		// tokens expire as the clock moves: sign in at each use
		staff, msp, acme := as(e, "ospadmin"), as(e, "msp.admin"), as(e, "acme.admin")
		jan, sophie := e.UserOspID("jan.peeters"), e.UserOspID("sophie.dubois")

		// the stage: a French invoicing contact, an employee who left before
		// (stays off after activation), a private budget (Jan's own money),
		// a company-paid monthly budget (Sophie), the company budget
		testkit.MustStatus(t, e.Post(v1+"/user/contact/create", acme(), map[string]any{
			"corporateAccount": map[string]string{"ospId": seed.AcmeOspID},
			"userData":         map[string]any{"firstname": "Chloé", "lastname": "Compta", "email": "compta@example.com", "language": "fr"},
			"contactTypes":     []string{"INVOICING_CONTACT"}, "sendCredentials": false,
		}), 200)
		e.CompanyAdmin("acme.leaver", seed.AcmeOspID)
		testkit.MustStatus(t, e.Post(v1+"/user/deactivate", acme(), map[string]string{"ospId": e.UserOspID("acme.leaver")}), 200)
		private := e.CreateBudget(acme(), "CAFETERIA_BUDGET", jan, map[string]any{"frequency": "", "paymentType": "PRIVATE_BUDGET", "startAmount": 7700})
		paid := e.CreateBudget(acme(), "BUSINESS_BUDGET", sophie, map[string]any{"frequency": "MONTH", "transferStrategy": "MONTH_ADD",
			"frequencyAmount": 3000, "startAmount": 20000})
		e.CreateBudget(staff(), "COMPANY_BUDGET", seed.AcmeOspID, map[string]any{})
		testkit.MustStatus(t, e.Post(v1+"/budget/transaction/addForCorporateAccount", staff(), map[string]any{
			"corporateAccountOspId": seed.AcmeOspID, "amount": 100000, "description": "bank transfer"}), 200)
		companyBudget := scalar[int64](t, e, `SELECT id FROM budgets WHERE corporate_account_id = ? AND user_id IS NULL`, acmeID)
		balance := func(osp string) int64 {
			return scalar[int64](t, e, `SELECT balance FROM budgets WHERE osp_id = ?`, osp)
		}
		// a monthly parking subscription: booked in December, not after the company left
		testkit.MustStatus(t, e.Post(v1+"/recurringExternalPurchase/create", acme(), map[string]any{"userOspId": sophie, "budgetOspId": paid.OspID,
			"type": "OTHER", "amount": 100, "vatPercentage": 21, "description": "Monthly parking", "frequency": "MONTH", "startDate": "2026-12-01"}), 200)
		runDays(t, e, "2026-11-21", "2026-12-23", nil)
		if got := balance(paid.OspID); got != 22900 { // start 200 €, 30 € on 1 December, 1 € of parking
			t.Fatalf("paid budget before the request: %d", got)
		}

		// Wednesday 23 December: Acme's admin asks
		d := call(t, e, company+"/deactivate", acme(), map[string]string{"ospId": seed.AcmeOspID, "remark": "We stop at the year end"}, 200)
		if d.Status != "REQUESTED" || d.RequestedOn != "2026-12-23" || d.HandleBy != "2026-12-29" || d.RequestedBy == nil ||
			d.RequestedBy.FullName != "Anna Acme" || d.Remark != "We stop at the year end" || d.CorporateAccount.OspID != seed.AcmeOspID ||
			d.EffectiveOn != nil || !d.CompanyActive || d.Overdue {
			t.Fatalf("requested: %+v", d)
		}
		wantLabel(t, e.Post(company+"/deactivate", msp(), map[string]string{"ospId": seed.AcmeOspID}), 409, "DEACTIVATION_ALREADY_REQUESTED")

		// nobody handles it: it stays REQUESTED through its handleBy day
		runDays(t, e, "2026-12-23", "2026-12-29", func(day string) {
			if g := get(t, e, acme(), seed.AcmeOspID); g.Status != "REQUESTED" || g.Overdue {
				t.Fatalf("%s: %+v", day, g)
			}
		})
		// and the platform keeps its promise itself at the end of that day
		runDay(t, e, "2026-12-30")
		g := get(t, e, msp(), seed.AcmeOspID)
		if g.Status != "HANDLED" || str(g.HandledOn) != "2026-12-29" || g.HandledBy != nil || str(g.EffectiveOn) != "2027-01-01" ||
			str(g.ExtraCostsUntil) != "2027-03-02" || !g.CompanyActive {
			t.Fatalf("handled by the platform: %+v", g)
		}
		runDay(t, e, "2026-12-31")
		before := balance(paid.OspID)

		// 1 January 2027: effective
		runDay(t, e, "2027-01-01")
		g = get(t, e, staff(), seed.AcmeOspID)
		if g.Status != "EFFECTIVE" || g.CompanyActive {
			t.Fatalf("effective: %+v", g)
		}
		if scalar[bool](t, e, `SELECT active FROM corporate_accounts WHERE id = ?`, acmeID) {
			t.Fatal("Acme still active")
		}
		if n := scalar[int](t, e, `SELECT COUNT(*) FROM users WHERE corporate_account_id = ? AND active`, acmeID); n != 0 {
			t.Fatalf("%d users of Acme still active", n)
		}
		if n := scalar[int](t, e, `SELECT COUNT(*) FROM budgets WHERE corporate_account_id = ? AND activation_status <> 'DEACTIVATED'`, acmeID); n != 0 {
			t.Fatalf("%d budgets of Acme still active", n)
		}
		// the admin's sessions ended; signing in is refused
		if n := scalar[int](t, e, `SELECT COUNT(*) FROM sessions s JOIN users u ON u.id = s.user_id
			WHERE u.login = 'acme.admin' AND s.revoked_at IS NULL`); n != 0 {
			t.Fatalf("acme.admin has %d live sessions after the deactivation", n)
		}
		if res := e.Post(testkit.LoginPath, "", map[string]string{"username": "acme.admin", "passdigest": auth.Digest(seed.DemoPassword)}); res.Status == 200 {
			t.Fatal("acme.admin signs in after the deactivation")
		}
		// no top-up for the month it leaves in
		if got := balance(paid.OspID); got != before {
			t.Fatalf("Sophie's budget was credited on the effective day: %d → %d", before, got)
		}
		mails := e.Mails("compta@example.com")
		if len(mails) != 1 || mails[0].Template != "company_deactivated" || mails[0].Language != "fr" ||
			!strings.Contains(mails[0].Subject, "Acme NV est désactivée") || !strings.Contains(mails[0].Body, "01/01/2027") ||
			!strings.Contains(mails[0].Body, "01/03/2027") {
			t.Fatalf("contact mail: %+v", mails)
		}
		if m := e.Mails("acme.admin@example.com"); len(m) != 0 {
			t.Fatalf("admins are no contacts: %+v", m)
		}
		wantLabel(t, e.Post(company+"/deactivation/withdraw", msp(), map[string]string{"ospId": seed.AcmeOspID}), 409, "NO_OPEN_DEACTIVATION")
		wantLabel(t, e.Post(company+"/deactivate", msp(), map[string]string{"ospId": seed.AcmeOspID}), 409, "COMPANY_ALREADY_DEACTIVATED")

		// extra costs are still booked in the window, by platform staff
		runDays(t, e, "2027-01-01", "2027-01-15", nil)
		testkit.MustStatus(t, e.Post(v1+"/payableEvent/costEventForExternalPurchase/create", staff(), map[string]any{
			"userOspId": sophie, "budgetOspId": paid.OspID, "amount": 1210, "vatPercentage": 21,
			"description": "Train ticket of December", "date": "2026-12-28"}), 200)
		afterCost := balance(paid.OspID)
		if afterCost != before-1210 {
			t.Fatalf("extra cost: %d → %d", before, afterCost)
		}
		runDays(t, e, "2027-01-15", "2027-03-01", func(day string) {
			if g := get(t, e, staff(), seed.AcmeOspID); g.Status != "EFFECTIVE" {
				t.Fatalf("%s: %+v", day, g)
			}
		})
		// 1 March is the last day for extra costs
		testkit.MustStatus(t, e.Post(v1+"/payableEvent/costEventForExternalPurchase/create", staff(), map[string]any{
			"userOspId": sophie, "budgetOspId": paid.OspID, "amount": 290, "vatPercentage": 21,
			"description": "Late parking", "date": "2027-02-27"}), 200)

		// the subscription stopped with the company: extra costs are costs
		// of before, not new purchases
		if n := scalar[int](t, e, `SELECT COUNT(*) FROM expenses e JOIN users u ON u.id = e.user_id WHERE u.osp_id = ? AND e.recurrence_id IS NOT NULL`, sophie); n != 1 {
			t.Fatalf("%d recurring purchases booked, want 1 (December's)", n)
		}

		// 2 March: settled
		txBefore := scalar[int](t, e, `SELECT COUNT(*) FROM budget_transactions`)
		runDay(t, e, "2027-03-02")
		g = get(t, e, staff(), seed.AcmeOspID)
		if g.Status != "SETTLED" || str(g.SettledOn) != "2027-03-02" {
			t.Fatalf("settled: %+v", g)
		}
		for _, c := range []struct {
			name string
			osp  string
			typ  string
			amt  int64
		}{
			{"Jan's own money, refunded", private.OspID, budget.TxRefund, -7700},
			{"Sophie's company-paid budget, back to the company", paid.OspID, budget.TxTransfer, -(afterCost - 290)},
		} {
			var last struct {
				Type   string `db:"tx_type"`
				Amount int64  `db:"amount"`
				After  int64  `db:"balance_after"`
			}
			if err := e.DB.Get(ctx, &last, `SELECT t.tx_type, t.amount, t.balance_after FROM budget_transactions t JOIN budgets b ON b.id = t.budget_id
				WHERE b.osp_id = ? ORDER BY t.id DESC LIMIT 1`, c.osp); err != nil {
				t.Fatal(err)
			}
			if last.Type != c.typ || last.Amount != c.amt || last.After != 0 || balance(c.osp) != 0 {
				t.Errorf("%s: last ledger row %+v, balance %d", c.name, last, balance(c.osp))
			}
		}
		if b := scalar[int64](t, e, `SELECT balance FROM budgets WHERE id = ?`, companyBudget); b != 0 {
			t.Errorf("company budget after settlement: %d", b)
		}
		if n := scalar[int](t, e, `SELECT COUNT(*) FROM budget_transactions`) - txBefore; n != 3 {
			t.Errorf("settlement booked %d ledger rows, want 3 (private, paid, company budget)", n)
		}
		refund := e.Mails("jan.peeters@example.com")
		if len(refund) == 0 || refund[len(refund)-1].Template != "budget_refunded" || !strings.Contains(refund[len(refund)-1].Body, "€ 77,00") ||
			!strings.Contains(refund[len(refund)-1].Body, "cafetariabudget") {
			t.Fatalf("refund mail: %+v", refund)
		}
		if m := e.Mails("sophie.dubois@example.com"); len(m) != 0 && m[len(m)-1].Template == "budget_refunded" {
			t.Fatal("no refund mail for company money")
		}
		// the window is closed
		res := e.Post(v1+"/payableEvent/costEventForExternalPurchase/create", staff(), map[string]any{
			"userOspId": sophie, "budgetOspId": paid.OspID, "amount": 100, "vatPercentage": 21, "description": "Too late", "date": "2027-02-27"})
		wantLabel(t, res, 409, "BUDGET_DEACTIVATED")

		// a rerun books nothing twice
		txAfter := scalar[int](t, e, `SELECT COUNT(*) FROM budget_transactions`)
		r := e.App.JobRunner()
		r.Force = true
		if _, err := r.RunDay(ctx, "2027-03-02"); err != nil {
			t.Fatal(err)
		}
		if res, err := e.App.Deactivations.Settle(ctx, "2027-03-10"); err != nil || res.Companies != 0 {
			t.Fatalf("settle again: %+v %v", res, err)
		}
		if n := scalar[int](t, e, `SELECT COUNT(*) FROM budget_transactions`); n != txAfter {
			t.Fatalf("rerun booked %d more rows", n-txAfter)
		}
		if got, err := e.App.Deactivations.Settlements(ctx, g.OspID); err != nil || len(got) != 3 {
			t.Fatalf("settlements: %+v %v", got, err)
		}
		if _, err := e.App.Budgets.VerifyLedgerJob(ctx); err != nil {
			t.Fatalf("ledger: %v", err)
		}

		// activated again by the partner's MSP admin
		g = call(t, e, company+"/activate", msp(), map[string]string{"ospId": seed.AcmeOspID}, 200)
		if g.Status != "REACTIVATED" || str(g.ActivatedOn) != "2027-03-02" || str(g.SettledOn) != "2027-03-02" || !g.CompanyActive {
			t.Fatalf("activated: %+v", g)
		}
		if n := scalar[int](t, e, `SELECT COUNT(*) FROM users WHERE corporate_account_id = ? AND NOT active`, acmeID); n != 1 {
			t.Fatalf("%d users of Acme inactive after activation, want 1 (the leaver)", n)
		}
		if scalar[bool](t, e, `SELECT active FROM users WHERE login = 'acme.leaver'`) {
			t.Fatal("a user switched off before the deactivation came back with the company")
		}
		if n := scalar[int](t, e, `SELECT COUNT(*) FROM budgets WHERE corporate_account_id = ? AND activation_status <> 'REACTIVATED'`, acmeID); n != 0 {
			t.Fatalf("%d budgets not reactivated", n)
		}
		wantLabel(t, e.Post(company+"/activate", msp(), map[string]string{"ospId": seed.AcmeOspID}), 409, "COMPANY_NOT_DEACTIVATED")
		// and may ask again
		call(t, e, company+"/deactivate", acme(), map[string]string{"ospId": seed.AcmeOspID}, 200)
	})
}
