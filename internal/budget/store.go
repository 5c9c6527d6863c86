package budget

import (
	"context"
	"strings"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/database"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/user"

	"github.com/jmoiron/sqlx"
)

type store struct {
	db      *database.DB
	monthly *database.Deferred[MonthlyTotal] // the monthly totals' writer (store_monthly.go)
	ledger  *database.Deferred[txRow]        // the moved postings' ledger rows (deferLedger)
}

func newStore(db *database.DB) *store {
	s := &store{db: db}
	s.monthly = s.monthlyWriter()
	// after the expenses (expense.ExpensesModel), whose ids its rows
	// carry
	s.ledger = &database.Deferred[txRow]{Name: "budget_transactions", Tables: []string{"budget_transactions"}, After: "expenses", Flush: s.insertTxs}
	return s
}

// row is a budget as stored, with its owner's and company's public ids.
type row struct {
	ID                     int64      `db:"id"`
	OspID                  string     `db:"osp_id"`
	CorporateAccountID     int64      `db:"corporate_account_id"`
	CompanyOspID           string     `db:"-"` // from company's read model (Service.names)
	UserID                 *int64     `db:"user_id"`
	UserOspID              *string    `db:"-"` // from user's read model (Service.names)
	BudgetType             string     `db:"budget_type"`
	PaymentType            string     `db:"payment_type"`
	ExtID                  *string    `db:"ext_id"`
	Currency               string     `db:"currency"`
	Frequency              *string    `db:"frequency"`
	FrequencyMethod        string     `db:"frequency_method"`
	FrequencyAmount        int64      `db:"frequency_amount"`
	PreviousAmount         *int64     `db:"previous_frequency_amount"`
	PendingAmount          *int64     `db:"pending_frequency_amount"`
	UpdateStrategy         string     `db:"frequency_amount_update_strategy"`
	YearEnd                string     `db:"end_of_year_recurrence_strategy"`
	TransferStrategy       *string    `db:"transfer_strategy"`
	Limited                bool       `db:"limited"`
	UpperLimit             *int64     `db:"budget_upper_limit"`
	Threshold              *int64     `db:"threshold"`
	BelowThreshold         bool       `db:"below_threshold"`
	StartAmount            int64      `db:"start_amount"`
	VatIncluded            bool       `db:"vat_included"`
	OnlinePayment          bool       `db:"online_payment"`
	DepositTransactionCost int64      `db:"deposit_transaction_cost"`
	SecurityDepositAmount  int64      `db:"security_deposit_amount"`
	ParentBudgetOspID      *string    `db:"parent_osp_id"`
	ActivationStatus       string     `db:"activation_status"`
	StartActivationTime    time.Time  `db:"start_activation_time"`
	EndActivationTime      *time.Time `db:"end_activation_time"`
	EndOfLifeStartedOn     *time.Time `db:"end_of_life_started_on"`
	Balance                int64      `db:"balance"`
	CreatedAt              time.Time  `db:"created_at"`
	// the latest period the scheduled run recorded (read by lockAndLoad
	// only, under the budget's lock)
	LastPeriod *string `db:"period_key"`
}

func (r *row) settings() Settings {
	s := Settings{BudgetType: r.BudgetType, EndOfYear: r.YearEnd, CreatedDay: r.CreatedAt.In(clock.Brussels)}
	if r.Frequency != nil {
		s.Frequency = *r.Frequency
	}
	if r.TransferStrategy != nil {
		s.TransferStrategy = *r.TransferStrategy
	}
	return s
}

func (r *row) active() bool { return r.ActivationStatus != StatusDeactivated }

const selectRow = `SELECT b.id, b.osp_id, b.corporate_account_id,
	b.user_id, b.budget_type, b.payment_type, b.ext_id, b.currency, b.frequency,
	b.frequency_method, b.frequency_amount, b.previous_frequency_amount, b.pending_frequency_amount,
	b.frequency_amount_update_strategy, b.end_of_year_recurrence_strategy, b.transfer_strategy, b.limited,
	b.budget_upper_limit, b.threshold, b.below_threshold, b.start_amount, b.vat_included, b.online_payment,
	b.deposit_transaction_cost, b.security_deposit_amount, pb.osp_id AS parent_osp_id, b.activation_status,
	b.start_activation_time, b.end_activation_time, b.end_of_life_started_on, b.balance, b.created_at
FROM budgets b
LEFT JOIN budgets pb ON pb.id = b.parent_budget_id `

// get finds a budget within scope; forUpdate locks it (PostgreSQL), in
// the same statement, as byID does.
func (s *store) get(ctx context.Context, scope access.Scope, ospID string, forUpdate bool) (*row, error) {
	lock := ""
	if forUpdate {
		lock = s.db.Dialect.ForUpdateOf("b")
	}
	cond, args := scope.InCompanies("b.corporate_account_id")
	var r row
	err := s.db.Get(ctx, &r, selectRow+`WHERE b.osp_id = ? AND `+cond+lock, append([]any{ospID}, args...)...)
	return &r, err
}

// byID reads (and with forUpdate locks) a budget by id within scope.
// The lock and the read are one statement: a posting's every round trip
// counts (issue 17).
func (s *store) byID(ctx context.Context, scope access.Scope, id int64, forUpdate bool) (*row, error) {
	lock := ""
	if forUpdate {
		lock = s.db.Dialect.ForUpdateOf("b")
	}
	cond, args := scope.InCompanies("b.corporate_account_id")
	var r row
	err := s.db.Get(ctx, &r, selectRow+`WHERE b.id = ? AND `+cond+lock, append([]any{id}, args...)...)
	return &r, err
}

func (s *store) byOwner(ctx context.Context, userID, companyID int64, budgetType string) ([]*row, error) {
	var rows []*row
	q := selectRow + `WHERE `
	var args []any
	if userID != 0 {
		q += `b.user_id = ?`
		args = append(args, userID)
	} else {
		q += `b.user_id IS NULL AND b.corporate_account_id = ?`
		args = append(args, companyID)
	}
	if budgetType != "" {
		q += ` AND b.budget_type = ?`
		args = append(args, budgetType)
	}
	err := s.db.Select(ctx, &rows, q+` ORDER BY b.budget_type, b.id`, args...)
	return rows, err
}

func (s *store) insert(ctx context.Context, r *row, createdBy int64, now time.Time) (int64, error) {
	return s.insertSQL(ctx, r, createdBy, now, "")
}

// insertOrIgnore is insert that does nothing (sql.ErrNoRows) when a unique
// index holds the place already: a concurrent transaction's row, committed
// by the time this returns (PostgreSQL waits for it).
func (s *store) insertOrIgnore(ctx context.Context, r *row, createdBy int64, now time.Time) (int64, error) {
	return s.insertSQL(ctx, r, createdBy, now, " ON CONFLICT DO NOTHING")
}

func (s *store) insertSQL(ctx context.Context, r *row, createdBy int64, now time.Time, onConflict string) (int64, error) {
	return s.db.Insert(ctx, `INSERT INTO budgets (osp_id, corporate_account_id, user_id, budget_type, payment_type, ext_id,
		currency, frequency, frequency_method, frequency_amount, frequency_amount_update_strategy, end_of_year_recurrence_strategy,
		transfer_strategy, limited, budget_upper_limit, threshold, start_amount, vat_included, activation_status,
		start_activation_time, balance, created_by, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, 'EUR', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'ACTIVE', ?, 0, ?, ?, ?)`+onConflict+` RETURNING id`,
		r.OspID, r.CorporateAccountID, r.UserID, r.BudgetType, r.PaymentType, r.ExtID, r.Frequency, r.FrequencyMethod,
		r.FrequencyAmount, r.UpdateStrategy, r.YearEnd, r.TransferStrategy, r.Limited, r.UpperLimit, r.Threshold,
		r.StartAmount, r.VatIncluded, now, createdBy, now, now)
}

func (s *store) updateSettings(ctx context.Context, r *row, now time.Time) error {
	_, err := s.db.Exec(ctx, `UPDATE budgets SET ext_id = ?, frequency = ?, frequency_method = ?, frequency_amount = ?,
		previous_frequency_amount = ?, pending_frequency_amount = ?, frequency_amount_update_strategy = ?,
		end_of_year_recurrence_strategy = ?, transfer_strategy = ?, limited = ?, budget_upper_limit = ?, threshold = ?,
		vat_included = ?, updated_at = ? WHERE id = ?`,
		r.ExtID, r.Frequency, r.FrequencyMethod, r.FrequencyAmount, r.PreviousAmount, r.PendingAmount, r.UpdateStrategy,
		r.YearEnd, r.TransferStrategy, r.Limited, r.UpperLimit, r.Threshold, r.VatIncluded, now, r.ID)
	return err
}

func (s *store) setStatus(ctx context.Context, id int64, status string, end *time.Time, now time.Time) error {
	_, err := s.db.Exec(ctx, `UPDATE budgets SET activation_status = ?, end_activation_time = ?, updated_at = ? WHERE id = ?`, status, end, now, id)
	return err
}

// appendTx writes one ledger row and moves the cached balance with it; the
// caller holds the budget's lock and runs both in one transaction.
func (s *store) appendTx(ctx context.Context, t *txRow) error {
	if err := s.insertTx(ctx, t); err != nil {
		return err
	}
	_, err := s.db.Exec(ctx, `UPDATE budgets SET balance = balance + ? WHERE id = ?`, t.Amount, t.BudgetID)
	return err
}

// ledgerInsert is the ledger row's INSERT up to its VALUES, for one row
// (insertTx) or many (insertTxs).
const ledgerInsert = `INSERT INTO budget_transactions (osp_id, budget_id, tx_type, amount, balance_after, description,
	expense_id, period_key, booking_date, created_by, created_at) VALUES `

// insertTx writes one ledger row, for a balance moved already (appendTx,
// or moveIfPlain in the same transaction).
func (s *store) insertTx(ctx context.Context, t *txRow) error {
	id, err := s.db.Insert(ctx, ledgerInsert+`(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		t.OspID, t.BudgetID, t.Type, t.Amount, t.BalanceAfter, t.Description, t.ExpenseID, t.PeriodKey, t.BookingDate, t.CreatedBy, t.CreatedAt)
	t.ID = id
	return err
}

// deferLedger writes the ledger row of a balance moved already, as
// insertTx does, except in a group-commit batch's posting: there the row
// waits for the batch's end and goes in with the other postings' rows in
// one statement, or earlier, when a statement of the batch names the
// ledger (database/deferred.go), so no posting reads the ledger without
// it. Its id is not known before it is written: t.ID stays 0 (the callers
// answer t.OspID). t.ExpenseID is read when the row is written: the
// expense it points at may itself be waiting for the batch's end, and
// gets its id then, just before (the writer's After).
func (s *store) deferLedger(ctx context.Context, t *txRow) error {
	return s.ledger.Add(ctx, *t)
}

// insertTxs writes ledger rows in the order given (a budget's rows chain
// their balances in the order of their ids), a few hundred a statement.
func (s *store) insertTxs(ctx context.Context, rows []txRow) error {
	return database.InsertValues(len(rows), 11, func(i int, args []any) []any {
		t := &rows[i]
		return append(args, t.OspID, t.BudgetID, t.Type, t.Amount, t.BalanceAfter, t.Description, t.ExpenseID, t.PeriodKey,
			t.BookingDate, t.CreatedBy, t.CreatedAt)
	}, func(values string, args []any) error {
		_, err := s.db.Exec(ctx, ledgerInsert+values, args...)
		return err
	})
}

// moveIfPlain moves the balance of budget id (within scope) by e.Amount,
// and answers the budget's id, company, owner and new balance, in one
// statement that also takes the budget's lock, when post's rules surely
// allow e on it (checkPost, watchThreshold): the balance stays within
// ±MaxBalance; a spend needs an active budget, and may not take a limited
// one below zero; and no company threshold is watched. Otherwise it
// changes nothing and answers sql.ErrNoRows: the general path then locks
// and reads the whole row, and tells why e is refused or applies the rule
// that still allows it (a switched-off budget's extra-costs window).
//
// The move is moveAll's statement for this one budget, so its guards are
// written once. In a group-commit batch it may have been made ahead of
// the posting's turn, with the moves of the postings queued behind it
// (moveAhead): its outcome is then the answer.
func (s *store) moveIfPlain(ctx context.Context, scope access.Scope, id int64, e Entry) (*row, error) {
	m := s.newMove(scope, id, e)
	if a, ok := database.TakeAhead(ctx, func(a database.Ahead) bool {
		o, ok := a.(*moveAhead)
		return ok && o.same(m)
	}).(*moveAhead); ok {
		return a.outcome()
	}
	if _, err := s.moveAll(ctx, []database.Ahead{m}); err != nil {
		return nil, err
	}
	return m.outcome()
}

// recordPeriod records that a budget's period ran (created, or a change of
// frequency provided for it): the budget's latest period moves to period
// unless it is there or later already. False when it was.
func (s *store) recordPeriod(ctx context.Context, budgetID int64, period string) (bool, error) {
	n, err := s.db.Exec(ctx, `UPDATE budgets SET period_key = ? WHERE id = ? AND (period_key IS NULL OR period_key < ?)`,
		period, budgetID, period)
	return n == 1, err
}

func (s *store) setBelowThreshold(ctx context.Context, id int64, below bool) error {
	_, err := s.db.Exec(ctx, `UPDATE budgets SET below_threshold = ? WHERE id = ?`, below, id)
	return err
}

// lockDue locks, in the caller's transaction, and lists the next limit
// automatic budgets after afterID whose latest recorded period
// (budgets.period_key) comes before their current one, or that have none:
// every such budget up to the last id listed. Keys order as strings in
// time ("2026" < "2026-12" < "2027"): a year key covers its months.
//
// On PostgreSQL the lock is the statement's FOR UPDATE: a second process's
// run waits at the first budget this one holds, then finds it no longer
// due (PostgreSQL checks a row again once its lock is granted) and goes on
// to the next budgets still due. On SQLite the transaction holds the
// database's one write lock from its start.
//
// mayReset tells whether any of them, as locked, has a positive balance
// that its current period forfeits (topUpExprs' reset): in most months
// none has, and topUpPlain then leaves out the forfeit statement.
func (s *store) lockDue(ctx context.Context, d topUpDay, afterID int64, limit int) (ids []int64, mayReset bool, err error) {
	reset, _, _, _ := topUpExprs("b.", d.january)
	var rows []struct {
		ID    int64 `db:"id"`
		Reset bool  `db:"reset"`
	}
	err = s.db.Select(ctx, &rows, `SELECT b.id, CASE WHEN b.balance > 0 AND `+reset+` THEN 1 ELSE 0 END AS reset FROM budgets b
		WHERE b.id > ? AND b.frequency IS NOT NULL
		AND (b.period_key IS NULL OR b.period_key < `+periodKeyOf+`)
		ORDER BY b.id LIMIT ?`+s.db.Dialect.ForUpdate(), afterID, d.monthKey, d.yearKey, limit)
	ids = make([]int64, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
		mayReset = mayReset || r.Reset
	}
	return ids, mayReset, err
}

// txRow is a ledger row as stored.
type txRow struct {
	ID           int64     `db:"id"`
	OspID        string    `db:"osp_id"`
	BudgetID     int64     `db:"budget_id"`
	Type         string    `db:"tx_type"`
	Amount       int64     `db:"amount"`
	BalanceAfter int64     `db:"balance_after"`
	Description  string    `db:"description"`
	ExpenseID    *int64    `db:"expense_id"`
	PeriodKey    *string   `db:"period_key"`
	BookingDate  string    `db:"booking_date"`
	CreatedBy    *int64    `db:"created_by"`
	CreatedAt    time.Time `db:"created_at"`
}

// txView is a ledger row with its budget's ids; the service fills the
// owner's name, the company's and the expense's public ids from their
// owners' read models, a batch per page (Service.txNames).
type txView struct {
	txRow
	BudgetOspID string `db:"budget_osp_id"`
	BudgetType  string `db:"budget_type"`
	OwnerID     *int64 `db:"owner_id"`
	CompanyID   int64  `db:"company_id"`

	CompanyOspID string
	UserOspID    *string
	Firstname    *string
	Lastname     *string
	Email        *string
	EventOspID   *string
}

const selectTx = `SELECT t.id, t.osp_id, t.budget_id, t.tx_type, t.amount, t.balance_after, t.description, t.expense_id,
	t.period_key, t.booking_date, t.created_by, t.created_at, b.osp_id AS budget_osp_id, b.budget_type,
	b.user_id AS owner_id, b.corporate_account_id AS company_id
FROM budget_transactions t
JOIN budgets b ON b.id = t.budget_id `

// txFilter is a transaction filter with ids resolved within scope.
type txFilter struct {
	scope      access.Scope
	txID       int64
	userID     int64
	budgetID   int64
	companyID  int64
	types      []string
	budgetType string
	from, to   string
	// companyOnly keeps the company budget's rows only: what an admin whose
	// only role is company_budget_manager may read of the ledger.
	companyOnly bool
}

func (f txFilter) where() (string, []any) {
	cond, args := f.scope.InCompanies("b.corporate_account_id")
	w := []string{cond}
	if f.txID != 0 {
		w = append(w, "t.id = ?")
		args = append(args, f.txID)
	}
	if f.userID != 0 {
		w = append(w, "b.user_id = ?")
		args = append(args, f.userID)
	}
	if f.budgetID != 0 {
		w = append(w, "t.budget_id = ?")
		args = append(args, f.budgetID)
	}
	if f.companyID != 0 {
		w = append(w, "b.corporate_account_id = ?")
		args = append(args, f.companyID)
	}
	if len(f.types) > 0 {
		w = append(w, "t.tx_type IN ("+strings.TrimSuffix(strings.Repeat("?,", len(f.types)), ",")+")")
		for _, t := range f.types {
			args = append(args, t)
		}
	}
	if f.companyOnly {
		w = append(w, "b.user_id IS NULL")
	}
	if f.budgetType != "" {
		w = append(w, "b.budget_type = ?")
		args = append(args, f.budgetType)
	}
	if f.from != "" {
		w = append(w, "t.booking_date >= ?")
		args = append(args, f.from)
	}
	if f.to != "" {
		w = append(w, "t.booking_date <= ?")
		args = append(args, f.to)
	}
	return "WHERE " + strings.Join(w, " AND "), args
}

func (s *store) transactions(ctx context.Context, f txFilter, p paging.Pagination) ([]txView, int, error) {
	clause, args := f.where()
	var total int
	if err := s.db.Get(ctx, &total, `SELECT COUNT(*) FROM budget_transactions t JOIN budgets b ON b.id = t.budget_id `+clause, args...); err != nil {
		return nil, 0, err
	}
	var rows []txView
	err := s.db.Select(ctx, &rows, selectTx+clause+` ORDER BY t.id DESC LIMIT ? OFFSET ?`, append(args, p.Size, p.Offset())...)
	return rows, total, err
}

// sums returns what a budget was credited in total and transferred.
func (s *store) sums(ctx context.Context, budgetID int64) (credited, transferred int64, err error) {
	var r struct {
		Credited    int64 `db:"credited"`
		Transferred int64 `db:"transferred"`
	}
	err = s.db.Get(ctx, &r, `SELECT COALESCE(SUM(CASE WHEN amount > 0 AND tx_type IN ('topup','automatic_update_add','start_amount','manual_update') THEN amount ELSE 0 END), 0) AS credited,
		COALESCE(SUM(CASE WHEN tx_type = 'transfer' THEN amount ELSE 0 END), 0) AS transferred
		FROM budget_transactions WHERE budget_id = ?`, budgetID)
	return r.Credited, r.Transferred, err
}

func (s *store) setThreshold(ctx context.Context, id int64, threshold *int64) error {
	_, err := s.db.Exec(ctx, `UPDATE budgets SET threshold = ? WHERE id = ?`, threshold, id)
	return err
}

// privateRows pages the private budgets of a company with their owners'
// names, sorted by name through the expressions user publishes (user.Attr),
// so the page stays one query without SQL on users here.
func (s *store) privateRows(ctx context.Context, companyID int64, pg paging.Pagination) ([]PrivateRow, int, error) {
	var total int
	if err := s.db.Get(ctx, &total, `SELECT COUNT(*) FROM budgets WHERE corporate_account_id = ? AND payment_type = 'PRIVATE_BUDGET'`, companyID); err != nil {
		return nil, 0, err
	}
	attr := func(f string) string { return user.Attr("b.user_id", f) }
	rows := []PrivateRow{}
	err := s.db.Select(ctx, &rows, `SELECT `+attr(user.FieldOspID)+` AS user_osp_id, `+attr(user.FieldFirstname)+` AS firstname, `+
		attr(user.FieldLastname)+` AS lastname, `+attr(user.FieldEmail)+` AS email, b.balance, b.osp_id AS budget_osp_id
		FROM budgets b WHERE b.corporate_account_id = ? AND b.payment_type = 'PRIVATE_BUDGET'
		ORDER BY lastname, firstname, b.id LIMIT ? OFFSET ?`, companyID, pg.Size, pg.Offset())
	return rows, total, err
}

// txStream streams the filtered transactions, newest first, for the
// spreadsheet export; the caller closes the rows.
func (s *store) txStream(ctx context.Context, tf txFilter) (*sqlx.Rows, error) {
	clause, args := tf.where()
	return s.db.Query(ctx, selectTx+clause+` ORDER BY t.id DESC`, args...)
}

// negativeWhere is the budgets below zero of users within scope (and of
// one company when companyID is set), after "FROM budgets b": found
// through budget_negatives (migration 00037), which triggers keep, so the
// search reads those budgets alone.
func negativeWhere(scope access.Scope, companyID int64) (string, []any) {
	cond, args := scope.InCompanies("n.corporate_account_id")
	q := ` JOIN budget_negatives n ON n.budget_id = b.id WHERE b.balance < 0 AND ` + cond
	if companyID != 0 {
		q += ` AND n.corporate_account_id = ?`
		args = append(args, companyID)
	}
	return q, args
}

// negativeOrder sorts by the user's attributes through user.Attr: a lookup
// by primary key per grouped row, no join on users.
var negativeOrder = map[string]string{
	"amount":    "total",
	"lastname":  user.Attr("b.user_id", user.FieldLastname),
	"firstname": user.Attr("b.user_id", user.FieldFirstname),
	"email":     user.Attr("b.user_id", user.FieldEmail),
}

// negativeOwners pages the users with a budget below zero, with the sum of
// those balances.
func (s *store) negativeOwners(ctx context.Context, scope access.Scope, companyID int64, p paging.Pagination) ([]NegativeOwner, error) {
	where, args := negativeWhere(scope, companyID)
	var rows []NegativeOwner
	q := `SELECT b.user_id, b.corporate_account_id, SUM(b.balance) AS total FROM budgets b` + where +
		` GROUP BY b.user_id, b.corporate_account_id` +
		p.OrderBy(negativeOrder, "total, "+negativeOrder["lastname"]+", "+negativeOrder["firstname"]+", b.user_id") + ` LIMIT ? OFFSET ?`
	err := s.db.Select(ctx, &rows, q, append(args, p.Size, p.Offset())...)
	return rows, err
}

func (s *store) countNegative(ctx context.Context, scope access.Scope, companyID int64) (int, error) {
	where, args := negativeWhere(scope, companyID)
	var n int
	err := s.db.Get(ctx, &n, `SELECT COUNT(DISTINCT b.user_id) FROM budgets b`+where, args...)
	return n, err
}

func (s *store) negativeBudgets(ctx context.Context, scope access.Scope, userIDs []int64) ([]NegativeBudget, error) {
	var out []NegativeBudget
	err := chunk(userIDs, func(part []int64) error {
		list, args := inList(part)
		cond, a := scope.InCompanies("b.corporate_account_id")
		var rows []NegativeBudget
		if err := s.db.Select(ctx, &rows, `SELECT b.user_id, b.osp_id, b.budget_type, b.activation_status, b.balance
			FROM budget_negatives n JOIN budgets b ON b.id = n.budget_id
			WHERE b.balance < 0 AND n.user_id IN (`+list+`) AND `+cond+` ORDER BY b.balance, b.id`, append(args, a...)...); err != nil {
			return err
		}
		out = append(out, rows...)
		return nil
	})
	return out, err
}
