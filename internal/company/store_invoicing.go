package company

import (
	"context"
	"time"
)

// invoicingRow is a company as the invoice run reads it.
type invoicingRow struct {
	ID                   int64     `db:"id"`
	OspID                string    `db:"osp_id"`
	PartnerID            int64     `db:"partner_id"`
	Name                 string    `db:"name"`
	Street               string    `db:"street"`
	StreetNumber         string    `db:"street_number"`
	ZipCode              string    `db:"zip_code"`
	City                 string    `db:"city"`
	Country              string    `db:"country"`
	CompanyNumber        string    `db:"company_number"`
	VatNumber            string    `db:"vat_number"`
	VatLiable            bool      `db:"vat_liable"`
	Iban                 string    `db:"iban"`
	Bic                  string    `db:"bic"`
	PoNumber             string    `db:"po_number"`
	ContractType         string    `db:"contract_type"`
	PaymentType          string    `db:"payment_type"`
	InvoiceSendingMethod string    `db:"invoice_sending_method"`
	InvoicePaymentMethod string    `db:"invoice_payment_method"`
	PaymentReference     *string   `db:"payment_reference"`
	Active               bool      `db:"active"`
	CreatedAt            time.Time `db:"created_at"`
}

func (s *store) invoicingAll(ctx context.Context) ([]Invoicing, error) {
	var rows []invoicingRow
	if err := s.db.Select(ctx, &rows, `SELECT ca.id, ca.osp_id, ca.partner_id, ca.name, ca.street, ca.street_number, ca.zip_code,
		ca.city, ca.country, ca.company_number, ca.vat_number, ca.vat_liable, ca.iban, ca.bic, ca.po_number, ca.contract_type,
		ca.payment_type, ca.invoice_sending_method, ca.invoice_payment_method, ca.payment_reference, ca.active, ca.created_at
		FROM corporate_accounts ca ORDER BY ca.id`); err != nil {
		return nil, err
	}
	out := make([]Invoicing, len(rows))
	for i, r := range rows {
		ref := ""
		if r.PaymentReference != nil {
			ref = *r.PaymentReference
		}
		out[i] = Invoicing{ID: r.ID, OspID: r.OspID, PartnerID: r.PartnerID, Name: r.Name, Street: r.Street,
			StreetNumber: r.StreetNumber, ZipCode: r.ZipCode, City: r.City, Country: r.Country, CompanyNumber: r.CompanyNumber,
			VatNumber: r.VatNumber, VatLiable: r.VatLiable, Iban: r.Iban, Bic: r.Bic, PoNumber: r.PoNumber,
			ContractType: r.ContractType, PaymentType: r.PaymentType, InvoiceSendingMethod: r.InvoiceSendingMethod,
			InvoicePaymentMethod: r.InvoicePaymentMethod, PaymentReference: ref, Active: r.Active, CreatedAt: r.CreatedAt}
	}
	return out, nil
}
