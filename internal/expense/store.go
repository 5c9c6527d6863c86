package expense

import (
	"context"
	"errors"
	"strings"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/budget"
	"mobility/portal/internal/database"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/resource"
)

type store struct {
	db       *database.DB
	monthly  *database.Deferred[MonthlyTotal] // the monthly totals' writer (store_monthly.go)
	expenses *database.Deferred[*expenseRow]  // the booked expenses' writer (deferInsert)
}

func newStore(db *database.DB) *store {
	s := &store{db: db}
	s.monthly = s.monthlyWriter()
	// written before any statement on the expenses, or on the ledger rows
	// that refer to them
	s.expenses = &database.Deferred[*expenseRow]{Name: ExpensesModel, Tables: []string{"expenses", "budget_transactions"}, Flush: s.insertAll}
	return s
}

// ExpensesModel names the deferred writer of the expenses: the ledger
// rows that refer to an expense are written after it (budget's ledger
// writer names it as its After).
const ExpensesModel = "expenses"

// errBookingTaken: an expense's booking id was taken already; nothing of
// it was written.
var errBookingTaken = errors.New("booking id taken")

// deferInsert writes e, as insertIfBookingFree does, except in a
// group-commit batch's posting: there it goes in at the batch's end with
// the batch's other expenses, in one statement, or earlier, when a
// statement of the batch names the expenses or the ledger
// (database/deferred.go). Its id is filled in then, before the ledger row
// that refers to it is written; nothing in the posting reads it before.
// errBookingTaken when written at once on a taken booking id; at the
// batch's end that error runs every posting of the batch again alone,
// where the caller draws another.
func (s *store) deferInsert(ctx context.Context, e *expenseRow) error {
	return s.expenses.Add(ctx, e)
}

// insertAll writes expenses in one statement per few hundred and fills
// in their ids; errBookingTaken if any one's booking id is taken (the
// others are written: the caller's transaction is rolled back).
func (s *store) insertAll(ctx context.Context, rows []*expenseRow) error {
	byOsp := make(map[string]*expenseRow, len(rows))
	return database.InsertValues(len(rows), 23, func(i int, args []any) []any {
		e := rows[i]
		byOsp[e.OspID] = e
		return append(args, e.OspID, e.BudgetID, e.UserID, e.CorporateAccountID, e.Amount, e.VatBasisPoints, e.Description,
			e.ExpenseDate, e.BookingID, e.UsageReason, e.ExternalReference, e.IdentificationField, e.MobilityMode, e.NotBilled,
			e.Settled, e.RecurrenceID, e.PeriodKey, e.CreatedBy, e.CreatedAt, e.ResourceID, e.QuantityMilli, e.MrpCode, e.MrpPartnerID)
	}, func(values string, args []any) error {
		var ids []struct {
			ID    int64  `db:"id"`
			OspID string `db:"osp_id"`
		}
		if err := s.db.Select(ctx, &ids, `INSERT INTO expenses (osp_id, budget_id, user_id, corporate_account_id, amount, vat_percentage,
			description, expense_date, booking_id, usage_reason, external_reference, identification_field, mobility_mode,
			not_billed, settled, recurrence_id, period_key, created_by, created_at, resource_id, quantity_milli, mrp_code, mrp_partner_id)
			VALUES `+values+` ON CONFLICT (booking_id) DO NOTHING RETURNING id, osp_id`, args...); err != nil {
			return err
		}
		for _, r := range ids {
			byOsp[r.OspID].ID = r.ID
		}
		if len(ids) < len(args)/23 {
			return errBookingTaken
		}
		return nil
	})
}

// expenseRow is an expense as stored.
type expenseRow struct {
	ID                  int64     `db:"id"`
	OspID               string    `db:"osp_id"`
	BudgetID            int64     `db:"budget_id"`
	UserID              int64     `db:"user_id"`
	CorporateAccountID  int64     `db:"corporate_account_id"`
	Amount              int64     `db:"amount"`
	VatBasisPoints      int64     `db:"vat_percentage"`
	Description         string    `db:"description"`
	ExpenseDate         string    `db:"expense_date"`
	BookingID           string    `db:"booking_id"`
	UsageReason         string    `db:"usage_reason"`
	ExternalReference   string    `db:"external_reference"`
	IdentificationField string    `db:"identification_field"`
	MobilityMode        string    `db:"mobility_mode"`
	NotBilled           bool      `db:"not_billed"`
	Settled             bool      `db:"settled"`
	RecurrenceID        *int64    `db:"recurrence_id"`
	PeriodKey           *string   `db:"period_key"`
	CreatedBy           *int64    `db:"created_by"`
	CreatedAt           time.Time `db:"created_at"`
	// the catalogue resource it was booked on and the quantity used, in
	// thousandths of the resource fee's unit (both optional)
	ResourceID    *int64 `db:"resource_id"`
	QuantityMilli *int64 `db:"quantity_milli"`
	// the provider of a provider's purchase (mrp.go): its code, and its
	// catalogue partner where there is one
	MrpCode      string `db:"mrp_code"`
	MrpPartnerID *int64 `db:"mrp_partner_id"`
}

// insertIfBookingFree inserts e unless its booking id is taken already
// (false then, nothing written): one statement where a check and an
// insert were two, on a posting's path.
func (s *store) insertIfBookingFree(ctx context.Context, e *expenseRow) (bool, error) {
	err := s.insertAll(ctx, []*expenseRow{e})
	if errors.Is(err, errBookingTaken) {
		return false, nil
	}
	return err == nil, err
}

// eventView is an expense with its recurrence's id as stored; the service
// fills in the names and the net amount from the owners' read models
// (budget, user, company), a batch per page.
type eventView struct {
	expenseRow
	RecurrenceOsp *string `db:"recurrence_osp_id"`

	Net           int64
	OriginalTxOsp *string
	BudgetOspID   string
	BudgetType    string
	UserOspID     string
	Firstname     string
	Lastname      string
	Email         string
	ContractID    string
	CompanyOspID  string
	CompanyName   string
	CompanyExtID  string
	CompanyType   string
	CreatorName   string
	Resource      *resource.Ref
	MrpName       string // the provider's name: its catalogue partner's, else mrp.go's
}

const selectEvent = `SELECT e.id, e.osp_id, e.budget_id, e.user_id, e.corporate_account_id, e.amount, e.vat_percentage,
	e.description, e.expense_date, e.booking_id, e.usage_reason, e.external_reference, e.identification_field,
	e.mobility_mode, e.not_billed, e.settled, e.recurrence_id, e.period_key, e.created_by, e.created_at,
	e.resource_id, e.quantity_milli, e.mrp_code, e.mrp_partner_id, r.osp_id AS recurrence_osp_id
FROM expenses e
LEFT JOIN recurring_expenses r ON r.id = e.recurrence_id `

// eventFilter is a filter with ids resolved within scope.
type eventFilter struct {
	scope     access.Scope
	id        int64
	ospID     string
	userID    int64
	companyID int64
	budgetID  int64
	from, to  string
}

func (f eventFilter) where() (string, []any) {
	cond, args := f.scope.InCompanies("e.corporate_account_id")
	w := []string{cond}
	add := func(c string, v any) {
		w = append(w, c)
		args = append(args, v)
	}
	if f.id != 0 {
		add("e.id = ?", f.id)
	}
	if f.ospID != "" {
		add("e.osp_id = ?", f.ospID)
	}
	if f.userID != 0 {
		add("e.user_id = ?", f.userID)
	}
	if f.companyID != 0 {
		add("e.corporate_account_id = ?", f.companyID)
	}
	if f.budgetID != 0 {
		add("e.budget_id = ?", f.budgetID)
	}
	if f.from != "" {
		add("e.expense_date >= ?", f.from)
	}
	if f.to != "" {
		add("e.expense_date <= ?", f.to)
	}
	return " WHERE " + strings.Join(w, " AND "), args
}

// event finds one expense within scope.
func (s *store) event(ctx context.Context, f eventFilter) (*eventView, error) {
	clause, args := f.where()
	var v eventView
	err := s.db.Get(ctx, &v, selectEvent+clause, args...)
	return &v, err
}

// lockExpense takes the expense's row lock (PostgreSQL; SQLite's write
// transactions are serialised already), so two refunds of one expense
// cannot both see the same net amount.
func (s *store) lockExpense(ctx context.Context, id int64) error {
	return s.db.LockRow(ctx, "expenses", "id", id)
}

var eventOrder = map[string]string{
	"date": "e.expense_date", "amount": "e.amount", "bookingId": "e.booking_id", "description": "e.description",
	"createdOn": "e.created_at",
}

func (s *store) events(ctx context.Context, f eventFilter, p paging.Pagination) ([]eventView, int, error) {
	clause, args := f.where()
	var total int
	if err := s.db.Get(ctx, &total, `SELECT COUNT(*) FROM expenses e`+clause, args...); err != nil {
		return nil, 0, err
	}
	var rows []eventView
	q := selectEvent + clause + p.OrderBy(eventOrder, "e.expense_date DESC, e.id DESC") + ` LIMIT ? OFFSET ?`
	err := s.db.Select(ctx, &rows, q, append(args, p.Size, p.Offset())...)
	return rows, total, err
}

// recurringRow is a recurring external purchase as stored.
type recurringRow struct {
	ID             int64      `db:"id"`
	OspID          string     `db:"osp_id"`
	UserID         int64      `db:"user_id"`
	BudgetID       int64      `db:"budget_id"`
	PurchaseType   string     `db:"purchase_type"`
	Amount         int64      `db:"amount"`
	VatBasisPoints int64      `db:"vat_percentage"`
	Description    string     `db:"description"`
	Frequency      string     `db:"frequency"`
	StartDate      string     `db:"start_date"`
	EndDate        *string    `db:"end_date"`
	NextDate       *string    `db:"next_date"`
	DeletedAt      *time.Time `db:"deleted_at"`
	CreatedBy      *int64     `db:"created_by"`
	CreatedAt      time.Time  `db:"created_at"`
	// from the owners' read models (see Service.withNames)
	UserOspID          string `db:"-"`
	Firstname          string `db:"-"`
	Lastname           string `db:"-"`
	Email              string `db:"-"`
	CorporateAccountID int64  `db:"-"`
	BudgetOspID        string `db:"-"`
	BudgetType         string `db:"-"`
}

const selectRecurring = `SELECT r.id, r.osp_id, r.user_id, r.budget_id, r.purchase_type, r.amount, r.vat_percentage,
	r.description, r.frequency, r.start_date, r.end_date, r.next_date, r.deleted_at, r.created_by, r.created_at
FROM recurring_expenses r `

// recurring finds a recurrence within scope (deleted ones too); with
// forUpdate it locks the row in the same query that checks the scope (on
// the recurrence's budget, through budget's published predicate).
func (s *store) recurring(ctx context.Context, scope access.Scope, ospID string, forUpdate bool) (*recurringRow, error) {
	cond, args := budget.InScope("r.budget_id", scope)
	if forUpdate {
		var id int64
		if err := s.db.Get(ctx, &id, `SELECT r.id FROM recurring_expenses r WHERE r.osp_id = ? AND `+cond+s.db.Dialect.ForUpdate(),
			append([]any{ospID}, args...)...); err != nil {
			return nil, err
		}
	}
	var r recurringRow
	err := s.db.Get(ctx, &r, selectRecurring+`WHERE r.osp_id = ? AND `+cond, append([]any{ospID}, args...)...)
	return &r, err
}

func (s *store) recurringByID(ctx context.Context, id int64, forUpdate bool) (*recurringRow, error) {
	if forUpdate {
		if err := s.db.LockRow(ctx, "recurring_expenses", "id", id); err != nil {
			return nil, err
		}
	}
	var r recurringRow
	err := s.db.Get(ctx, &r, selectRecurring+`WHERE r.id = ?`, id)
	return &r, err
}

func (s *store) recurringByUser(ctx context.Context, userID int64) ([]recurringRow, error) {
	var rows []recurringRow
	err := s.db.Select(ctx, &rows, selectRecurring+`WHERE r.user_id = ? AND r.deleted_at IS NULL ORDER BY r.start_date, r.id`, userID)
	return rows, err
}

func (s *store) insertRecurring(ctx context.Context, r *recurringRow) error {
	id, err := s.db.Insert(ctx, `INSERT INTO recurring_expenses (osp_id, user_id, budget_id, purchase_type, amount, vat_percentage,
		description, frequency, start_date, end_date, next_date, created_by, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		r.OspID, r.UserID, r.BudgetID, r.PurchaseType, r.Amount, r.VatBasisPoints, r.Description, r.Frequency, r.StartDate,
		r.EndDate, r.NextDate, r.CreatedBy, r.CreatedAt, r.CreatedAt)
	if err != nil {
		return err
	}
	r.ID = id
	return nil
}

func (s *store) updateRecurring(ctx context.Context, r *recurringRow, now time.Time) error {
	_, err := s.db.Exec(ctx, `UPDATE recurring_expenses SET budget_id = ?, purchase_type = ?, amount = ?, vat_percentage = ?,
		description = ?, frequency = ?, start_date = ?, end_date = ?, next_date = ?, deleted_at = ?, updated_at = ? WHERE id = ?`,
		r.BudgetID, r.PurchaseType, r.Amount, r.VatBasisPoints, r.Description, r.Frequency, r.StartDate, r.EndDate, r.NextDate,
		r.DeletedAt, now, r.ID)
	return err
}

func (s *store) setNextDate(ctx context.Context, id int64, next *string) error {
	_, err := s.db.Exec(ctx, `UPDATE recurring_expenses SET next_date = ? WHERE id = ?`, next, id)
	return err
}

// due lists the recurrences with an occurrence to handle on or before day.
func (s *store) due(ctx context.Context, day string, afterID int64, limit int) ([]int64, error) {
	var ids []int64
	err := s.db.Select(ctx, &ids, `SELECT id FROM recurring_expenses WHERE deleted_at IS NULL AND next_date IS NOT NULL
		AND next_date <= ? AND id > ? ORDER BY id LIMIT ?`, day, afterID, limit)
	return ids, err
}

type occurrenceRow struct {
	RecurrenceID int64   `db:"recurrence_id"`
	Date         string  `db:"occurrence_date"`
	Outcome      string  `db:"outcome"`
	ExpenseOsp   *string `db:"expense_osp_id"`
	ErrorLabel   string  `db:"error_label"`
}

func (s *store) occurrences(ctx context.Context, recurrenceID int64) ([]occurrenceRow, error) {
	var rows []occurrenceRow
	err := s.db.Select(ctx, &rows, `SELECT o.recurrence_id, o.occurrence_date, o.outcome, e.osp_id AS expense_osp_id, o.error_label
		FROM recurring_expense_occurrences o LEFT JOIN expenses e ON e.id = o.expense_id
		WHERE o.recurrence_id = ? ORDER BY o.occurrence_date`, recurrenceID)
	return rows, err
}

func (s *store) occurrence(ctx context.Context, recurrenceID int64, date string) (*occurrenceRow, error) {
	var r occurrenceRow
	err := s.db.Get(ctx, &r, `SELECT o.recurrence_id, o.occurrence_date, o.outcome, e.osp_id AS expense_osp_id, o.error_label
		FROM recurring_expense_occurrences o LEFT JOIN expenses e ON e.id = o.expense_id
		WHERE o.recurrence_id = ? AND o.occurrence_date = ?`, recurrenceID, date)
	return &r, err
}

// claimOccurrence records an occurrence's outcome; false when it was
// handled already (the primary key refuses a second row).
func (s *store) claimOccurrence(ctx context.Context, recurrenceID int64, date, outcome string, expenseID *int64, label string, now time.Time) (bool, error) {
	n, err := s.db.Exec(ctx, `INSERT INTO recurring_expense_occurrences (recurrence_id, occurrence_date, outcome, expense_id, error_label, created_at)
		VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`, recurrenceID, date, outcome, expenseID, label, now)
	return n == 1, err
}

func (s *store) setOccurrence(ctx context.Context, recurrenceID int64, date, outcome string, expenseID *int64, label string) error {
	_, err := s.db.Exec(ctx, `UPDATE recurring_expense_occurrences SET outcome = ?, expense_id = ?, error_label = ?
		WHERE recurrence_id = ? AND occurrence_date = ?`, outcome, expenseID, label, recurrenceID, date)
	return err
}

// handledCount counts occurrences booked or failed (not cancelled).
func (s *store) handledCount(ctx context.Context, recurrenceID int64) (int, error) {
	var n int
	err := s.db.Get(ctx, &n, `SELECT COUNT(*) FROM recurring_expense_occurrences WHERE recurrence_id = ? AND outcome <> ?`,
		recurrenceID, OutcomeCancelled)
	return n, err
}

func (s *store) dropCancelled(ctx context.Context, recurrenceID int64) error {
	_, err := s.db.Exec(ctx, `DELETE FROM recurring_expense_occurrences WHERE recurrence_id = ? AND outcome = ?`, recurrenceID, OutcomeCancelled)
	return err
}

type expenseOspID struct {
	ID    int64  `db:"id"`
	OspID string `db:"osp_id"`
}

func (s *store) ospIDs(ctx context.Context, ids []int64) ([]expenseOspID, error) {
	return database.SelectIn[expenseOspID](ctx, s.db, ids, func(in string) string {
		return `SELECT id, osp_id FROM expenses WHERE id IN (` + in + `)`
	})
}

func (s *store) byBookingIDs(ctx context.Context, ids []string) ([]BookedRef, error) {
	return database.SelectIn[BookedRef](ctx, s.db, ids, func(in string) string {
		return `SELECT id, osp_id, booking_id, user_id, corporate_account_id, budget_id, mobility_mode, expense_date,
			mrp_code, mrp_partner_id FROM expenses WHERE booking_id IN (` + in + `)`
	})
}

// providerExpenses is a page (by id) of the expenses whose booking id
// starts with one of the prefixes.
func (s *store) providerExpenses(ctx context.Context, prefixes []string, afterID int64, limit int) ([]ProviderExpense, error) {
	if len(prefixes) == 0 {
		return nil, nil
	}
	conds := make([]string, len(prefixes))
	args := []any{afterID}
	for i, p := range prefixes {
		conds[i] = "booking_id LIKE ?"
		args = append(args, p+"-%")
	}
	args = append(args, limit)
	var rows []ProviderExpense
	err := s.db.Select(ctx, &rows, `SELECT id, osp_id, booking_id, user_id, corporate_account_id, amount, expense_date FROM expenses
		WHERE id > ? AND (`+strings.Join(conds, " OR ")+`) ORDER BY id LIMIT ?`, args...)
	return rows, err
}
