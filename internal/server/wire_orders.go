package server

import (
	"context"
	"time"

	"mobility/portal/internal/nmbsinvoice"
	"mobility/portal/internal/order"
)

// orderInvoices hands nmbsinvoice the processed season-card orders it
// checks a provider's invoice against. nmbsinvoice declares the shape it
// needs (OrderSource) rather than import order, so neither domain depends
// on the other; the two structs hold the same fields.
type orderInvoices struct{ orders *order.Service }

func (o orderInvoices) ProcessedInMonth(ctx context.Context, year int, month time.Month) ([]nmbsinvoice.Order, error) {
	rows, err := o.orders.ProcessedInMonth(ctx, year, month)
	if err != nil {
		return nil, err
	}
	out := make([]nmbsinvoice.Order, len(rows))
	for i, r := range rows {
		out[i] = nmbsinvoice.Order(r)
	}
	return out, nil
}
