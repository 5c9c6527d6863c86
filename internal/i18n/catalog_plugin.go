package i18n

// Texts of internal/plugin and internal/nmbsconfig: plugin purchases and
// the NMBS settings.
func init() {
	register(map[string]map[Lang]string{
		"error.PLUGIN_PURCHASE_STATE": {
			EN: "This purchase is not in a state that allows this change (it may just have been handled by someone else)",
			NL: "Deze aankoop staat niet in een toestand die deze wijziging toelaat (misschien werd ze net door iemand anders behandeld)",
			FR: "Cet achat n'est pas dans un état qui permet cette modification (il vient peut-être d'être traité par quelqu'un d'autre)",
		},
		"error.PLUGIN_PURCHASE_NO_BUDGET": {
			EN: "The employee has no budget the price of this purchase can be booked on",
			NL: "De werknemer heeft geen budget waarop de prijs van deze aankoop geboekt kan worden",
			FR: "L'employé n'a aucun budget sur lequel le prix de cet achat peut être comptabilisé",
		},
		"plugin.rule.price": {
			EN: "%s must be an amount above 0 and at most %d euro",
			NL: "%s moet een bedrag boven 0 en hoogstens %d euro zijn",
			FR: "Le champ « %s » doit être un montant supérieur à 0 et d'au plus %d euros",
		},
		"plugin.rule.date": {
			EN: "%s must be a date yyyy-MM-dd between 2000 and 2099",
			NL: "%s moet een datum jjjj-MM-dd tussen 2000 en 2099 zijn",
			FR: "Le champ « %s » doit être une date aaaa-MM-jj entre 2000 et 2099",
		},
		"plugin.rule.toBeforeFrom": {
			EN: "%s may not lie before the start date",
			NL: "%s mag niet voor de begindatum liggen",
			FR: "Le champ « %s » ne peut pas précéder la date de début",
		},
		"nmbs.rule.organismNumber": {
			EN: "%s must be exactly 4 letters (A-Z)",
			NL: "%s moet uit precies 4 letters (A-Z) bestaan",
			FR: "Le champ « %s » doit comporter exactement 4 lettres (A-Z)",
		},
		"nmbs.rule.budgetType": {
			EN: "%s must be a budget type the company offers",
			NL: "%s moet een budgettype zijn dat het bedrijf aanbiedt",
			FR: "Le champ « %s » doit être un type de budget que l'entreprise propose",
		},
		"nmbs.rule.chooseOne": {
			EN: "Choose at least one value for %s when season cards are enabled",
			NL: "Kies minstens één waarde voor %s wanneer abonnementen ingeschakeld zijn",
			FR: "Choisissez au moins une valeur pour « %s » lorsque les abonnements sont activés",
		},
		"nmbs.rule.twice": {
			EN: "%s: each value may be chosen once",
			NL: "%s: elke waarde mag maar één keer gekozen worden",
			FR: "« %s » : chaque valeur ne peut être choisie qu'une fois",
		},
		"nmbs.rule.customerNumber": {
			EN: "%s must be 1 to 10 digits",
			NL: "%s moet uit 1 tot 10 cijfers bestaan",
			FR: "Le champ « %s » doit comporter de 1 à 10 chiffres",
		},
		"nmbs.rule.contractNumber": {
			EN: "%s must be 1 to 20 characters: letters A-Z, digits and -",
			NL: "%s moet 1 tot 20 tekens bevatten: letters A-Z, cijfers en -",
			FR: "Le champ « %s » doit comporter de 1 à 20 caractères : lettres A-Z, chiffres et -",
		},
		"nmbs.rule.limit": {
			EN: "%s must be 0 (no limit) or an amount of at most %d euro",
			NL: "%s moet 0 (geen limiet) of een bedrag van hoogstens %d euro zijn",
			FR: "Le champ « %s » doit être 0 (pas de limite) ou un montant d'au plus %d euros",
		},
		"nmbs.rule.ticketAboveMonth": {
			EN: "%s may not exceed the monthly limit",
			NL: "%s mag de maandlimiet niet overschrijden",
			FR: "Le champ « %s » ne peut pas dépasser la limite mensuelle",
		},
		"field.productName":    {EN: "Product", NL: "Product", FR: "Produit"},
		"field.providerName":   {EN: "Provider", NL: "Aanbieder", FR: "Fournisseur"},
		"field.providerEmail":  {EN: "Provider e-mail", NL: "E-mail aanbieder", FR: "E-mail du fournisseur"},
		"field.organismNumber": {EN: "Organism number", NL: "Organismenummer", FR: "Numéro d'organisme"},
		"field.salesChannel":   {EN: "Sales channel", NL: "Verkoopkanaal", FR: "Canal de vente"},
		"field.customerNumber": {EN: "NMBS customer number", NL: "NMBS-klantnummer", FR: "Numéro de client SNCB"},
		"field.contractNumber": {EN: "B2B contract number", NL: "B2B-contractnummer", FR: "Numéro de contrat B2B"},
		"field.maxTicketPrice": {EN: "Maximum price per ticket", NL: "Maximumprijs per ticket", FR: "Prix maximum par billet"},
		"field.monthlyLimit":   {EN: "Monthly limit", NL: "Maandlimiet", FR: "Limite mensuelle"},
	})
}
