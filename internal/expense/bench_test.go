package expense_test

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"mobility/portal/internal/api"
	"mobility/portal/internal/database"
	"mobility/portal/internal/testkit"
)

// BenchmarkExpensesConcurrent16: expenses posted through the whole HTTP
// handler by 16 concurrent clients, each on its own user's unlimited
// budget, on a database as durable as the product's (aim on SQLite: at
// least 5,000 a second with p99 under 20 ms). Beside them, in the same
// run, the machine's ceiling: as many durable single-row commits by 16
// goroutines on the same database (ceiling-commits/s), and the ratio
// expenses/ceiling (x-ceiling), which noise on a shared machine moves far
// less than either figure.
func BenchmarkExpensesConcurrent16(b *testing.B) {
	for _, d := range testkit.Dialects() {
		b.Run(string(d), func(b *testing.B) { benchExpenses(b, d, false) })
	}
}

// BenchmarkExpensesConcurrent16IdempotencyKey: the same, each expense with
// an Idempotency-Key of its own (as the web app sends one per form), so
// the difference to BenchmarkExpensesConcurrent16 is the cost of the
// idempotency check: claiming the key, the call in one transaction with
// it, and storing the answer.
func BenchmarkExpensesConcurrent16IdempotencyKey(b *testing.B) {
	for _, d := range testkit.Dialects() {
		b.Run(string(d), func(b *testing.B) { benchExpenses(b, d, true) })
	}
}

func benchExpenses(b *testing.B, d database.Dialect, withKey bool) {
	const clients = 16
	e := testkit.NewDurableEnv(b, d)
	token := e.LoginAs("acme.admin")
	type pair struct{ user, budget string }
	var pairs []pair
	for i := 0; i < clients; i++ {
		login := "bench" + string(rune('a'+i))
		res := e.Post("/portal-service/v1/user/mobile/create", token, map[string]any{
			"corporateAccount": map[string]string{"ospId": "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa"}, "sendCredentials": false,
			"userData": map[string]any{"firstname": "Bench", "lastname": login, "email": login + "@example.com", "login": login}})
		var u struct {
			OspID string `json:"ospId"`
		}
		res.JSON(b, &u)
		res = e.Post("/portal-service/v1/budget/BUSINESS_BUDGET/create", token, map[string]any{"ownerOspId": u.OspID, "data": map[string]any{"unlimited": true}})
		var bud struct {
			OspID string `json:"ospId"`
		}
		res.JSON(b, &bud)
		pairs = append(pairs, pair{u.OspID, bud.OspID})
	}
	var mu sync.Mutex
	lat := make([]time.Duration, 0, b.N)
	work := make(chan int, b.N)
	for i := 0; i < b.N; i++ {
		work <- i
	}
	close(work)
	b.ResetTimer()
	start := time.Now()
	var wg sync.WaitGroup
	for c := 0; c < clients; c++ {
		wg.Add(1)
		go func(p pair) {
			defer wg.Done()
			body := `{"userOspId":"` + p.user + `","budgetOspId":"` + p.budget + `","amount":1250,"vatPercentage":21,"description":"bench","date":"2026-11-20"}`
			for i := range work {
				r := httptest.NewRequest(http.MethodPost, "/portal-service/v1/payableEvent/costEventForExternalPurchase/create", strings.NewReader(body))
				r.Header.Set("Authorization", "Bearer "+token)
				if withKey {
					r.Header.Set(api.IdempotencyKeyHeader, "bench-"+strconv.Itoa(i))
				}
				w := httptest.NewRecorder()
				t0 := time.Now()
				e.Handler.ServeHTTP(w, r)
				el := time.Since(t0)
				if w.Code != 200 {
					b.Errorf("%d %s", w.Code, w.Body)
					return
				}
				mu.Lock()
				lat = append(lat, el)
				mu.Unlock()
			}
		}(pairs[c])
	}
	wg.Wait()
	elapsed := time.Since(start)
	b.StopTimer()
	if b.Failed() {
		return
	}
	rate := float64(b.N) / elapsed.Seconds()
	b.ReportMetric(rate, "expenses/s")
	testkit.ReportLatencies(b, lat)
	// how many postings shared a commit, on average (database.WithGroupTx)
	if st := e.DB.GroupStats(); st.Batches > 0 {
		b.ReportMetric(float64(st.Members)/float64(st.Batches), "postings/commit")
	}
	// how many budget moves one statement made, on average (database.Ahead)
	if st := e.DB.GroupStats(); st.AheadRuns > 0 {
		b.ReportMetric(float64(st.AheadWrites)/float64(st.AheadRuns), "moves/statement")
	}
	testkit.ReportCeiling(b, e.DB, clients, b.N, rate)
}
