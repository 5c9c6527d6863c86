package reporting

import (
	"context"
	"sort"
	"strings"

	"mobility/portal/internal/access"
	"mobility/portal/internal/budget"
	"mobility/portal/internal/company"
	"mobility/portal/internal/expense"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/user"
	"mobility/portal/internal/validate"
)

// figuresData is what the dashboard calls read from the read models for a
// target and a range of months, with the companies narrowed to the
// target's type filter.
type figuresData struct {
	rng      monthRange
	users    []user.MonthlyUsers
	expenses []expense.MonthlyTotal
	ledger   []budget.MonthlyTotal
	keep     func(companyID int64) bool
	info     map[int64]*companyInfo
}

func (s *Service) dashboardInput(ctx context.Context, pr *access.Principal, f DashboardFilter) (*target, monthRange, error) {
	v := validate.New(ctx)
	rng := s.checkRange(v, f.MonthFrom, f.MonthTo)
	if f.CompanyType != "" {
		v.OneOf("companyType", f.CompanyType, company.CompanyTypes)
	}
	if err := v.Err(); err != nil {
		return nil, rng, err
	}
	t, err := s.targetOf(ctx, pr, f.CorporateAccountOspID, f.PartnerOspID, f.CompanyType)
	return t, rng, err
}

// what load reads.
const (
	withUsers = 1 << iota
	withExpenses
	withLedger
	withAll = withUsers | withExpenses | withLedger
)

// load reads the monthly read models that what asks for: user counts,
// expense totals, the ledger's totals.
func (s *Service) load(ctx context.Context, t *target, rng monthRange, what int) (*figuresData, error) {
	d := &figuresData{rng: rng, keep: func(int64) bool { return true }}
	if t.ids != nil && len(t.ids) == 0 {
		return d, nil
	}
	var err error
	if what&withUsers != 0 {
		if d.users, err = s.users.AppUsersPerMonth(ctx, t.scope, t.ids, rng.bounds()); err != nil {
			return nil, err
		}
	}
	q := expense.MonthlyQuery{CompanyIDs: t.ids, MonthFrom: rng.from.String(), MonthTo: rng.to.String()}
	if what&withExpenses != 0 {
		if d.expenses, err = s.expenses.MonthlyTotals(ctx, t.scope, q); err != nil {
			return nil, err
		}
	}
	if what&withLedger != 0 {
		if d.ledger, err = s.budgets.MonthlyTotals(ctx, t.scope, budget.MonthlyQuery{CompanyIDs: t.ids, MonthFrom: q.MonthFrom, MonthTo: q.MonthTo}); err != nil {
			return nil, err
		}
	}
	if t.companyType != "" {
		if d.info, err = s.describe(ctx, t, d.companyIDs()); err != nil {
			return nil, err
		}
		d.keep = func(id int64) bool { return d.info[id] != nil }
	}
	return d, nil
}

func (d *figuresData) companyIDs() []int64 {
	var ids []int64
	for _, u := range d.users {
		ids = append(ids, u.CompanyID)
	}
	for _, e := range d.expenses {
		ids = append(ids, e.CompanyID)
	}
	for _, l := range d.ledger {
		ids = append(ids, l.CompanyID)
	}
	return uniq(ids)
}

// Figures answers the dashboard's tiles.
func (s *Service) Figures(ctx context.Context, pr *access.Principal, f DashboardFilter) (*Figures, error) {
	t, rng, err := s.dashboardInput(ctx, pr, f)
	if err != nil {
		return nil, err
	}
	d, err := s.load(ctx, t, rng, withAll)
	if err != nil {
		return nil, err
	}
	out := &Figures{}
	last := rng.to.String()
	for _, u := range d.users {
		if !d.keep(u.CompanyID) {
			continue
		}
		if u.Month == last {
			out.ActiveUsers += u.Active
		}
		out.NewUsers += u.New
	}
	for _, e := range d.expenses {
		if d.keep(e.CompanyID) {
			out.ExpensesAmount += e.Sum
			out.ExpensesCount += e.Count
		}
	}
	for _, l := range d.ledger {
		if d.keep(l.CompanyID) {
			out.TransactionsCount += l.Count
		}
	}
	if t.ids == nil || len(t.ids) > 0 {
		cf, err := s.budgets.CompanyFigures(ctx, t.scope, t.ids)
		if err != nil {
			return nil, err
		}
		for id, c := range cf {
			if d.keep(id) {
				out.NegativeBudgetUsers += c.NegativeUsers
			}
		}
		if t.one != nil {
			if c := cf[t.one.ID]; c != nil && c.CompanyBalance != nil && d.keep(t.one.ID) {
				out.CompanyBudget = &CompanyBudget{Balance: *c.CompanyBalance, Threshold: c.CompanyThreshold}
			}
		}
	}
	if pr.IsMsp() {
		n, err := s.activeCompanies(ctx, pr, t, f)
		if err != nil {
			return nil, err
		}
		out.ActiveCorporateAccounts = &n
	}
	return out, nil
}

// activeCompanies counts the active companies of the target through
// company's own listing (scoped to the caller).
func (s *Service) activeCompanies(ctx context.Context, pr *access.Principal, t *target, f DashboardFilter) (int64, error) {
	if t.one != nil {
		if t.companyType != "" && t.one.CompanyType != t.companyType {
			return 0, nil
		}
		c, err := s.companies.Get(ctx, pr, t.one.OspID)
		if err != nil || !c.Active {
			return 0, err
		}
		return 1, nil
	}
	active := true
	page, err := s.companies.Filter(ctx, pr, company.FilterRequest{Active: &active, PartnerOspID: f.PartnerOspID,
		CompanyType: t.companyType, Pagination: paging.Pagination{Page: 1, Size: 1}})
	if err != nil {
		return 0, err
	}
	return int64(page.TotalElements), nil
}

// Timeline answers one series per month of the range.
func (s *Service) Timeline(ctx context.Context, pr *access.Principal, req TimelineRequest) (*Timeline, error) {
	t, rng, err := s.dashboardInput(ctx, pr, req.DashboardFilter)
	if err != nil {
		return nil, err
	}
	what := []int{withLedger, withUsers, withExpenses}[req.Type]
	if t.companyType != "" {
		what = withAll // the type filter resolves the companies of every read model
	}
	d, err := s.load(ctx, t, rng, what)
	if err != nil {
		return nil, err
	}
	per := map[string]int64{}
	switch req.Type {
	case 0:
		for _, l := range d.ledger {
			if d.keep(l.CompanyID) {
				per[l.Month] += l.Count
			}
		}
	case 1:
		for _, u := range d.users {
			if d.keep(u.CompanyID) {
				per[u.Month] += u.Active
			}
		}
	default:
		for _, e := range d.expenses {
			if d.keep(e.CompanyID) {
				per[e.Month] += e.Sum
			}
		}
	}
	out := &Timeline{Type: req.Type, Points: []Point{}}
	for _, m := range rng.months() {
		out.Points = append(out.Points, Point{Month: m.String(), Value: per[m.String()]})
	}
	return out, nil
}

// Pie answers the expenses per mobility mode or per provider; zero
// amounts are left out, the largest first.
func (s *Service) Pie(ctx context.Context, pr *access.Principal, req PieRequest) (*Pie, error) {
	t, rng, err := s.dashboardInput(ctx, pr, req.DashboardFilter)
	if err != nil {
		return nil, err
	}
	d, err := s.load(ctx, t, rng, withExpenses)
	if err != nil {
		return nil, err
	}
	lang := i18n.FromContext(ctx)
	slices := map[string]*Slice{}
	for _, e := range d.expenses {
		if !d.keep(e.CompanyID) {
			continue
		}
		key, label := e.MobilityMode, modeLabel(lang, e.MobilityMode)
		if req.Type == 1 {
			key = providerKey(e.Provider)
			label = key
			if key == providerOther {
				label = i18n.T(lang, "reporting.providerOther")
			}
		}
		sl := slices[key]
		if sl == nil {
			sl = &Slice{Key: key, Label: label}
			slices[key] = sl
		}
		sl.Count += e.Count
		sl.TotalPriceVatIncl += e.Sum
	}
	out := &Pie{Type: req.Type, Slices: []Slice{}}
	for _, sl := range slices {
		if sl.TotalPriceVatIncl != 0 {
			out.Slices = append(out.Slices, *sl)
		}
	}
	sort.Slice(out.Slices, func(i, j int) bool {
		a, b := out.Slices[i], out.Slices[j]
		if a.TotalPriceVatIncl != b.TotalPriceVatIncl {
			return a.TotalPriceVatIncl > b.TotalPriceVatIncl
		}
		return a.Key < b.Key
	})
	return out, nil
}

// companySorts are the table's sortable properties.
var companySorts = []string{"name", "activeUsers", "expensesAmount", "expensesCount", "transactionsCount", "budgetBalance"}

// Companies answers the per-company table: every company of the target
// (without a filter, platform staff get the companies with app users or
// activity in the range), sorted (default name ascending) and paged by 5.
func (s *Service) Companies(ctx context.Context, pr *access.Principal, req CompaniesRequest) (*paging.Page[CompanyRow], error) {
	t, rng, err := s.dashboardInput(ctx, pr, req.DashboardFilter)
	if err != nil {
		return nil, err
	}
	v := validate.New(ctx)
	for i, so := range req.Pagination.SortOrders {
		v.OneOf("pagination.sortOrders["+itoa(i)+"].property", so.Property, companySorts)
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	pg := req.Pagination.Normalize(5)
	d, err := s.load(ctx, t, rng, withAll)
	if err != nil {
		return nil, err
	}
	ids := t.ids
	if ids == nil {
		ids = d.companyIDs()
	}
	info := d.info
	if info == nil {
		if info, err = s.describe(ctx, t, ids); err != nil {
			return nil, err
		}
	}
	rows := map[int64]*CompanyRow{}
	for id, c := range info {
		rows[id] = &CompanyRow{CorporateAccountOspID: c.OspID, Name: c.Name}
	}
	last := rng.to.String()
	for _, u := range d.users {
		if r := rows[u.CompanyID]; r != nil && u.Month == last {
			r.ActiveUsers += u.Active
		}
	}
	for _, e := range d.expenses {
		if r := rows[e.CompanyID]; r != nil {
			r.ExpensesAmount += e.Sum
			r.ExpensesCount += e.Count
		}
	}
	for _, l := range d.ledger {
		if r := rows[l.CompanyID]; r != nil {
			r.TransactionsCount += l.Count
		}
	}
	if len(rows) > 0 {
		list := make([]int64, 0, len(rows))
		for id := range rows {
			list = append(list, id)
		}
		cf, err := s.budgets.CompanyFigures(ctx, t.scope, list)
		if err != nil {
			return nil, err
		}
		for id, c := range cf {
			if r := rows[id]; r != nil && c.CompanyBalance != nil {
				b := *c.CompanyBalance
				r.BudgetBalance = &b
			}
		}
	}
	all := make([]CompanyRow, 0, len(rows))
	for _, r := range rows {
		all = append(all, *r)
	}
	sortCompanies(all, pg.SortOrders)
	from := min(pg.Offset(), len(all))
	to := min(from+pg.Size, len(all))
	page := paging.NewPage(all[from:to], len(all), pg)
	return &page, nil
}

func sortCompanies(rows []CompanyRow, orders []paging.SortOrder) {
	if len(orders) == 0 {
		orders = []paging.SortOrder{{Property: "name", Direction: "ASC"}}
	}
	bal := func(r CompanyRow) int64 {
		if r.BudgetBalance == nil {
			return -1 << 62
		}
		return *r.BudgetBalance
	}
	sort.SliceStable(rows, func(i, j int) bool {
		a, b := rows[i], rows[j]
		for _, o := range orders {
			var c int
			switch o.Property {
			case "activeUsers":
				c = cmp64(a.ActiveUsers, b.ActiveUsers)
			case "expensesAmount":
				c = cmp64(a.ExpensesAmount, b.ExpensesAmount)
			case "expensesCount":
				c = cmp64(a.ExpensesCount, b.ExpensesCount)
			case "transactionsCount":
				c = cmp64(a.TransactionsCount, b.TransactionsCount)
			case "budgetBalance":
				c = cmp64(bal(a), bal(b))
			default:
				c = strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name))
			}
			if o.Direction == "DESC" {
				c = -c
			}
			if c != 0 {
				return c < 0
			}
		}
		return a.CorporateAccountOspID < b.CorporateAccountOspID
	})
}

func cmp64(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
