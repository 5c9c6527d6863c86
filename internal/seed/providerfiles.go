package seed

import (
	"context"
	"fmt"
	"strings"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/cambio"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/voucher"
)

// The demo's provider files (issue 15), through the voucher and cambio
// services only, on the story's last day:
//   - platform staff load a file of vouchers for Acme NV: taxi vouchers of
//     Jan, Emma and Julie, two company vouchers and one that expired last
//     year; Acme's admin records that Jan used his (the dashboard search
//     finds Jan by its code, DemoVoucherCode, with the ticket icon);
//   - platform staff load last month's Cambio invoice: Jan's and Emma's
//     car-sharing trips booked as CAR expenses on their budgets, and one
//     line of a driver the portal does not know, left FAILED for a later
//     process;
//   - and Cambio's CO2 figures of the last three months for Jan, Emma and
//     Julie (and the same unknown driver).
//
// The files are kept in the upload history with their reports.

// DemoVoucherCode is Jan Peeters' taxi voucher, redeemed in the demo.
const DemoVoucherCode = "ACME-TAXI-0001"

func (s *story) providerFiles(ctx context.Context) error {
	emails := map[string]string{}
	for _, login := range []string{"jan.peeters", "emma.claes", "julie.wouters"} {
		id, err := s.app.Users.IDByLogin(ctx, login)
		if err != nil {
			return err
		}
		r, err := s.app.Users.ResolveID(ctx, access.SystemScope(), id)
		if err != nil {
			return err
		}
		emails[login] = r.Email
	}
	now := s.clk.Now().In(clock.Brussels)
	year := now.Year()
	vouchers := "code;value;validFrom;validUntil;userOspId;description\n" +
		fmt.Sprintf("%s;25.00;%d-01-01;%d-12-31;%s;Taxi voucher Taxis Verts\n", DemoVoucherCode, year, year, s.users["jan.peeters"]) +
		fmt.Sprintf("ACME-TAXI-0002;25.00;%d-01-01;%d-12-31;%s;Taxi voucher Taxis Verts\n", year, year, s.users["emma.claes"]) +
		fmt.Sprintf("ACME-TAXI-0003;25.00;%d-01-01;%d-12-31;%s;Taxi voucher Taxis Verts\n", year, year, s.users["julie.wouters"]) +
		fmt.Sprintf("ACME-POOL-0004;50.00;%d-01-01;%d-12-31;;Company taxi voucher (reception)\n", year, year) +
		fmt.Sprintf("ACME-POOL-0005;50.00;%d-01-01;%d-12-31;;Company taxi voucher (reception)\n", year, year) +
		fmt.Sprintf("ACME-OLD-0006;20.00;%d-01-01;%d-12-31;;Last year's voucher\n", year-1, year-1)
	up, err := s.app.Vouchers.Upload(ctx, s.staff, AcmeOspID, "acme-vouchers.csv", []byte(vouchers))
	if err != nil {
		return fmt.Errorf("vouchers: %w", err)
	}
	if rep, err := s.app.Vouchers.Process(ctx, s.staff, up.UploadID); err != nil || rep.Status != "processed" {
		return fmt.Errorf("vouchers: %+v %w", rep, err)
	}
	if _, err := s.app.Vouchers.Redeem(ctx, s.acme, voucher.RedeemRequest{Code: DemoVoucherCode, UserOspID: s.users["jan.peeters"],
		Reference: "Taxis Verts ride Gent-Sint-Pieters"}); err != nil {
		return fmt.Errorf("redeem: %w", err)
	}

	// last month's Cambio invoice
	first := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, clock.Brussels).AddDate(0, -1, 0)
	day := func(d int) string { return first.AddDate(0, 0, d-1).Format(clock.DateLayout) }
	inv := fmt.Sprintf("CB-%s", first.Format("200601"))
	var b strings.Builder
	b.WriteString("invoiceNumber;lineId;customerNumber;email;date;description;amount;vatPercentage;km\n")
	for i, l := range []struct {
		login, day, desc, amount, km string
	}{
		{"jan.peeters", day(4), "Cambio Gent Zuid, 3 h, 42 km", "27.35", "42"},
		{"jan.peeters", day(18), "Cambio Gent Zuid, 1 h, 8 km", "9.10", "8"},
		{"emma.claes", day(11), "Cambio Brussel Flagey, 5 h, 120 km", "61.05", "120"},
		{"", day(23), "Cambio Brussel Flagey, 2 h, 20 km", "18.40", "20"},
	} {
		email, customer := "tom.vandamme@example.com", "C-109999"
		if l.login != "" {
			email, customer = emails[l.login], fmt.Sprintf("C-10%04d", 4200+i)
		}
		fmt.Fprintf(&b, "%s;%d;%s;%s;%s;%s;%s;21;%s\n", inv, i+1, customer, email, l.day, l.desc, l.amount, l.km)
	}
	cu, err := s.app.Cambio.Upload(ctx, s.staff, cambio.KindInvoice, "cambio-"+first.Format("2006-01")+".csv", []byte(b.String()))
	if err != nil {
		return fmt.Errorf("cambio invoice: %w", err)
	}
	if _, err := s.app.Cambio.Process(ctx, s.staff, cambio.KindInvoice, cu.UploadID); err != nil {
		return fmt.Errorf("cambio invoice: %w", err)
	}

	// the CO2 figures of the last three months
	b.Reset()
	b.WriteString("month;customerNumber;email;km;co2Grams\n")
	for m := 3; m >= 1; m-- {
		month := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, clock.Brussels).AddDate(0, -m, 0).Format("2006-01")
		for i, login := range []string{"jan.peeters", "emma.claes", "julie.wouters", ""} {
			km := int64(30 + 17*i + 11*m)
			email := "tom.vandamme@example.com"
			if login != "" {
				email = emails[login]
			}
			fmt.Fprintf(&b, "%s;C-10%04d;%s;%d;%d\n", month, 4200+i, email, km, km*110)
		}
	}
	co2, err := s.app.Cambio.Upload(ctx, s.staff, cambio.KindCO2, "cambio-co2.csv", []byte(b.String()))
	if err != nil {
		return fmt.Errorf("cambio co2: %w", err)
	}
	if _, err := s.app.Cambio.Process(ctx, s.staff, cambio.KindCO2, co2.UploadID); err != nil {
		return fmt.Errorf("cambio co2: %w", err)
	}
	return nil
}
