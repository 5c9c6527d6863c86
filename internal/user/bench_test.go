package user_test

import (
	"context"
	"fmt"
	"math/rand"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"mobility/portal/internal/clock"
	"mobility/portal/internal/database"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/server"
	"mobility/portal/internal/testkit"
)

// TestMain removes the 100,000-user database the benchmarks share (made
// once for all of them, so no single benchmark's TempDir may hold it).
func TestMain(m *testing.M) {
	code := m.Run()
	if bigDir != "" {
		if bigEnv != nil {
			bigEnv.DB.Close()
		}
		_ = os.RemoveAll(bigDir)
	}
	os.Exit(code)
}

// A portal with the demo data and 100,000 generated Acme users, built once
// per benchmark binary (BENCH_USERS changes the count), in bigDir.
var (
	bigDir   string
	bigOnce  sync.Once
	bigEnv   *testkit.Env
	bigToken string
)

func bigPortal(b *testing.B) (*testkit.Env, string) {
	bigOnce.Do(func() {
		n := 100000
		if v := os.Getenv("BENCH_USERS"); v != "" {
			fmt.Sscan(v, &n)
		}
		dir, _ := os.MkdirTemp("", "bench")
		bigDir = dir
		db, err := database.Open(context.Background(), filepath.Join(dir, "bench.db"))
		if err != nil {
			b.Fatal(err)
		}
		if err := db.Migrate(context.Background()); err != nil {
			b.Fatal(err)
		}
		app, err := server.New(testkit.TestConfig(), db, clock.NewFixed(testkit.Start))
		if err != nil {
			b.Fatal(err)
		}
		if err := seed.Demo(context.Background(), seed.Deps{DB: db, Users: app.Users, Auth: app.Auth, Now: testkit.Start}); err != nil {
			b.Fatal(err)
		}
		if err := seed.Users(context.Background(), db, seed.AcmeOspID, n, testkit.Start); err != nil {
			b.Fatal(err)
		}
		h, _ := app.Handler(nil)
		bigEnv = &testkit.Env{T: b, App: app, DB: db, Clock: clock.NewFixed(testkit.Start), Handler: h}
		bigToken = bigEnv.LoginAs("acme.admin")
	})
	bigEnv.T = b
	return bigEnv, bigToken
}

// searches are 3-letter pieces of generated names, logins and numbers.
var searches = []string{"jan", "mar", "pee", "ssens", "dub", "laur", "cla", "wou", "mer", "000", "123", "ise", "xyz", "eli"}

// latencyReport runs call b.N times and reports median and p99 latency and
// the requests per second of one client.
func latencyReport(b *testing.B, call func(q string) int) {
	lat := make([]time.Duration, 0, b.N)
	rng := rand.New(rand.NewSource(1))
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		q := searches[rng.Intn(len(searches))]
		t0 := time.Now()
		if status := call(q); status != 200 {
			b.Fatalf("status %d", status)
		}
		lat = append(lat, time.Since(t0))
	}
	elapsed := time.Since(start)
	b.StopTimer()
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(lat[min(len(lat)-1, len(lat)*99/100)].Microseconds())/1000, "p99-ms")
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "req/s")
}

func post(h http.Handler, path, token, body string) int {
	r := httptest.NewRequest(http.MethodPost, path, strings.NewReader(body))
	r.Header.Set("Authorization", "Bearer "+token)
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w.Code
}

// BenchmarkFindByAny100k: the app-users list with a 3-letter search over
// 100,000 users of one company, through the whole handler.
func BenchmarkFindByAny100k(b *testing.B) {
	e, token := bigPortal(b)
	latencyReport(b, func(q string) int {
		return post(e.Handler, base+"/findByAny", token, `{"corporateAccountOspId":"`+seed.AcmeOspID+`","search":"`+q+`","pagination":{"page":1,"size":10}}`)
	})
}

// BenchmarkDashboardSearch100k: the dashboard search (page size 1000).
func BenchmarkDashboardSearch100k(b *testing.B) {
	e, token := bigPortal(b)
	latencyReport(b, func(q string) int {
		return post(e.Handler, base+"/getByFilter", token, `{"search":"`+q+`"}`)
	})
}

// BenchmarkFindByAnyParallel100k: requests per second with several clients.
func BenchmarkFindByAnyParallel100k(b *testing.B) {
	e, token := bigPortal(b)
	b.ResetTimer()
	start := time.Now()
	b.RunParallel(func(pb *testing.PB) {
		rng := rand.New(rand.NewSource(time.Now().UnixNano()))
		for pb.Next() {
			q := searches[rng.Intn(len(searches))]
			if st := post(e.Handler, base+"/findByAny", token, `{"corporateAccountOspId":"`+seed.AcmeOspID+`","search":"`+q+`"}`); st != 200 {
				b.Errorf("status %d", st)
			}
		}
	})
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "req/s")
}

// searchCases are 3-letter searches by how many of the 100,000 generated
// users they find: none, a few hundred, thousands spread over the sort
// order, thousands in one run of it (a last name), and every one.
var searchCases = []struct{ name, q string }{
	{"none", "xyz"}, {"rare", "123"}, {"mid", "jan"}, {"lastname", "wou"}, {"everyone", "com"},
}

// BenchmarkSearchCases100k: findByAny (page of 10) and the dashboard
// search (page of 1000) for each of searchCases, on each database the run
// covers (PostgreSQL with PORTAL_TEST_POSTGRES_URL), 10 requests an
// iteration. The 100,000 users are generated once per database and run.
func BenchmarkSearchCases100k(b *testing.B) {
	for _, d := range testkit.Dialects() {
		b.Run(string(d), func(b *testing.B) {
			e := testkit.EnvOn(b, testkit.NewDB(b, d))
			ctx := context.Background()
			if err := seed.Users(ctx, e.DB, seed.AcmeOspID, testkit.BenchEnv("BENCH_USERS", 100000), testkit.Start); err != nil {
				b.Fatal(err)
			}
			analyze := `ANALYZE`
			if d == database.Postgres {
				analyze = `VACUUM ANALYZE`
			}
			if _, err := e.DB.Exec(ctx, analyze); err != nil {
				b.Fatal(err)
			}
			token := e.LoginAs("acme.admin")
			for _, c := range searchCases {
				b.Run("findByAny/"+c.name, func(b *testing.B) {
					testkit.Latency(b, e.Handler, token, base+"/findByAny", 10, func(*rand.Rand) string {
						return `{"corporateAccountOspId":"` + seed.AcmeOspID + `","search":"` + c.q + `","pagination":{"page":1,"size":10}}`
					})
				})
				b.Run("dashboard/"+c.name, func(b *testing.B) {
					testkit.Latency(b, e.Handler, token, base+"/getByFilter", 10, func(*rand.Rand) string {
						return `{"search":"` + c.q + `"}`
					})
				})
			}
		})
	}
}
