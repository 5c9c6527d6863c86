package nmbsconfig

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/budget"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/company"
	"mobility/portal/internal/database"
	"mobility/portal/internal/money"
	"mobility/portal/internal/partner"
	"mobility/portal/internal/user"
	"mobility/portal/internal/validate"
)

// Service keeps the NMBS settings.
type Service struct {
	db        *database.DB
	store     *store
	clock     clock.Clock
	companies *company.Service
	partners  *partner.Service
	budgets   *budget.Service
	users     *user.Service
}

// Deps are what the NMBS settings call.
type Deps struct {
	DB        *database.DB
	Clock     clock.Clock
	Companies *company.Service
	Partners  *partner.Service
	Budgets   *budget.Service
	Users     *user.Service
}

func NewService(d Deps) *Service {
	return &Service{db: d.DB, store: &store{db: d.DB}, clock: d.Clock, companies: d.Companies, partners: d.Partners,
		budgets: d.Budgets, users: d.Users}
}

func (s *Service) now() time.Time { return database.Now(s.clock.Now()) }

// organismPattern: SPEC §5, an organism number is 4 letters.
var organismPattern = regexp.MustCompile(`^[A-Z]{4}$`)

// NormalizeOrganismNumber is an organism number as stored: trimmed, upper
// case; ok is false unless it is exactly 4 letters A-Z.
func NormalizeOrganismNumber(s string) (string, bool) {
	n := strings.ToUpper(strings.TrimSpace(s))
	return n, organismPattern.MatchString(n)
}

// OrganismNumber is the organism number in a company's season-card
// settings, "" when it has none. For services that resolved the company
// within the caller's scope already (NMBS invoices compare it with each
// line's).
func (s *Service) OrganismNumber(ctx context.Context, companyID int64) (string, error) {
	return s.store.organism(ctx, companyID)
}

var (
	customerPattern = regexp.MustCompile(`^[0-9]{1,10}$`)
	contractPattern = regexp.MustCompile(`^[A-Z0-9][A-Z0-9-]{0,19}$`)
)

// SeasonTicket answers a company's season-card settings (the defaults
// when never saved).
func (s *Service) SeasonTicket(ctx context.Context, p *access.Principal, companyOspID string) (*SeasonTicketConfig, error) {
	ca, err := s.companies.Resolve(ctx, p, companyOspID)
	if err != nil {
		return nil, err
	}
	r, err := s.store.season(ctx, p.Scope, ca.ID)
	if database.IsNoRows(err) {
		return &SeasonTicketConfig{CorporateAccountOspID: ca.OspID, CorporateAccountName: ca.Name, Products: []string{},
			Classes: []int{}, BudgetTypes: []string{}}, nil
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return s.seasonAPI(ctx, ca, r)
}

// UpdateSeasonTicket replaces a company's season-card settings. Lists
// hold known values once each (products, classes 1 and 2, budget types
// the company offers); the organism number is 4 letters. Enabled
// settings need at least one product, class and budget type and the
// organism number; disabled ones may be incomplete (kept for later).
func (s *Service) UpdateSeasonTicket(ctx context.Context, p *access.Principal, req SeasonTicketUpdateRequest) (*SeasonTicketConfig, error) {
	ca, err := s.companies.Resolve(ctx, p, req.CorporateAccountOspID)
	if err != nil {
		return nil, err
	}
	offered, err := s.budgets.OfferedTypes(ctx, []int64{ca.ID})
	if err != nil {
		return nil, err
	}
	v := validate.New(ctx)
	for i, pr := range req.Products {
		v.OneOf(fmt.Sprintf("products[%d]", i), pr, Products)
	}
	classes := make([]string, 0, len(req.Classes))
	for i, c := range req.Classes {
		if !slices.Contains(Classes, c) {
			v.Fail(fmt.Sprintf("classes[%d]", i), "rule.oneOf", "1, 2")
		}
		classes = append(classes, strconv.Itoa(c))
	}
	for i, t := range req.BudgetTypes {
		if !slices.Contains(offered[ca.ID], t) {
			v.Fail(fmt.Sprintf("budgetTypes[%d]", i), "nmbs.rule.budgetType")
		}
	}
	for field, n := range map[string]int{"products": len(req.Products), "classes": len(req.Classes), "budgetTypes": len(req.BudgetTypes)} {
		if req.Enabled && n == 0 {
			v.Fail(field, "nmbs.rule.chooseOne")
		}
	}
	for field, list := range map[string][]string{"products": req.Products, "classes": classes, "budgetTypes": req.BudgetTypes} {
		if dup(list) {
			v.Fail(field, "nmbs.rule.twice")
		}
	}
	organism, ok := NormalizeOrganismNumber(req.OrganismNumber)
	switch {
	case organism == "" && req.Enabled:
		v.Fail("organismNumber", "rule.required")
	case organism != "" && !ok:
		v.Fail("organismNumber", "nmbs.rule.organismNumber")
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	r := &seasonRow{CompanyID: ca.ID, Enabled: req.Enabled, Products: ordered(req.Products, Products), Classes: ordered(classes, []string{"1", "2"}),
		BudgetTypes: ordered(req.BudgetTypes, budget.Types), ParkingAllowed: req.ParkingAllowed, OrganismNumber: organism,
		UpdatedBy: p.UserID, UpdatedAt: s.now()}
	if err := s.store.saveSeason(ctx, r); err != nil {
		return nil, apperr.Internal(err)
	}
	return s.seasonAPI(ctx, ca, r)
}

func dup(list []string) bool {
	seen := map[string]bool{}
	for _, x := range list {
		if seen[x] {
			return true
		}
		seen[x] = true
	}
	return false
}

// ordered stores a list in the order of all (so a read answers it the
// same way whatever order it was sent in).
func ordered(list, all []string) string {
	var out []string
	for _, a := range all {
		if slices.Contains(list, a) {
			out = append(out, a)
		}
	}
	return strings.Join(out, ",")
}

func split(s string) []string {
	if s == "" {
		return []string{}
	}
	return strings.Split(s, ",")
}

func (s *Service) seasonAPI(ctx context.Context, ca *company.Resolved, r *seasonRow) (*SeasonTicketConfig, error) {
	by, err := s.users.Displays(ctx, access.SystemScope(), []int64{r.UpdatedBy})
	if err != nil {
		return nil, err
	}
	classes := []int{}
	for _, c := range split(r.Classes) {
		n, _ := strconv.Atoi(c)
		classes = append(classes, n)
	}
	return &SeasonTicketConfig{CorporateAccountOspID: ca.OspID, CorporateAccountName: ca.Name, Configured: true, Enabled: r.Enabled,
		Products: split(r.Products), Classes: classes, BudgetTypes: split(r.BudgetTypes), ParkingAllowed: r.ParkingAllowed,
		OrganismNumber: r.OrganismNumber, UpdatedByName: by[r.UpdatedBy].FullName(),
		UpdatedAt: r.UpdatedAt.UTC().Format(time.RFC3339)}, nil
}

// assignee is a partner or company reached by the caller.
type assignee struct {
	typ, ospID, name string
	column           string // its column in nmbs_ticket_sales_configs
	id               int64
}

// resolveAssignee finds the ospId among the caller's companies, then
// among their partners (ospIds are unique across both); else NOT_FOUND.
func (s *Service) resolveAssignee(ctx context.Context, p *access.Principal, ospID string) (*assignee, error) {
	ca, err := s.companies.Resolve(ctx, p, ospID)
	if err == nil {
		return &assignee{typ: AssigneeCompany, ospID: ca.OspID, name: ca.Name, column: "corporate_account_id", id: ca.ID}, nil
	}
	if !apperr.IsNotFound(err) {
		return nil, err
	}
	pa, err := s.partners.Resolve(ctx, p.Scope, ospID)
	if err != nil {
		return nil, err
	}
	return &assignee{typ: AssigneePartner, ospID: pa.OspID, name: pa.Name, column: "partner_id", id: pa.ID}, nil
}

// TicketSales answers an assignee's ticket-sales settings (the defaults
// when never saved).
func (s *Service) TicketSales(ctx context.Context, p *access.Principal, assigneeOspID string) (*TicketSalesConfig, error) {
	a, err := s.resolveAssignee(ctx, p, assigneeOspID)
	if err != nil {
		return nil, err
	}
	r, err := s.store.sales(ctx, p.Scope, a.column, a.id)
	if database.IsNoRows(err) {
		return &TicketSalesConfig{AssigneeType: a.typ, AssigneeOspID: a.ospID, AssigneeName: a.name, SalesChannel: ChannelApp}, nil
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return s.salesAPI(ctx, a, r)
}

// UpdateTicketSales replaces an assignee's ticket-sales settings. Enabled
// sales need the B2B customer and contract numbers (NMBS invoices the
// tickets under them); limits are 0 (none) or positive amounts, the
// per-ticket limit at most the monthly one when both are set.
func (s *Service) UpdateTicketSales(ctx context.Context, p *access.Principal, req TicketSalesUpdateRequest) (*TicketSalesConfig, error) {
	a, err := s.resolveAssignee(ctx, p, req.AssigneeOspID)
	if err != nil {
		return nil, err
	}
	customer := strings.TrimSpace(req.CustomerNumber)
	contract := strings.ToUpper(strings.TrimSpace(req.ContractNumber))
	v := validate.New(ctx)
	v.OneOf("salesChannel", req.SalesChannel, Channels)
	switch {
	case customer == "" && req.Enabled:
		v.Fail("customerNumber", "rule.required")
	case customer != "" && !customerPattern.MatchString(customer):
		v.Fail("customerNumber", "nmbs.rule.customerNumber")
	}
	switch {
	case contract == "" && req.Enabled:
		v.Fail("contractNumber", "rule.required")
	case contract != "" && !contractPattern.MatchString(contract):
		v.Fail("contractNumber", "nmbs.rule.contractNumber")
	}
	for field, a := range map[string]money.Amount{"maxTicketPrice": req.MaxTicketPrice, "monthlyLimit": req.MonthlyLimit} {
		if a < 0 || !a.InBounds() {
			v.Fail(field, "nmbs.rule.limit", money.MaxAmount/100)
		}
	}
	if req.MaxTicketPrice > 0 && req.MonthlyLimit > 0 && req.MaxTicketPrice > req.MonthlyLimit {
		v.Fail("maxTicketPrice", "nmbs.rule.ticketAboveMonth")
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	r := &salesRow{Enabled: req.Enabled, SalesChannel: req.SalesChannel, CustomerNumber: customer, ContractNumber: contract,
		FirstClassAllowed: req.FirstClassAllowed, MaxTicket: int64(req.MaxTicketPrice), MonthlyLimit: int64(req.MonthlyLimit),
		UpdatedBy: p.UserID, UpdatedAt: s.now()}
	if a.typ == AssigneePartner {
		r.PartnerID = &a.id
	} else {
		r.CompanyID = &a.id
	}
	if err := s.store.saveSales(ctx, a.column, r); err != nil {
		return nil, apperr.Internal(err)
	}
	return s.salesAPI(ctx, a, r)
}

func (s *Service) salesAPI(ctx context.Context, a *assignee, r *salesRow) (*TicketSalesConfig, error) {
	by, err := s.users.Displays(ctx, access.SystemScope(), []int64{r.UpdatedBy})
	if err != nil {
		return nil, err
	}
	return &TicketSalesConfig{AssigneeType: a.typ, AssigneeOspID: a.ospID, AssigneeName: a.name, Configured: true, Enabled: r.Enabled,
		SalesChannel: r.SalesChannel, CustomerNumber: r.CustomerNumber, ContractNumber: r.ContractNumber,
		FirstClassAllowed: r.FirstClassAllowed, MaxTicketPrice: money.Amount(r.MaxTicket), MonthlyLimit: money.Amount(r.MonthlyLimit),
		UpdatedByName: by[r.UpdatedBy].FullName(), UpdatedAt: r.UpdatedAt.UTC().Format(time.RFC3339)}, nil
}
