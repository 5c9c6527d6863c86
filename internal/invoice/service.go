package invoice

import (
	"context"

	"mobility/portal/internal/budget"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/company"
	"mobility/portal/internal/config"
	"mobility/portal/internal/database"
	"mobility/portal/internal/expense"
	"mobility/portal/internal/mail"
	"mobility/portal/internal/partner"
	"mobility/portal/internal/resource"
	"mobility/portal/internal/user"
	"mobility/portal/internal/userfee"
)

// UserFees is what the run needs of internal/userfee: charge a company's
// app users their fee for a month (idempotent: each user once, ever) and
// read the charges back for the invoice's USER_FEE lines.
type UserFees interface {
	ChargeMonth(ctx context.Context, companyID int64, month string) error
	Charges(ctx context.Context, companyID int64, month string) ([]userfee.Charge, error)
}

// Catalogues reads what companies offer of the catalogue
// (internal/productaccess): companies maps company ids to their partner
// ids.
type Catalogues interface {
	CompanyCatalogues(ctx context.Context, companies map[int64]int64) (map[int64]company.Catalogue, error)
}

// Deps are what invoice reads from: the owners' read models.
type Deps struct {
	DB        *database.DB
	Clock     clock.Clock
	Config    *config.Config
	Companies *company.Service
	Partners  *partner.Service
	Users     *user.Service
	Budgets   *budget.Service
	Expenses  *expense.Service
	Resources *resource.Service
	// Outbox queues the mails that carry documents (send.go).
	Outbox *mail.Outbox
}

// Service issues and serves invoices, credit notes and self-billing
// invoices, and records payments.
type Service struct {
	db        *database.DB
	store     *store
	clock     clock.Clock
	platform  Platform
	companies *company.Service
	partners  *partner.Service
	users     *user.Service
	budgets   *budget.Service
	expenses  *expense.Service
	resources *resource.Service
	outbox    *mail.Outbox
	// userFees and catalogues are wired after construction (Wire).
	userFees   UserFees
	catalogues Catalogues
	// runWorkers bounds how many companies' lines are built at once.
	runWorkers int
	// afterIssue, when set (tests: export_test.go), is called after each
	// document the run issues: a test stops a run part-way there.
	afterIssue func(id int64)
}

// NewService makes the service.
func NewService(d Deps) *Service {
	return &Service{db: d.DB, store: &store{db: d.DB}, clock: d.Clock, platform: PlatformFrom(d.Config),
		companies: d.Companies, partners: d.Partners, users: d.Users, budgets: d.Budgets, expenses: d.Expenses, resources: d.Resources,
		outbox: d.Outbox, runWorkers: 4}
}

// Wiring is what the run reads through interfaces, handed over once the
// owners exist (server/wire_invoice.go).
type Wiring struct {
	UserFees   UserFees
	Catalogues Catalogues
}

// Wire hands the service its late dependencies; a nil one is left out of
// the run (no user fees; no fees of selected service resources).
func (s *Service) Wire(w Wiring) {
	s.userFees, s.catalogues = w.UserFees, w.Catalogues
}
