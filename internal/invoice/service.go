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

// Fees is what the run reads of the catalogue's fees charged to companies
// (wired from internal/resource and internal/productaccess in
// server/wire_invoice.go: invoice imports neither).
type Fees interface {
	// CompanyFees lists, per company id, the fees (onUserBudget=false)
	// of the service resources the company offers; companies maps company
	// ids to their partner ids.
	CompanyFees(ctx context.Context, companies map[int64]int64) (map[int64][]Fee, error)
	// ResourceFees lists the fees (onUserBudget=false) of resources, by
	// resource id, and the resources' MRP partner and name.
	ResourceFees(ctx context.Context, resourceIDs []int64) (map[int64]Resource, error)
}

// Resource is a catalogue resource as the run bills it.
type Resource struct {
	ID        int64
	OspID     string
	ExtID     string
	Name      string
	PartnerID int64 // the MRP partner that offers it (self-billing's seller)
	Fees      []Fee
}

// Fee is one fee of a resource, amounts net (excl. VAT), cents.
type Fee struct {
	ResourceID     int64
	ResourceName   string
	ResourceExtID  string
	Position       int
	FeeType        string // FIXED or VARIABLE
	Amount         int64
	Unit           string // VARIABLE: MINUTE, HOUR, DAY, KM, KWH, LITRE
	VatBasisPoints int
	Cron           string
	ProRata        bool
	Description    string
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
	outbox    *mail.Outbox
	// userFees and fees are wired after construction (Wire): their
	// owners are built later or import what invoice imports.
	userFees UserFees
	fees     Fees
	// runWorkers bounds how many companies' lines are built at once.
	runWorkers int
}

// NewService makes the service.
func NewService(d Deps) *Service {
	return &Service{db: d.DB, store: &store{db: d.DB}, clock: d.Clock, platform: PlatformFrom(d.Config),
		companies: d.Companies, partners: d.Partners, users: d.Users, budgets: d.Budgets, expenses: d.Expenses, outbox: d.Outbox, runWorkers: 4}
}

// Wiring is what the run reads through interfaces, handed over once the
// owners exist (server/wire_invoice.go).
type Wiring struct {
	UserFees UserFees
	Fees     Fees
}

// Wire hands the service its late dependencies; a nil one is left out of
// the run (no user fees, no catalogue fees).
func (s *Service) Wire(w Wiring) {
	s.userFees, s.fees = w.UserFees, w.Fees
}
