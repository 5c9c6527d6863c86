package document

import (
	"reflect"
	"testing"
)

func TestBreakdownRoundsPerRateHalfAwayFromZero(t *testing.T) {
	lines := []Line{
		{NetAmount: 250, VatCategory: VatStandard, VatBasisPoints: 2100},  // 52.5 alone
		{NetAmount: 250, VatCategory: VatStandard, VatBasisPoints: 2100},  // 500 → 105
		{NetAmount: 1050, VatCategory: VatStandard, VatBasisPoints: 600},  // 63
		{NetAmount: -1025, VatCategory: VatStandard, VatBasisPoints: 600}, // 25 → 1.5 → 2
		{NetAmount: 700, VatCategory: VatZero},
		{NetAmount: -250, VatCategory: VatStandard, VatBasisPoints: 1200}, // -30
		{NetAmount: -125, VatCategory: VatStandard, VatBasisPoints: 1200}, // -375 → -45
		{NetAmount: 5000, VatCategory: VatReverseCharge},
	}
	got, err := Breakdown(lines)
	if err != nil {
		t.Fatal(err)
	}
	want := []VatBreakdown{
		{Category: "AE", TaxableAmount: 5000},
		{Category: "S", VatBasisPoints: 2100, TaxableAmount: 500, VatAmount: 105},
		{Category: "S", VatBasisPoints: 1200, TaxableAmount: -375, VatAmount: -45},
		{Category: "S", VatBasisPoints: 600, TaxableAmount: 25, VatAmount: 2},
		{Category: "Z", TaxableAmount: 700},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Breakdown\n got %+v\nwant %+v", got, want)
	}
	if _, err := Breakdown([]Line{{NetAmount: 1 << 62, VatBasisPoints: 2100}, {NetAmount: 1 << 62, VatBasisPoints: 2100}}); err == nil {
		t.Fatal("an overflowing taxable amount was summed")
	}
}

func TestCheckTotalsNamesWhatIsWrong(t *testing.T) {
	breaks := map[string]func(*Doc){
		"net":     func(d *Doc) { d.NetAmount++; d.TotalAmount++; d.PayableAmount++ },
		"vat":     func(d *Doc) { d.Vat[0].VatAmount++ },
		"taxable": func(d *Doc) { d.Vat[0].TaxableAmount++ },
		"no rate": func(d *Doc) {
			d.Vat = d.Vat[:1]
			d.VatAmount = d.Vat[0].VatAmount
			d.TotalAmount = d.NetAmount + d.VatAmount
			d.PayableAmount = d.TotalAmount
		},
		"total":   func(d *Doc) { d.TotalAmount++ },
		"payable": func(d *Doc) { d.PayableAmount-- },
	}
	if d := invoiceDoc(t); d.CheckTotals() != nil {
		t.Fatal(d.CheckTotals())
	}
	for name, f := range breaks {
		d := invoiceDoc(t)
		f(&d)
		if err := d.CheckTotals(); err == nil {
			t.Errorf("%s: a broken document passed", name)
		}
	}
}
