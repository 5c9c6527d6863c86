package order

import (
	"strconv"
	"strings"
)

// NormalizeNationalNumber reduces a Belgian national number
// (rijksregisternummer, YY.MM.DD-SSS.CC) to its 11 digits, dropping the
// usual separators; ok is false when anything else remains.
func NormalizeNationalNumber(s string) (string, bool) {
	d := strings.NewReplacer(" ", "", ".", "", "-", "").Replace(strings.TrimSpace(s))
	if len(d) != 11 {
		return "", false
	}
	for _, c := range d {
		if c < '0' || c > '9' {
			return "", false
		}
	}
	return d, true
}

// ValidNationalNumber checks the check digits of an 11-digit national
// number: 97 − (the first 9 digits mod 97); for people born from 2000 on
// the 9 digits are prefixed with "2" first. bornFrom2000 picks the rule
// (the birth date is part of the order), so a number only valid under the
// other century's rule is refused.
func ValidNationalNumber(digits string, bornFrom2000 bool) bool {
	if len(digits) != 11 {
		return false
	}
	base, err1 := strconv.ParseInt(digits[:9], 10, 64)
	check, err2 := strconv.ParseInt(digits[9:], 10, 64)
	if err1 != nil || err2 != nil {
		return false
	}
	if bornFrom2000 {
		base += 2_000_000_000
	}
	return 97-base%97 == check
}

// FormatNationalNumber writes 11 digits as YY.MM.DD-SSS.CC.
func FormatNationalNumber(d string) string {
	if len(d) != 11 {
		return d
	}
	return d[0:2] + "." + d[2:4] + "." + d[4:6] + "-" + d[6:9] + "." + d[9:11]
}

// MaskNationalNumber shows only the check digits: **.**.**-***.CC.
func MaskNationalNumber(d string) string {
	if len(d) != 11 {
		return "**.**.**-***.**"
	}
	return "**.**.**-***." + d[9:11]
}
