package testkit

import (
	"fmt"
	"math/rand"
	"net/http"
	"net/http/httptest"
	"os"
	"sort"
	"strings"
	"testing"
	"time"
)

// Latency sends POST requests to path through h, perOp of them for each of
// b.N iterations (bodies from body, seeded alike every run), fails on an
// answer other than 200, and reports the median and the 99th percentile
// of their latencies as p50-ms and p99-ms.
func Latency(b *testing.B, h http.Handler, token, path string, perOp int, body func(rng *rand.Rand) string) {
	b.Helper()
	lat := make([]time.Duration, 0, b.N*perOp)
	rng := rand.New(rand.NewSource(1))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for j := 0; j < perOp; j++ {
			r := httptest.NewRequest(http.MethodPost, path, strings.NewReader(body(rng)))
			r.Header.Set("Authorization", "Bearer "+token)
			w := httptest.NewRecorder()
			t0 := time.Now()
			h.ServeHTTP(w, r)
			lat = append(lat, time.Since(t0))
			if w.Code != http.StatusOK {
				b.Fatalf("status %d: %s", w.Code, w.Body)
			}
		}
	}
	b.StopTimer()
	ReportLatencies(b, lat)
}

// ReportLatencies reports the median and the 99th percentile of lat as
// p50-ms and p99-ms.
func ReportLatencies(b *testing.B, lat []time.Duration) {
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(lat[min(len(lat)-1, len(lat)*99/100)].Microseconds())/1000, "p99-ms")
}

// FieldErrors maps the field of each error of a 4xx answer to its first
// message.
func (r *Response) FieldErrors(t testing.TB) map[string]string {
	t.Helper()
	var body struct {
		Errors []struct {
			Field    string   `json:"field"`
			Messages []string `json:"messages"`
		} `json:"errors"`
	}
	r.JSON(t, &body)
	out := map[string]string{}
	for _, e := range body.Errors {
		out[e.Field] = e.Messages[0]
	}
	return out
}

// BenchEnv reads a benchmark's size from the environment variable name,
// def when it is not set.
func BenchEnv(name string, def int) int {
	n := def
	if v := os.Getenv(name); v != "" {
		fmt.Sscan(v, &n)
	}
	return n
}
