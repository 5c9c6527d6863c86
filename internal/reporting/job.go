package reporting

import (
	"cmp"
	"context"
	"fmt"
	"net/url"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/budget"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/expense"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/mail"
	"mobility/portal/internal/user"
)

// JobResult says what a run of the report job did.
type JobResult struct {
	Month   string
	Made    int
	Skipped int
	Mails   int
}

// RunJob is the jobs runner's entry: on any day it makes the reports of
// the month before (the last closed month) that do not exist yet.
func (s *Service) RunJob(ctx context.Context, day string) (JobResult, error) {
	d, err := time.ParseInLocation(clock.DateLayout, day, clock.Brussels)
	if err != nil {
		return JobResult{}, err
	}
	return s.Generate(ctx, clock.MonthOf(d).Add(-1).String())
}

// Generate makes every report of a closed month (yyyyMM) once per type and
// company: each report is stored and mailed to its recipients (and, for
// the year-end overview made after December, to the HR contacts) in one
// transaction, and a report that exists is neither replaced nor mailed
// again. The companies are those with app users or ledger rows.
func (s *Service) Generate(ctx context.Context, reportMonth string) (JobResult, error) {
	res := JobResult{Month: reportMonth}
	m, ok := clock.ParseMonth(reportMonth)
	if !ok || m.Index() >= clock.MonthOf(s.clock.Now()).Index() {
		return res, fmt.Errorf("report month %q is not a closed month", reportMonth)
	}
	sys := access.SystemScope()
	t := &target{scope: sys}
	users, err := s.users.AppUsersPerMonth(ctx, sys, nil, []user.MonthBounds{monthBounds(m)})
	if err != nil {
		return res, err
	}
	ledger, err := s.budgets.MonthlyTotals(ctx, sys, budget.MonthlyQuery{MonthFrom: m.String(), MonthTo: m.String()})
	if err != nil {
		return res, err
	}
	var ids []int64
	for _, u := range users {
		ids = append(ids, u.CompanyID)
	}
	for _, l := range ledger {
		ids = append(ids, l.CompanyID)
	}
	info, err := s.describe(ctx, t, ids)
	if err != nil {
		return res, err
	}
	done, err := s.store.existing(ctx, m.String())
	if err != nil {
		return res, apperr.Internal(err)
	}
	types := AllTypes
	if m.Month != 12 {
		types = slices.DeleteFunc(slices.Clone(types), func(t string) bool { return t == TypeYearEnd })
	}
	for _, id := range uniq(ids) {
		c := info[id]
		if c == nil {
			continue
		}
		names := &nameCache{m: map[int64]user.Display{}} // a company's users, read once for all its reports
		var todo []string
		for _, typ := range types {
			if done[typ][id] {
				res.Skipped++
				continue
			}
			todo = append(todo, typ)
		}
		// The reports' tables are built side by side (reads of the read
		// models and the CSV), one per core; each is then stored and mailed
		// in its own transaction, one after the other.
		built := make([]*builtReport, len(todo))
		g, gctx := errgroup.WithContext(ctx)
		g.SetLimit(runtime.GOMAXPROCS(0))
		for i, typ := range todo {
			g.Go(func() error {
				b, err := s.buildReport(gctx, c, typ, m, names)
				if err != nil {
					return fmt.Errorf("report %s of company %d for %s: %w", typ, id, m, err)
				}
				built[i] = b
				return nil
			})
		}
		if err := g.Wait(); err != nil {
			return res, err
		}
		for i, b := range built {
			made, mails, err := s.storeReport(ctx, c, b)
			if err != nil {
				return res, fmt.Errorf("report %s of company %d for %s: %w", todo[i], id, m, err)
			}
			if made {
				res.Made++
				res.Mails += mails
			} else {
				res.Skipped++
			}
		}
	}
	return res, nil
}

// builtReport is a report made but not stored yet.
type builtReport struct {
	row  *reportRow
	csv  []byte
	kind string
}

// buildReport makes a report's table and its CSV (the XLSX is made on
// download, from this CSV: migration 00020).
func (s *Service) buildReport(ctx context.Context, c *companyInfo, typ string, m month, names *nameCache) (*builtReport, error) {
	tbl, err := s.content(ctx, c.ID, typ, m, names)
	if err != nil {
		return nil, err
	}
	csvBody, err := tbl.csv()
	if err != nil {
		return nil, err
	}
	period := m.String()
	if typ == TypeYearEnd {
		period = fmt.Sprintf("%04d", m.Year)
	}
	r := &reportRow{OspID: newOspID(), ReportType: typ, ReportMonth: m.String(), ReportPeriod: period, CorporateAccountID: c.ID,
		CorporateAccountOspID: c.OspID, CorporateAccountExtID: c.ExtID, CorporateAccountName: c.Name, MspExtID: c.MspExtID,
		RowCount: len(tbl.rows), CreatedAt: s.now()}
	return &builtReport{row: r, csv: csvBody, kind: tbl.kinds()}, nil
}

// storeReport stores a built report and mails its recipients in one
// transaction; false when it exists already (then nothing is written).
func (s *Service) storeReport(ctx context.Context, c *companyInfo, b *builtReport) (made bool, mails int, err error) {
	r, typ := b.row, b.row.ReportType
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		ok, err := s.store.insert(ctx, r, b.csv, b.kind)
		if err != nil || !ok {
			return err
		}
		made = true
		rec, err := s.store.recipients(ctx, c.ID, typ)
		if err != nil {
			return err
		}
		var to []string
		for _, x := range rec {
			to = append(to, x.Email)
		}
		if typ == TypeYearEnd {
			hr, err := s.users.ContactEmails(ctx, access.SystemScope(), c.ID, user.ContactHR)
			if err != nil {
				return err
			}
			for _, e := range hr {
				to = append(to, normalEmail(e))
			}
		}
		slices.Sort(to)
		to = slices.Compact(to)
		for _, addr := range to {
			if err := s.mailReport(ctx, addr, r); err != nil {
				return err
			}
			mails++
		}
		return nil
	})
	if !made {
		mails = 0
	}
	return made, mails, err
}

func (s *Service) mailReport(ctx context.Context, to string, r *reportRow) error {
	lang := i18n.Default
	// the reporting screen (sign-in needed) offers the download
	link := fmt.Sprintf("%s/reporting?reportOspId=%s", strings.TrimSuffix(s.publicURL, "/"), url.QueryEscape(r.OspID))
	return s.outbox.Enqueue(ctx, mail.Message{To: to, Name: "report_ready", Lang: lang, CompanyID: r.CorporateAccountID, Data: map[string]string{
		"TypeLabel": typeLabel(lang, r.ReportType), "Period": r.ReportPeriod, "Company": r.CorporateAccountName, "Link": link}})
}

// byName orders users by last name, then first name (without building a
// string per comparison: the sorts of a 100,000-user report compare
// millions of times).
func byName(a, b user.Display) int {
	return cmp.Or(strings.Compare(a.Lastname, b.Lastname), strings.Compare(a.Firstname, b.Firstname))
}

// nameCache holds the display fields of a company's users read so far:
// a month's reports of one company name the same users, a 100,000-user
// company's names are read once instead of once a report. The reports are
// built side by side, hence the lock.
type nameCache struct {
	mu sync.Mutex
	m  map[int64]user.Display
}

// names answers the display fields of users (system scope: the users of a
// company the job reached), reading those the cache does not hold yet.
func (s *Service) names(ctx context.Context, cache *nameCache, ids []int64) (map[int64]user.Display, error) {
	ids = uniq(ids)
	cache.mu.Lock()
	var missing []int64
	for _, id := range ids {
		if _, ok := cache.m[id]; !ok {
			missing = append(missing, id)
		}
	}
	cache.mu.Unlock()
	var got map[int64]user.Display
	if len(missing) > 0 {
		var err error
		if got, err = s.users.Displays(ctx, access.SystemScope(), missing); err != nil {
			return nil, err
		}
	}
	cache.mu.Lock()
	defer cache.mu.Unlock()
	for _, id := range missing {
		cache.m[id] = got[id] // an unknown id is cached as empty, not asked again
	}
	out := make(map[int64]user.Display, len(ids))
	for _, id := range ids {
		out[id] = cache.m[id]
	}
	return out, nil
}

// content builds a report's table from the read models.
func (s *Service) content(ctx context.Context, companyID int64, typ string, m month, cache *nameCache) (*table, error) {
	sys := access.SystemScope()
	lang := i18n.Default
	t := &table{columns: typeColumns[typ]}
	one := []int64{companyID}
	switch typ {
	case TypeExpensesPerMode:
		rows, err := s.expenses.MonthlyTotals(ctx, sys, expense.MonthlyQuery{CompanyIDs: one, MonthFrom: m.String(), MonthTo: m.String()})
		if err != nil {
			return nil, err
		}
		ext := ""
		if info, err := s.describe(ctx, &target{scope: sys}, one); err == nil && info[companyID] != nil {
			ext = info[companyID].ExtID
		}
		sort.Slice(rows, func(i, j int) bool {
			return rows[i].MobilityMode+rows[i].Provider < rows[j].MobilityMode+rows[j].Provider
		})
		for _, r := range rows {
			p := providerKey(r.Provider)
			name := p
			if p == providerOther {
				name = i18n.T(lang, "reporting.providerOther")
			}
			t.rows = append(t.rows, []any{r.Month, ext, r.MobilityMode, modeLabel(lang, r.MobilityMode), p, name, r.Count, money(r.Sum)})
		}
	case TypeExpensesPerUser:
		rows, err := s.expenses.MonthlyTotals(ctx, sys, expense.MonthlyQuery{CompanyIDs: one, MonthFrom: m.String(), MonthTo: m.String(), ByUser: true})
		if err != nil {
			return nil, err
		}
		var ids []int64
		for _, r := range rows {
			ids = append(ids, r.UserID)
		}
		names, err := s.names(ctx, cache, ids)
		if err != nil {
			return nil, err
		}
		slices.SortFunc(rows, func(a, b expense.MonthlyTotal) int {
			return cmp.Or(byName(names[a.UserID], names[b.UserID]), cmp.Compare(a.UserID, b.UserID), cmp.Compare(a.MobilityMode, b.MobilityMode))
		})
		for _, r := range rows {
			n := names[r.UserID]
			t.rows = append(t.rows, []any{r.Month, n.OspID, n.Firstname, n.Lastname, n.Email, r.MobilityMode, r.Count, money(r.Sum)})
		}
	case TypeBudgetBalances:
		bals, err := s.budgets.BalancesAt(ctx, sys, companyID, m.LastDay())
		if err != nil {
			return nil, err
		}
		var ids []int64
		for _, b := range bals {
			if b.UserID != nil {
				ids = append(ids, *b.UserID)
			}
		}
		names, err := s.names(ctx, cache, ids)
		if err != nil {
			return nil, err
		}
		for _, b := range bals {
			var n user.Display
			if b.UserID != nil {
				n = names[*b.UserID]
			}
			t.rows = append(t.rows, []any{m.LastDay(), b.OspID, b.BudgetType, n.OspID, n.Firstname, n.Lastname, n.Email, money(b.Balance)})
		}
	case TypeTransactions:
		txs, err := s.budgets.MonthTransactions(ctx, sys, companyID, m.String())
		if err != nil {
			return nil, err
		}
		var ids []int64
		for _, x := range txs {
			if x.UserID != nil {
				ids = append(ids, *x.UserID)
			}
		}
		names, err := s.names(ctx, cache, ids)
		if err != nil {
			return nil, err
		}
		for _, x := range txs {
			var n user.Display
			if x.UserID != nil {
				n = names[*x.UserID]
			}
			t.rows = append(t.rows, []any{x.BookingDate, x.OspID, x.TxType, x.BudgetType, n.OspID, n.Firstname, n.Lastname,
				money(x.Amount), x.Description})
		}
	case TypeUsers:
		us, err := s.users.AppUsersOf(ctx, sys, companyID)
		if err != nil {
			return nil, err
		}
		end := m.End().UTC()
		for _, u := range us {
			if !u.CreatedAt.Before(end) {
				continue
			}
			status := "DEACTIVATED"
			switch {
			case u.Active:
				status = "ACTIVE"
			case u.StartActivationTime == nil:
				status = "PENDING"
			}
			since := ""
			if u.StartActivationTime != nil {
				since = clock.Today(*u.StartActivationTime)
			}
			t.rows = append(t.rows, []any{u.OspID, u.Firstname, u.Lastname, u.Email, u.EmployeeNumber, status, since,
				clock.Today(u.CreatedAt), clock.Today(u.UpdatedAt)})
		}
	case TypeYearEnd:
		from, to := fmt.Sprintf("%04d01", m.Year), fmt.Sprintf("%04d12", m.Year)
		ledger, err := s.budgets.MonthlyTotals(ctx, sys, budget.MonthlyQuery{CompanyIDs: one, MonthFrom: from, MonthTo: to, ByUser: true})
		if err != nil {
			return nil, err
		}
		exps, err := s.expenses.MonthlyTotals(ctx, sys, expense.MonthlyQuery{CompanyIDs: one, MonthFrom: from, MonthTo: to, ByUser: true})
		if err != nil {
			return nil, err
		}
		bals, err := s.budgets.BalancesAt(ctx, sys, companyID, fmt.Sprintf("%04d-12-31", m.Year))
		if err != nil {
			return nil, err
		}
		type line struct{ credited, count, spent, balance int64 }
		per := map[int64]*line{}
		get := func(id int64) *line {
			if per[id] == nil {
				per[id] = &line{}
			}
			return per[id]
		}
		for _, l := range ledger {
			if l.UserID != 0 && !slices.Contains([]string{budget.TxEvent, budget.TxUpdate, budget.TxRefund}, l.TxType) {
				get(l.UserID).credited += l.Sum
			}
		}
		for _, e := range exps {
			ln := get(e.UserID)
			ln.count += e.Count
			ln.spent += e.Sum
		}
		for _, b := range bals {
			if b.UserID != nil && b.BudgetType == budget.TypeMobility {
				get(*b.UserID).balance += b.Balance
			}
		}
		var ids []int64
		for id := range per {
			ids = append(ids, id)
		}
		names, err := s.names(ctx, cache, ids)
		if err != nil {
			return nil, err
		}
		slices.SortFunc(ids, func(a, b int64) int { return cmp.Or(byName(names[a], names[b]), cmp.Compare(a, b)) })
		for _, id := range ids {
			n, l := names[id], per[id]
			t.rows = append(t.rows, []any{fmt.Sprintf("%04d", m.Year), n.OspID, n.Firstname, n.Lastname, n.Email, money(l.credited),
				l.count, money(l.spent), money(l.balance)})
		}
	}
	return t, nil
}
