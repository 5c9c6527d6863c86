package i18n

// Texts of internal/userfee: user fee tiers and the monthly charges.
func init() {
	register(map[string]map[Lang]string{
		"error.USER_FEE_TIERS_OVERLAP": {
			EN: "The user fee tiers of one partner or company may not overlap",
			NL: "De gebruikersvergoedingsschijven van één partner of bedrijf mogen niet overlappen",
			FR: "Les paliers de frais d'utilisateur d'un même partenaire ou d'une même entreprise ne peuvent pas se chevaucher",
		},
		"userfee.rule.monthClosed": {
			EN: "%s must be a month that has ended",
			NL: "%s moet een afgelopen maand zijn",
			FR: "Le champ « %s » doit être un mois terminé",
		},
		"userfee.rule.countRange": {
			EN: "%s must be between %d and %d",
			NL: "%s moet tussen %d en %d liggen",
			FR: "Le champ « %s » doit être compris entre %d et %d",
		},
		"userfee.rule.toBeforeFrom": {
			EN: "%s must be at least the number of events from (%d)",
			NL: "%s moet minstens het aantal events vanaf (%d) zijn",
			FR: "Le champ « %s » doit être au moins égal au nombre d'événements de départ (%d)",
		},
		"userfee.rule.overlap": {
			EN: "%s overlaps the tier from %d to %d events",
			NL: "%s overlapt met de schijf van %d tot %d events",
			FR: "Le champ « %s » chevauche le palier de %d à %d événements",
		},
		"userfee.rule.partner": {
			EN: "%s must be an active MSP partner",
			NL: "%s moet een actieve MSP-partner zijn",
			FR: "Le champ « %s » doit être un partenaire MSP actif",
		},
		"userfee.rule.company": {
			EN: "%s must be an active company",
			NL: "%s moet een actief bedrijf zijn",
			FR: "Le champ « %s » doit être une entreprise active",
		},
		"field.eventCountFrom": {EN: "Events from", NL: "Events vanaf", FR: "Événements à partir de"},
		"field.eventCountTo":   {EN: "Events to", NL: "Events tot en met", FR: "Événements jusqu'à"},
		"field.assigneeType":   {EN: "Assignee type", NL: "Type toegewezene", FR: "Type de bénéficiaire"},
		"field.assigneeOspId":  {EN: "Partner or company", NL: "Partner of bedrijf", FR: "Partenaire ou entreprise"},
		"field.vatPercent":     {EN: "VAT percentage", NL: "Btw-percentage", FR: "Pourcentage de TVA"},
	})
}
