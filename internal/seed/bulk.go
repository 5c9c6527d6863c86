package seed

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"mobility/portal/internal/database"
)

var (
	firstNames = []string{"Jan", "Marie", "Luc", "Sofie", "Pieter", "Emma", "Tom", "Laura", "Wim", "Nathalie", "Koen", "Julie",
		"Bart", "Elise", "Jean", "Claire", "Pierre", "Camille", "Lucas", "Louise", "Noah", "Olivia", "Arthur", "Mila"}
	lastNames = []string{"Peeters", "Janssens", "Maes", "Jacobs", "Mertens", "Willems", "Claes", "Goossens", "Wouters",
		"De Smet", "Dubois", "Lambert", "Dupont", "Martin", "Leclercq", "Simon", "Laurent", "Lemaire", "Vermeulen", "Hermans"}
)

// Users bulk-inserts n app users into a company (for benchmarks: `portal
// seed --users N`), with realistic names, in batches of 400 (a
// transaction each), and puts them in the company's default group. All are
// created (and activated) at now.
func Users(ctx context.Context, db *database.DB, companyOspID string, n int, now time.Time) error {
	return UsersOver(ctx, db, companyOspID, n, now, now)
}

// UsersOver is Users with the creations spread evenly from from to to, as a
// company that grew through a year has them (the dashboard's user counts
// then read one row per hour of that year).
func UsersOver(ctx context.Context, db *database.DB, companyOspID string, n int, from, to time.Time) error {
	var company struct {
		ID    int64  `db:"id"`
		ExtID string `db:"ext_id"`
	}
	if err := db.Get(ctx, &company, `SELECT id, COALESCE(ext_id, '') AS ext_id FROM corporate_accounts WHERE osp_id = ?`, companyOspID); err != nil {
		return fmt.Errorf("company %s: %w", companyOspID, err)
	}
	var groupID int64
	if err := db.Get(ctx, &groupID, `SELECT id FROM user_groups WHERE corporate_account_id = ? AND is_default`, company.ID); err != nil {
		return fmt.Errorf("default group of %s (seed the demo first): %w", companyOspID, err)
	}
	span := to.Sub(from)
	var start int
	if err := db.Get(ctx, &start, `SELECT COUNT(*) FROM users`); err != nil {
		return err
	}
	// A transaction per batch, not one for all: each user moves its
	// company's row of the hour in user_activity_hours (a trigger), and on
	// PostgreSQL a row updated again and again in one transaction keeps
	// every version, each next update walking past all of them, so 100,000
	// users in one transaction took over half an hour.
	const batch = 400
	for done := 0; done < n; done += batch {
		if err := db.WithTx(ctx, func(ctx context.Context) error {
			size := min(batch, n-done)
			var ph []string
			var args []any
			for i := 0; i < size; i++ {
				k := start + done + i
				now := database.Now(from.Add(time.Duration(float64(span) * float64(done+i) / float64(max(n-1, 1)))))
				first, last := firstNames[k%len(firstNames)], lastNames[(k/len(firstNames))%len(lastNames)]
				login := fmt.Sprintf("%s.%s.%d", strings.ToLower(first), strings.ToLower(strings.ReplaceAll(last, " ", "")), k)
				ph = append(ph, "(?, ?, 'mobile', ?, ?, ?, ?, 'nl', ?, ?, TRUE, ?, ?, ?)")
				args = append(args, uuid.NewString(), company.ID, first, last, login+"@example.com", login,
					fmt.Sprintf("E%06d", k), fmt.Sprintf("%s-%06d", company.ExtID, k), now, now, now)
			}
			var ids []int64
			if err := db.Select(ctx, &ids, `INSERT INTO users (osp_id, corporate_account_id, user_type, firstname, lastname, email, login,
				language, employee_number, ext_id, active, start_activation_time, created_at, updated_at) VALUES `+strings.Join(ph, ",")+` RETURNING id`, args...); err != nil {
				return err
			}
			var rph []string
			var rargs, margs []any
			var mph []string
			for _, id := range ids {
				rph = append(rph, "(?, 'ospuser')")
				rargs = append(rargs, id)
				mph = append(mph, "(?, ?)")
				margs = append(margs, groupID, id)
			}
			if _, err := db.Exec(ctx, `INSERT INTO user_roles (user_id, role) VALUES `+strings.Join(rph, ","), rargs...); err != nil {
				return err
			}
			if _, err := db.Exec(ctx, `INSERT INTO user_group_members (user_group_id, user_id) VALUES `+strings.Join(mph, ","), margs...); err != nil {
				return err
			}
			return nil
		}); err != nil {
			return err
		}
	}
	return nil
}

// Budgets gives every app user of a company without a budget a monthly
// business budget (MONTH_ADD, 50 €), created a month before now, so the
// next scheduled run owes each of them a top-up (benchmarks, kill tests).
func Budgets(ctx context.Context, db *database.DB, companyOspID string, now time.Time) (int, error) {
	var companyID int64
	if err := db.Get(ctx, &companyID, `SELECT id FROM corporate_accounts WHERE osp_id = ?`, companyOspID); err != nil {
		return 0, err
	}
	var userIDs []int64
	if err := db.Select(ctx, &userIDs, `SELECT u.id FROM users u WHERE u.corporate_account_id = ? AND u.user_type = 'mobile'
		AND NOT EXISTS (SELECT 1 FROM budgets b WHERE b.user_id = u.id) ORDER BY u.id`, companyID); err != nil {
		return 0, err
	}
	created := database.Now(now.AddDate(0, -1, 0))
	const batch = 400
	err := db.WithTx(ctx, func(ctx context.Context) error {
		for i := 0; i < len(userIDs); i += batch {
			part := userIDs[i:min(i+batch, len(userIDs))]
			ph := make([]string, len(part))
			var args []any
			for j, id := range part {
				ph[j] = "(?, ?, ?, 'BUSINESS_BUDGET', 'COMPANY_BUDGET', 'MONTH', 'AUTOMATIC', 5000, 'NEXT_PERIOD', 'CONTINUE', 'MONTH_ADD', TRUE, TRUE, 'ACTIVE', ?, 0, ?, ?)"
				args = append(args, uuid.NewString(), companyID, id, created, created, created)
			}
			if _, err := db.Exec(ctx, `INSERT INTO budgets (osp_id, corporate_account_id, user_id, budget_type, payment_type, frequency,
				frequency_method, frequency_amount, frequency_amount_update_strategy, end_of_year_recurrence_strategy, transfer_strategy,
				limited, vat_included, activation_status, start_activation_time, balance, created_at, updated_at) VALUES `+strings.Join(ph, ","), args...); err != nil {
				return err
			}
		}
		return nil
	})
	return len(userIDs), err
}

// Transactions appends n alternating manual amounts (+10 €, -5 €) to a
// budget, with correct running balances, in bulk (benchmarks).
func Transactions(ctx context.Context, db *database.DB, budgetID int64, n int, now time.Time) error {
	now = database.Now(now)
	day := now.Format("2006-01-02")
	return db.WithTx(ctx, func(ctx context.Context) error {
		var balance int64
		if err := db.Get(ctx, &balance, `SELECT balance FROM budgets WHERE id = ?`, budgetID); err != nil {
			return err
		}
		start := balance
		const batch = 300
		for done := 0; done < n; done += batch {
			size := min(batch, n-done)
			ph := make([]string, size)
			var args []any
			for i := 0; i < size; i++ {
				amount := int64(1000)
				if (done+i)%2 == 1 {
					amount = -500
				}
				balance += amount
				ph[i] = "(?, ?, 'manual_update', ?, ?, 'generated', ?, ?)"
				args = append(args, uuid.NewString(), budgetID, amount, balance, day, now)
			}
			if _, err := db.Exec(ctx, `INSERT INTO budget_transactions (osp_id, budget_id, tx_type, amount, balance_after, description,
				booking_date, created_at) VALUES `+strings.Join(ph, ","), args...); err != nil {
				return err
			}
		}
		if _, err := db.Exec(ctx, `UPDATE budgets SET balance = ? WHERE id = ? AND balance = ?`, balance, budgetID, start); err != nil {
			return err
		}
		// budget's monthly totals (its read model) move with the rows, as
		// budget's own post does
		sum := int64(n/2)*500 + int64(n%2)*1000
		_, err := db.Exec(ctx, `INSERT INTO budget_monthly_totals (corporate_account_id, user_id, month, tx_type, tx_count, amount_sum)
			SELECT corporate_account_id, COALESCE(user_id, 0), CAST(? AS TEXT), 'manual_update', CAST(? AS BIGINT), CAST(? AS BIGINT) FROM budgets WHERE id = ?
			UNION ALL SELECT corporate_account_id, -1, CAST(? AS TEXT), 'manual_update', CAST(? AS BIGINT), CAST(? AS BIGINT) FROM budgets WHERE id = ?
			ON CONFLICT (corporate_account_id, user_id, month, tx_type) DO UPDATE SET
			tx_count = budget_monthly_totals.tx_count + excluded.tx_count, amount_sum = budget_monthly_totals.amount_sum + excluded.amount_sum`,
			day[:4]+day[5:7], n, sum, budgetID, day[:4]+day[5:7], n, sum, budgetID)
		return err
	})
}

// Ledger gives every app user of a company a budget (Budgets) and books
// about n ledger rows (Transactions), spread evenly over the budgets and the
// twelve months before now; it answers how many it booked (benchmarks:
// `portal seed --users N --ledger-rows M`).
func Ledger(ctx context.Context, db *database.DB, companyOspID string, n int, now time.Time) (int, error) {
	if _, err := Budgets(ctx, db, companyOspID, now); err != nil {
		return 0, err
	}
	var ids []int64
	if err := db.Select(ctx, &ids, `SELECT b.id FROM budgets b JOIN corporate_accounts c ON c.id = b.corporate_account_id
		WHERE c.osp_id = ? AND b.user_id IS NOT NULL ORDER BY b.id`, companyOspID); err != nil {
		return 0, err
	}
	if len(ids) == 0 {
		return 0, fmt.Errorf("company %s has no app users to book for", companyOspID)
	}
	booked := 0
	for i := 0; i < len(ids) && booked < n; i++ {
		k := n / len(ids) // and one more for the first n % len(ids) budgets
		if i < n%len(ids) {
			k++
		}
		if k == 0 {
			break
		}
		if err := Transactions(ctx, db, ids[i], k, now.AddDate(0, -(i%12), 0)); err != nil {
			return booked, err
		}
		booked += k
	}
	return booked, nil
}
