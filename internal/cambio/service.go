package cambio

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/budget"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/company"
	"mobility/portal/internal/constants"
	"mobility/portal/internal/database"
	"mobility/portal/internal/expense"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/money"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/provfile"
	"mobility/portal/internal/user"
	"mobility/portal/internal/validate"
)

// Service loads Cambio's invoice and CO2 files.
type Service struct {
	db        *database.DB
	store     *store
	clock     clock.Clock
	users     *user.Service
	companies *company.Service
	budgets   *budget.Service
	expenses  *expense.Service
}

// Deps are what the Cambio service calls.
type Deps struct {
	DB        *database.DB
	Clock     clock.Clock
	Users     *user.Service
	Companies *company.Service
	Budgets   *budget.Service
	Expenses  *expense.Service
}

func NewService(d Deps) *Service {
	return &Service{db: d.DB, store: &store{db: d.DB}, clock: d.Clock, users: d.Users, companies: d.Companies, budgets: d.Budgets,
		expenses: d.Expenses}
}

func (s *Service) now() time.Time { return database.Now(s.clock.Now()) }

func specOf(kind string) provfile.Spec {
	if kind == KindCO2 {
		return CO2Spec
	}
	return InvoiceSpec
}

func reportKind(kind string) string {
	if kind == KindCO2 {
		return ReportKindCO2
	}
	return ReportKindInvoice
}

// Upload stores a Cambio file of a kind after checking its shape (CSV,
// the columns, 1 to 500 lines). Platform staff only.
func (s *Service) Upload(ctx context.Context, p *access.Principal, kind, filename string, content []byte) (*provfile.Upload, error) {
	if !p.IsOspAdmin() {
		return nil, apperr.Forbidden("platform staff only")
	}
	lines, err := provfile.Read(ctx, specOf(kind), filename, content)
	if err != nil {
		return nil, err
	}
	r := uploadRow{OspID: uuid.NewString(), Kind: kind, Filename: filename, Content: content, RowCount: len(lines), Status: "UPLOADED",
		CreatedBy: p.UserID, CreatedAt: s.now()}
	if err := s.store.insertUpload(ctx, &r); err != nil {
		return nil, apperr.Internal(err)
	}
	up := toUpload(&r, nil)
	return &up, nil
}

func (s *Service) findUpload(ctx context.Context, p *access.Principal, kind, uploadID string, lock bool) (*uploadRow, error) {
	if !p.IsOspAdmin() || len(uploadID) > 36 {
		return nil, apperr.NotFound("upload")
	}
	up, err := s.store.upload(ctx, kind, uploadID, lock)
	if database.IsNoRows(err) {
		return nil, apperr.NotFound("upload")
	}
	return up, err
}

// Validate checks every line of a file as process would and tells what
// process would do with each (BOOKABLE, ALREADY_PROCESSED, FAILED with
// the reason); it writes nothing. Whether a budget holds enough is known
// only when process books the lines in order.
func (s *Service) Validate(ctx context.Context, p *access.Principal, kind, uploadID string) (*provfile.Report, error) {
	var rep *provfile.Report
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		up, err := s.findUpload(ctx, p, kind, uploadID, false)
		if err != nil {
			return err
		}
		rep, err = s.run(ctx, p, up, false)
		return err
	})
	return rep, provfile.Internal(err)
}

// Process books a valid file's lines in one transaction: each line once
// (its natural key: invoice number and line id; user and month for CO2),
// so a second process or the same file uploaded again books nothing
// twice. Lines that match nobody or that a budget refuses are FAILED with
// the reason and left for a later process (status partial). An invalid
// file answers its errors and writes nothing.
func (s *Service) Process(ctx context.Context, p *access.Principal, kind, uploadID string) (*provfile.Report, error) {
	var rep *provfile.Report
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		up, err := s.findUpload(ctx, p, kind, uploadID, true)
		if err != nil {
			return err
		}
		rep, err = s.run(ctx, p, up, true)
		if err != nil || rep.Status == "invalid" {
			return err
		}
		rep.ProcessedAt = s.now().UTC().Format(time.RFC3339)
		b, err := json.Marshal(rep)
		if err != nil {
			return err
		}
		status := "PROCESSED"
		if rep.Status == "partial" {
			status = "PARTIAL"
		}
		return s.store.markProcessed(ctx, up.ID, status, string(b), p.UserID, s.now())
	})
	return rep, provfile.Internal(err)
}

func (s *Service) run(ctx context.Context, p *access.Principal, up *uploadRow, book bool) (*provfile.Report, error) {
	lines, err := provfile.Read(ctx, specOf(up.Kind), up.Filename, up.Content)
	if err != nil {
		return nil, err
	}
	rep := provfile.NewReport(up.OspID, reportKind(up.Kind), len(lines))
	if up.Kind == KindCO2 {
		err = s.co2(ctx, p, up, lines, rep, book)
	} else {
		err = s.invoice(ctx, p, up, lines, rep, book)
	}
	if err != nil {
		return nil, err
	}
	rep.Finish(book)
	return rep, nil
}

// invoiceLine is a checked invoice line.
type invoiceLine struct {
	line                                         int
	invoice, lineID, customer, email, date, desc string
	amount, vat                                  int64
	km                                           string
}

func (s *Service) invoice(ctx context.Context, p *access.Principal, up *uploadRow, lines []provfile.Line, rep *provfile.Report, book bool) error {
	lang := i18n.FromContext(ctx)
	today := clock.Today(s.clock.Now())
	// as an expense typed in: not in the future, not older than its limit
	oldest := s.clock.Now().In(clock.Brussels).AddDate(-validate.ExpenseMaxYearsBack, 0, 0).Format(clock.DateLayout)
	seen := map[lineKey]int{}
	var ok []invoiceLine
	for _, l := range lines {
		n := len(rep.Errors)
		c := invoiceLine{line: l.Number, invoice: l.Cell("invoiceNumber"), lineID: l.Cell("lineId"), customer: l.Cell("customerNumber"),
			email: strings.ToLower(l.Cell("email")), desc: l.Cell("description"), km: l.Cell("km")}
		key := func(field, v string, max int) {
			if v == "" {
				rep.Fail(l.Number, field, i18n.T(lang, "rule.required", field))
			} else if !provfile.Text(v, max) {
				rep.Fail(l.Number, field, i18n.T(lang, "provfile.text", max))
			}
		}
		key("invoiceNumber", c.invoice, 40)
		key("lineId", c.lineID, 20)
		key("email", c.email, 254)
		if !provfile.Text(c.customer, 40) {
			rep.Fail(l.Number, "customerNumber", i18n.T(lang, "provfile.text", 40))
		}
		if !provfile.Text(c.desc, 100) {
			rep.Fail(l.Number, "description", i18n.T(lang, "provfile.text", 100))
		}
		if d, good := provfile.Date(l.Cell("date")); !good {
			rep.Fail(l.Number, "date", i18n.T(lang, "provfile.date"))
		} else if d > today {
			rep.Fail(l.Number, "date", i18n.T(lang, "provfile.future"))
		} else if d < oldest {
			rep.Fail(l.Number, "date", i18n.T(lang, "provfile.tooOld", validate.ExpenseMaxYearsBack))
		} else {
			c.date = d
		}
		var good bool
		if c.amount, good = provfile.Cents(l.Cell("amount")); !good {
			rep.Fail(l.Number, "amount", i18n.T(lang, "provfile.amount", money.MaxAmount/100))
		}
		if c.vat, good = vatOf(l.Cell("vatPercentage")); !good {
			rep.Fail(l.Number, "vatPercentage", i18n.T(lang, "provfile.vat"))
		}
		if c.km != "" {
			if _, good := provfile.Count(c.km, 100000); !good {
				rep.Fail(l.Number, "km", i18n.T(lang, "provfile.count", 100000))
			}
		}
		k := lineKey{c.invoice, c.lineID}
		if first, dup := seen[k]; dup && len(rep.Errors) == n {
			rep.Fail(l.Number, "lineId", i18n.T(lang, "provfile.sameAs", first))
		}
		seen[k] = l.Number
		if len(rep.Errors) == n {
			ok = append(ok, c)
		}
	}
	if len(rep.Errors) > 0 {
		return nil
	}
	invoices := make([]string, 0, len(ok))
	emails := make([]string, 0, len(ok))
	for _, c := range ok {
		invoices = append(invoices, c.invoice)
		emails = append(emails, c.email)
	}
	booked, err := s.store.bookedLines(ctx, uniq(invoices))
	if err != nil {
		return err
	}
	users, uids, err := s.appUsers(ctx, emails)
	if err != nil {
		return err
	}
	budgets, err := s.budgets.ProviderBudgets(ctx, uids)
	if err != nil {
		return err
	}
	mrp, err := s.expenses.ResolveMRP(ctx, expense.MrpCambio)
	if err != nil {
		return err
	}
	if book {
		// every candidate budget locked up front in id order, so two files
		// booking on the same budgets cannot deadlock
		var ids []int64
		for _, cands := range budgets {
			for _, b := range cands {
				ids = append(ids, b.ID)
			}
		}
		if err := s.budgets.LockForFile(ctx, ids); err != nil {
			return err
		}
	}
	now := s.now()
	for _, c := range ok {
		k := lineKey{c.invoice, c.lineID}
		res := provfile.LineResult{Line: c.line, Key: c.invoice + "/" + c.lineID}
		fail := func(reason string) {
			res.Status, res.Reason = provfile.StatusFailed, reason
			rep.Add(res)
		}
		if b, done := booked[k]; done {
			res.Status, res.OspID, res.BookingID, res.Reason = provfile.StatusAlready, b[0], b[1], i18n.T(lang, "cambio.line.already")
			rep.Add(res)
			continue
		}
		us := users[c.email]
		if len(us) == 0 {
			fail(i18n.T(lang, "cambio.line.noUser"))
			continue
		}
		if len(us) > 1 {
			fail(i18n.T(lang, "cambio.line.ambiguous"))
			continue
		}
		u := us[0]
		cands := budgets[u.ID]
		if len(cands) == 0 {
			fail(i18n.T(lang, "cambio.line.noBudget"))
			continue
		}
		if !book {
			res.Status = provfile.StatusBookable
			rep.Add(res)
			continue
		}
		// the first budget, in order, that takes the amount; else the
		// first one's refusal
		budgetID, err := s.budgets.ChooseForPurchase(ctx, cands, c.amount)
		if refusal := apperr.As(err); refusal != nil && refusal.Kind != apperr.KindInternal {
			fail(lineReason(ctx, refusal))
			continue
		}
		if err != nil {
			return err
		}
		desc := "Cambio"
		if c.desc != "" {
			desc = "Cambio: " + c.desc
		}
		// the line's natural key is its booking id, so the expense names the
		// invoice line (and a second booking of it is refused twice over)
		bk, err := s.expenses.BookProvider(ctx, expense.ProviderBooking{UserID: u.ID, CompanyID: u.CompanyID,
			BudgetID: budgetID, Amount: c.amount, VatBasisPoints: c.vat, Description: desc, Date: c.date, MobilityMode: "CAR",
			BookingID: "CAMBIO-" + c.invoice + "-" + c.lineID, ExternalReference: "CAMBIO " + c.invoice + "/" + c.lineID,
			IdentificationField: c.customer, Mrp: mrp})
		if err != nil {
			return err
		}
		osp, bookingID := bk.OspID, bk.BookingID
		if err := s.store.insertLine(ctx, &invoiceLineRow{InvoiceNumber: c.invoice, LineID: c.lineID, CustomerNumber: c.customer,
			UserID: u.ID, CompanyID: u.CompanyID, Date: c.date, Amount: c.amount, VatBasisPoints: c.vat, ExpenseOspID: osp,
			BookingID: bookingID, UploadID: up.ID, CreatedAt: now}); err != nil {
			return err
		}
		booked[k] = [2]string{osp, bookingID}
		res.Status, res.OspID, res.BookingID = provfile.StatusBooked, osp, bookingID
		rep.Add(res)
	}
	return nil
}

// vatOf reads a VAT percentage (0 to 100, at most two decimals).
func vatOf(s string) (int64, bool) {
	s = strings.Replace(strings.TrimSpace(s), ",", ".", 1)
	if s == "" || len(s) > 6 {
		return 0, false
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, false
	}
	return money.VatBasisPoints(f)
}

func uniq(xs []string) []string {
	seen := make(map[string]bool, len(xs))
	out := xs[:0:0]
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

// appUsers finds the app users behind these e-mail addresses and all
// their ids, which the budget and CO2 look-ups that follow go by.
func (s *Service) appUsers(ctx context.Context, emails []string) (map[string][]user.AppUser, []int64, error) {
	users, err := s.users.AppUsersByEmail(ctx, emails)
	if err != nil {
		return nil, nil, err
	}
	var ids []int64
	for _, us := range users {
		for _, u := range us {
			ids = append(ids, u.ID)
		}
	}
	return users, ids, nil
}

func (s *Service) co2(ctx context.Context, _ *access.Principal, up *uploadRow, lines []provfile.Line, rep *provfile.Report, book bool) error {
	lang := i18n.FromContext(ctx)
	thisMonth := clock.Today(s.clock.Now())[:7]
	type co2Line struct {
		line                   int
		month, email, customer string
		km, grams              int64
	}
	seen := map[string]int{}
	var ok []co2Line
	for _, l := range lines {
		n := len(rep.Errors)
		c := co2Line{line: l.Number, email: strings.ToLower(l.Cell("email")), customer: l.Cell("customerNumber")}
		if c.email == "" {
			rep.Fail(l.Number, "email", i18n.T(lang, "rule.required", "email"))
		} else if !provfile.Text(c.email, 254) {
			rep.Fail(l.Number, "email", i18n.T(lang, "provfile.text", 254))
		}
		if !provfile.Text(c.customer, 40) {
			rep.Fail(l.Number, "customerNumber", i18n.T(lang, "provfile.text", 40))
		}
		if m, good := provfile.Month(l.Cell("month")); !good {
			rep.Fail(l.Number, "month", i18n.T(lang, "provfile.month"))
		} else if m > thisMonth {
			rep.Fail(l.Number, "month", i18n.T(lang, "provfile.future"))
		} else {
			c.month = m
		}
		var good bool
		if c.km, good = provfile.Count(l.Cell("km"), 1000000); !good {
			rep.Fail(l.Number, "km", i18n.T(lang, "provfile.count", 1000000))
		}
		if c.grams, good = provfile.Count(l.Cell("co2Grams"), 1000000000); !good {
			rep.Fail(l.Number, "co2Grams", i18n.T(lang, "provfile.count", 1000000000))
		}
		k := c.email + "/" + c.month
		if first, dup := seen[k]; dup && len(rep.Errors) == n {
			rep.Fail(l.Number, "month", i18n.T(lang, "provfile.sameAs", first))
		}
		seen[k] = l.Number
		if len(rep.Errors) == n {
			ok = append(ok, c)
		}
	}
	if len(rep.Errors) > 0 {
		return nil
	}
	emails := make([]string, 0, len(ok))
	for _, c := range ok {
		emails = append(emails, c.email)
	}
	users, uids, err := s.appUsers(ctx, emails)
	if err != nil {
		return err
	}
	stored, err := s.store.co2Stored(ctx, uids)
	if err != nil {
		return err
	}
	now := s.now()
	var rows []co2Row
	for _, c := range ok {
		res := provfile.LineResult{Line: c.line, Key: c.email + "/" + c.month}
		us := users[c.email]
		switch {
		case len(us) == 0:
			res.Status, res.Reason = provfile.StatusFailed, i18n.T(lang, "cambio.line.noUser")
		case len(us) > 1:
			res.Status, res.Reason = provfile.StatusFailed, i18n.T(lang, "cambio.line.ambiguous")
		case stored[[2]any{us[0].ID, c.month}]:
			res.Status, res.Reason = provfile.StatusAlready, i18n.T(lang, "cambio.line.co2Already")
		default:
			// two addresses of one user in a month: the first line counts
			stored[[2]any{us[0].ID, c.month}] = true
			res.Status = provfile.StatusBookable
			if book {
				res.Status = provfile.StatusBooked
				rows = append(rows, co2Row{UserID: us[0].ID, CompanyID: us[0].CompanyID, Month: c.month, CustomerNumber: c.customer,
					Km: c.km, CO2Grams: c.grams, UploadID: up.ID, CreatedAt: now})
			}
		}
		rep.Add(res)
	}
	if book && len(rows) > 0 {
		return s.store.insertCO2(ctx, rows)
	}
	return nil
}

// Uploads lists a kind's files, newest first, with who uploaded and
// processed them and the last report.
func (s *Service) Uploads(ctx context.Context, p *access.Principal, kind string, req provfile.ListRequest) (*paging.Page[provfile.Upload], error) {
	if !p.IsOspAdmin() {
		return nil, apperr.Forbidden("platform staff only")
	}
	pg := req.Pagination.Normalize(constants.DefaultPageSize)
	rows, total, err := s.store.uploads(ctx, kind, pg)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	names, err := provfile.Handlers(ctx, s.users, rows, func(r *uploadRow) (int64, *int64) { return r.CreatedBy, r.ProcessedBy })
	if err != nil {
		return nil, err
	}
	out := make([]provfile.Upload, len(rows))
	for i := range rows {
		out[i] = toUpload(&rows[i], names)
	}
	page := paging.NewPage(out, total, pg)
	return &page, nil
}

func toUpload(r *uploadRow, names provfile.HandlerNames) provfile.Upload {
	u := provfile.Upload{UploadID: r.OspID, Kind: reportKind(r.Kind), Filename: r.Filename, RowCount: r.RowCount, Status: r.Status,
		CreatedBy: names.Of(r.CreatedBy), CreatedAt: r.CreatedAt.UTC().Format(time.RFC3339), ProcessedBy: names.OfOptional(r.ProcessedBy)}
	if r.ProcessedAt != nil {
		u.ProcessedAt = r.ProcessedAt.UTC().Format(time.RFC3339)
	}
	if r.Report != "" {
		var rep provfile.Report
		if json.Unmarshal([]byte(r.Report), &rep) == nil {
			u.Report = &rep
		}
	}
	return u
}

// File answers a stored file as it was uploaded.
func (s *Service) File(ctx context.Context, p *access.Principal, kind, uploadID string) (string, []byte, error) {
	up, err := s.findUpload(ctx, p, kind, uploadID, false)
	if err != nil {
		return "", nil, provfile.Internal(err)
	}
	return up.Filename, up.Content, nil
}

// CO2 pages a company's Cambio figures for a range of months (at most 24)
// with the totals over the range, within the caller's reach.
func (s *Service) CO2(ctx context.Context, p *access.Principal, req CO2Request) (*CO2Page, error) {
	from, okFrom := provfile.Month(req.FromMonth)
	to, okTo := provfile.Month(req.ToMonth)
	if !okFrom || !okTo || to < from || monthsBetween(from, to) > 24 {
		return nil, apperr.Invalid(apperr.LabelValidationFailed, "toMonth", i18n.T(i18n.FromContext(ctx), "cambio.rule.months"))
	}
	ca, err := s.companies.Resolve(ctx, p, req.CorporateAccountOspID)
	if err != nil {
		return nil, err
	}
	pg := req.Pagination.Normalize(constants.DefaultPageSize)
	rows, total, km, grams, err := s.store.co2Of(ctx, p.Scope, ca.ID, from, to, pg)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	uids := make([]int64, len(rows))
	for i, r := range rows {
		uids[i] = r.UserID
	}
	names, err := s.users.Displays(ctx, access.SystemScope(), uids)
	if err != nil {
		return nil, err
	}
	out := make([]CO2Row, len(rows))
	for i, r := range rows {
		d := names[r.UserID]
		out[i] = CO2Row{UserOspID: d.OspID, UserName: d.FullName(), Month: r.Month, CustomerNumber: r.CustomerNumber, Km: r.Km,
			CO2Grams: r.CO2Grams}
	}
	return &CO2Page{Page: paging.NewPage(out, total, pg), TotalKm: km, TotalCO2Grams: grams}, nil
}

func monthsBetween(from, to string) int {
	var y1, m1, y2, m2 int
	fmt.Sscanf(from, "%d-%d", &y1, &m1)
	fmt.Sscanf(to, "%d-%d", &y2, &m2)
	return (y2-y1)*12 + m2 - m1
}

// lineReason is a budget's refusal as a line's reason, in the caller's
// language (the label's server text, as the API would answer it).
func lineReason(ctx context.Context, e *apperr.Error) string {
	if key := "error." + e.Label; i18n.Has(key) {
		return i18n.T(i18n.FromContext(ctx), key)
	}
	return e.Message
}
