package invoice

import (
	"errors"
	"math"
	"testing"

	"mobility/portal/internal/invoice/document"
	"mobility/portal/internal/money"
)

func TestNetOfGross(t *testing.T) {
	for _, c := range []struct {
		gross int64
		bp    int
		want  int64
	}{
		{1210, 2100, 1000},
		{100, 2100, 83},   // 82.64 -> 83
		{1, 2100, 1},      // 0.826 -> 1
		{-100, 2100, -83}, // half away from zero, negative too
		{106, 600, 100},
		{53, 600, 50}, // 50.0 exactly
		{0, 2100, 0},
		{999, 0, 999},
		{121, 2100, 100},
		{605, 2100, 500},
		{3, 5000, 2},  // 2.0 exactly
		{5, 2500, 4},  // 4.0 exactly
		{1, 10000, 1}, // 0.5 -> 1 (half away)
		{-1, 10000, -1},
	} {
		got, err := NetOfGross(c.gross, c.bp)
		if err != nil || got != c.want {
			t.Errorf("NetOfGross(%d, %d) = %d, %v; want %d", c.gross, c.bp, got, err, c.want)
		}
	}
	if _, err := mulDivRound(math.MaxInt64, 2, 1); !errors.Is(err, money.ErrOverflow) {
		t.Errorf("overflow not refused: %v", err)
	}
	// no intermediate overflow: the product exceeds int64, the quotient not
	if got, err := mulDivRound(math.MaxInt64/2, 10000, 12100); err != nil || got != 3811310759030899093 {
		t.Errorf("big product: %d, %v", got, err)
	}
}

func line(net int64, bp int) document.Line {
	return document.Line{NetAmount: net, VatBasisPoints: bp, VatCategory: vatCategory(bp), QuantityMilli: 1000, UnitPrice: net}
}

func TestComputeTotals(t *testing.T) {
	for _, c := range []struct {
		name  string
		lines []document.Line
		want  Totals
	}{
		{"one rate, VAT on the rate's total, rounded once",
			// 3 x 0.05 at 21 %: per line 0.0105 would round to 0.01 each
			// (0.03); on the total 0.15 x 21 % = 0.0315 -> 0.03
			[]document.Line{line(5, 2100), line(5, 2100), line(5, 2100)},
			Totals{Net: 15, Vat: 3, Total: 18, Rates: []document.VatBreakdown{{Category: "S", VatBasisPoints: 2100, TaxableAmount: 15, VatAmount: 3}}}},
		{"rounding on the total differs from per line",
			// 0.02 x 21 % = 0.0042 -> 0 per line; 10 lines: 0.20 x 21 % = 0.042 -> 0.04
			[]document.Line{line(2, 2100), line(2, 2100), line(2, 2100), line(2, 2100), line(2, 2100),
				line(2, 2100), line(2, 2100), line(2, 2100), line(2, 2100), line(2, 2100)},
			Totals{Net: 20, Vat: 4, Total: 24, Rates: []document.VatBreakdown{{Category: "S", VatBasisPoints: 2100, TaxableAmount: 20, VatAmount: 4}}}},
		{"rates and the zero rate, ordered by category then rate",
			[]document.Line{line(10000, 2100), line(5000, 0), line(2500, 600), line(-1000, 2100)},
			Totals{Net: 16500, Vat: 2040, Total: 18540, Rates: []document.VatBreakdown{
				{Category: "S", VatBasisPoints: 600, TaxableAmount: 2500, VatAmount: 150},
				{Category: "S", VatBasisPoints: 2100, TaxableAmount: 9000, VatAmount: 1890},
				{Category: "Z", VatBasisPoints: 0, TaxableAmount: 5000, VatAmount: 0}}}},
		{"half away from zero on negatives (a credit note's VAT is the invoice's, negated)",
			[]document.Line{line(-50, 1000)},
			Totals{Net: -50, Vat: -5, Total: -55, Rates: []document.VatBreakdown{{Category: "S", VatBasisPoints: 1000, TaxableAmount: -50, VatAmount: -5}}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := ComputeTotals(c.lines)
			if err != nil {
				t.Fatal(err)
			}
			if got.Net != c.want.Net || got.Vat != c.want.Vat || got.Total != c.want.Total || len(got.Rates) != len(c.want.Rates) {
				t.Fatalf("got %+v, want %+v", got, c.want)
			}
			for i := range got.Rates {
				if got.Rates[i] != c.want.Rates[i] {
					t.Errorf("rate %d: got %+v, want %+v", i, got.Rates[i], c.want.Rates[i])
				}
			}
		})
	}
	if _, err := ComputeTotals([]document.Line{line(math.MaxInt64, 0), line(1, 0)}); !errors.Is(err, money.ErrOverflow) {
		t.Errorf("overflowing sum not refused: %v", err)
	}
}

func TestStatusFor(t *testing.T) {
	for _, c := range []struct {
		paid, payable int64
		sent          bool
		want          string
	}{
		{1000, 1000, true, StatusPaid},
		{0, 0, false, StatusPaid}, // prepaid: nothing payable
		{0, 1000, true, StatusSent},
		{0, 1000, false, StatusCreated},
		{400, 1000, true, StatusInsufficientPayment},
		{-100, 1000, true, StatusInsufficientPayment},
		{1200, 1000, true, StatusExcessivePayment},
		{100, 0, false, StatusExcessivePayment},
	} {
		if got := statusFor(c.paid, c.payable, c.sent); got != c.want {
			t.Errorf("statusFor(%d, %d, %v) = %s, want %s", c.paid, c.payable, c.sent, got, c.want)
		}
	}
}

func TestFormatNumber(t *testing.T) {
	if got := formatNumber("INV", 2026, 1); got != "INV-2026-000001" {
		t.Errorf("got %s", got)
	}
}
