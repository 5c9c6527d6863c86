package providerdata_test

import (
	"context"
	"net/http"
	"sync"
	"testing"
	"time"

	"mobility/portal/internal/clock"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

const nmbsHeader = "ticketNumber;mobibCardNumber;travelDate;priceInclVat;vatRate\n"

// userOfBooking is the user (osp id) an expense was booked for.
func userOfBooking(t testing.TB, e *testkit.Env, bookingID string) string {
	t.Helper()
	var osp string
	if err := e.DB.Get(context.Background(), &osp, `SELECT u.osp_id FROM expenses x JOIN users u ON u.id = x.user_id
		WHERE x.booking_id = ?`, bookingID); err != nil {
		t.Fatalf("expense %s: %v", bookingID, err)
	}
	return osp
}

// A token is valid on the line's date at both ends: deleting it ends it
// (kept, no longer current), so a line from before still matches its
// holder and one from after does not; a card handed from A to B books
// each line on the user who held it that day.
func TestTokenValidOnTheLinesDate(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		e.Clock.Set(time.Date(2026, 10, 15, 10, 0, 0, 0, clock.Brussels))
		acme := e.LoginAs("acme.admin")
		a, b, c := appUser(t, e, "tv.a"), appUser(t, e, "tv.b"), appUser(t, e, "tv.c")
		aB := e.CreateBudget(acme, "MOBILITY_BUDGET", a, mob(100_000))
		bB := e.CreateBudget(acme, "MOBILITY_BUDGET", b, mob(100_000))
		e.CreateBudget(acme, "MOBILITY_BUDGET", c, mob(100_000))
		token(t, e, acme, a, "MOBIB", "MOBIB_CARD_NUMBER", "7777777777", nil)
		token(t, e, acme, c, "MOBIB", "MOBIB_CARD_NUMBER", "8888888888", nil)
		tokenID := func(userOsp string) string {
			res := e.Post("/portal-service/v1/user/identificationToken/get", acme, map[string]string{"userOspId": userOsp})
			testkit.MustStatus(t, res, http.StatusOK)
			var list []struct {
				OspID string `json:"ospId"`
			}
			res.JSON(t, &list)
			if len(list) != 1 {
				t.Fatalf("tokens of %s: %s", userOsp, res.Body)
			}
			return list[0].OspID
		}
		aToken, cToken := tokenID(a), tokenID(c)

		// B may not take the card A holds
		res := e.Post("/portal-service/v1/user/identificationToken/add", acme, map[string]any{"userOspId": b, "type": "MOBIB",
			"fields": []map[string]any{{"fieldType": "MOBIB_CARD_NUMBER", "value": "7777777777"}}})
		if res.Status != http.StatusBadRequest || res.FieldErrors(t)["fields.MOBIB_CARD_NUMBER"] == "" {
			t.Fatalf("a held card given to another: %d %s", res.Status, res.Body)
		}

		// on the 20th A hands the card to B (valid from the 20th); C's card ends
		e.Clock.Set(time.Date(2026, 10, 20, 9, 0, 0, 0, clock.Brussels))
		acme = e.LoginAs("acme.admin")
		testkit.MustStatus(t, e.Post("/portal-service/v1/user/identificationToken/delete", acme, map[string]string{"ospId": aToken}), http.StatusNoContent)
		testkit.MustStatus(t, e.Post("/portal-service/v1/user/identificationToken/delete", acme, map[string]string{"ospId": cToken}), http.StatusNoContent)
		from := "2026-10-20"
		token(t, e, acme, b, "MOBIB", "MOBIB_CARD_NUMBER", "7777777777", &from)

		e.Clock.Set(time.Date(2026, 10, 28, 9, 0, 0, 0, clock.Brussels))
		staff := e.LoginAs("ospadmin")
		file := []byte(nmbsHeader +
			"HV1;7777777777;2026-10-19;10.00;6\n" + // 2: A's last day with the card
			"HV2;7777777777;2026-10-20;20.00;6\n" + // 3: B's first day
			"HV3;7777777777;2026-10-25;30.00;6\n" + // 4: B's
			"HV4;8888888888;2026-10-18;4.00;6\n" + // 5: before C's card ended: C's
			"HV5;8888888888;2026-10-21;5.00;6\n" + // 6: after: nobody's on that date
			"HV6;6666666666;2026-10-21;6.00;6\n") // 7: nobody ever
		id := uploadOK(t, e, staff, "NMBS", "handover.csv", file)
		r := call(t, e, staff, "process", id)
		mustEqual(t, "handover", outcomes(r), map[int]string{2: "BOOKED", 3: "BOOKED", 4: "BOOKED", 5: "BOOKED",
			6: "FAILED:TOKEN_NOT_VALID_ON_DATE", 7: "FAILED:UNMATCHED_TOKEN"})
		mustEqual(t, "HV1 on A", userOfBooking(t, e, "NMBS-HV1"), a)
		mustEqual(t, "HV2 on B", userOfBooking(t, e, "NMBS-HV2"), b)
		mustEqual(t, "HV3 on B", userOfBooking(t, e, "NMBS-HV3"), b)
		mustEqual(t, "HV4 on C", userOfBooking(t, e, "NMBS-HV4"), c)
		mustEqual(t, "A's budget", balance(t, e, aB.OspID), 100_000-1000)
		mustEqual(t, "B's budget", balance(t, e, bB.OspID), 100_000-5000)
		mustEqual(t, "ended tokens kept", count(t, e, `SELECT COUNT(*) FROM identification_tokens WHERE valid_until = '2026-10-20'`), 2)
	})
}

// The surcharge window counts two months from the user's deactivation,
// not from their last change: a user edited after being switched off
// gets no longer window.
func TestSurchargeWindowFromDeactivation(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		e.Clock.Set(time.Date(2026, 9, 10, 10, 0, 0, 0, clock.Brussels))
		acme, staff := e.LoginAs("acme.admin"), e.LoginAs("ospadmin")
		u := appUser(t, e, "sw.user")
		e.CreateBudget(acme, "MOBILITY_BUDGET", u, mob(100_000))
		token(t, e, acme, u, "MOBIB", "MOBIB_CARD_NUMBER", "5151515151", nil)
		r := call(t, e, staff, "process", uploadOK(t, e, staff, "NMBS", "t.csv", []byte(nmbsHeader+"SW1;5151515151;2026-09-05;10.00;6\n")))
		mustEqual(t, "ticket", r.Counts.Booked, 1)
		testkit.MustStatus(t, e.Post("/portal-service/v1/user/deactivate", acme, map[string]any{"ospId": u, "when": "NOW"}), http.StatusOK)

		// a month later an admin changes the (inactive) user: a plan cleared
		e.Clock.Set(time.Date(2026, 10, 10, 10, 0, 0, 0, clock.Brussels))
		acme = e.LoginAs("acme.admin")
		testkit.MustStatus(t, e.Post("/portal-service/v1/user/deactivate", acme, map[string]any{"ospId": u, "when": "MANUALLY"}), http.StatusOK)
		var deact, updated time.Time
		if err := e.DB.Get(context.Background(), &deact, `SELECT deactivated_at FROM users WHERE osp_id = ?`, u); err != nil {
			t.Fatal(err)
		}
		if err := e.DB.Get(context.Background(), &updated, `SELECT updated_at FROM users WHERE osp_id = ?`, u); err != nil {
			t.Fatal(err)
		}
		if clock.Today(deact) != "2026-09-10" || clock.Today(updated) != "2026-10-10" {
			t.Fatalf("deactivated %v, updated %v", deact, updated)
		}

		sur := func(id, date string) []byte {
			return []byte("surchargeId;bookingId;date;reason;amountInclVat;vatRate\n" + id + ";NMBS-SW1;" + date + ";Supplement;2.50;21\n")
		}
		// 2026-11-10 is the window's last day (from the deactivation)
		e.Clock.Set(time.Date(2026, 11, 10, 10, 0, 0, 0, clock.Brussels))
		staff = e.LoginAs("ospadmin")
		r = call(t, e, staff, "process", uploadOK(t, e, staff, "SURCHARGES", "s1.csv", sur("SW-S1", "2026-11-09")))
		mustEqual(t, "last day", outcomes(r), map[int]string{2: "BOOKED"})
		// a day later: closed, although the last change is a month younger
		e.Clock.Set(time.Date(2026, 11, 11, 10, 0, 0, 0, clock.Brussels))
		staff = e.LoginAs("ospadmin")
		r = call(t, e, staff, "process", uploadOK(t, e, staff, "SURCHARGES", "s2.csv", sur("SW-S2", "2026-11-10")))
		mustEqual(t, "closed", outcomes(r), map[int]string{2: "FAILED:EXTRA_COSTS_WINDOW_CLOSED"})

		// activation clears the moment
		testkit.MustStatus(t, e.Post("/portal-service/v1/user/activate", e.LoginAs("acme.admin"), map[string]any{"ospId": u, "when": "NOW"}), http.StatusOK)
		mustEqual(t, "cleared", count(t, e, `SELECT COUNT(*) FROM users WHERE osp_id = ? AND deactivated_at IS NULL`, u), 1)
	})
}

// The provider is recorded on the expense: its code, the catalogue's
// partner where the catalogue has one, the name on the expense detail and
// the provider in the monthly totals reporting groups by.
func TestProviderRecordedOnExpenses(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		e.Clock.Set(time.Date(2026, 10, 15, 10, 0, 0, 0, clock.Brussels))
		acme, staff := e.LoginAs("acme.admin"), e.LoginAs("ospadmin")
		u := appUser(t, e, "mrp.user")
		e.CreateBudget(acme, "MOBILITY_BUDGET", u, mob(100_000))
		token(t, e, acme, u, "MOBIB", "MOBIB_CARD_NUMBER", "4242424242", nil)
		r := call(t, e, staff, "process", uploadOK(t, e, staff, "NMBS", "m.csv", []byte(nmbsHeader+"MRP1;4242424242;2026-10-05;12.00;6\n")))
		mustEqual(t, "booked", r.Counts.Booked, 1)
		r = call(t, e, staff, "process", uploadOK(t, e, staff, "LINE", "l.csv", []byte(
			"transactionId,mobibCardNumber,validationDate,amountInclVat,vatRate\nMRP-L1,4242424242,2026-10-06,3.00,6\n")))
		mustEqual(t, "line booked", r.Counts.Booked, 1)
		r = call(t, e, staff, "process", uploadOK(t, e, staff, "SURCHARGES", "s.csv", []byte(
			"surchargeId;bookingId;date;reason;amountInclVat;vatRate\nMRP-S1;NMBS-MRP1;2026-10-07;Supplement;1.00;21\n")))
		mustEqual(t, "surcharge booked", r.Counts.Booked, 1)

		type rec struct {
			Code    string `db:"mrp_code"`
			Partner *int64 `db:"mrp_partner_id"`
			OspID   string `db:"osp_id"`
		}
		get := func(bookingID string) rec {
			var x rec
			if err := e.DB.Get(context.Background(), &x, `SELECT mrp_code, mrp_partner_id, osp_id FROM expenses WHERE booking_id = ?`, bookingID); err != nil {
				t.Fatal(err)
			}
			return x
		}
		var partners int
		if err := e.DB.Get(context.Background(), &partners, `SELECT COUNT(*) FROM partners WHERE ext_id = 'NMBS'`); err != nil {
			t.Fatal(err)
		}
		nmbs, line, sur := get("NMBS-MRP1"), get("DLN-MRP-L1"), get("SUR-MRP-S1")
		mustEqual(t, "NMBS code", nmbs.Code, "NMBS")
		mustEqual(t, "De Lijn code", line.Code, "DELIJN")
		mustEqual(t, "surcharge's provider is its booking's", sur.Code, "NMBS")
		mustEqual(t, "NMBS partner when the catalogue has it", nmbs.Partner != nil, partners == 1)

		res := e.Post("/portal-service/v1/events/get", staff, map[string]any{"ospId": nmbs.OspID})
		testkit.MustStatus(t, res, http.StatusOK)
		m := res.Map(t)
		want := "NMBS-SNCB"
		mustEqual(t, "detail provider", m["providerName"], want)
		mustEqual(t, "detail code", m["mrpCode"], "NMBS")

		var sum int64
		if err := e.DB.Get(context.Background(), &sum, `SELECT amount_sum FROM expense_monthly_totals
			WHERE corporate_account_id = ? AND user_id = -1 AND month = '202610' AND provider = 'NMBS' AND mobility_mode = 'TRAIN'`,
			e.CorporateAccountID(seed.AcmeOspID)); err != nil {
			t.Fatal(err)
		}
		mustEqual(t, "monthly NMBS", sum, 1200+100)
	})
}

// Two files processed at once on PostgreSQL, each booking on the same two
// users in opposite orders, both complete (budgets locked in id order up
// front) with exact balances.
func TestConcurrentFilesLockInOrder(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		e.Clock.Set(time.Date(2026, 10, 15, 10, 0, 0, 0, clock.Brussels))
		acme, staff := e.LoginAs("acme.admin"), e.LoginAs("ospadmin")
		x, y := appUser(t, e, "cc.x"), appUser(t, e, "cc.y")
		xB := e.CreateBudget(acme, "MOBILITY_BUDGET", x, mob(1_000_000))
		yB := e.CreateBudget(acme, "MOBILITY_BUDGET", y, mob(1_000_000))
		token(t, e, acme, x, "MOBIB", "MOBIB_CARD_NUMBER", "3030303030", nil)
		token(t, e, acme, y, "MOBIB", "MOBIB_CARD_NUMBER", "4040404040", nil)
		const rounds = 5
		for round := range rounds {
			var one, two []byte
			one, two = []byte(nmbsHeader), []byte(nmbsHeader)
			for i := range 20 {
				one = append(one, []byte(lineOf("A", round, i, "3030303030"))...)
				one = append(one, []byte(lineOf("B", round, i, "4040404040"))...)
				two = append(two, []byte(lineOf("C", round, i, "4040404040"))...)
				two = append(two, []byte(lineOf("D", round, i, "3030303030"))...)
			}
			ids := []string{uploadOK(t, e, staff, "NMBS", "one.csv", one), uploadOK(t, e, staff, "NMBS", "two.csv", two)}
			var wg sync.WaitGroup
			results := make([]*testkit.Response, 2)
			for i, id := range ids {
				wg.Add(1)
				go func() {
					defer wg.Done()
					results[i] = e.Post(base+"/process", staff, map[string]any{"uploadId": id})
				}()
			}
			wg.Wait()
			for i, res := range results {
				testkit.MustStatus(t, res, http.StatusOK)
				if n := res.Map(t)["counts"].(map[string]any)["booked"].(float64); n != 40 {
					t.Fatalf("round %d file %d booked %v: %s", round, i, n, res.Body)
				}
			}
		}
		// 5 rounds × 40 lines of 1.00 on each user
		mustEqual(t, "x", balance(t, e, xB.OspID), 1_000_000-rounds*40*100)
		mustEqual(t, "y", balance(t, e, yB.OspID), 1_000_000-rounds*40*100)
	})
}

func lineOf(file string, round, i int, card string) string {
	return "CC" + file + itoa(round) + "-" + itoa(i) + ";" + card + ";2026-10-05;1.00;6\n"
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	s := ""
	for n > 0 {
		s = string(rune('0'+n%10)) + s
		n /= 10
	}
	return s
}

// A company that pays NMBS directly has its users' NMBS lines booked on
// its company budget (the user still the traveller); other kinds, and
// NMBS once the setting is off, on the user's budget. Only platform staff
// read and set it.
func TestCompanyPaysDirectly(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		e.Clock.Set(time.Date(2026, 10, 15, 10, 0, 0, 0, clock.Brussels))
		acme, staff := e.LoginAs("acme.admin"), e.LoginAs("ospadmin")
		u := appUser(t, e, "dp.user")
		uB := e.CreateBudget(acme, "MOBILITY_BUDGET", u, mob(100_000))
		token(t, e, acme, u, "MOBIB", "MOBIB_CARD_NUMBER", "9191919191", nil)
		setting := func(token, kind string, paid any) *testkit.Response {
			return e.Post(base+"/directPayment/update", token, map[string]any{"corporateAccountOspId": seed.AcmeOspID, "kind": kind,
				"paidByCompany": paid})
		}
		// not for company admins; bad kinds and a missing flag named
		if res := setting(acme, "NMBS", true); res.Status != http.StatusForbidden {
			t.Fatalf("company admin sets: %d %s", res.Status, res.Body)
		}
		if res := e.Post(base+"/directPayment/get", acme, map[string]any{"corporateAccountOspId": seed.AcmeOspID}); res.Status != http.StatusForbidden {
			t.Fatalf("company admin reads: %d %s", res.Status, res.Body)
		}
		for kind, paid := range map[string]any{"SURCHARGES": true, "TAXI": true, "NMBS": nil} {
			if res := setting(staff, kind, paid); res.Status != http.StatusBadRequest {
				t.Fatalf("bad %s/%v: %d %s", kind, paid, res.Status, res.Body)
			}
		}
		set := setting(staff, "NMBS", true)
		testkit.MustStatus(t, set, http.StatusOK)
		if m := set.Map(t); m["hasCompanyBudget"] != false {
			t.Fatalf("settings: %s", set.Body)
		}
		mustEqual(t, "nothing stored by refusals", count(t, e, `SELECT COUNT(*) FROM provider_direct_payers WHERE kind <> 'NMBS'`), 0)

		// without a company budget the line waits (NO_BUDGET)
		r := call(t, e, staff, "process", uploadOK(t, e, staff, "NMBS", "d0.csv", []byte(nmbsHeader+"DP0;9191919191;2026-10-04;5.00;6\n")))
		mustEqual(t, "no company budget", outcomes(r), map[int]string{2: "FAILED:NO_BUDGET"})

		// platform staff open Acme's company budget and transfer money
		res := e.Post("/portal-service/v1/budget/COMPANY_BUDGET/create", staff, map[string]any{"ownerOspId": seed.AcmeOspID, "data": map[string]any{}})
		testkit.MustStatus(t, res, http.StatusOK)
		cb := str(t, res.Map(t), "ospId")
		testkit.MustStatus(t, e.Post("/portal-service/v1/budget/transaction/addForCorporateAccount", staff, map[string]any{
			"corporateAccountOspId": seed.AcmeOspID, "amount": 50_000, "description": "transfer"}), http.StatusOK)
		got := e.Post(base+"/directPayment/get", staff, map[string]any{"corporateAccountOspId": seed.AcmeOspID})
		testkit.MustStatus(t, got, http.StatusOK)
		if m := got.Map(t); m["hasCompanyBudget"] != true {
			t.Fatalf("settings: %s", got.Body)
		}

		r = call(t, e, staff, "process", uploadOK(t, e, staff, "NMBS", "d1.csv", []byte(nmbsHeader+"DP1;9191919191;2026-10-05;12.00;6\n")))
		mustEqual(t, "paid by the company", outcomes(r), map[int]string{2: "BOOKED"})
		mustEqual(t, "company budget", balance(t, e, cb), 50_000-1200)
		mustEqual(t, "user budget untouched", balance(t, e, uB.OspID), 100_000)
		mustEqual(t, "traveller", userOfBooking(t, e, "NMBS-DP1"), u)
		mustEqual(t, "on the company budget", expenseByBooking(t, e, "NMBS-DP1").BudgetOsp, cb)
		// the earlier line, re-processed, now books on the company budget too
		r = call(t, e, staff, "process", uploadOK(t, e, staff, "NMBS", "d0b.csv", []byte(nmbsHeader+"DP0;9191919191;2026-10-04;5.00;6\n")))
		mustEqual(t, "waiting line", outcomes(r), map[int]string{2: "BOOKED"})
		mustEqual(t, "company budget after", balance(t, e, cb), 50_000-1700)

		// De Lijn is not paid directly: the user's budget
		r = call(t, e, staff, "process", uploadOK(t, e, staff, "LINE", "dl.csv", []byte(
			"transactionId,mobibCardNumber,validationDate,amountInclVat,vatRate\nDP-L1,9191919191,2026-10-06,3.00,6\n")))
		mustEqual(t, "line", outcomes(r), map[int]string{2: "BOOKED"})
		mustEqual(t, "user budget", balance(t, e, uB.OspID), 100_000-300)

		// switched off: NMBS back on the user's budget
		testkit.MustStatus(t, setting(staff, "NMBS", false), http.StatusOK)
		mustEqual(t, "setting removed", count(t, e, `SELECT COUNT(*) FROM provider_direct_payers`), 0)
		r = call(t, e, staff, "process", uploadOK(t, e, staff, "NMBS", "d2.csv", []byte(nmbsHeader+"DP2;9191919191;2026-10-07;4.00;6\n")))
		mustEqual(t, "user pays again", outcomes(r), map[int]string{2: "BOOKED"})
		mustEqual(t, "user budget after", balance(t, e, uB.OspID), 100_000-700)
		mustEqual(t, "company budget unchanged", balance(t, e, cb), 50_000-1700)
	})
}

func str(t testing.TB, m map[string]any, k string) string {
	t.Helper()
	s, ok := m[k].(string)
	if !ok {
		t.Fatalf("%s missing in %v", k, m)
	}
	return s
}

// One way to pick the budget (budget.ChooseForPurchase, as Cambio's
// invoices): a mobility budget that holds too little hands the line to
// the user's next company-paid budget; the employee's own (private)
// budget is never a candidate, so a line neither takes is refused.
func TestBudgetChoiceFallsThrough(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		e.Clock.Set(time.Date(2026, 10, 15, 10, 0, 0, 0, clock.Brussels))
		acme, staff := e.LoginAs("acme.admin"), e.LoginAs("ospadmin")
		u := appUser(t, e, "bc.user")
		mobB := e.CreateBudget(acme, "MOBILITY_BUDGET", u, mob(1000))
		busB := e.CreateBudget(acme, "BUSINESS_BUDGET", u, mob(2000))
		token(t, e, acme, u, "MOBIB", "MOBIB_CARD_NUMBER", "6161616161", nil)
		r := call(t, e, staff, "process", uploadOK(t, e, staff, "NMBS", "f.csv", []byte(nmbsHeader+
			"BC1;6161616161;2026-10-05;8.00;6\n"+ // 2: mobility (10 → 2)
			"BC2;6161616161;2026-10-06;15.00;6\n"+ // 3: mobility too poor: business (20 → 5)
			"BC3;6161616161;2026-10-07;9.00;6\n"))) // 4: neither holds 9: the mobility budget's refusal
		mustEqual(t, "outcomes", outcomes(r), map[int]string{2: "BOOKED", 3: "BOOKED", 4: "FAILED:INSUFFICIENT_BUDGET"})
		mustEqual(t, "BC1 on mobility", expenseByBooking(t, e, "NMBS-BC1").BudgetOsp, mobB.OspID)
		mustEqual(t, "BC2 on business", expenseByBooking(t, e, "NMBS-BC2").BudgetOsp, busB.OspID)
		mustEqual(t, "mobility", balance(t, e, mobB.OspID), 200)
		mustEqual(t, "business", balance(t, e, busB.OspID), 500)
	})
}
