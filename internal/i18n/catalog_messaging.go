package i18n

// Texts of internal/messaging: message channels and messages.
func init() {
	register(map[string]map[Lang]string{
		"messaging.rule.platformNoAdmin": {
			EN: "%s: a platform channel has no recipient admin",
			NL: "%s: een platformkanaal heeft geen ontvangende beheerder",
			FR: "Le champ « %s » : un canal de la plateforme n'a pas d'administrateur destinataire",
		},
		"messaging.rule.platformNoReply": {
			EN: "%s: a platform channel takes no replies",
			NL: "%s: op een platformkanaal kan niet geantwoord worden",
			FR: "Le champ « %s » : un canal de la plateforme n'accepte pas de réponses",
		},
		"messaging.rule.recipientAdmin": {
			EN: "%s must be a communication manager of the company",
			NL: "%s moet een communicatiebeheerder van het bedrijf zijn",
			FR: "Le champ « %s » doit être un gestionnaire de communication de l'entreprise",
		},
		"messaging.rule.replyNeedsAdmin": {
			EN: "%s is required when replies are allowed",
			NL: "%s is verplicht als antwoorden toegestaan zijn",
			FR: "Le champ « %s » est obligatoire lorsque les réponses sont autorisées",
		},
		"messaging.rule.companyInactive": {
			EN: "%s must be an active company",
			NL: "%s moet een actief bedrijf zijn",
			FR: "Le champ « %s » doit être une entreprise active",
		},
		"messaging.rule.companyFixed": {
			EN: "%s of a channel cannot be changed",
			NL: "%s van een kanaal kan niet gewijzigd worden",
			FR: "Le champ « %s » d'un canal ne peut pas être modifié",
		},
		"messaging.rule.channelCompany": {
			EN: "%s must be the channel's company",
			NL: "%s moet het bedrijf van het kanaal zijn",
			FR: "Le champ « %s » doit être l'entreprise du canal",
		},
		"messaging.rule.allOrChosen": {
			EN: "%s: choose all users, or user groups and users, not both",
			NL: "%s: kies alle gebruikers, of gebruikersgroepen en gebruikers, niet beide",
			FR: "Le champ « %s » : choisissez tous les utilisateurs, ou des groupes et des utilisateurs, pas les deux",
		},
		"messaging.rule.group": {
			EN: "%s must be active user groups of the company",
			NL: "%s moeten actieve gebruikersgroepen van het bedrijf zijn",
			FR: "Le champ « %s » doit contenir des groupes d'utilisateurs actifs de l'entreprise",
		},
		"messaging.rule.user": {
			EN: "%s must be active app users of the company",
			NL: "%s moeten actieve appgebruikers van het bedrijf zijn",
			FR: "Le champ « %s » doit contenir des utilisateurs actifs de l'application de l'entreprise",
		},
		"messaging.rule.noRecipients": {
			EN: "%s: the message has no recipients",
			NL: "%s: het bericht heeft geen ontvangers",
			FR: "Le champ « %s » : le message n'a aucun destinataire",
		},
		"messaging.rule.homeScreenTooFar": {
			EN: "%s may be at most a year ahead",
			NL: "%s mag hoogstens een jaar vooruit liggen",
			FR: "Le champ « %s » peut être au plus un an plus tard",
		},
		"field.channel":                            {EN: "Channel", NL: "Kanaal", FR: "Canal"},
		"field.channel.name":                       {EN: "Channel name", NL: "Naam van het kanaal", FR: "Nom du canal"},
		"field.channel.recipientAdminOspId":        {EN: "Recipient admin", NL: "Ontvangende beheerder", FR: "Administrateur destinataire"},
		"field.channel.allowReply":                 {EN: "Allow reply", NL: "Antwoorden toestaan", FR: "Autoriser les réponses"},
		"field.channel.corporateAccountOspId":      {EN: "Company", NL: "Bedrijf", FR: "Entreprise"},
		"field.message":                            {EN: "Message", NL: "Bericht", FR: "Message"},
		"field.message.channelOspId":               {EN: "Channel", NL: "Kanaal", FR: "Canal"},
		"field.message.title":                      {EN: "Title", NL: "Titel", FR: "Titre"},
		"field.message.body":                       {EN: "Message text", NL: "Berichttekst", FR: "Texte du message"},
		"field.message.homeScreenUntil":            {EN: "Home screen until", NL: "Op startscherm tot", FR: "Sur l'écran d'accueil jusqu'au"},
		"field.message.recipients":                 {EN: "Recipients", NL: "Ontvangers", FR: "Destinataires"},
		"field.message.recipients.all":             {EN: "All users", NL: "Alle gebruikers", FR: "Tous les utilisateurs"},
		"field.message.recipients.userGroupOspIds": {EN: "User groups", NL: "Gebruikersgroepen", FR: "Groupes d'utilisateurs"},
		"field.message.recipients.userOspIds":      {EN: "Users", NL: "Gebruikers", FR: "Utilisateurs"},
		"field.recipients":                         {EN: "Recipients", NL: "Ontvangers", FR: "Destinataires"},
		"field.recipients.all":                     {EN: "All users", NL: "Alle gebruikers", FR: "Tous les utilisateurs"},
		"field.recipients.userGroupOspIds":         {EN: "User groups", NL: "Gebruikersgroepen", FR: "Groupes d'utilisateurs"},
		"field.recipients.userOspIds":              {EN: "Users", NL: "Gebruikers", FR: "Utilisateurs"},
		"field.channelOspId":                       {EN: "Channel", NL: "Kanaal", FR: "Canal"},
	})
}
