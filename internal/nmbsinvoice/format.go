package nmbsinvoice

import (
	"context"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"mobility/portal/internal/clock"
	"mobility/portal/internal/constants"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/money"
	"mobility/portal/internal/nmbsconfig"
	"mobility/portal/internal/provfile"
	"mobility/portal/internal/user"
)

// format is a provider's invoice file: its columns and what its card and
// description columns are called.
type format struct {
	spec     provfile.Spec
	cardCol  string
	descCol  string // product (NMBS) or parking (B-Parking)
	organism bool   // NMBS: the company's organism number on every line
}

// formats are the providers' monthly invoice files (docs/nmbs-invoices.md).
var formats = map[string]format{
	ProviderNMBS: {
		spec: provfile.Spec{
			Columns: []string{"invoiceNumber", "invoiceMonth", "organismNumber", "orderReference", "mobibCardNumber", "product",
				"periodStart", "periodEnd", "amountInclVat", "vatRate"},
			Required: []string{"invoiceNumber", "invoiceMonth", "organismNumber", "mobibCardNumber", "periodStart", "periodEnd",
				"amountInclVat", "vatRate"},
			Example: []string{"NMBS-2026-104233", "202610", "ACME", "", "12345678901234567",
				"Trajectabonnement 2de klas Gent-Sint-Pieters - Brussel-Zuid (1 maand)", "2026-10-01", "2026-10-31", "214.00", "6"},
			Template: "nmbs-invoice-template.csv",
		},
		cardCol: "mobibCardNumber", descCol: "product", organism: true,
	},
	ProviderBParking: {
		spec: provfile.Spec{
			Columns:  []string{"invoiceNumber", "invoiceMonth", "cardNumber", "parking", "periodStart", "periodEnd", "amountInclVat", "vatRate"},
			Required: []string{"invoiceNumber", "invoiceMonth", "cardNumber", "parking", "periodStart", "periodEnd", "amountInclVat", "vatRate"},
			Example: []string{"BP-2026-009911", "202610", "12345678901234567", "Gent-Sint-Pieters P1 Fabiolalaan", "2026-10-01",
				"2026-10-31", "28.00", "21"},
			Template: "bparking-invoice-template.csv",
		},
		cardCol: "cardNumber", descCol: "parking",
	},
}

// ProviderNames lists the providers in the screen's order.
func ProviderNames() []string { return []string{ProviderNMBS, ProviderBParking} }

// Columns is a provider's file header, for files written elsewhere (the
// demo, the tests).
func Columns(provider string) []string { return formats[provider].spec.Columns }

var (
	invoicePattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._/-]{0,39}$`)
)

// line is a checked invoice line.
type line struct {
	number   int
	invoice  string
	month    string // yyyyMM
	card     string // digits only
	orderRef int64  // NMBS orderReference; 0: none
	start    string // periodStart, yyyy-MM-dd
	amount   int64  // cents incl. VAT
	vatBP    int64
}

// checkLines checks every line's fields (SPEC §5: organism number 4
// letters, month yyyyMM) and that all lines are of one month, not in the
// future: the lines and, per line and field, what is wrong. organism is
// the number in the company's NMBS settings ("" when it has none): an
// NMBS line of another organism is another company's invoice.
func checkLines(ctx context.Context, f format, lines []provfile.Line, organism string, now time.Time, rep *Report) []line {
	lang := i18n.FromContext(ctx)
	fail := func(n int, field, key string, args ...any) {
		rep.Errors = append(rep.Errors, LineError{Line: n, Field: field, Messages: []string{i18n.T(lang, key, args...)}})
	}
	thisMonth := now.In(clock.Brussels).Format("200601")
	var out []line
	for _, pl := range lines {
		before := len(rep.Errors)
		l := line{number: pl.Number, invoice: pl.Cell("invoiceNumber")}
		if !invoicePattern.MatchString(l.invoice) {
			fail(l.number, "invoiceNumber", "nmbsinvoice.rule.invoiceNumber")
		}
		month, err := time.Parse("200601", pl.Cell("invoiceMonth"))
		switch {
		case err != nil || month.Year() < 2000 || month.Year() > 2099:
			fail(l.number, "invoiceMonth", "nmbsinvoice.rule.month")
		case month.Format("200601") > thisMonth:
			fail(l.number, "invoiceMonth", "provfile.future")
		default:
			l.month = month.Format("200601")
			if rep.InvoiceMonth == "" {
				rep.InvoiceMonth = l.month
			} else if l.month != rep.InvoiceMonth {
				fail(l.number, "invoiceMonth", "nmbsinvoice.rule.oneMonth", rep.InvoiceMonth)
			}
		}
		if f.organism {
			switch n, ok := nmbsconfig.NormalizeOrganismNumber(pl.Cell("organismNumber")); {
			case !ok:
				fail(l.number, "organismNumber", "nmbsinvoice.rule.organism")
			case organism != "" && n != organism:
				fail(l.number, "organismNumber", "nmbsinvoice.rule.otherOrganism", n, organism)
			}
		}
		if ref := pl.Cell("orderReference"); ref != "" {
			n, err := strconv.ParseInt(ref, 10, 64)
			if err != nil || n <= 0 || len(ref) > 18 {
				fail(l.number, "orderReference", "nmbsinvoice.rule.orderReference")
			}
			l.orderRef = n
		}
		card, ok := user.NormalizeTokenValue(user.FieldMobibCard, pl.Cell(f.cardCol))
		if !ok {
			fail(l.number, f.cardCol, "nmbsinvoice.rule.card")
		}
		l.card = card
		desc := pl.Cell(f.descCol)
		if !provfile.Text(desc, constants.DescriptionMaxLength) || (desc == "" && slices.Contains(f.spec.Required, f.descCol)) {
			fail(l.number, f.descCol, "provfile.text", constants.DescriptionMaxLength)
		}
		start, okStart := provfile.Date(pl.Cell("periodStart"))
		if !okStart {
			fail(l.number, "periodStart", "provfile.date")
		}
		l.start = start
		if end, ok := provfile.Date(pl.Cell("periodEnd")); !ok {
			fail(l.number, "periodEnd", "provfile.date")
		} else if okStart && end < start {
			fail(l.number, "periodEnd", "nmbsinvoice.rule.periodEnd")
		}
		if l.amount, ok = provfile.Cents(pl.Cell("amountInclVat")); !ok {
			fail(l.number, "amountInclVat", "provfile.amount", money.MaxAmount/100)
		}
		if l.vatBP, ok = vatOf(pl.Cell("vatRate")); !ok {
			fail(l.number, "vatRate", "provfile.vat")
		}
		if len(rep.Errors) == before {
			out = append(out, l)
		}
	}
	return out
}

// vatOf reads a VAT percentage (0 to 100, at most two decimals).
func vatOf(s string) (int64, bool) {
	s = strings.Replace(strings.TrimSpace(s), ",", ".", 1)
	if s == "" || len(s) > 6 {
		return 0, false
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, false
	}
	return money.VatBasisPoints(f)
}
