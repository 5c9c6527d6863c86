package plugin

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode"

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
	"mobility/portal/internal/mail"
	"mobility/portal/internal/money"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/product"
	"mobility/portal/internal/user"
	"mobility/portal/internal/validate"
)

// Labels of refusals that are not a field's.
var (
	// LabelState: the purchase is not (or no longer) in a state that allows
	// the change; a concurrent handler may have moved it first.
	LabelState = apperr.Define("PLUGIN_PURCHASE_STATE")
	// LabelNoBudget: the employee has no budget the price can be booked on.
	LabelNoBudget = apperr.Define("PLUGIN_PURCHASE_NO_BUDGET")
)

// MailTemplate is the predefined mail sent to the provider on approval.
const MailTemplate = "plugin_purchase_request"

// Service keeps plugin purchases.
type Service struct {
	db        *database.DB
	store     *store
	clock     clock.Clock
	users     *user.Service
	companies *company.Service
	products  *product.Service
	budgets   *budget.Service
	expenses  *expense.Service
	renderer  mail.Renderer
	outbox    *mail.Outbox
}

// Deps are what the plugin service calls.
type Deps struct {
	DB        *database.DB
	Clock     clock.Clock
	Users     *user.Service
	Companies *company.Service
	Products  *product.Service
	Budgets   *budget.Service
	Expenses  *expense.Service
	// Renderer renders the provider's mail so it can be kept as sent
	// (internal/template); Outbox sends it.
	Renderer mail.Renderer
	Outbox   *mail.Outbox
}

func NewService(d Deps) *Service {
	return &Service{db: d.DB, store: &store{db: d.DB}, clock: d.Clock, users: d.Users, companies: d.Companies, products: d.Products,
		budgets: d.Budgets, expenses: d.Expenses, renderer: d.Renderer, outbox: d.Outbox}
}

func (s *Service) now() time.Time { return database.Now(s.clock.Now()) }

// system is the principal of the app's own calls: the employee is found
// by id, then every rule below holds them to their own purchases.
var system = &access.Principal{Scope: access.SystemScope()}

func stateConflict(ospID, want string) error {
	return apperr.Conflict(LabelState, "purchase "+ospID+" is not "+want)
}

// text checks a free text: at most max characters, no control characters
// but line breaks and tabs.
func text(v *validate.Checker, field, s string, max int) {
	if len([]rune(s)) > max {
		v.Fail(field, "rule.maxLength", max)
		return
	}
	for _, r := range s {
		if unicode.IsControl(r) && r != '\n' && r != '\r' && r != '\t' {
			v.Fail(field, "rule.invalid")
			return
		}
	}
}

func price(v *validate.Checker, field string, a money.Amount) {
	if a <= 0 || !a.InBounds() {
		v.Fail(field, "plugin.rule.price", money.MaxAmount/100)
	}
}

// Ask records what an employee asks for in the app: a new PENDING
// purchase awaiting the admin. The employee must be an active app user.
func (s *Service) Ask(ctx context.Context, userOspID string, req NewPurchase) (*Purchase, error) {
	req.ProductName, req.ProviderName = strings.TrimSpace(req.ProductName), strings.TrimSpace(req.ProviderName)
	req.ProviderEmail, req.Details = strings.TrimSpace(req.ProviderEmail), strings.TrimSpace(req.Details)
	if len(userOspID) > 36 {
		return nil, apperr.NotFound("user")
	}
	u, err := s.users.Resolve(ctx, system, userOspID)
	if err != nil {
		return nil, err
	}
	if u.Type != user.TypeMobile || !u.Active || u.CompanyID == 0 {
		return nil, apperr.NotFound("user")
	}
	v := validate.New(ctx)
	var productID *int64
	if req.ProductOspID != "" {
		refs, err := s.products.Refs(ctx, []string{req.ProductOspID})
		if err != nil {
			return nil, err
		}
		if ref, ok := refs[req.ProductOspID]; ok && ref.Active {
			productID = &ref.ID
			if req.ProductName == "" {
				req.ProductName = ref.Label
			}
		} else {
			v.Fail("productOspId", "rule.invalid")
		}
	}
	if v.Required("productName", req.ProductName) {
		text(v, "productName", req.ProductName, NameMaxLength)
	}
	if v.Required("providerName", req.ProviderName) {
		text(v, "providerName", req.ProviderName, NameMaxLength)
	}
	if v.Required("providerEmail", req.ProviderEmail) {
		v.Email("providerEmail", req.ProviderEmail)
	}
	price(v, "price", req.Price)
	text(v, "details", req.Details, DetailsMaxLength)
	if err := v.Err(); err != nil {
		return nil, err
	}
	now := s.now()
	r := &purchaseRow{OspID: uuid.NewString(), CompanyID: u.CompanyID, UserID: u.ID, ProductID: productID, ProductName: req.ProductName,
		ProviderName: req.ProviderName, ProviderEmail: req.ProviderEmail, Price: int64(req.Price), Details: req.Details,
		State: StatePending, CreatedAt: now, UpdatedAt: now}
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		if err := s.store.insert(ctx, r); err != nil {
			return err
		}
		return s.store.addHistory(ctx, historyRow{PurchaseID: r.ID, ToState: StatePending, ChangedBy: u.ID, ChangedAt: now})
	})
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	return s.one(ctx, r)
}

// find reads (and locks) a purchase in the caller's reach.
func (s *Service) find(ctx context.Context, p *access.Principal, ospID string, lock bool) (*purchaseRow, error) {
	if len(ospID) > 36 {
		return nil, apperr.NotFound("purchase")
	}
	r, err := s.store.purchase(ctx, p.Scope, ospID, lock)
	if database.IsNoRows(err) {
		return nil, apperr.NotFound("purchase")
	}
	return r, err
}

// move applies a state change decided by handler `by` and records it;
// set holds the columns the change fills (reason, expense).
func (s *Service) move(ctx context.Context, r *purchaseRow, to string, by int64, note string, set map[string]any) error {
	if !Allowed(r.State, to) {
		return stateConflict(r.OspID, "open for "+to)
	}
	now := s.now()
	ok, err := s.store.transition(ctx, r.ID, r.State, to, set, now)
	if err != nil {
		return err
	}
	if !ok {
		return stateConflict(r.OspID, r.State)
	}
	if err := s.store.addHistory(ctx, historyRow{PurchaseID: r.ID, FromState: r.State, ToState: to, ChangedBy: by, ChangedAt: now,
		Note: note}); err != nil {
		return err
	}
	r.State, r.UpdatedAt = to, now
	return nil
}

// Request approves a PENDING purchase: it becomes REQUESTED and the
// request is e-mailed to the provider, in the approving admin's language,
// with the purchase company's template override if any; the mail as
// rendered is kept (plugin/email/get). All in one transaction: no mail
// without the approval, no approval without its mail.
func (s *Service) Request(ctx context.Context, p *access.Principal, req RequestRequest) (*Purchase, error) {
	var r *purchaseRow
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		var err error
		if r, err = s.find(ctx, p, req.PurchaseOspID, true); err != nil {
			return err
		}
		if err := s.move(ctx, r, StateRequested, p.UserID, "", nil); err != nil {
			return err
		}
		return s.sendRequest(ctx, p, r)
	})
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	return s.one(ctx, r)
}

func (s *Service) sendRequest(ctx context.Context, p *access.Principal, r *purchaseRow) error {
	lang := i18n.FromContext(ctx)
	emp, err := s.users.ResolveID(ctx, access.SystemScope(), r.UserID)
	if err != nil {
		return err
	}
	approver, err := s.users.ResolveID(ctx, access.SystemScope(), p.UserID)
	if err != nil {
		return err
	}
	ca, err := s.companies.ResolveID(ctx, access.SystemScope(), r.CompanyID)
	if err != nil {
		return err
	}
	m := mail.Message{To: r.ProviderEmail, Name: MailTemplate, Lang: lang, CompanyID: r.CompanyID, Data: map[string]any{
		"Provider": r.ProviderName, "Product": r.ProductName, "Name": emp.FullName, "Email": emp.Email, "Company": ca.Name,
		"Price": money.FormatEuro(r.Price, string(lang)), "Details": r.Details, "Remark": r.Remark, "Reference": reference(r.ID),
		"ApprovedBy": approver.FullName}}
	rendered, err := s.renderer.Render(ctx, m)
	if err != nil {
		return err
	}
	if err := s.store.insertEmail(ctx, emailRow{PurchaseID: r.ID, To: r.ProviderEmail, Language: string(lang), Subject: rendered.Subject,
		Body: rendered.Body, HTML: rendered.HTML, SentBy: p.UserID, CreatedAt: s.now()}); err != nil {
		return err
	}
	r.HasEmail = true
	return s.outbox.Enqueue(ctx, m)
}

// reference is the purchase's reference for the provider and the
// booking id of its expense: unique, as the purchase id is.
func reference(id int64) string { return fmt.Sprintf("PLG-%06d", id) }

// Update edits the price, remark and details of a purchase that is still
// PENDING or REQUESTED (the UPDATE checks the state again, so an edit
// racing an acceptance loses cleanly).
func (s *Service) Update(ctx context.Context, p *access.Principal, req UpdateRequest) (*Purchase, error) {
	remark, details := strings.TrimSpace(req.Remark), strings.TrimSpace(req.Details)
	v := validate.New(ctx)
	price(v, "price", req.Price)
	text(v, "remark", remark, RemarkMaxLength)
	text(v, "details", details, DetailsMaxLength)
	if err := v.Err(); err != nil {
		return nil, err
	}
	var r *purchaseRow
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		var err error
		if r, err = s.find(ctx, p, req.PurchaseOspID, true); err != nil {
			return err
		}
		if r.State != StatePending && r.State != StateRequested {
			return stateConflict(r.OspID, "open")
		}
		ok, err := s.store.edit(ctx, r.ID, int64(req.Price), remark, details, s.now())
		if err != nil {
			return err
		}
		if !ok {
			return stateConflict(r.OspID, "open")
		}
		note := fmt.Sprintf("price %s → %s", money.FormatEuro(r.Price, "en"), money.FormatEuro(int64(req.Price), "en"))
		if err := s.store.addHistory(ctx, historyRow{PurchaseID: r.ID, FromState: r.State, ToState: r.State, ChangedBy: p.UserID,
			ChangedAt: s.now(), Note: note}); err != nil {
			return err
		}
		r.Price, r.Remark, r.Details = int64(req.Price), remark, details
		return nil
	})
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	return s.one(ctx, r)
}

// Reject refuses a PENDING purchase with a reason the employee sees.
func (s *Service) Reject(ctx context.Context, p *access.Principal, req RejectRequest) (*Purchase, error) {
	reason := strings.TrimSpace(req.Reason)
	v := validate.New(ctx)
	if v.Required("reason", reason) {
		text(v, "reason", reason, RemarkMaxLength)
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	var r *purchaseRow
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		var err error
		if r, err = s.find(ctx, p, req.PurchaseOspID, true); err != nil {
			return err
		}
		if err := s.move(ctx, r, StateRejected, p.UserID, reason, map[string]any{"reject_reason": reason}); err != nil {
			return err
		}
		r.RejectReason = reason
		return nil
	})
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	return s.one(ctx, r)
}

// Email answers the request e-mail of a purchase as it was sent.
func (s *Service) Email(ctx context.Context, p *access.Principal, req EmailRequest) (*Email, error) {
	r, err := s.find(ctx, p, req.PurchaseOspID, false)
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	e, err := s.store.email(ctx, r.ID)
	if database.IsNoRows(err) {
		return nil, apperr.NotFound("email")
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	by, err := s.users.Displays(ctx, access.SystemScope(), []int64{e.SentBy})
	if err != nil {
		return nil, err
	}
	return &Email{PurchaseOspID: r.OspID, To: e.To, Language: e.Language, Subject: e.Subject, Body: e.Body, HTML: e.HTML,
		SentByName: by[e.SentBy].FullName(), SentAt: e.CreatedAt.UTC().Format(time.RFC3339)}, nil
}

// Accept is the employee accepting a REQUESTED purchase in the app: the
// price is booked on one of their budgets (payingBudget) through the
// expense service, and
// the purchase becomes ACCEPTED, in one transaction: the conditional
// state change makes a second acceptance fail and roll its booking back,
// so the price is booked exactly once. A budget that refuses the price
// (INSUFFICIENT_BUDGET, BUDGET_DEACTIVATED) leaves the purchase REQUESTED.
func (s *Service) Accept(ctx context.Context, userOspID, purchaseOspID string) (*Purchase, error) {
	return s.byEmployee(ctx, userOspID, purchaseOspID, func(ctx context.Context, u *user.Resolved, r *purchaseRow) error {
		if r.State != StateRequested {
			return stateConflict(r.OspID, StateRequested)
		}
		budgetID, err := s.payingBudget(ctx, u.ID, r.Price)
		if err != nil {
			return err
		}
		mode := expense.DefaultMobilityMode
		if r.ProductID != nil {
			if refs, err := s.products.ByIDs(ctx, []int64{*r.ProductID}); err == nil && refs[*r.ProductID].MobilityMode != "" {
				mode = refs[*r.ProductID].MobilityMode
			}
		}
		ref := reference(r.ID)
		booked, err := s.expenses.BookProvider(ctx, expense.ProviderBooking{UserID: u.ID, CompanyID: r.CompanyID, BudgetID: budgetID,
			Amount: r.Price, Date: clock.Today(s.clock.Now()), BookingID: ref, ExternalReference: ref, MobilityMode: mode,
			Description: truncate(r.ProductName+" ("+r.ProviderName+")", constants.DescriptionMaxLength)})
		if err != nil {
			return err
		}
		r.ExpenseID, r.BookingID = &booked.ID, &booked.BookingID
		return s.move(ctx, r, StateAccepted, u.ID, "", map[string]any{"expense_id": booked.ID, "booking_id": booked.BookingID})
	})
}

// payingBudget picks the budget an accepted purchase is booked on: the
// employee's company-paid budgets in budget-type order (mobility budget
// first), the first that takes the price (CheckSpend), as providers'
// purchases are booked; a budget holding too little hands it to the
// next. None: PLUGIN_PURCHASE_NO_BUDGET, or the last budget's refusal.
func (s *Service) payingBudget(ctx context.Context, userID, amount int64) (int64, error) {
	list, err := s.budgets.ProviderBudgets(ctx, []int64{userID})
	if err != nil {
		return 0, err
	}
	var refused error = apperr.Conflict(LabelNoBudget, "user has no budget")
	for _, b := range list[userID] {
		if !b.Active {
			continue
		}
		if refused = s.budgets.CheckSpend(ctx, access.SystemScope(), b.ID, amount); refused == nil {
			return b.ID, nil
		}
		if e := apperr.As(refused); e == nil || e.Kind == apperr.KindInternal {
			return 0, refused
		}
	}
	return 0, refused
}

// Decline is the employee declining a REQUESTED purchase in the app.
func (s *Service) Decline(ctx context.Context, userOspID, purchaseOspID string) (*Purchase, error) {
	return s.byEmployee(ctx, userOspID, purchaseOspID, func(ctx context.Context, u *user.Resolved, r *purchaseRow) error {
		return s.move(ctx, r, StateDeclined, u.ID, "", nil)
	})
}

// byEmployee runs an employee's change of their own purchase in one
// transaction, the purchase locked; another's purchase is NOT_FOUND.
func (s *Service) byEmployee(ctx context.Context, userOspID, purchaseOspID string,
	fn func(ctx context.Context, u *user.Resolved, r *purchaseRow) error) (*Purchase, error) {
	if len(userOspID) > 36 || len(purchaseOspID) > 36 {
		return nil, apperr.NotFound("purchase")
	}
	u, err := s.users.Resolve(ctx, system, userOspID)
	if err != nil {
		return nil, err
	}
	if u.Type != user.TypeMobile || !u.Active {
		return nil, apperr.NotFound("purchase")
	}
	var r *purchaseRow
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		r, err = s.store.ofUser(ctx, u.ID, purchaseOspID)
		if database.IsNoRows(err) {
			return apperr.NotFound("purchase")
		}
		if err != nil {
			return err
		}
		return fn(ctx, u, r)
	})
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	return s.one(ctx, r)
}

func truncate(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n])
	}
	return s
}

// GetByFilter pages the purchases in the caller's reach, newest first,
// each with its history.
func (s *Service) GetByFilter(ctx context.Context, p *access.Principal, req FilterRequest) (*paging.Page[Purchase], error) {
	v := validate.New(ctx)
	f := filter{scope: p.Scope, product: strings.TrimSpace(req.Product)}
	for i, st := range req.States {
		v.OneOf(fmt.Sprintf("states[%d]", i), st, States)
		f.states = append(f.states, st)
	}
	from, okFrom := day(v, "fromDate", req.FromDate)
	to, okTo := day(v, "toDate", req.ToDate)
	if okFrom && okTo && !from.IsZero() && !to.IsZero() && to.Before(from) {
		v.Fail("toDate", "plugin.rule.toBeforeFrom")
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	f.from = from
	if !to.IsZero() {
		f.to = to.AddDate(0, 0, 1) // the whole last day
	}
	var err error
	if f.companyID, f.userID, err = s.users.ResolveFilter(ctx, p, req.CorporateAccountOspID, req.UserOspID); err != nil {
		return nil, err
	}
	pg := req.Pagination.Normalize(constants.DefaultPageSize)
	rows, total, err := s.store.list(ctx, f, pg)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out, err := s.toAPI(ctx, rows)
	if err != nil {
		return nil, err
	}
	page := paging.NewPage(out, total, pg)
	return &page, nil
}

// day parses a filter date (Brussels midnight); years 2000–2099, so an
// absurd date is a clear field error, not an empty page.
func day(v *validate.Checker, field, s string) (time.Time, bool) {
	if s == "" {
		return time.Time{}, true
	}
	t, err := time.ParseInLocation(clock.DateLayout, s, clock.Brussels)
	if err != nil || t.Year() < 2000 || t.Year() > 2099 {
		v.Fail(field, "plugin.rule.date")
		return time.Time{}, false
	}
	return t.UTC(), true
}

func (s *Service) one(ctx context.Context, r *purchaseRow) (*Purchase, error) {
	out, err := s.toAPI(ctx, []purchaseRow{*r})
	if err != nil {
		return nil, err
	}
	return &out[0], nil
}

// toAPI answers rows with names and histories, a batch query each.
func (s *Service) toAPI(ctx context.Context, rows []purchaseRow) ([]Purchase, error) {
	ids := make([]int64, len(rows))
	var uids, cids, pids []int64
	for i, r := range rows {
		ids[i] = r.ID
		uids = append(uids, r.UserID)
		cids = append(cids, r.CompanyID)
		if r.ProductID != nil {
			pids = append(pids, *r.ProductID)
		}
	}
	hist, err := s.store.histories(ctx, ids)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	for _, hs := range hist {
		for _, h := range hs {
			uids = append(uids, h.ChangedBy)
		}
	}
	names, err := s.users.Displays(ctx, access.SystemScope(), uids)
	if err != nil {
		return nil, err
	}
	cos, err := s.companies.Names(ctx, access.SystemScope(), cids)
	if err != nil {
		return nil, err
	}
	prods, err := s.products.ByIDs(ctx, pids)
	if err != nil {
		return nil, err
	}
	out := make([]Purchase, len(rows))
	for i, r := range rows {
		u := names[r.UserID]
		pu := Purchase{OspID: r.OspID, State: r.State, UserOspID: u.OspID, UserName: u.FullName(), UserEmail: u.Email,
			ProductName: r.ProductName, ProviderName: r.ProviderName, ProviderEmail: r.ProviderEmail, Price: money.Amount(r.Price),
			Details: r.Details, Remark: r.Remark, RejectReason: r.RejectReason, HasEmail: r.HasEmail,
			CreatedAt: r.CreatedAt.UTC().Format(time.RFC3339), UpdatedAt: r.UpdatedAt.UTC().Format(time.RFC3339),
			History: []HistoryEntry{}}
		if c := cos[r.CompanyID]; c != nil {
			pu.CorporateAccountOspID, pu.CorporateAccountName = c.OspID, c.Name
		}
		if r.ProductID != nil {
			pu.ProductOspID = prods[*r.ProductID].OspID
		}
		if r.BookingID != nil {
			pu.BookingID = *r.BookingID
		}
		for _, h := range hist[r.ID] {
			by := names[h.ChangedBy]
			pu.History = append(pu.History, HistoryEntry{FromState: h.FromState, ToState: h.ToState, ChangedByOspID: by.OspID,
				ChangedByName: by.FullName(), ChangedAt: h.ChangedAt.UTC().Format(time.RFC3339), Note: h.Note})
		}
		out[i] = pu
	}
	return out, nil
}
