package seed

import (
	"context"
	"fmt"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/template"
)

// demoTemplates gives MobiPartner its own welcome mail for the app users
// of its companies (Acme, Globex) in Dutch and French, through the
// template service, on the story's first day: the welcome mails the story
// sends from then on come from it. The Dutch text gets a second version
// half-way through the year, so the editor shows a version history.
func demoTemplates(ctx context.Context, templates *template.Service, start time.Time) error {
	staff := &access.Principal{Roles: []access.Role{access.OspAdmin}, Scope: access.SystemScope()}
	first := clock.Today(start)
	later := clock.Today(start.AddDate(0, 6, 0))
	_, err := templates.Create(ctx, staff, template.CreateRequest{Name: "MobiPartner welcome", Category: "ACCOUNT",
		OwnerType: template.OwnerPartner, OwnerOspID: MobiPartnerOspID, TemplateType: template.TypeMessage,
		ContentType: template.ContentText, PredefinedName: "credentials_mobile", Versions: []template.VersionWrite{
			{Language: "nl", ValidFrom: first, Subject: "Welkom bij MobiPartner, {{.Name}}",
				Body: "Dag {{.Name}},\n\n{{.Company}} en MobiPartner geven je een mobiliteitsbudget. Je login voor de app is {{.Login}}.\n\n" +
					"Kies je wachtwoord met deze link (één keer te gebruiken, zeven dagen geldig):\n\n{{.Link}}\n\n" +
					"Installeer daarna de app:\nApp Store: {{.AppStoreURL}}\nGoogle Play: {{.PlayStoreURL}}\n\nVragen? Bel MobiPartner op 02 123 45 67.\n"},
			{Language: "nl", ValidFrom: later, Subject: "Welkom bij MobiPartner: je mobiliteitsbudget staat klaar",
				Body: "Dag {{.Name}},\n\n{{.Company}} en MobiPartner geven je een mobiliteitsbudget. Je login voor de app is {{.Login}}.\n\n" +
					"Kies je wachtwoord met deze link (één keer te gebruiken, zeven dagen geldig):\n\n{{.Link}}\n\n" +
					"Installeer daarna de app:\nApp Store: {{.AppStoreURL}}\nGoogle Play: {{.PlayStoreURL}}\n\n" +
					"Vragen? Chat met MobiPartner in de app of bel 02 123 45 67.\n"},
			{Language: "fr", ValidFrom: first, Subject: "Bienvenue chez MobiPartner, {{.Name}}",
				Body: "Bonjour {{.Name}},\n\n{{.Company}} et MobiPartner vous offrent un budget mobilité. Votre identifiant pour l'app est {{.Login}}.\n\n" +
					"Choisissez votre mot de passe avec ce lien (utilisable une fois, pendant sept jours) :\n\n{{.Link}}\n\n" +
					"Installez ensuite l'app :\nApp Store : {{.AppStoreURL}}\nGoogle Play : {{.PlayStoreURL}}\n\nDes questions ? Appelez MobiPartner au 02 123 45 67.\n"},
		}})
	if err != nil {
		return fmt.Errorf("seed MobiPartner welcome template: %w", err)
	}
	return nil
}
