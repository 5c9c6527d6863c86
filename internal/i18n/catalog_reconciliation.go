package i18n

// Texts of internal/reconciliation: provider bookings against the
// platform's, and manual overrides.
func init() {
	register(map[string]map[Lang]string{
		"reconciliation.row": {EN: "reconciliation row", NL: "reconciliatieregel", FR: "ligne de rapprochement"},
		"reconciliation.error.alreadyOverridden": {
			EN: "This booking has been decided already: a booking is overridden only once",
			NL: "Over deze boeking is al beslist: een boeking wordt maar één keer manueel beslist",
			FR: "Cette réservation a déjà fait l'objet d'une décision : une réservation n'est tranchée qu'une seule fois",
		},
		"error.RECONCILIATION_ALREADY_OVERRIDDEN": {
			EN: "This booking has been decided already",
			NL: "Over deze boeking is al beslist",
			FR: "Cette réservation a déjà fait l'objet d'une décision",
		},
		"reconciliation.error.noExpense": {
			EN: "The platform has no expense for this booking: process the provider's line again, or keep the platform's amount",
			NL: "Het platform heeft geen uitgave voor deze boeking: verwerk de lijn van de aanbieder opnieuw, of behoud het bedrag van het platform",
			FR: "La plateforme n'a pas de dépense pour cette réservation : traitez à nouveau la ligne du fournisseur, ou conservez le montant de la plateforme",
		},
		"error.RECONCILIATION_NO_EXPENSE": {
			EN: "The platform has no expense for this booking",
			NL: "Het platform heeft geen uitgave voor deze boeking",
			FR: "La plateforme n'a pas de dépense pour cette réservation",
		},
		"reconciliation.error.matched": {
			EN: "The amounts of this booking agree: there is nothing to decide",
			NL: "De bedragen van deze boeking komen overeen: er valt niets te beslissen",
			FR: "Les montants de cette réservation concordent : il n'y a rien à trancher",
		},
		"error.RECONCILIATION_MATCHED": {
			EN: "The amounts of this booking agree",
			NL: "De bedragen van deze boeking komen overeen",
			FR: "Les montants de cette réservation concordent",
		},
	})
}
