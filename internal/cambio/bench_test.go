package cambio_test

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"mobility/portal/internal/database"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

// BenchmarkCambio500 measures validate and process of a 500-line Cambio
// invoice (100 drivers, 5 lines each, each booked as an expense on the
// driver's budget) and of a 500-line CO2 file (500 drivers' month), through
// the API on SQLite (the aim: under 1 s each). Each iteration
// loads new files, so every line is really booked or stored.
func BenchmarkCambio500(b *testing.B) {
	ctx := context.Background()
	e := testkit.NewEnv(b, database.SQLite)
	staff := e.LoginAs("ospadmin")
	acme := e.LoginAs("acme.admin")
	if err := seed.Users(ctx, e.DB, seed.AcmeOspID, 600, e.Clock.Now().AddDate(0, -3, 0)); err != nil {
		b.Fatal(err)
	}
	var drivers []struct {
		OspID string `db:"osp_id"`
		Email string `db:"email"`
	}
	if err := e.DB.Select(ctx, &drivers, `SELECT u.osp_id, u.email FROM users u WHERE u.corporate_account_id = ?
		AND u.user_type = 'mobile' AND u.active AND NOT EXISTS (SELECT 1 FROM budgets b WHERE b.user_id = u.id)
		AND NOT EXISTS (SELECT 1 FROM users o WHERE LOWER(o.email) = LOWER(u.email) AND o.id <> u.id) ORDER BY u.id LIMIT 500`,
		e.CorporateAccountID(seed.AcmeOspID)); err != nil || len(drivers) < 500 {
		b.Fatalf("drivers: %d %v", len(drivers), err)
	}
	for _, d := range drivers[:100] {
		e.CreateBudget(acme, "BUSINESS_BUDGET", d.OspID, map[string]any{"unlimited": true})
	}
	var vi, pi, vc, pc []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		var inv, co2 strings.Builder
		inv.WriteString("invoiceNumber;lineId;customerNumber;email;date;description;amount;vatPercentage;km\n")
		co2.WriteString("month;customerNumber;email;km;co2Grams\n")
		for j := range 500 {
			d := drivers[j%100]
			fmt.Fprintf(&inv, "CB-BENCH-%d;%d;C-%d;%s;2026-10-%02d;Cambio trip;%d.%02d;21;%d\n", i, j+1, j%100, d.Email, 1+j%28, 5+j%40, j%100, j%90)
			fmt.Fprintf(&co2, "%d-%02d;C-%d;%s;%d;%d\n", 2020+i/12, 1+i%12, j, drivers[j].Email, 10+j%200, (10+j%200)*110)
		}
		invID := uploadID(b, e, staff, invoicePath, inv.String())
		co2ID := uploadID(b, e, staff, co2Path, co2.String())
		b.StartTimer()
		for _, c := range []struct {
			path, id string
			v, p     *[]time.Duration
		}{{invoicePath, invID, &vi, &pi}, {co2Path, co2ID, &vc, &pc}} {
			t0 := time.Now()
			if r := call(b, e, staff, c.path, "validate", c.id); r.Status != "valid" || len(r.Lines) != 500 {
				b.Fatalf("validate %s: %+v", c.path, r.Errors)
			}
			t1 := time.Now()
			if r := call(b, e, staff, c.path, "process", c.id); r.Status != "processed" || r.Booked != 500 {
				b.Fatalf("process %s: %s %d %+v", c.path, r.Status, r.Booked, r.Lines[0])
			}
			*c.v, *c.p = append(*c.v, t1.Sub(t0)), append(*c.p, time.Since(t1))
		}
	}
	b.ReportMetric(median(vi).Seconds()*1000, "invoice-validate-ms")
	b.ReportMetric(median(pi).Seconds()*1000, "invoice-process-ms")
	b.ReportMetric(median(vc).Seconds()*1000, "co2-validate-ms")
	b.ReportMetric(median(pc).Seconds()*1000, "co2-process-ms")
}

func median(d []time.Duration) time.Duration {
	s := append([]time.Duration(nil), d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[len(s)/2]
}
