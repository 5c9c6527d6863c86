package expense_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
)

// An expense's user and company are read from memory at the request's
// sign-in epoch (database/epoch.go). A change committed before a request
// begins is still seen by it: in the process that made it and in a second
// one that held the old rows; through the API or by an operator's SQL.
// And another tenant's admin gets nothing from what Acme's admin read.
// With an Idempotency-Key the call runs inside the batch's transaction,
// after the key's claim (which leaves the epoch standing): the same holds.
func TestCreateSeesUserAndCompanyChangesDespiteCache(t *testing.T) {
	t.Run("plain", func(t *testing.T) { createSeesChanges(t, false) })
	t.Run("with an Idempotency-Key", func(t *testing.T) { createSeesChanges(t, true) })
}

func createSeesChanges(t *testing.T, keyed bool) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		ctx := context.Background()
		b := e.SecondProcess()
		acme := e.LoginAs("acme.admin")
		jan := e.UserOspID("jan.peeters")
		bud := newBudget(t, e, acme, "BUSINESS_BUDGET", jan, map[string]any{"unlimited": true})
		body := map[string]any{"userOspId": jan, "budgetOspId": bud.OspID, "amount": 500, "vatPercentage": 21, "description": "Taxi", "date": "2026-11-20"}
		keys := 0
		post := func(env *testkit.Env, token string) *testkit.Response {
			t.Helper()
			if !keyed {
				return env.Post(createPath, token, body)
			}
			keys++
			return env.Do(testkit.Request{Method: http.MethodPost, Path: createPath, Token: token, Body: body,
				Headers: map[string]string{"Idempotency-Key": fmt.Sprintf("cache-%d", keys)}})
		}
		create := func(env *testkit.Env, token string) map[string]any {
			t.Helper()
			res := post(env, token)
			testkit.MustStatus(t, res, 200)
			return res.Map(t)
		}
		// both processes hold Jan and Acme (the second call from memory)
		for _, env := range []*testkit.Env{e, b, e, b} {
			create(env, acme)
		}

		// another tenant's admin finds neither Jan nor his budget, not
		// even for a user of their own
		globex := e.LoginAs("globex.admin")
		for _, env := range []*testkit.Env{e, b} {
			if res := post(env, globex); res.Status != 404 {
				t.Fatalf("a Globex admin booking on Jan: %d %s", res.Status, res.Body)
			}
			body["userOspId"] = e.UserOspID("lena.maes")
			res := post(env, globex)
			body["userOspId"] = jan
			if res.Status != 404 {
				t.Fatalf("a Globex admin booking on Lena with Jan's budget: %d %s", res.Status, res.Body)
			}
		}

		// the company now asks an external reference, set in process a:
		// process b refuses an expense without one at once
		testkit.MustStatus(t, e.Post(v1+"/corporateAccount/update", acme, map[string]any{"ospId": seed.AcmeOspID, "externalReferenceMandatory": true}), 200)
		if res := post(b, acme); res.Status != 400 || !fieldNamed(res.Map(t), "externalReference") {
			t.Fatalf("without an external reference in process b: %d %s", res.Status, res.Body)
		}
		body["externalReference"] = "PO-9"

		// Jan renamed by an operator's SQL: both processes answer the new name
		if _, err := e.DB.Exec(ctx, `UPDATE users SET lastname = 'Peeters-Claes' WHERE osp_id = ?`, jan); err != nil {
			t.Fatal(err)
		}
		for name, env := range map[string]*testkit.Env{"a": e, "b": b} {
			if got := create(env, acme); got["userFullName"] != "Jan Peeters-Claes" {
				t.Fatalf("process %s answers Jan's name %v", name, got["userFullName"])
			}
		}

		// the company renamed by SQL: the same
		if _, err := e.DB.Exec(ctx, `UPDATE corporate_accounts SET name = 'Acme Mobility' WHERE osp_id = ?`, seed.AcmeOspID); err != nil {
			t.Fatal(err)
		}
		for name, env := range map[string]*testkit.Env{"a": e, "b": b} {
			if got := create(env, acme); got["corporateAccountName"] != "Acme Mobility" {
				t.Fatalf("process %s answers the company's name %v", name, got["corporateAccountName"])
			}
		}
	})
}

// fieldNamed tells whether a 400's body names field among its errors.
func fieldNamed(body map[string]any, field string) bool {
	errs, _ := body["errors"].([]any)
	for _, x := range errs {
		if m, ok := x.(map[string]any); ok && m["field"] == field {
			return true
		}
	}
	return false
}
