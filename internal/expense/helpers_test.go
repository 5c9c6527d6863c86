package expense_test

import (
	"context"
	"testing"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/budget"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
	"mobility/portal/internal/user"
)

const (
	v1         = "/portal-service/v1"
	createPath = v1 + "/payableEvent/costEventForExternalPurchase/create"
	recBase    = v1 + "/recurringExternalPurchase"
)

func newBudget(t *testing.T, e *testkit.Env, token, typ, owner string, data map[string]any) budget.Budget {
	t.Helper()
	return e.CreateBudget(token, typ, owner, data)
}

func balance(t *testing.T, e *testkit.Env, osp string) int64 {
	t.Helper()
	var b int64
	if err := e.DB.Get(context.Background(), &b, `SELECT balance FROM budgets WHERE osp_id = ?`, osp); err != nil {
		t.Fatal(err)
	}
	return b
}

func count(t *testing.T, e *testkit.Env, q string, args ...any) int {
	t.Helper()
	var n int
	if err := e.DB.Get(context.Background(), &n, q, args...); err != nil {
		t.Fatal(err)
	}
	return n
}

func at(day string) time.Time {
	d, err := time.ParseInLocation("2006-01-02", day, clock.Brussels)
	if err != nil {
		panic(err)
	}
	return d.Add(9 * time.Hour)
}

// invoiceOnly makes an Acme admin with invoice_manager only and signs in.
func invoiceOnly(t *testing.T, e *testkit.Env) string {
	t.Helper()
	ctx := context.Background()
	var caID int64
	if err := e.DB.Get(ctx, &caID, `SELECT id FROM corporate_accounts WHERE osp_id = ?`, seed.AcmeOspID); err != nil {
		t.Fatal(err)
	}
	id, _, err := e.App.Users.Create(ctx, user.NewUser{CorporateAccountID: &caID, Login: "acme.invoices", Email: "inv@example.com",
		Firstname: "In", Lastname: "Voice", Roles: []access.Role{access.InvoiceManager}})
	if err != nil {
		t.Fatal(err)
	}
	if err := e.App.Auth.SetPassword(ctx, id, seed.DemoPassword); err != nil {
		t.Fatal(err)
	}
	return e.LoginAs("acme.invoices")
}

// assertLedgerConsistent checks that every balance is the sum of its
// ledger and that balance_after chains.
func assertLedgerConsistent(t *testing.T, e *testkit.Env) {
	t.Helper()
	if n := count(t, e, `SELECT COUNT(*) FROM (SELECT b.id FROM budgets b LEFT JOIN budget_transactions t ON t.budget_id = b.id
		GROUP BY b.id, b.balance HAVING b.balance <> COALESCE(SUM(t.amount), 0)) x`); n != 0 {
		t.Fatalf("%d budgets differ from their ledgers", n)
	}
	var rows []struct {
		BudgetID     int64 `db:"budget_id"`
		Amount       int64 `db:"amount"`
		BalanceAfter int64 `db:"balance_after"`
	}
	if err := e.DB.Select(context.Background(), &rows, `SELECT budget_id, amount, balance_after FROM budget_transactions ORDER BY budget_id, id`); err != nil {
		t.Fatal(err)
	}
	running := map[int64]int64{}
	for _, r := range rows {
		running[r.BudgetID] += r.Amount
		if running[r.BudgetID] != r.BalanceAfter {
			t.Fatalf("budget %d: balance_after %d, running sum %d", r.BudgetID, r.BalanceAfter, running[r.BudgetID])
		}
	}
	// the read models moved with the rows they count (written once per
	// group-commit batch: database.Deferred)
	if diff, err := e.App.Budgets.CheckMonthly(context.Background()); err != nil || len(diff) > 0 {
		t.Fatalf("ledger monthly totals differ from the ledger: %v %v", diff, err)
	}
	if diff, err := e.App.Expenses.CheckMonthly(context.Background()); err != nil || len(diff) > 0 {
		t.Fatalf("expense monthly totals differ from the expenses: %v %v", diff, err)
	}
}

// fieldOf returns the first field of an error body.
func fieldOf(t *testing.T, res *testkit.Response) string {
	t.Helper()
	var b struct {
		Errors []struct {
			Field string `json:"field"`
		} `json:"errors"`
	}
	res.JSON(t, &b)
	if len(b.Errors) == 0 {
		return ""
	}
	return b.Errors[0].Field
}
