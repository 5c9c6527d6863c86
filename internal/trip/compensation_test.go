package trip

import (
	"errors"
	"math/big"
	"math/rand/v2"
	"testing"

	"mobility/portal/internal/money"
)

// km: paid per km at pay µ€/km, tax-free at free (< 0: no tax-free rate).
func km(pay, free int64) ModeTerms {
	return ModeTerms{Allowed: true, Type: PerKilometer, RateMicro: pay, TaxFreeMicro: max(free, 0), HasTaxFree: free >= 0}
}

func fixed(typ string, cents, free int64) ModeTerms {
	return ModeTerms{Allowed: true, Type: typ, Amount: cents, TaxFreeMicro: max(free, 0), HasTaxFree: free >= 0}
}

func TestCompute(t *testing.T) {
	for _, c := range []struct {
		name   string
		kind   string
		terms  ModeTerms
		metres int64
		first  bool
		want   Compensation
	}{
		// 12.345 km × 0.35 €/km = 4.32075 € → 4.32 €
		{"bike per km rounds down", KindCommute, km(350_000, 350_000), 12_345, true, Compensation{Amount: 432, RateMicro: 350_000}},
		// 10 km × 0.4415 €/km = 4.415 € → 4.42 € (half away from zero)
		{"half a cent rounds up", KindBusiness, km(441_500, 441_500), 10_000, true, Compensation{Amount: 442, RateMicro: 441_500}},
		{"5 m at 1 €/km is half a cent", KindCommute, km(1_000_000, -1), 5, true, Compensation{Amount: 1, Taxable: 1, RateMicro: 1_000_000}},
		{"4 m at 1 €/km is nothing", KindCommute, km(1_000_000, 0), 4, true, Compensation{RateMicro: 1_000_000}},
		// 20 km × 0.40 = 8.00 €; tax-free 20 km × 0.35 = 7.00 € → 1.00 € taxable
		{"above the tax-free rate", KindCommute, km(400_000, 350_000), 20_000, true, Compensation{Amount: 800, Taxable: 100, RateMicro: 400_000}},
		// paid 0.4415 with a tax-free rate of 0.4270: 33 km = 14.5695
		// → 14.57 €; tax-free 14.091 → 14.09 €; 0.48 € taxable
		{"business trip above a lower tax-free rate", KindBusiness, km(441_500, 427_000), 33_000, true,
			Compensation{Amount: 1457, Taxable: 48, RateMicro: 441_500}},
		{"below the tax-free rate is all tax-free", KindCommute, km(200_000, 350_000), 7_000, true, Compensation{Amount: 140, RateMicro: 200_000}},
		{"no tax-free rate: all taxable", KindBusiness, km(300_000, -1), 10_000, true, Compensation{Amount: 300, Taxable: 300, RateMicro: 300_000}},
		// 25 km tax-free at 0.35 = 8.75 € > the 5.00 € per trip
		{"per trip", KindCommute, fixed(PerTrip, 500, 350_000), 25_000, false, Compensation{Amount: 500}},
		// 10 km tax-free at 0.24 = 2.40 € < the 3.00 € per trip
		{"per trip above tax-free", KindCommute, fixed(PerTrip, 300, 240_000), 10_000, true, Compensation{Amount: 300, Taxable: 60}},
		{"per day, first commute", KindCommute, fixed(PerDay, 650, -1), 10_000, true, Compensation{Amount: 650, Taxable: 650}},
		{"per day, second commute", KindCommute, fixed(PerDay, 650, -1), 10_000, false, Compensation{}},
		{"home work: the daily allowance", KindHomeWork, fixed(PerDay, 284, 0), 0, false, Compensation{Amount: 284}},
		{"longest trip", KindCommute, km(350_000, 350_000), MaxTripDistanceM, true, Compensation{Amount: 35_000, RateMicro: 350_000}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := Compute(c.kind, c.terms, c.metres, c.first)
			if err != nil {
				t.Fatal(err)
			}
			if got != c.want {
				t.Fatalf("Compute(%s, %+v, %d) = %+v, want %+v", c.kind, c.terms, c.metres, got, c.want)
			}
		})
	}
}

func TestComputeRefusesOutOfRange(t *testing.T) {
	for _, c := range []struct {
		terms  ModeTerms
		metres int64
	}{
		{km(1, -1), MaxTripDistanceM + 1},
		{km(1, -1), -1},
		{km(-1, -1), 1000},
		{km(1<<62, -1), 1000},
		{km(1, 1<<62), 1000},
		{fixed(PerTrip, -5, -1), 1000},
	} {
		if _, err := Compute(KindCommute, c.terms, c.metres, true); !errors.Is(err, money.ErrOverflow) {
			t.Errorf("Compute(%+v, %d) = %v, want ErrOverflow", c.terms, c.metres, err)
		}
	}
}

// TestComputeMatchesBigRationals computes per-km amounts independently
// with exact rationals (round half away from zero) for random inputs.
func TestComputeMatchesBigRationals(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 2))
	cents := func(metres, micro int64) int64 {
		r := new(big.Rat).SetFrac(new(big.Int).Mul(big.NewInt(metres), big.NewInt(micro)), big.NewInt(10_000_000))
		r.Add(r, big.NewRat(1, 2)) // ≥ 0: half away from zero is floor(x + 1/2)
		return new(big.Int).Quo(r.Num(), r.Denom()).Int64()
	}
	for range 20000 {
		m, pay, free := rng.Int64N(MaxTripDistanceM+1), rng.Int64N(2_000_000), rng.Int64N(2_000_000)
		got, err := Compute(KindCommute, km(pay, free), m, true)
		if err != nil {
			t.Fatal(err)
		}
		amount := cents(m, pay)
		taxable := max(amount-cents(m, free), 0)
		if got.Amount != amount || got.Taxable != taxable {
			t.Fatalf("%d m at %d/%d µ€/km: got %+v, want amount %d taxable %d", m, pay, free, got, amount, taxable)
		}
	}
}
