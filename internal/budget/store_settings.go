package budget

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/database"
)

// A company's budget-type defaults and usage reasons.

func (s *store) companyTypes(ctx context.Context, companyID int64) ([]CompanyBudgetType, error) {
	var stored []CompanyBudgetType
	err := s.db.Select(ctx, &stored, `SELECT budget_type, frequency, transfer_strategy, frequency_amount, limited, budget_upper_limit
		FROM company_budget_types WHERE corporate_account_id = ?`, companyID)
	return stored, err
}

// replaceCompanyTypes stores the enabled types in place of the old ones,
// in one transaction.
func (s *store) replaceCompanyTypes(ctx context.Context, companyID int64, types []CompanyBudgetType) error {
	return s.db.WithTx(ctx, func(ctx context.Context) error {
		if _, err := s.db.Exec(ctx, `DELETE FROM company_budget_types WHERE corporate_account_id = ?`, companyID); err != nil {
			return err
		}
		for _, t := range types {
			if !t.Enabled {
				continue
			}
			if _, err := s.db.Exec(ctx, `INSERT INTO company_budget_types (corporate_account_id, budget_type, frequency, transfer_strategy,
				frequency_amount, limited, budget_upper_limit) VALUES (?, ?, ?, ?, ?, ?, ?)`, companyID, t.BudgetType, emptyNil(t.Frequency),
				t.TransferStrategy, t.FrequencyAmount.Cents(), !t.Unlimited, cents(t.BudgetUpperLimit)); err != nil {
				return err
			}
		}
		return nil
	})
}

func (s *store) usageReasons(ctx context.Context, companyID int64) ([]UsageReason, error) {
	out := []UsageReason{}
	err := s.db.Select(ctx, &out, `SELECT osp_id, label, active FROM usage_reasons WHERE corporate_account_id = ? ORDER BY label`, companyID)
	return out, err
}

func (s *store) addUsageReason(ctx context.Context, companyID int64, r *UsageReason) error {
	_, err := s.db.Exec(ctx, `INSERT INTO usage_reasons (osp_id, corporate_account_id, label, active) VALUES (?, ?, ?, TRUE)`, r.OspID, companyID, r.Label)
	return err
}

// usageReasonID finds a reason by public id within the caller's scope, in
// one query.
func (s *store) usageReasonID(ctx context.Context, scope access.Scope, ospID string) (int64, error) {
	cond, args := scope.InCompanies("r.corporate_account_id")
	var id int64
	err := s.db.Get(ctx, &id, `SELECT r.id FROM usage_reasons r WHERE r.osp_id = ? AND `+cond, append([]any{ospID}, args...)...)
	return id, err
}

func (s *store) updateUsageReason(ctx context.Context, id int64, label string, active bool) error {
	_, err := s.db.Exec(ctx, `UPDATE usage_reasons SET label = ?, active = ? WHERE id = ?`, label, active, id)
	return err
}

func (s *store) deleteUsageReason(ctx context.Context, id int64) error {
	_, err := s.db.Exec(ctx, `DELETE FROM usage_reasons WHERE id = ?`, id)
	return err
}

type offeredRow struct {
	CompanyID  int64  `db:"corporate_account_id"`
	BudgetType string `db:"budget_type"`
}

// offeredTypes reads the configured budget types of companies, by company
// id (a company without rows is absent), in one query per 500 ids.
func (s *store) offeredTypes(ctx context.Context, companyIDs []int64) (map[int64][]string, error) {
	rows, err := database.SelectIn[offeredRow](ctx, s.db, companyIDs, func(in string) string {
		return `SELECT corporate_account_id, budget_type FROM company_budget_types WHERE corporate_account_id IN (` + in + `)`
	})
	if err != nil {
		return nil, err
	}
	out := map[int64][]string{}
	for _, r := range rows {
		out[r.CompanyID] = append(out[r.CompanyID], r.BudgetType)
	}
	return out, nil
}
