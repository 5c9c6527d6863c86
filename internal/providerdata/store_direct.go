package providerdata

import (
	"context"
	"time"

	"mobility/portal/internal/database"
)

// directPayers answers which of the companies pay a kind's provider
// directly (500 companies a query).
func (s *store) directPayers(ctx context.Context, kind string, companyIDs []int64) (map[int64]bool, error) {
	ids, err := database.SelectIn[int64](ctx, s.db, companyIDs, func(in string) string {
		return `SELECT corporate_account_id FROM provider_direct_payers WHERE corporate_account_id IN (` + in + `) AND kind = ?`
	}, kind)
	out := make(map[int64]bool, len(ids))
	for _, id := range ids {
		out[id] = true
	}
	return out, err
}

// directKindsOf answers the kinds a company pays directly.
func (s *store) directKindsOf(ctx context.Context, companyID int64) (map[string]bool, error) {
	var kinds []string
	err := s.db.Select(ctx, &kinds, `SELECT kind FROM provider_direct_payers WHERE corporate_account_id = ?`, companyID)
	out := make(map[string]bool, len(kinds))
	for _, k := range kinds {
		out[k] = true
	}
	return out, err
}

// setDirect records (or removes) a company's direct payment of a kind.
func (s *store) setDirect(ctx context.Context, companyID int64, kind string, paid bool, by int64, now time.Time) error {
	if !paid {
		_, err := s.db.Exec(ctx, `DELETE FROM provider_direct_payers WHERE corporate_account_id = ? AND kind = ?`, companyID, kind)
		return err
	}
	_, err := s.db.Exec(ctx, `INSERT INTO provider_direct_payers (corporate_account_id, kind, updated_by, updated_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (corporate_account_id, kind) DO UPDATE SET updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
		companyID, kind, by, now)
	return err
}
