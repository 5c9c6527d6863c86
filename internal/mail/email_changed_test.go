package mail_test

import (
	"strings"
	"testing"

	"mobility/portal/internal/i18n"
	"mobility/portal/internal/mail"
)

func TestEmailChangedNoticeRendersInEveryLanguage(t *testing.T) {
	data := map[string]any{"Name": "An", "Login": "an", "ChangedBy": "Bo Boss", "ChangedByEmail": "bo@example.com",
		"When": "21/11/2026 10:00", "HelpEmail": "help@example.com"}
	for _, l := range i18n.Supported {
		subject, body, err := mail.Render(mail.Message{Name: "email_changed", Lang: l, Data: data})
		if err != nil || subject == "" || strings.Contains(body, "<no value>") {
			t.Fatalf("%s: %q %q %v", l, subject, body, err)
		}
		for _, want := range []string{"Bo Boss", "bo@example.com", "help@example.com", "21/11/2026 10:00", "an"} {
			if !strings.Contains(body, want) {
				t.Errorf("%s: %q lacks %q", l, body, want)
			}
		}
	}
}
