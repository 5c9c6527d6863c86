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
	"mobility/portal/internal/testkit"
)

func TestOutboxKeepsMailsWithoutSMTP(t *testing.T) {
	testkit.ForEachDialect(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		o := mail.NewOutbox(db, clock.NewFixed(testkit.Start))
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

func TestEveryTemplateRendersInEveryLanguage(t *testing.T) {
	data := map[string]any{"Name": "An", "Login": "an", "Link": "L", "Logins": []string{"a", "b"}, "URL": "U", "Company": "C",
		"Password": "P", "AppStoreURL": "A", "PlayStoreURL": "G", "ContactTypes": []string{"x"}, "Pincode": "123456", "Expires": "E",
		"Title": "T", "Number": "N", "Period": "P", "Payable": "€ 1,00", "DueDate": "D", "PaymentReference": "R", "DirectDebit": true}
	for _, name := range []string{"reset_password", "reset_login", "credentials_mobile", "credentials_admin", "welcome_contact", "pincode", "self_registration_link", "invoice_issued"} {
		for _, l := range i18n.Supported {
			subject, body, err := mail.Render(mail.Message{Name: name, Lang: l, Data: data})
			if err != nil || subject == "" || body == "" || strings.Contains(body, "<no value>") {
				t.Errorf("%s/%s: %q %q %v", l, name, subject, body, err)
			}
		}
	}
}
