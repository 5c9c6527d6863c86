package userfee

import (
	"context"
	"strconv"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/database"
)

type store struct{ db *database.DB }

// tierRow is a tier as stored.
type tierRow struct {
	ID                 int64     `db:"id"`
	OspID              string    `db:"osp_id"`
	PartnerID          *int64    `db:"partner_id"`
	CorporateAccountID *int64    `db:"corporate_account_id"`
	EventCountFrom     int       `db:"event_count_from"`
	EventCountTo       int       `db:"event_count_to"`
	Amount             int64     `db:"amount"`
	VatBasisPoints     int64     `db:"vat_basis_points"`
	CreatedAt          time.Time `db:"created_at"`
}

const tierCols = `id, osp_id, partner_id, corporate_account_id, event_count_from, event_count_to, amount, vat_basis_points, created_at`

// tiersFor answers the tiers that apply to a company: its own when it has
// any, else its partner's; ordered by event_count_from.
func (s *store) tiersFor(ctx context.Context, companyID, partnerID int64) ([]tierRow, error) {
	var out []tierRow
	if err := s.db.Select(ctx, &out, `SELECT `+tierCols+` FROM user_fee_tiers WHERE corporate_account_id = ?
		ORDER BY event_count_from`, companyID); err != nil || len(out) > 0 {
		return out, err
	}
	err := s.db.Select(ctx, &out, `SELECT `+tierCols+` FROM user_fee_tiers WHERE partner_id = ? ORDER BY event_count_from`, partnerID)
	return out, err
}

// chargeRow is one user_fee_charges row.
type chargeRow struct {
	UserID             int64     `db:"user_id"`
	Month              string    `db:"month"`
	CorporateAccountID int64     `db:"corporate_account_id"`
	EventCount         int       `db:"event_count"`
	Amount             int64     `db:"amount"`
	VatBasisPoints     int       `db:"vat_basis_points"`
	VatAmount          int64     `db:"vat_amount"`
	BudgetTxOspID      *string   `db:"budget_tx_osp_id"`
	CreatedAt          time.Time `db:"created_at"`
}

// insertCharge records a user's charge for a month unless one exists
// (the primary key); false when it did. A concurrent run inserting the
// same key waits for the first to commit, then inserts nothing.
func (s *store) insertCharge(ctx context.Context, c chargeRow) (bool, error) {
	n, err := s.db.Exec(ctx, `INSERT INTO user_fee_charges (user_id, month, corporate_account_id, event_count, amount,
		vat_basis_points, vat_amount, budget_tx_osp_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, NULL, ?)
		ON CONFLICT (user_id, month) DO NOTHING`,
		c.UserID, c.Month, c.CorporateAccountID, c.EventCount, c.Amount, c.VatBasisPoints, c.VatAmount, c.CreatedAt)
	return n == 1, err
}

// setChargeTx names the ledger row a charge booked (same transaction).
func (s *store) setChargeTx(ctx context.Context, userID int64, month, txOspID string) error {
	_, err := s.db.Exec(ctx, `UPDATE user_fee_charges SET budget_tx_osp_id = ? WHERE user_id = ? AND month = ?`, txOspID, userID, month)
	return err
}

// charges lists a company's charges of a month by user id.
func (s *store) charges(ctx context.Context, companyID int64, month string) ([]chargeRow, error) {
	var out []chargeRow
	err := s.db.Select(ctx, &out, `SELECT user_id, month, corporate_account_id, event_count, amount, vat_basis_points, vat_amount,
		budget_tx_osp_id, created_at FROM user_fee_charges WHERE corporate_account_id = ? AND month = ? ORDER BY user_id`, companyID, month)
	return out, err
}

// chargedUsers are the users of a company already charged for a month.
func (s *store) chargedUsers(ctx context.Context, companyID int64, month string) (map[int64]bool, error) {
	var ids []int64
	if err := s.db.Select(ctx, &ids, `SELECT user_id FROM user_fee_charges WHERE corporate_account_id = ? AND month = ?`,
		companyID, month); err != nil {
		return nil, err
	}
	out := make(map[int64]bool, len(ids))
	for _, id := range ids {
		out[id] = true
	}
	return out, nil
}

func (s *store) insertTier(ctx context.Context, r tierRow, now time.Time) (int64, error) {
	return s.db.Insert(ctx, `INSERT INTO user_fee_tiers (osp_id, partner_id, corporate_account_id, event_count_from, event_count_to,
		amount, vat_basis_points, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		r.OspID, r.PartnerID, r.CorporateAccountID, r.EventCountFrom, r.EventCountTo, r.Amount, r.VatBasisPoints, now, now)
}

func (s *store) updateTier(ctx context.Context, r *tierRow, now time.Time) error {
	_, err := s.db.Exec(ctx, `UPDATE user_fee_tiers SET event_count_from = ?, event_count_to = ?, amount = ?, vat_basis_points = ?,
		updated_at = ? WHERE id = ?`, r.EventCountFrom, r.EventCountTo, r.Amount, r.VatBasisPoints, now, r.ID)
	return err
}

func (s *store) deleteTier(ctx context.Context, id int64) error {
	_, err := s.db.Exec(ctx, `DELETE FROM user_fee_tiers WHERE id = ?`, id)
	return err
}

// scoped is the tenant condition on tiers: a partner admin reaches its
// partner's tiers and those of its companies.
func scoped(scope access.Scope) (string, []any) {
	return scope.CompaniesOrPartner("t.corporate_account_id", "t.partner_id")
}

// tier finds a tier by public id within scope.
func (s *store) tier(ctx context.Context, scope access.Scope, ospID string) (*tierRow, error) {
	cond, args := scoped(scope)
	var r tierRow
	err := s.db.Get(ctx, &r, `SELECT `+tierColsT+` FROM user_fee_tiers t WHERE t.osp_id = ? AND `+cond, append([]any{ospID}, args...)...)
	return &r, err
}

const tierColsT = `t.id, t.osp_id, t.partner_id, t.corporate_account_id, t.event_count_from, t.event_count_to, t.amount,
	t.vat_basis_points, t.created_at`

// tierFilter narrows tiers to one partner's, one company's or one kind.
type tierFilter struct {
	PartnerID *int64
	CompanyID *int64
	Type      string
}

// maxTiers bounds a list: far more tiers than every assignee of a
// platform has.
const maxTiers = 5000

func (s *store) tiers(ctx context.Context, scope access.Scope, f tierFilter) ([]tierRow, error) {
	cond, args := scoped(scope)
	switch {
	case f.PartnerID != nil:
		cond += ` AND t.partner_id = ?`
		args = append(args, *f.PartnerID)
	case f.CompanyID != nil:
		cond += ` AND t.corporate_account_id = ?`
		args = append(args, *f.CompanyID)
	case f.Type == "PARTNER":
		cond += ` AND t.partner_id IS NOT NULL`
	case f.Type == "CORPORATE_ACCOUNT":
		cond += ` AND t.corporate_account_id IS NOT NULL`
	}
	var out []tierRow
	err := s.db.Select(ctx, &out, `SELECT `+tierColsT+` FROM user_fee_tiers t WHERE `+cond+`
		ORDER BY t.partner_id, t.corporate_account_id, t.event_count_from LIMIT `+strconv.Itoa(maxTiers), args...)
	return out, err
}

// overlapping finds a tier of the assignee whose range meets from..to,
// other than except; sql.ErrNoRows when none does.
func (s *store) overlapping(ctx context.Context, partner bool, id int64, from, to int, except int64) (*tierRow, error) {
	col := "corporate_account_id"
	if partner {
		col = "partner_id"
	}
	var r tierRow
	err := s.db.Get(ctx, &r, `SELECT `+tierColsT+` FROM user_fee_tiers t WHERE t.`+col+` = ? AND t.id <> ?
		AND t.event_count_from <= ? AND t.event_count_to >= ? ORDER BY t.event_count_from LIMIT 1`, id, except, to, from)
	return &r, err
}

// lockAssignee serialises the writers of one assignee's tiers for the
// rest of the transaction: PostgreSQL takes an advisory transaction lock
// on the key; SQLite's write transactions are serialised already.
func (s *store) lockAssignee(ctx context.Context, key int64) error {
	if s.db.Dialect != database.Postgres {
		return nil
	}
	_, err := s.db.Exec(ctx, `SELECT pg_advisory_xact_lock(?)`, key)
	return err
}
