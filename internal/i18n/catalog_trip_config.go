package i18n

// Texts of internal/trip's configuration: companies' and users' trip
// settings, commuting distances and tax-free rates.
func init() {
	register(map[string]map[Lang]string{
		"error.BUSINESS_TRIPS_NOT_ENABLED": {
			EN: "You need to enable business trips on company level first",
			NL: "U moet eerst zakenritten inschakelen op bedrijfsniveau",
			FR: "Vous devez d'abord activer les déplacements professionnels au niveau de l'entreprise",
		},
		"error.TAX_FREE_RATES_OVERLAP": {
			EN: "The periods of one tax-free rate may not overlap",
			NL: "De periodes van één belastingvrij tarief mogen niet overlappen",
			FR: "Les périodes d'un même taux exonéré d'impôt ne peuvent pas se chevaucher",
		},
		"trip.rule.businessTripsOff": {
			EN: "%s must be on to choose a business-trip car type or the bike",
			NL: "%s moet aan staan om een wagentype of de fiets voor zakenritten te kiezen",
			FR: "Le champ « %s » doit être activé pour choisir un type de voiture ou le vélo pour les déplacements professionnels",
		},
		"trip.rule.rateRange": {
			EN: "%s must be between 0 and 10 euro per km",
			NL: "%s moet tussen 0 en 10 euro per km liggen",
			FR: "Le champ « %s » doit être compris entre 0 et 10 euros par km",
		},
		"trip.rule.distanceRange": {
			EN: "%s must be between 1 metre and %d km",
			NL: "%s moet tussen 1 meter en %d km liggen",
			FR: "Le champ « %s » doit être compris entre 1 mètre et %d km",
		},
		"trip.rule.userDistanceOff": {
			EN: "%s is only allowed when the company lets users configure their distance",
			NL: "%s is enkel toegestaan als het bedrijf gebruikers hun afstand laat instellen",
			FR: "Le champ « %s » n'est autorisé que si l'entreprise permet aux utilisateurs de configurer leur distance",
		},
		"trip.rule.distanceDeviation": {
			EN: "%s may deviate at most %d%% from the configured distance",
			NL: "%s mag maximaal %d%% afwijken van de ingestelde afstand",
			FR: "Le champ « %s » peut s'écarter d'au plus %d %% de la distance configurée",
		},
		"trip.rule.validToBeforeFrom": {
			EN: "%s may not be before the start of the period",
			NL: "%s mag niet voor het begin van de periode liggen",
			FR: "Le champ « %s » ne peut pas précéder le début de la période",
		},
	})
}
