package seed

import (
	"context"
	"fmt"
	"strings"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/nmbsinvoice"
)

// The demo's NMBS invoice (issue 16): last month's invoice of Acme's season
// cards, built from the orders the portal processed that month, with every
// order invoiced at its price except the last (NMBS charges € 1.50 more)
// and one line on a card no order has; uploaded, validated and processed by
// platform staff through the service, so the upload-nmbs-invoice page shows
// a processed file with its two differences. With no processed orders that
// month (no order source wired, or none confirmed) the demo has no invoice
// and skips it.

// DemoNMBSInvoiceUnknownCard is the invoice line's card no order has.
const DemoNMBSInvoiceUnknownCard = "99990000000000001"

// DemoNMBSInvoice builds, uploads, validates and processes the month
// before now's NMBS invoice of a company; nil when that month has no
// processed order of the company.
func DemoNMBSInvoice(ctx context.Context, svc *nmbsinvoice.Service, staff *access.Principal, companyOspID string, companyID int64,
	organism string, now time.Time) (*nmbsinvoice.Report, error) {
	b := now.In(clock.Brussels)
	month := time.Date(b.Year(), b.Month(), 1, 0, 0, 0, 0, clock.Brussels).AddDate(0, -1, 0)
	all, err := svc.ProcessedOrders(ctx, month.Year(), month.Month())
	if err != nil {
		return nil, err
	}
	var orders []nmbsinvoice.Order
	for _, o := range all {
		if o.CompanyID == companyID {
			orders = append(orders, o)
		}
	}
	if len(orders) == 0 {
		return nil, nil
	}
	ym := month.Format("200601")
	invoice := fmt.Sprintf("NMBS-%s-%s", ym, organism)
	var f strings.Builder
	f.WriteString(strings.Join(nmbsinvoice.Columns(nmbsinvoice.ProviderNMBS), ";") + "\n")
	// a line's period: the card's month from its start date
	line := func(ref, card string, from time.Time, cents int64) {
		start, end := from.Format(clock.DateLayout), from.AddDate(0, 1, -1).Format(clock.DateLayout)
		fmt.Fprintf(&f, "%s;%s;%s;%s;%s;Trajectabonnement 2de klas (1 maand);%s;%s;%d.%02d;6\n", invoice, ym, organism, ref, card, start, end,
			cents/100, cents%100)
	}
	for i, o := range orders {
		cents := o.PriceCents
		if i == len(orders)-1 && len(orders) > 1 {
			cents += 150 // NMBS charges more than the order's price
		}
		line(fmt.Sprint(o.OrderID), o.CardNumber, o.StartDate.In(clock.Brussels), cents)
	}
	line("", DemoNMBSInvoiceUnknownCard, month, 21400)
	id, err := svc.Upload(ctx, staff, companyOspID, nmbsinvoice.ProviderNMBS, fmt.Sprintf("nmbs-invoice-%s-%s.csv", strings.ToLower(organism), ym),
		[]byte(f.String()))
	if err != nil {
		return nil, fmt.Errorf("NMBS invoice upload: %w", err)
	}
	if rep, err := svc.Validate(ctx, staff, id); err != nil || !rep.Valid {
		return nil, fmt.Errorf("NMBS invoice validate: %+v %w", rep, err)
	}
	return svc.Process(ctx, staff, id)
}

// nmbsInvoice: Acme's NMBS invoice of last month, on the story's last day.
func (s *story) nmbsInvoice(ctx context.Context) error {
	ca, err := s.app.Companies.Resolve(ctx, s.staff, AcmeOspID)
	if err != nil {
		return err
	}
	_, err = DemoNMBSInvoice(ctx, s.app.NmbsInvoices, s.staff, AcmeOspID, ca.ID, "ACME", s.clk.Now())
	return err
}
