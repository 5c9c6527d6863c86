package budget

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"mobility/portal/internal/database"
)

// The set-based top-up: the period rules of ScheduleFor, Credit and
// Forfeit written as SQL over a batch of budgets, for the budgets whose
// run is the plain case (see plainBudget). A handful of short statements
// per batch, the same text every batch, instead of statements whose size
// grows with the batch; every other budget goes through runBatch's Go
// rules.

// topUpDay is what the SQL needs to know of the run's day.
type topUpDay struct {
	monthKey, yearKey   string // the current periods
	prevMonth, prevYear string // the periods before them
	january             bool   // day's month is January
	bookingDate         string
	now                 time.Time
}

// plainBudget is the condition on budgets b (with the run's previous
// month and previous year as arguments) for the plain case: an automatic
// monthly or yearly user budget, active, with no change pending and no
// end of recurrence, whose latest recorded period is the one before the
// current (or none: only the current is due), and
// whose amounts lie so far inside ±MaxBalance that no sum can leave it
// (balance + amount <= MaxBalance; a reset only brings the balance
// towards zero). Such a budget is owed exactly one period, credited.
var plainBudget = fmt.Sprintf(`b.frequency IN ('%[1]s', '%[2]s') AND b.user_id IS NOT NULL
	AND b.activation_status <> '%[3]s' AND b.pending_frequency_amount IS NULL AND b.end_of_year_recurrence_strategy <> '%[4]s'
	AND b.frequency_amount BETWEEN 0 AND %[5]d AND b.balance BETWEEN -%[5]d AND %[5]d - b.frequency_amount
	AND (b.budget_upper_limit IS NULL OR b.budget_upper_limit BETWEEN -%[5]d AND %[5]d)
	AND COALESCE(b.period_key, '') IN ('', `+periodKeyOf+`)`,
	FrequencyMonth, FrequencyYear, StatusDeactivated, YearEndStop, MaxBalance)

// periodKeyOf is the current period of budget b: the run's month key
// for a monthly budget, its year key for a yearly one (two arguments; with
// the previous month and year, the period before).
const periodKeyOf = `CASE WHEN b.frequency = '` + FrequencyMonth + `' THEN ? ELSE ? END`

// topUpExprs are ScheduleFor, Forfeit and Credit for the current period
// of a plain budget, as SQL on the budget's columns (prefix "b." or ""):
// reset (the remainder is forfeited), b0 (the balance after the reset),
// credit (the recurring amount capped by the upper limit, never below 0
// for a plain budget) and final (the balance after both).
func topUpExprs(p string, january bool) (reset, b0, credit, final string) {
	jan := "1 = 0"
	if january {
		jan = "1 = 1"
	}
	// a yearly budget's period starts in January
	inJanuary := "(" + p + "frequency = '" + FrequencyYear + "' OR " + jan + ")"
	var legal []string
	for typ, r := range Rules {
		if r.ResetsAtYearEnd {
			legal = append(legal, "'"+typ+"'")
		}
	}
	sort.Strings(legal)
	reset = "(" + p + "transfer_strategy IN ('" + MonthReset + "', '" + YearReset + "') OR (" + p + "transfer_strategy = '" +
		MonthAddMonthlyResetYear + "' AND " + inJanuary + ")"
	if len(legal) > 0 {
		reset += " OR (" + p + "budget_type IN (" + strings.Join(legal, ", ") + ") AND " + inJanuary + ")"
	}
	reset += ")"
	b0 = "(CASE WHEN " + reset + " AND " + p + "balance > 0 THEN 0 ELSE " + p + "balance END)"
	up, amt := p+"budget_upper_limit", p+"frequency_amount"
	credit = "(CASE WHEN " + up + " IS NULL THEN " + amt + " WHEN " + b0 + " >= " + up + " THEN 0 WHEN " + amt + " < " + up + " - " + b0 +
		" THEN " + amt + " ELSE " + up + " - " + b0 + " END)"
	final = "(" + b0 + " + " + credit + ")"
	return
}

// topUpPlain books the current period of every plain budget of ids
// (lo, hi], locked by the caller (lockDue: a plain budget is due): the
// forfeit rows (when mayReset: see lockDue), then the top-up rows, each
// budget's balance_after chaining from its balance; the monthly totals;
// and, last, the balances, moved by exactly the rows' sum, with the
// budgets' latest period. That update is the claim: it is a
// compare-and-set on the period (plainBudget holds only while the period
// before the current is the latest), and the statements before it select
// the same budgets, from the same rows, in the same transaction. A budget
// whose period another process ran first is no longer plain and books
// nothing here. Returns the plain budgets (sorted) and how many forfeits
// and top-ups it booked.
func (s *store) topUpPlain(ctx context.Context, lo, hi int64, mayReset bool, d topUpDay) (plain []int64, resets, credits int, err error) {
	reset, b0, credit, final := topUpExprs("b.", d.january)
	uid := s.db.Dialect.NewUUID("b.id")
	const where = ` b.id > ? AND b.id <= ? AND ` // then plainBudget
	const cols = `INSERT INTO budget_transactions (osp_id, budget_id, tx_type, amount, balance_after, description, period_key, booking_date, created_at) `
	if mayReset { // else none of the range's due budgets forfeits anything (lockDue)
		n, err := s.db.Exec(ctx, cols+`SELECT `+uid+`, b.id, '`+TxAutoReset+`', -b.balance, 0, 'period ' || `+periodKeyOf+`, `+periodKeyOf+`, ?, ?
			FROM budgets b WHERE`+where+plainBudget+` AND b.balance > 0 AND `+reset+` ORDER BY b.id`,
			d.monthKey, d.yearKey, d.monthKey, d.yearKey, d.bookingDate, d.now, lo, hi, d.prevMonth, d.prevYear)
		if err != nil {
			return nil, 0, 0, err
		}
		resets = int(n)
	}
	n, err := s.db.Exec(ctx, cols+`SELECT `+uid+`, b.id, '`+TxAutoAdd+`', `+credit+`, `+b0+` + `+credit+`, 'period ' || `+periodKeyOf+`, `+periodKeyOf+`, ?, ?
		FROM budgets b WHERE`+where+plainBudget+` AND `+credit+` > 0 ORDER BY b.id`,
		d.monthKey, d.yearKey, d.monthKey, d.yearKey, d.bookingDate, d.now, lo, hi, d.prevMonth, d.prevYear)
	if err != nil {
		return nil, 0, 0, err
	}
	credits = int(n)
	// the monthly totals move with the ledger: per user and in the
	// company's rollup, from the same expressions (before the balances
	// move); the forfeit type only when some were booked (a month without
	// forfeits, the common run, then reads half the rows). Two
	// statements, the users' rows and the rollup's: on SQLite the users'
	// rows are upserted one per booked row, unsorted (an upsert adds a
	// user's second budget into the row its first one made in the same
	// statement), where one statement grouping both kinds sorted twice as
	// many rows by three keys (the top-up 1.61 -> 1.52 s, docs/
	// performance.md). PostgreSQL refuses to move one row twice in a
	// statement, so there the users' rows are grouped first.
	types := `SELECT '` + TxAutoAdd + `' AS typ`
	if resets > 0 {
		types = `SELECT '` + TxAutoReset + `' AS typ UNION ALL ` + types
	}
	amount := `CASE WHEN t.typ = '` + TxAutoReset + `' THEN (CASE WHEN b.balance > 0 AND ` + reset + ` THEN -b.balance ELSE 0 END) ELSE ` + credit + ` END`
	rows := `SELECT b.corporate_account_id AS company, b.user_id AS uid, t.typ, ` + amount + ` AS amount FROM budgets b CROSS JOIN (` + types + `) t WHERE` + where + plainBudget
	month := MonthOf(d.bookingDate)
	users := `SELECT x.company, x.uid, ?, x.typ, 1, x.amount FROM (` + rows + `) x WHERE x.amount <> 0`
	if s.db.Dialect != database.SQLite {
		users = `SELECT x.company, x.uid, ?, x.typ, COUNT(*), CAST(SUM(x.amount) AS BIGINT) FROM (` + rows + `) x WHERE x.amount <> 0 GROUP BY x.company, x.uid, x.typ`
	}
	const into = `INSERT INTO budget_monthly_totals (corporate_account_id, user_id, month, tx_type, tx_count, amount_sum) `
	if _, err := s.db.Exec(ctx, into+users+monthlyUpsert, month, lo, hi, d.prevMonth, d.prevYear); err != nil {
		return nil, 0, 0, err
	}
	if _, err := s.db.Exec(ctx, into+`SELECT x.company, `+fmt.Sprint(RollupUser)+`, ?, x.typ, COUNT(*), CAST(SUM(x.amount) AS BIGINT) FROM (`+rows+`) x
		WHERE x.amount <> 0 GROUP BY x.company, x.typ`+monthlyUpsert, month, lo, hi, d.prevMonth, d.prevYear); err != nil {
		return nil, 0, 0, err
	}
	err = s.db.Select(ctx, &plain, `UPDATE budgets AS b SET balance = `+final+`, period_key = `+periodKeyOf+`
		WHERE`+where+plainBudget+` RETURNING id`, d.monthKey, d.yearKey, lo, hi, d.prevMonth, d.prevYear)
	sort.Slice(plain, func(i, j int) bool { return plain[i] < plain[j] })
	return plain, resets, credits, err
}
