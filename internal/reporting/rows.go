package reporting

import (
	"context"
	"sort"
	"strconv"

	"mobility/portal/internal/access"
	"mobility/portal/internal/budget"
	"mobility/portal/internal/expense"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/validate"
)

func itoa(i int) string { return strconv.Itoa(i) }

// Rows answers countUsers, countBookings, sumEvents and sumTransactions
// for a company or a partner's companies, from the read models.
func (s *Service) Rows(ctx context.Context, pr *access.Principal, kind rowsKind, req RowsRequest) (*RowsResponse, error) {
	v := validate.New(ctx)
	rng := s.checkRange(v, req.MonthFrom, req.MonthTo)
	v.Required("parentOspId", req.ParentOspID)
	if err := v.Err(); err != nil {
		return nil, err
	}
	t, err := s.parentTarget(ctx, pr, req.ParentOspID)
	if err != nil {
		return nil, err
	}
	out := &RowsResponse{Rows: []Row{}}
	if t.ids != nil && len(t.ids) == 0 {
		return out, nil
	}
	lang := i18n.FromContext(ctx)
	from, to := rng.from.String(), rng.to.String()
	var rows []Row
	var ids []int64
	switch kind {
	case rowsUsers:
		us, err := s.users.AppUsersPerMonth(ctx, t.scope, t.ids, rng.bounds())
		if err != nil {
			return nil, err
		}
		for _, u := range us {
			rows = append(rows, Row{Count: u.Active, BillingMonth: u.Month})
			ids = append(ids, u.CompanyID)
		}
	case rowsBookings, rowsEvents:
		es, err := s.expenses.MonthlyTotals(ctx, t.scope, expense.MonthlyQuery{CompanyIDs: t.ids, MonthFrom: from, MonthTo: to})
		if err != nil {
			return nil, err
		}
		for _, e := range es {
			p := providerKey(e.Provider)
			name := p
			if p == providerOther {
				name = i18n.T(lang, "reporting.providerOther")
			} else if n := expense.MRPName(p); n != "" {
				name = n
			}
			rows = append(rows, Row{Count: e.Count, TotalPriceVatIncl: e.Sum, BillingMonth: e.Month, MobilityMode: e.MobilityMode,
				MobilityModeLabel: modeLabel(lang, e.MobilityMode), MrpExtID: p, MrpName: name})
			ids = append(ids, e.CompanyID)
		}
	case rowsTransactions:
		ls, err := s.budgets.MonthlyTotals(ctx, t.scope, budget.MonthlyQuery{CompanyIDs: t.ids, MonthFrom: from, MonthTo: to})
		if err != nil {
			return nil, err
		}
		for _, l := range ls {
			rows = append(rows, Row{Count: l.Count, TotalPriceVatIncl: l.Sum, BillingMonth: l.Month, TransactionType: l.TxType})
			ids = append(ids, l.CompanyID)
		}
	}
	info, err := s.describe(ctx, t, ids)
	if err != nil {
		return nil, err
	}
	for i, r := range rows {
		c := info[ids[i]]
		if c == nil {
			continue
		}
		r.CompanyType, r.MspExtID, r.CorporateAccountExtID = c.CompanyType, c.MspExtID, c.ExtID
		out.Rows = append(out.Rows, r)
	}
	sort.SliceStable(out.Rows, func(i, j int) bool {
		a, b := out.Rows[i], out.Rows[j]
		if a.BillingMonth != b.BillingMonth {
			return a.BillingMonth < b.BillingMonth
		}
		if a.CorporateAccountExtID != b.CorporateAccountExtID {
			return a.CorporateAccountExtID < b.CorporateAccountExtID
		}
		if a.MobilityMode != b.MobilityMode {
			return a.MobilityMode < b.MobilityMode
		}
		if a.MrpExtID != b.MrpExtID {
			return a.MrpExtID < b.MrpExtID
		}
		return a.TransactionType < b.TransactionType
	})
	return out, nil
}
