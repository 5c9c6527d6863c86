package i18n

// Texts of internal/template: templates, their versions and the safe
// engine's refusals. The engine's messages name the line and what is
// wrong, not the field (the field is versions[i].body or .subject).
func init() {
	register(map[string]map[Lang]string{
		"error.TEMPLATE_OVERRIDE_EXISTS": {
			EN: "This owner already has a template for this predefined mail",
			NL: "Deze eigenaar heeft al een sjabloon voor deze vooraf bepaalde e-mail",
			FR: "Ce propriétaire a déjà un modèle pour cet e-mail prédéfini",
		},
		"template.rule.overrideExists": {
			EN: "This owner already has a template for this predefined mail: change that one",
			NL: "Deze eigenaar heeft al een sjabloon voor deze vooraf bepaalde e-mail: wijzig dat",
			FR: "Ce propriétaire a déjà un modèle pour cet e-mail prédéfini : modifiez celui-là",
		},
		"template.rule.syntax": {
			EN: "Syntax error on line %d: %s",
			NL: "Syntaxfout op regel %d: %s",
			FR: "Erreur de syntaxe à la ligne %d : %s",
		},
		"template.rule.encoding": {
			EN: "The text must be valid UTF-8 without NUL characters",
			NL: "De tekst moet geldige UTF-8 zijn zonder NUL-tekens",
			FR: "Le texte doit être en UTF-8 valide, sans caractère NUL",
		},
		"template.rule.notAllowed": {
			EN: "Not allowed on line %d: %s (only {{.parameter}}, {{if}}, {{else}}, {{range}} and {{end}})",
			NL: "Niet toegestaan op regel %d: %s (alleen {{.parameter}}, {{if}}, {{else}}, {{range}} en {{end}})",
			FR: "Non autorisé à la ligne %d : %s (seulement {{.paramètre}}, {{if}}, {{else}}, {{range}} et {{end}})",
		},
		"template.rule.function": {
			EN: "Functions are not allowed (line %d: %s)",
			NL: "Functies zijn niet toegestaan (regel %d: %s)",
			FR: "Les fonctions ne sont pas autorisées (ligne %d : %s)",
		},
		"template.rule.variable": {
			EN: "Variables are not allowed (line %d: %s)",
			NL: "Variabelen zijn niet toegestaan (regel %d: %s)",
			FR: "Les variables ne sont pas autorisées (ligne %d : %s)",
		},
		"template.rule.dot": {
			EN: "{{.}} is only allowed inside {{range}} (line %d)",
			NL: "{{.}} is alleen toegestaan binnen {{range}} (regel %d)",
			FR: "{{.}} n'est autorisé qu'à l'intérieur de {{range}} (ligne %d)",
		},
		"template.rule.dotOfFields": {
			EN: "On line %d, use the fields of the items of %s, not {{.}}",
			NL: "Gebruik op regel %d de velden van de items van %s, niet {{.}}",
			FR: "À la ligne %d, utilisez les champs des éléments de %s, pas {{.}}",
		},
		"template.rule.nestedRange": {
			EN: "A {{range}} inside a {{range}} is not allowed (line %d)",
			NL: "Een {{range}} binnen een {{range}} is niet toegestaan (regel %d)",
			FR: "Un {{range}} dans un {{range}} n'est pas autorisé (ligne %d)",
		},
		"template.rule.unknownParam": {
			EN: "Unknown parameter {{.%[2]s}} on line %[1]d",
			NL: "Onbekende parameter {{.%[2]s}} op regel %[1]d",
			FR: "Paramètre inconnu {{.%[2]s}} à la ligne %[1]d",
		},
		"template.rule.unknownField": {
			EN: "Unknown field {{.%[3]s}} of the items of %[2]s on line %[1]d",
			NL: "Onbekend veld {{.%[3]s}} van de items van %[2]s op regel %[1]d",
			FR: "Champ inconnu {{.%[3]s}} des éléments de %[2]s à la ligne %[1]d",
		},
		"template.rule.notAList": {
			EN: "%[2]s is not a list: it cannot be used with {{range}} (line %[1]d)",
			NL: "%[2]s is geen lijst: het kan niet met {{range}} gebruikt worden (regel %[1]d)",
			FR: "%[2]s n'est pas une liste : il ne peut pas être utilisé avec {{range}} (ligne %[1]d)",
		},
		"template.rule.listAsValue": {
			EN: "%[2]s is a list: show its items with {{range}} (line %[1]d)",
			NL: "%[2]s is een lijst: toon de items met {{range}} (regel %[1]d)",
			FR: "%[2]s est une liste : affichez ses éléments avec {{range}} (ligne %[1]d)",
		},
		"template.rule.tooManyParams": {
			EN: "A template may use at most %d parameters",
			NL: "Een sjabloon mag hoogstens %d parameters gebruiken",
			FR: "Un modèle peut utiliser au plus %d paramètres",
		},
		"template.rule.html": {
			EN: "The HTML cannot be escaped safely on line %d: %s",
			NL: "De HTML kan niet veilig ge-escaped worden op regel %d: %s",
			FR: "Le HTML ne peut pas être échappé de façon sûre à la ligne %d : %s",
		},
		"template.rule.tooLong": {
			EN: "At most %d characters",
			NL: "Hoogstens %d tekens",
			FR: "Au plus %d caractères",
		},
		"template.rule.output": {
			EN: "The rendered text is longer than %d bytes",
			NL: "De weergegeven tekst is langer dan %d bytes",
			FR: "Le texte rendu dépasse %d octets",
		},
		"template.rule.validFrom": {
			EN: "%s must lie between %s and %s (a version in effect is never changed: add a new one)",
			NL: "%s moet tussen %s en %s liggen (een versie die al geldt wordt nooit gewijzigd: voeg een nieuwe toe)",
			FR: "Le champ « %s » doit être compris entre le %s et le %s (une version en vigueur n'est jamais modifiée : ajoutez-en une nouvelle)",
		},
		"template.rule.versionTwice": {
			EN: "%s: version %d already has this language and date",
			NL: "%s: versie %d heeft al deze taal en datum",
			FR: "%s : la version %d a déjà cette langue et cette date",
		},
		"template.rule.platformOwner": {
			EN: "%s: only platform staff own platform templates",
			NL: "%s: alleen platformbeheerders zijn eigenaar van platformsjablonen",
			FR: "%s : seul le personnel de la plateforme possède les modèles de la plateforme",
		},
		"template.rule.activeOwner": {
			EN: "%s must be active",
			NL: "%s moet actief zijn",
			FR: "Le champ « %s » doit être actif",
		},
		"template.rule.predefinedName": {
			EN: "%s is not a predefined template",
			NL: "%s is geen vooraf bepaald sjabloon",
			FR: "Le champ « %s » n'est pas un modèle prédéfini",
		},
		"template.rule.predefinedType": {
			EN: "%s must be %s for this predefined template",
			NL: "%s moet %s zijn voor dit vooraf bepaalde sjabloon",
			FR: "Le champ « %s » doit être %s pour ce modèle prédéfini",
		},
		"template.rule.contentTypeBreaks": {
			EN: "%s cannot change: the version in %s from %s does not fit it",
			NL: "%s kan niet wijzigen: de versie in het %s vanaf %s past er niet bij",
			FR: "Le champ « %s » ne peut pas changer : la version en %s du %s ne s'y prête pas",
		},
		"field.category":           {EN: "Category", NL: "Categorie", FR: "Catégorie"},
		"field.templateType":       {EN: "Template type", NL: "Sjabloontype", FR: "Type de modèle"},
		"field.contentType":        {EN: "Content type", NL: "Inhoudstype", FR: "Type de contenu"},
		"field.predefinedName":     {EN: "Predefined template", NL: "Vooraf bepaald sjabloon", FR: "Modèle prédéfini"},
		"field.ownerType":          {EN: "Owner type", NL: "Type eigenaar", FR: "Type de propriétaire"},
		"field.externalTemplateId": {EN: "External template id", NL: "Extern sjabloon-id", FR: "Identifiant du modèle externe"},
		"field.subject":            {EN: "Subject", NL: "Onderwerp", FR: "Objet"},
		"field.body":               {EN: "Body", NL: "Inhoud", FR: "Contenu"},
	})
}
