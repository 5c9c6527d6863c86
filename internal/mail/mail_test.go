package mail_test

import (
	"context"
	"strings"
	"testing"

	"mobility/portal/internal/clock"
	"mobility/portal/internal/config"
	"mobility/portal/internal/database"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/mail"
	"mobility/portal/internal/template"
	"mobility/portal/internal/testkit"
)

func TestOutboxKeepsMailsWithoutSMTP(t *testing.T) {
	testkit.ForEachDialect(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		o := mail.NewOutbox(db, clock.NewFixed(testkit.Start))
		o.UseRenderer(template.ShippedRenderer{})
		data := map[string]any{"Name": "An", "Login": "an", "Link": "http://x/set-new-password?token=t"}
		if err := o.Enqueue(ctx, mail.Message{To: "an@example.com", Name: "reset_password", Lang: i18n.FR, Data: data}); err != nil {
			t.Fatal(err)
		}
		// a mail enqueued in a transaction that rolls back never existed
		_ = db.WithTx(ctx, func(ctx context.Context) error {
			_ = o.Enqueue(ctx, mail.Message{To: "an@example.com", Name: "reset_password", Lang: i18n.NL, Data: data})
			return context.Canceled
		})
		if err := mail.NewSender(db, o, config.SMTP{}).Flush(ctx); err != nil {
			t.Fatal(err)
		}
		got, err := o.List(ctx, "an@example.com")
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 1 {
			t.Fatalf("want 1 mail, got %d", len(got))
		}
		m := got[0]
		if m.Status != "kept" || m.SentAt == nil || !strings.Contains(m.Subject, "mot de passe") || !strings.Contains(m.Body, "http://x/set-new-password?token=t") {
			t.Fatalf("mail: %+v", m)
		}
	})
}

func TestOutboxWithoutRendererRefuses(t *testing.T) {
	testkit.ForEachDialect(t, func(t *testing.T, db *database.DB) {
		o := mail.NewOutbox(db, clock.NewFixed(testkit.Start))
		err := o.Enqueue(context.Background(), mail.Message{To: "an@example.com", Name: "reset_password", Lang: i18n.EN})
		if err != mail.ErrNoRenderer {
			t.Fatalf("want ErrNoRenderer, got %v", err)
		}
		if got, _ := o.List(context.Background(), "an@example.com"); len(got) != 0 {
			t.Fatalf("stored %d mails", len(got))
		}
	})
}
