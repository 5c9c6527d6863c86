package budget

import (
	"context"
	"strings"
	"time"

	"github.com/google/uuid"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/company"
	"mobility/portal/internal/constants"
	"mobility/portal/internal/database"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/mail"
	"mobility/portal/internal/money"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/user"
	"mobility/portal/internal/validate"
)

// Service manages budgets and their ledger.
type Service struct {
	db    *database.DB
	store *store
	// expenseIDs names the expenses of ledger rows (set by expense)
	expenseIDs ExpenseIDs
	clock      clock.Clock
	companies  *company.Service
	users      *user.Service
	outbox     *mail.Outbox
	// identities: IdentityByOspID's answers at the sign-in epoch
	identities database.EpochCache[identityKey, Identity]
}

// Deps are the services budgets call.
type Deps struct {
	DB        *database.DB
	Clock     clock.Clock
	Companies *company.Service
	Users     *user.Service
	Outbox    *mail.Outbox
}

func NewService(d Deps) *Service {
	return &Service{db: d.DB, store: newStore(d.DB), clock: d.Clock, companies: d.Companies, users: d.Users, outbox: d.Outbox}
}

func (s *Service) now() time.Time { return database.Now(s.clock.Now()) }

func ts(t *time.Time) *string {
	if t == nil {
		return nil
	}
	v := t.Format(time.RFC3339)
	return &v
}

// names fills the public ids of the budgets' companies and owners from
// company's and user's read models, one batch each (the rows were reached
// within the caller's scope, or by a job).
func (s *Service) names(ctx context.Context, rows ...*row) error {
	var companies, users []int64
	for _, r := range rows {
		companies = append(companies, r.CorporateAccountID)
		if r.UserID != nil {
			users = append(users, *r.UserID)
		}
	}
	cas, err := s.companies.ResolveIDs(ctx, access.SystemScope(), companies)
	if err != nil {
		return err
	}
	us, err := s.users.Displays(ctx, access.SystemScope(), users)
	if err != nil {
		return err
	}
	for _, r := range rows {
		if ca := cas[r.CorporateAccountID]; ca != nil {
			r.CompanyOspID = ca.OspID
		}
		if r.UserID != nil {
			if u, ok := us[*r.UserID]; ok {
				r.UserOspID = &u.OspID
			}
		}
	}
	return nil
}

func (s *Service) toAPI(ctx context.Context, r *row) (*Budget, error) {
	if r.CompanyOspID == "" {
		if err := s.names(ctx, r); err != nil {
			return nil, err
		}
	}
	credited, transferred, err := s.store.sums(ctx, r.ID)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	owner := r.CompanyOspID
	if r.UserOspID != nil {
		owner = *r.UserOspID
	}
	ext := ""
	if r.ExtID != nil {
		ext = *r.ExtID
	}
	d := Data{
		ActivationStatus: r.ActivationStatus, Active: r.active(), BudgetUpperLimit: r.UpperLimit,
		CreatedOn: r.CreatedAt.Format(time.RFC3339), Currency: r.Currency, CurrentAmount: r.Balance,
		DepositTransactionCost: r.DepositTransactionCost, EndActivationTime: ts(r.EndActivationTime),
		EndOfLifeStartedOn: ts(r.EndOfLifeStartedOn), ExtID: ext, Frequency: r.Frequency, FrequencyAmount: r.FrequencyAmount,
		PreviousFrequencyAmount: r.PreviousAmount, PendingFrequencyAmount: r.PendingAmount, FrequencyMethod: r.FrequencyMethod,
		FrequencyAmountUpdateStrategy: r.UpdateStrategy, EndOfYearRecurrenceStrategy: r.YearEnd, Limited: r.Limited,
		OnlinePayment: r.OnlinePayment, OwnerOspID: owner, ParentBudgetOspID: r.ParentBudgetOspID, PaymentType: r.PaymentType,
		Type: r.PaymentType, SecurityDepositAmount: r.SecurityDepositAmount, StartActivationTime: r.StartActivationTime.Format(time.RFC3339),
		Threshold: r.Threshold, TopUpAmount: r.FrequencyAmount, TransferStrategy: r.TransferStrategy, TransferredAmount: transferred,
		VatIncluded: r.VatIncluded, TvaIncluded: r.VatIncluded, UserOspID: r.UserOspID, CorporateAccountOspID: r.CompanyOspID,
	}
	return &Budget{OspID: r.OspID, Type: r.PaymentType, BudgetType: r.BudgetType, Data: d, StartAmount: r.StartAmount,
		RecurringAmount: r.FrequencyAmount, Unlimited: !r.Limited, Total: credited, Remaining: r.Balance}, nil
}

// owner is whom a budget belongs to: a user of a company, or the company.
type owner struct {
	userID    int64
	companyID int64
	user      *user.Resolved
	company   *company.Resolved // set when the owner is the company
}

func (s *Service) resolveOwner(ctx context.Context, p *access.Principal, ospID string) (*owner, error) {
	if ospID == "" {
		v := validate.New(ctx)
		v.Required("ownerOspId", "")
		return nil, v.Err()
	}
	u, err := s.users.Resolve(ctx, p, ospID)
	if err == nil {
		if u.CompanyID == 0 {
			return nil, notFound(ctx, "owner")
		}
		if u.Type != user.TypeMobile {
			// budgets are spent in the mobile app: admins and contacts get none
			return nil, invalid(ctx, apperr.LabelValidationFailed, "ownerOspId", "money.rule.ownerNotAppUser")
		}
		return &owner{userID: u.ID, companyID: u.CompanyID, user: u}, nil
	}
	if !apperr.IsNotFound(err) {
		return nil, err
	}
	ca, err := s.companies.Resolve(ctx, p, ospID)
	if err != nil {
		return nil, notFound(ctx, "owner")
	}
	return &owner{companyID: ca.ID, company: ca}, nil
}

// Types lists the budget types a user or company may get, with their rules.
func (s *Service) Types(ctx context.Context, p *access.Principal, assignee string) ([]TypeInfo, error) {
	o, err := s.resolveOwner(ctx, p, assignee)
	if err != nil {
		return nil, err
	}
	lang := i18n.FromContext(ctx)
	out := []TypeInfo{}
	for _, t := range Types {
		if (t == TypeCompany) != (o.userID == 0) {
			continue // the company budget is the company's own; users get the others
		}
		if t == TypeCompany && (!p.IsOspAdmin() || !MayHaveCompanyBudget(o.company)) {
			continue // only platform staff open it, and only where it may exist
		}
		r := Rules[t]
		freqs := make([]ValueInfo, len(r.Frequencies))
		for i, f := range r.Frequencies {
			freqs[i] = ValueInfo{Value: f}
		}
		out = append(out, TypeInfo{BudgetTypeName: t, InfoText: i18n.T(lang, "budgetType.info."+t), AllowedFrequencies: freqs,
			AllowedStrategiesForFrequency: r.Strategies, AllowedVatStrategies: r.VatStrategies, UnlimitedAllowed: r.UnlimitedAllowed,
			DefaultFrequency: r.DefaultFrequency, DefaultTransferStrategy: r.DefaultStrategy})
	}
	return out, nil
}

// settle checks a write against the type's rules and fills the defaults
// of SPEC §3 into r: frequency and strategy from the type, MANUAL without
// a frequency, unlimited only where allowed. Amounts are cents, never
// negative here.
func (s *Service) settle(ctx context.Context, r *row, d WriteData, creating bool) (startAmount int64, err error) {
	v := validate.New(ctx)
	rules := Rules[r.BudgetType]
	if d.Frequency != nil {
		f := strings.ToUpper(strings.TrimSpace(*d.Frequency))
		if f == "MANUAL" {
			f = ""
		}
		r.Frequency = nil
		if f != "" {
			r.Frequency = &f
		}
	} else if creating && rules.DefaultFrequency != "" {
		f := rules.DefaultFrequency
		r.Frequency = &f
	}
	freq := ""
	if r.Frequency != nil {
		freq = *r.Frequency
	}
	allowed := false
	for _, f := range rules.Frequencies {
		allowed = allowed || f == freq
	}
	if !allowed {
		v.Fail("frequency", "rule.invalid")
	}
	r.FrequencyMethod = MethodManual
	if freq != "" {
		r.FrequencyMethod = MethodAuto
	}
	if d.TransferStrategy != nil && *d.TransferStrategy != "" {
		st := *d.TransferStrategy
		r.TransferStrategy = &st
	} else if creating || (d.Frequency != nil) {
		r.TransferStrategy = nil
		if st, ok := rules.DefaultStrategy[freq]; ok {
			r.TransferStrategy = &st
		}
	}
	if freq == "" {
		r.TransferStrategy = nil
	} else if r.TransferStrategy == nil || !rules.StrategyAllowed(freq, *r.TransferStrategy) {
		v.Fail("transferStrategy", "rule.invalid")
	}
	if d.Unlimited != nil {
		r.Limited = !*d.Unlimited
	}
	if !r.Limited && !rules.UnlimitedAllowed {
		v.Fail("unlimited", "rule.invalid")
	}
	if d.BudgetUpperLimit != nil {
		if v.AmountInBounds("budgetUpperLimit", *d.BudgetUpperLimit) && *d.BudgetUpperLimit < 0 {
			v.Fail("budgetUpperLimit", "rule.invalid")
		}
		r.UpperLimit = cents(d.BudgetUpperLimit)
		if *d.BudgetUpperLimit == 0 {
			r.UpperLimit = nil
		}
	}
	if d.Threshold != nil {
		if v.AmountInBounds("threshold", *d.Threshold) && (*d.Threshold < 0 || r.BudgetType != TypeCompany) {
			v.Fail("threshold", "rule.invalid")
		}
		r.Threshold = cents(d.Threshold)
	}
	if d.FrequencyAmountUpdateStrategy != nil {
		v.OneOf("frequencyAmountUpdateStrategy", *d.FrequencyAmountUpdateStrategy, []string{UpdateNextPeriod, UpdateImmediately})
		r.UpdateStrategy = *d.FrequencyAmountUpdateStrategy
	}
	if d.EndOfYearRecurrenceStrategy != nil {
		v.OneOf("endOfYearRecurrenceStrategy", *d.EndOfYearRecurrenceStrategy, []string{YearEndContinue, YearEndStop})
		r.YearEnd = *d.EndOfYearRecurrenceStrategy
	}
	if d.ExtID != nil {
		e := strings.TrimSpace(*d.ExtID)
		v.ExtID("extId", e)
		r.ExtID = nil
		if e != "" {
			r.ExtID = &e
		}
	}
	if d.VatIncluded != nil {
		r.VatIncluded = *d.VatIncluded
	}
	if d.FrequencyAmount != nil {
		amount := d.FrequencyAmount.Cents()
		if !v.AmountInBounds("frequencyAmount", *d.FrequencyAmount) {
			// refused, named above
		} else if amount < 0 {
			v.Fail("frequencyAmount", "rule.invalid")
		} else if creating || r.UpdateStrategy == UpdateImmediately || freq == "" {
			if !creating && amount != r.FrequencyAmount {
				prev := r.FrequencyAmount
				r.PreviousAmount = &prev
			}
			r.FrequencyAmount = amount
			r.PendingAmount = nil
		} else if amount != r.FrequencyAmount {
			// NEXT_PERIOD: the current period keeps its amount
			pending := amount
			r.PendingAmount = &pending
		} else {
			r.PendingAmount = nil
		}
	}
	if creating {
		if d.StartAmount != nil {
			if v.AmountInBounds("startAmount", *d.StartAmount) && *d.StartAmount < 0 {
				v.Fail("startAmount", "rule.invalid")
			}
			startAmount = d.StartAmount.Cents()
		}
		if d.EqualToRecurring != nil && *d.EqualToRecurring {
			startAmount = r.FrequencyAmount
		}
		if r.UpperLimit != nil && startAmount > *r.UpperLimit {
			v.Fail("startAmount", "rule.invalid")
		}
	}
	return startAmount, v.Err()
}

// cents converts an optional request amount to stored cents.
func cents(a *money.Amount) *int64 {
	if a == nil {
		return nil
	}
	c := a.Cents()
	return &c
}

// Create opens a budget of a type for a user (or the company budget for a
// company) and books its start amount. Its first period counts as run.
func (s *Service) Create(ctx context.Context, p *access.Principal, req CreateRequest) (*Budget, error) {
	v := validate.New(ctx)
	v.OneOf("type", req.Type, Types)
	if err := v.Err(); err != nil {
		return nil, err
	}
	o, err := s.resolveOwner(ctx, p, req.OwnerOspID)
	if err != nil {
		return nil, err
	}
	if (req.Type == TypeCompany) != (o.userID == 0) {
		return nil, invalid(ctx, apperr.LabelValidationFailed, "type", "money.rule.ownerType")
	}
	if req.Type == TypeCompany {
		if err := s.checkCompanyBudgetCreate(ctx, p, o.company, req.Data); err != nil {
			return nil, err
		}
	}
	r, start, err := s.prepare(ctx, o.companyID, req.Type, req.Data)
	if err != nil {
		return nil, err
	}
	if o.userID != 0 {
		r.UserID = &o.userID
	}
	var id int64
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		existing, err := s.store.byOwner(ctx, o.userID, o.companyID, req.Type)
		if err != nil {
			return err
		}
		for _, e := range existing {
			if req.Type == TypeCompany {
				return conflict(ctx, LabelCompanyBudgetExists, "money.error.companyBudgetExists")
			}
			if e.PaymentType == r.PaymentType && e.active() {
				return conflict(ctx, LabelDuplicate, "money.error.duplicate")
			}
		}
		now := s.now()
		if id, err = s.insertBudget(ctx, r, p.UserID, now); err != nil {
			return err
		}
		b, err := s.store.byID(ctx, p.Scope, id, true)
		if err != nil {
			return err
		}
		if key := PeriodKey(s.frequencyOf(b), now.In(clock.Brussels)); key != "" {
			if _, err := s.store.recordPeriod(ctx, id, key); err != nil {
				return err
			}
		}
		if start != 0 {
			if _, err := s.post(ctx, b, Entry{Type: TxStartAmount, Amount: start, Description: "start amount", CreatedBy: &p.UserID}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	return s.getByID(ctx, id)
}

// prepare checks a new budget of type typ (already known to be one of
// Types) for an owner in company companyID against the company's settings
// and the type's rules, and returns the row to insert (without its owner)
// and its start amount. It writes nothing, so the budgets of a user not
// created yet are checked by it too (CheckNewUserBudgets).
func (s *Service) prepare(ctx context.Context, companyID int64, typ string, d WriteData) (*row, int64, error) {
	if err := s.companyDefaults(ctx, companyID, typ, &d); err != nil {
		return nil, 0, err
	}
	r := &row{OspID: uuid.NewString(), CorporateAccountID: companyID, BudgetType: typ, PaymentType: PaymentCompany,
		Limited: true, UpdateStrategy: UpdateNextPeriod, YearEnd: Rules[typ].DefaultYearEnd, VatIncluded: true}
	v := validate.New(ctx)
	if d.PaymentType != nil {
		v.OneOf("paymentType", *d.PaymentType, []string{PaymentCompany, PaymentPrivate})
		r.PaymentType = *d.PaymentType
	}
	start, err := s.settle(ctx, r, d, true)
	if err != nil {
		return nil, 0, err
	}
	if err := v.Err(); err != nil {
		return nil, 0, err
	}
	r.StartAmount = start
	return r, start, nil
}

// LabelDuplicate: one active budget per owner, type and payment type.
var LabelDuplicate = apperr.Define("BUDGET_ALREADY_EXISTS")

func (s *Service) frequencyOf(b *row) string {
	if b.Frequency == nil {
		return ""
	}
	return *b.Frequency
}

func (s *Service) getByID(ctx context.Context, id int64) (*Budget, error) {
	// the id comes from a row this service just reached or wrote
	r, err := s.store.byID(ctx, access.SystemScope(), id, false)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return s.toAPI(ctx, r)
}

func (s *Service) find(ctx context.Context, p *access.Principal, ospID string, lock bool) (*row, error) {
	v := validate.New(ctx)
	v.Required("ospId", ospID)
	if err := v.Err(); err != nil {
		return nil, err
	}
	r, err := s.store.get(ctx, p.Scope, ospID, lock)
	if database.IsNoRows(err) {
		return nil, notFound(ctx, "budget")
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return r, nil
}

// Get returns one budget the caller may see.
func (s *Service) Get(ctx context.Context, p *access.Principal, ospID string) (*Budget, error) {
	r, err := s.find(ctx, p, ospID, false)
	if err != nil {
		return nil, err
	}
	return s.toAPI(ctx, r)
}

// ByOwner lists an owner's budgets; with a type and none of it, NOT_FOUND
// (which the web app ignores).
func (s *Service) ByOwner(ctx context.Context, p *access.Principal, req ByOwnerRequest) ([]Budget, error) {
	o, err := s.resolveOwner(ctx, p, req.OwnerOspID)
	if err != nil {
		return nil, err
	}
	rows, err := s.store.byOwner(ctx, o.userID, o.companyID, req.BudgetType)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	if req.BudgetType != "" && len(rows) == 0 {
		return nil, notFound(ctx, "budget")
	}
	if err := s.names(ctx, rows...); err != nil {
		return nil, err
	}
	out := make([]Budget, 0, len(rows))
	for _, r := range rows {
		b, err := s.toAPI(ctx, r)
		if err != nil {
			return nil, err
		}
		out = append(out, *b)
	}
	return out, nil
}

// Update changes a budget's settings; a new recurring amount applies from
// the next period unless the budget says IMMEDIATELY.
func (s *Service) Update(ctx context.Context, p *access.Principal, req UpdateRequest) (*Budget, error) {
	var id int64
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		r, err := s.find(ctx, p, req.OspID, true)
		if err != nil {
			return err
		}
		if req.Data.StartAmount != nil || req.Data.EqualToRecurring != nil {
			return invalid(ctx, apperr.LabelValidationFailed, "startAmount", "money.rule.startOnce")
		}
		probe := *r
		if _, err := s.settle(ctx, &probe, req.Data, false); err != nil {
			return err
		}
		oldFreq, newFreq := s.frequencyOf(r), s.frequencyOf(&probe)
		today, err := BusinessDay(clock.Today(s.clock.Now()))
		if err != nil {
			return err
		}
		if newFreq != oldFreq && oldFreq != "" {
			// settle what the old frequency owes up to today first (missed
			// periods, today's own), then re-read the budget
			if err := s.runBatch(ctx, []int64{r.ID}, today, &RunResult{}); err != nil {
				return err
			}
			if r, err = s.find(ctx, p, req.OspID, true); err != nil {
				return err
			}
		}
		if _, err := s.settle(ctx, r, req.Data, false); err != nil {
			return err
		}
		id = r.ID
		if err := s.store.updateSettings(ctx, r, s.now()); err != nil {
			return err
		}
		if newFreq != oldFreq && newFreq != "" {
			// the current period was provided for under the old frequency
			// (or by the start amount): it counts as run under the new one
			_, err := s.store.recordPeriod(ctx, r.ID, PeriodKey(newFreq, today))
			return err
		}
		return nil
	})
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	return s.getByID(ctx, id)
}

// SetActive deactivates a budget (no more expenses or top-ups) or
// reactivates it (state REACTIVATED; no top-up is owed for missed periods).
func (s *Service) SetActive(ctx context.Context, p *access.Principal, ospID string, active bool) (*Budget, error) {
	var id int64
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		r, err := s.find(ctx, p, ospID, true)
		if err != nil {
			return err
		}
		id = r.ID
		now := s.now()
		switch {
		case active && !r.active():
			// settle the periods missed while it was off first: those that
			// began while it was deactivated are recorded as skipped (the
			// mobility budget's legal reset still applies), earlier ones
			// that the portal missed are credited
			today, err := BusinessDay(clock.Today(s.clock.Now()))
			if err != nil {
				return err
			}
			if err := s.runBatch(ctx, []int64{r.ID}, today, &RunResult{}); err != nil {
				return err
			}
			err = s.store.setStatus(ctx, r.ID, StatusReactivated, nil, now)
			if database.IsUniqueViolation(err) { // another active budget of its type opened meanwhile
				return conflict(ctx, LabelDuplicate, "money.error.duplicate")
			}
			return err
		case !active && r.active():
			return s.store.setStatus(ctx, r.ID, StatusDeactivated, &now, now)
		}
		return nil
	})
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	return s.getByID(ctx, id)
}

func checkDescription(v *validate.Checker, d string) {
	v.MaxLength("description", d, constants.DescriptionMaxLength)
}

// AddForUser books a manual amount (negative allowed) on a user's budget.
func (s *Service) AddForUser(ctx context.Context, p *access.Principal, req AddForUserRequest) (*Transaction, error) {
	v := validate.New(ctx)
	checkDescription(v, req.Description)
	if v.AmountInBounds("amount", req.Amount) && req.Amount == 0 {
		v.Fail("amount", "rule.required")
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	var t *txRow
	err := s.db.WithGroupTx(ctx, func(ctx context.Context) error {
		r, err := s.find(ctx, p, req.BudgetOspID, true)
		if err != nil {
			return err
		}
		if r.UserID == nil {
			return invalid(ctx, apperr.LabelValidationFailed, "budgetOspId", "money.rule.userBudgetOnly")
		}
		if !r.active() {
			return conflict(ctx, LabelDeactivated, "money.error.deactivated")
		}
		t, err = s.post(ctx, r, Entry{Type: TxManualUpdate, Amount: req.Amount.Cents(), Description: strings.TrimSpace(req.Description), CreatedBy: &p.UserID})
		return err
	})
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	return s.transaction(ctx, p, t.ID)
}

// AddForCompany books a bank transfer received for a company's budget
// (platform staff), opening the company budget on its first transfer.
func (s *Service) AddForCompany(ctx context.Context, p *access.Principal, req AddForCompanyRequest) (*Transaction, error) {
	v := validate.New(ctx)
	checkDescription(v, req.Description)
	if v.AmountInBounds("amount", req.Amount) && req.Amount <= 0 {
		v.Fail("amount", "rule.positive")
	}
	bookingDate := s.checkBookingDate(v, req.BookingDate)
	if err := v.Err(); err != nil {
		return nil, err
	}
	ca, err := s.companies.Resolve(ctx, p, req.CorporateAccountOspID)
	if err != nil {
		return nil, err
	}
	if !MayHaveCompanyBudget(ca) {
		return nil, conflict(ctx, LabelNoCompanyBudget, "money.error.noCompanyBudget")
	}
	var t *txRow
	err = s.db.WithGroupTx(ctx, func(ctx context.Context) error {
		b, err := s.companyBudget(ctx, ca.ID, p.UserID, true)
		if err != nil {
			return err
		}
		t, err = s.post(ctx, b, Entry{Type: TxTopup, Amount: req.Amount.Cents(), Description: strings.TrimSpace(req.Description),
			BookingDate: bookingDate, CreatedBy: &p.UserID})
		return err
	})
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	return s.transaction(ctx, p, t.ID)
}

// companyBudget returns (locked) the company's own budget; open opens it
// when there is none (the first bank transfer, booked by platform staff).
// The caller has checked that the company may have one.
func (s *Service) companyBudget(ctx context.Context, companyID, by int64, open bool) (*row, error) {
	rows, err := s.store.byOwner(ctx, 0, companyID, TypeCompany)
	if err != nil {
		return nil, err
	}
	if len(rows) > 0 {
		return s.store.byID(ctx, access.SystemScope(), rows[0].ID, true)
	}
	if !open {
		return nil, conflict(ctx, LabelCompanyBudgetNotOpen, "money.error.companyBudgetNotOpen")
	}
	r := &row{OspID: uuid.NewString(), CorporateAccountID: companyID, BudgetType: TypeCompany, PaymentType: PaymentCompany,
		FrequencyMethod: MethodManual, Limited: true, UpdateStrategy: UpdateNextPeriod, YearEnd: YearEndContinue, VatIncluded: true}
	id, err := s.store.insertOrIgnore(ctx, r, by, s.now())
	if database.IsNoRows(err) {
		// a concurrent first transfer opened it: book on that one
		if rows, err = s.store.byOwner(ctx, 0, companyID, TypeCompany); err != nil {
			return nil, err
		}
		if len(rows) == 0 {
			return nil, conflict(ctx, LabelCompanyBudgetExists, "money.error.companyBudgetExists")
		}
		return s.store.byID(ctx, access.SystemScope(), rows[0].ID, true)
	}
	if err != nil {
		return nil, err
	}
	return s.store.byID(ctx, access.SystemScope(), id, true)
}

func (s *Service) transaction(ctx context.Context, p *access.Principal, id int64) (*Transaction, error) {
	rows, _, err := s.store.transactions(ctx, txFilter{scope: p.Scope, txID: id}, paging.Pagination{Page: 1, Size: 1})
	if err != nil {
		return nil, apperr.Internal(err)
	}
	if len(rows) == 0 {
		return nil, notFound(ctx, "transaction")
	}
	if err := s.txNames(ctx, p.Scope, rows); err != nil {
		return nil, err
	}
	t := rows[0].toAPI()
	return &t, nil
}

// ExpenseIDs answers the public ids of expenses by internal id; the
// expense package, which owns them, sets it (budget cannot import it).
type ExpenseIDs func(ctx context.Context, ids []int64) (map[int64]string, error)

// UseExpenseIDs lets the ledger name the expense of its rows.
func (s *Service) UseExpenseIDs(f ExpenseIDs) { s.expenseIDs = f }

// txNames fills the owners' names, the companies' and the expenses' public
// ids into a page of ledger rows: one batch each from user, company and
// expense, whatever the page size.
func (s *Service) txNames(ctx context.Context, scope access.Scope, rows []txView) error {
	if len(rows) == 0 {
		return nil
	}
	var owners, companies, expenses []int64
	for i := range rows {
		if rows[i].OwnerID != nil {
			owners = append(owners, *rows[i].OwnerID)
		}
		companies = append(companies, rows[i].CompanyID)
		if rows[i].ExpenseID != nil {
			expenses = append(expenses, *rows[i].ExpenseID)
		}
	}
	names, err := s.users.Displays(ctx, scope, owners)
	if err != nil {
		return err
	}
	cas, err := s.companies.ResolveIDs(ctx, scope, companies)
	if err != nil {
		return err
	}
	events := map[int64]string{}
	if len(expenses) > 0 && s.expenseIDs != nil {
		if events, err = s.expenseIDs(ctx, expenses); err != nil {
			return err
		}
	}
	for i := range rows {
		v := &rows[i]
		if ca := cas[v.CompanyID]; ca != nil {
			v.CompanyOspID = ca.OspID
		}
		if v.OwnerID != nil {
			if u, ok := names[*v.OwnerID]; ok {
				v.UserOspID, v.Firstname, v.Lastname, v.Email = &u.OspID, &u.Firstname, &u.Lastname, &u.Email
			}
		}
		if v.ExpenseID != nil {
			if osp, ok := events[*v.ExpenseID]; ok {
				v.EventOspID = &osp
			}
		}
	}
	return nil
}

func (v *txView) toAPI() Transaction {
	t := Transaction{OspID: v.OspID, BudgetOspID: v.BudgetOspID, BudgetType: v.BudgetType, Type: v.Type, Amount: v.Amount,
		BalanceAfter: v.BalanceAfter, Description: v.Description, EventOspID: v.EventOspID, BookingDate: v.BookingDate,
		CreatedOn: v.CreatedAt.Format(time.RFC3339), UserOspID: v.UserOspID, CorporateAccountOspID: v.CompanyOspID}
	if v.UserOspID != nil {
		t.UserFullName = user.FullName(deref(v.Firstname), deref(v.Lastname), deref(v.Email))
	}
	return t
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// resolveFilter turns a filter's ospIds into ids within the caller's scope.
func (s *Service) resolveFilter(ctx context.Context, p *access.Principal, f TransactionFilter) (txFilter, error) {
	out := txFilter{scope: p.Scope, from: f.DateFrom, to: f.DateTo, companyOnly: p.CompanyBudgetOnly()}
	v := validate.New(ctx)
	v.Date("dateFrom", f.DateFrom)
	v.Date("dateTo", f.DateTo)
	for _, t := range f.Types {
		v.OneOf("types", t, TxTypes)
	}
	out.types = f.Types
	if f.BudgetType != "" {
		v.OneOf("budgetType", f.BudgetType, Types)
		out.budgetType = f.BudgetType
	}
	if err := v.Err(); err != nil {
		return out, err
	}
	if f.UserOspID != "" {
		u, err := s.users.Resolve(ctx, p, f.UserOspID)
		if err != nil {
			return out, err
		}
		out.userID = u.ID
	}
	if f.BudgetOspID != "" {
		b, err := s.find(ctx, p, f.BudgetOspID, false)
		if err != nil {
			return out, err
		}
		out.budgetID = b.ID
	}
	if f.CorporateAccountOspID != "" {
		ca, err := s.companies.Resolve(ctx, p, f.CorporateAccountOspID)
		if err != nil {
			return out, err
		}
		out.companyID = ca.ID
	}
	return out, nil
}

// Transactions pages through ledger rows, newest first.
func (s *Service) Transactions(ctx context.Context, p *access.Principal, f TransactionFilter) (*paging.Page[Transaction], error) {
	tf, err := s.resolveFilter(ctx, p, f)
	if err != nil {
		return nil, err
	}
	pg := f.Pagination.Normalize(constants.DefaultPageSize)
	rows, total, err := s.store.transactions(ctx, tf, pg)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	if err := s.txNames(ctx, tf.scope, rows); err != nil {
		return nil, err
	}
	out := make([]Transaction, len(rows))
	for i := range rows {
		out[i] = rows[i].toAPI()
	}
	page := paging.NewPage(out, total, pg)
	return &page, nil
}

// PrivateBalance returns the employee's own money: their PRIVATE_BUDGET
// budgets' balance. A deactivated user keeps access to it.
func (s *Service) PrivateBalance(ctx context.Context, p *access.Principal, req PrivateBalanceRequest) (*PrivateBalance, error) {
	u, err := s.users.Resolve(ctx, p, req.UserOspID)
	if err != nil {
		return nil, err
	}
	rows, err := s.store.byOwner(ctx, u.ID, 0, "")
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := &PrivateBalance{UserOspID: u.OspID}
	for _, r := range rows {
		if r.PaymentType == PaymentPrivate {
			if out.Balance, err = money.Add(out.Balance, r.Balance); err != nil {
				return nil, apperr.Internal(err) // never: each balance lies within ±MaxBalance
			}
			if out.BudgetOspID == "" {
				out.BudgetOspID = r.OspID
			}
		}
	}
	return out, nil
}

// watchThreshold mails each budget contact once when a company budget
// falls below its threshold, and re-arms when it is back above.
func (s *Service) watchThreshold(ctx context.Context, b *row) error {
	if b.UserID != nil || b.Threshold == nil {
		return nil
	}
	below := b.Balance < *b.Threshold
	if below == b.BelowThreshold {
		return nil
	}
	b.BelowThreshold = below
	if err := s.store.setBelowThreshold(ctx, b.ID, below); err != nil {
		return err
	}
	if !below {
		return nil
	}
	// the budget's own company, read from the row this service holds
	ca, err := s.companies.ResolveID(ctx, access.SystemScope(), b.CorporateAccountID)
	if err != nil {
		return err
	}
	contacts, err := s.users.ContactsOf(ctx, b.CorporateAccountID, user.ContactBudget)
	if err != nil {
		return err
	}
	for _, c := range contacts {
		if err := s.outbox.Enqueue(ctx, mail.Message{To: c.Email, Name: "company_budget_low", Lang: i18n.Lang(c.Language), CompanyID: b.CorporateAccountID,
			Data: map[string]any{"Name": c.FullName, "Company": ca.Name, "Balance": money.FormatEuro(b.Balance, c.Language),
				"Threshold": money.FormatEuro(*b.Threshold, c.Language), "Reference": PaymentReference(ca.ID)}}); err != nil {
			return err
		}
	}
	return nil
}

// PaymentReference is the structured reference a company quotes on a bank
// transfer to its company budget: fixed per company.
func PaymentReference(companyID int64) string {
	return money.StructuredReference(1_000_000_000 + companyID)
}
