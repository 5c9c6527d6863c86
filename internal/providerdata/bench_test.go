package providerdata_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/providerdata"
	"mobility/portal/internal/testkit"
)

// benchUsers is how many app users the benchmark's files spread over.
const benchUsers = 50

// BenchmarkProviderFile: validate and process a 500-line file of each
// kind (the figure: under 1 s each on SQLite), every line matched
// to one of 50 users by their token and booked on their unlimited
// business budget. Each iteration uploads a new file (new provider ids),
// so every process books 500 expenses; surcharges refer to 500 NMBS
// tickets booked while the timer stops.
func BenchmarkProviderFile(b *testing.B) {
	for _, d := range testkit.Dialects() {
		b.Run(string(d), func(b *testing.B) {
			ctx := context.Background()
			e := testkit.NewEnv(b, d)
			staff := benchStaff(b, e)
			acme := e.LoginAs("acme.admin")
			tokens := map[string][]string{}
			for i := range benchUsers {
				u := appUser(b, e, fmt.Sprintf("bench.pd.%d", i))
				e.CreateBudget(acme, "BUSINESS_BUDGET", u, map[string]any{"unlimited": true})
				for _, t := range []struct{ typ, field, value string }{
					{"MOBIB", "MOBIB_CARD_NUMBER", fmt.Sprintf("77%014d", i)},
					{"LICENCE_PLATE", "LICENCE_PLATE", fmt.Sprintf("1-BEN-%03d", i)},
					{"SWAPFIETS_NUMBER", "SWAPFIETS_NUMBER", fmt.Sprintf("SFB%05d", i)},
					{"BLUEBIKE_NUMBER", "BLUEBIKE_NUMBER", fmt.Sprintf("BBB%05d", i)},
					{"ENECO_CHARGING", "CARD_NUMBER", fmt.Sprintf("ENC-B-%05d", i)},
				} {
					token(b, e, acme, u, t.typ, t.field, t.value, nil)
					tokens[t.field] = append(tokens[t.field], t.value)
				}
			}
			if d == "postgres" {
				if _, err := e.DB.Exec(ctx, `ANALYZE`); err != nil {
					b.Fatal(err)
				}
			}
			for _, kind := range providerdata.KindNames() {
				b.Run(kind, func(b *testing.B) {
					var validate, process time.Duration
					for i := 0; i < b.N; i++ {
						b.StopTimer()
						prefix := fmt.Sprintf("B%d%s%d", time.Now().UnixNano()%1_000_000, kind[:2], i)
						var refs []string
						if kind == providerdata.KindSurcharges {
							refs = benchBook(b, ctx, e, staff, tokens, prefix+"S")
						}
						rows := benchRows(kind, prefix, tokens, refs)
						name, content, err := providerdata.BuildFile(kind, rows)
						if err != nil {
							b.Fatal(err)
						}
						up, err := e.App.ProviderData.Upload(ctx, staff, kind, name, content)
						if err != nil {
							b.Fatal(err)
						}
						// PostgreSQL here runs without autovacuum: fresh
						// statistics, or the plans made on the empty tables stay
						if d == "postgres" {
							if _, err := e.DB.Exec(ctx, `ANALYZE`); err != nil {
								b.Fatal(err)
							}
						}
						b.StartTimer()
						t0 := time.Now()
						v, err := e.App.ProviderData.Validate(ctx, staff, up.UploadID)
						if err != nil || !v.Valid || v.Counts.Ready != 500 {
							b.Fatalf("validate: %v %+v", err, v.Counts)
						}
						t1 := time.Now()
						r, err := e.App.ProviderData.Process(ctx, staff, up.UploadID)
						if err != nil || r.Counts.Booked != 500 {
							b.Fatalf("process: %v %+v", err, r.Counts)
						}
						validate += t1.Sub(t0)
						process += time.Since(t1)
					}
					b.ReportMetric(validate.Seconds()/float64(b.N), "s/validate")
					b.ReportMetric(process.Seconds()/float64(b.N), "s/process")
				})
			}
		})
	}
}

func benchStaff(b *testing.B, e *testkit.Env) *access.Principal {
	b.Helper()
	id, err := e.App.Users.IDByLogin(context.Background(), "ospadmin")
	if err != nil {
		b.Fatal(err)
	}
	return &access.Principal{UserID: id, Login: "ospadmin", Roles: []access.Role{access.OspAdmin}, Scope: access.Scope{All: true}}
}

// benchBook books 500 NMBS tickets (the surcharges' earlier bookings) and
// answers their booking ids.
func benchBook(b *testing.B, ctx context.Context, e *testkit.Env, staff *access.Principal, tokens map[string][]string, prefix string) []string {
	b.Helper()
	rows := benchRows(providerdata.KindNMBS, prefix, tokens, nil)
	name, content, err := providerdata.BuildFile(providerdata.KindNMBS, rows)
	if err != nil {
		b.Fatal(err)
	}
	up, err := e.App.ProviderData.Upload(ctx, staff, providerdata.KindNMBS, name, content)
	if err != nil {
		b.Fatal(err)
	}
	r, err := e.App.ProviderData.Process(ctx, staff, up.UploadID)
	if err != nil || r.Counts.Booked != 500 {
		b.Fatalf("surcharge bookings: %v %+v", err, r.Counts)
	}
	refs := make([]string, 0, 500)
	for _, l := range r.Lines {
		refs = append(refs, l.BookingID)
	}
	return refs
}

// benchRows is a 500-line file of a kind: provider ids from prefix, the
// users' tokens in turn, dates in October 2026.
func benchRows(kind, prefix string, tokens map[string][]string, refs []string) []map[string]string {
	rows := make([]map[string]string, 500)
	for i := range rows {
		date := fmt.Sprintf("2026-10-%02d", 1+i%28)
		amount := fmt.Sprintf("%d.%02d", 1+i%40, i%100)
		key := fmt.Sprintf("%s-%04d", prefix, i)
		tok := func(field string) string { return tokens[field][i%len(tokens[field])] }
		switch kind {
		case providerdata.KindSurcharges:
			rows[i] = map[string]string{"surchargeId": key, "bookingId": refs[i], "date": date, "reason": "Supplement", "amountInclVat": amount, "vatRate": "21"}
		case providerdata.KindLine:
			rows[i] = map[string]string{"transactionId": key, "mobibCardNumber": tok("MOBIB_CARD_NUMBER"), "validationDate": date,
				"productName": "Lijnkaart", "zone": "Gent", "amountInclVat": amount, "vatRate": "6"}
		case providerdata.KindKBC:
			rows[i] = map[string]string{"Transaction ID": key, "Licence plate": tok("LICENCE_PLATE"), "Date": date, "City": "Leuven",
				"Parking zone": "Zone 1", "Amount incl. VAT": amount, "VAT %": "21"}
		case providerdata.KindNMBS:
			rows[i] = map[string]string{"ticketNumber": key, "mobibCardNumber": tok("MOBIB_CARD_NUMBER"), "travelDate": date,
				"departureStation": "Leuven", "arrivalStation": "Brussel-Zuid", "travelClass": "2", "productName": "Standard Ticket",
				"priceInclVat": amount, "vatRate": "6"}
		case providerdata.KindSwapfiets:
			rows[i] = map[string]string{"invoiceLineId": key, "swapfietsNumber": tok("SWAPFIETS_NUMBER"), "periodStart": date,
				"periodEnd": "2026-10-31", "product": "Deluxe 7", "amountInclVat": amount, "vatRate": "21"}
		case providerdata.KindBluebikeEvents:
			rows[i] = map[string]string{"eventId": key, "bluebikeNumber": tok("BLUEBIKE_NUMBER"), "startTime": date + "T08:00:00",
				"endTime": date + "T09:00:00", "startStation": "Gent", "endStation": "Gent", "durationMinutes": "60", "amountInclVat": amount, "vatRate": "21"}
		case providerdata.KindBeMobile:
			rows[i] = map[string]string{"TransactionId": key, "LicencePlate": tok("LICENCE_PLATE"), "Type": []string{"PARKING", "FUEL"}[i%2],
				"Date": date, "Location": "Antwerpen", "AmountInclVat": amount, "VatRate": "21"}
		case providerdata.KindCharging:
			rows[i] = map[string]string{"sessionId": key, "cardNumber": tok("CARD_NUMBER"), "startTime": date + "T18:00:00",
				"endTime": date + "T20:00:00", "location": "Mechelen", "energyKwh": "20", "amountInclVat": amount, "vatRate": "21"}
		}
	}
	return rows
}
