package expense

import (
	"context"
	"strings"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/database"
	"mobility/portal/internal/paging"
)

type store struct{ db *database.DB }

// budgetRow is a budget as expenses need it.
type budgetRow struct {
	ID               int64  `db:"id"`
	OspID            string `db:"osp_id"`
	UserID           *int64 `db:"user_id"`
	BudgetType       string `db:"budget_type"`
	ActivationStatus string `db:"activation_status"`
}

// budget finds a budget within scope.
func (s *store) budget(ctx context.Context, scope access.Scope, ospID string) (*budgetRow, error) {
	cond, args := scope.CorporateAccounts("b.corporate_account_id", "ca.partner_id")
	var r budgetRow
	err := s.db.Get(ctx, &r, `SELECT b.id, b.osp_id, b.user_id, b.budget_type, b.activation_status FROM budgets b
		JOIN corporate_accounts ca ON ca.id = b.corporate_account_id WHERE b.osp_id = ? AND `+cond, append([]any{ospID}, args...)...)
	return &r, err
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
}

func (s *store) insertExpense(ctx context.Context, e *expenseRow) error {
	id, err := s.db.Insert(ctx, `INSERT INTO expenses (osp_id, budget_id, user_id, corporate_account_id, amount, vat_percentage,
		description, expense_date, booking_id, usage_reason, external_reference, identification_field, mobility_mode,
		not_billed, settled, recurrence_id, period_key, created_by, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		e.OspID, e.BudgetID, e.UserID, e.CorporateAccountID, e.Amount, e.VatBasisPoints, e.Description, e.ExpenseDate,
		e.BookingID, e.UsageReason, e.ExternalReference, e.IdentificationField, e.MobilityMode, e.NotBilled, e.Settled,
		e.RecurrenceID, e.PeriodKey, e.CreatedBy, e.CreatedAt)
	if err != nil {
		return err
	}
	e.ID = id
	return nil
}

func (s *store) bookingIDTaken(ctx context.Context, id string) (bool, error) {
	var n int
	err := s.db.Get(ctx, &n, `SELECT COUNT(*) FROM expenses WHERE booking_id = ?`, id)
	return n > 0, err
}

// eventView is an expense with its names and net amount.
type eventView struct {
	expenseRow
	Net           int64   `db:"net"`
	BudgetOspID   string  `db:"budget_osp_id"`
	BudgetType    string  `db:"budget_type"`
	UserOspID     string  `db:"user_osp_id"`
	Firstname     string  `db:"firstname"`
	Lastname      string  `db:"lastname"`
	Email         string  `db:"email"`
	Language      string  `db:"language"`
	ContractID    string  `db:"contract_id"`
	CompanyOspID  string  `db:"company_osp_id"`
	CompanyName   string  `db:"company_name"`
	CompanyExtID  *string `db:"company_ext_id"`
	CompanyType   string  `db:"company_type"`
	RecurrenceOsp *string `db:"recurrence_osp_id"`
	CreatorFirst  *string `db:"creator_first"`
	CreatorLast   *string `db:"creator_last"`
	CreatorEmail  *string `db:"creator_email"`
	OriginalTxOsp *string `db:"original_tx_osp_id"`
	PartnerID     int64   `db:"partner_id"`
}

// Ledger rows that belong to an expense: its booking and its corrections.
const expenseTxTypes = `('event','refund','update')`

const selectEvent = `SELECT e.id, e.osp_id, e.budget_id, e.user_id, e.corporate_account_id, e.amount, e.vat_percentage,
	e.description, e.expense_date, e.booking_id, e.usage_reason, e.external_reference, e.identification_field,
	e.mobility_mode, e.not_billed, e.settled, e.recurrence_id, e.period_key, e.created_by, e.created_at,
	-(SELECT COALESCE(SUM(t.amount), 0) FROM budget_transactions t WHERE t.expense_id = e.id AND t.tx_type IN ` + expenseTxTypes + `) AS net,
	b.osp_id AS budget_osp_id, b.budget_type, u.osp_id AS user_osp_id, u.firstname, u.lastname, u.email, u.language,
	u.contract_id, ca.osp_id AS company_osp_id, ca.name AS company_name, ca.ext_id AS company_ext_id, ca.company_type,
	ca.partner_id, r.osp_id AS recurrence_osp_id, cu.firstname AS creator_first, cu.lastname AS creator_last,
	cu.email AS creator_email,
	(SELECT MIN(t.osp_id) FROM budget_transactions t WHERE t.expense_id = e.id AND t.tx_type = 'event') AS original_tx_osp_id
FROM expenses e
JOIN budgets b ON b.id = e.budget_id
JOIN users u ON u.id = e.user_id
JOIN corporate_accounts ca ON ca.id = e.corporate_account_id
LEFT JOIN recurring_expenses r ON r.id = e.recurrence_id
LEFT JOIN users cu ON cu.id = e.created_by `

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
	cond, args := f.scope.CorporateAccounts("e.corporate_account_id", "ca.partner_id")
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

// net is an expense's net cost from its ledger rows.
func (s *store) net(ctx context.Context, id int64) (int64, error) {
	var n int64
	err := s.db.Get(ctx, &n, `SELECT -COALESCE(SUM(amount), 0) FROM budget_transactions WHERE expense_id = ? AND tx_type IN `+expenseTxTypes, id)
	return n, err
}

var eventOrder = map[string]string{
	"date": "e.expense_date", "amount": "e.amount", "bookingId": "e.booking_id", "description": "e.description",
	"createdOn": "e.created_at",
}

func (s *store) events(ctx context.Context, f eventFilter, p paging.Pagination) ([]eventView, int, error) {
	clause, args := f.where()
	var total int
	if err := s.db.Get(ctx, &total, `SELECT COUNT(*) FROM expenses e JOIN corporate_accounts ca ON ca.id = e.corporate_account_id`+clause, args...); err != nil {
		return nil, 0, err
	}
	var rows []eventView
	q := selectEvent + clause + p.OrderBy(eventOrder, "e.expense_date DESC, e.id DESC") + ` LIMIT ? OFFSET ?`
	err := s.db.Select(ctx, &rows, q, append(args, p.Size, p.Offset())...)
	return rows, total, err
}

// correctionRow is a ledger row that corrected an expense.
type correctionRow struct {
	OspID       string    `db:"osp_id"`
	Type        string    `db:"tx_type"`
	Amount      int64     `db:"amount"`
	Description string    `db:"description"`
	BookingDate string    `db:"booking_date"`
	CreatedAt   time.Time `db:"created_at"`
	Firstname   *string   `db:"firstname"`
	Lastname    *string   `db:"lastname"`
	Email       *string   `db:"email"`
}

func (s *store) corrections(ctx context.Context, expenseID int64) ([]correctionRow, error) {
	var rows []correctionRow
	err := s.db.Select(ctx, &rows, `SELECT t.osp_id, t.tx_type, t.amount, t.description, t.booking_date, t.created_at,
		u.firstname, u.lastname, u.email FROM budget_transactions t LEFT JOIN users u ON u.id = t.created_by
		WHERE t.expense_id = ? AND t.tx_type IN ('refund','update') ORDER BY t.id`, expenseID)
	return rows, err
}

// negativeRow is a user with the sum of their negative balances.
type negativeRow struct {
	ID           int64   `db:"id"`
	OspID        string  `db:"osp_id"`
	Firstname    string  `db:"firstname"`
	Lastname     string  `db:"lastname"`
	Email        string  `db:"email"`
	Login        *string `db:"login"`
	Active       bool    `db:"active"`
	CompanyOspID string  `db:"company_osp_id"`
	Total        int64   `db:"total"`
}

func negativeWhere(scope access.Scope, companyID int64) (string, []any) {
	cond, args := scope.CorporateAccounts("b.corporate_account_id", "ca.partner_id")
	q := ` FROM budgets b JOIN users u ON u.id = b.user_id JOIN corporate_accounts ca ON ca.id = b.corporate_account_id
		WHERE b.balance < 0 AND ` + cond
	if companyID != 0 {
		q += ` AND b.corporate_account_id = ?`
		args = append(args, companyID)
	}
	return q, args
}

var negativeOrder = map[string]string{"amount": "total", "lastname": "u.lastname", "firstname": "u.firstname", "email": "u.email"}

func (s *store) negativeUsers(ctx context.Context, scope access.Scope, companyID int64, p paging.Pagination) ([]negativeRow, error) {
	from, args := negativeWhere(scope, companyID)
	var rows []negativeRow
	q := `SELECT u.id, u.osp_id, u.firstname, u.lastname, u.email, u.login, u.active, ca.osp_id AS company_osp_id,
		SUM(b.balance) AS total` + from + ` GROUP BY u.id, u.osp_id, u.firstname, u.lastname, u.email, u.login, u.active, ca.osp_id` +
		p.OrderBy(negativeOrder, "total, u.lastname, u.firstname, u.id") + ` LIMIT ? OFFSET ?`
	err := s.db.Select(ctx, &rows, q, append(args, p.Size, p.Offset())...)
	return rows, err
}

func (s *store) countNegative(ctx context.Context, scope access.Scope, companyID int64) (int, error) {
	from, args := negativeWhere(scope, companyID)
	var n int
	err := s.db.Get(ctx, &n, `SELECT COUNT(DISTINCT b.user_id)`+from, args...)
	return n, err
}

type negativeBudgetRow struct {
	UserID           int64  `db:"user_id"`
	OspID            string `db:"osp_id"`
	BudgetType       string `db:"budget_type"`
	ActivationStatus string `db:"activation_status"`
	Balance          int64  `db:"balance"`
}

func (s *store) negativeBudgets(ctx context.Context, userIDs []int64) ([]negativeBudgetRow, error) {
	if len(userIDs) == 0 {
		return nil, nil
	}
	args := make([]any, len(userIDs))
	for i, id := range userIDs {
		args[i] = id
	}
	var rows []negativeBudgetRow
	err := s.db.Select(ctx, &rows, `SELECT user_id, osp_id, budget_type, activation_status, balance FROM budgets
		WHERE balance < 0 AND user_id IN (`+strings.TrimSuffix(strings.Repeat("?,", len(userIDs)), ",")+`) ORDER BY balance, id`, args...)
	return rows, err
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
	// joined
	UserOspID          string `db:"user_osp_id"`
	Firstname          string `db:"firstname"`
	Lastname           string `db:"lastname"`
	Email              string `db:"email"`
	CorporateAccountID int64  `db:"corporate_account_id"`
	BudgetOspID        string `db:"budget_osp_id"`
	BudgetType         string `db:"budget_type"`
}

const selectRecurring = `SELECT r.id, r.osp_id, r.user_id, r.budget_id, r.purchase_type, r.amount, r.vat_percentage,
	r.description, r.frequency, r.start_date, r.end_date, r.next_date, r.deleted_at, r.created_by, r.created_at,
	u.osp_id AS user_osp_id, u.firstname, u.lastname, u.email, b.corporate_account_id, b.osp_id AS budget_osp_id, b.budget_type
FROM recurring_expenses r
JOIN users u ON u.id = r.user_id
JOIN budgets b ON b.id = r.budget_id
JOIN corporate_accounts ca ON ca.id = b.corporate_account_id `

// recurring finds a recurrence within scope (deleted ones too).
func (s *store) recurring(ctx context.Context, scope access.Scope, ospID string, forUpdate bool) (*recurringRow, error) {
	if forUpdate {
		if err := s.db.LockRow(ctx, "recurring_expenses", "osp_id", ospID); err != nil {
			return nil, err
		}
	}
	cond, args := scope.CorporateAccounts("b.corporate_account_id", "ca.partner_id")
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

// usageReasons lists a company's active usage reasons.
func (s *store) usageReasons(ctx context.Context, companyID int64) ([]string, error) {
	var out []string
	err := s.db.Select(ctx, &out, `SELECT label FROM usage_reasons WHERE corporate_account_id = ? AND active ORDER BY label`, companyID)
	return out, err
}
