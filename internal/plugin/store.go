package plugin

import (
	"context"
	"strings"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/database"
	"mobility/portal/internal/paging"
)

type store struct{ db *database.DB }

// purchaseRow is a plugin_purchases row.
type purchaseRow struct {
	ID            int64     `db:"id"`
	OspID         string    `db:"osp_id"`
	CompanyID     int64     `db:"corporate_account_id"`
	UserID        int64     `db:"user_id"`
	ProductID     *int64    `db:"product_id"`
	ProductName   string    `db:"product_name"`
	ProviderName  string    `db:"provider_name"`
	ProviderEmail string    `db:"provider_email"`
	Price         int64     `db:"price_cents"`
	Details       string    `db:"details"`
	Remark        string    `db:"remark"`
	RejectReason  string    `db:"reject_reason"`
	State         string    `db:"state"`
	ExpenseID     *int64    `db:"expense_id"`
	BookingID     *string   `db:"booking_id"`
	CreatedAt     time.Time `db:"created_at"`
	UpdatedAt     time.Time `db:"updated_at"`
	HasEmail      bool      `db:"has_email"`
}

// historyRow is a plugin_purchase_history row.
type historyRow struct {
	PurchaseID int64     `db:"purchase_id"`
	FromState  string    `db:"from_state"`
	ToState    string    `db:"to_state"`
	ChangedBy  int64     `db:"changed_by"`
	ChangedAt  time.Time `db:"changed_at"`
	Note       string    `db:"note"`
}

// emailRow is a plugin_purchase_emails row.
type emailRow struct {
	PurchaseID int64     `db:"purchase_id"`
	To         string    `db:"to_address"`
	Language   string    `db:"language"`
	Subject    string    `db:"subject"`
	Body       string    `db:"body"`
	HTML       bool      `db:"html"`
	SentBy     int64     `db:"sent_by"`
	CreatedAt  time.Time `db:"created_at"`
}

func (s *store) insert(ctx context.Context, r *purchaseRow) error {
	id, err := s.db.Insert(ctx, `INSERT INTO plugin_purchases (osp_id, corporate_account_id, user_id, product_id, product_name,
		provider_name, provider_email, price_cents, details, state, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, r.OspID, r.CompanyID, r.UserID, r.ProductID, r.ProductName,
		r.ProviderName, r.ProviderEmail, r.Price, r.Details, r.State, r.CreatedAt, r.UpdatedAt)
	r.ID = id
	return err
}

const selectPurchase = `SELECT p.id, p.osp_id, p.corporate_account_id, p.user_id, p.product_id, p.product_name, p.provider_name,
	p.provider_email, p.price_cents, p.details, p.remark, p.reject_reason, p.state, p.expense_id, p.booking_id, p.created_at,
	p.updated_at, EXISTS (SELECT 1 FROM plugin_purchase_emails m WHERE m.purchase_id = p.id) AS has_email
	FROM plugin_purchases p `

// purchase finds a purchase within scope (the tenant check is in the
// query); lock takes its row lock on PostgreSQL, so two transitions of
// one purchase run one after the other.
func (s *store) purchase(ctx context.Context, scope access.Scope, ospID string, lock bool) (*purchaseRow, error) {
	cond, args := scope.InCompanies("p.corporate_account_id")
	forUpdate := ""
	if lock {
		forUpdate = s.db.Dialect.ForUpdate()
	}
	var r purchaseRow
	err := s.db.Get(ctx, &r, selectPurchase+`WHERE p.osp_id = ? AND `+cond+forUpdate, append([]any{ospID}, args...)...)
	return &r, err
}

// ofUser finds a purchase of one user (the app's calls) and locks it.
func (s *store) ofUser(ctx context.Context, userID int64, ospID string) (*purchaseRow, error) {
	var r purchaseRow
	err := s.db.Get(ctx, &r, selectPurchase+`WHERE p.osp_id = ? AND p.user_id = ?`+s.db.Dialect.ForUpdate(), ospID, userID)
	return &r, err
}

// transition moves a purchase from one state to another only if it is
// still in from: the conditional UPDATE is what makes one of two
// concurrent transitions win (0 rows: someone else moved it first).
func (s *store) transition(ctx context.Context, id int64, from, to string, set map[string]any, now time.Time) (bool, error) {
	cols := []string{"state = ?", "updated_at = ?"}
	args := []any{to, now}
	for _, c := range []string{"reject_reason", "expense_id", "booking_id"} { // fixed order: stable SQL
		if v, ok := set[c]; ok {
			cols = append(cols, c+" = ?")
			args = append(args, v)
		}
	}
	n, err := s.db.Exec(ctx, `UPDATE plugin_purchases SET `+strings.Join(cols, ", ")+` WHERE id = ? AND state = ?`,
		append(args, id, from)...)
	return n == 1, err
}

// edit changes a purchase's price and texts while it is still open.
func (s *store) edit(ctx context.Context, id, price int64, remark, details string, now time.Time) (bool, error) {
	n, err := s.db.Exec(ctx, `UPDATE plugin_purchases SET price_cents = ?, remark = ?, details = ?, updated_at = ?
		WHERE id = ? AND state IN ('PENDING', 'REQUESTED')`, price, remark, details, now, id)
	return n == 1, err
}

func (s *store) addHistory(ctx context.Context, h historyRow) error {
	_, err := s.db.Exec(ctx, `INSERT INTO plugin_purchase_history (purchase_id, from_state, to_state, changed_by, changed_at, note)
		VALUES (?, ?, ?, ?, ?, ?)`, h.PurchaseID, h.FromState, h.ToState, h.ChangedBy, h.ChangedAt, h.Note)
	return err
}

// histories answers the history of purchases, oldest change first, one
// query per 500 purchases.
func (s *store) histories(ctx context.Context, ids []int64) (map[int64][]historyRow, error) {
	rows, err := database.SelectIn[historyRow](ctx, s.db, ids, func(in string) string {
		return `SELECT h.purchase_id, h.from_state, h.to_state, h.changed_by, h.changed_at, h.note FROM plugin_purchase_history h
			WHERE h.purchase_id IN (` + in + `) ORDER BY h.purchase_id, h.id`
	})
	out := make(map[int64][]historyRow, len(ids))
	for _, r := range rows {
		out[r.PurchaseID] = append(out[r.PurchaseID], r)
	}
	return out, err
}

func (s *store) insertEmail(ctx context.Context, e emailRow) error {
	_, err := s.db.Exec(ctx, `INSERT INTO plugin_purchase_emails (purchase_id, to_address, language, subject, body, html, sent_by,
		created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, e.PurchaseID, e.To, e.Language, e.Subject, e.Body, e.HTML, e.SentBy, e.CreatedAt)
	return err
}

func (s *store) email(ctx context.Context, purchaseID int64) (*emailRow, error) {
	var e emailRow
	err := s.db.Get(ctx, &e, `SELECT m.purchase_id, m.to_address, m.language, m.subject, m.body, m.html, m.sent_by, m.created_at
		FROM plugin_purchase_emails m WHERE m.purchase_id = ?`, purchaseID)
	return &e, err
}

type filter struct {
	scope     access.Scope
	states    []string
	companyID int64
	userID    int64
	product   string
	from, to  time.Time // created_at >= from, < to (zero: open)
}

func (s *store) list(ctx context.Context, f filter, p paging.Pagination) ([]purchaseRow, int, error) {
	cond, args := f.scope.InCompanies("p.corporate_account_id")
	where := []string{cond}
	if len(f.states) > 0 {
		where = append(where, "p.state IN (?"+strings.Repeat(", ?", len(f.states)-1)+")")
		for _, st := range f.states {
			args = append(args, st)
		}
	}
	if f.companyID != 0 {
		where = append(where, "p.corporate_account_id = ?")
		args = append(args, f.companyID)
	}
	if f.userID != 0 {
		where = append(where, "p.user_id = ?")
		args = append(args, f.userID)
	}
	if f.product != "" {
		where = append(where, `LOWER(p.product_name) LIKE ? ESCAPE '\'`)
		args = append(args, "%"+escapeLike(strings.ToLower(f.product))+"%")
	}
	if !f.from.IsZero() {
		where = append(where, "p.created_at >= ?")
		args = append(args, f.from)
	}
	if !f.to.IsZero() {
		where = append(where, "p.created_at < ?")
		args = append(args, f.to)
	}
	clause := "WHERE " + strings.Join(where, " AND ")
	var total int
	if err := s.db.Get(ctx, &total, `SELECT COUNT(*) FROM plugin_purchases p `+clause, args...); err != nil {
		return nil, 0, err
	}
	var rows []purchaseRow
	err := s.db.Select(ctx, &rows, selectPurchase+clause+` ORDER BY p.created_at DESC, p.id DESC LIMIT ? OFFSET ?`,
		append(args, p.Size, p.Offset())...)
	return rows, total, err
}

func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}
