package onboarding_test

import (
	"context"
	"encoding/json"
	"testing"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/budget"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
	"mobility/portal/internal/user"
)

const create = "/portal-service/v1/user/mobile/create"

func payload(budgets ...map[string]any) map[string]any {
	return map[string]any{
		"corporateAccount": map[string]string{"ospId": seed.AcmeOspID},
		"userData": map[string]any{
			"firstname": "Eva", "lastname": "Janssens", "email": "eva.janssens@example.com", "login": "eva.janssens",
			"language": "nl", "extId": "ACME-EVA-1",
		},
		"userGroups":      map[string]any{"userGroups": []any{}},
		"mobibValidFrom":  nil,
		"sendCredentials": true,
		"userBudgets":     budgets,
	}
}

func budgetOf(typ string, data map[string]any) map[string]any {
	return map[string]any{"type": typ, "data": data}
}

// counts are the rows a new user would leave behind in each table.
func counts(t *testing.T, e *testkit.Env) map[string]int {
	t.Helper()
	out := map[string]int{}
	for table, q := range map[string]string{
		"users":               `SELECT COUNT(*) FROM users WHERE login = 'eva.janssens'`,
		"user_group_members":  `SELECT COUNT(*) FROM user_group_members`,
		"budgets":             `SELECT COUNT(*) FROM budgets`,
		"budget_transactions": `SELECT COUNT(*) FROM budget_transactions`,
		"mail_outbox":         `SELECT COUNT(*) FROM mail_outbox`,
	} {
		var n int
		if err := e.DB.Get(context.Background(), &n, q); err != nil {
			t.Fatalf("%s: %v", table, err)
		}
		out[table] = n
	}
	return out
}

func TestCreateWithBudgets(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme := e.LoginAs("acme.admin")
		before := counts(t, e)
		res := e.Post(create, acme, payload(
			budgetOf("CAFETERIA_BUDGET", map[string]any{"frequency": "", "startAmount": 2500}),
			budgetOf("BUSINESS_BUDGET", map[string]any{"frequency": "MONTH", "frequencyAmount": 10000, "startAmount": 4000}),
		))
		testkit.MustStatus(t, res, 200)
		var u user.User
		res.JSON(t, &u)
		var rows []struct {
			Type   string `db:"budget_type"`
			Start  int64  `db:"start_amount"`
			Ledger int64  `db:"ledger"`
			TxType string `db:"tx_type"`
		}
		if err := e.DB.Select(context.Background(), &rows, `SELECT b.budget_type, b.start_amount, t.amount AS ledger, t.tx_type
			FROM budgets b JOIN users u ON u.id = b.user_id JOIN budget_transactions t ON t.budget_id = b.id
			WHERE u.osp_id = ? ORDER BY b.budget_type`, u.OspID); err != nil {
			t.Fatal(err)
		}
		if len(rows) != 2 || rows[0].Type != "BUSINESS_BUDGET" || rows[0].Ledger != 4000 || rows[0].TxType != "start_amount" ||
			rows[1].Type != "CAFETERIA_BUDGET" || rows[1].Ledger != 2500 || rows[1].Start != 2500 {
			t.Fatalf("budgets and their ledger rows: %+v", rows)
		}
		after := counts(t, e)
		want := map[string]int{"users": 1, "user_group_members": 1, "budgets": 2, "budget_transactions": 2, "mail_outbox": 1}
		for table, n := range want {
			if after[table]-before[table] != n {
				t.Errorf("%s: %d new rows, want %d", table, after[table]-before[table], n)
			}
		}
	})
}

func TestInvalidBudgetCreatesNothing(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme := e.LoginAs("acme.admin")
		group := e.Post("/portal-service/v1/usergroup/create", acme, map[string]any{"data": map[string]any{"extId": "Team_A"},
			"corporateAccount": map[string]string{"ospId": seed.AcmeOspID}})
		testkit.MustStatus(t, group, 200)
		groupOsp := group.Map(t)["ospId"].(string)
		cases := []struct {
			name   string
			second map[string]any
			field  string
		}{
			{"negative amount", budgetOf("BUSINESS_BUDGET", map[string]any{"frequency": "MONTH", "frequencyAmount": -5}), "userBudgets[1].data.frequencyAmount"},
			{"amount out of bounds", budgetOf("BUSINESS_BUDGET", map[string]any{"frequency": "MONTH", "frequencyAmount": int64(1) << 60}), "userBudgets[1].data.frequencyAmount"},
			{"strategy of another frequency", budgetOf("BUSINESS_BUDGET", map[string]any{"frequency": "YEAR", "transferStrategy": "MONTH_ADD"}), "userBudgets[1].data.transferStrategy"},
			{"unlimited mobility", budgetOf("MOBILITY_BUDGET", map[string]any{"unlimited": true}), "userBudgets[1].data.unlimited"},
			{"company budget", budgetOf("COMPANY_BUDGET", map[string]any{}), "userBudgets[1].type"},
			{"the same type twice", budgetOf("CAFETERIA_BUDGET", map[string]any{"frequency": ""}), "userBudgets[1].type"},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				before := e.Snapshot("rate_limits")
				body := payload(budgetOf("CAFETERIA_BUDGET", map[string]any{"frequency": "", "startAmount": 2500}), c.second)
				body["userGroups"] = map[string]any{"userGroups": []any{map[string]string{"ospId": groupOsp}}}
				res := e.Do(testkit.Request{Path: create, Token: acme, Body: body, Headers: map[string]string{"Accept-Language": "en"}})
				testkit.MustStatus(t, res, 400)
				var out struct {
					ErrorLabel string `json:"errorLabel"`
					Fields     []struct {
						Field    string   `json:"field"`
						Messages []string `json:"messages"`
					} `json:"errors"`
				}
				res.JSON(t, &out)
				if out.ErrorLabel != "VALIDATION_FAILED" || len(out.Fields) != 1 || out.Fields[0].Field != c.field || out.Fields[0].Messages[0] == "" {
					t.Fatalf("want one error on %s: %s", c.field, res.Body)
				}
				if changed := before.Changed(e.Snapshot("rate_limits")); len(changed) != 0 {
					t.Fatalf("a refused create changed %v", changed)
				}
			})
		}
		// user and budget errors come together, so the form shows both steps
		body := payload(budgetOf("BUSINESS_BUDGET", map[string]any{"frequency": "MONTH", "frequencyAmount": -5}))
		body["userData"].(map[string]any)["email"] = "not-an-email"
		res := e.Post(create, acme, body)
		testkit.MustStatus(t, res, 400)
		fields := map[string]bool{}
		for _, f := range res.Map(t)["errors"].([]any) {
			fields[f.(map[string]any)["field"].(string)] = true
		}
		if !fields["email"] || !fields["userBudgets[0].data.frequencyAmount"] || len(fields) != 2 {
			t.Fatalf("fields of both steps: %s", res.Body)
		}
		if n := counts(t, e)["users"]; n != 0 {
			t.Fatalf("users left: %d", n)
		}
	})
}

// A failure inside the transaction, after the user row, its default
// group membership and its welcome mail are written, undoes all of them.
func TestFailureInsideTheTransactionUndoesTheUser(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme := e.LoginAs("acme.admin")
		before := e.Snapshot("rate_limits")
		// an unknown group is found out by the join, after the insert
		body := payload(budgetOf("CAFETERIA_BUDGET", map[string]any{"frequency": "", "startAmount": 2500}))
		body["userGroups"] = map[string]any{"userGroups": []any{map[string]string{"ospId": "no-such-group"}}}
		testkit.MustStatus(t, e.Post(create, acme, body), 404)
		if changed := before.Changed(e.Snapshot("rate_limits")); len(changed) != 0 {
			t.Fatalf("a failed create changed %v", changed)
		}

		// the budget service's Create joins the caller's transaction: a
		// budget refused there (here, a second active one of a type) takes
		// the user and the first budget with it
		ctx := context.Background()
		staff := &access.Principal{Roles: []access.Role{access.OspAdmin}, Scope: access.Scope{All: true}}
		if err := e.DB.Get(ctx, &staff.UserID, `SELECT id FROM users WHERE login = 'ospadmin'`); err != nil {
			t.Fatal(err)
		}
		var req user.CreateMobileRequest
		raw, _ := json.Marshal(payload())
		if err := json.Unmarshal(raw, &req); err != nil {
			t.Fatal(err)
		}
		cafeteria := budget.NewUserBudget{Type: budget.TypeCafeteria, Data: budget.WriteData{Frequency: ptr("")}}
		err := e.DB.WithTx(ctx, func(ctx context.Context) error {
			u, err := e.App.Users.CreateMobile(ctx, staff, req)
			if err != nil {
				return err
			}
			_, err = e.App.Budgets.OpenForNewUser(ctx, staff, u.OspID, []budget.NewUserBudget{cafeteria, cafeteria})
			return err
		})
		if ae := apperr.As(err); ae == nil || len(ae.Fields) != 1 || ae.Fields[0].Field != "userBudgets[1].type" {
			t.Fatalf("second budget refused inside the transaction: %v", err)
		}
		if changed := before.Changed(e.Snapshot("rate_limits")); len(changed) != 0 {
			t.Fatalf("a rolled back create changed %v", changed)
		}
	})
}

func ptr[T any](v T) *T { return &v }

// An add-user form sent twice with its Idempotency-Key creates one user
// and books each start amount once.
func TestRepeatWithIdempotencyKey(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		acme := e.LoginAs("acme.admin")
		body := payload(budgetOf("CAFETERIA_BUDGET", map[string]any{"frequency": "", "startAmount": 2500}))
		key := map[string]string{"Idempotency-Key": "add-eva-1"}
		res := e.Do(testkit.Request{Path: create, Token: acme, Body: body, Headers: key})
		testkit.MustStatus(t, res, 200)
		before := counts(t, e)
		again := e.Do(testkit.Request{Path: create, Token: acme, Body: body, Headers: key})
		testkit.MustStatus(t, again, 200)
		if string(again.Body) != string(res.Body) {
			t.Fatalf("repeat answered differently:\n%s\n%s", res.Body, again.Body)
		}
		if after := counts(t, e); after["users"] != 1 || after["budgets"] != before["budgets"] || after["budget_transactions"] != before["budget_transactions"] {
			t.Fatalf("the repeat wrote again: %+v then %+v", before, after)
		}
	})
}
