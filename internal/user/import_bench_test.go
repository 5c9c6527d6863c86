package user_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"mobility/portal/internal/database"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

// BenchmarkImport500 measures validate and process of a 500-row CSV of new
// app users (the aim: under 2 s), each iteration on a fresh
// database so every row is really created.
func BenchmarkImport500(b *testing.B) {
	var csv strings.Builder
	csv.WriteString("firstname;lastname;email;login;msisdn;language;birthdate;employeeNumber;extId\n")
	for i := 0; i < 500; i++ {
		fmt.Fprintf(&csv, "First%d;Last%d;bench%d@example.com;bench.user.%d;+32470%06d;nl;1990-01-%02d;B%04d;BENCH-%04d\n", i, i, i, i, i, i%28+1, i, i)
	}
	var validate, process []time.Duration
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		e := testkit.NewEnv(b, database.SQLite)
		token := e.LoginAs("acme.admin")
		up := uploadFile(e, token, seed.AcmeOspID, "create", "users.csv", []byte(csv.String()))
		if up.Status != 200 {
			b.Fatalf("upload: %s", up.Body)
		}
		var u uploadResult
		up.JSON(b, &u)
		b.StartTimer()
		t0 := time.Now()
		if res := e.Post(userBase+"/upload/validate", token, map[string]string{"uploadId": u.UploadID}); res.Status != 200 || !strings.Contains(string(res.Body), `"valid"`) {
			b.Fatalf("validate: %s", res.Body)
		}
		t1 := time.Now()
		if res := e.Post(userBase+"/upload/process", token, map[string]string{"uploadId": u.UploadID}); res.Status != 200 {
			b.Fatalf("process: %s", res.Body)
		}
		validate, process = append(validate, t1.Sub(t0)), append(process, time.Since(t1))
	}
	b.ReportMetric(median(validate).Seconds()*1000, "validate-ms")
	b.ReportMetric(median(process).Seconds()*1000, "process-ms")
}

func median(d []time.Duration) time.Duration {
	s := append([]time.Duration(nil), d...)
	for i := range s {
		for j := i + 1; j < len(s); j++ {
			if s[j] < s[i] {
				s[i], s[j] = s[j], s[i]
			}
		}
	}
	return s[len(s)/2]
}
