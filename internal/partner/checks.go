package partner

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/nyaruka/phonenumbers"
)

// Field checks of a partner's address (the VAT number is validate's).

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
