package money

import "math"

// VatBasisPoints turns a VAT percentage (21, 6, 5.5) into basis points
// (2100, 600, 550), the integer form it is stored in; false when outside
// 0..100 or with more than two decimals.
func VatBasisPoints(pct float64) (int64, bool) {
	if math.IsNaN(pct) || pct < 0 || pct > 100 {
		return 0, false
	}
	bp := math.Round(pct * 100)
	if math.Abs(pct*100-bp) > 1e-6 {
		return 0, false
	}
	return int64(bp), true
}

// VatPercent shows basis points as a percentage.
func VatPercent(bp int64) float64 { return float64(bp) / 100 }
