package expense

import (
	"context"

	"mobility/portal/internal/database"
)

func (s *store) billedByIDs(ctx context.Context, ids []int64) ([]Billed, error) {
	return database.SelectIn[Billed](ctx, s.db, ids, func(in string) string {
		return `SELECT e.id, e.osp_id, e.booking_id, e.user_id, e.corporate_account_id, e.expense_date, e.description,
			e.mobility_mode, e.vat_percentage, e.resource_id, e.quantity_milli FROM expenses e WHERE e.id IN (` + in + `)`
	})
}
