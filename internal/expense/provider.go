package expense

import (
	"context"
	"strings"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/budget"
	"mobility/portal/internal/constants"
	"mobility/portal/internal/database"
	"mobility/portal/internal/money"
)

// ProviderBooking is a purchase a provider's file reports (internal/
// providerdata): booked by the system, with the provider's booking id.
type ProviderBooking struct {
	UserID    int64
	CompanyID int64
	BudgetID  int64
	// Amount incl. VAT in cents (> 0, within money.MaxAmount)
	Amount         int64
	VatBasisPoints int64
	Date           string // yyyy-MM-dd
	// BookingID is the expense's booking id (unique platform-wide): the
	// caller prefixes the provider's own id with the provider.
	BookingID           string
	ExternalReference   string
	IdentificationField string
	MobilityMode        string
	Description         string
	// Mrp is the provider (ResolveMRP): the expense records it, and the
	// monthly totals count it under its code
	Mrp ProviderMRP
}

// ProviderBooked is the expense a provider booking made.
type ProviderBooked struct {
	ID        int64
	OspID     string
	BookingID string
}

// LabelBookingTaken: the booking id already names an expense.
var LabelBookingTaken = apperr.Define("BOOKING_ID_TAKEN")

// BookProvider books a provider's purchase as an expense on a user's
// budget (type event, −amount) in the caller's transaction: the budget is
// locked and its rules checked first (BUDGET_DEACTIVATED,
// INSUFFICIENT_BUDGET) and the booking id's uniqueness (BOOKING_ID_TAKEN),
// so a refused purchase writes nothing and the caller's transaction goes
// on. No principal: the caller (platform staff's upload) matched the
// user; every money rule still holds (bounds, overflow-checked ledger).
func (s *Service) BookProvider(ctx context.Context, b ProviderBooking) (*ProviderBooked, error) {
	if b.Amount <= 0 || !money.Amount(b.Amount).InBounds() || b.VatBasisPoints < 0 || b.VatBasisPoints > 10000 ||
		b.BookingID == "" || len(b.Description) > 4*constants.DescriptionMaxLength {
		return nil, apperr.Internal(money.ErrOverflow)
	}
	mode := b.MobilityMode
	if !contains(MobilityModes, mode) {
		mode = DefaultMobilityMode
	}
	var out *ProviderBooked
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		if err := s.budgets.CheckSpend(ctx, access.SystemScope(), b.BudgetID, b.Amount); err != nil {
			return err
		}
		e := &expenseRow{OspID: database.NewID(), BudgetID: b.BudgetID, UserID: b.UserID, CorporateAccountID: b.CompanyID,
			Amount: b.Amount, VatBasisPoints: b.VatBasisPoints, Description: strings.TrimSpace(b.Description), ExpenseDate: b.Date,
			BookingID: b.BookingID, ExternalReference: b.ExternalReference, IdentificationField: b.IdentificationField,
			MobilityMode: mode, NotBilled: true, CreatedAt: s.now(), MrpCode: b.Mrp.Code, MrpPartnerID: b.Mrp.PartnerID}
		inserted, err := s.store.insertIfBookingFree(ctx, e)
		if err != nil {
			return err
		}
		if !inserted {
			return apperr.Conflict(LabelBookingTaken, "booking id "+b.BookingID+" is taken")
		}
		if _, _, err := s.budgets.Post(ctx, access.SystemScope(), e.BudgetID, budget.Entry{Type: budget.TxEvent, Amount: -e.Amount,
			Description: e.Description, ExpenseID: &e.ID, Spend: true}); err != nil {
			return err
		}
		if err := s.addMonthly(ctx, e, 1, e.Amount); err != nil {
			return err
		}
		out = &ProviderBooked{ID: e.ID, OspID: e.OspID, BookingID: e.BookingID}
		return nil
	})
	return out, internal(err)
}

// BookedRef is an expense as a surcharge names it by booking id.
type BookedRef struct {
	ID           int64  `db:"id"`
	OspID        string `db:"osp_id"`
	BookingID    string `db:"booking_id"`
	UserID       int64  `db:"user_id"`
	CompanyID    int64  `db:"corporate_account_id"`
	BudgetID     int64  `db:"budget_id"`
	MobilityMode string `db:"mobility_mode"`
	ExpenseDate  string `db:"expense_date"`
	// MrpCode is the provider's code (a surcharge records its booking's)
	MrpCode      string `db:"mrp_code"`
	MrpPartnerID *int64 `db:"mrp_partner_id"`
}

// ByBookingIDs finds expenses by booking id (one query per 500 ids), for
// trusted callers (provider data's surcharges, platform staff).
func (s *Service) ByBookingIDs(ctx context.Context, ids []string) (map[string]BookedRef, error) {
	rows, err := s.store.byBookingIDs(ctx, ids)
	if err != nil {
		return nil, internal(err)
	}
	out := make(map[string]BookedRef, len(rows))
	for _, r := range rows {
		out[r.BookingID] = r
	}
	return out, nil
}

// ProviderExpense is an expense booked with a provider's booking id, as
// reconciliation reads it: Net is the amount after refunds and
// corrections (the ledger's net cost).
type ProviderExpense struct {
	ID          int64  `db:"id"`
	OspID       string `db:"osp_id"`
	BookingID   string `db:"booking_id"`
	UserID      int64  `db:"user_id"`
	CompanyID   int64  `db:"corporate_account_id"`
	Amount      int64  `db:"amount"`
	ExpenseDate string `db:"expense_date"`
	Net         int64  `db:"-"`
}

// ProviderExpenses reads, in id order after afterID, up to limit expenses
// whose booking id starts with one of prefixes (each "<PREFIX>-"), with
// their net amounts (one ledger query per 500): the batched read model of
// reconciliation. Trusted callers only (platform staff's run).
func (s *Service) ProviderExpenses(ctx context.Context, prefixes []string, afterID int64, limit int) ([]ProviderExpense, error) {
	rows, err := s.store.providerExpenses(ctx, prefixes, afterID, limit)
	if err != nil || len(rows) == 0 {
		return rows, internal(err)
	}
	ids := make([]int64, len(rows))
	for i := range rows {
		ids[i] = rows[i].ID
	}
	ledgers, err := s.budgets.ExpenseLedgers(ctx, access.SystemScope(), ids)
	if err != nil {
		return nil, err
	}
	for i := range rows {
		rows[i].Net = ledgers[rows[i].ID].Net
	}
	return rows, nil
}
