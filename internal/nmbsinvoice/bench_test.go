package nmbsinvoice_test

import (
	"fmt"
	"os"
	"sort"
	"testing"
	"time"

	"mobility/portal/internal/database"
	"mobility/portal/internal/nmbsinvoice"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

// BenchmarkNMBSInvoice500 measures validate and process of a 500-line
// NMBS invoice of Acme's, every line matching one of the month's 500
// orders (among 1,000: half another company's), through the API (the
// issue's aim: under 1 s each). SQLite, or PostgreSQL with
// PORTAL_BENCH_POSTGRES=1 and PORTAL_TEST_POSTGRES_URL. Each iteration
// invoices new orders, so every line is really written.
func BenchmarkNMBSInvoice500(b *testing.B) {
	dialect := database.SQLite
	if os.Getenv("PORTAL_BENCH_POSTGRES") == "1" && testkit.PostgresURL() != "" {
		dialect = database.Postgres
	}
	e := testkit.NewEnv(b, dialect)
	acme, globex := e.CorporateAccountID(seed.AcmeOspID), e.CorporateAccountID(seed.GlobexOspID)
	src := &fakeOrders{byMonth: map[string][]nmbsinvoice.Order{}}
	e.App.NmbsInvoices.UseOrders(src)
	staff := e.LoginAs("ospadmin")
	var v, p []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		var orders []nmbsinvoice.Order
		var lines [][5]string
		for j := range 1000 {
			id := int64(i*1000 + j + 1)
			card := fmt.Sprintf("5%04d%012d", i, j)
			if j%2 == 1 {
				orders = append(orders, octoberOrder(id, globex, card, 1+j%28, 21400))
				continue
			}
			orders = append(orders, octoberOrder(id, acme, card, 1+j%28, 5000+int64(j)))
			lines = append(lines, [5]string{fmt.Sprintf("NMBS-B-%d", i), card, fmt.Sprintf("2026-10-%02d", 1+j%28),
				fmt.Sprintf("%d.%02d", (5000+j)/100, (5000+j)%100), ""})
		}
		src.byMonth["202610"] = orders
		id := uploadID(b, e, staff, seed.AcmeOspID, "NMBS", nmbsFile(lines...))
		b.StartTimer()
		t0 := time.Now()
		if r := call(b, e, staff, "validate", id); r.Counts.Matched != 500 {
			b.Fatalf("validate: %+v %+v", r.Counts, r.Errors)
		}
		t1 := time.Now()
		if r := call(b, e, staff, "process", id); r.Counts.Invoiced != 500 {
			b.Fatalf("process: %+v", r.Counts)
		}
		v, p = append(v, t1.Sub(t0)), append(p, time.Since(t1))
	}
	b.ReportMetric(median(v).Seconds()*1000, "validate-ms")
	b.ReportMetric(median(p).Seconds()*1000, "process-ms")
}

func median(d []time.Duration) time.Duration {
	s := append([]time.Duration(nil), d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[len(s)/2]
}
