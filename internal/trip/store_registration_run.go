package trip

import (
	"context"
	"time"

	"mobility/portal/internal/database"
)

// payee is a user with approved registrations in a month.
type payee struct {
	UserID    int64 `db:"user_id"`
	CompanyID int64 `db:"corporate_account_id"`
}

// payees lists the users with APPROVED registrations dated from..to and
// no payment run for month yet, by user id (the status index serves it).
func (s *regStore) payees(ctx context.Context, from, to, month string) ([]payee, error) {
	var out []payee
	err := s.db.Select(ctx, &out, `SELECT DISTINCT r.user_id, r.corporate_account_id FROM trip_registrations r
		WHERE r.status = 'APPROVED' AND r.trip_date >= ? AND r.trip_date <= ?
		AND NOT EXISTS (SELECT 1 FROM trip_payment_runs p WHERE p.user_id = r.user_id AND p.month = ?)
		ORDER BY r.user_id, r.corporate_account_id`, from, to, month)
	return out, err
}

// approvedOf locks and lists a user's APPROVED registrations dated from..to.
func (s *regStore) approvedOf(ctx context.Context, userID int64, from, to string) ([]regRow, error) {
	var out []regRow
	err := s.db.Select(ctx, &out, `SELECT `+regCols+` FROM trip_registrations r WHERE r.user_id = ? AND r.status = 'APPROVED'
		AND r.trip_date >= ? AND r.trip_date <= ? ORDER BY r.id`+s.db.Dialect.ForUpdate(), userID, from, to)
	return out, err
}

// runRow is a trip_payment_runs row.
type runRow struct {
	UserID            int64     `db:"user_id"`
	Month             string    `db:"month"`
	CompanyID         int64     `db:"corporate_account_id"`
	RegistrationCount int       `db:"registration_count"`
	Amount            int64     `db:"amount"`
	Taxable           int64     `db:"taxable"`
	BudgetTxOspID     *string   `db:"budget_tx_osp_id"`
	CreatedAt         time.Time `db:"created_at"`
}

// insertRun records a user's paid month unless it exists (the primary
// key); false when it did. A concurrent run inserting the same key waits
// for the first to commit, then inserts nothing.
func (s *regStore) insertRun(ctx context.Context, r runRow) (bool, error) {
	n, err := s.db.Exec(ctx, `INSERT INTO trip_payment_runs (user_id, month, corporate_account_id, registration_count, amount,
		taxable, budget_tx_osp_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id, month) DO NOTHING`,
		r.UserID, r.Month, r.CompanyID, r.RegistrationCount, r.Amount, r.Taxable, r.BudgetTxOspID, r.CreatedAt)
	return n == 1, err
}

// markPaid marks registrations PAID in month by the ledger row txOspID
// (nil: nothing was booked, a zero amount).
func (s *regStore) markPaid(ctx context.Context, ids []int64, month string, txOspID *string, now time.Time) error {
	for start := 0; start < len(ids); start += 500 {
		chunk := ids[start:min(start+500, len(ids))]
		args := []any{month, txOspID, now}
		for _, id := range chunk {
			args = append(args, id)
		}
		if _, err := s.db.Exec(ctx, `UPDATE trip_registrations SET status = 'PAID', paid_month = ?, budget_tx_osp_id = ?,
			updated_at = ? WHERE status = 'APPROVED' AND id IN (`+database.Placeholders(len(chunk))+`)`, args...); err != nil {
			return err
		}
	}
	return nil
}

// bikeViaMobility tells whether the company pays the bike allowance
// through the legal mobility budget.
func (s *regStore) bikeViaMobility(ctx context.Context, companyID int64) (bool, error) {
	var v []bool
	err := s.db.Select(ctx, &v, `SELECT pay_bike_via_mobility_budget FROM company_travel_settings WHERE corporate_account_id = ?`, companyID)
	return len(v) > 0 && v[0], err
}

// setRunTx names the ledger row a payment run booked (same transaction).
func (s *regStore) setRunTx(ctx context.Context, userID int64, month, txOspID string) error {
	_, err := s.db.Exec(ctx, `UPDATE trip_payment_runs SET budget_tx_osp_id = ? WHERE user_id = ? AND month = ?`, txOspID, userID, month)
	return err
}
