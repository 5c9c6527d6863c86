package expense

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/money"
)

// ProviderBooking is one line of a provider's file to book as an expense
// (cambio's invoice lines): the user, the budget the caller chose
// (budget.Service.ProviderBudgets) and checked (budget.Service.CheckSpend)
// in its transaction, and the purchase.
type ProviderBooking struct {
	UserID              int64
	CompanyID           int64
	BudgetID            int64
	Amount              int64 // cents incl. VAT, > 0
	VatBasisPoints      int64
	Description         string
	Date                string // yyyy-MM-dd
	MobilityMode        string
	ExternalReference   string // the provider's reference (invoice and line)
	IdentificationField string // how the line names the user (customer number)
	CreatedBy           int64
}

// BookProvider books a provider's line as an expense with its ledger row
// (type event, -amount, a purchase: a deactivated or too small limited
// budget refuses it) in the caller's transaction. It returns the
// expense's public id and booking id. Only system callers use it (a file
// processed by platform staff), so it acts in the system scope.
func (s *Service) BookProvider(ctx context.Context, b ProviderBooking) (ospID, bookingID string, err error) {
	if b.Amount <= 0 || b.Amount > money.MaxAmount || !contains(MobilityModes, b.MobilityMode) {
		return "", "", apperr.Internal(money.ErrOverflow)
	}
	e := &expenseRow{BudgetID: b.BudgetID, UserID: b.UserID, CorporateAccountID: b.CompanyID, Amount: b.Amount,
		VatBasisPoints: b.VatBasisPoints, Description: b.Description, ExpenseDate: b.Date, ExternalReference: b.ExternalReference,
		IdentificationField: b.IdentificationField, MobilityMode: b.MobilityMode, CreatedBy: &b.CreatedBy}
	if err := s.book(ctx, access.SystemScope(), e); err != nil {
		return "", "", internal(err)
	}
	return e.OspID, e.BookingID, nil
}
