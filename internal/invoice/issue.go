package invoice

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/google/uuid"

	"mobility/portal/internal/constants"
	"mobility/portal/internal/database"
	"mobility/portal/internal/invoice/document"
	"mobility/portal/internal/money"
)

// Number series: INV for what the platform issues to companies (invoices
// and credit notes), SB for self-billing invoices it issues on providers'
// behalf. Each is one gapless sequence per year.
const (
	SeriesInvoice     = "INV"
	SeriesSelfBilling = "SB"
)

// Line types (invoice_lines.line_type).
const (
	LineExpenses    = "EXPENSES"
	LineResourceFee = "RESOURCE_FEE"
	LineUserFee     = "USER_FEE"
	LineBookings    = "BOOKINGS"
)

// Item types (invoice_line_items.item_type).
const (
	ItemExpense = "EXPENSE"
	ItemFee     = "RESOURCE_FEE"
	ItemUserFee = "USER_FEE"
	ItemBooking = "BOOKING"
)

// unitOne is UN/ECE rec. 20's "one" (C62), the unit of aggregated lines.
const unitOne = "C62"

// errAlreadyIssued: the (owner, month) document exists; the issuing
// transaction rolls back and its number is not used.
var errAlreadyIssued = errors.New("invoice: already issued")

// draft is a document ready to issue: everything but its number.
type draft struct {
	Kind       string
	Series     string
	CompanyID  *int64
	PartnerID  *int64
	Month      string
	IssueDate  string
	DueDate    string
	CreditedID *int64
	Currency   string
	Seller     document.Party
	Buyer      document.Party
	Lines      []document.Line
	Items      []document.Item
	Totals     Totals
	Prepaid    int64
	Paid       int64
	Status     string

	PaymentReference string
	PONumber         string
	ContractType     string
	PaymentType      string
	PaymentMethod    string
	SendingMethod    string
	VatLiable        bool
	Language         string

	sellerJSON, buyerJSON string
}

func (d *draft) payable() int64 { return d.Totals.Total - d.Prepaid }

// numbered is a document's number: series, year and sequence, and its text.
type numbered struct {
	series string
	year   int
	seq    int64
	text   string
}

// formatNumber is the printed number: INV-2026-000001.
func formatNumber(series string, year int, seq int64) string {
	return fmt.Sprintf("%s-%04d-%06d", series, year, seq)
}

// dueDate is issue + the payment term.
func dueDate(issue string) (string, error) {
	t, err := parseDay(issue)
	if err != nil {
		return "", err
	}
	return t.AddDate(0, 0, constants.InvoicePaymentTermDays).Format(dateLayout), nil
}

// issue numbers and stores a draft in one transaction: the number is taken
// there, so a failure (or the (owner, month) document already existing:
// errAlreadyIssued) rolls it back with the rest. It returns the new id.
func (s *Service) issue(ctx context.Context, d *draft) (int64, error) {
	if err := d.check(); err != nil {
		return 0, err
	}
	seller, err := json.Marshal(d.Seller)
	if err != nil {
		return 0, err
	}
	buyer, err := json.Marshal(d.Buyer)
	if err != nil {
		return 0, err
	}
	d.sellerJSON, d.buyerJSON = string(seller), string(buyer)
	issued, err := parseDay(d.IssueDate)
	if err != nil {
		return 0, err
	}
	var id int64
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		if d.Kind != document.KindCreditNote {
			owner := d.CompanyID
			if d.Kind == document.KindSelfBilling {
				owner = d.PartnerID
			}
			// checked before a number is taken; the unique index is the
			// guard when two runs race past this
			done, err := s.store.exists(ctx, d.Kind, *owner, d.Month)
			if err != nil {
				return err
			}
			if done {
				return errAlreadyIssued
			}
		}
		n := numbered{series: d.Series, year: issued.Year()}
		if n.seq, err = s.store.nextNumber(ctx, n.series, n.year); err != nil {
			return fmt.Errorf("next number: %w", err)
		}
		n.text = formatNumber(n.series, n.year, n.seq)
		id, err = s.store.insert(ctx, d, n, uuid.NewString(), s.clock.Now())
		if database.IsUniqueViolation(err) && d.Kind != document.KindCreditNote {
			return errAlreadyIssued
		}
		return err
	})
	return id, err
}

// check holds the invariants the schema also checks, so a broken draft is
// an error here rather than a constraint failure: totals from the lines,
// positions 1..n, every item behind a line.
func (d *draft) check() error {
	if len(d.Lines) == 0 {
		return errors.New("invoice: a document without lines")
	}
	t, err := ComputeTotals(d.Lines)
	if err != nil {
		return err
	}
	if t.Net != d.Totals.Net || t.Vat != d.Totals.Vat || t.Total != d.Totals.Total {
		return fmt.Errorf("invoice: totals %+v do not follow from the lines (%+v)", d.Totals, t)
	}
	for i, l := range d.Lines {
		if l.Position != i+1 {
			return fmt.Errorf("invoice: line %d has position %d", i+1, l.Position)
		}
	}
	for _, it := range d.Items {
		if it.Position < 1 || it.Position > len(d.Lines) {
			return fmt.Errorf("invoice: an item behind line %d of %d", it.Position, len(d.Lines))
		}
	}
	if _, err := money.Add(d.Totals.Total, -d.Prepaid); err != nil {
		return err
	}
	return nil
}
