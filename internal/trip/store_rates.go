package trip

import (
	"context"
	"time"

	"mobility/portal/internal/database"
)

// rateRow is a tax_free_rates row.
type rateRow struct {
	ID        int64     `db:"id"`
	OspID     string    `db:"osp_id"`
	Kind      string    `db:"kind"`
	RateMicro int64     `db:"rate_micro"`
	ValidFrom string    `db:"valid_from"`
	ValidTo   *string   `db:"valid_to"`
	CreatedAt time.Time `db:"created_at"`
}

const rateCols = `id, osp_id, kind, rate_micro, valid_from, valid_to, created_at`

// rates lists every period, by kind and start.
func (s *store) rates(ctx context.Context) ([]rateRow, error) {
	var out []rateRow
	err := s.db.Select(ctx, &out, `SELECT `+rateCols+` FROM tax_free_rates ORDER BY kind, valid_from`)
	return out, err
}

// ratesOn is the rate of each kind valid on day (kinds without one are
// left out).
func (s *store) ratesOn(ctx context.Context, day string) (map[string]int64, error) {
	var rows []rateRow
	err := s.db.Select(ctx, &rows, `SELECT `+rateCols+` FROM tax_free_rates
		WHERE valid_from <= ? AND (valid_to IS NULL OR valid_to >= ?)`, day, day)
	out := make(map[string]int64, len(rows))
	for _, r := range rows {
		out[r.Kind] = r.RateMicro
	}
	return out, err
}

// ratesOfKind lists a kind's periods (the overlap check reads them under
// the kind's lock).
func (s *store) ratesOfKind(ctx context.Context, kind string) ([]rateRow, error) {
	var out []rateRow
	err := s.db.Select(ctx, &out, `SELECT `+rateCols+` FROM tax_free_rates WHERE kind = ? ORDER BY valid_from`, kind)
	return out, err
}

// insertRate adds a period.
func (s *store) insertRate(ctx context.Context, r rateRow) error {
	_, err := s.db.Exec(ctx, `INSERT INTO tax_free_rates (osp_id, kind, rate_micro, valid_from, valid_to, created_at)
		VALUES (?, ?, ?, ?, ?, ?)`, r.OspID, r.Kind, r.RateMicro, r.ValidFrom, r.ValidTo, r.CreatedAt)
	return err
}

// closeRate ends an open-ended period on validTo.
func (s *store) closeRate(ctx context.Context, id int64, validTo string) error {
	_, err := s.db.Exec(ctx, `UPDATE tax_free_rates SET valid_to = ? WHERE id = ? AND valid_to IS NULL`, validTo, id)
	return err
}

// lockRates serialises the writers of tax-free rates for the rest of the
// transaction (PostgreSQL: an advisory lock; SQLite has one writer).
func (s *store) lockRates(ctx context.Context) error {
	if s.db.Dialect != database.Postgres {
		return nil
	}
	_, err := s.db.Exec(ctx, `SELECT pg_advisory_xact_lock(?)`, rateLockKey)
	return err
}

// rateLockKey is the advisory lock of tax_free_rates writers (an arbitrary
// constant no other package uses: "trip" in ASCII).
const rateLockKey int64 = 0x74726970
