package order

import (
	"context"
	"slices"
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
	"mobility/portal/internal/messaging"
	"mobility/portal/internal/money"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/user"
	"mobility/portal/internal/validate"
)

// Error labels of the order calls.
var (
	LabelNotOpen           = apperr.Define("ORDER_NOT_OPEN")
	LabelAlreadyCancelled  = apperr.Define("ORDER_ALREADY_CANCELLED")
	LabelHandledByPlatform = apperr.Define("ORDER_HANDLED_BY_PLATFORM")
	LabelChanged           = apperr.Define("ORDER_CHANGED")
	LabelNoBudget          = apperr.Define("ORDER_NO_BUDGET")
)

// Service keeps season-card orders and handles them.
type Service struct {
	db        *database.DB
	store     *store
	clock     clock.Clock
	companies *company.Service
	users     *user.Service
	budgets   *budget.Service
	expenses  *expense.Service
	messages  *messaging.Service
}

// Deps are what the order service calls: the owners of companies, users,
// budgets, expenses (the booking) and messages (the cancellation).
type Deps struct {
	DB        *database.DB
	Clock     clock.Clock
	Companies *company.Service
	Users     *user.Service
	Budgets   *budget.Service
	Expenses  *expense.Service
	Messaging *messaging.Service
}

// NewService builds the service.
func NewService(d Deps) *Service {
	return &Service{db: d.DB, store: &store{db: d.DB}, clock: d.Clock, companies: d.Companies, users: d.Users,
		budgets: d.Budgets, expenses: d.Expenses, messages: d.Messaging}
}

func (s *Service) now() time.Time { return database.Now(s.clock.Now()) }

func (s *Service) today() string { return clock.Today(s.clock.Now()) }

// system is the principal of trusted callers (the app's order intake).
var system = &access.Principal{Scope: access.SystemScope()}

func notFound(ctx context.Context) error {
	return apperr.NotFound(i18n.T(i18n.FromContext(ctx), "order.order"))
}

// ---- intake ----

// Request stores an order the app sends for one of a company's app users
// (no portal call creates orders), OPEN, after checking every field.
func (s *Service) Request(ctx context.Context, in Input) (*Order, error) {
	v := validate.New(ctx)
	ca, err := s.companies.Resolve(ctx, system, in.CorporateAccountOspID)
	if err != nil {
		return nil, err
	}
	ids, err := s.users.IDsInCompany(ctx, ca.ID, []string{in.UserOspID})
	if err != nil {
		return nil, apperr.Internal(err)
	}
	userID, ok := ids[in.UserOspID]
	if !ok {
		v.Fail("userOspId", "rule.noMatch")
		return nil, v.Err()
	}
	r := s.checkInput(v, in)
	if err := v.Err(); err != nil {
		return nil, err
	}
	r.OspID, r.CompanyID, r.UserID, r.RequestedAt = uuid.NewString(), ca.ID, userID, s.now()
	if r.ID, err = s.store.insert(ctx, r); err != nil {
		return nil, apperr.Internal(err)
	}
	r.Status, r.Version = StatusOpen, 1
	out, err := s.toOrders(ctx, []orderRow{*r}, true)
	if err != nil {
		return nil, err
	}
	return &out[0], nil
}

// checkInput validates an order's fields (SPEC §3) into a row.
func (s *Service) checkInput(v *validate.Checker, in Input) *orderRow {
	t := strings.TrimSpace
	r := &orderRow{Gender: in.Gender, Firstname: t(in.Firstname), Lastname: t(in.Lastname), Street: t(in.Street),
		HouseNumber: t(in.HouseNumber), PostalCode: t(in.PostalCode), City: t(in.City), Country: strings.ToUpper(t(in.Country)),
		BirthDate: in.DateOfBirth, Language: in.Language, PersonnelNumber: t(in.PersonnelNumber), Product: in.Product,
		DurationMonths: in.Duration, StartDate: in.StartDate, Price: in.Price, Remark: t(in.Remark), Email: t(in.Email),
		BudgetType: in.BudgetType, B2BContractNumber: t(in.B2BContractNumber), Limited: in.Limited}
	v.OneOf("gender", r.Gender, Genders)
	for _, f := range []struct {
		name, value string
		max         int
	}{{"firstname", r.Firstname, MaxName}, {"lastname", r.Lastname, MaxName}, {"street", r.Street, MaxText},
		{"houseNumber", r.HouseNumber, 20}, {"postalCode", r.PostalCode, 20}, {"city", r.City, MaxName}} {
		if v.Required(f.name, f.value) {
			v.MaxLength(f.name, f.value, f.max)
			noControl(v, f.name, f.value)
		}
	}
	if len(r.Country) != 2 || strings.Trim(r.Country, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") != "" {
		v.Fail("country", "rule.invalid")
	}
	s.dateBetween(v, "dateOfBirth", r.BirthDate, "1900-01-01", s.today())
	v.Language("language", r.Language)
	if digits, ok := NormalizeNationalNumber(in.NationalNumber); !ok || v.Has("dateOfBirth") ||
		!ValidNationalNumber(digits, r.BirthDate >= "2000-01-01") {
		v.Fail("nationalNumber", "order.rule.nationalNumber")
	} else {
		r.NationalNumber = digits
	}
	v.MaxLength("personnelNumber", r.PersonnelNumber, 50)
	noControl(v, "personnelNumber", r.PersonnelNumber)
	if c := strings.NewReplacer(" ", "", ".", "", "-", "").Replace(in.CardNumber); c != "" {
		if len(c) < 10 || len(c) > 20 || strings.Trim(c, "0123456789") != "" {
			v.Fail("cardNumber", "rule.digits", 10, 20)
		}
		r.CardNumber = c
	}
	v.OneOf("product", r.Product, Products)
	if !slices.Contains(Durations, r.DurationMonths) {
		v.Fail("duration", "rule.oneOf", "1, 3, 12")
	}
	s.dateBetween(v, "startDate", r.StartDate, "2000-01-01", clock.Today(s.clock.Now().AddDate(1, 0, 0)))
	positive(v, "price", r.Price)
	v.MaxLength("remark", r.Remark, MaxRemark)
	noControl(v, "remark", r.Remark)
	if r.Product == ProductTrain {
		r.Origin, r.Destination, r.Subnets, r.TrainType = t(in.Origin), t(in.Destination), t(in.Subnets), in.Type
		r.TravelClass, r.IncludeParking = in.TravelClass, in.IncludeParking
		v.OneOf("type", r.TrainType, TrainTypes)
		if v.Required("origin", r.Origin) {
			v.MaxLength("origin", r.Origin, MaxName)
			noControl(v, "origin", r.Origin)
		}
		if r.TrainType == "ROUTE" && v.Required("destination", r.Destination) {
			v.MaxLength("destination", r.Destination, MaxName)
			noControl(v, "destination", r.Destination)
		}
		if r.TravelClass != 1 && r.TravelClass != 2 {
			v.Fail("travelClass", "rule.oneOf", "1, 2")
		}
		v.MaxLength("subnets", r.Subnets, MaxText)
		noControl(v, "subnets", r.Subnets)
		if r.IncludeParking {
			r.ParkingPrice = in.ParkingPrice
			positive(v, "parkingPrice", r.ParkingPrice)
		} else if in.ParkingPrice != 0 {
			v.Fail("parkingPrice", "rule.notAllowed")
		}
	} else {
		for _, f := range []struct {
			name string
			set  bool
		}{{"origin", in.Origin != ""}, {"destination", in.Destination != ""}, {"travelClass", in.TravelClass != 0},
			{"subnets", in.Subnets != ""}, {"includeParking", in.IncludeParking}, {"parkingPrice", in.ParkingPrice != 0},
			{"type", in.Type != ""}} {
			if f.set {
				v.Fail(f.name, "rule.notAllowed")
			}
		}
	}
	if _, err := money.Add(r.Price, r.ParkingPrice); err != nil {
		v.Fail("price", "rule.maxAmount", money.FormatEuro(money.MaxAmount, "en"))
	}
	if v.Required("email", r.Email) {
		v.Email("email", r.Email)
	}
	v.OneOf("budgetType", r.BudgetType, budget.UserTypes)
	v.MaxLength("b2bContractNumber", r.B2BContractNumber, 50)
	noControl(v, "b2bContractNumber", r.B2BContractNumber)
	r.SearchText = strings.ToLower(strings.Join([]string{r.Firstname + " " + r.Lastname, r.CardNumber, r.PersonnelNumber}, " | "))
	return r
}

// noControl refuses control characters (NUL included) in a text field.
func noControl(v *validate.Checker, field, value string) {
	if strings.IndexFunc(value, func(r rune) bool { return r < 0x20 && r != '\n' && r != '\t' || r == 0x7f }) >= 0 {
		v.Fail(field, "rule.invalid")
	}
}

// positive: cents above zero within the API's bound.
func positive(v *validate.Checker, field string, cents int64) {
	switch {
	case cents <= 0:
		v.Fail(field, "rule.positive")
	case cents > money.MaxAmount:
		v.Fail(field, "rule.maxAmount", money.FormatEuro(money.MaxAmount, "en"))
	}
}

// dateBetween: a required yyyy-MM-dd date within [min, max].
func (s *Service) dateBetween(v *validate.Checker, field, value, min, max string) {
	if !v.Required(field, value) {
		return
	}
	v.Date(field, value)
	if !v.Has(field) && (value < min || value > max) {
		v.Fail(field, "order.rule.dateBetween", min, max)
	}
}

// ---- lists and details ----

// config is a company's settings, the defaults without a row.
func (s *Service) config(ctx context.Context, companyID int64) (*configRow, error) {
	c, err := s.store.config(ctx, companyID)
	if database.IsNoRows(err) {
		return &configRow{CompanyID: companyID, HandledBy: HandledByCompany, DefaultBudgetType: budget.TypeMobility}, nil
	}
	return c, err
}

// mayHandle: platform staff always; others (the company's user managers,
// its MSP's admins: the routes' roles and the scope) when the company
// handles its own orders.
func mayHandle(p *access.Principal, c *configRow) bool {
	return p.IsOspAdmin() || c.HandledBy == HandledByCompany
}

// List pages the open (handled false) or handled orders in the caller's
// reach; companyOspID narrows it to one company within it.
func (s *Service) List(ctx context.Context, p *access.Principal, req ListRequest, handled bool) (*paging.Page[Order], error) {
	v := validate.New(ctx)
	f := filter{handled: handled, product: req.Product, search: strings.TrimSpace(database.SearchText(req.Search))}
	if f.product != "" {
		v.OneOf("product", f.product, Products)
	}
	f.from = s.dayStart(v, "dateFrom", req.DateFrom, 0)
	f.to = s.dayStart(v, "dateTo", req.DateTo, 1)
	if f.from != nil && f.to != nil && !f.to.After(*f.from) {
		v.Fail("dateTo", "rule.endBeforeStart")
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	if req.CorporateAccountOspID != "" {
		ca, err := s.companies.Resolve(ctx, p, req.CorporateAccountOspID)
		if err != nil {
			return nil, err
		}
		f.companyID = ca.ID
	}
	pg := req.Pagination.Normalize(constants.DefaultPageSize)
	rows, total, err := s.store.list(ctx, p.Scope, f, pg.Size, pg.Offset())
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out, err := s.toOrders(ctx, rows, true)
	if err != nil {
		return nil, err
	}
	page := paging.NewPage(out, total, pg)
	return &page, nil
}

// CompanyList is List for the selected company (order handling).
func (s *Service) CompanyList(ctx context.Context, p *access.Principal, req CompanyListRequest, handled bool) (*paging.Page[Order], error) {
	if strings.TrimSpace(req.CorporateAccountOspID) == "" {
		v := validate.New(ctx)
		v.Fail("corporateAccountOspId", "rule.required")
		return nil, v.Err()
	}
	return s.List(ctx, p, ListRequest{CorporateAccountOspID: req.CorporateAccountOspID, Product: req.Product, Search: req.Search,
		DateFrom: req.DateFrom, DateTo: req.DateTo, Pagination: req.Pagination}, handled)
}

// dayStart is the start (Europe/Brussels) of day value plus add days, or
// nil for no value; years outside 1900..9999 are refused by the parser's
// layout, dates far out simply match nothing.
func (s *Service) dayStart(v *validate.Checker, field, value string, add int) *time.Time {
	if value == "" {
		return nil
	}
	d, err := time.ParseInLocation(clock.DateLayout, value, clock.Brussels)
	if err != nil || d.Year() < 1900 {
		v.Fail(field, "rule.date")
		return nil
	}
	t := database.Now(d.AddDate(0, 0, add))
	return &t
}

// Details is one order with its handling context; the national number is
// shown in full only to a caller who may handle the order.
func (s *Service) Details(ctx context.Context, p *access.Principal, id string) (*Details, error) {
	r, err := s.store.byOspID(ctx, p.Scope, id, false)
	if database.IsNoRows(err) {
		return nil, notFound(ctx)
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	cfg, err := s.config(ctx, r.CompanyID)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	can := mayHandle(p, cfg)
	orders, err := s.toOrders(ctx, []orderRow{*r}, !can)
	if err != nil {
		return nil, err
	}
	d := &Details{Order: orders[0], CanHandle: can && r.Status != StatusCancelled, HandledBy: cfg.HandledBy, Budgets: []EmployeeBudget{}}
	refs, err := s.budgets.UserBudgets(ctx, access.SystemScope(), []int64{r.UserID})
	if err != nil {
		return nil, err
	}
	for _, b := range refs[r.UserID] {
		d.Budgets = append(d.Budgets, EmployeeBudget{OspID: b.OspID, BudgetType: b.BudgetType,
			Active: b.ActivationStatus != budget.StatusDeactivated, Balance: b.Balance, Unlimited: !b.Limited})
	}
	if b, ok := suggest(refs[r.UserID], r.BudgetType, cfg.DefaultBudgetType); ok {
		d.SuggestedBudgetOspID = b.OspID
	}
	return d, nil
}

// suggest picks the budget a confirmation books on when it names none: the
// employee's active budget of the order's type, else of the company's
// default type, else the first active one (mobility budget first).
func suggest(list []budget.Ref, orderType, defaultType string) (budget.Ref, bool) {
	for _, t := range []string{orderType, defaultType} {
		for _, b := range list {
			if b.BudgetType == t && b.ActivationStatus != budget.StatusDeactivated {
				return b, true
			}
		}
	}
	for _, b := range list {
		if b.ActivationStatus != budget.StatusDeactivated {
			return b, true
		}
	}
	return budget.Ref{}, false
}

// toOrders answers rows with their companies' and handlers' names.
func (s *Service) toOrders(ctx context.Context, rows []orderRow, mask bool) ([]Order, error) {
	out := make([]Order, 0, len(rows))
	if len(rows) == 0 {
		return out, nil
	}
	var companyIDs, userIDs, budgetIDs []int64
	for _, r := range rows {
		companyIDs = append(companyIDs, r.CompanyID)
		userIDs = append(userIDs, r.UserID)
		for _, id := range []*int64{r.ConfirmedBy, r.CancelledBy} {
			if id != nil {
				userIDs = append(userIDs, *id)
			}
		}
		if r.BudgetID != nil {
			budgetIDs = append(budgetIDs, *r.BudgetID)
		}
	}
	cos, err := s.companies.Names(ctx, access.SystemScope(), uniq(companyIDs))
	if err != nil {
		return nil, err
	}
	users, err := s.users.Displays(ctx, access.SystemScope(), uniq(userIDs))
	if err != nil {
		return nil, err
	}
	budgets := map[int64]budget.Ref{}
	if len(budgetIDs) > 0 {
		if budgets, err = s.budgets.Refs(ctx, access.SystemScope(), uniq(budgetIDs)); err != nil {
			return nil, err
		}
	}
	ts := func(t *time.Time) string {
		if t == nil {
			return ""
		}
		return t.UTC().Format(time.RFC3339)
	}
	name := func(id *int64) string {
		if id == nil {
			return ""
		}
		return users[*id].FullName()
	}
	for _, r := range rows {
		o := Order{OrderID: r.OspID, Status: r.Status, Version: r.Version, RequestedOn: ts(&r.RequestedAt),
			UserOspID: users[r.UserID].OspID, Gender: r.Gender, Firstname: r.Firstname, Lastname: r.Lastname, Street: r.Street,
			HouseNumber: r.HouseNumber, PostalCode: r.PostalCode, City: r.City, Country: r.Country, DateOfBirth: r.BirthDate,
			Language: r.Language, NationalNumber: FormatNationalNumber(r.NationalNumber), PersonnelNumber: r.PersonnelNumber,
			CardNumber: r.CardNumber, Product: r.Product, Duration: r.DurationMonths, StartDate: r.StartDate,
			Price: money.Amount(r.Price), Remark: r.Remark, Origin: r.Origin, Destination: r.Destination,
			TravelClass: r.TravelClass, Subnets: r.Subnets, IncludeParking: r.IncludeParking, ParkingPrice: money.Amount(r.ParkingPrice),
			Type: r.TrainType, Email: r.Email, BudgetType: r.BudgetType, B2BContractNumber: r.B2BContractNumber, Limited: r.Limited,
			ConfirmedOn: ts(r.ConfirmedAt), ConfirmedBy: name(r.ConfirmedBy), CancelledOn: ts(r.CancelledAt),
			CancelledBy: name(r.CancelledBy), HandledOn: ts(r.HandledAt),
			CancelledAfterConfirm: r.Status == StatusCancelled && r.ConfirmedAt != nil}
		if c := cos[r.CompanyID]; c != nil {
			o.CorporateAccountOspID, o.CorporateAccountName = c.OspID, c.Name
		}
		if mask {
			o.NationalNumber, o.NationalNumberMasked = MaskNationalNumber(r.NationalNumber), true
		}
		if r.EffectiveStartDate != nil {
			o.EffectiveStartDate = *r.EffectiveStartDate
		}
		if r.EffectivePrice != nil {
			a := money.Amount(*r.EffectivePrice)
			o.EffectivePrice = &a
		}
		if r.BudgetID != nil {
			o.BudgetOspID = budgets[*r.BudgetID].OspID
		}
		if r.ExpenseOspID != nil {
			o.ExpenseOspID = *r.ExpenseOspID
		}
		if r.CancelReason != nil {
			o.CancelReason = *r.CancelReason
		}
		out = append(out, o)
	}
	return out, nil
}

func uniq(ids []int64) []int64 {
	slices.Sort(ids)
	return slices.Compact(ids)
}
