package i18n

// Texts of internal/providerdata: providers' files and their lines.
func init() {
	register(map[string]map[Lang]string{
		"error.PROVIDER_UPLOAD_FILE": {
			EN: "The file cannot be used for this kind of upload",
			NL: "Het bestand kan niet gebruikt worden voor dit soort upload",
			FR: "Le fichier ne peut pas être utilisé pour ce type d'import",
		},
		"error.BOOKING_ID_TAKEN": {
			EN: "This booking id is already used by another expense",
			NL: "Deze boekings-id wordt al door een andere uitgave gebruikt",
			FR: "Cet identifiant de réservation est déjà utilisé par une autre dépense",
		},
		"providerdata.file.format": {
			EN: "This kind of upload takes a %s file (%s)",
			NL: "Dit soort upload verwacht een %s-bestand (%s)",
			FR: "Ce type d'import attend un fichier %s (%s)",
		},
		"providerdata.file.columns": {
			EN: "The file misses the column or element %s (see the template)",
			NL: "Het bestand mist de kolom of het element %s (zie het sjabloon)",
			FR: "Il manque au fichier la colonne ou l'élément %s (voir le modèle)",
		},
		"providerdata.file.rows": {
			EN: "The file must have 1 to %d lines",
			NL: "Het bestand moet 1 tot %d regels bevatten",
			FR: "Le fichier doit contenir de 1 à %d lignes",
		},
		"providerdata.file.unreadable": {
			EN: "The file cannot be read as %s",
			NL: "Het bestand kan niet gelezen worden als %s",
			FR: "Le fichier ne peut pas être lu comme %s",
		},
		"providerdata.file.name": {
			EN: "The file name must have 1 to %d characters",
			NL: "De bestandsnaam moet 1 tot %d tekens hebben",
			FR: "Le nom du fichier doit contenir de 1 à %d caractères",
		},
		"providerdata.rule.key": {
			EN: "%s may have at most %d letters, digits and - _ . /",
			NL: "%s mag hoogstens %d letters, cijfers en - _ . / bevatten",
			FR: "Le champ « %s » peut contenir au plus %d lettres, chiffres et - _ . /",
		},
		"providerdata.rule.amount": {
			EN: "%s must be an amount in euros with at most two decimals",
			NL: "%s moet een bedrag in euro zijn met hoogstens twee decimalen",
			FR: "Le champ « %s » doit être un montant en euros avec au plus deux décimales",
		},
		"providerdata.rule.mode": {
			EN: "%s must be one of %s",
			NL: "%s moet een van %s zijn",
			FR: "Le champ « %s » doit être l'une des valeurs %s",
		},
		"providerdata.reason.ZERO_AMOUNT": {
			EN: "Nothing to book: the amount is zero",
			NL: "Niets te boeken: het bedrag is nul",
			FR: "Rien à comptabiliser : le montant est nul",
		},
		"providerdata.reason.DUPLICATE_IN_FILE": {
			EN: "Same id as line %d of this file",
			NL: "Dezelfde id als regel %d van dit bestand",
			FR: "Même identifiant que la ligne %d de ce fichier",
		},
		"providerdata.reason.UNMATCHED_TOKEN": {
			EN: "No user holds this card, number or plate",
			NL: "Geen gebruiker heeft deze kaart, dit nummer of deze nummerplaat",
			FR: "Aucun utilisateur ne possède cette carte, ce numéro ou cette plaque",
		},
		"providerdata.reason.TOKEN_NOT_VALID_ON_DATE": {
			EN: "The user's token was not valid yet on this date",
			NL: "De identificatie van de gebruiker was op deze datum nog niet geldig",
			FR: "L'identifiant de l'utilisateur n'était pas encore valable à cette date",
		},
		"providerdata.reason.USER_DEACTIVATED": {
			EN: "The user is deactivated",
			NL: "De gebruiker is gedeactiveerd",
			FR: "L'utilisateur est désactivé",
		},
		"providerdata.reason.EXTRA_COSTS_WINDOW_CLOSED": {
			EN: "The user was deactivated more than two months ago: no more extra costs",
			NL: "De gebruiker werd meer dan twee maanden geleden gedeactiveerd: geen extra kosten meer",
			FR: "L'utilisateur a été désactivé il y a plus de deux mois : plus de frais supplémentaires",
		},
		"providerdata.reason.NO_BUDGET": {
			EN: "The user has no budget",
			NL: "De gebruiker heeft geen budget",
			FR: "L'utilisateur n'a pas de budget",
		},
		"providerdata.reason.BUDGET_DEACTIVATED": {
			EN: "The user's budget is deactivated",
			NL: "Het budget van de gebruiker is gedeactiveerd",
			FR: "Le budget de l'utilisateur est désactivé",
		},
		"providerdata.reason.INSUFFICIENT_BUDGET": {
			EN: "The user's budget holds too little",
			NL: "Het budget van de gebruiker is ontoereikend",
			FR: "Le budget de l'utilisateur est insuffisant",
		},
		"providerdata.reason.BOOKING_NOT_FOUND": {
			EN: "No expense has this booking id",
			NL: "Geen uitgave heeft deze boekings-id",
			FR: "Aucune dépense n'a cet identifiant de réservation",
		},
		"providerdata.reason.BALANCE_OUT_OF_RANGE": {
			EN: "The budget's balance would leave the allowed range",
			NL: "Het saldo van het budget zou buiten het toegelaten bereik vallen",
			FR: "Le solde du budget sortirait de la plage autorisée",
		},
	})
}
