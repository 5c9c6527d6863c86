package seed

import (
	"context"
	"fmt"
	"time"

	"mobility/portal/internal/invoice"
	"mobility/portal/internal/invoice/document"
	"mobility/portal/internal/money"
	"mobility/portal/internal/paging"
)

// The demo's finance (issue 12). The jobs runner's "invoices" job issues
// each closed month's invoices on the next month's first day, as the
// story lives through the year: one per company (prepaid Acme and Initech
// draw them from their company budgets: PAID at once), one self-billing
// invoice per self-billing provider with bookings. Platform staff then do
// what the bank statements say, through the invoice service:
//   - on the 20th, the payments of the postpaid invoices issued that month
//     (Globex pays by direct debit; one month's collection comes back
//     short, another collects too much); the invoices of the last closed
//     month stay unpaid (SENT), as they would be on the day of the demo;
//   - once, a credit note cancels a Globex invoice before it is paid.

// Globex's odd payments: in these months of the story the bank collects
// too little, or too much.
const (
	shortPaymentMonth  = 5
	excessPaymentMonth = 8
	creditNoteMonth    = 9
	shortBy, excessBy  = 2500, 1250 // cents
)

// finance does platform staff's bookkeeping of the day (m: months since
// the story's start, d: day of the month).
func (s *story) finance(ctx context.Context, day time.Time, m, d int) error {
	switch {
	case d == 10 && m == creditNoteMonth:
		return s.creditNote(ctx, billedMonth(day))
	case d == 20 && m > 0 && !sameMonth(day, s.end):
		return s.payInvoices(ctx, billedMonth(day), m)
	}
	return nil
}

// billedMonth is the month (yyyyMM) whose invoices were issued on day's
// month's first day: the month before.
func billedMonth(day time.Time) string {
	return time.Date(day.Year(), day.Month()-1, 1, 0, 0, 0, 0, day.Location()).Format("200601")
}

func sameMonth(a, b time.Time) bool { return a.Year() == b.Year() && a.Month() == b.Month() }

// unpaid lists the company invoices of a month that wait for a payment.
func (s *story) unpaid(ctx context.Context, month, companyOspID string) ([]invoice.Invoice, error) {
	page, err := s.app.Invoices.Find(ctx, s.staff, invoice.Filter{CorporateAccountOspID: companyOspID, MonthFrom: month, MonthTo: month,
		Statuses: []string{invoice.StatusCreated, invoice.StatusSent}, Pagination: paging.Pagination{Page: 1, Size: paging.MaxPageSize}})
	if err != nil {
		return nil, fmt.Errorf("invoices of %s: %w", month, err)
	}
	var out []invoice.Invoice
	for _, inv := range page.Content {
		if inv.Kind == document.KindInvoice && inv.CreditNoteNumber == "" && inv.PayableAmount > 0 {
			out = append(out, inv)
		}
	}
	return out, nil
}

// payInvoices records the payments of a month's postpaid invoices.
func (s *story) payInvoices(ctx context.Context, month string, m int) error {
	invoices, err := s.unpaid(ctx, month, "")
	if err != nil {
		return err
	}
	for _, inv := range invoices {
		amount, method, ref := inv.PayableAmount, invoice.MethodTransfer, "Overschrijving "+inv.Number
		if inv.CorporateAccountOspID == GlobexOspID {
			method, ref = invoice.MethodDirectDebit, "Domiciliëring "+inv.Number
			switch m {
			case shortPaymentMonth:
				amount = max(amount-shortBy, amount/2)
			case excessPaymentMonth:
				amount += excessBy
			}
		}
		if _, err := s.app.Invoices.Pay(ctx, s.staff, invoice.PayRequest{OspID: inv.OspID, Amount: money.Amount(amount),
			PaymentDate: s.today(), Reference: ref, Method: method}); err != nil {
			return fmt.Errorf("payment of %s: %w", inv.Number, err)
		}
	}
	return nil
}

// creditNote cancels Globex's invoice of month, before it is paid.
func (s *story) creditNote(ctx context.Context, month string) error {
	invoices, err := s.unpaid(ctx, month, GlobexOspID)
	if err != nil {
		return err
	}
	if len(invoices) == 0 {
		return fmt.Errorf("no invoice of Globex for %s to credit", month)
	}
	_, err = s.app.Invoices.CreditNote(ctx, s.staff, invoice.CreditNoteRequest{OspID: invoices[0].OspID,
		Reason: "Geannuleerd: op de verkeerde bestelbon gefactureerd"})
	return err
}
