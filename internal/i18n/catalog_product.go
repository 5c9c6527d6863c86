package i18n

// Texts of internal/product: the catalogue's products and their
// composition.
func init() {
	register(map[string]map[Lang]string{
		"error.PRODUCT_DEFAULT_IN_USE": {
			EN: "Product default must be removed for all employees first",
			NL: "Het product moet eerst bij alle werknemers als standaardproduct verwijderd worden",
			FR: "Le produit doit d'abord être retiré comme produit par défaut de tous les employés",
		},
	})
}
