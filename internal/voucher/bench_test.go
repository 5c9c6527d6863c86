package voucher_test

import (
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"mobility/portal/internal/database"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

// BenchmarkVoucher500 measures validate and process of a 500-line voucher
// file for Acme (half of them a user's, half the company's), through the
// API on SQLite (the aim: under 1 s each). Each iteration loads
// new codes, so every line is really stored.
func BenchmarkVoucher500(b *testing.B) {
	e := testkit.NewEnv(b, database.SQLite)
	staff := e.LoginAs("ospadmin")
	users := make([]string, 10)
	for i := range users {
		users[i] = appUser(b, e, fmt.Sprintf("voucher.bench.%d", i), seed.AcmeOspID)
	}
	var v, p []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		var f strings.Builder
		f.WriteString("code;value;validFrom;validUntil;userOspId;description\n")
		for j := range 500 {
			owner := ""
			if j%2 == 0 {
				owner = users[j%10]
			}
			fmt.Fprintf(&f, "BENCH-%d-%04d;%d.50;2026-01-01;2026-12-31;%s;Taxi voucher\n", i, j, 5+j%50, owner)
		}
		id := uploadID(b, e, staff, seed.AcmeOspID, f.String())
		b.StartTimer()
		t0 := time.Now()
		if r := call(b, e, staff, "validate", id); r.Status != "valid" || len(r.Lines) != 500 {
			b.Fatalf("validate: %+v", r.Errors)
		}
		t1 := time.Now()
		if r := call(b, e, staff, "process", id); r.Status != "processed" || r.Booked != 500 {
			b.Fatalf("process: %+v", r)
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
