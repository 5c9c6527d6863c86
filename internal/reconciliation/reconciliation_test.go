package reconciliation_test

import (
	"bytes"
	"context"
	"fmt"
	"mime/multipart"
	"net/http"
	"strings"
	"sync"
	"testing"

	"mobility/portal/internal/access"
	"mobility/portal/internal/expense"
	"mobility/portal/internal/reconciliation"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
	"mobility/portal/internal/user"
)

const (
	v1 = "/portal-service/v1"
	v2 = "/portal-service/v2"
)

func upload(t testing.TB, e *testkit.Env, token, kind, content string) string {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	_ = mw.WriteField("kind", kind)
	fw, _ := mw.CreateFormFile("file", "f.csv")
	_, _ = fw.Write([]byte(content))
	_ = mw.Close()
	res := e.Do(testkit.Request{Path: v1 + "/upload/upload", Token: token, Body: buf.Bytes(),
		Headers: map[string]string{"Content-Type": mw.FormDataContentType()}})
	testkit.MustStatus(t, res, http.StatusOK)
	id, _ := res.Map(t)["uploadId"].(string)
	testkit.MustStatus(t, e.Post(v1+"/upload/process", token, map[string]any{"uploadId": id}), http.StatusOK)
	return id
}

func balance(t testing.TB, e *testkit.Env, osp string) int64 {
	t.Helper()
	var b int64
	if err := e.DB.Get(context.Background(), &b, `SELECT balance FROM budgets WHERE osp_id = ?`, osp); err != nil {
		t.Fatal(err)
	}
	return b
}

func expenseOsp(t testing.TB, e *testkit.Env, bookingID string) string {
	t.Helper()
	var s string
	if err := e.DB.Get(context.Background(), &s, `SELECT osp_id FROM expenses WHERE booking_id = ?`, bookingID); err != nil {
		t.Fatal(err)
	}
	return s
}

type story struct {
	staff, acme, user, budget string
}

// setUp books, through the real calls: two NMBS tickets for one user (T1
// stays matched; T2 is corrected by the company admin, so the platform's
// amount differs), a ticket on a card nobody holds (missing at the
// platform), and a booking with a provider id no file reports (missing at
// the provider); then runs the reconciliation.
func setUp(t *testing.T, e *testkit.Env) story {
	t.Helper()
	staff, acme := e.LoginAs("ospadmin"), e.LoginAs("acme.admin")
	ca := e.CorporateAccountID(seed.AcmeOspID)
	u := e.NewUser(user.NewUser{Login: "rc.user", Firstname: "Rita", Lastname: "Claes", Email: "rc.user@example.com",
		CorporateAccountID: &ca, Roles: []access.Role{access.OspUser}})
	testkit.MustStatus(t, e.Post(v1+"/user/identificationToken/add", acme, map[string]any{"userOspId": u, "type": "MOBIB",
		"fields": []map[string]any{{"fieldType": "MOBIB_CARD_NUMBER", "value": "5555666677"}}}), http.StatusOK)
	b := e.CreateBudget(acme, "MOBILITY_BUDGET", u, map[string]any{"frequency": "MONTH", "frequencyAmount": 1000, "startAmount": 100_000})
	upload(t, e, staff, "NMBS", "ticketNumber;mobibCardNumber;travelDate;priceInclVat;vatRate\n"+
		"T1;5555666677;2026-10-02;10.00;6\nT2;5555666677;2026-10-03;20.00;6\nT3;9999000011;2026-10-04;7.50;6\n")
	testkit.MustStatus(t, e.Post(v1+"/events/correct", acme, map[string]any{"ospId": expenseOsp(t, e, "NMBS-T2"), "amount": -500,
		"remark": "goodwill"}), http.StatusOK)
	var budgetID, userID int64
	if err := e.DB.Get(context.Background(), &budgetID, `SELECT id FROM budgets WHERE osp_id = ?`, b.OspID); err != nil {
		t.Fatal(err)
	}
	if err := e.DB.Get(context.Background(), &userID, `SELECT id FROM users WHERE osp_id = ?`, u); err != nil {
		t.Fatal(err)
	}
	if _, err := e.App.Expenses.BookProvider(context.Background(), expense.ProviderBooking{UserID: userID, CompanyID: ca,
		BudgetID: budgetID, Amount: 1200, VatBasisPoints: 600, Date: "2026-10-05", BookingID: "NMBS-T4", MobilityMode: "TRAIN",
		Description: "NMBS/SNCB ticket booked without a file"}); err != nil {
		t.Fatal(err)
	}
	testkit.MustStatus(t, e.Post(v1+"/reconciliation/run", staff, map[string]any{}), http.StatusOK)
	return story{staff: staff, acme: acme, user: u, budget: b.OspID}
}

func rows(t *testing.T, e *testkit.Env, token string, filter map[string]any) map[string]reconciliation.Row {
	t.Helper()
	res := e.Post(v2+"/reconciliation/problems/get", token, filter)
	testkit.MustStatus(t, res, http.StatusOK)
	var page struct {
		Content       []reconciliation.Row `json:"content"`
		TotalElements int                  `json:"totalElements"`
	}
	res.JSON(t, &page)
	out := map[string]reconciliation.Row{}
	for _, r := range page.Content {
		out[r.BookingID] = r
	}
	if len(out) != page.TotalElements {
		t.Fatalf("page of %d rows, total %d", len(out), page.TotalElements)
	}
	return out
}

func summary(m map[string]reconciliation.Row) string {
	var parts []string
	for _, id := range []string{"NMBS-T1", "NMBS-T2", "NMBS-T3", "NMBS-T4"} {
		if r, ok := m[id]; ok {
			parts = append(parts, fmt.Sprintf("%s %s %d/%d", id, r.Status, r.ExpectedAmount, r.ActualAmount))
		}
	}
	return strings.Join(parts, "; ")
}

func mustEqual(t testing.TB, what string, got, want any) {
	t.Helper()
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("%s:\n got %v\nwant %v", what, got, want)
	}
}

func TestStatusesFromRealBookings(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		s := setUp(t, e)
		mustEqual(t, "problems", summary(rows(t, e, s.staff, map[string]any{})),
			"NMBS-T2 MISMATCH 1500/2000; NMBS-T3 MISSING_AT_PLATFORM 0/750; NMBS-T4 MISSING_AT_PROVIDER 1200/0")
		all := rows(t, e, s.staff, map[string]any{"status": "MATCHED"})
		mustEqual(t, "matched", summary(all), "NMBS-T1 MATCHED 1000/1000")
		r := all["NMBS-T1"]
		mustEqual(t, "row", []any{r.MrpOspID, r.Currency, r.Month, r.ExpenseOspID != ""}, []any{"NMBS", "EUR", "202610", true})
		mustEqual(t, "by provider", len(rows(t, e, s.staff, map[string]any{"provider": "KBC"})), 0)
		mustEqual(t, "by month", len(rows(t, e, s.staff, map[string]any{"month": "202609"})), 0)
		mustEqual(t, "by month", len(rows(t, e, s.staff, map[string]any{"month": "202610", "status": "MISMATCH"})), 1)

		// a second run changes nothing: the same rows, the same times
		before := rows(t, e, s.staff, map[string]any{})
		e.Clock.Set(e.Clock.Now().Add(3600e9))
		s.staff = e.LoginAs("ospadmin")
		testkit.MustStatus(t, e.Post(v1+"/reconciliation/run", s.staff, map[string]any{}), http.StatusOK)
		after := rows(t, e, s.staff, map[string]any{})
		for id, r := range before {
			if !after[id].LastUpdatedOn.Equal(r.LastUpdatedOn) {
				t.Fatalf("%s changed on a run that found nothing new", id)
			}
		}
		// the daily job runs it too
		if _, err := e.App.JobRunner().RunDay(context.Background(), "2026-11-01"); err != nil {
			t.Fatal(err)
		}
	})
}

func TestOverrideBooksOnce(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		s := setUp(t, e)
		start := balance(t, e, s.budget)
		// ACCEPT_PROVIDER on the mismatch: the 5.00 the platform gave back is taken again
		res := e.Post(v1+"/reconciliation/manual/override", s.staff, map[string]any{"bookingId": "NMBS-T2",
			"decision": "ACCEPT_PROVIDER", "remark": "NMBS invoiced the full fare"})
		testkit.MustStatus(t, res, http.StatusOK)
		var d reconciliation.Detail
		res.JSON(t, &d)
		mustEqual(t, "resolved", []any{d.Status, d.Override.Decision, d.Override.BookedAmount, d.Override.Remark, d.Override.DecidedBy != ""},
			[]any{"RESOLVED", "ACCEPT_PROVIDER", 500, "NMBS invoiced the full fare", true})
		mustEqual(t, "balance", balance(t, e, s.budget), start-500)
		var ev struct {
			NetAmount   int64 `json:"netAmount"`
			Corrections []struct {
				Description string `json:"description"`
			} `json:"corrections"`
		}
		got := e.Post(v1+"/events/get", s.acme, map[string]any{"ospId": expenseOsp(t, e, "NMBS-T2")})
		testkit.MustStatus(t, got, http.StatusOK)
		got.JSON(t, &ev)
		mustEqual(t, "expense net", ev.NetAmount, 2000)

		// twice: refused, nothing booked
		before := e.Snapshot()
		res = e.Post(v1+"/reconciliation/manual/override", s.staff, map[string]any{"bookingId": "NMBS-T2",
			"decision": "KEEP_PLATFORM", "remark": "again"})
		testkit.MustStatus(t, res, http.StatusConflict)
		mustEqual(t, "label", res.Label(), "RECONCILIATION_ALREADY_OVERRIDDEN")
		if ch := before.Changed(e.Snapshot()); len(ch) != 0 {
			t.Fatalf("a second override changed %v", ch)
		}
		// a run keeps the resolved row
		testkit.MustStatus(t, e.Post(v1+"/reconciliation/run", s.staff, map[string]any{}), http.StatusOK)
		mustEqual(t, "kept", rows(t, e, s.staff, map[string]any{"status": "RESOLVED"})["NMBS-T2"].Status, "RESOLVED")

		// two at once on the missing-at-provider row: one wins, one refund
		start = balance(t, e, s.budget)
		var wg sync.WaitGroup
		codes := make([]int, 2)
		for i := range codes {
			wg.Add(1)
			go func() {
				defer wg.Done()
				codes[i] = e.Post(v1+"/reconciliation/manual/override", s.staff, map[string]any{"bookingId": "NMBS-T4",
					"decision": "ACCEPT_PROVIDER", "remark": fmt.Sprintf("not on any NMBS file %d", i)}).Status
			}()
		}
		wg.Wait()
		if !(codes[0] == 200 && codes[1] == 409 || codes[0] == 409 && codes[1] == 200) {
			t.Fatalf("concurrent overrides: %v", codes)
		}
		mustEqual(t, "refunded once", balance(t, e, s.budget), start+1200)

		// KEEP_PLATFORM on the unmatched line books nothing; ACCEPT_PROVIDER has no expense to correct
		res = e.Post(v1+"/reconciliation/manual/override", s.staff, map[string]any{"bookingId": "NMBS-T3",
			"decision": "ACCEPT_PROVIDER", "remark": "x"})
		testkit.MustStatus(t, res, http.StatusConflict)
		mustEqual(t, "label", res.Label(), "RECONCILIATION_NO_EXPENSE")
		testkit.MustStatus(t, e.Post(v1+"/reconciliation/manual/override", s.staff, map[string]any{"bookingId": "NMBS-T3",
			"decision": "KEEP_PLATFORM", "remark": "card not ours"}), http.StatusOK)
		// a matched row has nothing to decide
		res = e.Post(v1+"/reconciliation/manual/override", s.staff, map[string]any{"bookingId": "NMBS-T1",
			"decision": "KEEP_PLATFORM", "remark": "x"})
		testkit.MustStatus(t, res, http.StatusConflict)
		mustEqual(t, "label", res.Label(), "RECONCILIATION_MATCHED")
		mustEqual(t, "no problems left", len(rows(t, e, s.staff, map[string]any{})), 0)

		detail := e.Post(v2+"/reconciliation/problems/detail", s.staff, map[string]any{"bookingId": "NMBS-T3"})
		testkit.MustStatus(t, detail, http.StatusOK)
		detail.JSON(t, &d)
		mustEqual(t, "detail", []any{d.Status, d.Override.Decision, d.Override.BookedAmount}, []any{"RESOLVED", "KEEP_PLATFORM", 0})
		testkit.MustStatus(t, e.Post(v2+"/reconciliation/problems/detail", s.staff, map[string]any{"bookingId": "NOPE"}), http.StatusNotFound)
	})
}

func TestAbsurdInputAndRoles(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		s := setUp(t, e)
		app, msp := e.PlantSession(s.user), e.LoginAs("msp.admin")
		before := e.Snapshot("rate_limits")
		for _, tc := range []struct {
			body  map[string]any
			field string
		}{
			{map[string]any{"bookingId": "NMBS-T2", "decision": "ACCEPT_PROVIDER", "remark": ""}, "remark"},
			{map[string]any{"bookingId": "NMBS-T2", "decision": "ACCEPT_PROVIDER", "remark": "   "}, "remark"},
			{map[string]any{"bookingId": "NMBS-T2", "decision": "ACCEPT_PROVIDER", "remark": strings.Repeat("x", 141)}, "remark"},
			{map[string]any{"bookingId": "NMBS-T2", "decision": "ACCEPT_PROVIDER", "remark": "a\x00b"}, "remark"},
			{map[string]any{"bookingId": "NMBS-T2", "decision": "MAYBE", "remark": "x"}, "decision"},
			{map[string]any{"bookingId": strings.Repeat("N", 100000), "decision": "KEEP_PLATFORM", "remark": "x"}, "bookingId"},
			{map[string]any{"decision": "KEEP_PLATFORM", "remark": "x"}, "bookingId"},
		} {
			res := e.Post(v1+"/reconciliation/manual/override", s.staff, tc.body)
			testkit.MustStatus(t, res, http.StatusBadRequest)
			if _, ok := res.FieldErrors(t)[tc.field]; !ok {
				t.Fatalf("%v: no error on %s: %v", tc.body, tc.field, res.FieldErrors(t))
			}
		}
		for _, f := range []map[string]any{{"status": "NOPE"}, {"month": "2026-10"}, {"month": "999913"}, {"provider": "ACME"},
			{"pagination": map[string]any{"size": 100000}}} {
			testkit.MustStatus(t, e.Post(v2+"/reconciliation/problems/get", s.staff, f), http.StatusBadRequest)
		}
		testkit.MustStatus(t, e.Post(v1+"/reconciliation/manual/override", s.staff, map[string]any{"bookingId": "NMBS-NOPE",
			"decision": "KEEP_PLATFORM", "remark": "x"}), http.StatusNotFound)
		for _, tok := range []string{s.acme, msp, app, ""} {
			for _, c := range []struct {
				path string
				body map[string]any
			}{
				{v2 + "/reconciliation/problems/get", map[string]any{}},
				{v2 + "/reconciliation/problems/detail", map[string]any{"bookingId": "NMBS-T2"}},
				{v1 + "/reconciliation/manual/override", map[string]any{"bookingId": "NMBS-T2", "decision": "ACCEPT_PROVIDER", "remark": "x"}},
				{v1 + "/reconciliation/run", map[string]any{}},
			} {
				if st := e.Post(c.path, tok, c.body).Status; st != http.StatusForbidden && st != http.StatusUnauthorized {
					t.Fatalf("%s: %d", c.path, st)
				}
			}
		}
		if ch := before.Changed(e.Snapshot("rate_limits")); len(ch) != 0 {
			t.Fatalf("refused calls changed %v", ch)
		}
	})
}
