package nmbsinvoice

import (
	"context"
	"fmt"
	"time"

	"mobility/portal/internal/clock"
	"mobility/portal/internal/i18n"
)

// monthOrders is what a file's lines are matched against: the company's
// orders confirmed in the invoice month that the provider charges (for
// B-Parking, those with parking), by card number in id order, and which
// of them the provider has invoiced already.
type monthOrders struct {
	byCard   map[string][]Order
	invoiced map[int64]bool
}

func (s *Service) ordersOf(ctx context.Context, provider string, companyID int64, month string) (*monthOrders, error) {
	m := &monthOrders{byCard: map[string][]Order{}, invoiced: map[int64]bool{}}
	if s.orders == nil {
		return m, nil
	}
	t, err := time.ParseInLocation("200601", month, clock.Brussels)
	if err != nil {
		return nil, err
	}
	all, err := s.orders.ProcessedInMonth(ctx, t.Year(), t.Month())
	if err != nil {
		return nil, err
	}
	var ids []int64
	for _, o := range all {
		if o.CompanyID != companyID || (provider == ProviderBParking && !o.IncludeParking) {
			continue
		}
		m.byCard[o.CardNumber] = append(m.byCard[o.CardNumber], o)
		ids = append(ids, o.OrderID)
	}
	m.invoiced, err = s.store.invoiced(ctx, provider, ids)
	return m, err
}

// expected is what the provider should charge for an order: the season
// card's price (NMBS) or its parking part (B-Parking).
func expected(provider string, o Order) int64 {
	if provider == ProviderBParking {
		return o.ParkingCents
	}
	return o.PriceCents
}

// match gives each line its outcome, in file order. A line takes an order
// of its card (the one its orderReference names, else the first one
// starting on the line's period start, else the first one) that no
// earlier line of the file took and the provider has not invoiced before.
// The same card and period start twice in the file is a duplicate.
func match(ctx context.Context, provider string, lines []line, m *monthOrders, rep *Report) {
	lang := i18n.FromContext(ctx)
	taken := map[int64]int{} // order id → the line that took it
	seen := map[[2]string]int{}
	for _, l := range lines {
		res := LineResult{Line: l.number, InvoiceNumber: l.invoice, CardNumber: l.card, InvoicedAmount: l.amount}
		set := func(outcome string, args ...any) {
			res.Outcome = outcome
			res.Message = i18n.T(lang, "nmbsinvoice.outcome."+outcome, args...)
		}
		key := [2]string{l.card, l.start}
		if first, dup := seen[key]; dup {
			set(OutcomeDuplicateInFile, first)
			rep.add(res)
			continue
		}
		seen[key] = l.number
		var candidates []Order
		for _, o := range m.byCard[l.card] {
			if l.orderRef == 0 || o.OrderID == l.orderRef {
				candidates = append(candidates, o)
			}
		}
		o, why, by := pick(candidates, l.start, taken, m.invoiced)
		switch why {
		case OutcomeUnknownOrder:
			set(OutcomeUnknownOrder)
		case OutcomeAlreadyInvoiced:
			res.OrderID = o.OrderID
			set(OutcomeAlreadyInvoiced, o.OrderID)
		case OutcomeDuplicateInFile:
			res.OrderID = o.OrderID
			set(OutcomeDuplicateInFile, by)
		default:
			taken[o.OrderID] = l.number
			res.OrderID, res.ExpectedAmount = o.OrderID, expected(provider, o)
			if res.ExpectedAmount != l.amount {
				set(OutcomeAmountDiffers, euros(res.ExpectedAmount), euros(l.amount))
			} else {
				set(OutcomeMatched, o.OrderID)
			}
		}
		rep.add(res)
	}
}

// pick chooses a line's order among its card's candidates: a free one
// (not taken by an earlier line, not invoiced), preferring the one that
// starts on the line's period start. With none free it tells why: no
// candidate at all, all invoiced before (the first such order), or taken
// by an earlier line of the file (the first such line).
func pick(candidates []Order, start string, taken map[int64]int, invoiced map[int64]bool) (Order, string, int) {
	var free []Order
	for _, o := range candidates {
		if _, t := taken[o.OrderID]; !t && !invoiced[o.OrderID] {
			free = append(free, o)
		}
	}
	for _, o := range free {
		if o.StartDate.In(clock.Brussels).Format(clock.DateLayout) == start {
			return o, "", 0
		}
	}
	if len(free) > 0 {
		return free[0], "", 0
	}
	if len(candidates) == 0 {
		return Order{}, OutcomeUnknownOrder, 0
	}
	for _, o := range candidates {
		if invoiced[o.OrderID] {
			return o, OutcomeAlreadyInvoiced, 0
		}
	}
	return candidates[0], OutcomeDuplicateInFile, taken[candidates[0].OrderID]
}

// add appends a line's result and counts it.
func (r *Report) add(l LineResult) {
	r.Lines = append(r.Lines, l)
	r.count(l.Outcome, 1)
}

func (r *Report) count(outcome string, n int) {
	switch outcome {
	case OutcomeMatched:
		r.Counts.Matched += n
	case OutcomeInvoiced:
		r.Counts.Invoiced += n
	case OutcomeAmountDiffers:
		r.Counts.AmountDiffers += n
	case OutcomeUnknownOrder:
		r.Counts.UnknownOrder += n
	case OutcomeAlreadyInvoiced:
		r.Counts.AlreadyInvoiced += n
	case OutcomeDuplicateInFile:
		r.Counts.DuplicateInFile += n
	}
}

// euros shows positive cents as euros with two decimals ("214.00").
func euros(cents int64) string { return fmt.Sprintf("%d.%02d", cents/100, cents%100) }

// ProcessedOrders lists the orders the service's source has confirmed in
// a month (none without a source): what the demo builds its invoice from.
func (s *Service) ProcessedOrders(ctx context.Context, year int, month time.Month) ([]Order, error) {
	if s.orders == nil {
		return nil, nil
	}
	return s.orders.ProcessedInMonth(ctx, year, month)
}
