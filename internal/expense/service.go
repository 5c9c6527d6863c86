package expense

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/budget"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/company"
	"mobility/portal/internal/constants"
	"mobility/portal/internal/database"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/mail"
	"mobility/portal/internal/money"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/resource"
	"mobility/portal/internal/user"
	"mobility/portal/internal/validate"
)

// Service manages expenses and recurring external purchases.
type Service struct {
	db        *database.DB
	store     *store
	clock     clock.Clock
	users     *user.Service
	companies *company.Service
	budgets   *budget.Service
	outbox    *mail.Outbox
	resources *resource.Service
	mrps      MRPCatalogue
}

// Deps are the services expenses call.
type Deps struct {
	DB        *database.DB
	Clock     clock.Clock
	Users     *user.Service
	Companies *company.Service
	Budgets   *budget.Service
	Outbox    *mail.Outbox
	// Resources is the catalogue an expense names its resource in (its
	// read models: active resources by ospId, any resource by id).
	Resources *resource.Service
	// MRPs is the partner catalogue a provider's purchase names its
	// provider in (mrp.go)
	MRPs MRPCatalogue
}

func NewService(d Deps) *Service {
	s := &Service{db: d.DB, store: newStore(d.DB), clock: d.Clock, users: d.Users, companies: d.Companies,
		budgets: d.Budgets, outbox: d.Outbox, resources: d.Resources, mrps: d.MRPs}
	if d.Budgets != nil {
		// the ledger names the expense of its rows through this read model
		d.Budgets.UseExpenseIDs(s.OspIDs)
	}
	return s
}

// OspIDs returns the public ids of expenses by internal id, in one query
// per 500 ids (the read model the ledger uses to name a row's expense).
// The ids come from ledger rows the caller has already read within scope.
func (s *Service) OspIDs(ctx context.Context, ids []int64) (map[int64]string, error) {
	rows, err := s.store.ospIDs(ctx, ids)
	if err != nil {
		return nil, internal(err)
	}
	out := make(map[int64]string, len(rows))
	for _, r := range rows {
		out[r.ID] = r.OspID
	}
	return out, nil
}

func (s *Service) now() time.Time { return database.Now(s.clock.Now()) }

func (s *Service) today() string { return clock.Today(s.clock.Now()) }

// internal wraps an unexpected error, leaving typed ones alone.
func internal(err error) error {
	if err == nil || apperr.As(err) != nil {
		return err
	}
	return apperr.Internal(err)
}

// vatBasisPoints and vatPercent: VAT percentages are stored as basis
// points (money.VatBasisPoints).
var (
	vatBasisPoints = money.VatBasisPoints
	vatPercent     = money.VatPercent
)

// vatOf is the VAT inside an amount incl. VAT, rounded half away from zero.
func vatOf(amount, bp int64) int64 {
	if bp <= 0 {
		return 0
	}
	neg := amount < 0
	if neg {
		amount = -amount
	}
	d := 10000 + bp
	v := (amount*bp + d/2) / d
	if neg {
		return -v
	}
	return v
}

// bookingAlphabet has 32 characters without look-alikes (0/O, 1/I).
const bookingAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

// drawBookingID draws booking ids (a test makes it draw a taken one).
var drawBookingID = randomBookingID

func randomBookingID() string {
	b := make([]byte, constants.BookingIDLength)
	_, _ = rand.Read(b)
	for i := range b {
		b[i] = bookingAlphabet[int(b[i])%len(bookingAlphabet)]
	}
	return string(b)
}

// book stores an expense and books it on its budget (type event, money
// out, Spend semantics) in one transaction: either both exist or neither.
// It answers the public id of the ledger row.
// Concurrent postings share their commit (database.WithGroupTx).
// The budget must lie in scope (the recurring runner passes the system
// scope).
func (s *Service) book(ctx context.Context, scope access.Scope, e *expenseRow) (txOspID string, err error) {
	entry := budget.Entry{Type: budget.TxEvent, Amount: -e.Amount, Description: e.Description, ExpenseID: &e.ID,
		CreatedBy: e.CreatedBy, Spend: true, Scheduled: e.RecurrenceID != nil}
	// the posting's first write is its budget's move: the batch may make
	// it together with the moves of the postings queued behind this one
	move := s.budgets.MoveAhead(scope, e.BudgetID, entry)
	err = s.db.WithGroupTxAhead(ctx, move, func(ctx context.Context) error {
		// the budget is locked (and, in the common case, moved) before
		// the expense row refers to it (see budget.PostKnown); the ledger
		// row refers to the expense by the id the insert fills in (both
		// may wait for the batch's end, the ledger's after the expense's)
		var err error
		txOspID, _, err = s.budgets.PostKnown(ctx, scope, e.BudgetID, entry, func(ctx context.Context) error {
			// a 12-character booking id not used yet: a drawn id that is
			// taken (the unique index expenses_booking_id) is drawn again
			// (in a batch the row is written at its end: a taken id
			// found there runs the batch's postings again alone, and so
			// this draws again)
			e.OspID, e.NotBilled, e.CreatedAt = database.NewID(), true, s.now()
			for draw := 0; ; draw++ {
				if draw == 8 {
					return fmt.Errorf("no free booking id after 8 draws")
				}
				e.BookingID = drawBookingID()
				if err := s.store.deferInsert(ctx, e); !errors.Is(err, errBookingTaken) {
					return err
				}
			}
		})
		if err != nil {
			return err
		}
		return s.addMonthly(ctx, e, 1, e.Amount)
	})
	return txOspID, err
}

// checkDate validates a required business date, optionally not after today.
func (s *Service) checkDate(v *validate.Checker, field, value string, notFuture bool) {
	if !v.Required(field, value) {
		return
	}
	if notFuture {
		v.ExpenseDate(field, value, s.today()) // not after today, not over 2 years old
		return
	}
	v.Date(field, value)
}

func checkText(v *validate.Checker, field, value string, required bool) {
	if required && !v.Required(field, value) {
		return
	}
	v.MaxLength(field, value, constants.DescriptionMaxLength)
}

// userBudget resolves a user and one of their budgets within the caller's
// scope: unknown or other tenants' ids are NOT_FOUND, a budget of someone
// else is a validation error on budgetOspId.
func (s *Service) userBudget(ctx context.Context, p *access.Principal, userOspID, budgetOspID string) (*user.Resolved, *budget.Identity, error) {
	u, err := s.users.Resolve(ctx, p, userOspID)
	if err != nil {
		return nil, nil, err
	}
	b, err := s.findBudget(ctx, p, budgetOspID)
	if err != nil {
		return nil, nil, err
	}
	if b.UserID == nil || *b.UserID != u.ID {
		v := validate.New(ctx)
		v.Fail("budgetOspId", "rule.budgetOwner")
		return nil, nil, v.Err()
	}
	return u, b, nil
}

// findBudget asks budget for one of its budgets within the caller's
// scope: what never changes of it (a booking locks and checks it again).
func (s *Service) findBudget(ctx context.Context, p *access.Principal, ospID string) (*budget.Identity, error) {
	return s.budgets.IdentityByOspID(ctx, p.Scope, ospID)
}

// Create books an external purchase on a user's budget: the expense and
// its ledger row (type event, −amount) in one transaction. A limited
// budget refuses more than it holds (INSUFFICIENT_BUDGET), a deactivated
// one everything (BUDGET_DEACTIVATED); an unlimited one may go negative.
func (s *Service) Create(ctx context.Context, p *access.Principal, req CreateRequest) (*EventDetail, error) {
	v := validate.New(ctx)
	v.Required("userOspId", req.UserOspID)
	v.Required("budgetOspId", req.BudgetOspID)
	if v.AmountInBounds("amount", req.Amount) && req.Amount <= 0 {
		v.Fail("amount", "rule.positive")
	}
	bp, ok := vatBasisPoints(req.VatPercentage)
	if !ok {
		v.Fail("vatPercentage", "rule.vatPercentage")
	}
	desc := strings.TrimSpace(req.Description)
	checkText(v, "description", desc, true)
	s.checkDate(v, "date", req.Date, true)
	usage, ext, ident := strings.TrimSpace(req.UsageReason), strings.TrimSpace(req.ExternalReference), strings.TrimSpace(req.IdentificationField)
	checkText(v, "usageReason", usage, false)
	checkText(v, "externalReference", ext, false)
	checkText(v, "identificationField", ident, false)
	if req.MobilityMode != "" {
		v.OneOf("mobilityMode", req.MobilityMode, MobilityModes)
	}
	resourceOspID := strings.TrimSpace(req.ResourceOspID)
	quantity := checkQuantity(v, resourceOspID, req.Quantity)
	if err := v.Err(); err != nil {
		return nil, err
	}
	res, err := s.activeResource(ctx, resourceOspID)
	if err != nil {
		return nil, err
	}
	mode := req.MobilityMode
	if mode == "" && res != nil && contains(MobilityModes, res.MobilityMode) {
		mode = res.MobilityMode // a train ticket on an NMBS resource is TRAIN
	}
	if mode == "" {
		mode = DefaultMobilityMode
	}
	u, b, err := s.userBudget(ctx, p, req.UserOspID, req.BudgetOspID)
	if err != nil {
		return nil, err
	}
	// a company may require an external reference on every expense (the
	// user was reached within the caller's scope, so is their company)
	ca, err := s.companies.ResolveID(ctx, access.SystemScope(), u.CompanyID)
	if err != nil {
		return nil, err
	}
	if ca.ExternalReferenceMandatory && ext == "" {
		v.Fail("externalReference", "rule.required")
		return nil, v.Err()
	}
	if usage != "" {
		reasons, err := s.budgets.ActiveUsageReasons(ctx, p.Scope, u.CompanyID)
		if err != nil {
			return nil, internal(err)
		}
		if len(reasons) > 0 && !contains(reasons, usage) {
			v.Fail("usageReason", "rule.oneOf", strings.Join(reasons, ", "))
			return nil, v.Err()
		}
	}
	e := &expenseRow{BudgetID: b.ID, UserID: u.ID, CorporateAccountID: u.CompanyID, Amount: req.Amount.Cents(), VatBasisPoints: bp,
		Description: desc, ExpenseDate: req.Date, UsageReason: usage, ExternalReference: ext, IdentificationField: ident,
		MobilityMode: mode, CreatedBy: &p.UserID, QuantityMilli: quantity}
	if res != nil {
		e.ResourceID = &res.ID
	}
	txOspID, err := s.book(ctx, p.Scope, e)
	if err != nil {
		return nil, internal(err)
	}
	// the answer is made of the rows this call holds, as detail would
	// read them back (TestCreateAnswersAsGetReadsBack): a new expense has
	// one ledger row and no corrections
	booker := user.FullName(p.Firstname, p.Lastname, p.Email)
	if booker == "" {
		// a principal not made by sign-in (the demo's story) carries no name
		bookers, err := s.users.Displays(ctx, access.SystemScope(), []int64{p.UserID})
		if err != nil {
			return nil, err
		}
		booker = bookers[p.UserID].FullName()
	}
	ev := &eventView{expenseRow: *e, Net: e.Amount, OriginalTxOsp: &txOspID, BudgetOspID: b.OspID, BudgetType: b.BudgetType,
		UserOspID: u.OspID, Firstname: u.Firstname, Lastname: u.Lastname, Email: u.Email, ContractID: u.ContractID,
		CompanyOspID: ca.OspID, CompanyName: ca.Name, CompanyExtID: ca.ExtID, CompanyType: ca.CompanyType,
		CreatorName: booker, Resource: res, MrpName: MRPName(e.MrpCode)}
	return ev.detail(nil, nil), nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// enrich fills the names and net amounts of a page of expenses from the
// owners' read models: one batch each from budget (the budget and the
// ledger), user (owners and bookers) and company, whatever the page size.
func (s *Service) enrich(ctx context.Context, scope access.Scope, views []eventView) error {
	if len(views) == 0 {
		return nil
	}
	var ids, budgetIDs, userIDs, bookerIDs, companyIDs, resourceIDs, partnerIDs []int64
	for i := range views {
		v := &views[i]
		ids = append(ids, v.ID)
		if v.MrpPartnerID != nil {
			partnerIDs = append(partnerIDs, *v.MrpPartnerID)
		}
		if v.ResourceID != nil {
			resourceIDs = append(resourceIDs, *v.ResourceID)
		}
		budgetIDs = append(budgetIDs, v.BudgetID)
		userIDs = append(userIDs, v.UserID)
		companyIDs = append(companyIDs, v.CorporateAccountID)
		if v.CreatedBy != nil {
			bookerIDs = append(bookerIDs, *v.CreatedBy)
		}
	}
	ledgers, err := s.budgets.ExpenseLedgers(ctx, scope, ids)
	if err != nil {
		return err
	}
	budgets, err := s.budgets.Refs(ctx, scope, budgetIDs)
	if err != nil {
		return err
	}
	owners, err := s.users.Displays(ctx, scope, userIDs)
	if err != nil {
		return err
	}
	// who booked it may be platform staff, outside the caller's tenant:
	// their name is shown on a row the caller may read
	bookers, err := s.users.Displays(ctx, access.SystemScope(), bookerIDs)
	if err != nil {
		return err
	}
	companies, err := s.companies.ResolveIDs(ctx, scope, companyIDs)
	if err != nil {
		return err
	}
	// the catalogue belongs to no tenant; inactive and archived resources
	// are still named on the expenses booked on them
	resources, err := s.resourceRefs(ctx, resourceIDs)
	if err != nil {
		return err
	}
	partners := map[int64]string{}
	if s.mrps != nil && len(partnerIDs) > 0 {
		if partners, err = s.mrps.NamesByID(ctx, partnerIDs); err != nil {
			return err
		}
	}
	for i := range views {
		v := &views[i]
		if l, ok := ledgers[v.ID]; ok {
			v.Net, v.OriginalTxOsp = l.Net, l.OriginalTxOspID
		}
		if b, ok := budgets[v.BudgetID]; ok {
			v.BudgetOspID, v.BudgetType = b.OspID, b.BudgetType
		}
		if u, ok := owners[v.UserID]; ok {
			v.UserOspID, v.Firstname, v.Lastname, v.Email, v.ContractID = u.OspID, u.Firstname, u.Lastname, u.Email, u.ContractID
		}
		if v.CreatedBy != nil {
			v.CreatorName = bookers[*v.CreatedBy].FullName()
		}
		if ca, ok := companies[v.CorporateAccountID]; ok {
			v.CompanyOspID, v.CompanyName, v.CompanyExtID, v.CompanyType = ca.OspID, ca.Name, ca.ExtID, ca.CompanyType
		}
		if v.ResourceID != nil {
			if r, ok := resources[*v.ResourceID]; ok {
				v.Resource = &r
			}
		}
		v.MrpName = MRPName(v.MrpCode)
		if v.MrpPartnerID != nil && partners[*v.MrpPartnerID] != "" {
			v.MrpName = partners[*v.MrpPartnerID]
		}
	}
	return nil
}

// event reads one expense within the filter's scope, with its names.
func (s *Service) event(ctx context.Context, f eventFilter) (*eventView, error) {
	ev, err := s.store.event(ctx, f)
	if err != nil {
		return nil, err
	}
	views := []eventView{*ev}
	if err := s.enrich(ctx, f.scope, views); err != nil {
		return nil, err
	}
	return &views[0], nil
}

func (v *eventView) toEvent() Event {
	ev := Event{OspID: v.OspID, BookingID: v.BookingID, Date: v.ExpenseDate, Description: v.Description, Amount: v.Amount,
		NetAmount: v.Net, VatPercentage: vatPercent(v.VatBasisPoints), MobilityMode: v.MobilityMode, BudgetOspID: v.BudgetOspID,
		BudgetType: v.BudgetType, UserOspID: v.UserOspID, UserFullName: user.FullName(v.Firstname, v.Lastname, v.Email),
		CorporateAccountOspID: v.CompanyOspID, CorporateAccountName: v.CompanyName, RecurrenceOspID: v.RecurrenceOsp,
		NotBilled: v.NotBilled, Settled: v.Settled, CreatedOn: v.CreatedAt.Format(time.RFC3339),
		Quantity: quantityOf(v.QuantityMilli)}
	if v.MrpCode != "" {
		ev.MrpCode, ev.ProviderName = &v.MrpCode, &v.MrpName
	}
	if r := v.Resource; r != nil {
		ev.ResourceOspID, ev.ResourceName, ev.ProviderName = &r.OspID, &r.Name, &r.MrpPartnerName
	}
	return ev
}

// detail loads one expense with its corrections.
func (s *Service) detail(ctx context.Context, f eventFilter) (*EventDetail, error) {
	ev, err := s.event(ctx, f)
	if database.IsNoRows(err) {
		return nil, notFound(ctx, "expense")
	}
	if err != nil {
		return nil, internal(err)
	}
	rows, err := s.budgets.ExpenseCorrections(ctx, f.scope, ev.ID)
	if err != nil {
		return nil, err
	}
	var bookerIDs []int64
	for _, r := range rows {
		if r.CreatedBy != nil {
			bookerIDs = append(bookerIDs, *r.CreatedBy)
		}
	}
	// bookers may be platform staff, outside the caller's tenant
	bookers, err := s.users.Displays(ctx, access.SystemScope(), bookerIDs)
	if err != nil {
		return nil, err
	}
	return ev.detail(rows, bookers), nil
}

// detail is the expense with its corrections and who booked them.
func (ev *eventView) detail(rows []budget.ExpenseCorrection, bookers map[int64]user.Display) *EventDetail {
	d := &EventDetail{Event: ev.toEvent(), EventOspID: ev.OspID, UsageReason: ev.UsageReason,
		ExternalReference: ev.ExternalReference, IdentificationField: ev.IdentificationField, UserContractID: ev.ContractID,
		UserEmail: ev.Email, CompanyType: ev.CompanyType, VatAmount: vatOf(ev.Amount, ev.VatBasisPoints),
		Corrections: make([]Correction, 0, len(rows))}
	d.AmountExclVat = ev.Amount - d.VatAmount
	d.CorporateAccountExtID = ev.CompanyExtID
	if ev.OriginalTxOsp != nil {
		d.TransactionOspID = *ev.OriginalTxOsp
	}
	if ev.CreatedBy != nil {
		d.CreatedBy = ev.CreatorName
	}
	for _, r := range rows {
		c := Correction{OspID: r.OspID, Type: r.Type, Amount: -r.Amount, Remark: r.Description, BookingDate: r.BookingDate,
			CreatedOn: r.CreatedAt.Format(time.RFC3339)}
		if r.CreatedBy != nil {
			c.CreatedBy = bookers[*r.CreatedBy].FullName()
		}
		if c.Amount < 0 {
			d.RefundedAmount -= c.Amount
		} else {
			d.AddedCost += c.Amount
		}
		d.Corrections = append(d.Corrections, c)
	}
	return d
}

// Get returns one expense the caller may see.
func (s *Service) Get(ctx context.Context, p *access.Principal, ospID string) (*EventDetail, error) {
	v := validate.New(ctx)
	v.Required("ospId", ospID)
	if err := v.Err(); err != nil {
		return nil, err
	}
	return s.detail(ctx, eventFilter{scope: p.Scope, ospID: ospID})
}

// Filter pages through expenses, newest expense date first.
func (s *Service) Filter(ctx context.Context, p *access.Principal, f Filter) (*paging.Page[Event], error) {
	v := validate.New(ctx)
	v.Date("dateFrom", f.DateFrom)
	v.Date("dateTo", f.DateTo)
	if err := v.Err(); err != nil {
		return nil, err
	}
	ef := eventFilter{scope: p.Scope, from: f.DateFrom, to: f.DateTo}
	var err error
	if ef.companyID, ef.userID, err = s.users.ResolveFilter(ctx, p, f.CorporateAccountOspID, f.UserOspID); err != nil {
		return nil, err
	}
	if f.BudgetOspID != "" {
		b, err := s.findBudget(ctx, p, f.BudgetOspID)
		if err != nil {
			return nil, err
		}
		ef.budgetID = b.ID
	}
	pg := f.Pagination.Normalize(constants.DefaultPageSize)
	rows, total, err := s.store.events(ctx, ef, pg)
	if err != nil {
		return nil, internal(err)
	}
	if err := s.enrich(ctx, ef.scope, rows); err != nil {
		return nil, err
	}
	out := make([]Event, len(rows))
	for i := range rows {
		out[i] = rows[i].toEvent()
	}
	page := paging.NewPage(out, total, pg)
	return &page, nil
}

// lockedEvent finds an expense within scope and locks it, returning its
// current net amount (read under the lock).
func (s *Service) lockedEvent(ctx context.Context, p *access.Principal, ospID string) (*eventView, int64, error) {
	ev, err := s.event(ctx, eventFilter{scope: p.Scope, ospID: ospID})
	if database.IsNoRows(err) {
		return nil, 0, notFound(ctx, "expense")
	}
	if err != nil {
		return nil, 0, err
	}
	if err := s.store.lockExpense(ctx, ev.ID); err != nil {
		return nil, 0, err
	}
	ledgers, err := s.budgets.ExpenseLedgers(ctx, p.Scope, []int64{ev.ID})
	return ev, ledgers[ev.ID].Net, err
}

// tooHigh is the error of a refund above the net amount.
func tooHigh(ctx context.Context, net int64) error {
	lang := i18n.FromContext(ctx)
	return apperr.Invalid(LabelRefundTooHigh, "amount",
		i18n.T(lang, "rule.maxAmount", i18n.T(lang, "field.amount"), money.FormatEuro(net, string(lang))))
}

func checkCorrection(ctx context.Context, ospID, remark string) *validate.Checker {
	v := validate.New(ctx)
	v.Required("ospId", ospID)
	checkText(v, "remark", remark, true)
	return v
}

// Refund gives (part of) an expense back to its budget with a "refund"
// ledger row: by default the whole net amount, never more than it.
func (s *Service) Refund(ctx context.Context, p *access.Principal, req RefundRequest) (*EventDetail, error) {
	remark := strings.TrimSpace(req.Remark)
	v := checkCorrection(ctx, req.OspID, remark)
	if req.Amount != nil && v.AmountInBounds("amount", *req.Amount) && *req.Amount <= 0 {
		v.Fail("amount", "rule.positive")
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	var id int64
	err := s.db.WithGroupTx(ctx, func(ctx context.Context) error {
		ev, net, err := s.lockedEvent(ctx, p, req.OspID)
		if err != nil {
			return err
		}
		id = ev.ID
		if net <= 0 {
			return apperr.Conflict(LabelNothingToRefund, text(ctx, "money.error.nothingToRefund"))
		}
		amount := net
		if req.Amount != nil {
			amount = req.Amount.Cents()
		}
		if amount > net {
			return tooHigh(ctx, net)
		}
		if _, _, err = s.budgets.Post(ctx, p.Scope, ev.BudgetID, budget.Entry{Type: budget.TxRefund, Amount: amount, Description: remark,
			ExpenseID: &ev.ID, CreatedBy: &p.UserID}); err != nil {
			return err
		}
		return s.addMonthly(ctx, &ev.expenseRow, 0, -amount)
	})
	if err != nil {
		return nil, internal(err)
	}
	return s.detail(ctx, eventFilter{scope: p.Scope, id: id})
}

// Correct adds cost to an expense (amount > 0: taken from the budget with
// the rules of a purchase) or refunds cost (amount < 0: given back, never
// more than the net amount), as an "update" ledger row with the remark.
func (s *Service) Correct(ctx context.Context, p *access.Principal, req CorrectRequest) (*EventDetail, error) {
	remark := strings.TrimSpace(req.Remark)
	v := checkCorrection(ctx, req.OspID, remark)
	if v.AmountInBounds("amount", req.Amount) && req.Amount == 0 {
		v.Fail("amount", "rule.nonZero")
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	var id int64
	err := s.db.WithGroupTx(ctx, func(ctx context.Context) error {
		ev, net, err := s.lockedEvent(ctx, p, req.OspID)
		if err != nil {
			return err
		}
		id = ev.ID
		// the bound above makes the negation safe; money.Neg says so anyway
		// (−MinInt64 wraps to itself and would pass "not more than net")
		booked, err := money.Neg(req.Amount.Cents())
		if err != nil {
			return tooHigh(ctx, net)
		}
		entry := budget.Entry{Type: budget.TxUpdate, Amount: booked, Description: remark, ExpenseID: &ev.ID, CreatedBy: &p.UserID}
		if req.Amount > 0 {
			entry.Spend = true
		} else if booked > net {
			return tooHigh(ctx, net)
		}
		if _, _, err = s.budgets.Post(ctx, p.Scope, ev.BudgetID, entry); err != nil {
			return err
		}
		return s.addMonthly(ctx, &ev.expenseRow, 0, -booked)
	})
	if err != nil {
		return nil, internal(err)
	}
	return s.detail(ctx, eventFilter{scope: p.Scope, id: id})
}

// formatDate shows yyyy-MM-dd as dd/MM/yyyy.
func formatDate(d string) string {
	t, err := time.Parse(clock.DateLayout, d)
	if err != nil {
		return d
	}
	return t.Format("02/01/2006")
}

func formatPercent(bp int64, lang string) string {
	s := strconv.FormatFloat(vatPercent(bp), 'f', -1, 64)
	if lang != "en" {
		s = strings.ReplaceAll(s, ".", ",")
	}
	return s + " %"
}

// ReceiptLine is one correction in the receipt mail.
type ReceiptLine struct {
	Date   string
	Amount string
	Remark string
}

// EmailReceipt mails the expense's receipt to its user through the outbox,
// in the user's language.
func (s *Service) EmailReceipt(ctx context.Context, p *access.Principal, ospID string) error {
	d, err := s.Get(ctx, p, ospID)
	if err != nil {
		return err
	}
	if d.UserEmail == "" {
		return apperr.Conflict(LabelNoEmail, text(ctx, "money.error.noEmail"))
	}
	u, err := s.users.Resolve(ctx, p, d.UserOspID)
	if err != nil {
		return err
	}
	lang := u.Language
	if !i18n.IsSupported(lang) {
		lang = string(i18n.Default)
	}
	bp, _ := vatBasisPoints(d.VatPercentage)
	lines := make([]ReceiptLine, len(d.Corrections))
	for i, c := range d.Corrections {
		lines[i] = ReceiptLine{Date: formatDate(c.BookingDate), Amount: money.FormatEuro(c.Amount, lang), Remark: c.Remark}
	}
	err = s.outbox.Enqueue(ctx, mail.Message{To: d.UserEmail, Name: "expense_receipt", Lang: i18n.Lang(lang), CompanyID: u.CompanyID, Data: map[string]any{
		"Name": u.FullName, "Company": d.CorporateAccountName, "BookingID": d.BookingID, "Date": formatDate(d.Date),
		"Description": d.Description, "Amount": money.FormatEuro(d.Amount, lang), "Vat": formatPercent(bp, lang),
		"VatAmount": money.FormatEuro(d.VatAmount, lang), "AmountExclVat": money.FormatEuro(d.AmountExclVat, lang),
		"Net": money.FormatEuro(d.NetAmount, lang), "Corrections": lines, "ExternalReference": d.ExternalReference,
	}})
	return internal(err)
}

// NegativeUsers pages through the users with at least one budget below
// zero (unlimited budgets may go there), most negative first.
func (s *Service) NegativeUsers(ctx context.Context, p *access.Principal, req NegativeRequest) (*paging.Page[NegativeUser], error) {
	companyID, err := s.company(ctx, p, req.CorporateAccountOspID)
	if err != nil {
		return nil, err
	}
	pg := req.Pagination.Normalize(constants.DefaultPageSize)
	rows, total, err := s.budgets.NegativeOwners(ctx, p.Scope, companyID, pg)
	if err != nil {
		return nil, err
	}
	ids := make([]int64, len(rows))
	companyIDs := make([]int64, len(rows))
	for i, r := range rows {
		ids[i], companyIDs[i] = r.UserID, r.CompanyID
	}
	budgets, err := s.budgets.NegativeBudgets(ctx, p.Scope, ids)
	if err != nil {
		return nil, err
	}
	users, err := s.users.Displays(ctx, p.Scope, ids)
	if err != nil {
		return nil, err
	}
	companies, err := s.companies.ResolveIDs(ctx, p.Scope, companyIDs)
	if err != nil {
		return nil, err
	}
	byUser := map[int64][]NegativeBudget{}
	for _, b := range budgets {
		byUser[b.UserID] = append(byUser[b.UserID], NegativeBudget{BudgetOspID: b.OspID, BudgetType: b.BudgetType,
			ActivationStatus: b.ActivationStatus, Balance: b.Balance})
	}
	out := make([]NegativeUser, len(rows))
	for i, r := range rows {
		u := users[r.UserID]
		login := ""
		if u.Login != nil {
			login = *u.Login
		}
		companyOspID := ""
		if ca := companies[r.CompanyID]; ca != nil {
			companyOspID = ca.OspID
		}
		out[i] = NegativeUser{OspID: u.OspID, Firstname: u.Firstname, Lastname: u.Lastname,
			FullName: u.FullName(), Email: u.Email, Login: login, Active: u.Active,
			CorporateAccountOspID: companyOspID, Amount: r.Total, Budgets: byUser[r.UserID]}
	}
	page := paging.NewPage(out, total, pg)
	return &page, nil
}

// CountNegative counts the users with at least one budget below zero.
func (s *Service) CountNegative(ctx context.Context, p *access.Principal, req CountRequest) (*Count, error) {
	companyID, err := s.company(ctx, p, req.CorporateAccountOspID)
	if err != nil {
		return nil, err
	}
	n, err := s.budgets.CountNegativeOwners(ctx, p.Scope, companyID)
	if err != nil {
		return nil, err
	}
	return &Count{Count: n}, nil
}

// company resolves an optional corporate account within scope (0: all).
func (s *Service) company(ctx context.Context, p *access.Principal, ospID string) (int64, error) {
	if ospID == "" {
		return 0, nil
	}
	ca, err := s.companies.Resolve(ctx, p, ospID)
	if err != nil {
		return 0, err
	}
	return ca.ID, nil
}
