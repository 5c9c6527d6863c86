package invoice_test

import (
	"context"
	"fmt"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"mobility/portal/internal/database"
	"mobility/portal/internal/invoice"
	"mobility/portal/internal/invoice/document"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

// counter counts the bytes of a streamed archive and drops them.
type counter struct{ n atomic.Int64 }

func (c *counter) Write(p []byte) (int, error) { c.n.Add(int64(len(p))); return len(p), nil }

// BenchmarkZip streams 1,000 invoices of 12 lines each as a ZIP of PDFs
// (the aim: under 10 s) and reports the peak growth of the Go heap while
// it streams, sampled every 5 ms: documents are loaded 100 at a time, so
// the peak should not grow with the number of documents.
func BenchmarkZip(b *testing.B) {
	e := testkit.NewEnv(b, database.SQLite)
	var lines []document.Line
	for i := range 12 {
		bp := []int{600, 2100, 0}[i%3]
		cat := "S"
		if bp == 0 {
			cat = "Z"
		}
		lines = append(lines, document.Line{Position: i + 1, LineType: "EXPENSES", Description: fmt.Sprintf("Mobiliteit %d", i),
			MobilityMode: "TRAIN", QuantityMilli: 3000, UnitCode: "C62", UnitPrice: 1250, NetAmount: 3750, VatCategory: cat, VatBasisPoints: bp})
	}
	for i := range 1000 {
		company := []string{seed.AcmeOspID, seed.GlobexOspID, seed.InitechOspID}[i%3]
		m := i / 3 // one invoice per company and month: 334 months back from 2026
		store(b, e, spec{company: company, month: fmt.Sprintf("%04d%02d", 2026-m/12, 1+m%12), items: 2, lines: lines})
	}
	ctx := context.Background()
	b.ResetTimer()
	for b.Loop() {
		runtime.GC()
		var before runtime.MemStats
		runtime.ReadMemStats(&before)
		var peak atomic.Uint64
		done := make(chan struct{})
		go func() {
			t := time.NewTicker(5 * time.Millisecond)
			defer t.Stop()
			var m runtime.MemStats
			for {
				select {
				case <-done:
					return
				case <-t.C:
					runtime.ReadMemStats(&m)
					if m.HeapInuse > peak.Load() {
						peak.Store(m.HeapInuse)
					}
				}
			}
		}()
		var out counter
		start := time.Now()
		n, err := e.App.Invoices.WriteZip(ctx, staff(), invoice.Filter{}, invoice.FormatPDF, &out)
		elapsed := time.Since(start)
		close(done)
		if err != nil || n != 1000 {
			b.Fatalf("%d files, %v", n, err)
		}
		growth := float64(0)
		if p := peak.Load(); p > before.HeapInuse {
			growth = float64(p-before.HeapInuse) / (1 << 20)
		}
		b.ReportMetric(elapsed.Seconds(), "s/zip")
		b.ReportMetric(growth, "heap-peak-growth-MiB")
		b.ReportMetric(float64(out.n.Load())/(1<<20), "zip-MiB")
	}
}
