package product

import (
	"fmt"
	"slices"
	"strings"

	"github.com/microcosm-cc/bluemonday"

	"mobility/portal/internal/validate"
)

// htmlPolicy is what a label's HTML variant may hold: inline formatting,
// paragraphs, lists and links (http, https, mailto or relative; opened
// with rel="nofollow noopener" in a new tab). It is stricter than
// bluemonday's UGC policy: no images (a label has no business loading
// anything), no tables, no classes or ids. Scripts, styles, event handlers,
// javascript: and data: URLs never pass. The policy is safe for concurrent
// use once built.
var htmlPolicy = func() *bluemonday.Policy {
	p := bluemonday.NewPolicy()
	p.AllowElements("b", "strong", "i", "em", "u", "s", "small", "sub", "sup", "br", "p", "span", "ul", "ol", "li")
	p.AllowStandardURLs()
	p.AllowAttrs("href").OnElements("a")
	p.RequireNoFollowOnLinks(true)
	p.AddTargetBlankToFullyQualifiedLinks(true)
	return p
}()

// SanitizeHTML returns html with everything outside the label policy
// removed, trimmed.
func SanitizeHTML(html string) string {
	if strings.TrimSpace(html) == "" {
		return ""
	}
	return strings.TrimSpace(htmlPolicy.Sanitize(html))
}

// cleanLabel is a label as it is stored: plain texts trimmed, HTML
// sanitised, translations ordered by language.
type cleanLabel struct {
	DefaultValue     string
	DefaultValueHTML string
	Translations     []translationRow
}

// checkLabel validates a label input under field prefix "productLabel"
// and returns it cleaned: defaultValue required, each language of
// LanguageCodes at most once with a text, texts and (sanitised) HTML within
// their bounds.
func checkLabel(v *validate.Checker, in LabelInput) cleanLabel {
	const f = "productLabel"
	out := cleanLabel{DefaultValue: strings.TrimSpace(in.DefaultValue)}
	if v.Required(f+".defaultValue", out.DefaultValue) {
		plainText(v, f+".defaultValue", out.DefaultValue)
	}
	out.DefaultValueHTML = checkHTML(v, f+".defaultValueHtml", in.DefaultValueHTML)
	seen := map[string]bool{}
	for i, t := range in.LabelTranslations {
		at := fmt.Sprintf("%s.labelTranslations[%d]", f, i)
		code := strings.TrimSpace(t.LanguageCode)
		switch {
		case !slices.Contains(LanguageCodes, code):
			v.Fail(at+".languageCode", "rule.oneOf", strings.Join(LanguageCodes, ", "))
		case seen[code]:
			v.Fail(at+".languageCode", "product.rule.languageOnce")
		}
		seen[code] = true
		text := strings.TrimSpace(t.Text)
		if v.Required(at+".text", text) {
			plainText(v, at+".text", text)
		}
		out.Translations = append(out.Translations, translationRow{LanguageCode: code, Text: text,
			HTML: checkHTML(v, at+".html", t.HTML)})
	}
	slices.SortFunc(out.Translations, func(a, b translationRow) int { return strings.Compare(a.LanguageCode, b.LanguageCode) })
	return out
}

// plainText: a label's text is one line of at most LabelMaxLength
// characters, without control characters.
func plainText(v *validate.Checker, field, s string) {
	v.MaxLength(field, s, LabelMaxLength)
	if strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
		v.Fail(field, "product.rule.oneLine")
	}
}

// checkHTML sanitises html and holds the result to HTMLMaxLength (links
// gain rel and target attributes, so the clean text can grow).
func checkHTML(v *validate.Checker, field, html string) string {
	clean := SanitizeHTML(html)
	v.MaxLength(field, clean, HTMLMaxLength)
	return clean
}

// searchText is what findByFilter's search matches: extId, the label and
// its translations, lowercased.
func searchText(extID string, l cleanLabel) string {
	parts := []string{extID, l.DefaultValue}
	for _, t := range l.Translations {
		parts = append(parts, t.Text)
	}
	return strings.ToLower(strings.Join(parts, "\n"))
}
