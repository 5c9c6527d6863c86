package messaging_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

// BenchmarkSendToAll: a message to all of Acme's app users, with
// BENCH_MESSAGE_USERS generated ones (default 5,000; the figure is
// for 100,000, aim under 20 s on SQLite), push on: the send call (stored,
// queued) and the delivery worker writing every inbox row and push in
// batches of messaging.DefaultBatch. Each iteration sends a new message.
func BenchmarkSendToAll(b *testing.B) {
	for _, d := range testkit.Dialects() {
		b.Run(string(d), func(b *testing.B) {
			ctx := context.Background()
			e := testkit.NewEnv(b, d)
			users := testkit.BenchEnv("BENCH_MESSAGE_USERS", 5000)
			if err := seed.Users(ctx, e.DB, seed.AcmeOspID, users, e.Clock.Now()); err != nil {
				b.Fatal(err)
			}
			if d == "postgres" {
				if _, err := e.DB.Exec(ctx, `ANALYZE`); err != nil {
					b.Fatal(err)
				}
			}
			e.CompanyAdmin("bench.comm", seed.AcmeOspID, access.CommunicationManager)
			tok := e.LoginAs("bench.comm")
			res := e.Post(v1+"/messageChannel/add", tok, map[string]any{"channel": map[string]any{"name": "Bench", "showInApp": true}})
			testkit.MustStatus(b, res, http.StatusOK)
			channel := res.Map(b)["ospId"].(string)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				t0 := time.Now()
				res := e.Post(v1+"/message/send", tok, map[string]any{"message": map[string]any{"channelOspId": channel,
					"title": "Bench", "body": "To everyone", "push": true, "recipients": map[string]any{"all": true}}})
				testkit.MustStatus(b, res, http.StatusOK)
				sendTook := time.Since(t0)
				if _, err := e.App.Messaging.DeliverPending(ctx); err != nil {
					b.Fatal(err)
				}
				took := time.Since(t0)
				var m struct {
					Status         string `db:"status"`
					DeliveredCount int    `db:"delivered_count"`
				}
				if err := e.DB.Get(ctx, &m, `SELECT status, delivered_count FROM messages WHERE osp_id = ?`, res.Map(b)["ospId"]); err != nil {
					b.Fatal(err)
				}
				if m.Status != "SENT" || m.DeliveredCount < users {
					b.Fatalf("message: %+v, want SENT to %d+", m, users)
				}
				b.ReportMetric(took.Seconds(), "s/message")
				b.Logf("%d recipients: send call %s, delivered in %s", m.DeliveredCount, sendTook.Round(time.Millisecond), took.Round(time.Millisecond))
			}
		})
	}
}
