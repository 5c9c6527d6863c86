package i18n

// Texts of internal/nmbsinvoice: NMBS and B-Parking invoice lines.
func init() {
	register(map[string]map[Lang]string{
		"nmbsinvoice.rule.invoiceNumber": {
			EN: "An invoice number has 1 to 40 characters: letters, digits and . _ / -",
			NL: "Een factuurnummer heeft 1 tot 40 tekens: letters, cijfers en . _ / -",
			FR: "Un numéro de facture a de 1 à 40 caractères : lettres, chiffres et . _ / -",
		},
		"nmbsinvoice.rule.month": {
			EN: "Must be a month yyyyMM between 2000 and 2099",
			NL: "Moet een maand jjjjMM tussen 2000 en 2099 zijn",
			FR: "Doit être un mois aaaaMM entre 2000 et 2099",
		},
		"nmbsinvoice.rule.oneMonth": {
			EN: "A monthly invoice has one month: the file's first line says %s",
			NL: "Een maandfactuur heeft één maand: de eerste regel van het bestand zegt %s",
			FR: "Une facture mensuelle porte sur un seul mois : la première ligne du fichier indique %s",
		},
		"nmbsinvoice.rule.organism": {
			EN: "The organism number is 4 letters",
			NL: "Het organisatienummer bestaat uit 4 letters",
			FR: "Le numéro d'organisme compte 4 lettres",
		},
		"nmbsinvoice.rule.otherOrganism": {
			EN: "This line is for organism %s; the company's NMBS settings hold organism %s",
			NL: "Deze regel is voor organisatie %s; de NMBS-instellingen van het bedrijf vermelden organisatie %s",
			FR: "Cette ligne concerne l'organisme %s ; les paramètres SNCB de la société indiquent l'organisme %s",
		},
		"nmbsinvoice.rule.orderReference": {
			EN: "An order reference is the portal's order number: digits only, empty when unknown",
			NL: "Een bestelreferentie is het bestelnummer in het portaal: alleen cijfers, leeg indien onbekend",
			FR: "Une référence de commande est le numéro de commande du portail : des chiffres uniquement, vide si inconnue",
		},
		"nmbsinvoice.rule.card": {
			EN: "Must be a MOBIB card number: 10 to 20 digits",
			NL: "Moet een MOBIB-kaartnummer zijn: 10 tot 20 cijfers",
			FR: "Doit être un numéro de carte MOBIB : 10 à 20 chiffres",
		},
		"nmbsinvoice.rule.periodEnd": {
			EN: "The period ends before it starts",
			NL: "De periode eindigt voor ze begint",
			FR: "La période se termine avant de commencer",
		},
		"nmbsinvoice.outcome.MATCHED": {
			EN: "Matches order %d",
			NL: "Komt overeen met bestelling %d",
			FR: "Correspond à la commande %d",
		},
		"nmbsinvoice.outcome.INVOICED": {
			EN: "Order %d marked as invoiced",
			NL: "Bestelling %d als gefactureerd gemarkeerd",
			FR: "Commande %d marquée comme facturée",
		},
		"nmbsinvoice.outcome.AMOUNT_DIFFERS": {
			EN: "Amount differs: the order expects € %s, the invoice charges € %s",
			NL: "Bedrag verschilt: de bestelling verwacht € %s, de factuur rekent € %s aan",
			FR: "Montant différent : la commande prévoit %s €, la facture facture %s €",
		},
		"nmbsinvoice.outcome.UNKNOWN_ORDER": {
			EN: "No processed season-card order of this company with this card in the invoice month",
			NL: "Geen verwerkte bestelling van een abonnement van dit bedrijf met deze kaart in de factuurmaand",
			FR: "Aucune commande d'abonnement traitée de cette société avec cette carte dans le mois de la facture",
		},
		"nmbsinvoice.outcome.ALREADY_INVOICED": {
			EN: "Order %d was invoiced by an earlier file",
			NL: "Bestelling %d werd al gefactureerd in een eerder bestand",
			FR: "La commande %d a déjà été facturée par un fichier précédent",
		},
		"nmbsinvoice.outcome.DUPLICATE_IN_FILE": {
			EN: "Same card and order as line %d",
			NL: "Zelfde kaart en bestelling als regel %d",
			FR: "Même carte et même commande que la ligne %d",
		},
	})
}
