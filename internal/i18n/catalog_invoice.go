package i18n

// Texts of internal/invoice: line descriptions, field names and rules of
// the invoice calls.
func init() {
	register(map[string]map[Lang]string{
		"invoice.userFee":       {EN: "User fee", NL: "Gebruikersvergoeding", FR: "Frais d'utilisateur"},
		"invoice.fee.FIXED":     {EN: "fixed fee", NL: "vaste vergoeding", FR: "frais fixes"},
		"invoice.fee.VARIABLE":  {EN: "usage fee", NL: "verbruiksvergoeding", FR: "frais d'utilisation"},
		"invoice.userFeeEvents": {EN: "%d events", NL: "%d gebeurtenissen", FR: "%d événements"},

		"field.paymentDate": {EN: "Payment date", NL: "Betaaldatum", FR: "Date de paiement"},
		"field.reference":   {EN: "Reference", NL: "Referentie", FR: "Référence"},
		"field.month":       {EN: "Month", NL: "Maand", FR: "Mois"},
		"field.number":      {EN: "Invoice number", NL: "Factuurnummer", FR: "Numéro de facture"},

		"error.INVOICE_NOT_CREDITABLE":    {EN: "Only an invoice can be credited", NL: "Alleen een factuur kan gecrediteerd worden", FR: "Seule une facture peut être créditée"},
		"error.INVOICE_ALREADY_CREDITED":  {EN: "This invoice has already been credited", NL: "Deze factuur is al gecrediteerd", FR: "Cette facture a déjà été créditée"},
		"error.INVOICE_NOT_PAYABLE":       {EN: "A credit note cannot be paid", NL: "Een creditnota kan niet betaald worden", FR: "Une note de crédit ne peut pas être payée"},
		"error.INVOICE_PAYMENT_TOO_LARGE": {EN: "The sum of the payments would be too large", NL: "De som van de betalingen zou te groot worden", FR: "La somme des paiements deviendrait trop élevée"},

		"invoice.rule.monthNotEnded": {EN: "%s must be a month that has ended", NL: "%s moet een afgelopen maand zijn", FR: "Le champ « %s » doit être un mois terminé"},
		"invoice.rule.beforeIssue":   {EN: "%s may not be before the invoice's issue date", NL: "%s mag niet voor de factuurdatum liggen", FR: "Le champ « %s » ne peut pas précéder la date de la facture"},
		"invoice.rule.amountNotZero": {EN: "%s may not be 0", NL: "%s mag niet 0 zijn", FR: "Le champ « %s » ne peut pas valoir 0"},
	})
}
