package invoice

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/api"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/validate"
)

const base = "/portal-service/v1/invoice"

// Routes are the invoice calls: the lists and a document for invoice and
// user managers (SPEC §2 finance/invoices; the store scopes them to the
// caller's companies, and self-billing documents to the provider's
// invoice managers); payments, credit notes and runs for platform staff.
func (s *Service) Routes() []api.Route {
	read := access.Need(access.InvoiceManager, access.UserManager)
	staff := access.Need(access.OspAdmin)
	pr := access.FromContext
	return []api.Route{
		api.Post(base+"/findByFilter", read, "invoice", "Page through invoices and credit notes (or self-billing invoices) with the filter's sums",
			func(ctx context.Context, req *Filter) (*InvoicePage, error) {
				return s.Find(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/get", read, "invoice", "One invoice, credit note or self-billing invoice with its lines, VAT and payments",
			func(ctx context.Context, req *GetRequest) (*Detail, error) {
				return s.Get(ctx, pr(ctx), req.OspID)
			}),
		api.Post(base+"/pay", staff, "invoice", "Record a payment (negative: paid back); the status follows from the payments' sum",
			func(ctx context.Context, req *PayRequest) (*Detail, error) {
				return s.Pay(ctx, pr(ctx), *req)
			}).WithIdempotencyKey(),
		api.Post(base+"/creditNote", staff, "invoice", "Cancel an invoice with a credit note (the negative of every line)",
			func(ctx context.Context, req *CreditNoteRequest) (*Detail, error) {
				return s.CreditNote(ctx, pr(ctx), *req)
			}).WithIdempotencyKey(),
		api.Post(base+"/run", staff, "invoice", "Issue a closed month's missing invoices and self-billing invoices",
			func(ctx context.Context, req *RunRequest) (*RunResult, error) {
				return s.Run(ctx, *req)
			}),
	}
}

// Run is invoice/run: RunMonth for a month that has ended (a field error
// otherwise).
func (s *Service) Run(ctx context.Context, req RunRequest) (*RunResult, error) {
	v := validate.New(ctx)
	if v.Required("month", req.Month) {
		m, ok := clock.ParseMonth(req.Month)
		switch {
		case !ok:
			v.Fail("month", "rule.month")
		case m.Index() >= clock.MonthOf(s.clock.Now()).Index():
			v.Fail("month", "invoice.rule.monthNotEnded")
		}
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	r, err := s.RunMonth(ctx, req.Month)
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	return &r, nil
}
