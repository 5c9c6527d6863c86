package i18n

// Texts of internal/company (corporate accounts) and the validate rules it
// added: hex colour, IBAN, BIC, company and VAT numbers.
func init() {
	register(map[string]map[Lang]string{
		"rule.hexColor": {
			EN: "%s must be # followed by 6 or 8 hexadecimal characters",
			NL: "%s moet # zijn, gevolgd door 6 of 8 hexadecimale tekens",
			FR: "Le champ « %s » doit être # suivi de 6 ou 8 caractères hexadécimaux",
		},
		"company.rule.peppolNeedsVat": {
			EN: "%s is required for invoices sent by Peppol",
			NL: "%s is verplicht voor facturen die via Peppol verstuurd worden",
			FR: "Le champ « %s » est obligatoire pour les factures envoyées par Peppol",
		},
		"company.rule.directDebitNeedsBank": {
			EN: "%s is required for payment by direct debit",
			NL: "%s is verplicht voor betaling via domiciliëring",
			FR: "Le champ « %s » est obligatoire pour le paiement par domiciliation",
		},
		"company.rule.depositRequired": {
			EN: "%s must be more than 0 for postpaid with a security deposit",
			NL: "%s moet meer dan 0 zijn bij postpaid met waarborg",
			FR: "Le champ « %s » doit être supérieur à 0 pour le postpaid avec garantie",
		},
		"company.rule.typeNotAllowed": {
			EN: "%s may only hold budget types the partner allows: %s",
			NL: "%s mag enkel budgettypes bevatten die de partner toelaat: %s",
			FR: "Le champ « %s » ne peut contenir que les types de budget autorisés par le partenaire : %s",
		},
		"company.fieldNotChangeable": {
			EN: "You may not change %s of this company",
			NL: "U mag %s van dit bedrijf niet wijzigen",
			FR: "Vous ne pouvez pas modifier le champ « %s » de cette entreprise",
		},
		"company.maxUsersReached": {
			EN: "This company has reached its maximum of %d active app users, so no new app user can be added. The limit may have been set below the current number of users: existing users keep working, only new ones are blocked. Ask your partner to raise the limit or deactivate a user first.",
			NL: "Dit bedrijf heeft zijn maximum van %d actieve app-gebruikers bereikt; er kan geen nieuwe app-gebruiker bij. De limiet kan lager liggen dan het huidige aantal gebruikers: bestaande gebruikers werken verder, enkel nieuwe worden geweigerd. Vraag uw partner de limiet te verhogen of deactiveer eerst een gebruiker.",
			FR: "Cette entreprise a atteint son maximum de %d utilisateurs d'application actifs ; aucun nouvel utilisateur ne peut être ajouté. La limite peut être inférieure au nombre actuel d'utilisateurs : les utilisateurs existants continuent de fonctionner, seuls les nouveaux sont refusés. Demandez à votre partenaire d'augmenter la limite ou désactivez d'abord un utilisateur.",
		},
		"error.FIELD_NOT_CHANGEABLE": {
			EN: "You may not change this field of the company",
			NL: "U mag dit veld van het bedrijf niet wijzigen",
			FR: "Vous ne pouvez pas modifier ce champ de l'entreprise",
		},
		"error.MAX_USERS_REACHED": {
			EN: "This company has reached its maximum number of active app users; existing users keep working, new ones are blocked until the limit is raised",
			NL: "Dit bedrijf heeft zijn maximum aantal actieve app-gebruikers bereikt; bestaande gebruikers werken verder, nieuwe worden geweigerd tot de limiet verhoogd wordt",
			FR: "Cette entreprise a atteint son nombre maximum d'utilisateurs d'application actifs ; les utilisateurs existants continuent de fonctionner, les nouveaux sont refusés jusqu'à ce que la limite soit augmentée",
		},

		"field.companyType":                {EN: "Company type", NL: "Bedrijfstype", FR: "Type d'entreprise"},
		"field.street":                     {EN: "Street", NL: "Straat", FR: "Rue"},
		"field.streetNumber":               {EN: "Number", NL: "Nummer", FR: "Numéro"},
		"field.zipCode":                    {EN: "Postal code", NL: "Postcode", FR: "Code postal"},
		"field.city":                       {EN: "City", NL: "Gemeente", FR: "Ville"},
		"field.country":                    {EN: "Country", NL: "Land", FR: "Pays"},
		"field.companyNumber":              {EN: "Company number", NL: "Ondernemingsnummer", FR: "Numéro d'entreprise"},
		"field.vatNumber":                  {EN: "VAT number", NL: "Btw-nummer", FR: "Numéro de TVA"},
		"field.vatLiable":                  {EN: "VAT liable", NL: "Btw-plichtig", FR: "Assujetti à la TVA"},
		"field.iban":                       {EN: "IBAN", NL: "IBAN", FR: "IBAN"},
		"field.bic":                        {EN: "BIC", NL: "BIC", FR: "BIC"},
		"field.poNumber":                   {EN: "PO number", NL: "Bestelbonnummer", FR: "Numéro de bon de commande"},
		"field.maxUsers":                   {EN: "Maximum number of users", NL: "Maximum aantal gebruikers", FR: "Nombre maximum d'utilisateurs"},
		"field.twoFactorForAdmins":         {EN: "Two-factor authentication for admins", NL: "Tweestapsverificatie voor beheerders", FR: "Authentification à deux facteurs pour les administrateurs"},
		"field.externalReferenceMandatory": {EN: "External reference mandatory", NL: "Externe referentie verplicht", FR: "Référence externe obligatoire"},
		"field.contractType":               {EN: "Contract type", NL: "Contracttype", FR: "Type de contrat"},
		"field.invoiceSendingMethod":       {EN: "Invoice sending method", NL: "Verzendwijze facturen", FR: "Mode d'envoi des factures"},
		"field.invoicePaymentMethod":       {EN: "Invoice payment method", NL: "Betaalwijze facturen", FR: "Mode de paiement des factures"},
		"field.securityDepositAmount":      {EN: "Security deposit", NL: "Waarborg", FR: "Garantie"},
		"field.companyBudgetThreshold":     {EN: "Company budget threshold", NL: "Drempel bedrijfsbudget", FR: "Seuil du budget d'entreprise"},
		"field.appMenu":                    {EN: "App menu", NL: "App-menu", FR: "Menu de l'application"},
		"field.partnerOspId":               {EN: "Partner", NL: "Partner", FR: "Partenaire"},
		"field.nameOrExtIdLike":            {EN: "Search", NL: "Zoeken", FR: "Recherche"},
	})
}
