package i18n

// Texts of internal/translation: the backoffice's translations.
func init() {
	register(map[string]map[Lang]string{
		"translation.rule.languageOnce": {
			EN: "%s may be given only once",
			NL: "%s mag maar één keer voorkomen",
			FR: "Le champ « %s » ne peut être donné qu'une fois",
		},
		"translation.rule.keyCharacters": {
			EN: "%s may only hold printable characters (no tabs, line breaks or control characters)",
			NL: "%s mag enkel afdrukbare tekens bevatten (geen tabs, regeleinden of stuurtekens)",
			FR: "Le champ « %s » ne peut contenir que des caractères imprimables (ni tabulations, ni sauts de ligne, ni caractères de contrôle)",
		},
		"translation.rule.controlCharacters": {
			EN: "%s may not hold control characters (tabs and line breaks are fine)",
			NL: "%s mag geen stuurtekens bevatten (tabs en regeleinden mogen wel)",
			FR: "Le champ « %s » ne peut pas contenir de caractères de contrôle (les tabulations et sauts de ligne sont permis)",
		},
		"translation.rule.serverKey": {
			EN: "%s must be a text of the server (a key such as rule.required, or an error label such as NOT_FOUND)",
			NL: "%s moet een tekst van de server zijn (een sleutel zoals rule.required, of een foutlabel zoals NOT_FOUND)",
			FR: "Le champ « %s » doit être un texte du serveur (une clé comme rule.required, ou un libellé d'erreur comme NOT_FOUND)",
		},
		"translation.rule.placeholders": {
			EN: "%s must keep the placeholders of the server's text, in order: %s",
			NL: "%s moet de plaatshouders van de servertekst behouden, in volgorde: %s",
			FR: "Le champ « %s » doit garder les emplacements du texte du serveur, dans l'ordre : %s",
		},
		"field.key":                       {EN: "Key", NL: "Sleutel", FR: "Clé"},
		"field.translations":              {EN: "Translations", NL: "Vertalingen", FR: "Traductions"},
		"field.translations.languageCode": {EN: "Language", NL: "Taal", FR: "Langue"},
		"field.translations.text":         {EN: "Text", NL: "Tekst", FR: "Texte"},
	})
}
