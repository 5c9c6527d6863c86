package seed

import "testing"

// A purchase on a resource costs what its quantity costs at the
// catalogue's price incl. VAT, rounded half up to the cent; the quantity
// is rounded to the ride's step, at least one step and at most its cap.
func TestRideOnResource(t *testing.T) {
	for name, tc := range map[string]struct {
		r                   ride
		amount              int64
		cost, quantityMilli int64
		hasQuantity         bool
	}{
		// 2500 / (0.19 × 1.06) = 124.1 km; 124 km × 0.2014 = 24.9736
		"train by the km": {unitRide("nmbs", 19, 6, 1000, 400), 2500, 2497, 124_000, true},
		// 10000 buys 23.6 days, capped at 3: 3 × 4.235 = 12.705
		"bike days capped": {unitRide("bb-gsp", 350, 21, 1000, 3), 10000, 1271, 3_000, true},
		// 1 cent buys less than a quarter hour: one quarter, 1.27
		"at least one step": {unitRide("albertine", 420, 21, 250, 10), 1, 127, 250, true},
		// 1500 / (0.59 × 1.21) = 21.0113 kWh, metered to the Wh: 21.011 × 0.7139 = 14.9998
		"charging by the Wh": {unitRide("charge-gent", 59, 21, 1, 110), 1500, 1500, 21_011, true},
		"ticket":             {ticket("stib", 6), 1234, 1234, 0, false},
	} {
		cost, q, has := tc.r.onResource(tc.amount)
		if cost != tc.cost || q != tc.quantityMilli || has != tc.hasQuantity {
			t.Errorf("%s: cost %d, quantity %d (%v); want %d, %d (%v)", name, cost, q, has, tc.cost, tc.quantityMilli, tc.hasQuantity)
		}
	}
}
