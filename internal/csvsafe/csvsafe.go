// Package csvsafe defuses CSV cells a spreadsheet would run as a formula.
// It is shared by every file the portal exports (reports, invoice detail
// CSVs), so the rule is written once.
package csvsafe

import (
	"strconv"
	"strings"
)

// Text defuses text a spreadsheet would run as a formula (=, +, -, @ at the
// start, unless the cell is a plain number), with a leading quote. Text
// that begins with a quote gets one more, so Undo reads every value back
// exactly.
func Text(s string) string {
	if s != "" && (s[0] == '=' || s[0] == '+' || s[0] == '-' || s[0] == '@') {
		if _, err := strconv.ParseFloat(s, 64); err != nil {
			return "'" + s
		}
	}
	if strings.HasPrefix(s, "'") {
		return "'" + s
	}
	return s
}

// Undo is Text's inverse.
func Undo(s string) string { return strings.TrimPrefix(s, "'") }
