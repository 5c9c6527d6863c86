package seed

import (
	"context"
	"fmt"
	"strings"

	"mobility/portal/internal/paging"
	"mobility/portal/internal/product"
	"mobility/portal/internal/resource"
	"mobility/portal/internal/translation"
)

// The demo's translations (issue 14): the catalogue's product and resource
// labels in en, nl, fr and de (read through the product and resource
// services, the missing languages from the dictionary below), a few app
// texts and one server message that overrides the server's own text. All
// through the translation service, by platform staff, on the story's first
// day after the catalogue and the products.

// productLabelTexts are the demo products' labels by extId: GB, BE, FR, DE.
var productLabelTexts = map[string][4]string{
	"TRAIN":             {"Train (NMBS/SNCB)", "Trein (NMBS)", "Train (SNCB)", "Zug (NMBS/SNCB)"},
	"BUS-TRAM-METRO":    {"Bus, tram and metro", "Bus, tram en metro", "Bus, tram et métro", "Bus, Straßenbahn und U-Bahn"},
	"GHENT-MOBILITY":    {"Ghent: bikes, car-share and parking", "Gent: fietsen, autodelen en parkeren", "Gand : vélos, voitures partagées et parking", "Gent: Fahrräder, Carsharing und Parken"},
	"BRUSSELS-MOBILITY": {"Brussels: car-share and parking", "Brussel: autodelen en parkeren", "Bruxelles : voitures partagées et parking", "Brüssel: Carsharing und Parken"},
	"RENTAL-CAR":        {"Rental car", "Huurwagen", "Voiture de location", "Mietwagen"},
	"TAXI-VOUCHERS":     {"Taxi vouchers (withdrawn)", "Taxicheques (ingetrokken)", "Chèques taxi (retirés)", "Taxigutscheine (zurückgezogen)"},
}

// resourceLabelTexts fill the languages a resource label lacks, by its
// default value.
var resourceLabelTexts = map[string]map[string]string{
	"Park & Ride": {"en": "Park & Ride"},
	"Open 24/7":   {"en": "Open 24/7", "de": "Rund um die Uhr geöffnet"},
}

// appTexts are texts of the mobile app: key, default, GB, BE, FR, DE.
var appTexts = [][6]string{
	{"app.home.welcome", "Welcome, %s", "Welcome, %s", "Welkom, %s", "Bienvenue, %s", "Willkommen, %s"},
	{"app.budget.balance", "Your balance", "Your balance", "Uw saldo", "Votre solde", "Ihr Guthaben"},
	{"app.expense.add", "Add an expense", "Add an expense", "Uitgave toevoegen", "Ajouter une dépense", "Ausgabe hinzufügen"},
	{"app.trip.register", "Register a trip", "Register a trip", "Rit registreren", "Enregistrer un trajet", "Fahrt erfassen"},
	{"app.message.inbox", "Messages", "Messages", "Berichten", "Messages", "Nachrichten"},
}

func languageTexts(gb, be, fr, de string) []translation.TextWrite {
	var out []translation.TextWrite
	for i, t := range []string{gb, be, fr, de} {
		if t != "" {
			out = append(out, translation.TextWrite{LanguageCode: translation.CodeList[i], Text: t})
		}
	}
	return out
}

// translations writes the demo's translations.
func (s *story) translations(ctx context.Context) error {
	tr, staff := s.app.Translations, s.staff
	create := func(typ, key, def string, texts []translation.TextWrite) error {
		if _, err := tr.Create(ctx, staff, translation.Write{Type: typ, Key: key, DefaultValue: def, Translations: texts}); err != nil {
			return fmt.Errorf("translation %s: %w", key, err)
		}
		return nil
	}
	all := paging.Pagination{Page: 1, Size: paging.MaxPageSize}
	products, err := s.app.Products.Filter(ctx, staff, product.FilterRequest{Pagination: all})
	if err != nil {
		return err
	}
	for _, p := range products.Content {
		t, ok := productLabelTexts[p.ExtID]
		if !ok {
			t = [4]string{p.ProductLabel.DefaultValue}
		}
		if err := create(translation.TypeProductLabel, "product.label."+strings.ToLower(p.ExtID), p.ProductLabel.DefaultValue,
			languageTexts(t[0], t[1], t[2], t[3])); err != nil {
			return err
		}
	}
	labels, err := s.app.Resources.FilterLabels(ctx, staff, resource.LabelFilterRequest{Pagination: all})
	if err != nil {
		return err
	}
	for _, l := range labels.Content {
		byLang := map[string]string{}
		for _, x := range l.LabelTranslations {
			byLang[x.LanguageCode] = x.Text
		}
		for lang, text := range resourceLabelTexts[l.DefaultValue] {
			if byLang[lang] == "" {
				byLang[lang] = text
			}
		}
		key := "resource.label." + strings.NewReplacer(" ", "-", "&", "and", "/", "-").Replace(strings.ToLower(l.DefaultValue))
		if err := create(translation.TypeResourceLabel, key, l.DefaultValue,
			languageTexts(byLang["en"], byLang["nl"], byLang["fr"], byLang["de"])); err != nil {
			return err
		}
	}
	for _, a := range appTexts {
		if err := create(translation.TypeAppText, a[0], a[1], languageTexts(a[2], a[3], a[4], a[5])); err != nil {
			return err
		}
	}
	// a mail text long enough to show the editor's counter
	if err := create(translation.TypeMailText, "mail.footer.privacy", "Privacy notice", languageTexts(
		"We process your personal data only to run your mobility budget. Your employer sees your expenses, never your trips' "+
			"details beyond what the compensation needs. Ask your administrator to see or correct your data.",
		"We verwerken uw persoonsgegevens enkel om uw mobiliteitsbudget te beheren. Uw werkgever ziet uw uitgaven, nooit meer "+
			"details over uw ritten dan de vergoeding vraagt. Vraag uw beheerder om uw gegevens in te zien of te verbeteren.",
		"Nous traitons vos données personnelles uniquement pour gérer votre budget mobilité. Votre employeur voit vos dépenses, "+
			"jamais plus de détails sur vos trajets que l'indemnité n'en demande. Demandez à votre administrateur de consulter ou "+
			"de corriger vos données.", "")); err != nil {
		return err
	}
	// the server's "not found" in Dutch and French, as platform staff
	// reworded it: every error answer shows it at once
	return create(translation.TypeServerMessage, "NOT_FOUND", "This item was not found", languageTexts("",
		"Dit item bestaat niet (meer) of is niet van uw organisatie", "Cet élément n'existe pas (ou plus) ou n'appartient pas à votre organisation", ""))
}
