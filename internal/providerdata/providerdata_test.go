package providerdata_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"mobility/portal/internal/clock"
	"mobility/portal/internal/providerdata"
	"mobility/portal/internal/testkit"
)

const (
	card  = "1234567890123456"
	plate = "1-ABC-123"
)

type want struct {
	amount, vat int64
	mode        string
}

type kindFile struct {
	kind, filename string
	content        []byte
	booked         map[string]want // booking id → expense
	failed         map[int]string  // line → outcome:reason
}

// mob is a mobility budget's data: monthly, starting with start cents.
func mob(start int64) map[string]any {
	return map[string]any{"frequency": "MONTH", "frequencyAmount": 1000, "startAmount": start}
}

func kindFiles(t testing.TB) []kindFile {
	return []kindFile{
		{providerdata.KindNMBS, "nmbs-202610.csv", []byte(
			"ticketNumber;mobibCardNumber;travelDate;departureStation;arrivalStation;travelClass;productName;priceInclVat;vatRate\n" +
				"TK1;1234 5678 9012 3456;2026-10-03;Brussel-Zuid;Gent-Sint-Pieters;2;Standard Ticket;11,40;6\n" +
				"TK2;" + card + ";04/10/2026;Gent-Sint-Pieters;Brussel-Zuid;2;Standard Ticket;11.40;6\n" +
				"TK3;5555555555;2026-10-05;Leuven;Mechelen;2;Standard Ticket;4.70;6\n"),
			map[string]want{"NMBS-TK1": {1140, 600, "TRAIN"}, "NMBS-TK2": {1140, 600, "TRAIN"}},
			map[int]string{4: "FAILED:UNMATCHED_TOKEN"}},
		{providerdata.KindLine, "delijn.csv", []byte(
			"transactionId,mobibCardNumber,validationDate,productName,zone,amountInclVat,vatRate\n" +
				"DL-1," + card + ",2026-10-05,Lijnkaart 10 ritten,Gent,17.00,6\n"),
			map[string]want{"DLN-DL-1": {1700, 600, "BUS_TRAM_METRO"}}, nil},
		{providerdata.KindKBC, "kbc.xlsx", xlsxOf(t, [][]string{
			{"Transaction ID", "Licence plate", "Date", "City", "Parking zone", "Amount incl. VAT", "VAT %"},
			{"KBC-P-1", plate, "2026-10-07", "Leuven", "Zone 3000-blauw", "3.20", "21"},
		}), map[string]want{"KBC-KBC-P-1": {320, 2100, "PARKING"}}, nil},
		{providerdata.KindSwapfiets, "swapfiets.csv", []byte(
			"invoiceLineId;swapfietsNumber;periodStart;periodEnd;product;amountInclVat;vatRate\n" +
				"SWF-1;sf123456;2026-10-01;2026-10-31;Deluxe 7;21.90;21\n" +
				"SWF-2;SF123456;2026-10-01;2026-10-31;Deluxe 7 (credit);0;21\n"),
			map[string]want{"SWF-SWF-1": {2190, 2100, "BIKE"}}, map[int]string{3: "SKIPPED:ZERO_AMOUNT"}},
		{providerdata.KindBluebikeEvents, "bluebike.csv", []byte(
			"eventId;bluebikeNumber;startTime;endTime;startStation;endStation;durationMinutes;amountInclVat;vatRate\n" +
				"BB-EV-1;BB0012345;2026-10-08T08:12:00;2026-10-08T17:40:00;Gent-Sint-Pieters;Gent-Sint-Pieters;568;4.15;21\n" +
				"BB-EV-1;BB0012345;2026-10-08T08:12:00;2026-10-08T17:40:00;Gent-Sint-Pieters;Gent-Sint-Pieters;568;4.15;21\n"),
			map[string]want{"BB-BB-EV-1": {415, 2100, "BIKE"}}, map[int]string{3: "SKIPPED:DUPLICATE_IN_FILE"}},
		{providerdata.KindBeMobile, "bemobile.xml", []byte(`<?xml version="1.0" encoding="UTF-8"?>
<BeMobileTransactions>
  <Transaction><TransactionId>BEM-1</TransactionId><LicencePlate>` + plate + `</LicencePlate><Type>PARKING</Type>
    <Date>2026-10-09</Date><Location>Antwerpen Groenplaats</Location><AmountInclVat>7.80</AmountInclVat><VatRate>21</VatRate></Transaction>
  <Transaction><TransactionId>BEM-2</TransactionId><LicencePlate>` + plate + `</LicencePlate><Type>fuel</Type>
    <Date>2026-10-11</Date><Location>Q8 Wilrijk</Location><AmountInclVat>65.32</AmountInclVat><VatRate>21</VatRate></Transaction>
</BeMobileTransactions>`),
			map[string]want{"BEM-BEM-1": {780, 2100, "PARKING"}, "BEM-BEM-2": {6532, 2100, "FUEL"}}, nil},
		{providerdata.KindCharging, "charging.csv", []byte(
			"sessionId;cardNumber;startTime;endTime;location;energyKwh;amountInclVat;vatRate\n" +
				"ENC-S-1;NL-ENE-C12345678;2026-10-10T18:30:00;2026-10-10T21:05:00;Mechelen Station P1;22.4;12.54;21\n"),
			map[string]want{"ENC-ENC-S-1": {1254, 2100, "CHARGING"}}, nil},
		{providerdata.KindSurcharges, "surcharges.csv", []byte(
			"surchargeId;bookingId;date;reason;amountInclVat;vatRate\n" +
				"SUR-1;NMBS-TK1;2026-10-20;On-board ticket supplement;15.00;21\n" +
				"SUR-2;NMBS-NOPE;2026-10-20;Unknown booking;3.00;21\n"),
			map[string]want{"SUR-SUR-1": {1500, 2100, "TRAIN"}}, map[int]string{3: "FAILED:BOOKING_NOT_FOUND"}},
	}
}

// Each kind's realistic file is booked to the cent on the user's mobility
// budget (not their business budget), with the provider's booking id,
// VAT and mode; its unmatched, zero and duplicate lines are reported.
// Processing again, or the same file uploaded again, books nothing twice.
func TestEachKindBooksToTheCent(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff, acme := e.LoginAs("ospadmin"), e.LoginAs("acme.admin")
		u := appUser(t, e, "provider.user")
		from := "2026-01-01"
		token(t, e, acme, u, "MOBIB", "MOBIB_CARD_NUMBER", card, &from)
		token(t, e, acme, u, "LICENCE_PLATE", "LICENCE_PLATE", plate, nil)
		token(t, e, acme, u, "SWAPFIETS_NUMBER", "SWAPFIETS_NUMBER", "SF123456", nil)
		token(t, e, acme, u, "BLUEBIKE_NUMBER", "BLUEBIKE_NUMBER", "BB0012345", nil)
		token(t, e, acme, u, "ENECO_CHARGING", "CARD_NUMBER", "NL-ENE-C12345678", nil)
		business := e.CreateBudget(acme, "BUSINESS_BUDGET", u, map[string]any{"unlimited": true})
		mobility := e.CreateBudget(acme, "MOBILITY_BUDGET", u, mob(100_000))
		var total int64
		for _, f := range kindFiles(t) {
			id := uploadOK(t, e, staff, f.kind, f.filename, f.content)
			v := call(t, e, staff, "validate", id)
			if !v.Valid || len(v.Errors) != 0 || v.Status != providerdata.StatusValidated || v.Counts.Ready != len(f.booked) {
				t.Fatalf("%s validate: %+v", f.kind, v)
			}
			if n := count(t, e, `SELECT COUNT(*) FROM provider_lines`); f.kind == providerdata.KindSurcharges && n == 0 {
				t.Fatal("earlier kinds' lines not kept")
			}
			r := call(t, e, staff, "process", id)
			if !r.Valid || r.Status != providerdata.StatusProcessed || r.Counts.Booked != len(f.booked) {
				t.Fatalf("%s process: %+v", f.kind, r)
			}
			got := outcomes(r)
			for line, o := range f.failed {
				mustEqual(t, fmt.Sprintf("%s line %d", f.kind, line), got[line], o)
			}
			for bid, w := range f.booked {
				x := expenseByBooking(t, e, bid)
				if x.Amount != w.amount || x.Vat != w.vat || x.Mode != w.mode || x.BudgetOsp != mobility.OspID || x.ExtRef == "" ||
					!strings.Contains(x.Description, ":") {
					t.Fatalf("%s %s: %+v, want %+v", f.kind, bid, x, w)
				}
				total += w.amount
			}
			mustEqual(t, f.kind+" mobility balance", balance(t, e, mobility.OspID), 100_000-total)

			// again: process twice, and the same file as a new upload
			again := call(t, e, staff, "process", id)
			again2 := call(t, e, staff, "process", uploadOK(t, e, staff, f.kind, f.filename, f.content))
			for _, a := range []providerdata.Report{again, again2} {
				if a.Counts.Booked != 0 || a.Counts.AlreadyProcessed != len(f.booked) {
					t.Fatalf("%s again: %+v", f.kind, a.Counts)
				}
			}
			mustEqual(t, f.kind+" balance after again", balance(t, e, mobility.OspID), 100_000-total)
		}
		mustEqual(t, "business untouched", balance(t, e, business.OspID), 0)
		mustEqual(t, "sum", total, 1140*2+1700+320+2190+415+780+6532+1254+1500)
		// the NMBS ticket shows on the user's expenses
		x := expenseByBooking(t, e, "NMBS-TK1")
		mustEqual(t, "identification field", x.Ident, card)
		mustEqual(t, "date", x.Date, "2026-10-03")
		// the unmatched line is kept, not dropped
		mustEqual(t, "kept", count(t, e, `SELECT COUNT(*) FROM provider_lines WHERE natural_key = 'TK3' AND status = 'UNMATCHED'`), 1)

		// the history lists each upload with its counts and the original file
		res := e.Post(base+"/history", staff, map[string]any{"kind": "NMBS", "pagination": map[string]any{"page": 1, "size": 10}})
		testkit.MustStatus(t, res, http.StatusOK)
		var page struct {
			TotalElements int                       `json:"totalElements"`
			Content       []providerdata.HistoryRow `json:"content"`
		}
		res.JSON(t, &page)
		if page.TotalElements != 2 || page.Content[1].Counts == nil || page.Content[1].Counts.Booked != 0 ||
			page.Content[1].ProcessCount != 2 || page.Content[1].UploadedBy != "Olivia Platform" {
			t.Fatalf("history: %+v", page)
		}
		dl := e.Do(testkit.Request{Method: http.MethodGet, Path: page.Content[0].DownloadPath, Token: staff})
		testkit.MustStatus(t, dl, http.StatusOK)
		mustEqual(t, "download", string(dl.Body), string(kindFiles(t)[0].content))
	})
}

// A file with bad lines names each line, field and reason; processing it
// writes nothing. 501 rows are refused at upload, 500 taken; other bad
// files get a clear error.
func TestBadFilesAndLines(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff := e.LoginAs("ospadmin")
		bad := "ticketNumber;mobibCardNumber;travelDate;priceInclVat;vatRate\n" +
			"TK1;" + card + ";2026-10-03;11.40;6\n" + // 2: fine
			";" + card + ";2026-10-03;11.40;6\n" + // 3: no ticket number
			"TK3;12ab;2026-10-03;11.40;6\n" + // 4: card
			"TK4;" + card + ";1900-01-01;11.40;6\n" + // 5: too old
			"TK5;" + card + ";9999-12-31;11.40;6\n" + // 6: future
			"TK6;" + card + ";2026-10-03;11.405;6\n" + // 7: three decimals
			"TK7;" + card + ";2026-10-03;-1.00;6\n" + // 8: negative
			"TK8;" + card + ";2026-10-03;99999999999.00;6\n" + // 9: beyond bounds
			"TK9;" + card + ";2026-10-03;1.00;150\n" + // 10: VAT
			"TK 10;" + card + ";2026-10-03;1.00;6\n" + // 11: key with a space
			"TK11;" + card + ";2026-10-03;1.00;" + strings.Repeat("6", 600) + "\n" // 12: a huge cell
		res := upload(t, e, staff, "NMBS", "bad.csv", []byte(bad))
		testkit.MustStatus(t, res, http.StatusOK)
		var up providerdata.Uploaded
		res.JSON(t, &up)
		mustEqual(t, "preview", fmt.Sprint(up.ValidLines, up.InvalidLines), "1 10")
		before := e.Snapshot()
		rep := call(t, e, staff, "validate", up.UploadID)
		wantFields := map[int]string{3: "ticketNumber", 4: "mobibCardNumber", 5: "travelDate", 6: "travelDate", 7: "priceInclVat",
			8: "priceInclVat", 9: "priceInclVat", 10: "vatRate", 11: "ticketNumber", 12: "vatRate"}
		if rep.Valid || len(rep.Errors) != len(wantFields) {
			t.Fatalf("validate: %+v", rep.Errors)
		}
		for _, le := range rep.Errors {
			if wantFields[le.Line] != le.Field || len(le.Messages) == 0 || le.Messages[0] == "" {
				t.Errorf("line %d: %s %v", le.Line, le.Field, le.Messages)
			}
		}
		p := call(t, e, staff, "process", up.UploadID)
		if p.Valid || p.Counts.Booked != 0 || len(p.Errors) != len(wantFields) {
			t.Fatalf("process of a bad file: %+v", p)
		}
		if changed := before.Changed(e.Snapshot()); len(changed) != 0 {
			t.Fatalf("a bad file changed %v", changed)
		}

		// 501 rows refused, 500 taken
		rows := func(n int) []byte {
			var b strings.Builder
			b.WriteString("ticketNumber;mobibCardNumber;travelDate;priceInclVat;vatRate\n")
			for i := range n {
				fmt.Fprintf(&b, "T%d;%s;2026-10-03;1.00;6\n", i, card)
			}
			return []byte(b.String())
		}
		res = upload(t, e, staff, "NMBS", "big.csv", rows(501))
		testkit.MustStatus(t, res, http.StatusBadRequest)
		mustEqual(t, "501 label", res.Label(), providerdata.LabelFile)
		if !strings.Contains(string(res.Body), "500") {
			t.Fatalf("501 rows: %s", res.Body)
		}
		testkit.MustStatus(t, upload(t, e, staff, "NMBS", "big.csv", rows(500)), http.StatusOK)
		sheet := [][]string{{"Transaction ID", "Licence plate", "Date", "Amount incl. VAT", "VAT %"}}
		for i := range 501 {
			sheet = append(sheet, []string{fmt.Sprintf("K%d", i), plate, "2026-10-07", "1.00", "21"})
		}
		res = upload(t, e, staff, "KBC", "big.xlsx", xlsxOf(t, sheet))
		testkit.MustStatus(t, res, http.StatusBadRequest)
		mustEqual(t, "501 xlsx rows", res.Label(), providerdata.LabelFile)
		testkit.MustStatus(t, upload(t, e, staff, "KBC", "ok.xlsx", xlsxOf(t, sheet[:501])), http.StatusOK)
		// the wrong format, a missing column, garbage, XML with 501 records, an unknown kind
		for _, c := range []struct{ kind, name, body string }{
			{"NMBS", "nmbs.xlsx", "x"},
			{"NMBS", "nmbs.csv", "ticketNumber;travelDate;priceInclVat;vatRate\nT1;2026-10-03;1;6\n"},
			{"KBC", "kbc.xlsx", "not a zip"},
			{"BEMOBILE", "b.xml", "<BeMobileTransactions><Transaction>"},
			{"BEMOBILE", "b.xml", "<Other/>"},
			{"BEMOBILE", "b.xml", "<BeMobileTransactions>" + strings.Repeat("<Transaction><TransactionId>1</TransactionId></Transaction>", 501) + "</BeMobileTransactions>"},
			{"NMBS", "nul.csv", "ticketNumber;mobibCardNumber;travelDate;priceInclVat;vatRate\nT1;" + card + ";2026-10-03;1.00;6\x00\n"},
			{"NMBS", "empty.csv", "ticketNumber;mobibCardNumber;travelDate;priceInclVat;vatRate\n"},
			{"VOUCHERS", "v.csv", "a\n"},
		} {
			res := upload(t, e, staff, c.kind, c.name, []byte(c.body))
			testkit.MustStatus(t, res, http.StatusBadRequest)
			if res.Label() == "" {
				t.Fatalf("%s %s: %s", c.kind, c.name, res.Body)
			}
		}
		mustEqual(t, "no bookings", count(t, e, `SELECT COUNT(*) FROM expenses WHERE booking_id LIKE 'NMBS-%'`), 0)
	})
}

// A token counts from its valid-from day; deactivated users, deactivated
// and insufficient budgets refuse the line, which is kept with its reason
// and booked by a later process once the cause is gone. Surcharges still
// book for two months after a user's deactivation.
func TestMatchingRules(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff, acme := e.LoginAs("ospadmin"), e.LoginAs("acme.admin")
		late, gone, poor, off := appUser(t, e, "pd.late"), appUser(t, e, "pd.gone"), appUser(t, e, "pd.poor"), appUser(t, e, "pd.off")
		from := "2026-10-10"
		token(t, e, acme, late, "MOBIB", "MOBIB_CARD_NUMBER", "1111111111", &from)
		token(t, e, acme, gone, "MOBIB", "MOBIB_CARD_NUMBER", "2222222222", nil)
		token(t, e, acme, poor, "MOBIB", "MOBIB_CARD_NUMBER", "3333333333", nil)
		token(t, e, acme, off, "MOBIB", "MOBIB_CARD_NUMBER", "4444444444", nil)
		lateB := e.CreateBudget(acme, "MOBILITY_BUDGET", late, mob(100_000))
		goneB := e.CreateBudget(acme, "MOBILITY_BUDGET", gone, mob(100_000))
		poorB := e.CreateBudget(acme, "MOBILITY_BUDGET", poor, mob(1000))
		offB := e.CreateBudget(acme, "MOBILITY_BUDGET", off, mob(100_000))
		mustEqual(t, "poor start", balance(t, e, poorB.OspID), 1000)
		testkit.MustStatus(t, e.Post("/portal-service/v1/budget/deactivate", acme, map[string]any{"ospId": offB.OspID}), http.StatusOK)

		// gone's ticket is booked first, then gone is switched off
		first := uploadOK(t, e, staff, "NMBS", "a.csv", []byte("ticketNumber;mobibCardNumber;travelDate;priceInclVat;vatRate\n"+
			"G1;2222222222;2026-10-02;10.00;6\n"))
		mustEqual(t, "gone booked", call(t, e, staff, "process", first).Counts.Booked, 1)
		testkit.MustStatus(t, e.Post("/portal-service/v1/user/deactivate", acme, map[string]any{"ospId": gone, "when": "NOW"}), http.StatusOK)

		file := []byte("ticketNumber;mobibCardNumber;travelDate;priceInclVat;vatRate\n" +
			"L1;1111111111;2026-10-09;5.00;6\n" + // 2: token valid from the 10th
			"L2;1111111111;2026-10-10;5.00;6\n" + // 3: booked
			"G2;2222222222;2026-10-03;10.00;6\n" + // 4: user deactivated
			"P1;3333333333;2026-10-04;8.00;6\n" + // 5: booked (10 → 2)
			"P2;3333333333;2026-10-05;8.00;6\n" + // 6: insufficient
			"O1;4444444444;2026-10-06;1.00;6\n") // 7: budget deactivated
		id := uploadOK(t, e, staff, "NMBS", "b.csv", file)
		v := call(t, e, staff, "validate", id)
		mustEqual(t, "validate", outcomes(v), map[int]string{2: "FAILED:TOKEN_NOT_VALID_ON_DATE", 3: "READY", 4: "FAILED:USER_DEACTIVATED",
			5: "READY", 6: "READY", 7: "FAILED:BUDGET_DEACTIVATED"})
		r := call(t, e, staff, "process", id)
		mustEqual(t, "process", outcomes(r), map[int]string{2: "FAILED:TOKEN_NOT_VALID_ON_DATE", 3: "BOOKED", 4: "FAILED:USER_DEACTIVATED",
			5: "BOOKED", 6: "FAILED:INSUFFICIENT_BUDGET", 7: "FAILED:BUDGET_DEACTIVATED"})
		for _, l := range r.Lines {
			if l.Outcome == "FAILED" && l.Message == "" {
				t.Fatalf("line %d has no message", l.Line)
			}
		}
		mustEqual(t, "late", balance(t, e, lateB.OspID), 100_000-500)
		mustEqual(t, "poor", balance(t, e, poorB.OspID), 200)
		mustEqual(t, "off", balance(t, e, offB.OspID), 100_000)
		mustEqual(t, "kept", count(t, e, `SELECT COUNT(*) FROM provider_lines WHERE status IN ('UNMATCHED', 'REFUSED')`), 4)

		// the causes go: budget reactivated, money added; a re-process books those lines once
		testkit.MustStatus(t, e.Post("/portal-service/v1/budget/activate", acme, map[string]any{"ospId": offB.OspID}), http.StatusOK)
		testkit.MustStatus(t, e.Post("/portal-service/v1/budget/transaction/addForUser", acme, map[string]any{"budgetOspId": poorB.OspID,
			"amount": 1000, "description": "top up"}), http.StatusOK)
		r = call(t, e, staff, "process", id)
		mustEqual(t, "re-process", outcomes(r), map[int]string{2: "FAILED:TOKEN_NOT_VALID_ON_DATE", 3: "ALREADY_PROCESSED",
			4: "FAILED:USER_DEACTIVATED", 5: "ALREADY_PROCESSED", 6: "BOOKED", 7: "BOOKED"})
		mustEqual(t, "poor after", balance(t, e, poorB.OspID), 400)
		mustEqual(t, "off after", balance(t, e, offB.OspID), 100_000-100)

		// surcharges on gone's booking: within two months of the
		// deactivation booked, after them refused
		sur := func(id string) []byte {
			return []byte("surchargeId;bookingId;date;reason;amountInclVat;vatRate\n" + id + ";NMBS-G1;2026-11-20;Supplement;2.50;21\n")
		}
		e.Clock.Set(e.Clock.Now().AddDate(0, 1, 0))
		staff = e.LoginAs("ospadmin")
		r = call(t, e, staff, "process", uploadOK(t, e, staff, "SURCHARGES", "s1.csv", sur("S1")))
		mustEqual(t, "surcharge in window", outcomes(r), map[int]string{2: "BOOKED"})
		mustEqual(t, "gone", balance(t, e, goneB.OspID), 100_000-1250)
		e.Clock.Set(e.Clock.Now().AddDate(0, 1, 2))
		staff = e.LoginAs("ospadmin")
		r = call(t, e, staff, "process", uploadOK(t, e, staff, "SURCHARGES", "s2.csv", sur("S2")))
		mustEqual(t, "surcharge after window", outcomes(r), map[int]string{2: "FAILED:EXTRA_COSTS_WINDOW_CLOSED"})
		mustEqual(t, "gone after", balance(t, e, goneB.OspID), 100_000-1250)
	})
}

// Only platform staff upload, validate, process, list and download.
func TestOnlyPlatformStaff(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		staff := e.LoginAs("ospadmin")
		id := uploadOK(t, e, staff, "NMBS", "a.csv", []byte("ticketNumber;mobibCardNumber;travelDate;priceInclVat;vatRate\nT1;"+card+";2026-10-03;1.00;6\n"))
		app := appUser(t, e, "pd.app")
		appToken := e.PlantSession(app)
		for _, tok := range []string{e.LoginAs("acme.admin"), e.LoginAs("msp.admin"), appToken, ""} {
			before := e.Snapshot()
			res := upload(t, e, tok, "NMBS", "a.csv", []byte("x"))
			if res.Status != http.StatusForbidden && res.Status != http.StatusUnauthorized {
				t.Fatalf("upload: %d", res.Status)
			}
			for _, c := range []string{"validate", "process"} {
				if s := e.Post(base+"/"+c, tok, map[string]any{"uploadId": id}).Status; s != http.StatusForbidden && s != http.StatusUnauthorized {
					t.Fatalf("%s: %d", c, s)
				}
			}
			for _, p := range []string{"/download/" + id, "/template/NMBS"} {
				if s := e.Do(testkit.Request{Method: http.MethodGet, Path: base + p, Token: tok}).Status; s != http.StatusForbidden && s != http.StatusUnauthorized {
					t.Fatalf("%s: %d", p, s)
				}
			}
			if changed := before.Changed(e.Snapshot()); len(changed) != 0 {
				t.Fatalf("refused calls changed %v", changed)
			}
		}
		testkit.MustStatus(t, e.Post(base+"/validate", staff, map[string]any{"uploadId": "00000000-0000-0000-0000-000000000000"}), http.StatusNotFound)
		testkit.MustStatus(t, e.Do(testkit.Request{Method: http.MethodGet, Path: base + "/template/NOPE", Token: staff}), http.StatusNotFound)
	})
}

// Every kind's template is a file its own parser takes, with one line
// that validates.
func TestTemplatesParse(t *testing.T) {
	e := testkit.NewEnv(t, testkit.Dialects()[0])
	staff := e.LoginAs("ospadmin")
	e.Clock.Set(time.Date(2026, 11, 21, 10, 0, 0, 0, clock.Brussels))
	for _, k := range providerdata.KindNames() {
		res := e.Do(testkit.Request{Method: http.MethodGet, Path: base + "/template/" + k, Token: staff})
		testkit.MustStatus(t, res, http.StatusOK)
		name := strings.TrimSuffix(strings.Split(res.Header.Get("Content-Disposition"), "filename=")[1], "")
		name = strings.Trim(name, `"`)
		u := upload(t, e, staff, k, name, res.Body)
		testkit.MustStatus(t, u, http.StatusOK)
		var up providerdata.Uploaded
		u.JSON(t, &up)
		if up.RowCount != 1 || up.ValidLines != 1 {
			t.Fatalf("%s template: %+v", k, up)
		}
	}
	_ = context.Background()
}
