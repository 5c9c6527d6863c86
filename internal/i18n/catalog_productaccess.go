package i18n

// Texts of internal/productaccess (who may use which product). The
// PRODUCT_DEFAULT_IN_USE text is internal/product's.
func init() {
	register(map[string]map[Lang]string{
		"error.PRODUCT_NOT_ALLOWED_BY_PARTNER": {
			EN: "The partner of this company does not allow this product or service resource",
			NL: "De partner van dit bedrijf staat dit product of deze dienstbron niet toe",
			FR: "Le partenaire de cette entreprise n'autorise pas ce produit ou cette ressource de service",
		},
		"error.PRODUCT_NOT_OFFERED": {
			EN: "The company does not offer this product: select it in the company's available products first",
			NL: "Het bedrijf biedt dit product niet aan: selecteer het eerst bij de beschikbare producten van het bedrijf",
			FR: "L'entreprise ne propose pas ce produit : sélectionnez-le d'abord dans les produits disponibles de l'entreprise",
		},
		"error.PRODUCT_PLATFORM_DISALLOWED": {
			EN: "This product is not allowed on the platform",
			NL: "Dit product is niet toegestaan op het platform",
			FR: "Ce produit n'est pas autorisé sur la plateforme",
		},
		"error.PRODUCT_NOT_USABLE": {
			EN: "This user may not use this product",
			NL: "Deze gebruiker mag dit product niet gebruiken",
			FR: "Cet utilisateur ne peut pas utiliser ce produit",
		},
		"field.productOspId":   {EN: "Product", NL: "Product", FR: "Produit"},
		"field.productOspIds":  {EN: "Products", NL: "Producten", FR: "Produits"},
		"field.userGroupOspId": {EN: "User group", NL: "Gebruikersgroep", FR: "Groupe d'utilisateurs"},
	})
}
