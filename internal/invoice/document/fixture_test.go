package document

import "testing"

var (
	platform = Party{
		Name: "Mobility Platform NV", Street: "Kunstlaan", StreetNumber: "1", ZipCode: "1000", City: "Brussel", Country: "BE",
		VatNumber: "BE0403170701", CompanyNumber: "0403170701", Email: "billing@platform.example", IBAN: "BE71 0961 2345 6769", BIC: "GKCCBEBB",
	}
	acme = Party{
		Name: "Acme België BV", Street: "Rue de l'Été", StreetNumber: "12", ZipCode: "4000", City: "Liège", Country: "BE",
		VatNumber: "BE0202239951", CompanyNumber: "0202239951", Email: "finance@acme.example", IBAN: "BE68 5390 0754 7034",
	}
	bikeProvider = Party{
		Name: "Blue Bikes CV", Street: "Stationsplein", StreetNumber: "3", ZipCode: "9000", City: "Gent", Country: "BE",
		VatNumber: "BE0417497106", CompanyNumber: "0417497106", IBAN: "BE62 5100 0754 7061", BIC: "HBKABE22",
	}
)

// docWith builds a document from its lines with the sums computed the way
// the loader computes them (Breakdown), so each test states only lines.
func docWith(t testing.TB, kind string, prepaid bool, lines ...Line) Doc {
	t.Helper()
	vat, err := Breakdown(lines)
	if err != nil {
		t.Fatal(err)
	}
	d := Doc{
		OspID: "inv-1", Kind: kind, Number: "INV-2026-000042", IssueDate: "2026-11-02", DueDate: "2026-12-02",
		Month: "202610", PeriodStart: "2026-10-01", PeriodEnd: "2026-10-31", Currency: "EUR", Language: "nl",
		Seller: platform, Buyer: acme, PaymentReference: "+++090/9337/55493+++", PaymentMethod: "MANUAL", Lines: lines, Vat: vat,
	}
	for i := range d.Lines {
		d.Lines[i].Position = i + 1
	}
	for _, l := range lines {
		d.NetAmount += l.NetAmount
	}
	for _, b := range vat {
		d.VatAmount += b.VatAmount
	}
	d.TotalAmount = d.NetAmount + d.VatAmount
	if prepaid {
		d.PrepaidAmount = d.TotalAmount
	}
	d.PayableAmount = d.TotalAmount - d.PrepaidAmount
	switch kind {
	case KindCreditNote:
		d.Number, d.CreditedNumber, d.CreditedDate = "INV-2026-000050", "INV-2026-000042", "2026-11-02"
	case KindSelfBilling:
		d.Number, d.Seller, d.Buyer = "SB-2026-000007", bikeProvider, platform
	}
	return d
}

func expenseLine(desc string, qty, unit, net int64, bp int) Line {
	cat := VatStandard
	if bp == 0 {
		cat = VatZero
	}
	return Line{LineType: "EXPENSES", Description: desc, MobilityMode: "TRAIN", QuantityMilli: qty, UnitCode: "C62", UnitPrice: unit, NetAmount: net, VatCategory: cat, VatBasisPoints: bp}
}

// invoiceDoc: two rates, one line whose rounded unit price does not give
// its net (3 × 3.33 ≠ 10.00), and a four-digit total for the thousands
// separator.
func invoiceDoc(t testing.TB) Doc {
	return docWith(t, KindInvoice, false,
		expenseLine("Treinritten oktober", 12_000, 10_250, 123_000, 600),
		expenseLine("Deelfietsen", 3_000, 333, 1_000, 2100),
		Line{LineType: "RESOURCE_FEE", Description: "Platformkost (per gebruiker)", QuantityMilli: 40_000, UnitCode: "C62", UnitPrice: 250, NetAmount: 10_000, VatCategory: VatStandard, VatBasisPoints: 2100},
	)
}

func creditNoteDoc(t testing.TB) Doc {
	d := invoiceDoc(t)
	lines := make([]Line, len(d.Lines))
	for i, l := range d.Lines {
		l.NetAmount = -l.NetAmount
		l.QuantityMilli = -l.QuantityMilli
		lines[i] = l
	}
	return docWith(t, KindCreditNote, false, lines...)
}

func selfBillingDoc(t testing.TB) Doc {
	return docWith(t, KindSelfBilling, false,
		Line{LineType: "BOOKINGS", Description: "Fietsritten", MobilityMode: "BIKE", QuantityMilli: 95_500, UnitCode: "MIN", UnitPrice: 9, NetAmount: 860, VatCategory: VatStandard, VatBasisPoints: 600},
	)
}
