package i18n

// Texts of internal/idempotency (the Idempotency-Key header of money calls).
func init() {
	register(map[string]map[Lang]string{
		"idempotency.keyInvalid": {
			EN: "The Idempotency-Key header must be 1 to 255 printable ASCII characters",
			NL: "De header Idempotency-Key moet uit 1 tot 255 afdrukbare ASCII-tekens bestaan",
			FR: "L'en-tête Idempotency-Key doit contenir de 1 à 255 caractères ASCII imprimables",
		},
		"error.IDEMPOTENCY_KEY_REUSED": {
			EN: "This Idempotency-Key was already used for another request",
			NL: "Deze Idempotency-Key werd al gebruikt voor een ander verzoek",
			FR: "Cette Idempotency-Key a déjà été utilisée pour une autre requête",
		},
	})
}
