// Package validate is the server's one place for the input rules of SPEC §5.
// Each rule adds a translated message naming the field to an
// apperr.Validation; only the first failing rule of a field is kept, as the
// web app shows it.
package validate

import (
	"context"
	"net/mail"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/nyaruka/phonenumbers"

	"mobility/portal/internal/apperr"
	"mobility/portal/internal/constants"
	"mobility/portal/internal/i18n"
)

// Checker validates one request in one language.
type Checker struct {
	v    apperr.Validation
	lang i18n.Lang
}

// New starts a checker in the request's language.
func New(ctx context.Context) *Checker { return &Checker{lang: i18n.FromContext(ctx)} }

// Err returns the collected VALIDATION_FAILED error, or nil.
func (c *Checker) Err() error { return c.v.Err() }

// label is the translated name of a field. A JSON path loses its list
// indices (types[3] is "types"); "budgetTypes.MOBILITY_BUDGET" falls back
// to the label of "budgetTypes"; a nested "userData.firstname" to that of
// "firstname"; an unknown field is named as it is.
func (c *Checker) label(field string) string {
	f := indexPattern.ReplaceAllString(field, "")
	for p := f; p != ""; {
		if i18n.Has("field." + p) {
			return i18n.T(c.lang, "field."+p)
		}
		i := strings.LastIndexByte(p, '.')
		if i < 0 {
			break
		}
		p = p[:i]
	}
	for p := f; ; {
		i := strings.IndexByte(p, '.')
		if i < 0 {
			break
		}
		p = p[i+1:]
		if i18n.Has("field." + p) {
			return i18n.T(c.lang, "field."+p)
		}
	}
	return field
}

var indexPattern = regexp.MustCompile(`\[\d+\]`)

// errCount is how many fields failed so far.
func (c *Checker) errCount() int { return c.v.Len() }

// Fail records a message built from a catalog rule for field, unless the
// field already failed.
func (c *Checker) Fail(field, rule string, args ...any) {
	if c.v.Has(field) {
		return
	}
	c.v.Add(field, i18n.T(c.lang, rule, append([]any{c.label(field)}, args...)...))
}

// FailText records a message that names no label (e.g. the e-mail rule).
func (c *Checker) FailText(field, rule string) {
	if c.v.Has(field) {
		return
	}
	c.v.Add(field, i18n.T(c.lang, rule))
}

// Required: the value may not be blank.
func (c *Checker) Required(field, value string) bool {
	if strings.TrimSpace(value) == "" {
		c.Fail(field, "rule.required")
		return false
	}
	return true
}

// MinLength counts characters, not bytes.
func (c *Checker) MinLength(field, value string, min int) {
	if utf8.RuneCountInString(value) < min {
		c.Fail(field, "rule.minLength", min)
	}
}

// MaxLength counts characters, not bytes.
func (c *Checker) MaxLength(field, value string, max int) {
	if utf8.RuneCountInString(value) > max {
		c.Fail(field, "rule.maxLength", max)
	}
}

// Email: a single plain address.
func (c *Checker) Email(field, value string) {
	if value == "" {
		return
	}
	a, err := mail.ParseAddress(value)
	if err != nil || a.Address != value || !strings.Contains(value[strings.LastIndexByte(value, '@'):], ".") {
		c.FailText(field, "rule.email")
	}
}

var extIDPattern = regexp.MustCompile(`^[^.\s]+$`)

// ExtID: no dots or whitespace.
func (c *Checker) ExtID(field, value string) {
	if value != "" && !extIDPattern.MatchString(value) {
		c.Fail(field, "rule.extId")
	}
}

// Language: one of the interface languages.
func (c *Checker) Language(field, value string) {
	if !i18n.IsSupported(value) {
		c.Fail(field, "rule.language")
	}
}

// Date: an API date yyyy-MM-dd.
func (c *Checker) Date(field, value string) {
	if value == "" {
		return
	}
	if _, err := time.Parse("2006-01-02", value); err != nil {
		c.Fail(field, "rule.date")
	}
}

// IsValidEmail reports the e-mail rule without a checker.
func IsValidEmail(value string) bool {
	c := &Checker{}
	c.Email("email", value)
	return c.Err() == nil
}

// Phone checks a mobile number with a real numbering plan (libphonenumber):
// at most 25 characters, a valid number of one of the allowed countries,
// read as Belgian when it has no country code. It returns the number in
// E.164 form ("" when invalid or empty).
func (c *Checker) Phone(field, value string) string {
	value = strings.TrimSpace(value)
	if value == "" {
		return ""
	}
	if utf8.RuneCountInString(value) > constants.PhoneMaxLength {
		c.Fail(field, "rule.maxLength", constants.PhoneMaxLength)
		return ""
	}
	num, err := phonenumbers.Parse(value, constants.DefaultPhoneCountry)
	if err != nil || !phonenumbers.IsValidNumber(num) ||
		!slices.Contains(constants.AllowedPhoneCountries, phonenumbers.GetRegionCodeForNumber(num)) {
		c.Fail(field, "rule.phone")
		return ""
	}
	return phonenumbers.Format(num, phonenumbers.E164)
}

// OneOf: value must be one of allowed.
func (c *Checker) OneOf(field, value string, allowed []string) {
	if !slices.Contains(allowed, value) {
		c.Fail(field, "rule.oneOf", strings.Join(allowed, ", "))
	}
}

// Has tells whether field already failed a rule.
func (c *Checker) Has(field string) bool { return c.v.Has(field) }
