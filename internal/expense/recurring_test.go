package expense_test

import (
	"context"
	"slices"
	"testing"

	"mobility/portal/internal/expense"
	"mobility/portal/internal/testkit"
)

func recurringOf(t *testing.T, res *testkit.Response) expense.Recurring {
	t.Helper()
	testkit.MustStatus(t, res, 200)
	var r expense.Recurring
	res.JSON(t, &r)
	return r
}

// bookedDates lists the expense dates booked for a recurrence, with their
// amounts, checking each is an ordinary expense with one event row.
func bookedDates(t *testing.T, e *testkit.Env, recurrenceOsp string) ([]string, []int64) {
	t.Helper()
	var rows []struct {
		Date      string  `db:"expense_date"`
		PeriodKey *string `db:"period_key"`
		Amount    int64   `db:"amount"`
		TxAmount  int64   `db:"tx_amount"`
		TxType    string  `db:"tx_type"`
		BookingID string  `db:"booking_id"`
	}
	if err := e.DB.Select(context.Background(), &rows, `SELECT x.expense_date, x.period_key, x.amount, t.amount AS tx_amount, t.tx_type, x.booking_id
		FROM expenses x JOIN recurring_expenses r ON r.id = x.recurrence_id JOIN budget_transactions t ON t.expense_id = x.id
		WHERE r.osp_id = ? ORDER BY x.expense_date`, recurrenceOsp); err != nil {
		t.Fatal(err)
	}
	var dates []string
	var amounts []int64
	for _, r := range rows {
		if r.PeriodKey == nil || *r.PeriodKey != r.Date || r.TxType != "event" || r.TxAmount != -r.Amount || len(r.BookingID) != 12 {
			t.Fatalf("booked occurrence: %+v", r)
		}
		dates = append(dates, r.Date)
		amounts = append(amounts, r.Amount)
	}
	return dates, amounts
}

// Recurring external purchases over five months, the jobs runner run day
// by day: monthly bookings, the end date, month ends, THIS_ONLY and
// THIS_AND_FOLLOWING deletes, updates for future bookings only, a budget
// that refuses (recorded as FAILED, not retried), and runs repeated.
func TestRecurringDayByDay(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		acme := e.LoginAs("acme.admin")
		jan, sophie := e.UserOspID("jan.peeters"), e.UserOspID("sophie.dubois")
		unl := newBudget(t, e, acme, "BUSINESS_BUDGET", jan, map[string]any{"unlimited": true, "frequency": ""})
		lim := newBudget(t, e, acme, "BUSINESS_BUDGET", sophie, map[string]any{"frequency": "MONTH", "transferStrategy": "MONTH_RESET",
			"frequencyAmount": 5000, "equalToRecurring": true})

		// the types
		res := e.Do(testkit.Request{Method: "GET", Path: recBase + "/types", Token: acme, Headers: map[string]string{"Accept-Language": "en"}})
		testkit.MustStatus(t, res, 200)
		var types []expense.RecurringType
		res.JSON(t, &types)
		var values []string
		for _, ty := range types {
			values = append(values, ty.Value)
		}
		if !slices.Equal(values, []string{"TRAIN_SUBSCRIPTION", "BUS_SUBSCRIPTION", "BIKE_LEASE", "PARKING_SUBSCRIPTION",
			"CAR_SHARING_SUBSCRIPTION", "OTHER"}) || types[0].MobilityMode != "TRAIN" || types[0].Label == "" {
			t.Fatalf("types: %s", res.Body)
		}

		create := func(body map[string]any) *testkit.Response { return e.Post(recBase+"/create", acme, body) }
		train := recurringOf(t, create(map[string]any{"userOspId": jan, "budgetOspId": unl.OspID, "type": "TRAIN_SUBSCRIPTION",
			"amount": 4500, "vatPercentage": 6, "description": "NMBS Brussel-Gent", "frequency": "MONTH", "startDate": "2026-12-05",
			"endDate": "2027-03-05"}))
		if train.NextOccurrence == nil || *train.NextOccurrence != "2026-12-05" || train.MobilityMode != "TRAIN" || train.VatPercentage != 6 ||
			train.EndDate == nil || *train.EndDate != "2027-03-05" || train.UserOspID != jan || train.BudgetOspID != unl.OspID ||
			len(train.Occurrences) != 0 || train.Deleted {
			t.Fatalf("created: %+v", train)
		}
		var storedVat int64
		if err := e.DB.Get(ctx, &storedVat, `SELECT vat_percentage FROM recurring_expenses WHERE osp_id = ?`, train.OspID); err != nil || storedVat != 600 {
			t.Fatalf("stored VAT %d (%v)", storedVat, err)
		}
		bike := recurringOf(t, create(map[string]any{"userOspId": jan, "budgetOspId": unl.OspID, "type": "BIKE_LEASE",
			"amount": 3100, "vatPercentage": 21, "description": "Lease bike", "frequency": "MONTH", "startDate": "2026-12-31"}))
		parking := recurringOf(t, create(map[string]any{"userOspId": sophie, "budgetOspId": lim.OspID, "type": "PARKING_SUBSCRIPTION",
			"amount": 6000, "vatPercentage": 21, "description": "Parking station", "frequency": "MONTH", "startDate": "2026-12-10"}))
		yearly := recurringOf(t, create(map[string]any{"userOspId": jan, "budgetOspId": unl.OspID, "type": "OTHER",
			"amount": 1000, "vatPercentage": 0, "description": "Yearly", "frequency": "YEAR", "startDate": "2026-12-01"}))

		// bad input
		valid := func() map[string]any {
			return map[string]any{"userOspId": jan, "budgetOspId": unl.OspID, "type": "OTHER", "amount": 100, "vatPercentage": 21,
				"description": "x", "frequency": "MONTH", "startDate": "2026-12-01"}
		}
		for name, tc := range map[string]struct {
			key   string
			value any
		}{
			"start in the past": {"startDate", "2026-11-20"},
			"end before start":  {"endDate", "2026-11-30"},
			"type":              {"type", "PLANE"},
			"frequency":         {"frequency", "WEEK"},
			"amount":            {"amount", 0},
			"vat":               {"vatPercentage", -1},
			"description":       {"description", ""},
			"budget of another": {"budgetOspId", lim.OspID},
		} {
			body := valid()
			body[tc.key] = tc.value
			if res := create(body); res.Status != 400 || fieldOf(t, res) != tc.key {
				t.Errorf("%s: %d %s", name, res.Status, res.Body)
			}
		}

		del := func(token string, osp, mode, date string) *testkit.Response {
			return e.Post(recBase+"/delete", token, map[string]string{"ospId": osp, "mode": mode, "date": date})
		}
		// THIS_ONLY ahead of time; only the recurrence's own dates
		r := recurringOf(t, del(acme, train.OspID, "THIS_ONLY", "2027-02-05"))
		if len(r.Occurrences) != 1 || r.Occurrences[0].Date != "2027-02-05" || r.Occurrences[0].Outcome != "CANCELLED" {
			t.Fatalf("this only: %+v", r)
		}
		for _, d := range []string{"2027-02-06", "2027-04-05", "2026-11-05"} {
			if res := del(acme, train.OspID, "THIS_ONLY", d); res.Status != 400 || fieldOf(t, res) != "date" {
				t.Errorf("this only on %s: %d %s", d, res.Status, res.Body)
			}
		}
		if res := del(acme, train.OspID, "SOMETIMES", "2027-02-05"); res.Status != 400 || fieldOf(t, res) != "mode" {
			t.Errorf("mode: %d %s", res.Status, res.Body)
		}
		// THIS_AND_FOLLOWING from the start: the recurrence is gone
		r = recurringOf(t, del(acme, yearly.OspID, "THIS_AND_FOLLOWING", "2026-12-01"))
		if !r.Deleted || r.NextOccurrence != nil {
			t.Fatalf("deleted from the start: %+v", r)
		}
		if res := e.Post(recBase+"/update", acme, map[string]any{"ospId": yearly.OspID, "amount": 5}); res.Status != 404 {
			t.Fatalf("update of a deleted one: %d", res.Status)
		}

		runner := e.App.JobRunner()
		for day := at("2026-11-22"); !day.After(at("2027-04-10")); day = day.AddDate(0, 0, 1) {
			d := day.Format("2006-01-02")
			e.Clock.Set(day)
			results, err := runner.RunDay(ctx, d)
			if err != nil {
				t.Fatalf("%s: %v", d, err)
			}
			for _, r := range results {
				if r.Status == "failed" {
					t.Fatalf("%s: job %s failed: %s", d, r.Job, r.Detail)
				}
			}
			switch d {
			case "2026-12-04":
				if dates, _ := bookedDates(t, e, train.OspID); len(dates) != 0 {
					t.Fatalf("booked before the start: %v", dates)
				}
			case "2026-12-05":
				var detail string
				for _, r := range results {
					if r.Job == "recurring-expenses" {
						detail = r.Detail
					}
				}
				if detail != "1 booked, 0 failed, 0 skipped" {
					t.Fatalf("job detail: %q", detail)
				}
				// the same day again books nothing: the job run is recorded,
				// and the service itself is idempotent too
				again, err := runner.RunDay(ctx, d)
				if err != nil {
					t.Fatal(err)
				}
				for _, r := range again {
					if r.Job == "recurring-expenses" && r.Status != "skipped" {
						t.Fatalf("second run: %+v", r)
					}
				}
				res, err := e.App.Expenses.RunRecurring(ctx, d)
				if err != nil || res.Booked != 0 || res.Failed != 0 {
					t.Fatalf("service run again: %+v %v", res, err)
				}
				if dates, _ := bookedDates(t, e, train.OspID); !slices.Equal(dates, []string{"2026-12-05"}) {
					t.Fatalf("after two runs: %v", dates)
				}
				if got := balance(t, e, unl.OspID); got != -4500 {
					t.Fatalf("balance after first booking: %d", got)
				}
			case "2026-12-11":
				r := recurringOf(t, e.Post(recBase+"/get", e.LoginAs("acme.admin"), map[string]string{"ospId": parking.OspID}))
				if len(r.Occurrences) != 1 || r.Occurrences[0].Outcome != "FAILED" || r.Occurrences[0].ErrorLabel != "INSUFFICIENT_BUDGET" ||
					r.Occurrences[0].EventOspID != nil || r.NextOccurrence == nil || *r.NextOccurrence != "2027-01-10" {
					t.Fatalf("refused occurrence: %+v", r)
				}
			case "2027-01-15":
				acme := e.LoginAs("acme.admin")
				// changes apply to future bookings only
				r := recurringOf(t, e.Post(recBase+"/update", acme, map[string]any{"ospId": parking.OspID, "amount": 2000, "description": "Parking (cheaper)"}))
				if r.Amount != 2000 || r.Frequency != "MONTH" || r.StartDate != "2026-12-10" || len(r.Occurrences) != 2 {
					t.Fatalf("update: %+v", r)
				}
				// the schedule itself is fixed once an occurrence was handled
				if res := e.Post(recBase+"/update", acme, map[string]any{"ospId": train.OspID, "frequency": "YEAR"}); res.Status != 409 ||
					res.Label() != "RECURRING_EXPENSE_STARTED" {
					t.Fatalf("reschedule: %d %s", res.Status, res.Body)
				}
			case "2027-03-01":
				acme := e.LoginAs("acme.admin")
				if res := del(acme, bike.OspID, "THIS_ONLY", "2027-01-31"); res.Status != 409 || res.Label() != "RECURRING_OCCURRENCE_BOOKED" {
					t.Fatalf("delete a booked occurrence: %d %s", res.Status, res.Body)
				}
				r := recurringOf(t, del(acme, bike.OspID, "THIS_AND_FOLLOWING", "2027-03-31"))
				if r.EndDate == nil || *r.EndDate != "2027-03-30" || r.NextOccurrence != nil || r.Deleted {
					t.Fatalf("this and following: %+v", r)
				}
				// other tenants and plain admins cannot touch it
				if res := del(e.LoginAs("globex.admin"), train.OspID, "THIS_ONLY", "2027-03-05"); res.Status != 404 {
					t.Fatalf("globex delete: %d", res.Status)
				}
			}
		}

		dates, amounts := bookedDates(t, e, train.OspID)
		if !slices.Equal(dates, []string{"2026-12-05", "2027-01-05", "2027-03-05"}) || !slices.Equal(amounts, []int64{4500, 4500, 4500}) {
			t.Errorf("train: %v %v", dates, amounts)
		}
		if dates, _ := bookedDates(t, e, bike.OspID); !slices.Equal(dates, []string{"2026-12-31", "2027-01-31", "2027-02-28"}) {
			t.Errorf("bike: %v", dates)
		}
		dates, amounts = bookedDates(t, e, parking.OspID)
		if !slices.Equal(dates, []string{"2027-02-10", "2027-03-10", "2027-04-10"}) || !slices.Equal(amounts, []int64{2000, 2000, 2000}) {
			t.Errorf("parking: %v %v", dates, amounts)
		}
		if dates, _ := bookedDates(t, e, yearly.OspID); len(dates) != 0 {
			t.Errorf("deleted yearly booked: %v", dates)
		}
		// the money: unlimited went negative; the limited budget was reset
		// to 5000 on the 1st and paid 2000 on the 10th
		if got := balance(t, e, unl.OspID); got != -(3*4500 + 3*3100) {
			t.Errorf("unlimited balance %d", got)
		}
		if got := balance(t, e, lim.OspID); got != 3000 {
			t.Errorf("limited balance %d", got)
		}
		acme = e.LoginAs("acme.admin")
		r = recurringOf(t, e.Post(recBase+"/get", acme, map[string]string{"ospId": parking.OspID}))
		var outcomes []string
		for _, o := range r.Occurrences {
			outcomes = append(outcomes, o.Date+" "+o.Outcome)
		}
		if !slices.Equal(outcomes, []string{"2026-12-10 FAILED", "2027-01-10 FAILED", "2027-02-10 BOOKED", "2027-03-10 BOOKED", "2027-04-10 BOOKED"}) ||
			r.Occurrences[2].EventOspID == nil || *r.NextOccurrence != "2027-05-10" {
			t.Errorf("parking occurrences: %v %+v", outcomes, r)
		}
		// a booked occurrence is an ordinary expense
		ev := detailOf(t, e.Post(v1+"/events/get", acme, map[string]string{"ospId": *r.Occurrences[2].EventOspID}))
		if ev.RecurrenceOspID == nil || *ev.RecurrenceOspID != parking.OspID || ev.Date != "2027-02-10" || ev.MobilityMode != "PARKING" ||
			ev.Description != "Parking (cheaper)" || ev.Amount != 2000 || ev.VatPercentage != 21 || ev.CreatedBy != "" {
			t.Errorf("booked occurrence: %+v", ev)
		}
		r = recurringOf(t, e.Post(recBase+"/get", acme, map[string]string{"ospId": train.OspID}))
		if r.NextOccurrence != nil || len(r.Occurrences) != 4 || r.Occurrences[2].Outcome != "CANCELLED" {
			t.Errorf("train at the end: %+v", r)
		}

		// findByUser leaves out the deleted one
		res = e.Post(recBase+"/findByUser", acme, map[string]string{"userOspId": jan})
		testkit.MustStatus(t, res, 200)
		var list []expense.Recurring
		res.JSON(t, &list)
		if len(list) != 2 || list[0].OspID != train.OspID || list[1].OspID != bike.OspID {
			t.Errorf("findByUser: %s", res.Body)
		}
		// a deleted one is still readable, flagged
		if r := recurringOf(t, e.Post(recBase+"/get", acme, map[string]string{"ospId": yearly.OspID})); !r.Deleted {
			t.Errorf("deleted yearly: %+v", r)
		}

		// extending an ended recurrence goes on from today: missed dates
		// between the old end and today are not booked
		r = recurringOf(t, e.Post(recBase+"/update", acme, map[string]any{"ospId": train.OspID, "endDate": "2027-06-30"}))
		if r.NextOccurrence == nil || *r.NextOccurrence != "2027-05-05" || *r.EndDate != "2027-06-30" {
			t.Errorf("extended: %+v", r)
		}
		// an end date before the next occurrence ends the recurrence
		r = recurringOf(t, e.Post(recBase+"/update", acme, map[string]any{"ospId": parking.OspID, "endDate": "2027-05-09"}))
		if r.NextOccurrence != nil {
			t.Errorf("end before the next occurrence: %+v", r)
		}
		if n := count(t, e, `SELECT COUNT(*) FROM (SELECT recurrence_id, period_key FROM expenses WHERE recurrence_id IS NOT NULL
			GROUP BY recurrence_id, period_key HAVING COUNT(*) > 1) x`); n != 0 {
			t.Errorf("%d occurrences booked twice", n)
		}
		assertLedgerConsistent(t, e)
	})
}

// The schedule keeps the start's day of the month, or the month's last day.
func TestMonthEndsAndYears(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		acme := e.LoginAs("acme.admin")
		jan := e.UserOspID("jan.peeters")
		unl := newBudget(t, e, acme, "COMMUTING_BUDGET", jan, map[string]any{"unlimited": true, "frequency": ""})
		yearly := recurringOf(t, e.Post(recBase+"/create", acme, map[string]any{"userOspId": jan, "budgetOspId": unl.OspID,
			"type": "CAR_SHARING_SUBSCRIPTION", "amount": 12000, "vatPercentage": 21, "description": "Cambio", "frequency": "YEAR",
			"startDate": "2027-02-28", "endDate": "2029-02-28"}))
		monthly := recurringOf(t, e.Post(recBase+"/create", acme, map[string]any{"userOspId": jan, "budgetOspId": unl.OspID,
			"type": "BUS_SUBSCRIPTION", "amount": 4900, "vatPercentage": 6, "description": "De Lijn", "frequency": "MONTH",
			"startDate": "2027-01-31", "endDate": "2027-05-31"}))
		// skip ahead: a single run catches up every missed date
		e.Clock.Set(at("2029-12-31"))
		res, err := e.App.Expenses.RunRecurring(ctx, "2029-12-31")
		if err != nil || res.Booked != 8 {
			t.Fatalf("catch-up: %+v %v", res, err)
		}
		if dates, _ := bookedDates(t, e, monthly.OspID); !slices.Equal(dates, []string{"2027-01-31", "2027-02-28", "2027-03-31", "2027-04-30", "2027-05-31"}) {
			t.Errorf("monthly: %v", dates)
		}
		if dates, _ := bookedDates(t, e, yearly.OspID); !slices.Equal(dates, []string{"2027-02-28", "2028-02-28", "2029-02-28"}) {
			t.Errorf("yearly: %v", dates)
		}
		if res, _ := e.App.Expenses.RunRecurring(ctx, "2029-12-31"); res.Booked != 0 {
			t.Errorf("second catch-up booked %d", res.Booked)
		}
	})
}
