package budget

import (
	"context"
	"strings"

	"mobility/portal/internal/database"
)

// replaceCompanyTypesOf keeps the rows of types in company_budget_types
// for companyIDs, deletes the others and adds the missing ones with no
// defaults, 500 companies a statement.
func (s *store) replaceCompanyTypesOf(ctx context.Context, companyIDs []int64, types []string) error {
	for i := 0; i < len(companyIDs); i += database.InBatch {
		part := companyIDs[i:min(i+database.InBatch, len(companyIDs))]
		args := make([]any, 0, len(part)+len(types))
		for _, id := range part {
			args = append(args, id)
		}
		q := `DELETE FROM company_budget_types WHERE corporate_account_id IN (` + database.Placeholders(len(part)) + `)`
		if len(types) > 0 {
			q += ` AND budget_type NOT IN (` + database.Placeholders(len(types)) + `)`
			for _, t := range types {
				args = append(args, t)
			}
		}
		if _, err := s.db.Exec(ctx, q, args...); err != nil {
			return err
		}
		if len(types) == 0 {
			continue
		}
		// at most 500 companies × 5 types = 2,500 rows of 2 values
		values := make([]string, 0, len(part)*len(types))
		args = make([]any, 0, 2*len(part)*len(types))
		for _, id := range part {
			for _, t := range types {
				values = append(values, "(?, ?)")
				args = append(args, id, t)
			}
		}
		if _, err := s.db.Exec(ctx, `INSERT INTO company_budget_types (corporate_account_id, budget_type) VALUES `+
			strings.Join(values, ", ")+` ON CONFLICT (corporate_account_id, budget_type) DO NOTHING`, args...); err != nil {
			return err
		}
	}
	return nil
}
