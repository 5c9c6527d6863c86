// Package translation holds the platform's translations (SPEC §3
// Translation, §7 Translations): a key of a type (product labels, resource
// labels, app texts, server messages, mail texts) with a default value and
// at most one text per language. The API names the languages by the codes
// GB, BE, FR and DE, stored as en, nl, fr and de. Texts go up to 90,000
// characters (SPEC §9). Platform staff manage them (the backoffice's
// translations and translations/{type} screens).
//
// Translations of type SERVER_MESSAGE override the server's own texts
// (internal/i18n): the key is a catalog key (rule.required, error.NOT_FOUND)
// or an errorLabel (NOT_FOUND), and the text in a language replaces the
// built-in one in that language. The service keeps them in memory, reloads
// them at once after its own writes, and Watch polls a version row so other
// processes follow within seconds.
package translation

import "mobility/portal/internal/paging"

// The types, the {type} of the backoffice route translations/{type}.
const (
	TypeProductLabel  = "PRODUCT_LABEL"
	TypeResourceLabel = "RESOURCE_LABEL"
	TypeAppText       = "APP_TEXT"
	TypeServerMessage = "SERVER_MESSAGE"
	TypeMailText      = "MAIL_TEXT"
)

// Types lists the types in the order the screens show them.
var Types = []string{TypeProductLabel, TypeResourceLabel, TypeAppText, TypeServerMessage, TypeMailText}

// Limits of SPEC §5 and §9.
const (
	MaxTextLength = 90000
	MaxKeyLength  = 200
	// MaxSearchLength bounds a search text (as every search of the API).
	MaxSearchLength = 100
	// ListTextLength is how much of each text a list row carries: a page of
	// 100 rows of four 90,000-character texts would be 36 MB; get answers
	// the whole text.
	ListTextLength = 300
	// DefaultPageSize and MaxPageSize bound the lists.
	DefaultPageSize = 20
	MaxPageSize     = 100
)

// Codes maps the API's language codes to the stored languages (SPEC §3).
var Codes = map[string]string{"GB": "en", "BE": "nl", "FR": "fr", "DE": "de"}

// CodeList is the codes in the order answers list them.
var CodeList = []string{"GB", "BE", "FR", "DE"}

// codeOf maps a stored language back to its API code.
func codeOf(lang string) string {
	for c, l := range Codes {
		if l == lang {
			return c
		}
	}
	return ""
}

// Text is one language's text of a translation.
type Text struct {
	LanguageCode string `json:"languageCode" enum:"GB,BE,FR,DE" description:"GB = en, BE = nl, FR = fr, DE = de"`
	Text         string `json:"text"`
	// Length is the text's length in characters (the whole text's, also
	// when a list row carries only its start).
	Length int `json:"length"`
	// Truncated: a list row carries the first 300 characters only; get
	// answers the whole text.
	Truncated bool `json:"truncated,omitempty"`
}

// Translation is a translation as answers show it.
type Translation struct {
	OspID        string `json:"ospId"`
	Type         string `json:"type" enum:"PRODUCT_LABEL,RESOURCE_LABEL,APP_TEXT,SERVER_MESSAGE,MAIL_TEXT"`
	Key          string `json:"key"`
	DefaultValue string `json:"defaultValue"`
	// DefaultValueTruncated: as Text.Truncated, for the default value.
	DefaultValueTruncated bool   `json:"defaultValueTruncated,omitempty"`
	Translations          []Text `json:"translations" description:"at most one per language, in the order GB, BE, FR, DE"`
	UpdatedOn             string `json:"updatedOn"`
	UpdatedBy             string `json:"updatedBy,omitempty" description:"the name of who last wrote it"`
}

// TextWrite is one language's text in a write.
type TextWrite struct {
	LanguageCode string `json:"languageCode" maxLength:"2" enum:"GB,BE,FR,DE" description:"each at most once"`
	Text         string `json:"text" maxLength:"90000" description:"1 to 90,000 characters"`
}

// Write is what create takes.
type Write struct {
	Type         string      `json:"type" maxLength:"20" enum:"PRODUCT_LABEL,RESOURCE_LABEL,APP_TEXT,SERVER_MESSAGE,MAIL_TEXT"`
	Key          string      `json:"key" maxLength:"200" description:"unique whatever its case; no control characters or surrounding spaces"`
	DefaultValue string      `json:"defaultValue" maxLength:"90000"`
	Translations []TextWrite `json:"translations" maxItems:"4" description:"up to four languages (GB, BE, FR, DE), each once"`
}

// Update replaces a translation's type, key, default value and texts (the
// texts as a whole: a language left out is removed).
type Update struct {
	OspID string `json:"ospId" required:"true" maxLength:"36"`
	Write
}

// GetRequest names a translation by its ospId.
type GetRequest struct {
	OspID string `json:"ospId" required:"true" maxLength:"36"`
}

// GetByKeyRequest names a translation by its key (any case).
type GetByKeyRequest struct {
	Key string `json:"key" required:"true" maxLength:"200"`
}

// FindByKeyRequest pages through the translations whose key contains key
// (any case), of one type or all.
type FindByKeyRequest struct {
	Key        string            `json:"key" maxLength:"100" description:"a part of the key, any case; empty: every key"`
	Type       string            `json:"type,omitempty" maxLength:"20" enum:"PRODUCT_LABEL,RESOURCE_LABEL,APP_TEXT,SERVER_MESSAGE,MAIL_TEXT"`
	Pagination paging.Pagination `json:"pagination"`
}

// FindByTextRequest pages through the translations whose default value or
// text in any language contains text (any case), of one type or all.
type FindByTextRequest struct {
	Text       string            `json:"text" maxLength:"100" description:"a part of the default value or of a language's text, any case; empty: every key"`
	Type       string            `json:"type,omitempty" maxLength:"20" enum:"PRODUCT_LABEL,RESOURCE_LABEL,APP_TEXT,SERVER_MESSAGE,MAIL_TEXT"`
	Pagination paging.Pagination `json:"pagination"`
}

// Page is a page of translations, sorted by key.
type Page = paging.Page[Translation]
