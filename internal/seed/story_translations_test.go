package seed_test

import (
	"context"
	"testing"

	"mobility/portal/internal/access"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/server"
	"mobility/portal/internal/translation"
)

// assertTranslations: the demo's translations (issue 14), read through the
// translation service: every demo product and resource label in the four
// languages, app texts, and the server message that overrides "not found"
// in Dutch.
func assertTranslations(t *testing.T, ctx context.Context, app *server.App) {
	t.Helper()
	staff := &access.Principal{Roles: []access.Role{access.OspAdmin}, Scope: access.SystemScope()}
	for typ, want := range map[string]int{translation.TypeProductLabel: 6, translation.TypeResourceLabel: 4, translation.TypeAppText: 5,
		translation.TypeServerMessage: 1} {
		p, err := app.Translations.FindByKeyLike(ctx, staff, translation.FindByKeyRequest{Type: typ, Pagination: paging.Pagination{Size: 100}})
		if err != nil {
			t.Fatal(err)
		}
		if p.TotalElements != want {
			t.Errorf("%d translations of type %s, want %d", p.TotalElements, typ, want)
		}
		if typ == translation.TypeProductLabel || typ == translation.TypeResourceLabel {
			for _, c := range p.Content {
				if len(c.Translations) != 4 {
					t.Errorf("%s has %d languages: %+v", c.Key, len(c.Translations), c.Translations)
				}
			}
		}
	}
	train, err := app.Translations.GetByKey(ctx, staff, "product.label.train")
	if err != nil || train.Translations[3].LanguageCode != "DE" || train.Translations[3].Text != "Zug (NMBS/SNCB)" {
		t.Errorf("the train's label: %+v %v", train, err)
	}
	if got := i18n.T(i18n.NL, "error.NOT_FOUND"); got != "Dit item bestaat niet (meer) of is niet van uw organisatie" {
		t.Errorf("the demo's not-found override: %q", got)
	}
	if got := i18n.T(i18n.EN, "error.NOT_FOUND"); got != "This item was not found" {
		t.Errorf("English not-found text: %q", got)
	}
}
