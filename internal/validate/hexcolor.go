package validate

import (
	"regexp"
	"strings"
)

var hexColorPattern = regexp.MustCompile(`^#(?:[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$`)

// IsHexColor reports SPEC §5's hex colour rule: # followed by 6 or 8 hex
// characters (any case).
func IsHexColor(value string) bool { return hexColorPattern.MatchString(value) }

// HexColor checks SPEC §5's hex colour (# and 6 or 8 hex characters) and
// returns it uppercased, as stored ("" when empty or invalid; an empty
// value is not an error: pair with Required when the colour is needed).
func (c *Checker) HexColor(field, value string) string {
	value = strings.TrimSpace(value)
	if value == "" {
		return ""
	}
	if !IsHexColor(value) {
		c.Fail(field, "rule.hexColor")
		return ""
	}
	return strings.ToUpper(value)
}
