package reporting_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/reporting"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

const (
	v1   = "/portal-service/v1"
	base = v1 + "/reporting"
)

func at(day string) time.Time {
	d, err := time.ParseInLocation("2006-01-02", day, clock.Brussels)
	if err != nil {
		panic(err)
	}
	return d.Add(9 * time.Hour)
}

// history books expenses, refunds, corrections and manual amounts for
// Acme and Globex from July to November 2026 through the API.
func history(t *testing.T, e *testkit.Env) {
	t.Helper()
	rng := rand.New(rand.NewPCG(3, 10))
	acme, globex := e.LoginAs("acme.admin"), e.LoginAs("globex.admin")
	jan, sophie, lena := e.UserOspID("jan.peeters"), e.UserOspID("sophie.dubois"), e.UserOspID("lena.maes")
	osp := e.LoginAs("ospadmin")
	if res := e.Post(v1+"/budget/COMPANY_BUDGET/create", osp, map[string]any{"ownerOspId": seed.AcmeOspID, "data": map[string]any{}}); res.Status >= 500 {
		t.Fatalf("company budget: %d %s", res.Status, res.Body)
	}
	testkit.MustStatus(t, e.Post(v1+"/budget/transaction/addForCorporateAccount", osp, map[string]any{
		"corporateAccountOspId": seed.AcmeOspID, "amount": 123456, "description": "bank transfer"}), http.StatusOK)
	type owner struct{ token, user, budget string }
	var owners []owner
	for _, o := range []struct{ token, user string }{{acme, jan}, {acme, sophie}, {globex, lena}} {
		b := e.CreateBudget(o.token, "BUSINESS_BUDGET", o.user, map[string]any{"unlimited": true})
		owners = append(owners, owner{o.token, o.user, b.OspID})
	}
	modes := []string{"BIKE", "TRAIN", "CAR", ""}
	days := []string{"2026-07-14", "2026-08-02", "2026-08-31", "2026-09-15", "2026-10-01", "2026-10-31", "2026-11-20"}
	var made []struct{ token, osp string }
	for i := 0; i < 90; i++ {
		o := owners[rng.IntN(len(owners))]
		switch r := rng.IntN(10); {
		case r < 6 || len(made) == 0:
			body := map[string]any{"userOspId": o.user, "budgetOspId": o.budget, "amount": 100 + rng.IntN(9000), "vatPercentage": 21,
				"description": "trip", "date": days[rng.IntN(len(days))]}
			if m := modes[rng.IntN(len(modes))]; m != "" {
				body["mobilityMode"] = m
			}
			res := e.Post(v1+"/payableEvent/costEventForExternalPurchase/create", o.token, body)
			testkit.MustStatus(t, res, http.StatusOK)
			made = append(made, struct{ token, osp string }{o.token, res.Map(t)["ospId"].(string)})
		case r < 7:
			x := made[rng.IntN(len(made))]
			if res := e.Post(v1+"/events/refund", x.token, map[string]any{"ospId": x.osp, "amount": 50, "remark": "r"}); res.Status >= 500 {
				t.Fatalf("refund: %d %s", res.Status, res.Body)
			}
		case r < 8:
			x := made[rng.IntN(len(made))]
			if res := e.Post(v1+"/events/correct", x.token, map[string]any{"ospId": x.osp, "amount": 120, "remark": "c"}); res.Status >= 500 {
				t.Fatalf("correct: %d %s", res.Status, res.Body)
			}
		default:
			testkit.MustStatus(t, e.Post(v1+"/budget/transaction/addForUser", o.token, map[string]any{"budgetOspId": o.budget,
				"amount": 500 + rng.IntN(5000), "description": "manual"}), http.StatusOK)
		}
	}
}

type sums struct{ expCount, expAmount, txCount int64 }

// rawSums computes a company's figures for months from..to (yyyyMM)
// straight from the expenses and the ledger (the test's own SQL).
func rawSums(t *testing.T, e *testkit.Env, companyOsp, from, to string) sums {
	t.Helper()
	ctx := context.Background()
	id := e.CorporateAccountID(companyOsp)
	d := func(m string, last bool) string {
		if last {
			return m[:4] + "-" + m[4:] + "-31"
		}
		return m[:4] + "-" + m[4:] + "-01"
	}
	var s sums
	if err := e.DB.Get(ctx, &s.expCount, `SELECT COUNT(*) FROM expenses WHERE corporate_account_id = ? AND expense_date >= ? AND expense_date <= ?`,
		id, d(from, false), d(to, true)); err != nil {
		t.Fatal(err)
	}
	if err := e.DB.Get(ctx, &s.expAmount, `SELECT COALESCE(-SUM(t.amount), 0) FROM budget_transactions t JOIN expenses x ON x.id = t.expense_id
		WHERE x.corporate_account_id = ? AND x.expense_date >= ? AND x.expense_date <= ?`, id, d(from, false), d(to, true)); err != nil {
		t.Fatal(err)
	}
	if err := e.DB.Get(ctx, &s.txCount, `SELECT COUNT(*) FROM budget_transactions t JOIN budgets b ON b.id = t.budget_id
		WHERE b.corporate_account_id = ? AND t.booking_date >= ? AND t.booking_date <= ?`, id, d(from, false), d(to, true)); err != nil {
		t.Fatal(err)
	}
	return s
}

func TestDashboardFiguresEqualTheRawRows(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		history(t, e)
		acme, msp, osp := e.LoginAs("acme.admin"), e.LoginAs("msp.admin"), e.LoginAs("ospadmin")
		periods := [][2]string{{"202607", "202607"}, {"202608", "202609"}, {"202607", "202611"}, {"202611", "202611"}, {"202501", "202611"}}
		for _, p := range periods {
			want := rawSums(t, e, seed.AcmeOspID, p[0], p[1])
			for _, tok := range []string{acme, msp, osp} {
				var f reporting.Figures
				res := e.Post(base+"/dashboard/figures", tok, map[string]any{"corporateAccountOspId": seed.AcmeOspID, "monthFrom": p[0], "monthTo": p[1]})
				testkit.MustStatus(t, res, http.StatusOK)
				res.JSON(t, &f)
				if f.ExpensesCount != want.expCount || f.ExpensesAmount != want.expAmount || f.TransactionsCount != want.txCount {
					t.Errorf("%v: figures %+v, raw rows %+v", p, f, want)
				}
				if (p[1] == "202611" && f.ActiveUsers < 2) || (p[1] < "202611" && f.ActiveUsers != 0) { // the demo's users came in November
					t.Errorf("%v: Acme's active app users %d", p, f.ActiveUsers)
				}
			}
			if p[1] == "202611" {
				var active, created int64
				if err := e.DB.Get(context.Background(), &active, `SELECT COUNT(*) FROM users WHERE corporate_account_id = ? AND user_type = 'mobile'
					AND active AND anonymized_at IS NULL`, e.CorporateAccountID(seed.AcmeOspID)); err != nil {
					t.Fatal(err)
				}
				if err := e.DB.Get(context.Background(), &created, `SELECT COUNT(*) FROM users WHERE corporate_account_id = ? AND user_type = 'mobile'
					AND anonymized_at IS NULL`, e.CorporateAccountID(seed.AcmeOspID)); err != nil {
					t.Fatal(err)
				}
				var f reporting.Figures
				e.Post(base+"/dashboard/figures", acme, map[string]any{"monthFrom": p[0], "monthTo": p[1]}).JSON(t, &f)
				if f.ActiveUsers != active || f.NewUsers != created {
					t.Errorf("%v: active %d new %d, users table %d %d", p, f.ActiveUsers, f.NewUsers, active, created)
				}
			}
			// the company admin without a filter sees the same (fixed to its company)
			var f reporting.Figures
			res := e.Post(base+"/dashboard/figures", acme, map[string]any{"monthFrom": p[0], "monthTo": p[1]})
			res.JSON(t, &f)
			if f.ExpensesAmount != want.expAmount || f.ActiveCorporateAccounts != nil || f.CompanyBudget == nil || f.CompanyBudget.Balance != 123456 {
				t.Errorf("%v: company admin unfiltered %+v", p, f)
			}
			// the timeline's points add up to the figures
			var tl reporting.Timeline
			e.Post(base+"/dashboard/timeline", acme, map[string]any{"monthFrom": p[0], "monthTo": p[1], "type": 2}).JSON(t, &tl)
			var sum int64
			for _, pt := range tl.Points {
				sum += pt.Value
			}
			if sum != want.expAmount || len(tl.Points) == 0 || tl.Points[0].Month != p[0] || tl.Points[len(tl.Points)-1].Month != p[1] {
				t.Errorf("%v: timeline %+v sums to %d, want %d", p, tl, sum, want.expAmount)
			}
			var tx reporting.Timeline
			e.Post(base+"/dashboard/timeline", acme, map[string]any{"monthFrom": p[0], "monthTo": p[1], "type": 0}).JSON(t, &tx)
			sum = 0
			for _, pt := range tx.Points {
				sum += pt.Value
			}
			if sum != want.txCount {
				t.Errorf("%v: transactions timeline %d, want %d", p, sum, want.txCount)
			}
			// the pie per provider: one "other" slice with every expense
			var pie reporting.Pie
			e.Post(base+"/dashboard/pie", acme, map[string]any{"monthFrom": p[0], "monthTo": p[1], "type": 1}).JSON(t, &pie)
			if want.expAmount != 0 && (len(pie.Slices) != 1 || pie.Slices[0].Key != "OTHER" || pie.Slices[0].TotalPriceVatIncl != want.expAmount) {
				t.Errorf("%v: pie per provider %+v", p, pie)
			}
			var modes reporting.Pie
			e.Post(base+"/dashboard/pie", acme, map[string]any{"monthFrom": p[0], "monthTo": p[1], "type": 0}).JSON(t, &modes)
			sum = 0
			for _, s := range modes.Slices {
				sum += s.TotalPriceVatIncl
				if s.TotalPriceVatIncl == 0 || s.Label == "" {
					t.Errorf("%v: slice %+v", p, s)
				}
			}
			if sum != want.expAmount {
				t.Errorf("%v: pie per mode sums to %d, want %d", p, sum, want.expAmount)
			}
			// reporting rows: sumEvents and sumTransactions over the company
			var rows reporting.RowsResponse
			e.Post(base+"/sumEvents", acme, map[string]any{"monthFrom": p[0], "monthTo": p[1], "parentOspId": seed.AcmeOspID}).JSON(t, &rows)
			var amount, count int64
			for _, r := range rows.Rows {
				amount += r.TotalPriceVatIncl
				count += r.Count
				if r.CorporateAccountExtID != "ACME" || r.MspExtID == "" || r.MrpExtID != "OTHER" || r.MobilityModeLabel == "" {
					t.Errorf("row %+v", r)
				}
			}
			if amount != want.expAmount || count != want.expCount {
				t.Errorf("%v: sumEvents %d/%d, want %d/%d", p, amount, count, want.expAmount, want.expCount)
			}
			e.Post(base+"/sumTransactions", acme, map[string]any{"monthFrom": p[0], "monthTo": p[1], "parentOspId": seed.AcmeOspID}).JSON(t, &rows)
			count = 0
			for _, r := range rows.Rows {
				count += r.Count
			}
			if count != want.txCount {
				t.Errorf("%v: sumTransactions %d, want %d", p, count, want.txCount)
			}
		}
		// the MSP admin's per-company table: Acme and Globex, by name, paged by 5
		var page struct {
			Content       []reporting.CompanyRow `json:"content"`
			TotalElements int                    `json:"totalElements"`
		}
		res := e.Post(base+"/dashboard/companies", msp, map[string]any{"monthFrom": "202607", "monthTo": "202611"})
		testkit.MustStatus(t, res, http.StatusOK)
		res.JSON(t, &page)
		if page.TotalElements < 2 || page.Content[0].Name > page.Content[1].Name {
			t.Fatalf("companies: %s", res.Body)
		}
		for _, c := range page.Content {
			osp := c.CorporateAccountOspID
			if osp != seed.AcmeOspID && osp != seed.GlobexOspID {
				continue
			}
			want := rawSums(t, e, osp, "202607", "202611")
			if c.ExpensesAmount != want.expAmount || c.TransactionsCount != want.txCount {
				t.Errorf("company row %+v, raw %+v", c, want)
			}
		}
		e.Post(base+"/dashboard/companies", msp, map[string]any{"monthFrom": "202607", "monthTo": "202611",
			"pagination": map[string]any{"page": 1, "size": 5, "sortOrders": []map[string]string{{"property": "expensesAmount", "direction": "DESC"}}}}).JSON(t, &page)
		for i := 1; i < len(page.Content); i++ {
			if page.Content[i-1].ExpensesAmount < page.Content[i].ExpensesAmount {
				t.Errorf("not sorted by expenses: %+v", page.Content)
			}
		}
		var f reporting.Figures
		e.Post(base+"/dashboard/figures", msp, map[string]any{"monthFrom": "202611", "monthTo": "202611"}).JSON(t, &f)
		if f.ActiveCorporateAccounts == nil || *f.ActiveCorporateAccounts < 2 {
			t.Errorf("MSP figures: %+v", f)
		}
	})
}

func TestReportingTenancy(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme, globex, msp, rideon := e.LoginAs("acme.admin"), e.LoginAs("globex.admin"), e.LoginAs("msp.admin"), e.LoginAs("rideon.admin")
		e.PartnerAdmin("rideon.reports", seed.OtherPartnerOspID, access.ReportingManager)
		rideonRM := e.LoginAs("rideon.reports")
		period := map[string]any{"monthFrom": "202610", "monthTo": "202611"}
		with := func(k, v string) map[string]any {
			m := map[string]any{k: v}
			for a, b := range period {
				m[a] = b
			}
			return m
		}
		cases := []struct {
			name, token, path string
			body              any
			status            int
		}{
			{"company admin, other company", acme, "/dashboard/figures", with("corporateAccountOspId", seed.GlobexOspID), 404},
			{"company admin, its partner", acme, "/dashboard/figures", with("partnerOspId", seed.MobiPartnerOspID), 404},
			{"company admin, own company", acme, "/dashboard/figures", with("corporateAccountOspId", seed.AcmeOspID), 200},
			{"other company's admin", globex, "/dashboard/timeline", with("corporateAccountOspId", seed.AcmeOspID), 404},
			{"other company's admin, pie", globex, "/dashboard/pie", with("corporateAccountOspId", seed.AcmeOspID), 404},
			{"other company's admin, table", globex, "/dashboard/companies", with("corporateAccountOspId", seed.AcmeOspID), 404},
			{"foreign MSP, company", rideon, "/dashboard/figures", with("corporateAccountOspId", seed.AcmeOspID), 404},
			{"foreign MSP, partner", rideon, "/dashboard/companies", with("partnerOspId", seed.MobiPartnerOspID), 404},
			{"MSP, own partner", msp, "/dashboard/companies", with("partnerOspId", seed.MobiPartnerOspID), 200},
			{"MSP, foreign company", msp, "/dashboard/figures", with("corporateAccountOspId", seed.InitechOspID), 404},
			{"rows: foreign MSP", rideonRM, "/sumEvents", with("parentOspId", seed.AcmeOspID), 404},
			{"rows: foreign partner", rideonRM, "/countUsers", with("parentOspId", seed.MobiPartnerOspID), 404},
			{"rows: company admin names its partner", acme, "/sumTransactions", with("parentOspId", seed.MobiPartnerOspID), 404},
			{"rows: MSP names its partner", msp, "/countBookings", with("parentOspId", seed.MobiPartnerOspID), 200},
			{"rows: unknown id", msp, "/countUsers", with("parentOspId", "nope"), 404},
			{"rows: without the role", globex, "/sumEvents", with("parentOspId", seed.GlobexOspID), 403},
			{"recipients: other company", rideonRM, "/recipient/get", map[string]any{"corporateAccountOspId": seed.AcmeOspID}, 404},
			{"recipients: add to other company", rideonRM, "/recipient/add", map[string]any{"corporateAccountOspId": seed.AcmeOspID,
				"reportType": reporting.TypeUsers, "emails": []string{"x@example.com"}}, 404},
			{"reports: other company filter", rideonRM, "/findByFilter", map[string]any{"corporateAccountOspId": seed.AcmeOspID}, 404},
		}
		for _, c := range cases {
			if res := e.Post(base+c.path, c.token, c.body); res.Status != c.status {
				t.Errorf("%s: %s → %d %s, want %d", c.name, c.path, res.Status, res.Body, c.status)
			}
		}
		// reports: another tenant's report is not found, nor listed
		e.Clock.Set(at("2026-12-02"))
		acme, rideonRM = e.LoginAs("acme.admin"), e.LoginAs("rideon.reports")
		if _, err := e.App.Reporting.Generate(context.Background(), "202611"); err != nil {
			t.Fatal(err)
		}
		var page struct {
			Content []reporting.Report `json:"content"`
		}
		e.Post(base+"/findByFilter", acme, map[string]any{"reportMonth": "202611", "pagination": map[string]any{"size": 100}}).JSON(t, &page)
		if len(page.Content) == 0 {
			t.Fatal("Acme has no reports for November")
		}
		for _, r := range page.Content {
			if r.CorporateAccountOspID != seed.AcmeOspID {
				t.Errorf("Acme's admin lists %+v", r)
			}
		}
		r := page.Content[0]
		path := fmt.Sprintf("%s/download/%s?reportOspId=%s&format=csv", base, r.ReportType, r.OspID)
		if res := e.Do(testkit.Request{Method: http.MethodGet, Path: path, Token: rideonRM}); res.Status != 404 {
			t.Errorf("foreign MSP downloads Acme's report: %d", res.Status)
		}
		res := e.Do(testkit.Request{Method: http.MethodGet, Path: path, Token: acme})
		if res.Status != 200 || !strings.Contains(res.Header.Get("Content-Disposition"), "attachment") ||
			!strings.HasPrefix(res.Header.Get("Content-Type"), "text/csv") {
			t.Errorf("download: %d %v", res.Status, res.Header)
		}
		wrongType := fmt.Sprintf("%s/download/%s?reportOspId=%s", base, reporting.TypeYearEnd, r.OspID)
		if r.ReportType != reporting.TypeYearEnd {
			if res := e.Do(testkit.Request{Method: http.MethodGet, Path: wrongType, Token: acme}); res.Status != 404 {
				t.Errorf("download under another type: %d", res.Status)
			}
		}
		xlsx := e.Do(testkit.Request{Method: http.MethodGet, Path: fmt.Sprintf("%s/download/%s?reportOspId=%s", base, r.ReportType, r.OspID), Token: acme})
		if xlsx.Status != 200 || len(xlsx.Body) < 4 || string(xlsx.Body[:2]) != "PK" {
			t.Errorf("xlsx download: %d", xlsx.Status)
		}
	})
}

func TestReportJobRunsOncePerMonth(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		history(t, e)
		acme := e.LoginAs("acme.admin")
		testkit.MustStatus(t, e.Post(base+"/recipient/add", acme, map[string]any{"corporateAccountOspId": seed.AcmeOspID,
			"reportType": reporting.TypeExpensesPerMode, "emails": []string{"Finance@Example.com", "ceo@example.com", "finance@example.com"}}), http.StatusOK)
		// an HR contact of Acme gets the year-end overview
		testkit.MustStatus(t, e.Post(v1+"/user/contact/create", acme, map[string]any{"corporateAccount": map[string]string{"ospId": seed.AcmeOspID},
			"userData":     map[string]any{"firstname": "Hilde", "lastname": "HR", "email": "hr@example.com", "language": "nl"},
			"contactTypes": []string{"HR_CONTACT"}, "sendCredentials": false}), http.StatusOK)
		// the month closes: the jobs runner on 1 December makes November's reports
		e.Clock.Set(at("2026-12-01"))
		runner := e.App.JobRunner()
		for run := 0; run < 2; run++ {
			if _, err := runner.RunDay(ctx, "2026-12-01"); err != nil {
				t.Fatal(err)
			}
			if _, err := e.App.Reporting.Generate(ctx, "202611"); err != nil { // a manual rerun too
				t.Fatal(err)
			}
		}
		var n int
		if err := e.DB.Get(ctx, &n, `SELECT COUNT(*) FROM reports WHERE report_month = '202611' AND corporate_account_id = ?`,
			e.CorporateAccountID(seed.AcmeOspID)); err != nil {
			t.Fatal(err)
		}
		if n != len(reporting.AllTypes)-1 { // the year-end overview only after December
			t.Errorf("Acme has %d reports for November, want %d", n, len(reporting.AllTypes)-1)
		}
		for _, to := range []string{"finance@example.com", "ceo@example.com"} {
			if m := e.Mails(to); len(m) != 1 || !strings.Contains(m[0].Body, "http://portal.test/reporting?reportOspId=") {
				t.Errorf("%s got %d mails", to, len(m))
			}
		}
		if m := e.Mails("hr@example.com"); len(m) != 0 {
			t.Errorf("HR contact got %d mails in November", len(m))
		}
		// December closes: the year-end overview goes to the HR contact once
		e.Clock.Set(at("2027-01-02"))
		for run := 0; run < 2; run++ {
			if _, err := e.App.Reporting.Generate(ctx, "202612"); err != nil {
				t.Fatal(err)
			}
		}
		if m := e.Mails("hr@example.com"); len(m) != 1 {
			t.Errorf("HR contact got %d mails for the year end", len(m))
		}
		if m := e.Mails("finance@example.com"); len(m) != 2 {
			t.Errorf("finance got %d mails after December", len(m))
		}
		// the stored CSV of November's expenses per mode adds up to the raw rows
		var body []byte
		if err := e.DB.Get(ctx, &body, `SELECT csv FROM reports WHERE report_month = '202611' AND report_type = ? AND corporate_account_id = ?`,
			reporting.TypeExpensesPerMode, e.CorporateAccountID(seed.AcmeOspID)); err != nil {
			t.Fatal(err)
		}
		want := rawSums(t, e, seed.AcmeOspID, "202611", "202611")
		lines := strings.Split(strings.TrimSpace(string(body)), "\n")
		var total int64
		for _, l := range lines[1:] {
			f := strings.Split(l, ",")
			var euros, cents int64
			fmt.Sscanf(f[len(f)-1], "%d.%d", &euros, &cents)
			total += euros*100 + cents
		}
		if total != want.expAmount {
			t.Errorf("report total %d, raw rows %d (%s)", total, want.expAmount, body)
		}
		// a month that has not closed is refused
		if _, err := e.App.Reporting.Generate(ctx, "202701"); err == nil {
			t.Error("generated an open month")
		}
	})
}

func TestRecipientsValidation(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme := e.LoginAs("acme.admin")
		ok := map[string]any{"corporateAccountOspId": seed.AcmeOspID, "reportType": reporting.TypeUsers}
		body := func(k string, v any) map[string]any {
			m := map[string]any{}
			for a, b := range ok {
				m[a] = b
			}
			m[k] = v
			return m
		}
		cases := []struct {
			name  string
			body  map[string]any
			field string
		}{
			{"no emails", body("emails", []string{}), "emails"},
			{"blank email", body("emails", []string{" "}), "emails[0]"},
			{"invalid email", body("emails", []string{"a@b.com", "not-an-email"}), "emails[1]"},
			{"unknown type", func() map[string]any { m := body("emails", []string{"a@b.com"}); m["reportType"] = "NOPE"; return m }(), "reportType"},
			{"no type", func() map[string]any { m := body("emails", []string{"a@b.com"}); delete(m, "reportType"); return m }(), "reportType"},
		}
		for _, c := range cases {
			res := e.Post(base+"/recipient/add", acme, c.body)
			if res.Status != 400 || !strings.Contains(string(res.Body), c.field) {
				t.Errorf("%s: %d %s", c.name, res.Status, res.Body)
			}
		}
		var got reporting.RecipientsResponse
		res := e.Post(base+"/recipient/add", acme, body("emails", []string{"Ann@Example.com ", "ann@example.com", "bob@example.com"}))
		testkit.MustStatus(t, res, http.StatusOK)
		res.JSON(t, &got)
		if len(got.Recipients) != 1 || strings.Join(got.Recipients[0].Emails, ",") != "ann@example.com,bob@example.com" {
			t.Fatalf("added: %s", res.Body)
		}
		e.Post(base+"/recipient/remove", acme, map[string]any{"corporateAccountOspId": seed.AcmeOspID, "reportType": reporting.TypeUsers,
			"email": "ANN@example.com"}).JSON(t, &got)
		if strings.Join(got.Recipients[0].Emails, ",") != "bob@example.com" {
			t.Fatalf("removed: %+v", got)
		}
		if res := e.Post(base+"/recipient/remove", acme, map[string]any{"corporateAccountOspId": seed.AcmeOspID, "reportType": reporting.TypeUsers,
			"email": "nope"}); res.Status != 400 {
			t.Errorf("remove invalid: %d", res.Status)
		}
		e.Post(base+"/recipient/get", acme, map[string]any{"corporateAccountOspId": seed.AcmeOspID}).JSON(t, &got)
		if len(got.Recipients) != len(reporting.AllTypes) {
			t.Errorf("get: %+v", got)
		}
		many := make([]string, reporting.MaxRecipients+1)
		for i := range many {
			many[i] = fmt.Sprintf("r%d@example.com", i)
		}
		if res := e.Post(base+"/recipient/add", acme, body("emails", many)); res.Status != 400 {
			t.Errorf("too many: %d %s", res.Status, res.Body)
		}
	})
}

func TestAbsurdValuesAreRefused(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme := e.LoginAs("acme.admin")
		cases := []struct {
			path  string
			body  map[string]any
			field string
		}{
			{"/dashboard/figures", map[string]any{"monthFrom": "190001", "monthTo": "202611"}, "monthFrom"},
			{"/dashboard/figures", map[string]any{"monthFrom": "202601", "monthTo": "999912"}, "monthTo"},
			{"/dashboard/figures", map[string]any{"monthFrom": "202613", "monthTo": "202611"}, "monthFrom"},
			{"/dashboard/figures", map[string]any{"monthFrom": "2026-1", "monthTo": "202611"}, "monthFrom"},
			{"/dashboard/figures", map[string]any{"monthFrom": "", "monthTo": "202611"}, "monthFrom"},
			{"/dashboard/figures", map[string]any{"monthFrom": "202611", "monthTo": "202610"}, "monthTo"},
			{"/dashboard/figures", map[string]any{"monthFrom": "202401", "monthTo": "202611"}, "monthTo"},
			{"/dashboard/figures", map[string]any{"monthFrom": "202611", "monthTo": "202612"}, "monthTo"}, // after today
			{"/dashboard/figures", map[string]any{"monthFrom": "-20261", "monthTo": "202611"}, "monthFrom"},
			{"/dashboard/figures", map[string]any{"monthFrom": "202611", "monthTo": "202611", "companyType": "NOPE"}, "companyType"},
			{"/dashboard/timeline", map[string]any{"monthFrom": "202611", "monthTo": "202611", "type": 3}, "type"},
			{"/dashboard/pie", map[string]any{"monthFrom": "202611", "monthTo": "202611", "type": -1}, "type"},
			{"/dashboard/companies", map[string]any{"monthFrom": "202611", "monthTo": "202611",
				"pagination": map[string]any{"sortOrders": []map[string]string{{"property": "password"}}}}, "property"},
			{"/dashboard/companies", map[string]any{"monthFrom": "202611", "monthTo": "202611", "pagination": map[string]any{"size": 100000}}, "size"},
			{"/sumEvents", map[string]any{"monthFrom": "202611", "monthTo": "202611"}, "parentOspId"},
			{"/countUsers", map[string]any{"monthFrom": "999901", "monthTo": "999912", "parentOspId": seed.AcmeOspID}, "monthFrom"},
			{"/findByFilter", map[string]any{"reportMonth": "202699"}, "reportMonth"},
			{"/findByFilter", map[string]any{"reportType": "DROP TABLE"}, "reportType"},
		}
		for _, c := range cases {
			res := e.Post(base+c.path, acme, c.body)
			if res.Status != 400 || !strings.Contains(string(res.Body), c.field) {
				t.Errorf("%s %v: %d %s", c.path, c.body, res.Status, res.Body)
			}
		}
		for _, q := range []string{"?reportOspId=x&format=pdf", "?format=csv", "?reportOspId=" + strings.Repeat("x", 300)} {
			if res := e.Do(testkit.Request{Method: http.MethodGet, Path: base + "/download/X" + q, Token: acme}); res.Status != 400 {
				t.Errorf("download %s: %d %s", q, res.Status, res.Body)
			}
		}
		// a single month gives one point
		var tl reporting.Timeline
		testkit.MustStatus(t, e.Post(base+"/dashboard/timeline", acme, map[string]any{"monthFrom": "202611", "monthTo": "202611", "type": 1}), 200)
		e.Post(base+"/dashboard/timeline", acme, map[string]any{"monthFrom": "202611", "monthTo": "202611", "type": 1}).JSON(t, &tl)
		if len(tl.Points) != 1 || tl.Points[0].Value < 2 {
			t.Errorf("single month: %+v", tl)
		}
	})
}
