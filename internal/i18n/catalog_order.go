package i18n

// Texts of internal/order: season-card orders and their handling.
func init() {
	register(map[string]map[Lang]string{
		"order.order": {EN: "season-card order", NL: "abonnementsbestelling", FR: "commande d'abonnement"},
		"order.error.notOpen": {
			EN: "This order is no longer open: it was confirmed or cancelled already",
			NL: "Deze bestelling staat niet meer open: ze werd al bevestigd of geannuleerd",
			FR: "Cette commande n'est plus ouverte : elle a déjà été confirmée ou annulée",
		},
		"error.ORDER_NOT_OPEN": {
			EN: "This order is no longer open",
			NL: "Deze bestelling staat niet meer open",
			FR: "Cette commande n'est plus ouverte",
		},
		"order.error.alreadyCancelled": {
			EN: "This order was cancelled already",
			NL: "Deze bestelling werd al geannuleerd",
			FR: "Cette commande a déjà été annulée",
		},
		"error.ORDER_ALREADY_CANCELLED": {
			EN: "This order was cancelled already",
			NL: "Deze bestelling werd al geannuleerd",
			FR: "Cette commande a déjà été annulée",
		},
		"order.error.handledByPlatform": {
			EN: "The season-card orders of this company are handled by the platform's staff",
			NL: "De abonnementsbestellingen van dit bedrijf worden door het platform behandeld",
			FR: "Les commandes d'abonnement de cette entreprise sont traitées par la plateforme",
		},
		"error.ORDER_HANDLED_BY_PLATFORM": {
			EN: "The season-card orders of this company are handled by the platform's staff",
			NL: "De abonnementsbestellingen van dit bedrijf worden door het platform behandeld",
			FR: "Les commandes d'abonnement de cette entreprise sont traitées par la plateforme",
		},
		"order.error.changed": {
			EN: "This order was changed meanwhile: reload it and try again",
			NL: "Deze bestelling werd intussen gewijzigd: laad ze opnieuw en probeer nog eens",
			FR: "Cette commande a été modifiée entre-temps : rechargez-la et réessayez",
		},
		"error.ORDER_CHANGED": {
			EN: "This order was changed meanwhile",
			NL: "Deze bestelling werd intussen gewijzigd",
			FR: "Cette commande a été modifiée entre-temps",
		},
		"order.error.noBudget": {
			EN: "The employee has no active budget to book this order on",
			NL: "De werknemer heeft geen actief budget om deze bestelling op te boeken",
			FR: "L'employé n'a aucun budget actif sur lequel imputer cette commande",
		},
		"error.ORDER_NO_BUDGET": {
			EN: "The employee has no active budget to book this order on",
			NL: "De werknemer heeft geen actief budget om deze bestelling op te boeken",
			FR: "L'employé n'a aucun budget actif sur lequel imputer cette commande",
		},
		"order.rule.nationalNumber": {
			EN: "%s is not a valid Belgian national number (11 digits with matching check digits and date of birth)",
			NL: "%s is geen geldig rijksregisternummer (11 cijfers met kloppende controlecijfers en geboortedatum)",
			FR: "Le champ « %s » n'est pas un numéro de registre national valide (11 chiffres, chiffres de contrôle et date de naissance concordants)",
		},
		"order.rule.dateBetween": {
			EN: "%s must lie between %s and %s",
			NL: "%s moet tussen %s en %s liggen",
			FR: "Le champ « %s » doit se situer entre %s et %s",
		},
		"order.message.cancelledTitle": {
			EN: "Your season-card order was cancelled",
			NL: "Je abonnementsbestelling werd geannuleerd",
			FR: "Votre commande d'abonnement a été annulée",
		},
		"order.message.cancelledBody": {
			EN: "Your order of a %s season card from %s was cancelled. Reason: %s",
			NL: "Je bestelling van een %s-abonnement vanaf %s werd geannuleerd. Reden: %s",
			FR: "Votre commande d'un abonnement %s à partir du %s a été annulée. Motif : %s",
		},
		"field.gender":             {EN: "Gender", NL: "Geslacht", FR: "Genre"},
		"field.houseNumber":        {EN: "House number", NL: "Huisnummer", FR: "Numéro"},
		"field.postalCode":         {EN: "Postal code", NL: "Postcode", FR: "Code postal"},
		"field.dateOfBirth":        {EN: "Date of birth", NL: "Geboortedatum", FR: "Date de naissance"},
		"field.nationalNumber":     {EN: "National number", NL: "Rijksregisternummer", FR: "Numéro de registre national"},
		"field.personnelNumber":    {EN: "Personnel number", NL: "Personeelsnummer", FR: "Matricule"},
		"field.cardNumber":         {EN: "Card number", NL: "Kaartnummer", FR: "Numéro de carte"},
		"field.product":            {EN: "Product", NL: "Product", FR: "Produit"},
		"field.duration":           {EN: "Duration", NL: "Duur", FR: "Durée"},
		"field.price":              {EN: "Price", NL: "Prijs", FR: "Prix"},
		"field.origin":             {EN: "Origin", NL: "Vertrek", FR: "Départ"},
		"field.destination":        {EN: "Destination", NL: "Bestemming", FR: "Destination"},
		"field.travelClass":        {EN: "Class", NL: "Klasse", FR: "Classe"},
		"field.subnets":            {EN: "Subnets", NL: "Deelnetten", FR: "Sous-réseaux"},
		"field.includeParking":     {EN: "Include parking", NL: "Parking inbegrepen", FR: "Parking inclus"},
		"field.parkingPrice":       {EN: "Parking price", NL: "Parkingprijs", FR: "Prix du parking"},
		"field.budgetType":         {EN: "Budget type", NL: "Budgettype", FR: "Type de budget"},
		"field.b2bContractNumber":  {EN: "B2B contract number", NL: "B2B-contractnummer", FR: "Numéro de contrat B2B"},
		"field.effectiveStartDate": {EN: "Effective start date", NL: "Effectieve startdatum", FR: "Date de début effective"},
		"field.effectivePrice":     {EN: "Effective price", NL: "Effectieve prijs", FR: "Prix effectif"},
		"field.reason":             {EN: "Reason", NL: "Reden", FR: "Motif"},
		"field.orderId":            {EN: "Order", NL: "Bestelling", FR: "Commande"},
		"field.handledBy":          {EN: "Handled by", NL: "Behandeld door", FR: "Traité par"},
		"field.defaultBudgetType":  {EN: "Default budget type", NL: "Standaard budgettype", FR: "Type de budget par défaut"},
	})
}
