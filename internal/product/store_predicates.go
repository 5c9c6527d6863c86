package product

// Predicates product publishes for other domains' stores: a condition on
// their own product-id column, so they filter by a product's state without
// SQL of their own on products.

// ActiveProduct restricts productCol to active products (prefix it with
// NOT for the deactivated ones).
func ActiveProduct(productCol string) string {
	return "EXISTS (SELECT 1 FROM products ap WHERE ap.id = " + productCol + " AND ap.active)"
}
