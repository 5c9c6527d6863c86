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
	})
}
