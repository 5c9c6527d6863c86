package expense

import (
	"context"

	"mobility/portal/internal/apperr"
)

// Billed is what an invoice shows of an expense: its ids, user, date,
// mobility mode, VAT rate and the catalogue resource it was booked on with
// the quantity used (both absent on older expenses).
type Billed struct {
	ID             int64  `db:"id"`
	OspID          string `db:"osp_id"`
	BookingID      string `db:"booking_id"`
	UserID         int64  `db:"user_id"`
	CompanyID      int64  `db:"corporate_account_id"`
	Date           string `db:"expense_date"`
	Description    string `db:"description"`
	MobilityMode   string `db:"mobility_mode"`
	VatBasisPoints int    `db:"vat_percentage"`
	ResourceID     *int64 `db:"resource_id"`
	QuantityMilli  *int64 `db:"quantity_milli"`
}

// BilledByIDs returns the expenses with ids, by id, 500 ids a query (the
// invoice run reads the month's expenses the ledger named; a trusted
// caller, it spans every tenant).
func (s *Service) BilledByIDs(ctx context.Context, ids []int64) (map[int64]Billed, error) {
	rows, err := s.store.billedByIDs(ctx, ids)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := make(map[int64]Billed, len(rows))
	for _, r := range rows {
		out[r.ID] = r
	}
	return out, nil
}
