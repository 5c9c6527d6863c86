package i18n

// Texts of internal/product: the catalogue's products and their
// composition. Id fields that other packages name the same way
// (productOspId, resourceOspId, mobilityMode, kind...) get whole messages
// of their own (product.rule.*) instead of field labels, so no field label
// is defined twice.
func init() {
	register(map[string]map[Lang]string{
		"error.PRODUCT_DEFAULT_IN_USE": {
			EN: "Product default must be removed for all employees first",
			NL: "Het product moet eerst bij alle werknemers als standaardproduct verwijderd worden",
			FR: "Le produit doit d'abord être retiré comme produit par défaut de tous les employés",
		},
		"error.PRODUCT_ELEMENT_UNAVAILABLE": {
			EN: "Only active resources and resource groups of the chosen kind can be added to a product",
			NL: "Alleen actieve resources en resourcegroepen van het gekozen soort kunnen aan een product toegevoegd worden",
			FR: "Seuls les ressources et groupes de ressources actifs du type choisi peuvent être ajoutés à un produit",
		},
		"error.PRODUCT_ELEMENT_ALREADY_PRESENT": {
			EN: "This resource or resource group is already part of the product",
			NL: "Deze resource of resourcegroep maakt al deel uit van het product",
			FR: "Cette ressource ou ce groupe de ressources fait déjà partie du produit",
		},
		"error.PRODUCT_ELEMENT_NOT_IN_COMPOSITION": {
			EN: "This resource or resource group is not part of the product",
			NL: "Deze resource of resourcegroep maakt geen deel uit van het product",
			FR: "Cette ressource ou ce groupe de ressources ne fait pas partie du produit",
		},
		"error.PRODUCT_COMPOSITION_FULL": {
			EN: "A product holds at most 200 resources and resource groups",
			NL: "Een product bevat maximaal 200 resources en resourcegroepen",
			FR: "Un produit contient au maximum 200 ressources et groupes de ressources",
		},

		"product.rule.languageOnce": {EN: "%s: each language may be used only once", NL: "%s: elke taal mag maar één keer gebruikt worden", FR: "%s : chaque langue ne peut être utilisée qu'une seule fois"},
		"product.rule.oneLine":      {EN: "%s must be one line of text", NL: "%s moet één regel tekst zijn", FR: "Le champ « %s » doit être une seule ligne de texte"},
		"product.rule.position":     {EN: "%s must be between 1 and %d", NL: "%s moet tussen 1 en %d liggen", FR: "Le champ « %s » doit être compris entre 1 et %d"},
		"product.rule.mobilityMode": {
			EN: "Choose a mobility mode: BIKE, BUS_TRAM_METRO, TRAIN, PARKING, CAR, FUEL, SNA, OTHER_PURCHASES, FLEXOFFICE or CHARGING",
			NL: "Kies een mobiliteitsvorm: BIKE, BUS_TRAM_METRO, TRAIN, PARKING, CAR, FUEL, SNA, OTHER_PURCHASES, FLEXOFFICE of CHARGING",
			FR: "Choisissez un mode de mobilité : BIKE, BUS_TRAM_METRO, TRAIN, PARKING, CAR, FUEL, SNA, OTHER_PURCHASES, FLEXOFFICE ou CHARGING",
		},
		"product.rule.product":      {EN: "Choose a product", NL: "Kies een product", FR: "Choisissez un produit"},
		"product.rule.resource":     {EN: "Choose a resource", NL: "Kies een resource", FR: "Choisissez une ressource"},
		"product.rule.assignee":     {EN: "Choose a company or a user group", NL: "Kies een bedrijf of een gebruikersgroep", FR: "Choisissez une entreprise ou un groupe d'utilisateurs"},
		"product.rule.assigneeType": {EN: "The assignee must be a CORPORATE_ACCOUNT or a USER_GROUP", NL: "De toegewezene moet een CORPORATE_ACCOUNT of een USER_GROUP zijn", FR: "Le destinataire doit être un CORPORATE_ACCOUNT ou un USER_GROUP"},
		"product.rule.kind": {
			EN: "The kind of element must be RESOURCE_GROUP, SERVICE or RENTAL_CAR",
			NL: "Het soort element moet RESOURCE_GROUP, SERVICE of RENTAL_CAR zijn",
			FR: "Le type d'élément doit être RESOURCE_GROUP, SERVICE ou RENTAL_CAR",
		},
		"product.rule.elements":     {EN: "Choose at least one resource or resource group", NL: "Kies minstens één resource of resourcegroep", FR: "Choisissez au moins une ressource ou un groupe de ressources"},
		"product.rule.elementTwice": {EN: "Each resource or resource group may be chosen only once", NL: "Elke resource of resourcegroep mag maar één keer gekozen worden", FR: "Chaque ressource ou groupe de ressources ne peut être choisi qu'une seule fois"},

		"field.productLabel.defaultValue":                   {EN: "Label", NL: "Label", FR: "Libellé"},
		"field.productLabel.defaultValueHtml":               {EN: "Formatted label", NL: "Opgemaakt label", FR: "Libellé mis en forme"},
		"field.productLabel.labelTranslations":              {EN: "Translations", NL: "Vertalingen", FR: "Traductions"},
		"field.productLabel.labelTranslations.languageCode": {EN: "Language of the translation", NL: "Taal van de vertaling", FR: "Langue de la traduction"},
		"field.productLabel.labelTranslations.text":         {EN: "Translated label", NL: "Vertaald label", FR: "Libellé traduit"},
		"field.productLabel.labelTranslations.html":         {EN: "Formatted translated label", NL: "Opgemaakt vertaald label", FR: "Libellé traduit mis en forme"},
		"field.elementOspId":                                {EN: "Element", NL: "Element", FR: "Élément"},
		"field.position":                                    {EN: "Position", NL: "Positie", FR: "Position"},
	})
}
