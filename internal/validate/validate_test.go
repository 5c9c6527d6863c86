package validate_test

import (
	"context"
	"testing"

	"mobility/portal/internal/apperr"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/validate"
)

func TestRules(t *testing.T) {
	ctx := i18n.WithLang(context.Background(), i18n.EN)
	cases := []struct {
		name  string
		check func(c *validate.Checker)
		want  string // "" = valid
	}{
		{"required blank", func(c *validate.Checker) { c.Required("firstname", "  ") }, "First name is required"},
		{"email ok", func(c *validate.Checker) { c.Email("email", "a.b@example.be") }, ""},
		{"email bad", func(c *validate.Checker) { c.Email("email", "a@b") }, "The email format seems to be wrong"},
		{"email with name", func(c *validate.Checker) { c.Email("email", "An <a@b.be>") }, "The email format seems to be wrong"},
		{"min length", func(c *validate.Checker) { c.MinLength("newPassword", "1234567", 8) }, "New password must have at least 8 characters"},
		{"ext id dot", func(c *validate.Checker) { c.ExtID("extId", "a.b") }, "External id may not contain dots or spaces"},
		{"ext id space", func(c *validate.Checker) { c.ExtID("extId", "a b") }, "External id may not contain dots or spaces"},
		{"ext id ok", func(c *validate.Checker) { c.ExtID("extId", "EMP-001_x") }, ""},
		{"phone belgian local", func(c *validate.Checker) { c.Phone("msisdn", "0470 12 34 56") }, ""},
		{"phone french", func(c *validate.Checker) { c.Phone("msisdn", "+33 6 12 34 56 78") }, ""},
		{"phone us not allowed", func(c *validate.Checker) { c.Phone("msisdn", "+1 202 555 0123") }, "Mobile phone is not a valid phone number"},
		{"phone garbage", func(c *validate.Checker) { c.Phone("msisdn", "12ab") }, "Mobile phone is not a valid phone number"},
		{"phone too long", func(c *validate.Checker) { c.Phone("msisdn", "+32 470 12 34 56 00 00 00 00 00") }, "Mobile phone may have at most 25 characters"},
		{"date", func(c *validate.Checker) { c.Date("birthdate", "2024-02-30") }, "Date of birth must be a date (yyyy-MM-dd)"},
		{"hex 6", func(c *validate.Checker) { c.HexColor("colour", "#0f89ea") }, ""},
		{"hex 8", func(c *validate.Checker) { c.HexColor("colour", "#0F89EA80") }, ""},
		{"hex no hash", func(c *validate.Checker) { c.HexColor("colour", "0F89EA") }, "colour must be # followed by 6 or 8 hexadecimal characters"},
		{"hex 3", func(c *validate.Checker) { c.HexColor("colour", "#FFF") }, "colour must be # followed by 6 or 8 hexadecimal characters"},
		{"hex 7", func(c *validate.Checker) { c.HexColor("colour", "#0F89EA8") }, "colour must be # followed by 6 or 8 hexadecimal characters"},
		{"hex not hex", func(c *validate.Checker) { c.HexColor("colour", "#0G89EA") }, "colour must be # followed by 6 or 8 hexadecimal characters"},
		{"first rule only", func(c *validate.Checker) { c.Required("email", ""); c.Email("email", "x") }, "Email is required"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := validate.New(ctx)
			tc.check(c)
			err := c.Err()
			if tc.want == "" {
				if err != nil {
					t.Fatalf("want valid, got %v", err)
				}
				return
			}
			e := apperr.As(err)
			if e == nil || len(e.Fields) != 1 || len(e.Fields[0].Messages) != 1 || e.Fields[0].Messages[0] != tc.want {
				t.Fatalf("want %q, got %+v", tc.want, e)
			}
		})
	}
	c := validate.New(ctx)
	if got := c.Phone("msisdn", "0470/12.34.56"); got != "+32470123456" {
		t.Fatalf("E.164: %q", got)
	}
	if got := c.HexColor("colour", "#0f89ea"); got != "#0F89EA" {
		t.Fatalf("hex stored uppercase: %q", got)
	}
}
