package expense_test

import (
	"bytes"
	"fmt"
	"strconv"
	"sync"
	"testing"

	"mobility/portal/internal/api"
	"mobility/portal/internal/database"
	"mobility/portal/internal/idempotency"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

// Scale-out (issue 17): two portal processes on one PostgreSQL, each with
// its own connections, group commit and sign-in cache, under the 16-client
// load of the benchmark. Two clients share each budget, one on each
// process; every fifth posting is sent again with its Idempotency-Key to
// the other process (a client retrying on another node); the last budget
// is limited and runs out. Afterwards every accepted expense is booked
// exactly once, every repeat got the first answer, the limited budget was
// never overdrawn, and each balance is exactly its accepted postings.
func TestTwoProcessesPostEveryExpenseExactlyOnce(t *testing.T) {
	if testkit.PostgresURL() == "" {
		t.Skip("PORTAL_TEST_POSTGRES_URL not set")
	}
	e := testkit.NewEnv(t, database.Postgres)
	procs := []*testkit.Env{e, e.SecondProcess()}
	acme := e.LoginAs("acme.admin")
	const (
		clients   = 16
		perClient = 30
		amount    = 1250
		limited   = 7 // the budget of clients 14 and 15
		funds     = 23 * amount
	)
	type target struct{ user, budget string }
	targets := make([]target, clients/2)
	for i := range targets {
		login := "scale" + strconv.Itoa(i)
		res := e.Post(v1+"/user/mobile/create", acme, map[string]any{
			"corporateAccount": map[string]string{"ospId": seed.AcmeOspID}, "sendCredentials": false,
			"userData": map[string]any{"firstname": "Scale", "lastname": login, "email": login + "@example.com", "login": login}})
		testkit.MustStatus(t, res, 200)
		var u struct {
			OspID string `json:"ospId"`
		}
		res.JSON(t, &u)
		data := map[string]any{"unlimited": true}
		if i == limited {
			data = map[string]any{"unlimited": false}
		}
		targets[i] = target{u.OspID, newBudget(t, e, acme, "BUSINESS_BUDGET", u.OspID, data).OspID}
	}
	testkit.MustStatus(t, e.Post(v1+"/budget/transaction/addForUser", acme, map[string]any{
		"budgetOspId": targets[limited].budget, "amount": funds, "description": "Funds"}), 200)

	type result struct {
		budget      int
		status      int
		repeatFirst bool // the repeat answered the first answer's bytes
		repeated    bool
		label       string
	}
	results := make(chan result, clients*perClient)
	var wg sync.WaitGroup
	for c := 0; c < clients; c++ {
		wg.Add(1)
		go func(c int) {
			defer wg.Done()
			tg := targets[c/2]
			home, other := procs[c%2], procs[(c+1)%2]
			body := map[string]any{"userOspId": tg.user, "budgetOspId": tg.budget, "amount": amount,
				"vatPercentage": 21, "description": "scale-out", "date": "2026-11-20"}
			for n := 0; n < perClient; n++ {
				key := fmt.Sprintf("scale-%d-%d", c, n)
				post := func(env *testkit.Env) *testkit.Response {
					return env.Do(testkit.Request{Method: "POST", Path: createPath, Token: acme, Body: body,
						Headers: map[string]string{api.IdempotencyKeyHeader: key}})
				}
				first := post(home)
				r := result{budget: c / 2, status: first.Status, label: first.Label()}
				if n%5 == 0 {
					again := post(other)
					r.repeated = true
					r.repeatFirst = again.Status == first.Status && (first.Status != 200 ||
						(bytes.Equal(again.Body, first.Body) && again.Header.Get(idempotency.ReplayedHeader) == "true"))
				}
				results <- r
			}
		}(c)
	}
	wg.Wait()
	close(results)

	accepted := make([]int, len(targets))
	for r := range results {
		switch {
		case r.status == 200:
			accepted[r.budget]++
		case r.budget == limited && r.status == 409 && r.label == "INSUFFICIENT_BUDGET":
		default:
			t.Errorf("budget %d: status %d %s", r.budget, r.status, r.label)
		}
		if r.repeated && !r.repeatFirst {
			t.Errorf("budget %d: a repeat on the other process did not answer the first answer (first status %d)", r.budget, r.status)
		}
	}
	for i, tg := range targets {
		want := accepted[i]
		if i != limited && want != 2*perClient {
			t.Errorf("budget %d: %d of %d postings accepted", i, want, 2*perClient)
		}
		if i == limited && want != funds/amount {
			t.Errorf("limited budget: %d postings accepted, want exactly %d", want, funds/amount)
		}
		if n := count(t, e, `SELECT COUNT(*) FROM expenses x JOIN budgets b ON b.id = x.budget_id WHERE b.osp_id = ?`, tg.budget); n != want {
			t.Errorf("budget %d: %d expenses booked, %d accepted", i, n, want)
		}
		wantBalance := -int64(want) * amount
		if i == limited {
			wantBalance += funds
		}
		if got := balance(t, e, tg.budget); got != wantBalance {
			t.Errorf("budget %d: balance %d, want %d", i, got, wantBalance)
		}
	}
	assertLedgerConsistent(t, e)
}
