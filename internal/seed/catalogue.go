package seed

import (
	"context"
	"fmt"

	"mobility/portal/internal/branding"
	"mobility/portal/internal/money"
	"mobility/portal/internal/partner"
	"mobility/portal/internal/resource"
)

// The demo's catalogue (issue 11): Belgian providers and what they offer —
// NMBS/SNCB trains, De Lijn, STIB-MIVB and TEC, Blue-bike, a car-share, a
// rental-car provider, parking lots in Ghent and Brussels with their
// coordinates, fuel and charging stations with their owners — with labels
// and groups, all made through the services on the story's first day.

// catalogueProviders are the catalogue's MRP partners beside CityBike.
// NMBS-SNCB and Blue-bike, like CityBike, let the platform bill on their
// behalf: each month's bookings on their resources make a self-billing
// invoice (issue 12).
var catalogueProviders = []struct {
	key, name, extID, typ, city, zip, vat, email string
	selfBilling                                  bool
}{
	{"nmbs", "NMBS-SNCB", "NMBS", partner.TypeMRP, "Brussel", "1060", "BE0203430576", "b2b@nmbs.example", true},
	{"delijn", "De Lijn", "DELIJN", partner.TypeMRP, "Mechelen", "2800", "", "", false},
	{"stib", "STIB-MIVB", "STIB", partner.TypeMRP, "Brussel", "1000", "", "", false},
	{"tec", "TEC", "TEC", partner.TypeMRP, "Namur", "5000", "", "", false},
	{"bluebike", "Blue-bike", "BLUEBIKE", partner.TypeMRP, "Gent", "9000", "BE0899185446", "partners@blue-bike.example", true},
	{"cambio", "Cambio", "CAMBIO", partner.TypeMRP, "Brussel", "1000", "", "", false},
	{"europcar", "Europcar", "EUROPCAR", partner.TypeMRP, "Zaventem", "1930", "", "", false},
	{"interparking", "Interparking", "INTERPARKING", partner.TypeMRP, "Brussel", "1000", "", "", false},
	{"total", "TotalEnergies", "TOTALENERGIES", partner.TypeMRPMSP, "Brussel", "1000", "", "", false},
}

// CatalogueProviderOspID is the fixed ospId of the i-th catalogue provider.
func CatalogueProviderOspID(i int) string { return fmt.Sprintf("55555555-5555-4555-8555-%012d", i+1) }

// catalogueIcon is a small square SVG with a provider's initials.
func catalogueIcon(color, text string) []byte {
	return fmt.Appendf(nil, `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">`+
		`<rect width="64" height="64" rx="12" fill="%s"/><text x="32" y="40" font-family="Arial" font-size="20" font-weight="bold" `+
		`fill="#FFFFFF" text-anchor="middle">%s</text></svg>`, color, text)
}

func fixedFee(cents int64, cron string, proRata, onUser bool, desc string) resource.FeeWrite {
	return resource.FeeWrite{FeeType: "FIXED", Amount: money.Amount(cents), VatPercent: 21, Cron: cron, ProRata: proRata,
		OnUserBudget: onUser, Description: desc}
}

func variableFee(cents int64, unit string, vat float64, desc string) resource.FeeWrite {
	return resource.FeeWrite{FeeType: "VARIABLE", Amount: money.Amount(cents), Unit: unit, VatPercent: vat, OnUserBudget: true,
		Description: desc}
}

func place(lat, lng float64, street, number, zip, city string) resource.LocationWrite {
	return resource.LocationWrite{Address: resource.Address{Street: street, StreetNumber: number, ZipCode: zip, City: city},
		Latitude: &lat, Longitude: &lng}
}

// catalogue builds the demo catalogue as platform staff.
func (s *story) catalogue(ctx context.Context) error {
	providers := map[string]string{"citybike": MrpPartnerOspID}
	for i, p := range catalogueProviders {
		osp := CatalogueProviderOspID(i)
		if _, err := s.app.Partners.Add(ctx, partner.NewPartner{OspID: osp, Data: partner.PartnerData{Name: p.name, ExtID: p.extID,
			PartnerType: p.typ, City: p.city, ZipCode: p.zip, Country: "BE", VatNumber: p.vat, Email: p.email,
			SelfBilling: p.selfBilling}}); err != nil {
			return fmt.Errorf("provider %s: %w", p.name, err)
		}
		providers[p.key] = osp
	}
	rs, staff := s.app.Resources, s.staff
	labels := map[string]string{}
	tr := func(pairs ...string) []resource.LabelTranslation {
		out := []resource.LabelTranslation{}
		for i := 0; i+1 < len(pairs); i += 2 {
			out = append(out, resource.LabelTranslation{LanguageCode: pairs[i], Text: pairs[i+1]})
		}
		return out
	}
	for _, l := range []struct{ key, def string }{{"electric", "Electric"}, {"pr", "Park & Ride"}, {"station", "At a station"}, {"always", "Open 24/7"}} {
		ts := map[string][]resource.LabelTranslation{
			"electric": tr("en", "Electric", "nl", "Elektrisch", "fr", "Électrique", "de", "Elektrisch"),
			"pr":       tr("nl", "P+R", "fr", "Parking relais", "de", "Park & Ride"),
			"station":  tr("en", "At a station", "nl", "Aan een station", "fr", "À une gare", "de", "Am Bahnhof"),
			"always":   tr("nl", "24/7 open", "fr", "Ouvert 24h/24"),
		}[l.key]
		got, err := rs.CreateLabel(ctx, staff, resource.LabelWrite{DefaultValue: l.def, LabelTranslations: ts})
		if err != nil {
			return fmt.Errorf("label %s: %w", l.def, err)
		}
		labels[l.key] = got.OspID
	}
	common := func(extID, name, provider, mode string, labelKeys []string, fees ...resource.FeeWrite) resource.ResourceWrite {
		ls := []string{}
		for _, k := range labelKeys {
			ls = append(ls, labels[k])
		}
		if fees == nil {
			fees = []resource.FeeWrite{}
		}
		return resource.ResourceWrite{ExtID: extID, Name: name, MrpPartnerOspID: providers[provider], MobilityMode: mode, LabelOspIDs: ls, Fees: fees}
	}
	n := func(v int) *int { return &v }
	station := []string{"station"}
	items := []struct {
		key   string
		w     resource.Write
		color string // a service resource's icon colour
	}{
		// the business travel account is the company's: billed on its
		// invoice each month (onUserBudget false), pro rata its days active
		{"nmbs", resource.ServiceWrite{ResourceWrite: common("NMBS-TICKETS", "NMBS/SNCB train tickets", "nmbs", "TRAIN", nil,
			variableFee(19, "KM", 6, "Second class, per kilometre"),
			fixedFee(2500, "0 0 1 * *", true, false, "Business travel account, per month, paid by the company"))}, "#0069B4"},
		{"delijn", resource.ServiceWrite{ResourceWrite: common("DELIJN-TICKETS", "De Lijn tickets", "delijn", "BUS_TRAM_METRO", nil,
			fixedFee(63900, "0 0 1 1 *", true, true, "Yearly subscription (Buzzy Pazz)"))}, "#FFD800"},
		{"stib", resource.ServiceWrite{ResourceWrite: common("STIB-TICKETS", "STIB-MIVB tickets", "stib", "BUS_TRAM_METRO", nil,
			fixedFee(4900, "0 0 1 * *", true, true, "Monthly subscription"))}, "#E2001A"},
		{"tec", resource.ServiceWrite{ResourceWrite: common("TEC-TICKETS", "TEC tickets", "tec", "BUS_TRAM_METRO", nil,
			fixedFee(4100, "0 0 1 * *", false, true, "Monthly subscription (Horizon+)"))}, "#009A44"},
		{"gsp", resource.TransportWrite{ResourceWrite: common("GENT-SINT-PIETERS", "Gent-Sint-Pieters", "nmbs", "TRAIN", station),
			LocationWrite: place(51.0357, 3.7108, "Koningin Maria Hendrikaplein", "1", "9000", "Gent")}, ""},
		{"bxl", resource.TransportWrite{ResourceWrite: common("BRUSSEL-CENTRAAL", "Brussel-Centraal", "nmbs", "TRAIN", station),
			LocationWrite: place(50.8454, 4.3571, "Carrefour de l'Europe", "2", "1000", "Brussel")}, ""},
		{"korenmarkt", resource.TransportWrite{ResourceWrite: common("DL-KORENMARKT", "Gent Korenmarkt (tram 1, 4)", "delijn", "BUS_TRAM_METRO", nil),
			LocationWrite: place(51.0546, 3.7217, "Korenmarkt", "", "9000", "Gent")}, ""},
		{"debrouckere", resource.TransportWrite{ResourceWrite: common("STIB-DEBROUCKERE", "De Brouckère (metro 1, 5)", "stib", "BUS_TRAM_METRO", nil),
			LocationWrite: place(50.8510, 4.3523, "Place de Brouckère", "", "1000", "Bruxelles")}, ""},
		{"sintmichiels", resource.ParkingWrite{ResourceWrite: common("IP-GENT-SINTMICHIELS", "Parking Sint-Michiels Gent", "interparking", "PARKING", []string{"always"},
			variableFee(350, "HOUR", 21, "Per hour"), fixedFee(14500, "0 0 1 * *", true, false, "Monthly subscription, paid by the company")),
			LocationWrite: place(51.0537, 3.7183, "Sint-Michielsplein", "8", "9000", "Gent"), Capacity: n(460)}, ""},
		{"vrijdagmarkt", resource.ParkingWrite{ResourceWrite: common("IP-GENT-VRIJDAGMARKT", "Parking Vrijdagmarkt Gent", "interparking", "PARKING", nil,
			variableFee(330, "HOUR", 21, "Per hour")),
			LocationWrite: place(51.0568, 3.7262, "Vrijdagmarkt", "1", "9000", "Gent"), Capacity: n(650)}, ""},
		{"albertine", resource.ParkingWrite{ResourceWrite: common("IP-BXL-ALBERTINE", "Parking Albertine Brussel", "interparking", "PARKING", []string{"always"},
			variableFee(420, "HOUR", 21, "Per hour"), fixedFee(19500, "0 0 1 * *", true, false, "Monthly subscription, paid by the company")),
			LocationWrite: place(50.8445, 4.3563, "Place de la Justice", "16", "1000", "Bruxelles"), Capacity: n(680)}, ""},
		{"pr-gentbrugge", resource.ParkingWrite{ResourceWrite: common("IP-GENT-PR-GENTBRUGGE", "P+R Gentbrugge Arsenaal", "interparking", "PARKING", []string{"pr"}),
			LocationWrite: place(51.0380, 3.7570, "Jules Van Biesbroeckstraat", "", "9050", "Gentbrugge"), Capacity: n(370)}, ""},
		{"bb-gsp", resource.BikeWrite{ResourceWrite: common("BB-GENT-SINT-PIETERS", "Blue-bike Gent-Sint-Pieters", "bluebike", "BIKE", station,
			variableFee(350, "DAY", 21, "Per day"), fixedFee(1200, "0 0 1 1 *", false, true, "Yearly membership")),
			LocationWrite: place(51.0362, 3.7098, "Koningin Fabiolalaan", "", "9000", "Gent"), Capacity: n(360)}, ""},
		{"bb-leuven", resource.BikeWrite{ResourceWrite: common("BB-LEUVEN", "Blue-bike Leuven", "bluebike", "BIKE", station,
			variableFee(350, "DAY", 21, "Per day")),
			LocationWrite: place(50.8814, 4.7157, "Martelarenplein", "", "3000", "Leuven"), Capacity: n(800)}, ""},
		{"citybike-korenmarkt", resource.BikeWrite{ResourceWrite: common("CB-GENT-KORENMARKT", "CityBike Gent Korenmarkt", "citybike", "BIKE", []string{"electric"},
			variableFee(25, "MINUTE", 21, "E-bike, per minute")),
			LocationWrite: place(51.0547, 3.7210, "Korenmarkt", "", "9000", "Gent"), Capacity: n(24)}, ""},
		{"cambio-gent", resource.CarWrite{ResourceWrite: common("CAMBIO-GENT-ZUID", "Cambio Gent Zuid", "cambio", "CAR", nil,
			variableFee(255, "HOUR", 21, "Per hour"), variableFee(32, "KM", 21, "Per kilometre"), fixedFee(400, "0 0 1 * *", false, true, "Monthly membership")),
			LocationWrite: place(51.0479, 3.7294, "Woodrow Wilsonplein", "", "9000", "Gent")}, ""},
		{"cambio-flagey", resource.CarWrite{ResourceWrite: common("CAMBIO-BXL-FLAGEY", "Cambio Brussel Flagey", "cambio", "CAR", []string{"electric"},
			variableFee(255, "HOUR", 21, "Per hour"), variableFee(32, "KM", 21, "Per kilometre")),
			LocationWrite: place(50.8277, 4.3722, "Place Flagey", "", "1050", "Ixelles")}, ""},
		{"europcar-compact", resource.RentalWrite{ResourceWrite: common("EC-BRU-COMPACT", "Europcar Brussels Airport, compact", "europcar", "CAR", nil,
			variableFee(5900, "DAY", 21, "Per day")),
			LocationWrite: place(50.9010, 4.4856, "Brussels Airport", "", "1930", "Zaventem"), CarCategory: "COMPACT"}, ""},
		{"europcar-van", resource.RentalWrite{ResourceWrite: common("EC-GENT-VAN", "Europcar Gent, van", "europcar", "CAR", nil,
			variableFee(8900, "DAY", 21, "Per day")),
			LocationWrite: place(51.0600, 3.7050, "Brugsesteenweg", "250", "9000", "Gent"), CarCategory: "VAN"}, ""},
		{"total-zaventem", resource.GasStationWrite{ResourceWrite: common("TE-ZAVENTEM", "TotalEnergies Zaventem", "total", "FUEL", []string{"always"},
			variableFee(189, "LITRE", 21, "Diesel, per litre")),
			LocationWrite: place(50.8849, 4.4714, "Leuvensesteenweg", "520", "1930", "Zaventem"), NumberOfPumps: n(12)}, ""},
		{"total-gent", resource.GasStationWrite{ResourceWrite: common("TE-GENT-DRONGEN", "TotalEnergies Gent Drongensesteenweg", "total", "FUEL", nil,
			variableFee(192, "LITRE", 21, "Petrol, per litre")),
			LocationWrite: place(51.0580, 3.6890, "Drongensesteenweg", "180", "9000", "Gent"), NumberOfPumps: n(8)}, ""},
		{"charge-gent", resource.GasStationWrite{ResourceWrite: common("TE-GENT-CHARGE", "TotalEnergies fast charging Gent P+R", "total", "CHARGING",
			[]string{"electric", "pr"}, variableFee(59, "KWH", 21, "Per kWh")),
			LocationWrite: place(51.0385, 3.7565, "Jules Van Biesbroeckstraat", "", "9050", "Gentbrugge"), NumberOfPumps: n(4)}, ""},
	}
	made := map[string]string{}
	for _, it := range items {
		r, err := rs.Add(ctx, staff, it.w)
		if err != nil {
			return fmt.Errorf("resource %s: %w", it.key, err)
		}
		made[it.key] = r.OspID
		if it.color != "" {
			if _, err := rs.UploadIcon(ctx, staff, r.OspID, branding.UploadedFile{FileName: it.key + ".svg", Files: 1, HasFile: true,
				Content: catalogueIcon(it.color, r.Name[:1])}); err != nil {
				return fmt.Errorf("icon of %s: %w", it.key, err)
			}
		}
	}
	s.resources = made
	ids := func(keys ...string) []string {
		out := make([]string, len(keys))
		for i, k := range keys {
			out[i] = made[k]
		}
		return out
	}
	for _, g := range []resource.GroupWrite{
		{Name: "Ghent", Description: "Parking, bikes, car-share and stops in Ghent",
			ResourceOspIDs: ids("gsp", "korenmarkt", "sintmichiels", "vrijdagmarkt", "pr-gentbrugge", "bb-gsp", "citybike-korenmarkt", "cambio-gent")},
		{Name: "Brussels", Description: "Parking, car-share and stops in Brussels",
			ResourceOspIDs: ids("bxl", "debrouckere", "albertine", "cambio-flagey")},
		{Name: "Train stations", Description: "Stations and the bikes beside them", ResourceOspIDs: ids("gsp", "bxl", "bb-gsp", "bb-leuven")},
		{Name: "Public transport", Description: "Train, bus, tram and metro tickets", ResourceOspIDs: ids("nmbs", "delijn", "stib", "tec")},
	} {
		if _, err := rs.CreateGroup(ctx, staff, g); err != nil {
			return fmt.Errorf("group %s: %w", g.Name, err)
		}
	}
	// Acme runs the pumps at Zaventem for its fleet since the story began;
	// Globex ran the Ghent station until the summer, Acme since then.
	start := s.today()
	summer := fmt.Sprintf("%d-06-30", s.start.Year())
	if start > summer {
		summer = fmt.Sprintf("%d-06-30", s.start.Year()+1)
	}
	after := fmt.Sprintf("%s-07-01", summer[:4])
	for _, o := range []resource.OwnersUpdate{
		{GasStationOspID: made["total-zaventem"], Owners: []resource.OwnerWrite{{OwnerName: "Acme NV (fleet pumps)", CorporateAccountOspID: AcmeOspID, ValidFrom: start}}},
		{GasStationOspID: made["total-gent"], Owners: []resource.OwnerWrite{
			{CorporateAccountOspID: GlobexOspID, ValidFrom: start, ValidTo: &summer},
			{CorporateAccountOspID: AcmeOspID, ValidFrom: after}}},
	} {
		if _, err := rs.ReplaceOwners(ctx, staff, o); err != nil {
			return fmt.Errorf("owners: %w", err)
		}
	}
	return nil
}
