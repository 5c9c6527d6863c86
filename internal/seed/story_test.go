package seed_test

import (
	"context"
	"strconv"
	"testing"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/budget"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/database"
	"mobility/portal/internal/deactivation"
	"mobility/portal/internal/expense"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/server"
	"mobility/portal/internal/testkit"
	"mobility/portal/internal/user"
)

// The demo's year of history (what `portal serve --demo` shows): for Acme,
// ledger rows in at least 12 months, expenses in at least 5 mobility
// modes, and for every budget a balance that is the sum of its rows; and
// the rest of the story happened (imports, a deactivated and a blocked
// user, the threshold mail, lists long enough to page).
func TestDemoStory(t *testing.T) {
	for _, d := range testkit.Dialects() {
		t.Run(string(d), func(t *testing.T) {
			ctx := context.Background()
			db := testkit.NewDB(t, d)
			now := time.Date(2026, 11, 21, 10, 0, 0, 0, clock.Brussels)
			started := time.Now()
			if err := seed.DemoStory(ctx, testkit.TestConfig(), db, now); err != nil {
				t.Fatal(err)
			}
			t.Logf("story seeded in %s", time.Since(started).Round(time.Millisecond))

			var acme int64
			if err := db.Get(ctx, &acme, `SELECT id FROM corporate_accounts WHERE osp_id = ?`, seed.AcmeOspID); err != nil {
				t.Fatal(err)
			}
			// issue 9: Initech asks its admins for a second factor, Globex is
			// postpaid with a deposit, every company has its payment reference
			var twoFA, deposits, refs int
			if err := db.Get(ctx, &twoFA, `SELECT COUNT(*) FROM corporate_accounts WHERE osp_id = ? AND two_factor_for_admins`, seed.InitechOspID); err != nil || twoFA != 1 {
				t.Errorf("Initech's admin two-factor rule: %d %v", twoFA, err)
			}
			if err := db.Get(ctx, &deposits, `SELECT COUNT(*) FROM corporate_accounts WHERE osp_id = ? AND security_deposit_amount > 0`, seed.GlobexOspID); err != nil || deposits != 1 {
				t.Errorf("Globex's deposit: %d %v", deposits, err)
			}
			if err := db.Get(ctx, &refs, `SELECT COUNT(*) FROM corporate_accounts WHERE payment_reference IS NULL OR iban = ''`); err != nil || refs != 0 {
				t.Errorf("%d companies without payment reference or IBAN (%v)", refs, err)
			}
			// issue 14: Acme's two channels with last month's messages, delivered
			var channels, sent, inbox int
			_ = db.Get(ctx, &channels, `SELECT COUNT(*) FROM message_channels WHERE corporate_account_id = ?`, acme)
			_ = db.Get(ctx, &sent, `SELECT COUNT(*) FROM messages WHERE corporate_account_id = ? AND status = 'SENT'
				AND delivered_count > 0 AND created_at >= ? AND created_at < ?`, acme, time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC),
				time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC))
			_ = db.Get(ctx, &inbox, `SELECT COUNT(*) FROM message_inbox`)
			if channels != 2 || sent != 3 || inbox < 10 {
				t.Errorf("Acme's messaging: %d channels, %d messages sent last month, %d inbox rows; want 2, 3, 10+", channels, sent, inbox)
			}
			var dates []string
			if err := db.Select(ctx, &dates, `SELECT DISTINCT t.booking_date FROM budget_transactions t
				JOIN budgets b ON b.id = t.budget_id WHERE b.corporate_account_id = ?`, acme); err != nil {
				t.Fatal(err)
			}
			months := map[string]bool{}
			for _, d := range dates {
				months[d[:7]] = true
			}
			if len(months) < 12 {
				t.Errorf("Acme's ledger covers %d months, want at least 12: %v", len(months), months)
			}
			var modes []string
			if err := db.Select(ctx, &modes, `SELECT DISTINCT mobility_mode FROM expenses WHERE corporate_account_id = ?`, acme); err != nil {
				t.Fatal(err)
			}
			if len(modes) < 5 {
				t.Errorf("Acme's expenses are in %d mobility modes, want at least 5: %v", len(modes), modes)
			}
			counts := map[string]int{}
			for name, q := range map[string]string{
				"refunds":     `SELECT COUNT(*) FROM budget_transactions WHERE tx_type = 'refund'`,
				"corrections": `SELECT COUNT(*) FROM budget_transactions WHERE tx_type = 'update'`,
				"top-ups":     `SELECT COUNT(*) FROM budget_transactions WHERE tx_type IN ('automatic_update_add', 'automatic_update_reset')`,
				"recurring":   `SELECT COUNT(*) FROM expenses WHERE recurrence_id IS NOT NULL`,
				"transfers":   `SELECT COUNT(*) FROM budget_transactions t JOIN budgets b ON b.id = t.budget_id WHERE b.budget_type = 'COMPANY_BUDGET' AND t.tx_type = 'topup'`,
				"types":       `SELECT COUNT(DISTINCT budget_type) FROM budgets WHERE corporate_account_id = ` + itoa(acme),
				"imports":     `SELECT COUNT(*) FROM uploads WHERE status = 'processed'`,
				"deactivated": `SELECT COUNT(*) FROM users WHERE corporate_account_id = ` + itoa(acme) + ` AND NOT active`,
				"blocked":     `SELECT COUNT(*) FROM credentials c JOIN users u ON u.id = c.user_id WHERE u.login = 'acme.blocked' AND c.blocked`,
				"mails":       `SELECT COUNT(*) FROM mail_outbox WHERE to_address = 'bea.budget@example.com'`,
				"app users":   `SELECT COUNT(*) FROM users WHERE corporate_account_id = ` + itoa(acme) + ` AND user_type = 'mobile'`,
				"days run":    `SELECT COUNT(*) FROM job_runs WHERE job = 'budget-periods' AND status = 'done'`,
			} {
				var n int
				if err := db.Get(ctx, &n, q); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				counts[name] = n
			}
			for name, least := range map[string]int{"refunds": 5, "corrections": 3, "top-ups": 100, "recurring": 20, "transfers": 6,
				"types": 5, "imports": 3, "deactivated": 2, "blocked": 1, "mails": 1, "app users": 200 + 10, "days run": 365} {
				if counts[name] < least {
					t.Errorf("%s: %d, want at least %d", name, counts[name], least)
				}
			}

			app, err := server.New(testkit.TestConfig(), db, clock.NewFixed(now))
			if err != nil {
				t.Fatal(err)
			}
			rep, err := app.Budgets.VerifyLedger(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if len(rep.Problems) > 0 || rep.Budgets < 20 || rep.Rows < 1000 {
				t.Errorf("ledger: %d budgets, %d rows, problems %v", rep.Budgets, rep.Rows, rep.Problems)
			}
			// and plainly: every budget's balance is the sum of its rows
			var wrong int
			if err := db.Get(ctx, &wrong, `SELECT COUNT(*) FROM budgets b WHERE b.balance <>
				COALESCE((SELECT SUM(t.amount) FROM budget_transactions t WHERE t.budget_id = b.id), 0)`); err != nil {
				t.Fatal(err)
			}
			if wrong != 0 {
				t.Errorf("%d budgets whose balance is not the sum of their rows", wrong)
			}
			// the read models agree with the rows they sum after a year
			if diff, err := app.Budgets.CheckMonthly(ctx); err != nil || len(diff) > 0 {
				t.Errorf("budget's monthly totals: %v %v", diff, err)
			}
			if diff, err := app.Expenses.CheckMonthly(ctx); err != nil || len(diff) > 0 {
				t.Errorf("expense's monthly totals: %v %v", diff, err)
			}
			if diff, err := app.Users.CheckActivity(ctx); err != nil || len(diff) > 0 {
				t.Errorf("user's activity counts: %v %v", diff, err)
			}
			// the jobs runner made a year of reports, and Acme's recipient got each month's once
			var reports, mails int
			if err := db.Get(ctx, &reports, `SELECT COUNT(DISTINCT report_month) FROM reports WHERE corporate_account_id = ?`, acme); err != nil {
				t.Fatal(err)
			}
			if err := db.Get(ctx, &mails, `SELECT COUNT(*) FROM mail_outbox WHERE to_address = 'finance@acme.example.com'`); err != nil {
				t.Fatal(err)
			}
			if reports < 12 || mails != reports {
				t.Errorf("Acme has reports for %d months and its recipient %d mails", reports, mails)
			}
			assertNegativeUser(t, ctx, db)
			assertScreensHaveData(t, ctx, app)
			assertCatalogue(t, ctx, db)
			assertExpensesOnResources(t, ctx, db)
			assertFinance(t, ctx, db)
			assertProductAccess(t, ctx, app)
			assertTrips(t, ctx, db, app, now)
			assertTemplates(t, ctx, app)
			assertTranslations(t, ctx, app)
			assertProviderData(t, ctx, db)
			assertProviderFiles(t, ctx, app)
			assertNMBSInvoice(t, ctx, app)
			assertReconciliation(t, ctx, app)
			assertSeasonCardOrders(t, ctx, app)
			assertPlugins(t, ctx, app)
		})
	}
}

// assertProductAccess: Acme offers the demo's products, its groups use
// them, Jan may take the train (his default) but not the rental car, and
// the withdrawn product is offered nowhere.
func assertProductAccess(t *testing.T, ctx context.Context, app *server.App) {
	t.Helper()
	staff := &access.Principal{Roles: []access.Role{access.OspAdmin}, Scope: access.SystemScope()}
	cp, err := app.ProductAccess.CompanyProductsOf(ctx, staff, seed.AcmeOspID)
	if err != nil {
		t.Fatal(err)
	}
	grants := map[string]int{}
	for _, p := range cp.Products {
		grants[p.ExtID] = len(p.UserGroups)
	}
	if len(cp.Products) != 5 || grants["TRAIN"] != 1 || grants["RENTAL-CAR"] != 1 || grants["TAXI-VOUCHERS"] != 0 {
		t.Errorf("Acme's products and their groups: %v", grants)
	}
	jan, err := app.Users.Resolve(ctx, staff, loginOspID(t, ctx, app, "jan.peeters"))
	if err != nil {
		t.Fatal(err)
	}
	d, err := app.ProductAccess.DefaultOf(ctx, staff, jan.OspID)
	if err != nil || d.Product == nil || d.Product.ExtID != "TRAIN" {
		t.Fatalf("Jan's default product: %+v %v", d, err)
	}
	refs := map[string]int64{}
	for _, p := range cp.Products {
		r, err := app.Products.Refs(ctx, []string{p.OspID})
		if err != nil {
			t.Fatal(err)
		}
		refs[p.ExtID] = r[p.OspID].ID
	}
	for ext, want := range map[string]bool{"TRAIN": true, "GHENT-MOBILITY": true, "RENTAL-CAR": false} {
		if ok, reason, err := app.ProductAccess.MayUse(ctx, jan.ID, refs[ext]); err != nil || ok != want {
			t.Errorf("Jan may use %s: %v (%s) %v, want %v", ext, ok, reason, err, want)
		}
	}
	off, err := app.ProductAccess.Disallowed(ctx)
	if err != nil || len(off) != 1 || off[0].ExtID != "TAXI-VOUCHERS" {
		t.Errorf("disallowed products: %+v %v", off, err)
	}
}

// loginOspID is a demo login's ospId.
func loginOspID(t *testing.T, ctx context.Context, app *server.App, login string) string {
	t.Helper()
	id, err := app.Users.IDByLogin(ctx, login)
	if err != nil {
		t.Fatal(err)
	}
	u, err := app.Users.ResolveID(ctx, access.SystemScope(), id)
	if err != nil {
		t.Fatal(err)
	}
	return u.OspID
}

// assertNegativeUser: the negative-balances screen has someone to show.
func assertNegativeUser(t *testing.T, ctx context.Context, db *database.DB) {
	t.Helper()
	var n int
	if err := db.Get(ctx, &n, `SELECT COUNT(*) FROM budgets WHERE balance < 0 AND budget_type <> ?`, budget.TypeCompany); err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Error("no budget below zero: the negative-balances screen would be empty")
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// assertScreensHaveData asks, as Acme's admin, what the money screens and
// the dashboard search ask: none may come back empty on first start.
func assertScreensHaveData(t *testing.T, ctx context.Context, app *server.App) {
	t.Helper()
	id, err := app.Users.IDByLogin(ctx, "acme.admin")
	if err != nil {
		t.Fatal(err)
	}
	me, err := app.Users.ResolveID(ctx, access.SystemScope(), id)
	if err != nil {
		t.Fatal(err)
	}
	p := &access.Principal{UserID: id, UserOspID: me.OspID, Login: "acme.admin", Language: "nl",
		Roles: []access.Role{access.UserManager, access.InvoiceManager, access.ReportingManager, access.CommunicationManager, access.CompanyBudgetManager},
		Scope: access.Scope{CorporateAccountID: me.CompanyID}}
	count := func(name string, total func() int, err error) {
		t.Helper()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if total() == 0 {
			t.Errorf("%s: empty on first start", name)
		}
	}
	tx, err := app.Budgets.Transactions(ctx, p, budget.TransactionFilter{CorporateAccountOspID: seed.AcmeOspID})
	count("all transactions", func() int { return tx.TotalElements }, err)
	ev, err := app.Expenses.Filter(ctx, p, expense.Filter{CorporateAccountOspID: seed.AcmeOspID})
	count("expenses", func() int { return ev.TotalElements }, err)
	neg, err := app.Expenses.NegativeUsers(ctx, p, expense.NegativeRequest{CorporateAccountOspID: seed.AcmeOspID})
	count("negative balances", func() int { return neg.TotalElements }, err)
	priv, err := app.Budgets.PrivateList(ctx, p, budget.PrivateListRequest{CorporateAccountOspID: seed.AcmeOspID})
	count("private balances", func() int { return priv.TotalElements }, err)
	found, err := app.Users.Search(ctx, p, user.SearchRequest{Search: "peeters"})
	count("dashboard search", func() int { return found.TotalElements }, err)
	view, err := app.Budgets.CompanyView(ctx, p, seed.AcmeOspID)
	if err != nil || view.Budget == nil || view.Budget.Remaining <= 0 || view.Threshold == nil {
		t.Errorf("company budget: %+v %v", view, err)
	}
	// Umbrella NV's deactivation request is pending, in platform staff's list
	staff := &access.Principal{Roles: []access.Role{access.OspAdmin}, Scope: access.SystemScope()}
	pending, err := app.Deactivations.Filter(ctx, staff, deactivation.FilterRequest{})
	if err != nil || pending.TotalElements != 1 || pending.Content[0].CorporateAccount.OspID != seed.UmbrellaOspID ||
		pending.Content[0].Status != deactivation.StatusRequested {
		t.Errorf("pending deactivation requests: %+v %v", pending, err)
	}
	list, err := app.Users.Find(ctx, p, user.FindRequest{CorporateAccountOspID: seed.AcmeOspID})
	if err != nil || list.TotalElements <= 200 || list.TotalPages < 2 {
		t.Errorf("app users: %+v %v (want more than one page)", list, err)
	}
}

// assertCatalogue: the resource management tabs have data of every kind,
// with icons, labels, groups and gas-station owners (issue 11).
func assertCatalogue(t *testing.T, ctx context.Context, db *database.DB) {
	t.Helper()
	var kinds []struct {
		Kind string `db:"kind"`
		N    int    `db:"n"`
	}
	if err := db.Select(ctx, &kinds, `SELECT kind, COUNT(*) AS n FROM resources WHERE active GROUP BY kind ORDER BY kind`); err != nil {
		t.Fatal(err)
	}
	if len(kinds) != 7 {
		t.Errorf("resources of %d kinds: %v", len(kinds), kinds)
	}
	var icons, labels, groups, owners int
	for q, n := range map[string]*int{`SELECT COUNT(*) FROM resource_icons`: &icons, `SELECT COUNT(*) FROM resource_label_links`: &labels,
		`SELECT COUNT(*) FROM resource_group_members`: &groups, `SELECT COUNT(*) FROM fuel_station_owners`: &owners} {
		if err := db.Get(ctx, n, q); err != nil {
			t.Fatal(err)
		}
	}
	if icons < 4 || labels < 5 || groups < 10 || owners != 3 {
		t.Errorf("catalogue: %d icons, %d label links, %d group members, %d owner periods", icons, labels, groups, owners)
	}
}
