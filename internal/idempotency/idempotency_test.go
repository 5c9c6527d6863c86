package idempotency_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"mobility/portal/internal/api"
	"mobility/portal/internal/idempotency"
	"mobility/portal/internal/server"
	"mobility/portal/internal/testkit"
)

const (
	v1          = "/portal-service/v1"
	createPath  = v1 + "/payableEvent/costEventForExternalPurchase/create"
	addUserPath = v1 + "/budget/transaction/addForUser"
	refundPath  = v1 + "/events/refund"
)

// post sends body with an Idempotency-Key (none when key is "").
func post(e *testkit.Env, path, token, key string, body any) *testkit.Response {
	e.T.Helper()
	h := map[string]string{}
	if key != "" {
		h[api.IdempotencyKeyHeader] = key
	}
	return e.Do(testkit.Request{Method: http.MethodPost, Path: path, Token: token, Body: body, Headers: h})
}

func count(t *testing.T, e *testkit.Env, q string, args ...any) int {
	t.Helper()
	var n int
	if err := e.DB.Get(context.Background(), &n, q, args...); err != nil {
		t.Fatal(err)
	}
	return n
}

// expenses counts the expenses and their ledger rows on a budget; both
// must agree (one ledger row per expense).
func expenses(t *testing.T, e *testkit.Env, budgetOsp string) int {
	t.Helper()
	n := count(t, e, `SELECT COUNT(*) FROM expenses x JOIN budgets b ON b.id = x.budget_id WHERE b.osp_id = ?`, budgetOsp)
	rows := count(t, e, `SELECT COUNT(*) FROM budget_transactions t JOIN budgets b ON b.id = t.budget_id
		WHERE b.osp_id = ? AND t.tx_type = 'event'`, budgetOsp)
	if n != rows {
		t.Fatalf("%d expenses but %d ledger rows", n, rows)
	}
	return n
}

func balance(t *testing.T, e *testkit.Env, budgetOsp string) int64 {
	t.Helper()
	var b int64
	if err := e.DB.Get(context.Background(), &b, `SELECT balance FROM budgets WHERE osp_id = ?`, budgetOsp); err != nil {
		t.Fatal(err)
	}
	return b
}

func keyRows(t *testing.T, e *testkit.Env) int {
	t.Helper()
	return count(t, e, `SELECT COUNT(*) FROM idempotency_keys`)
}

type fixture struct {
	acme, jan, budget string
	body              map[string]any
}

// setup opens an unlimited business budget for Jan and the body of a
// 12.50 expense on it.
func setup(t *testing.T, e *testkit.Env) fixture {
	t.Helper()
	acme := e.LoginAs("acme.admin")
	jan := e.UserOspID("jan.peeters")
	b := e.CreateBudget(acme, "BUSINESS_BUDGET", jan, map[string]any{"unlimited": true})
	return fixture{acme: acme, jan: jan, budget: b.OspID, body: map[string]any{"userOspId": jan, "budgetOspId": b.OspID,
		"amount": 1250, "vatPercentage": 21, "description": "Taxi", "date": "2026-11-20"}}
}

// A repeat with the same key and body answers the first answer (same
// status and bytes) and books nothing again; without a key every call books.
func TestReplayBooksOnce(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		f := setup(t, e)
		first := post(e, createPath, f.acme, "expense-1", f.body)
		testkit.MustStatus(t, first, 200)
		if first.Header.Get(idempotency.ReplayedHeader) != "" {
			t.Fatal("a first answer is not a replay")
		}
		for i := 0; i < 3; i++ {
			again := post(e, createPath, f.acme, "expense-1", f.body)
			testkit.MustStatus(t, again, 200)
			if !bytes.Equal(again.Body, first.Body) {
				t.Fatalf("replay differs:\n%s\n%s", first.Body, again.Body)
			}
			if again.Header.Get(idempotency.ReplayedHeader) != "true" || again.Header.Get("Content-Type") != "application/json" ||
				again.Header.Get("Cache-Control") != "no-store" {
				t.Fatalf("replay headers: %v", again.Header)
			}
		}
		if n := expenses(t, e, f.budget); n != 1 {
			t.Fatalf("%d expenses booked, want 1", n)
		}
		if b := balance(t, e, f.budget); b != -1250 {
			t.Fatalf("balance %d, want -1250", b)
		}

		// a manual amount and a refund: the same
		manual := map[string]any{"budgetOspId": f.budget, "amount": 700, "description": "Bonus"}
		m1 := post(e, addUserPath, f.acme, "manual-1", manual)
		testkit.MustStatus(t, m1, 200)
		m2 := post(e, addUserPath, f.acme, "manual-1", manual)
		if m2.Status != 200 || !bytes.Equal(m1.Body, m2.Body) {
			t.Fatalf("manual replay: %d %s", m2.Status, m2.Body)
		}
		var detail struct {
			OspID string `json:"ospId"`
		}
		first.JSON(t, &detail)
		refund := map[string]any{"ospId": detail.OspID, "amount": 250, "remark": "Too much"}
		r1 := post(e, refundPath, f.acme, "refund-1", refund)
		testkit.MustStatus(t, r1, 200)
		r2 := post(e, refundPath, f.acme, "refund-1", refund)
		if r2.Status != 200 || !bytes.Equal(r1.Body, r2.Body) {
			t.Fatalf("refund replay: %d %s", r2.Status, r2.Body)
		}
		if n := count(t, e, `SELECT COUNT(*) FROM budget_transactions t JOIN budgets b ON b.id = t.budget_id
			WHERE b.osp_id = ? AND t.tx_type <> 'event'`, f.budget); n != 2 {
			t.Fatalf("%d manual and refund rows, want 2", n)
		}
		if b := balance(t, e, f.budget); b != -1250+700+250 {
			t.Fatalf("balance %d, want %d", b, -1250+700+250)
		}

		// no key: every call books
		testkit.MustStatus(t, post(e, createPath, f.acme, "", f.body), 200)
		testkit.MustStatus(t, post(e, createPath, f.acme, "", f.body), 200)
		if n := expenses(t, e, f.budget); n != 3 {
			t.Fatalf("%d expenses booked, want 3", n)
		}
	})
}

// The same key with another request (body, or path) is refused with 409
// and books nothing; the first answer still replays.
func TestOtherRequestIsRefused(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		f := setup(t, e)
		first := post(e, createPath, f.acme, "k", f.body)
		testkit.MustStatus(t, first, 200)
		other := map[string]any{}
		for k, v := range f.body {
			other[k] = v
		}
		other["amount"] = 1251
		res := post(e, createPath, f.acme, "k", other)
		if res.Status != 409 || res.Label() != idempotency.LabelKeyReused {
			t.Fatalf("other body: %d %s", res.Status, res.Body)
		}
		if m := res.Map(t)["message"]; m != "Deze Idempotency-Key werd al gebruikt voor een ander verzoek" {
			t.Fatalf("message in the admin's language (nl): %v", m)
		}
		res = post(e, addUserPath, f.acme, "k", map[string]any{"budgetOspId": f.budget, "amount": 700})
		if res.Status != 409 || res.Label() != idempotency.LabelKeyReused {
			t.Fatalf("other call: %d %s", res.Status, res.Body)
		}
		if n := expenses(t, e, f.budget); n != 1 {
			t.Fatalf("%d expenses booked, want 1", n)
		}
		if b := balance(t, e, f.budget); b != -1250 {
			t.Fatalf("balance %d, want -1250 (nothing booked by the refused calls)", b)
		}
		if again := post(e, createPath, f.acme, "k", f.body); again.Status != 200 || !bytes.Equal(again.Body, first.Body) {
			t.Fatalf("first answer no longer replays: %d %s", again.Status, again.Body)
		}
	})
}

// Eight clients sending one key at once book exactly once, and every one
// of them gets the first answer.
func TestConcurrentRepeatsBookOnce(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		f := setup(t, e)
		body, _ := json.Marshal(f.body)
		const clients = 8
		var wg sync.WaitGroup
		statuses := make([]int, clients)
		bodies := make([][]byte, clients)
		start := make(chan struct{})
		for i := 0; i < clients; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				<-start
				r := httptest.NewRequest(http.MethodPost, createPath, bytes.NewReader(body))
				r.Header.Set("Authorization", "Bearer "+f.acme)
				r.Header.Set(api.IdempotencyKeyHeader, "same-key")
				w := httptest.NewRecorder()
				e.Handler.ServeHTTP(w, r)
				statuses[i], bodies[i] = w.Code, w.Body.Bytes()
			}(i)
		}
		close(start)
		wg.Wait()
		for i := range statuses {
			if statuses[i] != 200 || !bytes.Equal(bodies[i], bodies[0]) {
				t.Fatalf("client %d: %d %s (first: %s)", i, statuses[i], bodies[i], bodies[0])
			}
		}
		if n := expenses(t, e, f.budget); n != 1 {
			t.Fatalf("%d expenses booked by %d concurrent repeats, want 1", n, clients)
		}
		if b := balance(t, e, f.budget); b != -1250 {
			t.Fatalf("balance %d, want -1250", b)
		}
	})
}

// Keys are scoped per signed-in user: another user's identical key and
// request is a request of its own.
func TestKeysArePerUser(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		f := setup(t, e)
		osp := e.LoginAs("ospadmin")
		a := post(e, createPath, f.acme, "shared", f.body)
		b := post(e, createPath, osp, "shared", f.body)
		testkit.MustStatus(t, a, 200)
		testkit.MustStatus(t, b, 200)
		if bytes.Equal(a.Body, b.Body) || b.Header.Get(idempotency.ReplayedHeader) != "" {
			t.Fatal("another user's key replayed the first user's answer")
		}
		// and each user's repeat replays their own
		if again := post(e, createPath, osp, "shared", f.body); !bytes.Equal(again.Body, b.Body) {
			t.Fatalf("ospadmin's repeat: %s", again.Body)
		}
		if n := expenses(t, e, f.budget); n != 2 {
			t.Fatalf("%d expenses booked, want 2", n)
		}
	})
}

// A refused first call is not kept: the key stays free and the same call
// may be retried once it can succeed.
func TestFailedCallIsNotKept(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme := e.LoginAs("acme.admin")
		jan := e.UserOspID("jan.peeters")
		b := e.CreateBudget(acme, "BUSINESS_BUDGET", jan, map[string]any{"frequency": "MONTH", "transferStrategy": "MONTH_RESET",
			"frequencyAmount": 5000, "equalToRecurring": true})
		body := map[string]any{"userOspId": jan, "budgetOspId": b.OspID, "amount": 6000, "vatPercentage": 21, "description": "Train", "date": "2026-11-20"}
		res := post(e, createPath, acme, "retry-me", body)
		if res.Status != 400 && res.Status != 409 || res.Label() != "INSUFFICIENT_BUDGET" {
			t.Fatalf("over budget: %d %s", res.Status, res.Body)
		}
		if n := keyRows(t, e); n != 0 {
			t.Fatalf("%d keys kept for a refused call", n)
		}
		// a second try answers the same refusal, again not kept
		if again := post(e, createPath, acme, "retry-me", body); again.Label() != "INSUFFICIENT_BUDGET" {
			t.Fatalf("second try: %d %s", again.Status, again.Body)
		}
		testkit.MustStatus(t, post(e, addUserPath, acme, "", map[string]any{"budgetOspId": b.OspID, "amount": 2000, "description": "top up"}), 200)
		ok := post(e, createPath, acme, "retry-me", body)
		testkit.MustStatus(t, ok, 200)
		if ok.Header.Get(idempotency.ReplayedHeader) != "" {
			t.Fatal("the retry booked nothing: it replayed")
		}
		if again := post(e, createPath, acme, "retry-me", body); !bytes.Equal(again.Body, ok.Body) {
			t.Fatalf("the successful answer does not replay: %s", again.Body)
		}
		if n := expenses(t, e, b.OspID); n != 1 {
			t.Fatalf("%d expenses booked, want 1", n)
		}
		if got := balance(t, e, b.OspID); got != 5000+2000-6000 {
			t.Fatalf("balance %d, want 1000", got)
		}
	})
}

// A first answer is replayed for 24 hours; after that the key is free
// again, and the daily clean-up job removes the expired rows.
func TestExpiry(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		f := setup(t, e)
		first := post(e, createPath, f.acme, "daily", f.body)
		testkit.MustStatus(t, first, 200)
		other := post(e, createPath, f.acme, "other", f.body)
		testkit.MustStatus(t, other, 200)

		e.Clock.Advance(idempotency.Window - time.Minute)
		f.acme = e.LoginAs("acme.admin") // the first session may have expired
		if again := post(e, createPath, f.acme, "daily", f.body); !bytes.Equal(again.Body, first.Body) {
			t.Fatalf("within 24 hours: %d %s", again.Status, again.Body)
		}
		if n := expenses(t, e, f.budget); n != 2 {
			t.Fatalf("%d expenses, want 2", n)
		}

		e.Clock.Advance(2 * time.Minute)
		later := post(e, createPath, f.acme, "daily", f.body)
		testkit.MustStatus(t, later, 200)
		if later.Header.Get(idempotency.ReplayedHeader) != "" || bytes.Equal(later.Body, first.Body) {
			t.Fatal("an expired key replayed")
		}
		if n := expenses(t, e, f.budget); n != 3 {
			t.Fatalf("%d expenses, want 3", n)
		}
		// "other" is expired but still stored; "daily" was taken afresh
		if n := keyRows(t, e); n != 2 {
			t.Fatalf("%d key rows, want 2", n)
		}
		var cleanup func(context.Context, string) (string, error)
		for _, j := range e.App.Jobs() {
			if j.Name == "token-cleanup" {
				cleanup = j.Run
			}
		}
		if cleanup == nil {
			t.Fatal("no token-cleanup job")
		}
		out, err := cleanup(context.Background(), "2026-11-22")
		if err != nil || !strings.Contains(out, "1 idempotency keys removed") {
			t.Fatalf("clean-up: %q %v", out, err)
		}
		if n := count(t, e, `SELECT COUNT(*) FROM idempotency_keys WHERE idem_key = 'daily'`); n != 1 || keyRows(t, e) != 1 {
			t.Fatal("the clean-up removed the wrong keys")
		}
	})
}

// A malformed key is a 400 naming the header, and books nothing.
func TestBadHeader(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		f := setup(t, e)
		for name, key := range map[string]string{
			"empty":       "",
			"too long":    strings.Repeat("k", 256),
			"non-ASCII":   "clé",
			"control":     "a\x01b",
			"DEL":         "a\x7fb",
			"newline-ish": "a\nb",
		} {
			r := httptest.NewRequest(http.MethodPost, createPath, strings.NewReader(mustJSON(t, f.body)))
			r.Header.Set("Authorization", "Bearer "+f.acme)
			r.Header[api.IdempotencyKeyHeader] = []string{key}
			w := httptest.NewRecorder()
			e.Handler.ServeHTTP(w, r)
			res := &testkit.Response{Status: w.Code, Body: w.Body.Bytes()}
			var body api.ErrorBody
			res.JSON(t, &body)
			if res.Status != 400 || body.ErrorLabel != "VALIDATION_FAILED" || len(body.Errors) != 1 ||
				body.Errors[0].Field != api.IdempotencyKeyHeader || !strings.Contains(body.Errors[0].Messages[0], "Idempotency-Key") {
				t.Fatalf("%s: %d %s", name, res.Status, res.Body)
			}
		}
		// two values of the header
		r := httptest.NewRequest(http.MethodPost, createPath, strings.NewReader(mustJSON(t, f.body)))
		r.Header.Set("Authorization", "Bearer "+f.acme)
		r.Header.Add(api.IdempotencyKeyHeader, "a")
		r.Header.Add(api.IdempotencyKeyHeader, "b")
		w := httptest.NewRecorder()
		e.Handler.ServeHTTP(w, r)
		if w.Code != 400 {
			t.Fatalf("two keys: %d %s", w.Code, w.Body)
		}
		if n := expenses(t, e, f.budget); n != 0 || keyRows(t, e) != 0 {
			t.Fatal("a refused key booked something")
		}
		// the longest key and every printable character are fine
		testkit.MustStatus(t, post(e, createPath, f.acme, strings.Repeat("k", 255), f.body), 200)
		testkit.MustStatus(t, post(e, createPath, f.acme, " !\"#$%&'()*+,-./0-9:;<=>?@A-Z[\\]^_`a-z{|}~", f.body), 200)
	})
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// moneyCalls are the calls that must honour the header (DESIGN.md).
var moneyCalls = []string{
	"POST " + createPath,
	"POST " + addUserPath,
	"POST " + v1 + "/budget/transaction/addForCorporateAccount",
	"POST " + refundPath,
	"POST " + v1 + "/events/correct",
	"POST " + v1 + "/budget/redeem",
	"POST " + v1 + "/budget/{type}/create",
	"POST " + v1 + "/recurringExternalPurchase/create",
	// a new user's budgets book their start amounts (internal/onboarding)
	"POST " + v1 + "/user/mobile/create",
	// a payment recorded against an invoice, and a credit note (internal/invoice)
	"POST " + v1 + "/invoice/pay",
	"POST " + v1 + "/invoice/creditNote",
	// a trip registration an admin adds (internal/trip): paid by the monthly run
	"POST " + v1 + "/travel/registration/create",
	// a manual override books the difference as a correction (internal/reconciliation)
	"POST " + v1 + "/reconciliation/manual/override",
	// a season-card order's confirmation books its price (internal/order)
	"POST " + v1 + "/order/confirm",
	"POST " + v1 + "/seasonTicket/order/confirm",
	// not money, but a repeat must not send a message twice (internal/messaging)
	"POST " + v1 + "/message/send",
}

// The route table declares exactly the money calls as idempotent, and the
// OpenAPI document shows the header on them and on no other call.
func TestRouteTableAndOpenAPI(t *testing.T) {
	e := testkit.NewEnv(t, testkit.Dialects()[0])
	routes := e.App.Routes()
	var marked []string
	for _, rt := range routes {
		if rt.Idempotent {
			marked = append(marked, rt.Method+" "+rt.Path)
		}
	}
	want := slices.Clone(moneyCalls)
	slices.Sort(want)
	slices.Sort(marked)
	if !slices.Equal(marked, want) {
		t.Fatalf("idempotent routes:\n%v\nwant:\n%v", marked, want)
	}
	doc, err := server.OpenAPI(routes)
	if err != nil {
		t.Fatal(err)
	}
	var spec struct {
		Paths map[string]map[string]struct {
			Parameters []struct {
				Name string `json:"name"`
				In   string `json:"in"`
			} `json:"parameters"`
		} `json:"paths"`
	}
	if err := json.Unmarshal(doc, &spec); err != nil {
		t.Fatal(err)
	}
	for path, ops := range spec.Paths {
		for method, op := range ops {
			has := slices.ContainsFunc(op.Parameters, func(p struct {
				Name string `json:"name"`
				In   string `json:"in"`
			}) bool {
				return p.Name == api.IdempotencyKeyHeader && p.In == "header"
			})
			call := strings.ToUpper(method) + " " + path
			if has != slices.Contains(moneyCalls, call) {
				t.Errorf("%s: header documented %v", call, has)
			}
		}
	}
}
