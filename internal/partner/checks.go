package partner

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/nyaruka/phonenumbers"
)

// Field checks of a partner's address and VAT number. The company helper
// adds shared VAT/IBAN checks to internal/validate; these are partner's
// own until that lands (then partner can use those).

// DefaultCountry is the country of a partner that names none.
const DefaultCountry = "BE"

// validCountry: an ISO 3166-1 alpha-2 code of a real country (the regions
// of the numbering-plan library, which covers every assigned code).
func validCountry(c string) bool {
	return len(c) == 2 && phonenumbers.GetSupportedRegions()[c]
}

var zipPatterns = map[string]*regexp.Regexp{
	"BE": regexp.MustCompile(`^[1-9][0-9]{3}$`),
	"LU": regexp.MustCompile(`^(L-)?[0-9]{4}$`),
	"NL": regexp.MustCompile(`^[1-9][0-9]{3} ?[A-Z]{2}$`),
	"FR": regexp.MustCompile(`^[0-9]{5}$`),
	"DE": regexp.MustCompile(`^[0-9]{5}$`),
}

var zipOther = regexp.MustCompile(`^[A-Z0-9][A-Z0-9 -]{1,9}$`)

// validZip: the postal-code format of the country (Belgium: 4 digits).
func validZip(country, zip string) bool {
	zip = strings.ToUpper(zip)
	if p := zipPatterns[country]; p != nil {
		return p.MatchString(zip)
	}
	return zipOther.MatchString(zip)
}

// normaliseVAT uppercases a VAT number and drops the spaces, dots and
// dashes people type in it (BE 0123.456.749 is BE0123456749).
func normaliseVAT(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case ' ', '.', '-', '\t':
			return -1
		}
		return unicode.ToUpper(r)
	}, s)
}

// vatPatterns are the formats of EU VAT numbers after the country prefix.
var vatPatterns = map[string]*regexp.Regexp{
	"AT": regexp.MustCompile(`^U[0-9]{8}$`),
	"BG": regexp.MustCompile(`^[0-9]{9,10}$`),
	"CY": regexp.MustCompile(`^[0-9]{8}[A-Z]$`),
	"CZ": regexp.MustCompile(`^[0-9]{8,10}$`),
	"DE": regexp.MustCompile(`^[0-9]{9}$`),
	"DK": regexp.MustCompile(`^[0-9]{8}$`),
	"EE": regexp.MustCompile(`^[0-9]{9}$`),
	"EL": regexp.MustCompile(`^[0-9]{9}$`),
	"ES": regexp.MustCompile(`^[A-Z0-9][0-9]{7}[A-Z0-9]$`),
	"FI": regexp.MustCompile(`^[0-9]{8}$`),
	"FR": regexp.MustCompile(`^[A-Z0-9]{2}[0-9]{9}$`),
	"HR": regexp.MustCompile(`^[0-9]{11}$`),
	"HU": regexp.MustCompile(`^[0-9]{8}$`),
	"IE": regexp.MustCompile(`^([0-9]{7}[A-Z]{1,2}|[0-9][A-Z+*][0-9]{5}[A-Z])$`),
	"IT": regexp.MustCompile(`^[0-9]{11}$`),
	"LT": regexp.MustCompile(`^([0-9]{9}|[0-9]{12})$`),
	"LU": regexp.MustCompile(`^[0-9]{8}$`),
	"LV": regexp.MustCompile(`^[0-9]{11}$`),
	"MT": regexp.MustCompile(`^[0-9]{8}$`),
	"NL": regexp.MustCompile(`^[0-9]{9}B[0-9]{2}$`),
	"PL": regexp.MustCompile(`^[0-9]{10}$`),
	"PT": regexp.MustCompile(`^[0-9]{9}$`),
	"RO": regexp.MustCompile(`^[0-9]{2,10}$`),
	"SE": regexp.MustCompile(`^[0-9]{12}$`),
	"SI": regexp.MustCompile(`^[0-9]{8}$`),
	"SK": regexp.MustCompile(`^[0-9]{10}$`),
	"XI": regexp.MustCompile(`^([0-9]{9}|[0-9]{12}|GD[0-9]{3}|HA[0-9]{3})$`),
}

var belgianVAT = regexp.MustCompile(`^BE[01][0-9]{9}$`)

// validVAT checks a normalised VAT number: a Belgian one has 10 digits
// whose last two are 97 minus the first eight modulo 97; another EU
// country's has that country's format.
func validVAT(vat string) bool {
	if strings.HasPrefix(vat, "BE") {
		if !belgianVAT.MatchString(vat) {
			return false
		}
		base, _ := strconv.Atoi(vat[2:10])
		check, _ := strconv.Atoi(vat[10:])
		return 97-base%97 == check
	}
	if len(vat) < 3 {
		return false
	}
	p := vatPatterns[vat[:2]]
	return p != nil && p.MatchString(vat[2:])
}

// printable: valid UTF-8 without control characters (tabs, newlines, NUL,
// escape sequences have no place in a name or an address line).
func printable(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if unicode.IsControl(r) {
			return false
		}
	}
	return true
}

func itoa(i int) string { return strconv.Itoa(i) }
