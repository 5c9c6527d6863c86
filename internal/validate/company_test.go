package validate_test

import (
	"context"
	"testing"

	"mobility/portal/internal/i18n"
	"mobility/portal/internal/validate"
)

func TestCompanyNumbers(t *testing.T) {
	cases := []struct {
		name  string
		check func(c *validate.Checker) string
		want  string // stored value; "" with bad = true
		bad   bool
	}{
		{"iban belgian spaced lower", func(c *validate.Checker) string { return c.IBAN("iban", "be68 5390 0754 7034") }, "BE68539007547034", false},
		{"iban german", func(c *validate.Checker) string { return c.IBAN("iban", "DE89 3704 0044 0532 0130 00") }, "DE89370400440532013000", false},
		{"iban dutch", func(c *validate.Checker) string { return c.IBAN("iban", "NL91ABNA0417164300") }, "NL91ABNA0417164300", false},
		{"iban french with letters", func(c *validate.Checker) string { return c.IBAN("iban", "FR14 2004 1010 0505 0001 3M02 606") }, "FR1420041010050500013M02606", false},
		{"iban british", func(c *validate.Checker) string { return c.IBAN("iban", "GB82 WEST 1234 5698 7654 32") }, "GB82WEST12345698765432", false},
		{"iban wrong check digit", func(c *validate.Checker) string { return c.IBAN("iban", "BE68539007547035") }, "", true},
		{"iban wrong length", func(c *validate.Checker) string { return c.IBAN("iban", "BE685390075470341") }, "", true},
		{"iban unknown country", func(c *validate.Checker) string { return c.IBAN("iban", "XX68539007547034") }, "", true},
		{"iban garbage", func(c *validate.Checker) string { return c.IBAN("iban", "BE6853900754703$") }, "", true},
		{"iban empty is no error", func(c *validate.Checker) string { return c.IBAN("iban", " ") }, "", false},
		{"bic 8", func(c *validate.Checker) string { return c.BIC("bic", "gebabebb") }, "GEBABEBB", false},
		{"bic 11", func(c *validate.Checker) string { return c.BIC("bic", "GEBABEBB36A") }, "GEBABEBB36A", false},
		{"bic digit in bank", func(c *validate.Checker) string { return c.BIC("bic", "GEB1BEBB") }, "", true},
		{"bic 9", func(c *validate.Checker) string { return c.BIC("bic", "GEBABEBB3") }, "", true},
		{"bic 7", func(c *validate.Checker) string { return c.BIC("bic", "GEBABEB") }, "", true},
		{"vat belgian", func(c *validate.Checker) string { return c.VATNumber("vatNumber", "BE0123456749") }, "BE0123456749", false},
		{"vat belgian dotted", func(c *validate.Checker) string { return c.VATNumber("vatNumber", "0123.456.749") }, "BE0123456749", false},
		{"vat belgian spaced", func(c *validate.Checker) string { return c.VATNumber("vatNumber", "BE 0123 456 749") }, "BE0123456749", false},
		{"vat belgian starting 1", func(c *validate.Checker) string { return c.VATNumber("vatNumber", "BE1000000021") }, "BE1000000021", false},
		{"vat belgian bad check", func(c *validate.Checker) string { return c.VATNumber("vatNumber", "BE0123456789") }, "", true},
		{"vat belgian starting 2", func(c *validate.Checker) string { return c.VATNumber("vatNumber", "BE2123456749") }, "", true},
		{"vat belgian too short", func(c *validate.Checker) string { return c.VATNumber("vatNumber", "BE01234567") }, "", true},
		{"vat dutch", func(c *validate.Checker) string { return c.VATNumber("vatNumber", "NL 1234.56.789.B01") }, "NL123456789B01", false},
		{"vat german", func(c *validate.Checker) string { return c.VATNumber("vatNumber", "de123456789") }, "DE123456789", false},
		{"vat french", func(c *validate.Checker) string { return c.VATNumber("vatNumber", "FR40303265045") }, "FR40303265045", false},
		{"vat austrian", func(c *validate.Checker) string { return c.VATNumber("vatNumber", "ATU12345678") }, "ATU12345678", false},
		{"vat greek as GR", func(c *validate.Checker) string { return c.VATNumber("vatNumber", "GR123456789") }, "EL123456789", false},
		{"vat german too short", func(c *validate.Checker) string { return c.VATNumber("vatNumber", "DE12345678") }, "", true},
		{"vat dutch without B", func(c *validate.Checker) string { return c.VATNumber("vatNumber", "NL123456789001") }, "", true},
		{"vat not EU", func(c *validate.Checker) string { return c.VATNumber("vatNumber", "US123456789") }, "", true},
		{"company number belgian", func(c *validate.Checker) string { return c.CompanyNumber("companyNumber", "0123.456.749", "BE") }, "BE0123456749", false},
		{"company number old 9 digits", func(c *validate.Checker) string { return c.CompanyNumber("companyNumber", "123456749", "BE") }, "BE0123456749", false},
		{"company number belgian bad", func(c *validate.Checker) string { return c.CompanyNumber("companyNumber", "0123.456.789", "BE") }, "", true},
		{"company number foreign kept", func(c *validate.Checker) string { return c.CompanyNumber("companyNumber", " HRB 12345 ", "DE") }, "HRB 12345", false},
	}
	ctx := i18n.WithLang(context.Background(), i18n.EN)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := validate.New(ctx)
			got := tc.check(c)
			if err := c.Err(); (err != nil) != tc.bad {
				t.Fatalf("error %v, want bad=%v", err, tc.bad)
			}
			if got != tc.want {
				t.Fatalf("stored %q, want %q", got, tc.want)
			}
		})
	}
	c := validate.New(ctx)
	c.IBAN("iban", "BE00")
	if err := c.Err(); err == nil || err.Error() == "" {
		t.Fatal("want error")
	}
}
