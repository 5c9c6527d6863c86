package trip

import (
	"context"
	"strings"
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

// lockUsers takes a batch of users' trip settings row locks (inserting
// the defaults where there is none), in user id order, as lockUser does
// for one.
func (s *regStore) lockUsers(ctx context.Context, users []payee, now time.Time) error {
	args := make([]any, 0, 3*len(users))
	ids := make([]any, 0, len(users))
	rows := make([]string, len(users))
	for i, u := range users {
		rows[i] = "(?, ?, ?)"
		args = append(args, u.UserID, u.CompanyID, now)
		ids = append(ids, u.UserID)
	}
	if _, err := s.db.Exec(ctx, `INSERT INTO user_trip_settings (user_id, corporate_account_id, updated_at) VALUES `+
		strings.Join(rows, ", ")+` ON CONFLICT (user_id) DO NOTHING`, args...); err != nil {
		return err
	}
	var locked []int64
	return s.db.Select(ctx, &locked, `SELECT user_id FROM user_trip_settings WHERE user_id IN (`+database.Placeholders(len(ids))+
		`) ORDER BY user_id`+s.db.Dialect.ForUpdate(), ids...)
}

// paidOf lists which of the users have a payment run for month.
func (s *regStore) paidOf(ctx context.Context, userIDs []int64, month string) ([]int64, error) {
	return database.SelectIn[int64](ctx, s.db, userIDs, func(in string) string {
		return `SELECT user_id FROM trip_payment_runs WHERE user_id IN (` + in + `) AND month = ?`
	}, month)
}

// payRow is what the run reads of an approved registration.
type payRow struct {
	ID           int64  `db:"id"`
	UserID       int64  `db:"user_id"`
	CompanyID    int64  `db:"corporate_account_id"`
	Date         string `db:"trip_date"`
	Kind         string `db:"kind"`
	Mode         string `db:"mode"`
	Compensation int64  `db:"compensation"`
	Taxable      int64  `db:"taxable"`
}

func (r payRow) key() countKey {
	return countKey{CompanyID: r.CompanyID, Month: r.Date[:7], Kind: r.Kind, Status: StatusApproved}
}

// approvedOf locks and lists the users' APPROVED registrations dated
// from..to, by user and id.
func (s *regStore) approvedOf(ctx context.Context, userIDs []int64, from, to string) ([]payRow, error) {
	return database.SelectIn[payRow](ctx, s.db, userIDs, func(in string) string {
		return `SELECT r.id, r.user_id, r.corporate_account_id, r.trip_date, r.kind, r.mode, r.compensation, r.taxable
			FROM trip_registrations r WHERE r.user_id IN (` + in + `) AND r.status = 'APPROVED' AND r.trip_date >= ?
			AND r.trip_date <= ? ORDER BY r.user_id, r.id` + s.db.Dialect.ForUpdate()
	}, from, to)
}

func anys(ids []int64) []any {
	out := make([]any, len(ids))
	for i, id := range ids {
		out[i] = id
	}
	return out
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

// insertRuns records users' paid months, skipping any that exists (the
// primary key), and answers how many it inserted.
func (s *regStore) insertRuns(ctx context.Context, runs []runRow) (int64, error) {
	var total int64
	for start := 0; start < len(runs); start += 200 {
		part := runs[start:min(start+200, len(runs))]
		rows := make([]string, len(part))
		args := make([]any, 0, 8*len(part))
		for i, r := range part {
			rows[i] = "(?, ?, ?, ?, ?, ?, ?, ?)"
			args = append(args, r.UserID, r.Month, r.CompanyID, r.RegistrationCount, r.Amount, r.Taxable, r.BudgetTxOspID, r.CreatedAt)
		}
		n, err := s.db.Exec(ctx, `INSERT INTO trip_payment_runs (user_id, month, corporate_account_id, registration_count, amount,
			taxable, budget_tx_osp_id, created_at) VALUES `+strings.Join(rows, ", ")+` ON CONFLICT (user_id, month) DO NOTHING`, args...)
		if err != nil {
			return total, err
		}
		total += n
	}
	return total, nil
}

// paidGroup is registrations paid by one ledger row (nil: nothing was
// booked, a zero amount); runTx is the ledger row the user's payment run
// names.
type paidGroup struct {
	rows  []payRow
	tx    *string
	runTx *string
}

// pay marks the groups' registrations PAID in month with their ledger
// row and moves their counts from APPROVED to PAID, cell by cell for the
// whole batch. The run rows are in (insertRuns) and name each user's
// ledger row, so one statement per 500 registrations sets it; a group
// paid by another row than its run's (the bike part on the mobility
// budget) is set apart. The rows are APPROVED and locked by the caller,
// so every one changes, and errPaidMeanwhile says otherwise.
func (s *regStore) pay(ctx context.Context, groups []paidGroup, month string, now time.Time) error {
	cells := map[countKey]int{}
	var ids []int64
	for _, g := range groups {
		for _, r := range g.rows {
			ids = append(ids, r.ID)
			cells[r.key()]++
		}
	}
	for start := 0; start < len(ids); start += 500 {
		chunk := ids[start:min(start+500, len(ids))]
		n, err := s.db.Exec(ctx, `UPDATE trip_registrations SET status = 'PAID', paid_month = ?, updated_at = ?,
			budget_tx_osp_id = (SELECT p.budget_tx_osp_id FROM trip_payment_runs p WHERE p.user_id = trip_registrations.user_id
			AND p.month = ?) WHERE status = 'APPROVED' AND id IN (`+database.Placeholders(len(chunk))+`)`,
			append([]any{month, now, month}, anys(chunk)...)...)
		if err != nil {
			return err
		}
		if n != int64(len(chunk)) {
			return errPaidMeanwhile
		}
	}
	for _, g := range groups {
		if g.tx == g.runTx || g.tx != nil && g.runTx != nil && *g.tx == *g.runTx {
			continue
		}
		ids := make([]int64, len(g.rows))
		for i, r := range g.rows {
			ids[i] = r.ID
		}
		for start := 0; start < len(ids); start += 500 {
			chunk := ids[start:min(start+500, len(ids))]
			if _, err := s.db.Exec(ctx, `UPDATE trip_registrations SET budget_tx_osp_id = ? WHERE id IN (`+
				database.Placeholders(len(chunk))+`)`, append([]any{g.tx}, anys(chunk)...)...); err != nil {
				return err
			}
		}
	}
	for from, n := range cells {
		to := from
		to.Status = StatusPaid
		if err := s.move(ctx, from, to, n); err != nil {
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
