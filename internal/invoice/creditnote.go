package invoice

import (
	"context"
	"encoding/json"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/database"
	"mobility/portal/internal/invoice/document"
	"mobility/portal/internal/money"
)

// CreditNote cancels an issued invoice (platform staff): a CREDIT_NOTE of
// the INV series, issued today, with the negative of every line, item and
// total, referring to the invoice. An invoice is credited once; credit
// notes and self-billing invoices are not credited (409). The credit note
// starts CREATED (the sender sends it).
func (s *Service) CreditNote(ctx context.Context, p *access.Principal, req CreditNoteRequest) (*Detail, error) {
	r, err := s.store.byOspID(ctx, p, req.OspID)
	if database.IsNoRows(err) {
		return nil, apperr.NotFound("invoice")
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	if r.Kind != document.KindInvoice {
		return nil, apperr.Conflict(LabelNotCreditable, "only an invoice is credited")
	}
	if r.CreditNoteNumber != nil {
		return nil, apperr.Conflict(LabelAlreadyCredited, "the invoice is credited by "+*r.CreditNoteNumber)
	}
	d, err := s.creditDraft(ctx, r)
	if err != nil {
		return nil, err
	}
	id, err := s.issue(ctx, d)
	if database.IsUniqueViolation(err) {
		// a concurrent credit note won (invoices_credited)
		return nil, apperr.Conflict(LabelAlreadyCredited, "the invoice is credited already")
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	s.sendIssued(ctx, id)
	created, err := s.store.byID(ctx, id)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return s.detail(ctx, created)
}

// creditDraft is the negative copy of an invoice.
func (s *Service) creditDraft(ctx context.Context, r *row) (*draft, error) {
	lines, err := s.store.lines(ctx, r.ID)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	items, err := s.store.items(ctx, r.ID)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	for i := range lines {
		if lines[i].NetAmount, err = money.Neg(lines[i].NetAmount); err != nil {
			return nil, apperr.Internal(err)
		}
		// the quantity turns negative, the unit price stays: BIS 3 wants
		// a positive price, and quantity x price = net still holds
		lines[i].QuantityMilli = -lines[i].QuantityMilli
	}
	for i := range items {
		if items[i].GrossAmount, err = money.Neg(items[i].GrossAmount); err != nil {
			return nil, apperr.Internal(err)
		}
	}
	totals, err := ComputeTotals(lines)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	var seller, buyer document.Party
	if err := json.Unmarshal([]byte(r.SellerJSON), &seller); err != nil {
		return nil, apperr.Internal(err)
	}
	if err := json.Unmarshal([]byte(r.BuyerJSON), &buyer); err != nil {
		return nil, apperr.Internal(err)
	}
	issue := clock.Today(s.clock.Now())
	due, err := dueDate(issue)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	credited := r.ID
	prepaid, err := money.Neg(r.PrepaidAmount)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return &draft{Kind: document.KindCreditNote, Series: SeriesInvoice, CompanyID: r.CompanyID, PartnerID: r.PartnerID,
		Month: r.Month, IssueDate: issue, DueDate: due, CreditedID: &credited, Currency: r.Currency, Seller: seller, Buyer: buyer,
		Lines: lines, Items: items, Totals: totals, Prepaid: prepaid, Status: StatusCreated,
		PaymentReference: r.PaymentReference, PONumber: r.PONumber, ContractType: r.ContractType, PaymentType: r.PaymentType,
		PaymentMethod: r.PaymentMethod, SendingMethod: r.SendingMethod, VatLiable: r.VatLiable, Language: r.Language}, nil
}
