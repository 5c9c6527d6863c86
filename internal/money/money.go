// Package money formats integer euro cents at the edges (mails, files)
// and builds Belgian structured payment references. Arithmetic on money
// happens on int64 cents everywhere else.
package money

import (
	"fmt"
	"strconv"
	"strings"
)

// FormatEuro writes cents as euros with two decimals the way the language
// writes them: "€ 1.234,56" in nl and fr, "€1,234.56" in en.
func FormatEuro(cents int64, lang string) string {
	neg := cents < 0
	if neg {
		cents = -cents
	}
	whole, frac := cents/100, cents%100
	digits := strconv.FormatInt(whole, 10)
	thousands, decimal := ".", ","
	if lang == "en" {
		thousands, decimal = ",", "."
	}
	var b strings.Builder
	for i, d := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteString(thousands)
		}
		b.WriteRune(d)
	}
	sign := ""
	if neg {
		sign = "-"
	}
	if lang == "en" {
		return fmt.Sprintf("%s€%s%s%02d", sign, b.String(), decimal, frac)
	}
	return fmt.Sprintf("%s€ %s%s%02d", sign, b.String(), decimal, frac)
}

// StructuredReference is the Belgian structured communication
// (+++ddd/dddd/ddddd+++) for a 10-digit base number: the base followed by
// its modulo-97 check (97 when the remainder is 0).
func StructuredReference(base int64) string {
	base %= 10_000_000_000
	check := base % 97
	if check == 0 {
		check = 97
	}
	d := fmt.Sprintf("%010d%02d", base, check)
	return "+++" + d[0:3] + "/" + d[3:7] + "/" + d[7:12] + "+++"
}

// ValidStructuredReference checks the format and check digits.
func ValidStructuredReference(s string) bool {
	d := strings.NewReplacer("+", "", "/", "", " ", "").Replace(s)
	if len(d) != 12 {
		return false
	}
	base, err1 := strconv.ParseInt(d[:10], 10, 64)
	check, err2 := strconv.ParseInt(d[10:], 10, 64)
	if err1 != nil || err2 != nil {
		return false
	}
	want := base % 97
	if want == 0 {
		want = 97
	}
	return check == want
}
