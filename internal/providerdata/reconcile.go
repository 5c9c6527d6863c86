package providerdata

import "context"

// ReportedLine is a provider line as reconciliation reads it: what the
// provider's file reports under a booking id, and whether the platform
// booked it (ExpenseID set) or kept it UNMATCHED / REFUSED.
type ReportedLine struct {
	ID        int64
	Kind      string // the upload kind (NMBS, LINE, …): the provider
	BookingID string // <prefix>-<provider id>, as the expense has it
	Amount    int64
	Date      string
	Status    string
	Reason    string
	UserID    *int64
	ExpenseID *int64
}

// BookingPrefixes are the booking id prefixes of provider lines by kind.
func BookingPrefixes() map[string]string {
	out := make(map[string]string, len(Kinds))
	for _, k := range Kinds {
		out[k.Kind] = k.Prefix
	}
	return out
}

// ReportedLines reads, in id order after afterID, up to limit provider
// lines: the batched read model of reconciliation (trusted callers).
func (s *Service) ReportedLines(ctx context.Context, afterID int64, limit int) ([]ReportedLine, error) {
	rows, err := s.store.linesAfter(ctx, afterID, limit)
	if err != nil {
		return nil, err
	}
	byProvider := make(map[string]*kindDef, len(Kinds))
	for _, k := range Kinds {
		byProvider[k.Provider] = k
	}
	out := make([]ReportedLine, 0, len(rows))
	for _, r := range rows {
		k := byProvider[r.Provider]
		if k == nil {
			continue
		}
		l := ReportedLine{ID: r.ID, Kind: k.Kind, BookingID: bookingID(k, r.NaturalKey), Amount: r.Amount, Date: r.LineDate,
			Status: r.Status, Reason: r.Reason, UserID: r.UserID, ExpenseID: r.ExpenseID}
		if r.BookingID != nil && *r.BookingID != "" {
			l.BookingID = *r.BookingID
		}
		out = append(out, l)
	}
	return out, nil
}
