package providerdata

import (
	"mobility/portal/internal/expense"
	"mobility/portal/internal/user"
)

// Kinds of provider files, in SPEC §2's tab order (vouchers and cambio
// have their own calls).
const (
	KindSurcharges     = "SURCHARGES"
	KindLine           = "LINE"
	KindKBC            = "KBC"
	KindNMBS           = "NMBS"
	KindSwapfiets      = "SWAPFIETS"
	KindBluebikeEvents = "BLUEBIKE_EVENTS"
	KindBeMobile       = "BEMOBILE"
	KindCharging       = "CHARGING"
)

// File formats.
const (
	FormatCSV  = "CSV"
	FormatXLSX = "XLSX"
	FormatXML  = "XML"
)

// column is one column (CSV, XLSX) or element (XML) of a kind's file.
type column struct {
	Name     string
	Required bool
	Example  string
	Doc      string
}

// kindDef is a kind's parser and its mapping to a booking: which column
// holds the natural key, the token value, the date, the amount incl. VAT
// and the VAT percentage; the description is built from DescCols.
type kindDef struct {
	Kind     string
	Provider string // the provider's name; booking ids are Prefix + "-" + key
	// Mrp is the provider's code the expenses record (expense.ProviderMRPs);
	// "" for surcharges, which record their earlier booking's
	Mrp    string
	Prefix string
	Format string
	// XML: the root element and the element of each record
	XMLRoot, XMLRecord string
	Mode               string // the mobility mode of its expenses
	// ModeCol, when set, names a column whose value picks the mode
	// (ModeValues: value → mode)
	ModeCol    string
	ModeValues map[string]string
	// TokenField is the identification token field type lines match on;
	// "" for surcharges, which name an earlier booking (RefCol)
	TokenField string
	KeyCol     string
	TokenCol   string
	RefCol     string
	DateCol    string
	AmountCol  string
	VatCol     string
	DescCols   []string
	Columns    []column
}

// Kinds lists every kind in SPEC §2's order.
var Kinds = []*kindDef{
	{
		Kind: KindSurcharges, Provider: "Surcharges", Prefix: "SUR", Format: FormatCSV, Mode: "OTHER_PURCHASES",
		KeyCol: "surchargeId", RefCol: "bookingId", DateCol: "date", AmountCol: "amountInclVat", VatCol: "vatRate",
		DescCols: []string{"reason"},
		Columns: []column{
			{"surchargeId", true, "SUR-2026-0001", "the provider's id of the extra cost (unique per provider)"},
			{"bookingId", true, "NMBS-TK20261003001", "the booking id of the earlier expense it adds to (as the portal shows it)"},
			{"date", true, "2026-10-20", "the day of the extra cost (yyyy-MM-dd or dd/MM/yyyy)"},
			{"reason", false, "Late return fee", "why the provider charges it (the expense's description)"},
			{"amountInclVat", true, "15.00", "euros incl. VAT, decimal point or comma"},
			{"vatRate", true, "21", "VAT percentage (0 to 100)"},
		},
	},
	{
		Kind: KindLine, Provider: "De Lijn", Mrp: expense.MrpDeLijn, Prefix: "DLN", Format: FormatCSV, Mode: "BUS_TRAM_METRO", TokenField: user.FieldMobibCard,
		KeyCol: "transactionId", TokenCol: "mobibCardNumber", DateCol: "validationDate", AmountCol: "amountInclVat", VatCol: "vatRate",
		DescCols: []string{"productName", "zone"},
		Columns: []column{
			{"transactionId", true, "DL-7781220", "De Lijn's transaction id (unique)"},
			{"mobibCardNumber", true, "1234567890123456", "the MOBIB card the ticket was loaded on (10 to 20 digits)"},
			{"validationDate", true, "2026-10-05", "the day of the ride (yyyy-MM-dd or dd/MM/yyyy)"},
			{"productName", false, "Lijnkaart 10 ritten", "the ticket bought"},
			{"zone", false, "Gent", "the zone or city"},
			{"amountInclVat", true, "17.00", "euros incl. VAT"},
			{"vatRate", true, "6", "VAT percentage"},
		},
	},
	{
		Kind: KindKBC, Provider: "KBC Mobile", Mrp: expense.MrpKBC, Prefix: "KBC", Format: FormatXLSX, Mode: "PARKING", TokenField: user.FieldLicencePlate,
		KeyCol: "Transaction ID", TokenCol: "Licence plate", DateCol: "Date", AmountCol: "Amount incl. VAT", VatCol: "VAT %",
		DescCols: []string{"City", "Parking zone"},
		Columns: []column{
			{"Transaction ID", true, "KBC-P-55012", "KBC Mobile's parking transaction id (unique)"},
			{"Licence plate", true, "1-ABC-123", "the car's licence plate (matched to a LICENCE_PLATE token)"},
			{"Date", true, "2026-10-07", "the day of the parking session"},
			{"City", false, "Leuven", "the city"},
			{"Parking zone", false, "Zone 3000-blauw", "the street parking zone"},
			{"Amount incl. VAT", true, "3.20", "euros incl. VAT (a number cell or text)"},
			{"VAT %", true, "21", "VAT percentage"},
		},
	},
	{
		Kind: KindNMBS, Provider: "NMBS/SNCB", Mrp: expense.MrpNMBS, Prefix: "NMBS", Format: FormatCSV, Mode: "TRAIN", TokenField: user.FieldMobibCard,
		KeyCol: "ticketNumber", TokenCol: "mobibCardNumber", DateCol: "travelDate", AmountCol: "priceInclVat", VatCol: "vatRate",
		DescCols: []string{"productName", "departureStation", "arrivalStation", "travelClass"},
		Columns: []column{
			{"ticketNumber", true, "TK20261003001", "NMBS/SNCB's ticket number (unique)"},
			{"mobibCardNumber", true, "1234567890123456", "the MOBIB card the ticket is on (10 to 20 digits)"},
			{"travelDate", true, "2026-10-03", "the travel day (yyyy-MM-dd or dd/MM/yyyy)"},
			{"departureStation", false, "Brussel-Zuid", "from"},
			{"arrivalStation", false, "Gent-Sint-Pieters", "to"},
			{"travelClass", false, "2", "1 or 2"},
			{"productName", false, "Standard Ticket", "the ticket type"},
			{"priceInclVat", true, "11.40", "euros incl. VAT"},
			{"vatRate", true, "6", "VAT percentage"},
		},
	},
	{
		Kind: KindSwapfiets, Provider: "Swapfiets", Mrp: expense.MrpSwapfiets, Prefix: "SWF", Format: FormatCSV, Mode: "BIKE", TokenField: user.FieldSwapfiets,
		KeyCol: "invoiceLineId", TokenCol: "swapfietsNumber", DateCol: "periodStart", AmountCol: "amountInclVat", VatCol: "vatRate",
		DescCols: []string{"product", "periodStart", "periodEnd"},
		Columns: []column{
			{"invoiceLineId", true, "SWF-INV-202610-0042", "Swapfiets' invoice line id (unique)"},
			{"swapfietsNumber", true, "SF123456", "the subscription's Swapfiets number"},
			{"periodStart", true, "2026-10-01", "first day of the subscription month (the expense's date)"},
			{"periodEnd", false, "2026-10-31", "last day of it"},
			{"product", false, "Deluxe 7", "the bike subscription"},
			{"amountInclVat", true, "21.90", "euros incl. VAT"},
			{"vatRate", true, "21", "VAT percentage"},
		},
	},
	{
		Kind: KindBluebikeEvents, Provider: "Blue-bike", Mrp: expense.MrpBluebike, Prefix: "BB", Format: FormatCSV, Mode: "BIKE", TokenField: user.FieldBluebikeNumber,
		KeyCol: "eventId", TokenCol: "bluebikeNumber", DateCol: "startTime", AmountCol: "amountInclVat", VatCol: "vatRate",
		DescCols: []string{"startStation", "endStation"},
		Columns: []column{
			{"eventId", true, "BB-EV-900312", "Blue-bike's ride (event) id (unique)"},
			{"bluebikeNumber", true, "BB0012345", "the user's Blue-bike number"},
			{"startTime", true, "2026-10-08T08:12:00", "start of the ride (yyyy-MM-ddTHH:mm[:ss], or a date)"},
			{"endTime", false, "2026-10-08T17:40:00", "end of the ride"},
			{"startStation", false, "Gent-Sint-Pieters", "pick-up station"},
			{"endStation", false, "Gent-Sint-Pieters", "drop-off station"},
			{"durationMinutes", false, "568", "ride duration"},
			{"amountInclVat", true, "4.15", "euros incl. VAT"},
			{"vatRate", true, "21", "VAT percentage"},
		},
	},
	{
		Kind: KindBeMobile, Provider: "BeMobile", Mrp: expense.MrpBeMobile, Prefix: "BEM", Format: FormatXML, Mode: "PARKING", TokenField: user.FieldLicencePlate,
		XMLRoot: "BeMobileTransactions", XMLRecord: "Transaction",
		ModeCol: "Type", ModeValues: map[string]string{"PARKING": "PARKING", "FUEL": "FUEL"},
		KeyCol: "TransactionId", TokenCol: "LicencePlate", DateCol: "Date", AmountCol: "AmountInclVat", VatCol: "VatRate",
		DescCols: []string{"Type", "Location"},
		Columns: []column{
			{"TransactionId", true, "BEM-2026-10-000871", "BeMobile's transaction id (unique)"},
			{"LicencePlate", true, "1-ABC-123", "the car's licence plate (matched to a LICENCE_PLATE token)"},
			{"Type", true, "PARKING", "PARKING or FUEL (the expense's mobility mode)"},
			{"Date", true, "2026-10-09", "the day of the session or fill-up"},
			{"Location", false, "Antwerpen Groenplaats", "where"},
			{"AmountInclVat", true, "7.80", "euros incl. VAT"},
			{"VatRate", true, "21", "VAT percentage"},
		},
	},
	{
		Kind: KindCharging, Provider: "Eneco eMobility", Mrp: expense.MrpEneco, Prefix: "ENC", Format: FormatCSV, Mode: "CHARGING", TokenField: user.FieldCardNumber,
		KeyCol: "sessionId", TokenCol: "cardNumber", DateCol: "startTime", AmountCol: "amountInclVat", VatCol: "vatRate",
		DescCols: []string{"location", "energyKwh"},
		Columns: []column{
			{"sessionId", true, "ENC-S-4410982", "the charging session id (unique)"},
			{"cardNumber", true, "NL-ENE-C12345678", "the charging card (matched to an ENECO_CHARGING token's CARD_NUMBER)"},
			{"startTime", true, "2026-10-10T18:30:00", "start of the session"},
			{"endTime", false, "2026-10-10T21:05:00", "end of the session"},
			{"location", false, "Mechelen Station P1", "the charge point"},
			{"energyKwh", false, "22.4", "energy delivered"},
			{"amountInclVat", true, "12.54", "euros incl. VAT"},
			{"vatRate", true, "21", "VAT percentage"},
		},
	},
}

// KindNames lists the kinds' names in order.
func KindNames() []string {
	out := make([]string, len(Kinds))
	for i, k := range Kinds {
		out[i] = k.Kind
	}
	return out
}

func kindOf(name string) *kindDef {
	for _, k := range Kinds {
		if k.Kind == name {
			return k
		}
	}
	return nil
}
