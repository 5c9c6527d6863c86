package expense

import (
	"math"
	"strconv"
	"strings"
)

// An expense's quantity is how much of its resource's unit was used
// (minutes, km, kWh, litres...). The API takes it as a decimal number with
// at most three decimals; it is stored as thousandths (quantity_milli), so
// the invoice run multiplies integers and never rounds a float.
const (
	quantityDecimals = 3
	// MaxQuantity bounds a quantity (the schema's CHECK allows 1000 times
	// it in thousandths).
	MaxQuantity = 1_000_000_000
)

// quantityMilli turns a quantity into thousandths; rangeOK is false
// outside 0..MaxQuantity, decimalsOK false beyond three decimals.
//
// The decimals are counted on the shortest text that reads back as the
// same float64 (what the client sent, for any number of at most 17
// significant digits), not by comparing q*1000 with its rounding: at a
// billion that product is off by more than any fixed tolerance.
func quantityMilli(q float64) (milli int64, decimalsOK, rangeOK bool) {
	if math.IsNaN(q) || math.IsInf(q, 0) || q < 0 || q > MaxQuantity {
		return 0, true, false
	}
	text := strconv.FormatFloat(q, 'f', -1, 64)
	whole, frac, _ := strings.Cut(text, ".")
	if len(frac) > quantityDecimals {
		return 0, false, true
	}
	frac += strings.Repeat("0", quantityDecimals-len(frac))
	w, err1 := strconv.ParseInt(whole, 10, 64)
	f, err2 := strconv.ParseInt(frac, 10, 64)
	if err1 != nil || err2 != nil {
		return 0, false, true
	}
	return w*1000 + f, true, true
}

// quantityOf shows stored thousandths as the API's decimal number.
func quantityOf(milli *int64) *float64 {
	if milli == nil {
		return nil
	}
	q := float64(*milli) / 1000
	return &q
}
