package validate

import (
	"regexp"
	"strconv"
	"strings"
)

// Rules for a company's bank and registration numbers: IBAN (ISO 13616
// mod-97 with the registry's length per country), BIC (ISO 9362, 8 or 11
// characters), Belgian enterprise numbers (10 digits, the last two
// 97 - first eight mod 97) and EU VAT numbers (Belgium by its check, the
// other member states by the format VIES documents). No Go module for
// these is served by the module proxy this build uses, so the tables are
// here; each function returns the value as stored.

// ibanLengths is the length of an IBAN per country (SWIFT IBAN registry).
var ibanLengths = map[string]int{
	"AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22, "BH": 22, "BI": 27,
	"BR": 29, "BY": 28, "CH": 21, "CR": 22, "CY": 28, "CZ": 24, "DE": 22, "DJ": 27, "DK": 18, "DO": 28,
	"EE": 20, "EG": 29, "ES": 24, "FI": 18, "FK": 18, "FO": 18, "FR": 27, "GB": 22, "GE": 22, "GI": 23,
	"GL": 18, "GR": 27, "GT": 28, "HN": 28, "HR": 21, "HU": 28, "IE": 22, "IL": 23, "IQ": 23, "IS": 26,
	"IT": 27, "JO": 30, "KW": 30, "KZ": 20, "LB": 28, "LC": 32, "LI": 21, "LT": 20, "LU": 20, "LV": 21,
	"LY": 25, "MC": 27, "MD": 24, "ME": 22, "MK": 19, "MN": 20, "MR": 27, "MT": 31, "MU": 30, "NI": 28,
	"NL": 18, "NO": 15, "OM": 23, "PK": 24, "PL": 28, "PS": 29, "PT": 25, "QA": 29, "RO": 24, "RS": 22,
	"RU": 33, "SA": 24, "SC": 31, "SD": 18, "SE": 24, "SI": 19, "SK": 24, "SM": 27, "SO": 23, "ST": 25,
	"SV": 28, "TL": 23, "TN": 24, "UA": 29, "VA": 22, "VG": 24, "XK": 20, "YE": 30,
}

var ibanChars = regexp.MustCompile(`^[A-Z]{2}[0-9]{2}[A-Z0-9]+$`)

// compact uppercases value and drops spaces, dots, dashes and slashes.
func compact(value string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case ' ', '.', '-', '/', '\t':
			return -1
		}
		if r >= 'a' && r <= 'z' {
			return r - 'a' + 'A'
		}
		return r
	}, value)
}

// NormalizeIBAN returns an IBAN uppercase without spaces, and whether it
// is valid: a known country, the country's length and the ISO 7064
// mod-97 check (the number with its first four characters moved to the
// end, letters as 10..35, is 1 modulo 97).
func NormalizeIBAN(value string) (string, bool) {
	s := compact(value)
	if len(s) < 5 || !ibanChars.MatchString(s) || ibanLengths[s[:2]] != len(s) {
		return s, false
	}
	rem := 0
	for _, r := range s[4:] + s[:4] {
		if r >= 'A' && r <= 'Z' {
			rem = (rem*100 + int(r-'A'+10)) % 97
		} else {
			rem = (rem*10 + int(r-'0')) % 97
		}
	}
	return s, rem == 1
}

// IBAN checks an IBAN and returns it as stored (uppercase, no spaces; ""
// when empty or invalid). SPEC §5: '{label} is not valid'.
func (c *Checker) IBAN(field, value string) string {
	if strings.TrimSpace(value) == "" {
		return ""
	}
	s, ok := NormalizeIBAN(value)
	if !ok {
		c.Fail(field, "rule.invalid")
		return ""
	}
	return s
}

var bicPattern = regexp.MustCompile(`^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$`)

// NormalizeBIC returns a BIC uppercase without spaces, and whether it has
// the ISO 9362 shape: bank (4 letters), country (2 letters), location (2),
// optional branch (3).
func NormalizeBIC(value string) (string, bool) {
	s := compact(value)
	return s, bicPattern.MatchString(s)
}

// BIC checks a BIC and returns it as stored ("" when empty or invalid).
func (c *Checker) BIC(field, value string) string {
	if strings.TrimSpace(value) == "" {
		return ""
	}
	s, ok := NormalizeBIC(value)
	if !ok {
		c.Fail(field, "rule.invalid")
		return ""
	}
	return s
}

// NormalizeBelgianCompanyNumber accepts "BE0123456749", "0123.456.749",
// "BE 0123 456 749" (and the old 9-digit form, read with a leading 0) and
// returns "BE0123456749" with whether the number is valid: 10 digits
// starting with 0 or 1 whose last two are 97 minus the first eight modulo 97.
func NormalizeBelgianCompanyNumber(value string) (string, bool) {
	s := strings.TrimPrefix(compact(value), "BE")
	if len(s) == 9 {
		s = "0" + s
	}
	if len(s) != 10 || (s[0] != '0' && s[0] != '1') {
		return "BE" + s, false
	}
	head, err1 := strconv.Atoi(s[:8])
	check, err2 := strconv.Atoi(s[8:])
	if err1 != nil || err2 != nil || strings.ContainsAny(s, "+-") {
		return "BE" + s, false
	}
	return "BE" + s, 97-head%97 == check
}

// vatFormats are the VAT number formats (after the country prefix) of the
// EU member states and Northern Ireland (XI), as VIES documents them.
// Greece's prefix is EL. Belgium is checked by NormalizeBelgianCompanyNumber.
var vatFormats = map[string]*regexp.Regexp{
	"AT": regexp.MustCompile(`^U\d{8}$`),
	"BG": regexp.MustCompile(`^\d{9,10}$`),
	"CY": regexp.MustCompile(`^\d{8}[A-Z]$`),
	"CZ": regexp.MustCompile(`^\d{8,10}$`),
	"DE": regexp.MustCompile(`^\d{9}$`),
	"DK": regexp.MustCompile(`^\d{8}$`),
	"EE": regexp.MustCompile(`^\d{9}$`),
	"EL": regexp.MustCompile(`^\d{9}$`),
	"ES": regexp.MustCompile(`^[A-Z0-9]\d{7}[A-Z0-9]$`),
	"FI": regexp.MustCompile(`^\d{8}$`),
	"FR": regexp.MustCompile(`^[A-HJ-NP-Z0-9]{2}\d{9}$`),
	"HR": regexp.MustCompile(`^\d{11}$`),
	"HU": regexp.MustCompile(`^\d{8}$`),
	"IE": regexp.MustCompile(`^\d[A-Z0-9+*]\d{5}[A-W][A-I]?$`),
	"IT": regexp.MustCompile(`^\d{11}$`),
	"LT": regexp.MustCompile(`^(?:\d{9}|\d{12})$`),
	"LU": regexp.MustCompile(`^\d{8}$`),
	"LV": regexp.MustCompile(`^\d{11}$`),
	"MT": regexp.MustCompile(`^\d{8}$`),
	"NL": regexp.MustCompile(`^\d{9}B\d{2}$`),
	"PL": regexp.MustCompile(`^\d{10}$`),
	"PT": regexp.MustCompile(`^\d{9}$`),
	"RO": regexp.MustCompile(`^[1-9]\d{1,9}$`),
	"SE": regexp.MustCompile(`^\d{10}01$`),
	"SI": regexp.MustCompile(`^\d{8}$`),
	"SK": regexp.MustCompile(`^\d{10}$`),
	"XI": regexp.MustCompile(`^(?:\d{9}|\d{12}|GD\d{3}|HA\d{3})$`),
}

// NormalizeVATNumber returns a VAT number with its country prefix,
// uppercase, without spaces, dots or dashes, and whether it is valid: a
// Belgian one by its mod-97 check (a number without prefix is read as
// Belgian), another EU one by its country's format.
func NormalizeVATNumber(value string) (string, bool) {
	s := compact(value)
	if len(s) >= 2 && s[0] >= '0' && s[0] <= '9' {
		s = "BE" + s
	}
	if len(s) < 4 {
		return s, false
	}
	prefix := s[:2]
	if prefix == "GR" {
		prefix, s = "EL", "EL"+s[2:]
	}
	if prefix == "BE" {
		return NormalizeBelgianCompanyNumber(s)
	}
	f := vatFormats[prefix]
	return s, f != nil && f.MatchString(s[2:])
}

// VATNumber checks a VAT number and returns it as stored ("" when empty
// or invalid).
func (c *Checker) VATNumber(field, value string) string {
	if strings.TrimSpace(value) == "" {
		return ""
	}
	s, ok := NormalizeVATNumber(value)
	if !ok {
		c.Fail(field, "rule.invalid")
		return ""
	}
	return s
}

// CompanyNumber checks a company (enterprise) number: a Belgian one (for
// a company in Belgium, or one written with the BE prefix) by its mod-97
// check, stored as "BE0123456749"; another country's is kept as written,
// trimmed. "" when empty or invalid.
func (c *Checker) CompanyNumber(field, value, country string) string {
	value = strings.TrimSpace(value)
	if value == "" {
		return ""
	}
	if country == "" || country == "BE" || strings.HasPrefix(compact(value), "BE") {
		s, ok := NormalizeBelgianCompanyNumber(value)
		if !ok {
			c.Fail(field, "rule.invalid")
			return ""
		}
		return s
	}
	return value
}
