package company

import (
	"context"
	"time"

	"mobility/portal/internal/apperr"
)

// Invoicing is what the monthly invoice run reads of a company: who it is
// and where it lives (the invoice's buyer), how it pays and is sent its
// invoices, and since when it exists (pro rata fees of a first month).
type Invoicing struct {
	ID                   int64
	OspID                string
	PartnerID            int64
	Name                 string
	Street               string
	StreetNumber         string
	ZipCode              string
	City                 string
	Country              string
	CompanyNumber        string
	VatNumber            string
	VatLiable            bool
	Iban                 string
	Bic                  string
	PoNumber             string
	ContractType         string
	PaymentType          string
	InvoiceSendingMethod string
	InvoicePaymentMethod string
	PaymentReference     string
	Active               bool
	CreatedAt            time.Time
}

// InvoicingAll lists every company, by id, for the invoice run (a trusted
// caller acting for no signed-in user: it bills every tenant). One query.
func (s *Service) InvoicingAll(ctx context.Context) ([]Invoicing, error) {
	rows, err := s.store.invoicingAll(ctx)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return rows, nil
}
