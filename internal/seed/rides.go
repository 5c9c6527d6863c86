package seed

// The demo's expenses name the catalogue resource they were bought on,
// with the quantity of its fee's unit (issue 12): train tickets on the
// NMBS/SNCB tickets by the kilometre, Blue-bike days and CityBike e-bike
// minutes, parking hours, litres of fuel, kWh of charging, car-share
// hours and rental days. The invoice run bills the providers'
// self-billing invoices and the companies' catalogue fees from them.
// Purchases outside the catalogue (a helmet, a Q8 fill-up, Eurostar) name
// no resource, as before.

// ride is what a demo purchase of one description was bought on: a
// catalogue resource (its key in story.catalogue), the net price of its
// fee's unit in cents and its VAT in basis points, the step its quantity
// is rounded to and the most one purchase takes, both in thousandths
// (1000: whole units). A resource
// with a fixed fee (a ticket) has no unit price: no quantity.
type ride struct {
	resource   string
	unitNet    int64
	vatBP      int64
	stepMilli  int64
	maxMilli   int64
	vatPercent float64
}

func unitRide(resource string, unitNet int64, vatPercent float64, stepMilli, maxUnits int64) ride {
	return ride{resource: resource, unitNet: unitNet, vatBP: int64(vatPercent * 100), stepMilli: stepMilli, maxMilli: maxUnits * 1000,
		vatPercent: vatPercent}
}

func ticket(resource string, vatPercent float64) ride {
	return ride{resource: resource, vatBP: int64(vatPercent * 100), vatPercent: vatPercent}
}

// rides maps the story's descriptions to their resources; the unit
// prices are those of the catalogue's fees (catalogue.go).
var rides = map[string]ride{
	"NMBS ticket Brussel–Gent":           unitRide("nmbs", 19, 6, 1000, 400), // per km
	"SNCB Liège–Bruxelles":               unitRide("nmbs", 19, 6, 1000, 400),
	"NMBS weekendbiljet":                 unitRide("nmbs", 19, 6, 1000, 400),
	"Blue-bike rit":                      unitRide("bb-gsp", 350, 21, 1000, 3),               // per day
	"CityBike e-bike rit":                unitRide("citybike-korenmarkt", 25, 21, 1000, 180), // per minute
	"STIB/MIVB 10-rittenkaart":           ticket("stib", 6),
	"De Lijn dagpas":                     ticket("delijn", 6),
	"TEC ticket":                         ticket("tec", 6),
	"Interparking Albertine Brussel":     unitRide("albertine", 420, 21, 250, 10), // per hour, by the quarter
	"Interparking Sint-Michiels Gent":    unitRide("sintmichiels", 350, 21, 250, 10),
	"Parking Vrijdagmarkt Gent":          unitRide("vrijdagmarkt", 330, 21, 250, 10),
	"Tankbeurt TotalEnergies Zaventem":   unitRide("total-zaventem", 189, 21, 10, 70), // per litre, to the centilitre
	"Tankbeurt TotalEnergies Gent":       unitRide("total-gent", 192, 21, 10, 70),
	"Laadbeurt TotalEnergies Gentbrugge": unitRide("charge-gent", 59, 21, 1, 110),         // per kWh, as the charger meters it
	"Cambio autodelen":                   unitRide("cambio-gent", 255, 21, 500, 24),       // per hour, by the half hour
	"Huurwagen Europcar":                 unitRide("europcar-compact", 5900, 21, 1000, 5), // per day
}

// onResource turns a purchase of about amount cents into one on the
// ride's resource: the quantity of its unit that amount buys (rounded to
// the ride's step, at least one step, at most the ride's maximum) and
// what that quantity costs incl. VAT, so amount, quantity and the
// catalogue's price agree. A ticket keeps its amount and has no quantity.
func (r ride) onResource(amount int64) (cost int64, quantityMilli int64, hasQuantity bool) {
	if r.unitNet == 0 {
		return amount, 0, false
	}
	// steps = amount / (unitNet × step/1000 × (1 + VAT)), rounded half up
	perStep := r.unitNet * r.stepMilli * (10000 + r.vatBP)
	steps := max((amount*1000*10000+perStep/2)/perStep, 1)
	quantityMilli = min(steps*r.stepMilli, r.maxMilli)
	cost = (quantityMilli*r.unitNet*(10000+r.vatBP) + 5000*1000) / (10000 * 1000)
	return max(cost, 1), quantityMilli, true
}
