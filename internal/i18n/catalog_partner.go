package i18n

// Texts of internal/partner (partners, their budget types and links).
func init() {
	register(map[string]map[Lang]string{
		"error.UNKNOWN_PRODUCT": {
			EN: "This product does not exist or is deactivated",
			NL: "Dit product bestaat niet of is gedeactiveerd",
			FR: "Ce produit n'existe pas ou est désactivé",
		},
		"error.UNKNOWN_SERVICE_RESOURCE": {
			EN: "This service resource does not exist or is deactivated",
			NL: "Deze dienstbron bestaat niet of is gedeactiveerd",
			FR: "Cette ressource de service n'existe pas ou est désactivée",
		},
		"error.PARTNER_LINK_SELF": {
			EN: "A partner cannot be linked to itself",
			NL: "Een partner kan niet aan zichzelf gekoppeld worden",
			FR: "Un partenaire ne peut pas être lié à lui-même",
		},
		"error.PARTNER_LINK_EXISTS": {
			EN: "These partners are already linked",
			NL: "Deze partners zijn al gekoppeld",
			FR: "Ces partenaires sont déjà liés",
		},
		"error.PARTNER_LINK_CYCLE": {
			EN: "This link would make a partner its own super-partner",
			NL: "Deze koppeling zou een partner zijn eigen hoofdpartner maken",
			FR: "Ce lien ferait d'un partenaire son propre partenaire supérieur",
		},
		"error.PARTNER_LINK_NOT_FOUND": {
			EN: "These partners are not linked",
			NL: "Deze partners zijn niet gekoppeld",
			FR: "Ces partenaires ne sont pas liés",
		},
		"partner.rule.country": {
			EN: "The country must be a two-letter country code, such as BE",
			NL: "Het land moet een landcode van twee letters zijn, zoals BE",
			FR: "Le pays doit être un code pays de deux lettres, comme BE",
		},
		"partner.rule.zipCode": {
			EN: "The postal code is not valid for this country",
			NL: "De postcode is niet geldig voor dit land",
			FR: "Le code postal n'est pas valide pour ce pays",
		},
		"field.partnerData.name":         {EN: "Name", NL: "Naam", FR: "Nom"},
		"field.partnerData.extId":        {EN: "External id", NL: "Externe id", FR: "Identifiant externe"},
		"field.partnerData.partnerType":  {EN: "Partner type", NL: "Partnertype", FR: "Type de partenaire"},
		"field.partnerData.street":       {EN: "Street", NL: "Straat", FR: "Rue"},
		"field.partnerData.streetNumber": {EN: "Number", NL: "Nummer", FR: "Numéro"},
		"field.partnerData.zipCode":      {EN: "Postal code", NL: "Postcode", FR: "Code postal"},
		"field.partnerData.city":         {EN: "City", NL: "Gemeente", FR: "Ville"},
		"field.partnerData.country":      {EN: "Country", NL: "Land", FR: "Pays"},
		"field.partnerData.vatNumber":    {EN: "VAT number", NL: "Btw-nummer", FR: "Numéro de TVA"},
		"field.partnerData.email":        {EN: "E-mail", NL: "E-mail", FR: "E-mail"},
		"field.selectedBudgetTypes":      {EN: "Budget types", NL: "Budgettypes", FR: "Types de budget"},
		"field.selectedProducts":         {EN: "Products", NL: "Producten", FR: "Produits"},
		"field.selectedServiceResources": {EN: "Service resources", NL: "Dienstbronnen", FR: "Ressources de service"},
		"field.relatedPartnerOspId":      {EN: "Linked partner", NL: "Gekoppelde partner", FR: "Partenaire lié"},
		"field.relation":                 {EN: "Relation", NL: "Relatie", FR: "Relation"},
	})
}
