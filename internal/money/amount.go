package money

import (
	"errors"
	"math"
)

// MaxAmount bounds every amount the API accepts, in cents: ±10,000,000.00 €.
// No single booking, default, start amount or promo code of a mobility
// budget comes near it; anything beyond is a typo or an attack.
const MaxAmount int64 = 1_000_000_000

// Amount is an amount of euro cents as the API accepts it. Request types use
// it for every money field, so the bound is checked for all of them in one
// place (api.Decode refuses an Amount outside ±MaxAmount, naming the field)
// rather than call by call. Services convert it to int64 at the boundary.
type Amount int64

// InBounds tells whether a lies within ±MaxAmount.
func (a Amount) InBounds() bool { return int64(a) >= -MaxAmount && int64(a) <= MaxAmount }

// Cents is a's value as plain int64 cents.
func (a Amount) Cents() int64 { return int64(a) }

// ErrOverflow is what checked arithmetic returns instead of wrapping.
var ErrOverflow = errors.New("money: amount out of range")

// Add returns a+b, or ErrOverflow when the sum does not fit in int64.
func Add(a, b int64) (int64, error) {
	if (b > 0 && a > math.MaxInt64-b) || (b < 0 && a < math.MinInt64-b) {
		return 0, ErrOverflow
	}
	return a + b, nil
}

// Neg returns -a, or ErrOverflow for the one value that has no negation.
func Neg(a int64) (int64, error) {
	if a == math.MinInt64 {
		return 0, ErrOverflow
	}
	return -a, nil
}
