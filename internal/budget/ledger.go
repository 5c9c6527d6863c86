package budget

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/database"
	"mobility/portal/internal/money"
)

// LabelInsufficient: a limited budget cannot pay more than it holds.
var (
	LabelInsufficient = apperr.Define("INSUFFICIENT_BUDGET")
	LabelDeactivated  = apperr.Define("BUDGET_DEACTIVATED")
)

// Entry is one movement to book.
type Entry struct {
	Type        string
	Amount      int64 // cents; negative takes money out
	Description string
	ExpenseID   *int64
	PeriodKey   *string
	BookingDate string // yyyy-MM-dd; "" books today
	CreatedBy   *int64
	// Spend marks money going out for a purchase: refused by a
	// deactivated budget, and by a limited one that holds too little.
	Spend bool
	// Scheduled marks a purchase booked by a schedule (a recurring
	// purchase), not a cost incurred earlier: a budget switched off with
	// its company refuses it even in its extra-costs window.
	Scheduled bool
}

// post is the one place where money moves. It runs in the caller's
// transaction, with the budget locked: it checks the rules, appends the
// ledger row and moves the cached balance, so the balance always equals
// the sum of the rows.
func (s *Service) post(ctx context.Context, b *row, e Entry) (*txRow, error) {
	after, err := s.checkPost(ctx, b, e)
	if err != nil {
		return nil, err
	}
	return s.book(ctx, b, e, after, false)
}

// book is post after its checks: it appends the ledger row of e, whose
// balance after is after, and moves the cached balance to it unless moved
// says the caller has moved it already (moveIfPlain, which also made
// post's checks; its ledger row may then wait for the end of the
// group-commit batch, deferLedger), then the monthly totals and the
// threshold.
func (s *Service) book(ctx context.Context, b *row, e Entry, after int64, moved bool) (*txRow, error) {
	now := database.Now(s.clock.Now())
	booking := e.BookingDate
	if booking == "" {
		booking = clock.Today(now)
	}
	t := &txRow{OspID: database.NewID(), BudgetID: b.ID, Type: e.Type, Amount: e.Amount, BalanceAfter: after,
		Description: e.Description, ExpenseID: e.ExpenseID, PeriodKey: e.PeriodKey, BookingDate: booking,
		CreatedBy: e.CreatedBy, CreatedAt: now}
	write := s.store.appendTx
	if moved {
		write = s.store.deferLedger
	}
	if err := write(ctx, t); err != nil {
		return nil, err
	}
	// the monthly totals move with the ledger, in the same transaction
	// (a row read without its company is looked up)
	if b.CorporateAccountID == 0 {
		if err := s.addMonthlyOf(ctx, []*txRow{t}); err != nil {
			return nil, err
		}
	} else {
		d := monthlyDelta{}
		d.add(b.CorporateAccountID, b.UserID, t)
		if err := s.store.addMonthly(ctx, d.rows()); err != nil {
			return nil, err
		}
	}
	b.Balance = t.BalanceAfter
	if err := s.watchThreshold(ctx, b); err != nil {
		return nil, err
	}
	return t, nil
}

// checkPost applies post's rules to e on b, writing nothing, and answers
// the balance after it.
func (s *Service) checkPost(ctx context.Context, b *row, e Entry) (int64, error) {
	// checked, never wrapped: an overflowing balance is refused before
	// anything is written (SQLite would store it as REAL, PostgreSQL refuse)
	after, err := nextBalance(b.Balance, e.Amount)
	if err != nil {
		return 0, conflict(ctx, LabelBalanceOutOfRange, "money.error.balanceOutOfRange")
	}
	if e.Spend {
		if !b.active() {
			// a budget switched off with its company still takes the
			// extra costs of its window (company_deactivation.go)
			open := false
			if !e.Scheduled {
				if open, err = s.extraCostsOpen(ctx, b.ID); err != nil {
					return 0, err
				}
			}
			if !open {
				return 0, conflict(ctx, LabelDeactivated, "money.error.deactivated")
			}
		}
		if b.Limited && e.Amount < 0 && after < 0 {
			return 0, conflict(ctx, LabelInsufficient, "money.error.insufficient")
		}
	}
	return after, nil
}

// MaxBalance bounds a budget's balance and any one ledger row, in cents
// (±10,000,000,000.00 €: a thousand of the largest amounts the API takes).
// Far beyond any real budget, it keeps every sum the reads make over a
// budget's rows (total credited, net amounts) inside int64, so no booking
// can leave a budget unreadable.
const MaxBalance = 1000 * money.MaxAmount

// nextBalance is balance+amount, or money.ErrOverflow when the amount or
// the result lies outside ±MaxBalance.
func nextBalance(balance, amount int64) (int64, error) {
	if !withinMaxBalance(amount) {
		return 0, money.ErrOverflow
	}
	next, err := money.Add(balance, amount)
	if err != nil || next > MaxBalance || next < -MaxBalance {
		return 0, money.ErrOverflow
	}
	return next, nil
}

// withinMaxBalance tells whether one amount lies within ±MaxBalance (the
// bound of any one ledger row, and what keeps balance+amount in int64).
func withinMaxBalance(amount int64) bool { return amount >= -MaxBalance && amount <= MaxBalance }

// Post books an entry on a budget by id (for other domains: expenses,
// invoicing); it locks the budget and runs in one transaction. The budget
// must lie in scope (checked in the query that locks it); another tenant's
// is NOT_FOUND. Jobs pass access.SystemScope().
func (s *Service) Post(ctx context.Context, scope access.Scope, budgetID int64, e Entry) (txOspID string, balance int64, err error) {
	return s.PostKnown(ctx, scope, budgetID, e, nil)
}

// PostKnown books e on a budget by id, within scope, after write (nil for
// none) has written the caller's rows, once the budget is locked and e is
// known to be allowed: the ledger row of e may refer to them (e.ExpenseID
// points at the id write fills in), and a refused e writes nothing. In the common case (moveIfPlain) one statement
// locks the budget, checks post's rules and moves its balance, where
// postWith reads the whole row first and moves the balance after: one
// statement fewer in a posting's turn of the group commit
// (docs/performance.md). Any other case takes postWith's path, with the
// same answers and refusals.
func (s *Service) PostKnown(ctx context.Context, scope access.Scope, budgetID int64, e Entry, write func(ctx context.Context) error) (txOspID string, balance int64, err error) {
	if write == nil {
		write = func(context.Context) error { return nil }
	}
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		b, err := s.store.moveIfPlain(ctx, scope, budgetID, e)
		if database.IsNoRows(err) {
			txOspID, balance, err = s.postWith(ctx, scope, budgetID, e, write)
			return err
		}
		if err != nil {
			return err
		}
		if err := write(ctx); err != nil {
			return err
		}
		t, err := s.book(ctx, b, e, b.Balance, true)
		if err != nil {
			return err
		}
		txOspID, balance = t.OspID, t.BalanceAfter
		return nil
	})
	return txOspID, balance, apperr.Wrap(err)
}

// MoveAhead announces, for database.WithGroupTxAhead, the first write of
// a PostKnown of e on budget id within scope, in a posting that writes
// nothing on another budget before it: the move of its common case
// (moveIfPlain), which the group-commit batch may then make together
// with the moves of the postings queued behind it.
func (s *Service) MoveAhead(scope access.Scope, budgetID int64, e Entry) database.Ahead {
	return s.store.newMove(scope, budgetID, e)
}

// postWith is PostKnown's general path: it posts e to a budget after
// write has written the caller's rows the ledger row refers to (an
// expense), in the caller's transaction. The budget is locked and read
// (one statement) before write runs. Locking first matters on PostgreSQL:
// the foreign-key check of the caller's row takes a share lock on the
// budget, and two transactions each holding one and waiting to upgrade to
// the posting's update lock would deadlock. post's rules are checked
// before write too, so a refused entry writes nothing: a group-commit
// batch goes on past it without undoing anything (database/group.go). The
// budget must lie in scope; another tenant's is NOT_FOUND, and write does
// not run.
func (s *Service) postWith(ctx context.Context, scope access.Scope, budgetID int64, e Entry, write func(ctx context.Context) error) (txOspID string, balance int64, err error) {
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		b, err := s.store.byID(ctx, scope, budgetID, true)
		if database.IsNoRows(err) {
			return apperr.NotFound("budget")
		}
		if err != nil {
			return err
		}
		after, err := s.checkPost(ctx, b, e)
		if err != nil {
			return err
		}
		if err := write(ctx); err != nil {
			return err
		}
		t, err := s.book(ctx, b, e, after, false)
		if err != nil {
			return err
		}
		txOspID, balance = t.OspID, t.BalanceAfter
		return nil
	})
	return txOspID, balance, apperr.Wrap(err)
}
