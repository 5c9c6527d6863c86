package cambio

import (
	"context"

	"mobility/portal/internal/apperr"
)

// BookingPrefix is the booking id prefix of Cambio invoice lines'
// expenses (CAMBIO-<invoice>-<line>), and the provider reconciliation
// files them under.
const BookingPrefix = "CAMBIO"

// ReportedLine is a Cambio invoice line as reconciliation reads it: what
// Cambio's invoice reports under the line's booking id. A line is stored
// only once booked, so each names its expense.
type ReportedLine struct {
	ID        int64  `db:"id"`
	BookingID string `db:"booking_id"`
	Amount    int64  `db:"amount_cents"`
	Date      string `db:"trip_date"`
	UserID    int64  `db:"user_id"`
}

// ReportedLines reads, in id order after afterID, up to limit invoice
// lines: reconciliation's batched read model (trusted callers).
func (s *Service) ReportedLines(ctx context.Context, afterID int64, limit int) ([]ReportedLine, error) {
	rows, err := s.store.linesAfter(ctx, afterID, limit)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return rows, nil
}
