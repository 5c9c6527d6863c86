package document

import (
	"strconv"
	"strings"

	"mobility/portal/internal/i18n"
	"mobility/portal/internal/money"
)

// lang is the document's language, nl when it has none the catalog knows.
func (d *Doc) lang() i18n.Lang {
	if i18n.IsSupported(d.Language) {
		return i18n.Lang(d.Language)
	}
	return i18n.Default
}

// t is a label in the document's language.
func (d *Doc) t(key string, args ...any) string { return i18n.T(d.lang(), key, args...) }

// euro writes cents the way the document's language does.
func (d *Doc) euro(cents int64) string { return money.FormatEuro(cents, string(d.lang())) }

// decimal writes v / 10^scale with at least minDec and at most scale
// decimals, in the document's language ("1.234,5" nl/fr, "1,234.5" en).
// Only the PDF uses the local form; UBL and CSV write plainDecimal.
func (d *Doc) decimal(v int64, scale, minDec int) string {
	s := plainDecimal(v, scale, minDec)
	intPart, frac, _ := strings.Cut(strings.TrimPrefix(s, "-"), ".")
	thousands, dec := ".", ","
	if d.lang() == i18n.EN {
		thousands, dec = ",", "."
	}
	var b strings.Builder
	if v < 0 {
		b.WriteByte('-')
	}
	for i, c := range intPart {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			b.WriteString(thousands)
		}
		b.WriteRune(c)
	}
	if frac != "" {
		b.WriteString(dec)
		b.WriteString(frac)
	}
	return b.String()
}

// quantity writes thousandths as a number with up to 3 decimals.
func (d *Doc) quantity(milli int64) string { return d.decimal(milli, 3, 0) }

// percent writes a VAT rate in basis points: "21 %", "5,5 %".
func (d *Doc) percent(bp int) string { return d.decimal(int64(bp), 2, 0) + " %" }

// date writes yyyy-MM-dd as dd/MM/yyyy (Belgian use in every language);
// anything else is written as it is.
func date(s string) string {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return s
	}
	return s[8:10] + "/" + s[5:7] + "/" + s[0:4]
}

// plainDecimal writes v / 10^scale with a dot, at least minDec and at most
// scale decimals (trailing zeros beyond minDec dropped): the form of UBL
// amounts and quantities and of the CSV.
func plainDecimal(v int64, scale, minDec int) string {
	neg := v < 0
	u := uint64(v)
	if neg {
		u = uint64(-v) // -MinInt64 wraps to itself, and as uint64 it is right
	}
	digits := strconv.FormatUint(u, 10)
	for len(digits) <= scale {
		digits = "0" + digits
	}
	intPart, frac := digits[:len(digits)-scale], digits[len(digits)-scale:]
	for len(frac) > minDec && strings.HasSuffix(frac, "0") {
		frac = frac[:len(frac)-1]
	}
	s := intPart
	if frac != "" {
		s += "." + frac
	}
	if neg {
		s = "-" + s
	}
	return s
}

// amount writes cents with exactly two decimals: "1234.56", "-0.05".
func amount(cents int64) string { return plainDecimal(cents, 2, 2) }
