package invoice

import (
	"mobility/portal/internal/config"
	"mobility/portal/internal/invoice/document"
)

// Platform is the operator of the portal as its documents name it: the
// seller of every company invoice and credit note, the buyer of every
// self-billing invoice (PORTAL_SELLER_*, config.Seller).
type Platform struct {
	Party document.Party
}

// PlatformFrom reads the operator from the configuration (its defaults
// when cfg is nil).
func PlatformFrom(cfg *config.Config) Platform {
	if cfg == nil {
		cfg = config.Defaults()
	}
	s := cfg.Seller
	return Platform{Party: document.Party{Name: s.Name, Street: s.Street, StreetNumber: s.StreetNumber, ZipCode: s.ZipCode,
		City: s.City, Country: s.Country, VatNumber: s.VatNumber, CompanyNumber: s.CompanyNumber, Email: s.Email,
		IBAN: s.IBAN, BIC: s.BIC}}
}
