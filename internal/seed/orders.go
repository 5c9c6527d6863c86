package seed

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/money"
	"mobility/portal/internal/order"
)

// demoOrder is a season-card order an employee makes in the app.
type demoOrder struct {
	login, company, gender, born, lang, product string
	duration                                    int
	price, parking                              int64 // cents
	origin, destination, trainType, budget      string
}

// seasonCardOrders: on the last day, employees of Acme (and one of
// Globex) order season cards in the app (order.Service.Request); Acme's
// admin confirms one with an adjusted start date and price and cancels
// another with a reason; platform staff confirm one that is then
// cancelled (its charge stays). Three of Acme's stay open for the order
// handling screens.
func (s *story) seasonCardOrders(ctx context.Context) error {
	nextMonth := clock.MonthOf(s.clk.Now()).Next().FirstDay()
	orders := []demoOrder{
		{"jan.peeters", AcmeOspID, "M", "1984-03-15", "nl", "NMBS", 12, 148_000, 18_000, "Gent-Sint-Pieters", "Brussel-Centraal", "ROUTE", "MOBILITY_BUDGET"},
		{"sophie.dubois", AcmeOspID, "F", "1991-09-02", "fr", "STIB", 12, 49_900, 0, "", "", "", "MOBILITY_BUDGET"},
		{"luc.willems", AcmeOspID, "M", "1979-11-23", "nl", "NMBS", 3, 41_000, 0, "Leuven", "Gent-Sint-Pieters", "ROUTE", "BUSINESS_BUDGET"},
		{"emma.claes", AcmeOspID, "F", "1995-06-10", "nl", "DE_LIJN", 1, 4_900, 0, "", "", "", "MOBILITY_BUDGET"},
		{"koen.mertens", AcmeOspID, "M", "1988-01-30", "nl", "NMBS", 1, 16_900, 0, "Mechelen", "", "NETWORK", "COMMUTING_BUDGET"},
		{"julie.wouters", AcmeOspID, "F", "2001-04-18", "nl", "STIB", 1, 4_900, 0, "", "", "", "MOBILITY_BUDGET"},
		{"lena.maes", GlobexOspID, "F", "1993-12-05", "nl", "NMBS", 12, 98_000, 0, "Antwerpen-Centraal", "Mechelen", "ROUTE", "MOBILITY_BUDGET"},
	}
	ids := map[string]string{}
	for i, o := range orders {
		// a few minutes apart, so the lists show them in the order they came
		s.clk.Set(s.clk.Now().Add(7 * time.Minute))
		id, err := s.requestSeasonCard(ctx, i, o, nextMonth, i%2 == 0)
		if err != nil {
			return err
		}
		ids[o.login] = id
	}
	s.clk.Set(s.clk.Now().Add(time.Hour))
	adjusted := money.Amount(4_500)
	if _, err := s.app.Orders.Confirm(ctx, s.acme, order.ConfirmRequest{OrderID: ids["emma.claes"], CorporateAccountOspID: AcmeOspID,
		EffectiveStartDate: clock.Today(s.clk.Now().AddDate(0, 0, 3)), EffectivePrice: &adjusted}); err != nil {
		return fmt.Errorf("confirming Emma's order: %w", err)
	}
	if _, err := s.app.Orders.Cancel(ctx, s.acme, order.CancelRequest{OrderID: ids["koen.mertens"], CorporateAccountOspID: AcmeOspID,
		Reason: "Your current network card is valid until the end of the year: order again in December"}); err != nil {
		return fmt.Errorf("cancelling Koen's order: %w", err)
	}
	if _, err := s.app.Orders.Confirm(ctx, s.staff, order.ConfirmRequest{OrderID: ids["julie.wouters"]}); err != nil {
		return fmt.Errorf("confirming Julie's order: %w", err)
	}
	s.clk.Set(s.clk.Now().Add(30 * time.Minute))
	_, err := s.app.Orders.Cancel(ctx, s.staff, order.CancelRequest{OrderID: ids["julie.wouters"],
		Reason: "Card ordered twice: the first card stays valid and charged"})
	return err
}

// requestSeasonCard makes the i-th demo order as the app would
// (order.Service.Request), starting on start, with a MOBIB card number
// when card is set; it answers the order's id.
func (s *story) requestSeasonCard(ctx context.Context, i int, o demoOrder, start string, card bool) (string, error) {
	u, err := s.app.Users.Resolve(ctx, s.staff, s.users[o.login])
	if err != nil {
		return "", fmt.Errorf("season-card order of %s: %w", o.login, err)
	}
	shown, err := s.app.Users.Displays(ctx, access.SystemScope(), []int64{u.ID})
	if err != nil {
		return "", err
	}
	in := order.Input{CorporateAccountOspID: o.company, UserOspID: s.users[o.login], Gender: o.gender, Firstname: shown[u.ID].Firstname,
		Lastname: shown[u.ID].Lastname, Street: "Stationsstraat", HouseNumber: strconv.Itoa(10 + i), PostalCode: "9000", City: "Gent",
		Country: "BE", DateOfBirth: o.born, Language: o.lang, NationalNumber: demoNationalNumber(o.born, 101+2*i),
		PersonnelNumber: fmt.Sprintf("P-%04d", 1001+i), Product: o.product, Duration: o.duration, StartDate: start,
		Price: o.price, Email: u.Email, BudgetType: o.budget}
	if card {
		in.CardNumber = fmt.Sprintf("52%014d", 90_000+i)
	}
	if o.product == order.ProductTrain {
		in.Origin, in.Destination, in.Type, in.TravelClass = o.origin, o.destination, o.trainType, 2
		in.Subnets = "Brussels zone"
		if o.parking > 0 {
			in.IncludeParking, in.ParkingPrice = true, o.parking
		}
	}
	if i == 2 {
		in.Remark = "Please start on the first working day of the month"
	}
	got, err := s.app.Orders.Request(ctx, in)
	if err != nil {
		return "", fmt.Errorf("season-card order of %s: %w", o.login, err)
	}
	return got.OrderID, nil
}

// lastMonthSeasonCards: on the 5th of last month three of Acme's
// employees (with mobility budgets that hold enough) order train season cards for the next month and Acme's admin
// processes them the same day, so last month's NMBS invoice
// (nmbsinvoices.go) has processed orders to be checked against.
func (s *story) lastMonthSeasonCards(ctx context.Context, m, d int) error {
	if m != StoryMonths-1 || d != 5 {
		return nil
	}
	next := clock.MonthOf(s.clk.Now()).Next().FirstDay()
	orders := []demoOrder{
		{"emma.claes", AcmeOspID, "F", "1995-06-10", "nl", "NMBS", 1, 8_900, 0, "Gent-Dampoort", "Brussel-Centraal", "ROUTE", "MOBILITY_BUDGET"},
		{"sophie.dubois", AcmeOspID, "F", "1991-09-02", "fr", "NMBS", 1, 9_600, 1_500, "Namur", "Bruxelles-Central", "ROUTE", "MOBILITY_BUDGET"},
		{"julie.wouters", AcmeOspID, "F", "2001-04-18", "nl", "NMBS", 1, 6_900, 0, "Mechelen", "Brussel-Noord", "ROUTE", "MOBILITY_BUDGET"},
	}
	for i, o := range orders {
		s.clk.Set(s.clk.Now().Add(5 * time.Minute))
		id, err := s.requestSeasonCard(ctx, 20+i, o, next, true)
		if err != nil {
			return err
		}
		s.clk.Set(s.clk.Now().Add(2 * time.Minute))
		if _, err := s.app.Orders.Confirm(ctx, s.acme, order.ConfirmRequest{OrderID: id, CorporateAccountOspID: AcmeOspID}); err != nil {
			return fmt.Errorf("processing %s's order: %w", o.login, err)
		}
	}
	return nil
}

// demoNationalNumber makes a valid national number for a birth date and
// a sequence number (check digits with the "2" prefix from 2000 on).
func demoNationalNumber(born string, seq int) string {
	base := born[2:4] + born[5:7] + born[8:10] + fmt.Sprintf("%03d", seq)
	n, _ := strconv.ParseInt(base, 10, 64)
	if born >= "2000-01-01" {
		n += 2_000_000_000
	}
	return base + fmt.Sprintf("%02d", 97-n%97)
}
