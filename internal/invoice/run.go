package invoice

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"

	"golang.org/x/sync/errgroup"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/budget"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/company"
	"mobility/portal/internal/constants"
	"mobility/portal/internal/expense"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/invoice/document"
	"mobility/portal/internal/money"
	"mobility/portal/internal/resource"
	"mobility/portal/internal/user"
)

// runBatch is how many companies' drafts are built (side by side) before
// they are written one by one: memory stays bounded and a cancelled run
// stops within a batch.
const runBatch = 32

// monthData is what the run reads once for the whole month: every
// company's expenses booked in it (company-paid budgets), their details
// and users.
type monthData struct {
	m        month
	byComp   map[int64][]budget.MonthExpense
	expenses map[int64]expense.Billed
	users    map[int64]user.Display
	// selected lists the resource ids of the service resources each
	// company offers; resources holds those and every resource the
	// month's expenses name, with their fees.
	selected  map[int64][]int64
	resources map[int64]resource.Billing
}

// RunMonth issues the month's missing invoices: one per company with
// something to bill, then one self-billing invoice per provider. Each
// document is its own transaction, so a run stopped part-way leaves only
// whole documents and a rerun issues what is missing, nothing twice. The
// month must have ended (yyyyMM).
func (s *Service) RunMonth(ctx context.Context, monthText string) (RunResult, error) {
	res := RunResult{Month: monthText}
	m, ok := clock.ParseMonth(monthText)
	if !ok {
		return res, fmt.Errorf("invoice run: %q is not a month", monthText)
	}
	if m.Index() >= clock.MonthOf(s.clock.Now()).Index() {
		return res, fmt.Errorf("invoice run: %s has not ended", monthText)
	}
	companies, err := s.companies.InvoicingAll(ctx)
	if err != nil {
		return res, err
	}
	done, err := s.store.issuedFor(ctx, document.KindInvoice, m.String())
	if err != nil {
		return res, apperr.Internal(err)
	}
	var todo []company.Invoicing
	for _, c := range companies {
		if done[c.ID] {
			res.Skipped++
			continue
		}
		todo = append(todo, c)
	}
	// the daily job finds the month done most days: it reads nothing more
	data := &monthData{m: m}
	if len(todo) > 0 {
		if data, err = s.loadMonth(ctx, m, true); err != nil {
			return res, err
		}
		if err := s.loadCatalogue(ctx, data, companies); err != nil {
			return res, err
		}
	}
	issueDate := clock.Today(s.clock.Now())
	// a company whose lines cannot be built (its user fees failed) is
	// left for the next run; the others are invoiced all the same
	var failed []error
	for start := 0; start < len(todo); start += runBatch {
		batch := todo[start:min(start+runBatch, len(todo))]
		drafts := make([]*draft, len(batch))
		errs := make([]error, len(batch))
		var g errgroup.Group
		g.SetLimit(s.runWorkers)
		for i, c := range batch {
			g.Go(func() error {
				drafts[i], errs[i] = s.companyDraft(ctx, data, c, issueDate)
				return nil
			})
		}
		_ = g.Wait()
		for i, d := range drafts {
			if err := ctx.Err(); err != nil {
				return res, err
			}
			if errs[i] != nil {
				failed = append(failed, fmt.Errorf("invoice of company %d: %w", batch[i].ID, errs[i]))
				continue
			}
			if d == nil {
				continue // nothing billed
			}
			id, err := s.issue(ctx, d)
			if errors.Is(err, errAlreadyIssued) {
				res.Skipped++
				continue
			}
			if err != nil {
				return res, fmt.Errorf("invoice of company %d: %w", *d.CompanyID, err)
			}
			res.Invoices++
			s.sendIssued(ctx, id)
			if s.afterIssue != nil {
				s.afterIssue(id)
			}
		}
	}
	if err := s.runSelfBilling(ctx, m, issueDate, &res); err != nil {
		failed = append(failed, err)
	}
	return res, errors.Join(failed...)
}

// sendIssued hands a new document to the sender (send.go: mail with the
// PDF, or Peppol). A failure leaves the document CREATED, to be sent again
// by invoice/send; it never undoes the issue.
func (s *Service) sendIssued(ctx context.Context, id int64) {
	if err := s.Send(ctx, id); err != nil {
		slog.WarnContext(ctx, "invoice issued but not sent", "invoice", id, "error", err)
	}
}

// loadMonth reads the month's expenses of every company (company-paid
// ones only, or every budget's), with their details and users, in a few
// batched queries.
func (s *Service) loadMonth(ctx context.Context, m month, companyPaid bool) (*monthData, error) {
	rows, err := s.budgets.MonthExpenses(ctx, m.FirstDay(), m.LastDay(), companyPaid)
	if err != nil {
		return nil, err
	}
	d := &monthData{m: m, byComp: map[int64][]budget.MonthExpense{}}
	ids := make([]int64, 0, len(rows))
	for _, r := range rows {
		d.byComp[r.CompanyID] = append(d.byComp[r.CompanyID], r)
		ids = append(ids, r.ExpenseID)
	}
	// the run acts for no signed-in user: it bills every tenant
	if d.expenses, err = s.expenses.BilledByIDs(ctx, access.SystemScope(), ids); err != nil {
		return nil, err
	}
	userIDs := make([]int64, 0, len(d.expenses))
	for _, e := range d.expenses {
		userIDs = append(userIDs, e.UserID)
	}
	slices.Sort(userIDs)
	// the run acts for no signed-in user: it reads every tenant's bookers
	if d.users, err = s.users.Displays(ctx, access.SystemScope(), slices.Compact(userIDs)); err != nil {
		return nil, err
	}
	return d, nil
}

// companyDraft builds a company's invoice for the month, or nil when there
// is nothing to bill. It charges the company's user fees first (userfee
// books each user's fee once, whatever reruns).
func (s *Service) companyDraft(ctx context.Context, data *monthData, c company.Invoicing, issueDate string) (*draft, error) {
	lang, err := s.companyLanguage(ctx, c.ID)
	if err != nil {
		return nil, err
	}
	b := &lineBuilder{lang: lang}
	rows := data.byComp[c.ID]
	if err := b.expenses(data, rows); err != nil {
		return nil, err
	}
	if err := b.fees(data, c, rows); err != nil {
		return nil, err
	}
	if s.userFees != nil {
		// one transaction for the company's users (userfee's per-user
		// transactions join it): one commit instead of one per user, and
		// a failure leaves none of them charged, for the next run
		if err := s.db.WithTx(ctx, func(ctx context.Context) error {
			return s.userFees.ChargeMonth(ctx, c.ID, data.m.String())
		}); err != nil {
			return nil, fmt.Errorf("user fees of company %d: %w", c.ID, err)
		}
		charges, err := s.userFees.Charges(ctx, c.ID, data.m.String())
		if err != nil {
			return nil, err
		}
		if err := b.userFees(charges); err != nil {
			return nil, err
		}
	}
	if len(b.lines) == 0 {
		return nil, nil
	}
	totals, err := ComputeTotals(b.lines)
	if err != nil {
		return nil, err
	}
	due, err := dueDate(issueDate)
	if err != nil {
		return nil, err
	}
	companyID, partnerID := c.ID, c.PartnerID
	d := &draft{Kind: document.KindInvoice, Series: SeriesInvoice, CompanyID: &companyID, PartnerID: &partnerID,
		Month: data.m.String(), IssueDate: issueDate, DueDate: due, Currency: constants.Currency,
		Seller: s.platform.Party, Buyer: buyerOf(c), Lines: b.lines, Items: b.items, Totals: totals, Status: StatusCreated,
		PaymentReference: c.PaymentReference, PONumber: c.PoNumber, ContractType: c.ContractType, PaymentType: c.PaymentType,
		PaymentMethod: c.InvoicePaymentMethod, SendingMethod: c.InvoiceSendingMethod, VatLiable: c.VatLiable,
		Language: string(lang)}
	if c.PaymentType == company.PaymentPrepaid {
		// drawn from the company budget: nothing more is owed
		d.Prepaid, d.Status = totals.Total, StatusPaid
	}
	return d, nil
}

// companyLanguage is the language of a company's documents: its first
// invoicing contact's, else the default (nl).
func (s *Service) companyLanguage(ctx context.Context, companyID int64) (i18n.Lang, error) {
	contacts, err := s.users.ContactsOf(ctx, companyID, user.ContactInvoicing)
	if err != nil {
		return "", err
	}
	for _, c := range contacts {
		if i18n.IsSupported(c.Language) {
			return i18n.Lang(c.Language), nil
		}
	}
	return i18n.Lang(constants.DefaultLanguage), nil
}

// buyerOf is a company as its invoice names it.
func buyerOf(c company.Invoicing) document.Party {
	country := c.Country
	if country == "" {
		country = "BE"
	}
	return document.Party{Name: c.Name, Street: c.Street, StreetNumber: c.StreetNumber, ZipCode: c.ZipCode, City: c.City,
		Country: country, VatNumber: c.VatNumber, CompanyNumber: digits(c.CompanyNumber), IBAN: c.Iban, BIC: c.Bic}
}

// digits keeps the digits of s (an enterprise number stored as
// "0123.456.749").
func digits(s string) string {
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			out = append(out, s[i])
		}
	}
	return string(out)
}

// lineBuilder collects a document's lines and the items behind them.
type lineBuilder struct {
	lang  i18n.Lang
	lines []document.Line
	items []document.Item
}

// add appends a line (its position the next) and the items behind it.
func (b *lineBuilder) add(l document.Line, items []document.Item) {
	l.Position = len(b.lines) + 1
	if l.UnitCode == "" {
		l.UnitCode = unitOne
	}
	l.VatCategory = vatCategory(l.VatBasisPoints)
	b.lines = append(b.lines, l)
	for _, it := range items {
		it.Position = l.Position
		b.items = append(b.items, it)
	}
}

// grossGroup is the expenses of one mobility mode and VAT rate.
type grossGroup struct {
	mode  string
	bp    int
	gross int64
	items []document.Item
}

// expenseGroups groups expenses by (mobility mode, VAT rate), summing their
// gross (incl. VAT) net costs, overflow-checked; groups come in mode then
// rate order.
func expenseGroups(data *monthData, rows []budget.MonthExpense, itemType string) ([]*grossGroup, error) {
	type key struct {
		mode string
		bp   int
	}
	groups := map[key]*grossGroup{}
	for _, r := range rows {
		e, ok := data.expenses[r.ExpenseID]
		if !ok {
			return nil, fmt.Errorf("invoice: expense %d of the ledger not found", r.ExpenseID)
		}
		k := key{e.MobilityMode, e.VatBasisPoints}
		g := groups[k]
		if g == nil {
			g = &grossGroup{mode: k.mode, bp: k.bp}
			groups[k] = g
		}
		var err error
		if g.gross, err = money.Add(g.gross, r.Net); err != nil {
			return nil, err
		}
		u := data.users[e.UserID]
		g.items = append(g.items, document.Item{ItemType: itemType, Reference: e.OspID, BookingID: e.BookingID,
			UserOspID: u.OspID, UserName: u.FullName(), Date: e.Date, MobilityMode: e.MobilityMode, Description: e.Description,
			GrossAmount: r.Net, VatBasisPoints: e.VatBasisPoints})
	}
	out := make([]*grossGroup, 0, len(groups))
	for _, g := range groups {
		out = append(out, g)
	}
	slices.SortFunc(out, func(a, b *grossGroup) int {
		return cmp.Or(cmp.Compare(a.mode, b.mode), cmp.Compare(a.bp, b.bp))
	})
	return out, nil
}

// expenses adds one line per (mobility mode, VAT rate) of a company's
// expenses: its net is the group's gross less VAT, rounded once; quantity
// one and unit price = net (BIS 3's rule R120 holds exactly). A group whose
// bookings cancel out (0) bills nothing and gets no line.
func (b *lineBuilder) expenses(data *monthData, rows []budget.MonthExpense) error {
	return b.grossLines(data, rows, LineExpenses, ItemExpense)
}

func (b *lineBuilder) grossLines(data *monthData, rows []budget.MonthExpense, lineType, itemType string) error {
	groups, err := expenseGroups(data, rows, itemType)
	if err != nil {
		return err
	}
	for _, g := range groups {
		if g.gross == 0 {
			continue
		}
		net, err := NetOfGross(g.gross, g.bp)
		if err != nil {
			return err
		}
		b.add(document.Line{LineType: lineType, Description: modeLabel(b.lang, g.mode), MobilityMode: g.mode,
			QuantityMilli: 1000, UnitPrice: net, NetAmount: net, VatBasisPoints: g.bp}, g.items)
	}
	return nil
}

// modeLabel is a mobility mode's name in lang.
func modeLabel(lang i18n.Lang, mode string) string {
	if i18n.Has("mobilityMode." + mode) {
		return i18n.T(lang, "mobilityMode."+mode)
	}
	return mode
}

// RunDay is the jobs runner's "invoices" job: on any day, the previous
// month's missing documents (day is yyyy-MM-dd).
func (s *Service) RunDay(ctx context.Context, day string) (RunResult, error) {
	t, err := parseDay(day)
	if err != nil {
		return RunResult{}, err
	}
	return s.RunMonth(ctx, clock.MonthOf(t).Add(-1).String())
}
