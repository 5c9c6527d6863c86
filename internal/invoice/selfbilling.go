package invoice

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/budget"
	"mobility/portal/internal/company"
	"mobility/portal/internal/constants"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/invoice/document"
	"mobility/portal/internal/partner"
)

// runSelfBilling issues the month's missing self-billing invoices: one per
// provider (MRP partner with self-billing on) whose resources were booked
// in the month, by any company and on any budget, with one BOOKINGS line
// per (mobility mode, VAT rate) computed as a company's EXPENSES lines.
// The platform is the buyer; the provider the seller.
func (s *Service) runSelfBilling(ctx context.Context, m month, issueDate string, res *RunResult) error {
	if s.resources == nil {
		return nil
	}
	done, err := s.store.issuedFor(ctx, document.KindSelfBilling, m.String())
	if err != nil {
		return apperr.Internal(err)
	}
	selfBilling, err := s.partners.SelfBillingIDs(ctx)
	if err != nil {
		return err
	}
	offering, err := s.resources.ProviderIDs(ctx)
	if err != nil {
		return err
	}
	open := 0
	for _, id := range selfBilling {
		if _, ok := slices.BinarySearch(offering, id); ok && !done[id] {
			open++
		}
	}
	if open == 0 {
		res.Skipped += len(done)
		return nil // every provider has its document (or offers nothing)
	}
	data, err := s.loadMonth(ctx, m, false)
	if err != nil {
		return err
	}
	var resourceIDs []int64
	for _, e := range data.expenses {
		if e.ResourceID != nil {
			resourceIDs = append(resourceIDs, *e.ResourceID)
		}
	}
	if len(resourceIDs) == 0 {
		return nil
	}
	resources, err := s.resources.BillingByIDs(ctx, resourceIDs)
	if err != nil {
		return err
	}
	byPartner := map[int64][]budget.MonthExpense{}
	for _, rows := range data.byComp {
		for _, r := range rows {
			e := data.expenses[r.ExpenseID]
			if e.ResourceID == nil {
				continue
			}
			if rs, ok := resources[*e.ResourceID]; ok {
				byPartner[rs.MrpPartnerID] = append(byPartner[rs.MrpPartnerID], r)
			}
		}
	}
	ids := make([]int64, 0, len(byPartner))
	for id := range byPartner {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	// the run acts for no signed-in user
	partners, err := s.partners.ByIDs(ctx, access.SystemScope(), ids)
	if err != nil {
		return err
	}
	due, err := dueDate(issueDate)
	if err != nil {
		return err
	}
	for _, id := range ids {
		p := partners[id]
		if p == nil || !p.SelfBilling {
			continue
		}
		if done[id] {
			res.Skipped++
			continue
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		lang := i18n.Lang(constants.DefaultLanguage)
		b := &lineBuilder{lang: lang}
		rows := byPartner[id]
		slices.SortFunc(rows, func(a, b budget.MonthExpense) int { return cmp.Compare(a.ExpenseID, b.ExpenseID) })
		if err := b.grossLines(data, rows, LineBookings, ItemBooking); err != nil {
			return err
		}
		if len(b.lines) == 0 {
			continue
		}
		totals, err := ComputeTotals(b.lines)
		if err != nil {
			return err
		}
		partnerID := id
		d := &draft{Kind: document.KindSelfBilling, Series: SeriesSelfBilling, PartnerID: &partnerID, Month: m.String(),
			IssueDate: issueDate, DueDate: due, Currency: constants.Currency, Seller: sellerOf(p), Buyer: s.platform.Party,
			Lines: b.lines, Items: b.items, Totals: totals, Status: StatusCreated, PaymentMethod: company.InvoicePaymentManual,
			SendingMethod: company.InvoiceByEmail, VatLiable: p.VatNumber != "", Language: string(lang)}
		newID, err := s.issue(ctx, d)
		if errors.Is(err, errAlreadyIssued) {
			res.Skipped++
			continue
		}
		if err != nil {
			return fmt.Errorf("self-billing invoice of partner %d: %w", id, err)
		}
		res.SelfBillingInvoices++
		s.sendIssued(ctx, newID)
	}
	return nil
}

// sellerOf is a provider as its self-billing invoice names it; a Belgian
// VAT number carries its enterprise number.
func sellerOf(p *partner.Partner) document.Party {
	country := p.Country
	if country == "" {
		country = "BE"
	}
	number := ""
	if len(p.VatNumber) == 12 && p.VatNumber[:2] == "BE" {
		number = p.VatNumber[2:]
	}
	return document.Party{Name: p.Name, Street: p.Street, StreetNumber: p.StreetNumber, ZipCode: p.ZipCode, City: p.City,
		Country: country, VatNumber: p.VatNumber, CompanyNumber: number, Email: p.Email}
}
