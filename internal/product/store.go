package product

import "mobility/portal/internal/database"

// store holds the SQL of the tables product owns: products,
// product_label_translations and product_composition.
type store struct {
	db *database.DB
}
