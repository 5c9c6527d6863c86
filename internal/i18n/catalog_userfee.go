package i18n

// Texts of internal/userfee: user fee tiers and the monthly charges.
func init() {
	register(map[string]map[Lang]string{
		"userfee.rule.monthClosed": {
			EN: "%s must be a month that has ended",
			NL: "%s moet een afgelopen maand zijn",
			FR: "Le champ « %s » doit être un mois terminé",
		},
	})
}
