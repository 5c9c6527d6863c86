package deactivation

import (
	"context"
	"strings"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/database"
	"mobility/portal/internal/paging"
)

type store struct{ db *database.DB }

// companyRow is a company_deactivations row.
type companyRow struct {
	ID                    int64     `db:"id"`
	OspID                 string    `db:"osp_id"`
	CorporateAccountID    int64     `db:"corporate_account_id"`
	Status                string    `db:"status"`
	Remark                string    `db:"remark"`
	RequestedOn           string    `db:"requested_on"`
	RequestedBy           *int64    `db:"requested_by"`
	HandleBy              string    `db:"handle_by"`
	HandledOn             *string   `db:"handled_on"`
	HandledBy             *int64    `db:"handled_by"`
	EffectiveOn           *string   `db:"effective_on"`
	ExtraCostsUntil       *string   `db:"extra_costs_until"`
	SettledOn             *string   `db:"settled_on"`
	WithdrawnOn           *string   `db:"withdrawn_on"`
	ActivatedOn           *string   `db:"activated_on"`
	PartnerDeactivationID *int64    `db:"partner_deactivation_id"`
	CreatedAt             time.Time `db:"created_at"`
	UpdatedAt             time.Time `db:"updated_at"`
}

const selectCompany = `SELECT d.id, d.osp_id, d.corporate_account_id, d.status, d.remark, d.requested_on, d.requested_by,
	d.handle_by, d.handled_on, d.handled_by, d.effective_on, d.extra_costs_until, d.settled_on, d.withdrawn_on,
	d.activated_on, d.partner_deactivation_id, d.created_at, d.updated_at
FROM company_deactivations d `

func (s *store) insertCompany(ctx context.Context, r *companyRow) error {
	id, err := s.db.Insert(ctx, `INSERT INTO company_deactivations (osp_id, corporate_account_id, status, remark, requested_on,
		requested_by, handle_by, handled_on, handled_by, effective_on, extra_costs_until, partner_deactivation_id, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		r.OspID, r.CorporateAccountID, r.Status, r.Remark, r.RequestedOn, r.RequestedBy, r.HandleBy, r.HandledOn, r.HandledBy,
		r.EffectiveOn, r.ExtraCostsUntil, r.PartnerDeactivationID, r.CreatedAt, r.UpdatedAt)
	r.ID = id
	return err
}

// updateCompany writes a row's course (everything but who asked and when).
func (s *store) updateCompany(ctx context.Context, r *companyRow) error {
	_, err := s.db.Exec(ctx, `UPDATE company_deactivations SET status = ?, handled_on = ?, handled_by = ?, effective_on = ?,
		extra_costs_until = ?, settled_on = ?, withdrawn_on = ?, activated_on = ?, partner_deactivation_id = ?, updated_at = ?
		WHERE id = ?`, r.Status, r.HandledOn, r.HandledBy, r.EffectiveOn, r.ExtraCostsUntil, r.SettledOn, r.WithdrawnOn,
		r.ActivatedOn, r.PartnerDeactivationID, r.UpdatedAt, r.ID)
	return err
}

// lockCompanyRow takes the row lock of one request (PostgreSQL) and reads it.
func (s *store) lockCompanyRow(ctx context.Context, id int64) (*companyRow, error) {
	var r companyRow
	err := s.db.Get(ctx, &r, selectCompany+`WHERE d.id = ?`+s.db.Dialect.ForUpdate(), id)
	return &r, err
}

// last reads a company's latest request within scope; sql.ErrNoRows if none.
func (s *store) last(ctx context.Context, scope access.Scope, companyID int64, forUpdate bool) (*companyRow, error) {
	cond, args := scope.InCompanies("d.corporate_account_id")
	lock := ""
	if forUpdate {
		lock = s.db.Dialect.ForUpdate()
	}
	var r companyRow
	err := s.db.Get(ctx, &r, selectCompany+`WHERE d.corporate_account_id = ? AND `+cond+` ORDER BY d.id DESC LIMIT 1`+lock,
		append([]any{companyID}, args...)...)
	return &r, err
}

// open reads a company's open (REQUESTED or HANDLED) request within
// scope, locked; sql.ErrNoRows if none.
func (s *store) open(ctx context.Context, scope access.Scope, companyID int64) (*companyRow, error) {
	cond, args := scope.InCompanies("d.corporate_account_id")
	var r companyRow
	err := s.db.Get(ctx, &r, selectCompany+`WHERE d.corporate_account_id = ? AND d.status IN (?, ?) AND `+cond+s.db.Dialect.ForUpdate(),
		append([]any{companyID, StatusRequested, StatusHandled}, args...)...)
	return &r, err
}

var sortColumns = map[string]string{"handleBy": "d.handle_by", "requestedOn": "d.requested_on", "effectiveOn": "d.effective_on",
	"status": "d.status"}

func (s *store) filter(ctx context.Context, scope access.Scope, statuses []string, p paging.Pagination) ([]companyRow, int, error) {
	cond, args := scope.InCompanies("d.corporate_account_id")
	where := "WHERE " + cond + " AND d.status IN (" + database.Placeholders(len(statuses)) + ")"
	for _, st := range statuses {
		args = append(args, st)
	}
	var total int
	if err := s.db.Get(ctx, &total, `SELECT COUNT(*) FROM company_deactivations d `+where, args...); err != nil {
		return nil, 0, err
	}
	var rows []companyRow
	q := selectCompany + where + p.OrderBy(sortColumns, "d.handle_by ASC, d.id ASC") + ` LIMIT ? OFFSET ?`
	err := s.db.Select(ctx, &rows, q, append(args, p.Size, p.Offset())...)
	return rows, total, err
}

// due lists the requests in status whose date column is before (or on,
// with orOn) day: the jobs' work lists.
func (s *store) due(ctx context.Context, status, column, day string, orOn bool) ([]companyRow, error) {
	op := "<"
	if orOn {
		op = "<="
	}
	if !strings.HasPrefix(column, "d.") || strings.ContainsAny(column, " ;'") {
		panic("deactivation: bad column " + column)
	}
	var rows []companyRow
	err := s.db.Select(ctx, &rows, selectCompany+`WHERE d.status = ? AND `+column+` `+op+` ? ORDER BY d.id`, status, day)
	return rows, err
}

// settleOnce records that a budget is settled by a deactivation; false
// when it was already (a rerun).
func (s *store) settleOnce(ctx context.Context, deactivationID, budgetID int64, now time.Time) (bool, error) {
	n, err := s.db.Exec(ctx, `INSERT INTO company_settlements (company_deactivation_id, budget_id, amount, created_at)
		VALUES (?, ?, 0, ?) ON CONFLICT DO NOTHING`, deactivationID, budgetID, now)
	return n == 1, err
}

func (s *store) settled(ctx context.Context, deactivationID, budgetID, amount int64, txOspID string) error {
	_, err := s.db.Exec(ctx, `UPDATE company_settlements SET amount = ?, tx_osp_id = ? WHERE company_deactivation_id = ? AND budget_id = ?`,
		amount, txOspID, deactivationID, budgetID)
	return err
}

// settlement is a company_settlements row.
type settlement struct {
	BudgetID int64  `db:"budget_id"`
	Amount   int64  `db:"amount"`
	TxOspID  string `db:"tx_osp_id"`
}

func (s *store) settlementsByOsp(ctx context.Context, requestOspID string) ([]settlement, error) {
	var rows []settlement
	err := s.db.Select(ctx, &rows, `SELECT cs.budget_id, cs.amount, cs.tx_osp_id FROM company_settlements cs
		JOIN company_deactivations d ON d.id = cs.company_deactivation_id WHERE d.osp_id = ? ORDER BY cs.budget_id`, requestOspID)
	return rows, err
}

// partnerRow is a partner_deactivations row with its progress.
type partnerRow struct {
	ID             int64      `db:"id"`
	PartnerID      int64      `db:"partner_id"`
	Status         string     `db:"status"`
	StartedOn      string     `db:"started_on"`
	StartedBy      *int64     `db:"started_by"`
	CompaniesTotal int        `db:"companies_total"`
	CompaniesDone  int        `db:"companies_done"`
	StartedAt      time.Time  `db:"started_at"`
	FinishedAt     *time.Time `db:"finished_at"`
	ActivatedAt    *time.Time `db:"activated_at"`
}

const selectPartner = `SELECT p.id, p.partner_id, p.status, p.started_on, p.started_by, p.companies_total,
	(SELECT COUNT(*) FROM partner_deactivation_companies c WHERE c.partner_deactivation_id = p.id AND c.done_at IS NOT NULL) AS companies_done,
	p.started_at, p.finished_at, p.activated_at
FROM partner_deactivations p `

func (s *store) insertPartner(ctx context.Context, r *partnerRow, companyIDs []int64) error {
	id, err := s.db.Insert(ctx, `INSERT INTO partner_deactivations (partner_id, status, started_on, started_by, companies_total, started_at, finished_at)
		VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`, r.PartnerID, r.Status, r.StartedOn, r.StartedBy, r.CompaniesTotal, r.StartedAt, r.FinishedAt)
	if err != nil {
		return err
	}
	r.ID = id
	for i := 0; i < len(companyIDs); i += database.InBatch {
		part := companyIDs[i:min(i+database.InBatch, len(companyIDs))]
		args := make([]any, 0, 2*len(part))
		vals := make([]string, len(part))
		for j, c := range part {
			vals[j] = "(?, ?)"
			args = append(args, id, c)
		}
		if _, err := s.db.Exec(ctx, `INSERT INTO partner_deactivation_companies (partner_deactivation_id, corporate_account_id) VALUES `+
			strings.Join(vals, ", "), args...); err != nil {
			return err
		}
	}
	return nil
}

// lastPartner reads a partner's latest deactivation; sql.ErrNoRows if none.
func (s *store) lastPartner(ctx context.Context, partnerID int64) (*partnerRow, error) {
	var r partnerRow
	err := s.db.Get(ctx, &r, selectPartner+`WHERE p.partner_id = ? ORDER BY p.id DESC LIMIT 1`, partnerID)
	return &r, err
}

func (s *store) partnerByID(ctx context.Context, id int64) (*partnerRow, error) {
	var r partnerRow
	err := s.db.Get(ctx, &r, selectPartner+`WHERE p.id = ?`, id)
	return &r, err
}

func (s *store) runningPartners(ctx context.Context) ([]int64, error) {
	var ids []int64
	err := s.db.Select(ctx, &ids, `SELECT id FROM partner_deactivations WHERE status = ? ORDER BY id`, PartnerRunning)
	return ids, err
}

// pendingCompanies lists the companies of a partner deactivation not done yet.
func (s *store) pendingCompanies(ctx context.Context, runID int64) ([]int64, error) {
	var ids []int64
	err := s.db.Select(ctx, &ids, `SELECT corporate_account_id FROM partner_deactivation_companies
		WHERE partner_deactivation_id = ? AND done_at IS NULL ORDER BY corporate_account_id`, runID)
	return ids, err
}

// claimCompany marks a company of a partner deactivation done, in the
// transaction that deactivates it; false when another run did it first.
func (s *store) claimCompany(ctx context.Context, runID, companyID int64, now time.Time) (bool, error) {
	n, err := s.db.Exec(ctx, `UPDATE partner_deactivation_companies SET done_at = ?
		WHERE partner_deactivation_id = ? AND corporate_account_id = ? AND done_at IS NULL`, now, runID, companyID)
	return n == 1, err
}

// finishPartner closes a run whose companies are all done.
func (s *store) finishPartner(ctx context.Context, runID int64, now time.Time) (bool, error) {
	n, err := s.db.Exec(ctx, `UPDATE partner_deactivations SET status = ?, finished_at = ? WHERE id = ? AND status = ?
		AND NOT EXISTS (SELECT 1 FROM partner_deactivation_companies c WHERE c.partner_deactivation_id = partner_deactivations.id AND c.done_at IS NULL)`,
		PartnerDone, now, runID, PartnerRunning)
	return n == 1, err
}

func (s *store) activatedPartner(ctx context.Context, runID int64, now time.Time) error {
	_, err := s.db.Exec(ctx, `UPDATE partner_deactivations SET status = ?, activated_at = ? WHERE id = ?`, PartnerActivated, now, runID)
	return err
}
