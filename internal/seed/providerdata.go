package seed

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"mobility/portal/internal/clock"
	"mobility/portal/internal/providerdata"
	"mobility/portal/internal/user"
)

// DemoMobibCards are the demo users' MOBIB card numbers (NMBS and De
// Lijn files match on them); the browser test uploads an NMBS ticket for
// Emma Claes's card.
var DemoMobibCards = map[string]string{
	"emma.claes":       "1000000000000001",
	"jan.peeters":      "1000000000000002",
	"camille.leclercq": "1000000000000004",
	"lena.maes":        "1000000000000005",
}

// demoTokens are the other identification tokens the providers' files
// match on: login → token type → value.
var demoTokens = map[string][][3]string{
	"emma.claes":       {{user.TokenBluebike, user.FieldBluebikeNumber, "BB0010001"}},
	"jan.peeters":      {{user.TokenLicencePlate, user.FieldLicencePlate, "1-JPE-001"}, {user.TokenEnecoCharging, user.FieldCardNumber, "ENC-JPE-01"}},
	"sophie.dubois":    {{user.TokenSwapfiets, user.FieldSwapfiets, "SF100003"}},
	"camille.leclercq": {{user.TokenLicencePlate, user.FieldLicencePlate, "2-CAM-004"}, {user.TokenEnecoCharging, user.FieldCardNumber, "ENC-CAM-04"}},
	"lena.maes":        {{user.TokenBluebike, user.FieldBluebikeNumber, "BB0010005"}, {user.TokenSwapfiets, user.FieldSwapfiets, "SF100005"}},
}

// providerTokens gives the demo users their cards, plates and numbers
// (valid from the story's first day), through the user service.
func (s *story) providerTokens(ctx context.Context) error {
	from := s.start.Format(clock.DateLayout)
	add := func(login, typ, field, value string) error {
		_, err := s.app.Users.AddToken(ctx, s.staff, user.AddTokenRequest{UserOspID: s.users[login], Type: typ, ValidFrom: &from,
			Fields: []user.TokenField{{FieldType: field, Value: value}}})
		if err != nil {
			return fmt.Errorf("%s token of %s: %w", typ, login, err)
		}
		return nil
	}
	for _, login := range []string{"emma.claes", "jan.peeters", "camille.leclercq", "lena.maes"} {
		if err := add(login, user.TokenMobib, user.FieldMobibCard, DemoMobibCards[login]); err != nil {
			return err
		}
	}
	for _, login := range []string{"emma.claes", "jan.peeters", "sophie.dubois", "camille.leclercq", "lena.maes"} {
		for _, t := range demoTokens[login] {
			if err := add(login, t[0], t[1], t[2]); err != nil {
				return err
			}
		}
	}
	// Initech pays NMBS directly (its train tickets are invoiced to the
	// company): Camille's tickets are booked on Initech's company budget
	_, err := s.app.ProviderData.SetDirectPayment(ctx, s.staff, providerdata.DirectPaymentUpdate{CorporateAccountOspID: InitechOspID,
		Kind: providerdata.KindNMBS, PaidByCompany: ptr(true)})
	if err != nil {
		return fmt.Errorf("initech pays nmbs: %w", err)
	}
	return nil
}

// The demo's card handed over mid-month: Emma Claes's Blue-bike number
// goes to Sophie Dubois on HandoverDay of the month the providers' files
// report, so that month's rides before it are Emma's and from it Sophie's.
const (
	HandoverBluebike = "BB0010001"
	HandoverDay      = 15
)

// handOver ends Emma's Blue-bike token today (deleting it keeps it as
// history) and gives the number to Sophie from today, as an admin would.
func (s *story) handOver(ctx context.Context) error {
	toks, err := s.app.Users.Tokens(ctx, s.staff, s.users["emma.claes"])
	if err != nil {
		return err
	}
	for _, t := range toks {
		if t.Type == user.TokenBluebike {
			if err := s.app.Users.DeleteToken(ctx, s.staff, t.OspID); err != nil {
				return fmt.Errorf("end emma's blue-bike: %w", err)
			}
		}
	}
	today := s.today()
	_, err = s.app.Users.AddToken(ctx, s.staff, user.AddTokenRequest{UserOspID: s.users["sophie.dubois"], Type: user.TokenBluebike,
		ValidFrom: &today, Fields: []user.TokenField{{FieldType: user.FieldBluebikeNumber, Value: HandoverBluebike}}})
	if err != nil {
		return fmt.Errorf("sophie's blue-bike: %w", err)
	}
	return nil
}

// holders lists who holds a field type's values in the demo.
func holders(field string) []string {
	var out []string
	if field == user.FieldMobibCard {
		for _, login := range []string{"emma.claes", "jan.peeters", "camille.leclercq", "lena.maes"} {
			out = append(out, DemoMobibCards[login])
		}
		return out
	}
	for _, login := range []string{"emma.claes", "jan.peeters", "sophie.dubois", "camille.leclercq", "lena.maes"} {
		for _, t := range demoTokens[login] {
			if t[1] == field {
				out = append(out, t[2])
			}
		}
	}
	return out
}

// providerMonth uploads, checks and processes a month of each provider's
// file (the month before day), as platform staff would: a few lines per
// token holder on working days, two lines whose card or plate nobody
// holds (kept as UNMATCHED), and a surcharge on the first NMBS ticket.
func (s *story) providerMonth(ctx context.Context, day time.Time) error {
	rng := rand.New(rand.NewPCG(2026, 15))
	first := time.Date(day.Year(), day.Month()-1, 1, 0, 0, 0, 0, clock.Brussels)
	month := first.Format("200601")
	var days []string
	for d := first; d.Month() == first.Month(); d = d.AddDate(0, 0, 1) {
		if d.Weekday() != time.Saturday && d.Weekday() != time.Sunday {
			days = append(days, d.Format(clock.DateLayout))
		}
	}
	pick := func() string { return days[rng.IntN(len(days))] }
	euro := func(min, max int64) string {
		c := min + rng.Int64N(max-min+1)
		return fmt.Sprintf("%d.%02d", c/100, c%100)
	}
	type gen struct {
		kind, field string
		perHolder   int
		unmatched   string
		row         func(n int, token, date string) map[string]string
	}
	stations := []string{"Brussel-Zuid", "Brussel-Centraal", "Gent-Sint-Pieters", "Leuven", "Antwerpen-Centraal", "Mechelen", "Liège-Guillemins"}
	gens := []gen{
		{providerdata.KindNMBS, user.FieldMobibCard, 4, "1999999999999999", func(n int, tok, date string) map[string]string {
			from, to := stations[rng.IntN(len(stations))], stations[rng.IntN(len(stations))]
			return map[string]string{"ticketNumber": fmt.Sprintf("TK%s%04d", month, n), "mobibCardNumber": tok, "travelDate": date,
				"departureStation": from, "arrivalStation": to, "travelClass": "2", "productName": "Standard Ticket",
				"priceInclVat": euro(480, 2260), "vatRate": "6"}
		}},
		{providerdata.KindLine, user.FieldMobibCard, 2, "", func(n int, tok, date string) map[string]string {
			return map[string]string{"transactionId": fmt.Sprintf("DL-%s-%04d", month, n), "mobibCardNumber": tok, "validationDate": date,
				"productName": "Lijnkaart 10 ritten", "zone": "Gent", "amountInclVat": "17.00", "vatRate": "6"}
		}},
		{providerdata.KindKBC, user.FieldLicencePlate, 3, "9-ZZZ-999", func(n int, tok, date string) map[string]string {
			return map[string]string{"Transaction ID": fmt.Sprintf("KBC-P-%s%03d", month, n), "Licence plate": tok, "Date": date,
				"City": "Leuven", "Parking zone": "Zone 3000-blauw", "Amount incl. VAT": euro(120, 640), "VAT %": "21"}
		}},
		{providerdata.KindSwapfiets, user.FieldSwapfiets, 1, "", func(n int, tok, _ string) map[string]string {
			last := first.AddDate(0, 1, -1).Format(clock.DateLayout)
			return map[string]string{"invoiceLineId": fmt.Sprintf("SWF-INV-%s-%04d", month, n), "swapfietsNumber": tok,
				"periodStart": first.Format(clock.DateLayout), "periodEnd": last, "product": "Deluxe 7", "amountInclVat": "21.90", "vatRate": "21"}
		}},
		{providerdata.KindBluebikeEvents, user.FieldBluebikeNumber, 3, "", func(n int, tok, date string) map[string]string {
			return map[string]string{"eventId": fmt.Sprintf("BB-EV-%s%04d", month, n), "bluebikeNumber": tok, "startTime": date + "T08:10:00",
				"endTime": date + "T17:45:00", "startStation": "Gent-Sint-Pieters", "endStation": "Gent-Sint-Pieters",
				"durationMinutes": "575", "amountInclVat": "4.15", "vatRate": "21"}
		}},
		{providerdata.KindBeMobile, user.FieldLicencePlate, 3, "", func(n int, tok, date string) map[string]string {
			typ, amount, where := "PARKING", euro(250, 1200), "Antwerpen Groenplaats"
			if n%3 == 0 {
				typ, amount, where = "FUEL", euro(4500, 8200), "Q8 Wilrijk"
			}
			return map[string]string{"TransactionId": fmt.Sprintf("BEM-%s-%05d", month, n), "LicencePlate": tok, "Type": typ, "Date": date,
				"Location": where, "AmountInclVat": amount, "VatRate": "21"}
		}},
		{providerdata.KindCharging, user.FieldCardNumber, 3, "", func(n int, tok, date string) map[string]string {
			return map[string]string{"sessionId": fmt.Sprintf("ENC-S-%s%04d", month, n), "cardNumber": tok, "startTime": date + "T18:30:00",
				"endTime": date + "T21:05:00", "location": "Mechelen Station P1", "energyKwh": "22.4", "amountInclVat": euro(600, 1800), "vatRate": "21"}
		}},
	}
	var firstTicket string
	for _, g := range gens {
		var rows []map[string]string
		n := 0
		for _, tok := range holders(g.field) {
			for range g.perHolder {
				n++
				rows = append(rows, g.row(n, tok, pick()))
			}
		}
		if g.unmatched != "" {
			n++
			rows = append(rows, g.row(n, g.unmatched, pick()))
		}
		if g.kind == providerdata.KindBluebikeEvents {
			// the handed-over number: a ride a week before the handover
			// (Emma's) and one a week after (Sophie's)
			for _, d := range []int{HandoverDay - 7, HandoverDay + 7} {
				n++
				rows = append(rows, g.row(n, HandoverBluebike, first.AddDate(0, 0, d-1).Format(clock.DateLayout)))
			}
		}
		if g.kind == providerdata.KindNMBS {
			firstTicket = "NMBS-" + rows[0]["ticketNumber"]
		}
		if err := s.uploadProviderFile(ctx, g.kind, month, rows); err != nil {
			return err
		}
	}
	if err := s.uploadProviderFile(ctx, providerdata.KindSurcharges, month, []map[string]string{
		{"surchargeId": "SUR-" + month + "-0001", "bookingId": firstTicket, "date": days[len(days)-1],
			"reason": "Boordtarief (ticket on board)", "amountInclVat": "7.00", "vatRate": "6"},
	}); err != nil {
		return err
	}
	return s.reconcile(ctx, firstTicket)
}

func (s *story) uploadProviderFile(ctx context.Context, kind, month string, rows []map[string]string) error {
	name, content, err := providerdata.BuildFile(kind, rows)
	if err != nil {
		return err
	}
	name = strings.Replace(name, ".", "-"+month+".", 1)
	up, err := s.app.ProviderData.Upload(ctx, s.staff, kind, name, content)
	if err != nil {
		return fmt.Errorf("%s upload: %w", kind, err)
	}
	if _, err := s.app.ProviderData.Validate(ctx, s.staff, up.UploadID); err != nil {
		return fmt.Errorf("%s validate: %w", kind, err)
	}
	rep, err := s.app.ProviderData.Process(ctx, s.staff, up.UploadID)
	if err != nil {
		return fmt.Errorf("%s process: %w", kind, err)
	}
	if !rep.Valid {
		return fmt.Errorf("%s file has line errors: %+v", kind, rep.Errors)
	}
	return nil
}
