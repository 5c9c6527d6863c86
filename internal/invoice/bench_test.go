package invoice_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"mobility/portal/internal/access"
	"mobility/portal/internal/company"
	"mobility/portal/internal/database"
	"mobility/portal/internal/money"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/testkit"
	"mobility/portal/internal/userfee"
)

// benchMonth fills October 2026 for BENCH_COMPANIES companies (default
// 100) of BENCH_USERS_PER app users each (default 100), every user with a
// company-paid budget and BENCH_EXPENSES expenses in the month (default
// 2, of two modes and rates), and a user fee tier on MobiPartner (every
// user pays it; BENCH_USER_FEES=0 leaves it out). The scale is
// BENCH_COMPANIES=1000 (100,000 users). Expenses and their ledger rows are
// written in bulk, as the services would store them.
func benchMonth(b *testing.B, e *testkit.Env) {
	ctx := context.Background()
	companies, per, perUser := testkit.BenchEnv("BENCH_COMPANIES", 100), testkit.BenchEnv("BENCH_USERS_PER", 100), testkit.BenchEnv("BENCH_EXPENSES", 2)
	start := time.Now()
	booked := time.Date(2026, 10, 15, 10, 0, 0, 0, time.UTC)
	mobi := e.PartnerID(seed.MobiPartnerOspID)
	deposit := money.Amount(100000)
	for c := 0; c < companies; c++ {
		osp := uuid.NewString()
		id, err := e.App.Companies.SeedAccount(ctx, mobi, osp, company.CreateRequest{Name: fmt.Sprintf("Bench %04d BV", c),
			ExtID: fmt.Sprintf("BENCH%04d", c), ContractType: company.ContractBusinessMobility,
			PaymentType: company.PaymentPostpaidSecurityDeposit, SecurityDepositAmount: &deposit, Street: "Meir", StreetNumber: "1",
			ZipCode: "2000", City: "Antwerpen"}, booked.AddDate(0, -2, 0))
		if err == nil {
			err = e.App.Groups.EnsureDefault(ctx, id)
		}
		if err != nil {
			b.Fatal(err)
		}
		if err := seed.Users(ctx, e.DB, osp, per, booked.AddDate(0, -2, 0)); err != nil {
			b.Fatal(err)
		}
		if _, err := seed.Budgets(ctx, e.DB, osp, booked); err != nil {
			b.Fatal(err)
		}
		if err := benchExpenses(ctx, e.DB, osp, perUser, booked); err != nil {
			b.Fatal(err)
		}
	}
	if os.Getenv("BENCH_USER_FEES") != "0" {
		staff := &access.Principal{Roles: []access.Role{access.OspAdmin}, Scope: access.SystemScope()}
		if _, err := e.App.UserFees.Create(ctx, staff, userfee.TierWrite{AssigneeType: userfee.AssigneePartner,
			AssigneeOspID: seed.MobiPartnerOspID, EventCountFrom: 1, EventCountTo: 1000, Amount: 150, VatPercent: 21}); err != nil {
			b.Fatal(err)
		}
	}
	if e.DB.Dialect == database.Postgres {
		if _, err := e.DB.Exec(ctx, `ANALYZE`); err != nil {
			b.Fatal(err)
		}
	}
	b.Logf("%d companies, %d users, %d expenses set up in %s", companies, companies*per, companies*per*perUser,
		time.Since(start).Round(time.Millisecond))
}

// benchBudget is an app user's budget as benchExpenses books on it.
type benchBudget struct {
	ID      int64 `db:"id"`
	UserID  int64 `db:"user_id"`
	Company int64 `db:"corporate_account_id"`
	Balance int64 `db:"balance"`
}

// benchExpenses books n expenses per app user of a company on their
// budget, dated and booked on day: the expense rows and their event rows
// with running balances.
func benchExpenses(ctx context.Context, db *database.DB, companyOspID string, n int, day time.Time) error {
	var budgets []benchBudget
	if err := db.Select(ctx, &budgets, `SELECT b.id, b.user_id, b.corporate_account_id, b.balance FROM budgets b
		JOIN corporate_accounts c ON c.id = b.corporate_account_id WHERE c.osp_id = ? AND b.user_id IS NOT NULL`, companyOspID); err != nil {
		return err
	}
	if len(budgets) == 0 {
		return nil
	}
	users := make([]int64, len(budgets))
	for i, b := range budgets {
		users[i] = b.UserID
	}
	date, now := day.Format("2006-01-02"), database.Now(day)
	return db.WithTx(ctx, func(ctx context.Context) error {
		for _, bu := range budgets {
			balance := bu.Balance
			for k := 0; k < n; k++ {
				amount, vat, mode := int64(1210+k), 2100, "TRAIN"
				if k%2 == 1 {
					amount, vat, mode = 530, 600, "BUS_TRAM_METRO"
				}
				id, err := db.Insert(ctx, `INSERT INTO expenses (osp_id, budget_id, user_id, corporate_account_id, amount, vat_percentage,
					description, expense_date, booking_id, mobility_mode, created_at) VALUES (?, ?, ?, ?, ?, ?, 'bench', ?, ?, ?, ?) RETURNING id`,
					uuid.NewString(), bu.ID, bu.UserID, bu.Company, amount, vat, date, strings.ToUpper(uuid.NewString()[:12]), mode, now)
				if err != nil {
					return err
				}
				balance -= amount
				if _, err := db.Exec(ctx, `INSERT INTO budget_transactions (osp_id, budget_id, tx_type, amount, balance_after, description,
					expense_id, booking_date, created_at) VALUES (?, ?, 'event', ?, ?, 'bench', ?, ?, ?)`,
					uuid.NewString(), bu.ID, -amount, balance, id, date, now); err != nil {
					return err
				}
			}
			if _, err := db.Exec(ctx, `UPDATE budgets SET balance = ? WHERE id = ?`, balance, bu.ID); err != nil {
				return err
			}
		}
		// expense's monthly totals (its read model, which user fees count
		// events from) move with the rows, per user and for the company
		month := day.Format("200601")
		for k := 0; k < min(n, 2); k++ {
			mode, count, sum := "TRAIN", (n+1)/2, int64(0)
			for j := 0; j < n; j += 2 {
				sum += int64(1210 + j)
			}
			if k == 1 {
				mode, count, sum = "BUS_TRAM_METRO", n/2, int64(530*(n/2))
			}
			for _, uid := range append(users, -1) {
				c, s := int64(count), sum
				if uid == -1 {
					c, s = c*int64(len(budgets)), s*int64(len(budgets))
				}
				if _, err := db.Exec(ctx, `INSERT INTO expense_monthly_totals (corporate_account_id, user_id, month, mobility_mode,
					provider, expense_count, amount_sum) VALUES (?, ?, ?, ?, '', ?, ?)`, budgets[0].Company, uid, month, mode, c, s); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// BenchmarkInvoiceRun: the monthly run over benchMonth's companies (the
// user fees charged and booked, the lines built, every invoice issued),
// then a rerun that finds every invoice issued. Reports seconds per run.
func BenchmarkInvoiceRun(b *testing.B) {
	for _, d := range testkit.Dialects() {
		b.Run(string(d), func(b *testing.B) {
			e := testkit.NewEnv(b, d)
			benchMonth(b, e)
			e.Clock.Set(time.Date(2026, 11, 2, 6, 0, 0, 0, time.UTC))
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if i > 0 {
					b.StopTimer()
					if _, err := e.DB.Exec(context.Background(), `DELETE FROM invoice_line_items`); err != nil {
						b.Fatal(err)
					}
					for _, t := range []string{"invoice_lines", "invoice_payments", "invoices", "invoice_number_sequences"} {
						if _, err := e.DB.Exec(context.Background(), `DELETE FROM `+t); err != nil {
							b.Fatal(err)
						}
					}
					b.StartTimer()
				}
				t0 := time.Now()
				r, err := e.App.Invoices.RunMonth(context.Background(), "202610")
				if err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(time.Since(t0).Seconds(), "s/run")
				b.Logf("run: %+v in %s", r, time.Since(t0).Round(time.Millisecond))
				var charges, lines int
				_ = e.DB.Get(context.Background(), &charges, `SELECT COUNT(*) FROM user_fee_charges WHERE month = '202610'`)
				_ = e.DB.Get(context.Background(), &lines, `SELECT COUNT(*) FROM invoice_lines`)
				b.Logf("%d user fees charged, %d invoice lines", charges, lines)
			}
			b.StopTimer()
			t0 := time.Now()
			r, err := e.App.Invoices.RunMonth(context.Background(), "202610")
			if err != nil {
				b.Fatal(err)
			}
			b.Logf("rerun: %+v in %s", r, time.Since(t0).Round(time.Millisecond))
		})
	}
}
