package budget

import (
	"context"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/database"
	"mobility/portal/internal/paging"
)

// The read models budget publishes for other domains (expenses today,
// invoicing and reporting later): they answer for a list of ids in one
// query, so a caller listing a page never asks once per row.

// Ref is what another domain needs of a budget.
type Ref struct {
	ID               int64  `db:"id"`
	OspID            string `db:"osp_id"`
	UserID           *int64 `db:"user_id"`
	CompanyID        int64  `db:"corporate_account_id"`
	BudgetType       string `db:"budget_type"`
	ActivationStatus string `db:"activation_status"`
	// Balance (cents) and Limited: what a screen choosing among a user's
	// budgets shows beside each (internal/order's confirmation)
	Balance int64 `db:"balance"`
	Limited bool  `db:"limited"`
}

// RefByOspID finds a budget by public id within scope; others' and
// unknown ids are NOT_FOUND.
func (s *Service) RefByOspID(ctx context.Context, scope access.Scope, ospID string) (*Ref, error) {
	r, err := s.store.ref(ctx, scope, ospID)
	if database.IsNoRows(err) {
		return nil, notFound(ctx, "budget")
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return r, nil
}

// Identity is what never changes of a budget once opened: its ids, its
// owner, its company and its type (no update moves them, and budgets are
// never deleted, so an id is never reused).
type Identity struct {
	ID         int64
	OspID      string
	UserID     *int64
	CompanyID  int64
	BudgetType string
}

// IdentityByOspID is the unchanging part of RefByOspID, answered from
// memory at the request's sign-in epoch (database/epoch.go): the identity
// never changes, and whether it lies in the caller's scope depends on the
// budget's company and that company's partner, whose changes move the
// epoch. Others' and unknown ids are NOT_FOUND. A posting checks the
// scope again in the statement that locks the budget (moveIfPlain).
func (s *Service) IdentityByOspID(ctx context.Context, scope access.Scope, ospID string) (*Identity, error) {
	id, err := s.identities.Read(ctx, identityKey{scope, ospID}, func(ctx context.Context) (Identity, error) {
		r, err := s.store.ref(ctx, scope, ospID)
		if err != nil {
			return Identity{}, err
		}
		return Identity{ID: r.ID, OspID: r.OspID, UserID: r.UserID, CompanyID: r.CompanyID, BudgetType: r.BudgetType}, nil
	})
	if database.IsNoRows(err) {
		return nil, notFound(ctx, "budget")
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	if id.UserID != nil {
		owner := *id.UserID // the caller's own copy
		id.UserID = &owner
	}
	return &id, nil
}

// identityKey is what IdentityByOspID's answer depends on.
type identityKey struct {
	scope access.Scope
	ospID string
}

// Refs returns the budgets with ids within scope, by id; ids outside it
// are left out.
func (s *Service) Refs(ctx context.Context, scope access.Scope, ids []int64) (map[int64]Ref, error) {
	rows, err := s.store.refs(ctx, scope, ids)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := make(map[int64]Ref, len(rows))
	for _, r := range rows {
		out[r.ID] = r
	}
	return out, nil
}

// ExpenseLedger is what the ledger says of one expense: its net cost (the
// booking less refunds plus corrections) and the id of its booking row.
type ExpenseLedger struct {
	ExpenseID       int64   `db:"expense_id"`
	Net             int64   `db:"net"`
	OriginalTxOspID *string `db:"original_tx_osp_id"`
}

// ExpenseLedgers returns the ledger of each expense id whose budget lies
// in scope, by expense id.
func (s *Service) ExpenseLedgers(ctx context.Context, scope access.Scope, expenseIDs []int64) (map[int64]ExpenseLedger, error) {
	rows, err := s.store.expenseLedgers(ctx, scope, expenseIDs)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := make(map[int64]ExpenseLedger, len(rows))
	for _, r := range rows {
		out[r.ExpenseID] = r
	}
	return out, nil
}

// ExpenseCorrection is a ledger row that corrected an expense (a refund or
// an update), with who booked it.
type ExpenseCorrection struct {
	OspID       string    `db:"osp_id"`
	Type        string    `db:"tx_type"`
	Amount      int64     `db:"amount"`
	Description string    `db:"description"`
	BookingDate string    `db:"booking_date"`
	CreatedAt   time.Time `db:"created_at"`
	CreatedBy   *int64    `db:"created_by"`
}

// ExpenseCorrections lists an expense's corrections, oldest first, when
// its budget lies in scope.
func (s *Service) ExpenseCorrections(ctx context.Context, scope access.Scope, expenseID int64) ([]ExpenseCorrection, error) {
	rows, err := s.store.expenseCorrections(ctx, scope, expenseID)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return rows, nil
}

// ActiveUsageReasons lists the labels of a company's active usage reasons.
func (s *Service) ActiveUsageReasons(ctx context.Context, scope access.Scope, companyID int64) ([]string, error) {
	out, err := s.store.activeUsageReasons(ctx, scope, companyID)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return out, nil
}

// NegativeOwner is a user with at least one budget below zero and the sum
// of those balances.
type NegativeOwner struct {
	UserID    int64 `db:"user_id"`
	CompanyID int64 `db:"corporate_account_id"`
	Total     int64 `db:"total"`
}

// NegativeOwners pages the users within scope (and of one company when
// companyID is set) with a budget below zero, most negative first unless
// the page sorts by amount, lastname, firstname or email; with their count.
func (s *Service) NegativeOwners(ctx context.Context, scope access.Scope, companyID int64, p paging.Pagination) ([]NegativeOwner, int, error) {
	total, err := s.store.countNegative(ctx, scope, companyID)
	if err != nil {
		return nil, 0, apperr.Internal(err)
	}
	rows, err := s.store.negativeOwners(ctx, scope, companyID, p)
	if err != nil {
		return nil, 0, apperr.Internal(err)
	}
	return rows, total, nil
}

// CountNegativeOwners counts the users within scope with a budget below zero.
func (s *Service) CountNegativeOwners(ctx context.Context, scope access.Scope, companyID int64) (int, error) {
	n, err := s.store.countNegative(ctx, scope, companyID)
	if err != nil {
		return 0, apperr.Internal(err)
	}
	return n, nil
}

// NegativeBudget is a budget below zero.
type NegativeBudget struct {
	UserID           int64  `db:"user_id"`
	OspID            string `db:"osp_id"`
	BudgetType       string `db:"budget_type"`
	ActivationStatus string `db:"activation_status"`
	Balance          int64  `db:"balance"`
}

// NegativeBudgets lists the budgets below zero of the users with ids
// within scope, most negative first.
func (s *Service) NegativeBudgets(ctx context.Context, scope access.Scope, userIDs []int64) ([]NegativeBudget, error) {
	rows, err := s.store.negativeBudgets(ctx, scope, userIDs)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return rows, nil
}
