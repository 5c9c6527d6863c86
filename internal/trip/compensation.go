package trip

import (
	"math"

	"mobility/portal/internal/money"
)

// microPerCent converts metres × micro-euros per km into cents:
// m × µ€/km = m/1000 km × µ€ → /1000 to µ€, /10,000 to cents.
const microPerCent = 10_000_000

// MaxTripDistanceM bounds a registration's distance (1,000 km: far beyond
// any commute or business trip of a day, the schema's bound too); it also
// keeps every product below far from int64's range.
const MaxTripDistanceM = 1_000_000

// Compensation is what a registration earns: Amount in cents, of which
// Taxable lies above the tax-free rate; RateMicro is the per-km rate used
// (0 for fixed amounts).
type Compensation struct {
	Amount    int64
	Taxable   int64
	RateMicro int64
}

// Compute is the compensation of one registration of kind over metres
// paid on terms (the user's effective terms for its mode on its date).
// Per kilometre: metres × rate rounded half away from zero to cents,
// once. Per trip: the fixed amount; per day: the fixed amount on the
// day's first commute (firstOfDay: no other live commute that day), 0 on
// the others. Home work: the daily allowance, to which no per-km rate
// applies (nothing taxable). The taxable part is what the amount exceeds
// the tax-free amount of the distance (metres × the tax-free rate valid
// that day, rounded the same way); with no tax-free rate for the mode the
// whole amount is taxable. money.ErrOverflow on inputs out of range
// rather than a wrapped product.
func Compute(kind string, t ModeTerms, metres int64, firstOfDay bool) (Compensation, error) {
	if metres < 0 || metres > MaxTripDistanceM || t.RateMicro < 0 || t.Amount < 0 || t.TaxFreeMicro < 0 {
		return Compensation{}, money.ErrOverflow
	}
	var c Compensation
	switch {
	case kind == KindHomeWork:
		return Compensation{Amount: t.Amount}, nil
	case t.Type == PerTrip:
		c.Amount = t.Amount
	case t.Type == PerDay:
		if firstOfDay {
			c.Amount = t.Amount
		}
	default:
		a, err := perKm(metres, t.RateMicro)
		if err != nil {
			return Compensation{}, err
		}
		c.Amount, c.RateMicro = a, t.RateMicro
	}
	free := int64(0)
	if t.HasTaxFree {
		f, err := perKm(metres, t.TaxFreeMicro)
		if err != nil {
			return Compensation{}, err
		}
		free = f
	}
	c.Taxable = max(c.Amount-free, 0)
	return c, nil
}

// perKm is metres × micro-euros per km in cents, rounded half away from
// zero (both are ≥ 0 here); money.ErrOverflow when the product does not
// fit in int64.
func perKm(metres, rateMicro int64) (int64, error) {
	if metres != 0 && rateMicro > math.MaxInt64/metres {
		return 0, money.ErrOverflow
	}
	p := metres * rateMicro
	if p > math.MaxInt64-microPerCent/2 {
		return 0, money.ErrOverflow
	}
	return (p + microPerCent/2) / microPerCent, nil
}
