package expense_test

import (
	"context"
	"encoding/json"
	"reflect"
	"regexp"
	"strings"
	"sync"
	"testing"

	"mobility/portal/internal/apperr"
	"mobility/portal/internal/expense"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

var bookingIDPattern = regexp.MustCompile(`^[A-Z2-9]{12}$`)

func detailOf(t *testing.T, res *testkit.Response) expense.EventDetail {
	t.Helper()
	testkit.MustStatus(t, res, 200)
	var d expense.EventDetail
	res.JSON(t, &d)
	return d
}

// Creating an expense books it on the budget in one transaction; the
// detail, the lists and the stored rows agree; bad input is a 400 naming
// the field; a limited budget refuses more than it holds.
func TestCreateGetAndFilter(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		acme := e.LoginAs("acme.admin")
		jan, sophie := e.UserOspID("jan.peeters"), e.UserOspID("sophie.dubois")
		b := newBudget(t, e, acme, "BUSINESS_BUDGET", jan, map[string]any{"frequency": "MONTH", "transferStrategy": "MONTH_RESET",
			"frequencyAmount": 5000, "equalToRecurring": true})
		other := newBudget(t, e, acme, "BUSINESS_BUDGET", sophie, map[string]any{"unlimited": true})

		res := e.Post(createPath, acme, map[string]any{"userOspId": jan, "budgetOspId": b.OspID, "amount": 1210, "vatPercentage": 21,
			"description": "Taxi to the client", "date": "2026-11-20", "externalReference": "INV-1", "usageReason": "client visit",
			"mobilityMode": "CAR"})
		d := detailOf(t, res)
		if !bookingIDPattern.MatchString(d.BookingID) || d.Amount != 1210 || d.NetAmount != 1210 || d.VatPercentage != 21 ||
			d.VatAmount != 210 || d.AmountExclVat != 1000 || d.UserOspID != jan || d.CorporateAccountOspID != seed.AcmeOspID ||
			d.CorporateAccountExtID != "ACME" || d.BudgetOspID != b.OspID || d.BudgetType != "BUSINESS_BUDGET" || d.Date != "2026-11-20" ||
			d.MobilityMode != "CAR" || d.ExternalReference != "INV-1" || d.UsageReason != "client visit" || !d.NotBilled || d.Settled ||
			d.EventOspID != d.OspID || d.TransactionOspID == "" || len(d.Corrections) != 0 || d.RecurrenceOspID != nil ||
			d.UserFullName != "Jan Peeters" || d.CreatedBy != "Anna Acme" {
			t.Fatalf("created: %s", res.Body)
		}
		if got := balance(t, e, b.OspID); got != 3790 {
			t.Fatalf("balance %d, want 3790", got)
		}
		// stored: the expense (VAT in basis points) and its one ledger row
		var row struct {
			Vat       int64  `db:"vat_percentage"`
			BookingID string `db:"booking_id"`
			Mode      string `db:"mobility_mode"`
		}
		if err := e.DB.Get(ctx, &row, `SELECT vat_percentage, booking_id, mobility_mode FROM expenses WHERE osp_id = ?`, d.OspID); err != nil {
			t.Fatal(err)
		}
		if row.Vat != 2100 || row.BookingID != d.BookingID || row.Mode != "CAR" {
			t.Fatalf("stored expense: %+v", row)
		}
		var tx struct {
			Type   string `db:"tx_type"`
			Amount int64  `db:"amount"`
			Osp    string `db:"osp_id"`
		}
		if err := e.DB.Get(ctx, &tx, `SELECT t.tx_type, t.amount, t.osp_id FROM budget_transactions t JOIN expenses x ON x.id = t.expense_id
			WHERE x.osp_id = ?`, d.OspID); err != nil {
			t.Fatal(err)
		}
		if tx.Type != "event" || tx.Amount != -1210 || tx.Osp != d.TransactionOspID {
			t.Fatalf("ledger row: %+v", tx)
		}

		// events/get and purchaseEvent/get answer the same detail
		got := detailOf(t, e.Post(v1+"/events/get", acme, map[string]string{"ospId": d.OspID}))
		got2 := detailOf(t, e.Post(v1+"/purchaseEvent/get", acme, map[string]string{"ospId": d.OspID}))
		if got.BookingID != d.BookingID || got2.BookingID != d.BookingID || got.NetAmount != 1210 {
			t.Fatalf("get: %+v / %+v", got, got2)
		}

		// bad input: 400 naming the field, nothing stored
		valid := func() map[string]any {
			return map[string]any{"userOspId": jan, "budgetOspId": b.OspID, "amount": 100, "vatPercentage": 6, "description": "bus", "date": "2026-11-21"}
		}
		for name, tc := range map[string]struct {
			key   string
			value any
		}{
			"amount zero":        {"amount", 0},
			"amount negative":    {"amount", -5},
			"vat three decimals": {"vatPercentage", 21.555},
			"vat above 100":      {"vatPercentage", 101},
			"description long":   {"description", strings.Repeat("x", 141)},
			"description empty":  {"description", " "},
			"date future":        {"date", "2026-11-22"},
			"date bad":           {"date", "21/11/2026"},
			"mobility mode":      {"mobilityMode", "PLANE"},
			"budget of another":  {"budgetOspId", other.OspID},
			"budget missing":     {"budgetOspId", ""},
		} {
			body := valid()
			body[tc.key] = tc.value
			res := e.Post(createPath, acme, body)
			if res.Status != 400 || res.Label() != "VALIDATION_FAILED" || fieldOf(t, res) != tc.key {
				t.Errorf("%s: %d %s", name, res.Status, res.Body)
			}
		}
		// a description of exactly 140 characters is fine; VAT 5.5 too
		body := valid()
		body["description"], body["vatPercentage"] = strings.Repeat("é", 140), 5.5
		if d := detailOf(t, e.Post(createPath, acme, body)); d.VatPercentage != 5.5 || d.VatAmount != 5 {
			t.Fatalf("140 chars / 5.5 %%: %+v", d)
		}
		// unknown user or budget: 404
		body = valid()
		body["userOspId"] = "nope"
		testkit.MustStatus(t, e.Post(createPath, acme, body), 404)
		body = valid()
		body["budgetOspId"] = "nope"
		testkit.MustStatus(t, e.Post(createPath, acme, body), 404)

		// a limited budget refuses more than it holds: nothing is stored
		before := count(t, e, `SELECT COUNT(*) FROM expenses`)
		body = valid()
		body["amount"] = 3691 // 3690 left
		res = e.Post(createPath, acme, body)
		if res.Status != 409 || res.Label() != "INSUFFICIENT_BUDGET" {
			t.Fatalf("insufficient: %d %s", res.Status, res.Body)
		}
		if count(t, e, `SELECT COUNT(*) FROM expenses`) != before || balance(t, e, b.OspID) != 3690 {
			t.Fatal("a refused expense left rows behind")
		}
		body["amount"] = 3690 // exactly what is left
		detailOf(t, e.Post(createPath, acme, body))
		if got := balance(t, e, b.OspID); got != 0 {
			t.Fatalf("balance %d, want 0", got)
		}
		// a deactivated budget refuses everything
		testkit.MustStatus(t, e.Post(v1+"/budget/deactivate", acme, map[string]string{"ospId": other.OspID}), 200)
		res = e.Post(createPath, acme, map[string]any{"userOspId": sophie, "budgetOspId": other.OspID, "amount": 100,
			"vatPercentage": 21, "description": "taxi", "date": "2026-11-21"})
		if res.Status != 409 || res.Label() != "BUDGET_DEACTIVATED" {
			t.Fatalf("deactivated: %d %s", res.Status, res.Body)
		}

		// booking ids: 12 characters, unique
		b2 := valid()
		b2["budgetOspId"] = newBudget(t, e, acme, "CAFETERIA_BUDGET", jan, map[string]any{"unlimited": true, "frequency": ""}).OspID
		for j := 0; j < 20; j++ {
			detailOf(t, e.Post(createPath, acme, b2))
		}
		var ids []string
		if err := e.DB.Select(ctx, &ids, `SELECT booking_id FROM expenses`); err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for _, id := range ids {
			if !bookingIDPattern.MatchString(id) || seen[id] {
				t.Fatalf("booking id %q not 12 characters or not unique", id)
			}
			seen[id] = true
		}
		if len(ids) != 23 {
			t.Fatalf("%d expenses, want 23", len(ids))
		}

		// getByFilter: by user, budget, dates; newest first; net amounts
		page := func(token string, f map[string]any) (*paging.Page[expense.Event], *testkit.Response) {
			res := e.Post(v1+"/events/getByFilter", token, f)
			var p paging.Page[expense.Event]
			if res.Status == 200 {
				res.JSON(t, &p)
			}
			return &p, res
		}
		p, _ := page(acme, map[string]any{"userOspId": jan, "pagination": map[string]int{"page": 1, "size": 5}})
		if p.TotalElements != 23 || len(p.Content) != 5 || p.TotalPages != 5 {
			t.Fatalf("by user: %+v", p)
		}
		p, _ = page(acme, map[string]any{"budgetOspId": b.OspID})
		if p.TotalElements != 3 || p.Content[0].Date != "2026-11-21" || p.Content[2].BookingID != d.BookingID || p.Content[2].NetAmount != 1210 {
			t.Fatalf("by budget: %+v", p)
		}
		p, _ = page(acme, map[string]any{"budgetOspId": b.OspID, "dateFrom": "2026-11-20", "dateTo": "2026-11-20"})
		if p.TotalElements != 1 || p.Content[0].OspID != d.OspID {
			t.Fatalf("by date: %+v", p)
		}
		p, _ = page(acme, map[string]any{"corporateAccountOspId": seed.AcmeOspID, "pagination": map[string]int{"page": 1, "size": 100}})
		if p.TotalElements != 23 {
			t.Fatalf("by company: %d", p.TotalElements)
		}
		if _, res := page(acme, map[string]any{"dateFrom": "yesterday"}); res.Status != 400 || fieldOf(t, res) != "dateFrom" {
			t.Fatalf("bad date: %d %s", res.Status, res.Body)
		}
		// once the company lists usage reasons, an expense names one of them
		if _, err := e.DB.Exec(ctx, `INSERT INTO usage_reasons (osp_id, corporate_account_id, label, active)
			SELECT 'ur-1', id, 'Client visit', TRUE FROM corporate_accounts WHERE osp_id = ?`, seed.AcmeOspID); err != nil {
			t.Fatal(err)
		}
		body = valid()
		body["budgetOspId"] = b2["budgetOspId"]
		body["usageReason"] = "Holiday"
		if res := e.Post(createPath, acme, body); res.Status != 400 || fieldOf(t, res) != "usageReason" {
			t.Fatalf("unknown usage reason: %d %s", res.Status, res.Body)
		}
		body["usageReason"] = "Client visit"
		if d := detailOf(t, e.Post(createPath, acme, body)); d.UsageReason != "Client visit" {
			t.Fatalf("usage reason: %+v", d)
		}
		// msp.admin (Acme's partner) sees it; ospadmin too
		testkit.MustStatus(t, e.Post(v1+"/events/get", e.LoginAs("msp.admin"), map[string]string{"ospId": d.OspID}), 200)
		testkit.MustStatus(t, e.Post(v1+"/events/get", e.LoginAs("ospadmin"), map[string]string{"ospId": d.OspID}), 200)
	})
}

// Other tenants get 404 on everything of Acme's; an admin without
// user_manager reads but gets 403 on every write.
func TestTenancyAndRoles(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme := e.LoginAs("acme.admin")
		jan := e.UserOspID("jan.peeters")
		b := newBudget(t, e, acme, "BUSINESS_BUDGET", jan, map[string]any{"unlimited": true})
		d := detailOf(t, e.Post(createPath, acme, map[string]any{"userOspId": jan, "budgetOspId": b.OspID, "amount": 500,
			"vatPercentage": 21, "description": "parking", "date": "2026-11-21"}))
		rec := e.Post(recBase+"/create", acme, map[string]any{"userOspId": jan, "budgetOspId": b.OspID, "type": "BIKE_LEASE",
			"amount": 3000, "vatPercentage": 21, "description": "bike", "frequency": "MONTH", "startDate": "2026-12-01"})
		testkit.MustStatus(t, rec, 200)
		var r expense.Recurring
		rec.JSON(t, &r)

		for _, login := range []string{"globex.admin", "rideon.admin"} {
			tok := e.LoginAs(login)
			for path, body := range map[string]any{
				"/events/get":                           map[string]string{"ospId": d.OspID},
				"/purchaseEvent/get":                    map[string]string{"ospId": d.OspID},
				"/events/refund":                        map[string]any{"ospId": d.OspID, "remark": "x"},
				"/events/correct":                       map[string]any{"ospId": d.OspID, "amount": 10, "remark": "x"},
				"/events/emailReceipt/get":              map[string]string{"ospId": d.OspID},
				"/events/getByFilter":                   map[string]string{"userOspId": jan},
				"/recurringExternalPurchase/get":        map[string]string{"ospId": r.OspID},
				"/recurringExternalPurchase/findByUser": map[string]string{"userOspId": jan},
				"/recurringExternalPurchase/update":     map[string]any{"ospId": r.OspID, "amount": 1},
				"/recurringExternalPurchase/delete":     map[string]any{"ospId": r.OspID, "mode": "THIS_ONLY", "date": "2026-12-01"},
				"/payableEvent/costEventForExternalPurchase/create": map[string]any{"userOspId": jan, "budgetOspId": b.OspID,
					"amount": 1, "vatPercentage": 0, "description": "x", "date": "2026-11-21"},
				"/user/countWithNegativeBudget": map[string]string{"corporateAccountOspId": seed.AcmeOspID},
			} {
				if res := e.Post(v1+path, tok, body); res.Status != 404 || res.Label() != "NOT_FOUND" {
					t.Errorf("%s %s: %d %s", login, path, res.Status, res.Body)
				}
			}
			// their own lists hold nothing of Acme's
			res := e.Post(v1+"/events/getByFilter", tok, map[string]any{})
			var p paging.Page[expense.Event]
			res.JSON(t, &p)
			if p.TotalElements != 0 {
				t.Errorf("%s sees %d expenses", login, p.TotalElements)
			}
		}
		if n := count(t, e, `SELECT COUNT(*) FROM budget_transactions WHERE tx_type IN ('refund','update')`); n != 0 {
			t.Fatalf("another tenant's write went through: %d rows", n)
		}

		inv := invoiceOnly(t, e)
		testkit.MustStatus(t, e.Post(v1+"/events/get", inv, map[string]string{"ospId": d.OspID}), 200)
		testkit.MustStatus(t, e.Post(recBase+"/get", inv, map[string]string{"ospId": r.OspID}), 200)
		for path, body := range map[string]any{
			"/payableEvent/costEventForExternalPurchase/create": map[string]any{"userOspId": jan, "budgetOspId": b.OspID,
				"amount": 1, "vatPercentage": 0, "description": "x", "date": "2026-11-21"},
			"/events/refund":                    map[string]any{"ospId": d.OspID, "remark": "x"},
			"/events/correct":                   map[string]any{"ospId": d.OspID, "amount": 10, "remark": "x"},
			"/recurringExternalPurchase/create": map[string]any{"userOspId": jan},
			"/recurringExternalPurchase/update": map[string]any{"ospId": r.OspID, "amount": 1},
			"/recurringExternalPurchase/delete": map[string]any{"ospId": r.OspID, "mode": "THIS_ONLY", "date": "2026-12-01"},
		} {
			if res := e.Post(v1+path, inv, body); res.Status != 403 || res.Label() != "FORBIDDEN" {
				t.Errorf("%s without user_manager: %d %s", path, res.Status, res.Body)
			}
		}
		if n := count(t, e, `SELECT COUNT(*) FROM expenses`); n != 1 {
			t.Fatalf("%d expenses after refused writes", n)
		}
	})
}

// Refunds and corrections: bounded by the net amount, booked as refund and
// update rows with the remark; an unlimited budget goes negative and its
// user shows up among the users with a negative budget until refunded.
func TestRefundCorrectAndNegativeBudgets(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		acme := e.LoginAs("acme.admin")
		jan, sophie := e.UserOspID("jan.peeters"), e.UserOspID("sophie.dubois")
		unl := newBudget(t, e, acme, "BUSINESS_BUDGET", sophie, map[string]any{"unlimited": true})
		lim := newBudget(t, e, acme, "COMMUTING_BUDGET", jan, map[string]any{"frequency": "MONTH", "frequencyAmount": 2000, "equalToRecurring": true})

		negCount := func(token string, body any) (int, *testkit.Response) {
			res := e.Post(v1+"/user/countWithNegativeBudget", token, body)
			var c expense.Count
			if res.Status == 200 {
				res.JSON(t, &c)
			}
			return c.Count, res
		}
		if n, _ := negCount(acme, map[string]any{}); n != 0 {
			t.Fatalf("negative before: %d", n)
		}
		d := detailOf(t, e.Post(createPath, acme, map[string]any{"userOspId": sophie, "budgetOspId": unl.OspID, "amount": 3000,
			"vatPercentage": 21, "description": "Train to Paris", "date": "2026-11-19", "mobilityMode": "TRAIN"}))
		if got := balance(t, e, unl.OspID); got != -3000 {
			t.Fatalf("unlimited balance %d", got)
		}
		if n, _ := negCount(acme, map[string]any{"corporateAccountOspId": seed.AcmeOspID}); n != 1 {
			t.Fatalf("negative count %d", n)
		}
		res := e.Post(v1+"/user/findWithNegativeBudget", acme, map[string]any{"corporateAccountOspId": seed.AcmeOspID,
			"pagination": map[string]int{"page": 1, "size": 10}})
		testkit.MustStatus(t, res, 200)
		var neg paging.Page[expense.NegativeUser]
		res.JSON(t, &neg)
		if neg.TotalElements != 1 || len(neg.Content) != 1 || neg.Content[0].OspID != sophie || neg.Content[0].Amount != -3000 ||
			neg.Content[0].FullName != "Sophie Dubois" || len(neg.Content[0].Budgets) != 1 ||
			neg.Content[0].Budgets[0].BudgetOspID != unl.OspID || neg.Content[0].Budgets[0].Balance != -3000 {
			t.Fatalf("negative users: %s", res.Body)
		}
		// sorted by the owner's name or e-mail (budget sorts through user.Attr,
		// not a join on users): the same row on both databases
		for _, prop := range []string{"lastname", "firstname", "email", "amount"} {
			res := e.Post(v1+"/user/findWithNegativeBudget", acme, map[string]any{"corporateAccountOspId": seed.AcmeOspID,
				"pagination": map[string]any{"page": 1, "size": 10, "sortOrders": []map[string]string{{"property": prop, "direction": "DESC"}}}})
			testkit.MustStatus(t, res, 200)
			var sorted paging.Page[expense.NegativeUser]
			res.JSON(t, &sorted)
			if sorted.TotalElements != 1 || len(sorted.Content) != 1 || sorted.Content[0].OspID != sophie || sorted.Content[0].Amount != -3000 {
				t.Fatalf("negative users by %s: %s", prop, res.Body)
			}
		}
		// another tenant counts none of Acme's, and may not name Acme
		globex := e.LoginAs("globex.admin")
		if n, _ := negCount(globex, map[string]any{}); n != 0 {
			t.Fatalf("globex sees %d", n)
		}
		if _, res := negCount(globex, map[string]any{"corporateAccountOspId": seed.AcmeOspID}); res.Status != 404 {
			t.Fatalf("globex names acme: %d", res.Status)
		}
		res = e.Post(v1+"/user/findWithNegativeBudget", globex, map[string]any{})
		res.JSON(t, &neg)
		if neg.TotalElements != 0 || len(neg.Content) != 0 {
			t.Fatalf("globex negative list: %s", res.Body)
		}

		refund := func(body map[string]any) *testkit.Response { return e.Post(v1+"/events/refund", acme, body) }
		correct := func(body map[string]any) *testkit.Response { return e.Post(v1+"/events/correct", acme, body) }

		// a partial refund
		r := detailOf(t, refund(map[string]any{"ospId": d.OspID, "amount": 1000, "remark": "Partly cancelled"}))
		if r.NetAmount != 2000 || len(r.Corrections) != 1 || r.Corrections[0].Type != "refund" || r.Corrections[0].Amount != -1000 ||
			r.Corrections[0].Remark != "Partly cancelled" || r.Corrections[0].CreatedBy != "Anna Acme" || r.RefundedAmount != 1000 {
			t.Fatalf("refund: %+v", r)
		}
		if got := balance(t, e, unl.OspID); got != -2000 {
			t.Fatalf("after refund %d", got)
		}
		// bounds and input
		for name, tc := range map[string]struct {
			res   *testkit.Response
			label string
			field string
		}{
			"refund above net":   {refund(map[string]any{"ospId": d.OspID, "amount": 2001, "remark": "x"}), "REFUND_EXCEEDS_NET_AMOUNT", "amount"},
			"refund zero":        {refund(map[string]any{"ospId": d.OspID, "amount": 0, "remark": "x"}), "VALIDATION_FAILED", "amount"},
			"refund no remark":   {refund(map[string]any{"ospId": d.OspID, "amount": 10}), "VALIDATION_FAILED", "remark"},
			"refund long remark": {refund(map[string]any{"ospId": d.OspID, "remark": strings.Repeat("r", 141)}), "VALIDATION_FAILED", "remark"},
			"correct zero":       {correct(map[string]any{"ospId": d.OspID, "amount": 0, "remark": "x"}), "VALIDATION_FAILED", "amount"},
			"correct above net":  {correct(map[string]any{"ospId": d.OspID, "amount": -2001, "remark": "x"}), "REFUND_EXCEEDS_NET_AMOUNT", "amount"},
			"correct no remark":  {correct(map[string]any{"ospId": d.OspID, "amount": 100}), "VALIDATION_FAILED", "remark"},
			"refund unknown":     {refund(map[string]any{"ospId": "nope", "remark": "x"}), "NOT_FOUND", ""},
			"correct unknown":    {correct(map[string]any{"ospId": "nope", "amount": 1, "remark": "x"}), "NOT_FOUND", ""},
		} {
			if tc.res.Label() != tc.label || (tc.field != "" && fieldOf(t, tc.res) != tc.field) {
				t.Errorf("%s: %d %s", name, tc.res.Status, tc.res.Body)
			}
		}
		// add cost, then refund some cost
		c := detailOf(t, correct(map[string]any{"ospId": d.OspID, "amount": 500, "remark": "Booking fee"}))
		if c.NetAmount != 2500 || c.AddedCost != 500 || c.Corrections[1].Type != "update" || c.Corrections[1].Amount != 500 {
			t.Fatalf("add cost: %+v", c)
		}
		c = detailOf(t, correct(map[string]any{"ospId": d.OspID, "amount": -500, "remark": "Fee waived"}))
		if c.NetAmount != 2000 || c.RefundedAmount != 1500 {
			t.Fatalf("refund cost: %+v", c)
		}
		if got := balance(t, e, unl.OspID); got != -2000 {
			t.Fatalf("after corrections %d", got)
		}
		// the rest, by default
		r = detailOf(t, refund(map[string]any{"ospId": d.OspID, "remark": "Trip cancelled"}))
		if r.NetAmount != 0 || len(r.Corrections) != 4 || r.Corrections[3].Amount != -2000 || r.Amount != 3000 {
			t.Fatalf("full refund: %+v", r)
		}
		if got := balance(t, e, unl.OspID); got != 0 {
			t.Fatalf("after full refund %d", got)
		}
		if res := refund(map[string]any{"ospId": d.OspID, "remark": "again"}); res.Status != 409 || res.Label() != "NOTHING_TO_REFUND" {
			t.Fatalf("refund of nothing: %d %s", res.Status, res.Body)
		}
		if n, _ := negCount(acme, map[string]any{}); n != 0 {
			t.Fatalf("negative after refund: %d", n)
		}
		// the ledger rows, stored with their remarks
		var rows []struct {
			Type   string `db:"tx_type"`
			Amount int64  `db:"amount"`
			Desc   string `db:"description"`
		}
		if err := e.DB.Select(ctx, &rows, `SELECT t.tx_type, t.amount, t.description FROM budget_transactions t
			JOIN expenses x ON x.id = t.expense_id WHERE x.osp_id = ? ORDER BY t.id`, d.OspID); err != nil {
			t.Fatal(err)
		}
		want := []struct {
			typ    string
			amount int64
			desc   string
		}{{"event", -3000, "Train to Paris"}, {"refund", 1000, "Partly cancelled"}, {"update", -500, "Booking fee"},
			{"update", 500, "Fee waived"}, {"refund", 2000, "Trip cancelled"}}
		if len(rows) != len(want) {
			t.Fatalf("ledger rows: %+v", rows)
		}
		for i, w := range want {
			if rows[i].Type != w.typ || rows[i].Amount != w.amount || rows[i].Desc != w.desc {
				t.Errorf("row %d: %+v, want %+v", i, rows[i], w)
			}
		}
		// the list shows the net amount
		res = e.Post(v1+"/events/getByFilter", acme, map[string]any{"userOspId": sophie})
		var p paging.Page[expense.Event]
		res.JSON(t, &p)
		if p.TotalElements != 1 || p.Content[0].NetAmount != 0 || p.Content[0].Amount != 3000 {
			t.Fatalf("list after refunds: %s", res.Body)
		}

		// on a limited budget, added cost follows the purchase rules
		l := detailOf(t, e.Post(createPath, acme, map[string]any{"userOspId": jan, "budgetOspId": lim.OspID, "amount": 1500,
			"vatPercentage": 6, "description": "Bus pass", "date": "2026-11-21"}))
		if res := correct(map[string]any{"ospId": l.OspID, "amount": 501, "remark": "fee"}); res.Status != 409 || res.Label() != "INSUFFICIENT_BUDGET" {
			t.Fatalf("add cost beyond the budget: %d %s", res.Status, res.Body)
		}
		detailOf(t, correct(map[string]any{"ospId": l.OspID, "amount": 500, "remark": "fee"}))
		if got := balance(t, e, lim.OspID); got != 0 {
			t.Fatalf("limited after add cost: %d", got)
		}
		// and a deactivated budget still takes refunds back
		testkit.MustStatus(t, e.Post(v1+"/budget/deactivate", acme, map[string]string{"ospId": lim.OspID}), 200)
		if res := correct(map[string]any{"ospId": l.OspID, "amount": 1, "remark": "fee"}); res.Label() != "BUDGET_DEACTIVATED" {
			t.Fatalf("add cost on a deactivated budget: %d %s", res.Status, res.Body)
		}
		detailOf(t, refund(map[string]any{"ospId": l.OspID, "amount": 700, "remark": "partial"}))
		if got := balance(t, e, lim.OspID); got != 700 {
			t.Fatalf("refund to a deactivated budget: %d", got)
		}
		assertLedgerConsistent(t, e)
	})
}

// The receipt goes to the user through the outbox, in their language,
// with amounts formatted for it.
func TestEmailReceipt(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme := e.LoginAs("acme.admin")
		jan, sophie := e.UserOspID("jan.peeters"), e.UserOspID("sophie.dubois")
		bj := newBudget(t, e, acme, "BUSINESS_BUDGET", jan, map[string]any{"unlimited": true})
		bs := newBudget(t, e, acme, "BUSINESS_BUDGET", sophie, map[string]any{"unlimited": true})
		dj := detailOf(t, e.Post(createPath, acme, map[string]any{"userOspId": jan, "budgetOspId": bj.OspID, "amount": 123456,
			"vatPercentage": 21, "description": "Fietslease", "date": "2026-11-02", "externalReference": "REF-9"}))
		detailOf(t, e.Post(v1+"/events/refund", acme, map[string]any{"ospId": dj.OspID, "amount": 456, "remark": "korting"}))
		ds := detailOf(t, e.Post(createPath, acme, map[string]any{"userOspId": sophie, "budgetOspId": bs.OspID, "amount": 3000,
			"vatPercentage": 6, "description": "Abonnement STIB", "date": "2026-11-03"}))

		res := e.Post(v1+"/events/emailReceipt/get", acme, map[string]string{"ospId": dj.OspID})
		testkit.MustStatus(t, res, 204)
		m := e.Mails("jan.peeters@example.com")
		if len(m) != 1 || m[0].Template != "expense_receipt" || m[0].Language != "nl" || !strings.Contains(m[0].Subject, dj.BookingID) {
			t.Fatalf("mail: %+v", m)
		}
		for _, want := range []string{"Hallo Jan Peeters", "02/11/2026", "Fietslease", "REF-9", "€ 1.234,56", "21 %", "€ 214,26",
			"€ 1.020,30", "-€ 4,56", "korting", "Nettobedrag: € 1.230,00"} {
			if !strings.Contains(m[0].Body, want) {
				t.Errorf("nl receipt lacks %q:\n%s", want, m[0].Body)
			}
		}
		testkit.MustStatus(t, e.Post(v1+"/events/emailReceipt/get", acme, map[string]string{"ospId": ds.OspID}), 204)
		m = e.Mails("sophie.dubois@example.com")
		if len(m) != 1 || m[0].Language != "fr" || !strings.Contains(m[0].Subject, "Reçu") ||
			!strings.Contains(m[0].Body, "Montant TVA comprise : € 30,00") || !strings.Contains(m[0].Body, "6 %") ||
			strings.Contains(m[0].Body, "Corrections") {
			t.Fatalf("fr receipt: %+v", m)
		}
		if res := e.Post(v1+"/events/emailReceipt/get", acme, map[string]string{"ospId": "nope"}); res.Status != 404 {
			t.Fatalf("unknown: %d", res.Status)
		}
	})
}

// Concurrent refunds of one expense never give back more than its net
// amount: the expense is locked while its net amount is read and booked.
func TestConcurrentRefunds(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme := e.LoginAs("acme.admin")
		jan := e.UserOspID("jan.peeters")
		b := newBudget(t, e, acme, "BUSINESS_BUDGET", jan, map[string]any{"unlimited": true})
		d := detailOf(t, e.Post(createPath, acme, map[string]any{"userOspId": jan, "budgetOspId": b.OspID, "amount": 3000,
			"vatPercentage": 21, "description": "Hotel shuttle", "date": "2026-11-21"}))
		const n = 8
		statuses := make(chan int, n)
		var wg sync.WaitGroup
		for i := 0; i < n; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				statuses <- e.Post(v1+"/events/refund", acme, map[string]any{"ospId": d.OspID, "amount": 1000, "remark": "part"}).Status
			}()
		}
		wg.Wait()
		close(statuses)
		ok := 0
		for s := range statuses {
			switch s {
			case 200:
				ok++
			case 400, 409:
			default:
				t.Errorf("status %d", s)
			}
		}
		if ok != 3 {
			t.Fatalf("%d refunds went through, want 3", ok)
		}
		if got := balance(t, e, b.OspID); got != 0 {
			t.Fatalf("balance %d", got)
		}
		if d := detailOf(t, e.Post(v1+"/events/get", acme, map[string]string{"ospId": d.OspID})); d.NetAmount != 0 || len(d.Corrections) != 3 {
			t.Fatalf("after concurrent refunds: %+v", d)
		}
		assertLedgerConsistent(t, e)
	})
}

// A drawn booking id that is taken already is drawn again: the second
// expense gets the next id, and each expense has its one ledger row.
func TestTakenBookingIDIsDrawnAgain(t *testing.T) {
	restore := expense.DrawBookingIDs("TAKENTAKEN22", "TAKENTAKEN22", "FRESHFRESH33")
	defer restore()
	e := testkit.NewEnv(t, testkit.Dialects()[0])
	acme := e.LoginAs("acme.admin")
	jan := e.UserOspID("jan.peeters")
	b := newBudget(t, e, acme, "BUSINESS_BUDGET", jan, map[string]any{"unlimited": true})
	body := map[string]any{"userOspId": jan, "budgetOspId": b.OspID, "amount": 500, "vatPercentage": 21, "description": "Tram", "date": "2026-11-20"}
	first, second := detailOf(t, e.Post(createPath, acme, body)), detailOf(t, e.Post(createPath, acme, body))
	if first.BookingID != "TAKENTAKEN22" || second.BookingID != "FRESHFRESH33" {
		t.Fatalf("booking ids %s and %s", first.BookingID, second.BookingID)
	}
	if got := balance(t, e, b.OspID); got != -1000 {
		t.Fatalf("balance %d, want -1000", got)
	}
	assertLedgerConsistent(t, e)
}

// TestProviderBookingOfATakenIDIsRefused: a provider's booking whose
// booking id already names an expense is refused with BOOKING_ID_TAKEN and
// writes nothing, in the caller's transaction, which goes on (the insert
// that skips a taken id is the one statement that checks it).
func TestProviderBookingOfATakenIDIsRefused(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		acme := e.LoginAs("acme.admin")
		jan := e.UserOspID("jan.peeters")
		b := newBudget(t, e, acme, "BUSINESS_BUDGET", jan, map[string]any{"unlimited": true})
		var budgetID, userID int64
		if err := e.DB.Get(ctx, &budgetID, `SELECT id FROM budgets WHERE osp_id = ?`, b.OspID); err != nil {
			t.Fatal(err)
		}
		if err := e.DB.Get(ctx, &userID, `SELECT id FROM users WHERE osp_id = ?`, jan); err != nil {
			t.Fatal(err)
		}
		booking := expense.ProviderBooking{UserID: userID, CompanyID: e.CorporateAccountID(seed.AcmeOspID), BudgetID: budgetID,
			Amount: 700, VatBasisPoints: 600, Date: "2026-11-20", BookingID: "NMBS-DUP1", MobilityMode: "TRAIN", Description: "ticket"}
		if _, err := e.App.Expenses.BookProvider(ctx, booking); err != nil {
			t.Fatal(err)
		}
		before := e.Snapshot()
		err := e.DB.WithTx(ctx, func(ctx context.Context) error {
			_, err := e.App.Expenses.BookProvider(ctx, booking)
			if ae := apperr.As(err); ae == nil || ae.Label != expense.LabelBookingTaken {
				t.Errorf("second booking of NMBS-DUP1: %v, want BOOKING_ID_TAKEN", err)
			}
			// the caller's transaction goes on
			_, err = e.DB.Exec(ctx, `SELECT 1`)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		if changed := before.Changed(e.Snapshot()); len(changed) > 0 {
			t.Errorf("a refused provider booking changed %v", changed)
		}
		if got := balance(t, e, b.OspID); got != -700 {
			t.Errorf("balance %d, want -700", got)
		}
	})
}

// Create answers with the rows it holds instead of reading the expense
// back: the answer must be, field for field, what events/get reads back
// afterwards: booked by a company admin and by platform staff, with and
// without a catalogue resource and quantity, with every optional text, and
// through a principal that carries no name (the demo story's).
func TestCreateAnswersAsGetReadsBack(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		staff, acme := e.LoginAs("ospadmin"), e.LoginAs("acme.admin")
		jan, sophie := e.UserOspID("jan.peeters"), e.UserOspID("sophie.dubois")
		bJan := newBudget(t, e, acme, "BUSINESS_BUDGET", jan, map[string]any{"unlimited": true})
		bSophie := newBudget(t, e, acme, "BUSINESS_BUDGET", sophie, map[string]any{"frequency": "MONTH", "transferStrategy": "MONTH_RESET",
			"frequencyAmount": 50000, "equalToRecurring": true})
		train := serviceResource(t, e, staff, "TRAIN-9", "Train ticket Gent-Antwerpen", "TRAIN")
		same := func(name, token string, created *testkit.Response) {
			t.Helper()
			testkit.MustStatus(t, created, 200)
			answer := created.Map(t)
			osp, _ := answer["ospId"].(string)
			got := e.Post(v1+"/events/get", token, map[string]string{"ospId": osp})
			testkit.MustStatus(t, got, 200)
			if back := got.Map(t); !reflect.DeepEqual(answer, back) {
				t.Errorf("%s: create answered\n%s\nget reads back\n%s", name, created.Body, got.Body)
			}
		}
		same("admin, every text", acme, e.Post(createPath, acme, map[string]any{"userOspId": jan, "budgetOspId": bJan.OspID,
			"amount": 1210, "vatPercentage": 21, "description": "Taxi", "date": "2026-11-20", "externalReference": "INV-7",
			"usageReason": "client visit", "identificationField": "ID-3", "mobilityMode": "CAR"}))
		same("staff, on a resource", staff, e.Post(createPath, staff, map[string]any{"userOspId": sophie, "budgetOspId": bSophie.OspID,
			"amount": 990, "vatPercentage": 6, "description": "Gent-Antwerpen", "date": "2026-11-19", "resourceOspId": train,
			"quantity": 2.5}))
		same("admin, no VAT, defaults", acme, e.Post(createPath, acme, map[string]any{"userOspId": sophie, "budgetOspId": bSophie.OspID,
			"amount": 1, "description": "Bus", "date": "2026-11-18"}))

		// a principal without names: the booker's name is read
		p, err := e.App.Auth.Authenticate(ctx, acme)
		if err != nil {
			t.Fatal(err)
		}
		if p.Firstname != "Anna" || p.Lastname != "Acme" {
			t.Fatalf("signed-in principal names %q %q", p.Firstname, p.Lastname)
		}
		p.Firstname, p.Lastname, p.Email = "", "", ""
		d, err := e.App.Expenses.Create(ctx, p, expense.CreateRequest{UserOspID: jan, BudgetOspID: bJan.OspID, Amount: 300,
			Description: "Parking", Date: "2026-11-20"})
		if err != nil {
			t.Fatal(err)
		}
		raw, err := json.Marshal(d)
		if err != nil {
			t.Fatal(err)
		}
		same("principal without names", acme, &testkit.Response{Status: 200, Body: raw})
		if d.CreatedBy != "Anna Acme" {
			t.Fatalf("booked by %q", d.CreatedBy)
		}
	})
}
