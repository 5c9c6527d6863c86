// Package i18n holds the server's few translated texts (validation
// messages, field labels, mails) and the language rules of SPEC §1/§9:
// nl by default, en as the fallback, fr; templates add de.
package i18n

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
)

// Lang is a two-letter interface language.
type Lang string

const (
	NL Lang = "nl"
	EN Lang = "en"
	FR Lang = "fr"
	DE Lang = "de"

	Default  = NL
	Fallback = EN
)

// Supported are the interface languages.
var Supported = []Lang{NL, EN, FR}

// IsSupported tells whether s is an interface language.
func IsSupported(s string) bool { return slices.Contains(Supported, Lang(s)) }

// FromAcceptLanguage picks the first supported language of an
// Accept-Language header, or "" if none is supported.
func FromAcceptLanguage(h string) Lang {
	for _, part := range strings.Split(h, ",") {
		tag := strings.TrimSpace(strings.SplitN(part, ";", 2)[0])
		base := strings.ToLower(strings.SplitN(tag, "-", 2)[0])
		if IsSupported(base) {
			return Lang(base)
		}
	}
	return ""
}

type langKey struct{}

// WithLang stores the request's language in ctx.
func WithLang(ctx context.Context, l Lang) context.Context {
	return context.WithValue(ctx, langKey{}, l)
}

// FromContext returns the request's language, or the default.
func FromContext(ctx context.Context) Lang {
	if l, ok := ctx.Value(langKey{}).(Lang); ok && l != "" {
		return l
	}
	return Default
}

// T translates key into l, falling back to English, then to the key; args
// fill fmt verbs in the text.
func T(l Lang, key string, args ...any) string {
	texts, ok := catalog[key]
	if !ok {
		return key
	}
	s, ok := texts[l]
	if o := overrides.Load(); o != nil {
		if text, found := (*o)(l, key); found {
			s, ok = text, true
		}
	}
	if !ok {
		s = texts[Fallback]
	}
	if len(args) > 0 {
		return fmt.Sprintf(s, args...)
	}
	return s
}

// Override looks up a replacement of a catalog text in a language; found
// is false when there is none (the built-in text stands).
type Override func(l Lang, key string) (text string, found bool)

var overrides atomic.Pointer[Override]

// SetOverride installs the lookup T consults before its built-in texts
// (internal/translation's SERVER_MESSAGE translations); nil removes it.
// Only keys the catalog knows are overridden, so a typo cannot invent a
// message. The lookup must be cheap and must not call T.
func SetOverride(o Override) {
	if o == nil {
		overrides.Store(nil)
		return
	}
	overrides.Store(&o)
}

// Has tells whether the catalog knows key.
func Has(key string) bool {
	_, ok := catalog[key]
	return ok
}

// HasIn tells whether key has its own text in l (not the fallback).
func HasIn(l Lang, key string) bool {
	_, ok := catalog[key][l]
	return ok
}

// register adds a domain's texts to the catalog. Each area keeps its texts
// in a file of its own (catalog_<area>.go) that calls register from init,
// so areas do not edit one shared literal; a key defined twice is a bug.
func register(texts map[string]map[Lang]string) {
	for k, v := range texts {
		if _, dup := catalog[k]; dup {
			panic("i18n: text defined twice: " + k)
		}
		catalog[k] = v
	}
}

// Keys lists every key of the catalog (for the tests that check coverage).
func Keys() []string {
	keys := make([]string, 0, len(catalog))
	for k := range catalog {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// Builtin is key's own text in l (else English), without overrides or
// arguments; "" when the catalog does not know key.
func Builtin(l Lang, key string) string {
	texts := catalog[key]
	if s, ok := texts[l]; ok {
		return s
	}
	return texts[Fallback]
}
