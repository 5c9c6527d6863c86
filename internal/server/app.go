// Package server assembles the portal: it wires every domain service,
// builds the route table (each route declaring its roles), and serves the
// API, the OpenAPI document and the embedded web app behind one handler.
package server

import (
	"context"
	"fmt"
	"io/fs"
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"

	"mobility/portal/internal/api"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/auth"
	"mobility/portal/internal/branding"
	"mobility/portal/internal/budget"
	"mobility/portal/internal/cambio"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/company"
	"mobility/portal/internal/config"
	"mobility/portal/internal/database"
	"mobility/portal/internal/deactivation"
	"mobility/portal/internal/expense"
	"mobility/portal/internal/help"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/idempotency"
	"mobility/portal/internal/invoice"
	"mobility/portal/internal/jobs"
	"mobility/portal/internal/mail"
	"mobility/portal/internal/messaging"
	"mobility/portal/internal/nmbsconfig"
	"mobility/portal/internal/nmbsinvoice"
	"mobility/portal/internal/onboarding"
	"mobility/portal/internal/order"
	"mobility/portal/internal/partner"
	"mobility/portal/internal/plugin"
	"mobility/portal/internal/product"
	"mobility/portal/internal/productaccess"
	"mobility/portal/internal/providerdata"
	"mobility/portal/internal/reconciliation"
	"mobility/portal/internal/reporting"
	"mobility/portal/internal/resource"
	"mobility/portal/internal/template"
	"mobility/portal/internal/translation"
	"mobility/portal/internal/trip"
	"mobility/portal/internal/user"
	"mobility/portal/internal/userfee"
	"mobility/portal/internal/usergroup"
	"mobility/portal/internal/voucher"
)

// App is the wired portal: its services and the route table.
type App struct {
	Config    *config.Config
	DB        *database.DB
	Clock     clock.Clock
	Outbox    *mail.Outbox
	Auth      *auth.Service
	Partners  *partner.Service
	Companies *company.Service
	Users     *user.Service
	Groups    *usergroup.Service
	Budgets   *budget.Service
	// Onboarding creates an app user with their budgets in one transaction
	// (user/mobile/create): it uses both services, neither knows the other's.
	Onboarding *onboarding.Service
	Expenses   *expense.Service
	Branding   *branding.Service
	// Reporting serves the monthly reports and the dashboard's figures.
	Reporting *reporting.Service
	Help      *help.Service
	// Deactivations runs the company and partner deactivation workflows.
	Deactivations *deactivation.Service
	// Resources is the catalogue's resources, groups, labels, icons and
	// gas-station owners; it reads partners and companies through
	// wire_resource.go.
	Resources *resource.Service
	// Products is the catalogue's products and their composition.
	Products *product.Service
	// ProductAccess decides who may use which product: the platform's
	// disallowed products, partner and company selections, group grants
	// and users' default products.
	ProductAccess *productaccess.Service
	// UserFees holds the user fee tiers and charges the monthly user fees
	// (the invoice run calls ChargeMonth, then reads Charges).
	UserFees *userfee.Service
	// Invoices issues the monthly invoices, credit notes and self-billing
	// invoices and records payments; it reads the owners' read models.
	Invoices *invoice.Service
	// Trips holds the trip configuration (company, users, distances,
	// tax-free rates); TripRegistrations the registrations and the monthly
	// compensation run, which read Trips' effective settings and pay into
	// budgets through budget's BookTripCompensation.
	Trips             *trip.Service
	TripRegistrations *trip.Registrations
	// Templates holds the mail and message templates and renders every
	// mail of the outbox (mail.Renderer: mail does not import template).
	Templates *template.Service
	// Messaging holds message channels and messages; its delivery worker
	// (Run, started by serve) writes the inbox rows in batches.
	Messaging *messaging.Service
	// Translations holds the backoffice's translations; its SERVER_MESSAGE
	// ones override the server's texts (i18n.SetOverride, installed by New;
	// portal serve runs its Watch so other processes' writes arrive).
	Translations *translation.Service
	// ProviderData turns providers' files into expenses (upload/...).
	ProviderData *providerdata.Service
	// Reconciliation reads the expenses' and provider lines' read models
	Reconciliation *reconciliation.Service
	// Vouchers keeps voucher codes from providers' files and their use;
	// Cambio books Cambio's invoice lines as expenses (budget's
	// ProviderBudgets/CheckSpend, expense's BookProvider) and keeps its
	// CO2 figures.
	Vouchers *voucher.Service
	// Plugins keeps plugin purchases: approved by the backoffice (mailed to
	// the provider), accepted or declined by the employee in the app
	// (booked through expense.BookProvider).
	Plugins *plugin.Service
	// NMBS keeps the NMBS settings: a company's season cards, ticket sales.
	NMBS   *nmbsconfig.Service
	Cambio *cambio.Service
	// Orders keeps the app users' season-card orders and their handling:
	// a confirmation books through expense's BookProvider, a cancellation
	// writes to the employee's inbox through messaging's SendDirect.
	Orders *order.Service
	// NmbsInvoices checks NMBS and B-Parking monthly invoices against the
	// processed season-card orders (nmbsinvoice.OrderSource, wire_orders.go).
	NmbsInvoices *nmbsinvoice.Service

	// Idempotency answers repeats of the money calls (routes marked
	// Idempotent) from their first answer.
	Idempotency *idempotency.Service
}

// New wires the services of the portal.
func New(cfg *config.Config, db *database.DB, c clock.Clock) (*App, error) {
	outbox := mail.NewOutbox(db, c)
	partners := partner.NewService(db, c)
	companies := company.NewService(db, partners)
	helpSvc, err := help.NewService(cfg)
	if err != nil {
		return nil, err
	}
	authSvc := auth.NewService(db, cfg, c, outbox)
	groups := usergroup.NewService(db, c, companies)
	users := user.NewService(user.Deps{DB: db, Clock: c, Config: cfg, Companies: companies, Partners: partners,
		Groups: groups, Auth: authSvc, Outbox: outbox})
	budgets := budget.NewService(budget.Deps{DB: db, Clock: c, Companies: companies, Users: users, Outbox: outbox})
	// partner sits below company and budget: its update pushes the
	// partner's budget types to the partner's companies through them
	partners.UseCompanies(partner.Companies{IDsOfPartner: companies.IDsOfPartner, ReplaceCompanyTypes: budgets.ReplaceCompanyTypes})
	// productaccess owns who may use which product; partner and company
	// keep their selections there (it imports both), and it reads the
	// catalogue (products, service resources) through UseCatalog.
	perms := productaccess.NewService(productaccess.Deps{DB: db, Clock: c, Companies: companies, Groups: groups, Users: users})
	partners.UseCatalogue(perms)
	// a group's members keep their default product (usergroup cannot
	// import productaccess)
	groups.UseLeaveGuard(perms.GroupLeaving)
	// company reaches the budget types a company offers (budget's table),
	// creates a new company's first admin (user) and keeps its products
	// (productaccess) through interfaces: those packages import company.
	companies.Wire(company.Wiring{Clock: c, BudgetTypes: budgets, PartnerBudgetTypes: partners, FirstAdmins: users, Products: perms})
	brandingSvc := branding.NewService(branding.Deps{DB: db, Clock: c, Config: cfg, Partners: partners, Companies: companies})
	// partner's screens show the brand colour branding owns
	partners.UseBrandColors(brandingSvc.PartnerBrandColors)
	resources := resource.NewService(resource.Deps{DB: db, Clock: c, Partners: resourcePartners(partners),
		Companies: resourceCompanies(companies)})
	// an expense names the catalogue resource it was bought on
	expenses := expense.NewService(expense.Deps{DB: db, Clock: c, Users: users, Companies: companies, Budgets: budgets, Outbox: outbox,
		Resources: resources, MRPs: partners})
	// reporting reads only the owners' read models (monthly totals, user counts)
	reports := reporting.NewService(reporting.Deps{DB: db, Clock: c, PublicURL: cfg.PublicURL, Outbox: outbox, Companies: companies,
		Partners: partners, Users: users, Budgets: budgets, Expenses: expenses})
	products := product.NewService(product.Deps{DB: db, Clock: c, Companies: companies, Groups: groups})
	// product reads the resource catalogue (wire_product.go), users'
	// default products and the company and group assignments
	// (productaccess) through interfaces: productaccess reads product's
	// read models, and resource knows nothing of products.
	products.Wire(product.Wiring{Resources: productResources{resources}, Defaults: perms, Assignments: perms})
	// productaccess reads the catalogue: products and service resources
	// (wire_productaccess.go)
	perms.UseCatalog(accessProducts{products}, accessResources{resources})
	userFees := userfee.NewService(userfee.Deps{DB: db, Clock: c, Companies: companies, Partners: partners, Users: users,
		Budgets: budgets, Expenses: expenses})
	invoices := newInvoices(cfg, db, c, companies, partners, users, budgets, expenses, resources, outbox)
	// the run charges user fees (userfee) and bills the fees of the
	// service resources companies offer (productaccess)
	invoices.Wire(invoice.Wiring{UserFees: userFees, Catalogues: perms})
	trips := trip.NewService(trip.Deps{DB: db, Clock: c, Companies: companies, Users: users})
	tripRegistrations := trip.NewRegistrations(trip.RegistrationDeps{DB: db, Clock: c, Users: users, Companies: companies,
		Budgets: budgets, Settings: trips})
	templates := template.NewService(template.Deps{DB: db, Clock: c, Companies: companies, Partners: partners, Users: users})
	outbox.UseRenderer(templates)
	translations := translation.NewService(translation.Deps{DB: db, Clock: c, Users: users})
	// the server-message overrides as stored now (an unmigrated database
	// has none yet: portal serve's Watch loads them again)
	// (portal openapi builds an App without a database)
	if db != nil {
		_ = translations.Refresh(context.Background())
	}
	i18n.SetOverride(translations.Lookup)
	cambioSvc := cambio.NewService(cambio.Deps{DB: db, Clock: c, Users: users, Companies: companies, Budgets: budgets,
		Expenses: expenses})
	providerData := providerdata.NewService(providerdata.Deps{DB: db, Clock: c, Users: users, Budgets: budgets,
		Expenses: expenses, Companies: companies})
	messages := messaging.NewService(messaging.Deps{DB: db, Clock: c, Companies: companies, Users: users, Groups: groups})
	orders := order.NewService(order.Deps{DB: db, Clock: c, Companies: companies, Users: users, Budgets: budgets,
		Expenses: expenses, Messaging: messages})
	nmbs := nmbsconfig.NewService(nmbsconfig.Deps{DB: db, Clock: c, Companies: companies, Partners: partners, Budgets: budgets,
		Users: users})
	return &App{
		Config: cfg, DB: db, Clock: c, Outbox: outbox,
		Auth:       authSvc,
		Partners:   partners,
		Companies:  companies,
		Groups:     groups,
		Users:      users,
		Budgets:    budgets,
		Onboarding: onboarding.NewService(db, users, budgets),
		Expenses:   expenses,
		Reporting:  reports,
		Branding:   brandingSvc,
		Help:       helpSvc,

		Deactivations: deactivation.NewService(deactivation.Deps{DB: db, Clock: c, Outbox: outbox, Companies: companies,
			Partners: partners, Users: users, Budgets: budgets}),
		ProductAccess: perms,

		Resources:         resources,
		Products:          products,
		UserFees:          userFees,
		Invoices:          invoices,
		Trips:             trips,
		TripRegistrations: tripRegistrations,
		Templates:         templates,
		Messaging:         messages,
		Translations:      translations,
		ProviderData:      providerData,
		Reconciliation: reconciliation.NewService(reconciliation.Deps{DB: db, Clock: c, Users: users, Expenses: expenses,
			ProviderData: providerData, Cambio: cambioSvc}),
		// voucher hands the user search its codes (user.UseVoucherCodes)
		Vouchers: voucher.NewService(voucher.Deps{DB: db, Clock: c, Users: users, Companies: companies}),
		Cambio:   cambioSvc,
		Orders:   orders,

		Plugins: plugin.NewService(plugin.Deps{DB: db, Clock: c, Users: users, Companies: companies, Products: products,
			Budgets: budgets, Expenses: expenses, Renderer: templates, Outbox: outbox}),
		NMBS: nmbs,
		NmbsInvoices: nmbsinvoice.NewService(nmbsinvoice.Deps{DB: db, Clock: c, Users: users, Companies: companies,
			Orders: orderInvoices{orders}, NMBS: nmbs}),

		Idempotency: idempotency.NewService(db, c),
	}, nil
}

// Routes is the whole route table of the API.
func (a *App) Routes() []api.Route {
	var routes []api.Route
	for _, group := range [][]api.Route{
		a.Auth.Routes(),
		a.Users.Routes(),
		a.Users.ImportRoutes(),
		a.Users.TokenRoutes(),
		a.Partners.Routes(),
		a.Companies.Routes(),
		a.Groups.Routes(),
		a.Budgets.Routes(),
		a.Onboarding.Routes(),
		a.Expenses.Routes(),
		a.Branding.Routes(),
		a.Reporting.Routes(),
		a.Help.Routes(),
		a.Deactivations.Routes(),
		a.Resources.Routes(),
		a.Products.Routes(),
		a.ProductAccess.Routes(),
		a.UserFees.Routes(),
		a.Invoices.Routes(),
		a.Invoices.DocumentRoutes(),
		a.Trips.ConfigRoutes(),
		a.TripRegistrations.Routes(),
		a.TripRegistrations.ImportRoutes(),
		a.Templates.Routes(),
		a.Messaging.Routes(),
		a.Translations.Routes(),
		a.ProviderData.Routes(),
		a.ProviderData.DirectRoutes(),
		a.Reconciliation.Routes(),
		a.Vouchers.Routes(),
		a.Cambio.Routes(),
		a.Orders.Routes(),
		a.Plugins.Routes(),
		a.NMBS.Routes(),
		a.NmbsInvoices.Routes(),
	} {
		routes = append(routes, group...)
	}
	return routes
}

// apiPrefixes are the bases of SPEC §7; anything else is the web app.
var apiPrefixes = []string{"/portal-service/", "/user-service/", "/cambio/"}

// Handler returns the portal's HTTP handler; web is the built web app (nil
// serves a page saying it is not built).
func (a *App) Handler(web fs.FS) (http.Handler, error) {
	routes := a.Routes()
	doc, err := cachedOpenAPI(routes)
	if err != nil {
		return nil, fmt.Errorf("openapi: %w", err)
	}
	r := chi.NewRouter()
	hsts := strings.HasPrefix(strings.ToLower(a.Config.PublicURL), "https://")
	r.Use(recoverer, requestContext, requestLog, func(next http.Handler) http.Handler { return securityHeaders(hsts, next) },
		limitBody(a.Config.MaxBodyBytes),
		middleware.Compress(5, "application/json", "text/html", "text/css", "application/javascript", "text/javascript", "image/svg+xml"))
	for _, rt := range routes {
		if !rt.Policy.Declared() {
			return nil, fmt.Errorf("route %s %s declares no roles", rt.Method, rt.Path)
		}
		h := rt.Handler
		if rt.Idempotent {
			// Inside the guard: keys are scoped per signed-in user.
			h = a.Idempotency.Wrap(h)
		}
		r.Method(rt.Method, rt.Path, a.Auth.Guard(rt.Policy, h))
	}
	r.Get("/openapi.json", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(doc)
	})
	r.Get("/healthz", func(w http.ResponseWriter, req *http.Request) {
		if err := a.DB.SQL().PingContext(req.Context()); err != nil {
			http.Error(w, "database unavailable", http.StatusServiceUnavailable)
			return
		}
		_, _ = w.Write([]byte("ok\n"))
	})
	var webHandler http.Handler = http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte("<!doctype html><title>Portal</title><p>This binary was built without the web app.</p>"))
	})
	if web != nil {
		webHandler = spa(web)
	}
	notFound := func(w http.ResponseWriter, req *http.Request) {
		for _, p := range apiPrefixes {
			if strings.HasPrefix(req.URL.Path, p) {
				api.WriteError(w, req, apperr.NotFound("call "+req.URL.Path))
				return
			}
		}
		webHandler.ServeHTTP(w, req)
	}
	r.NotFound(notFound)
	r.MethodNotAllowed(func(w http.ResponseWriter, req *http.Request) {
		for _, p := range apiPrefixes {
			if strings.HasPrefix(req.URL.Path, p) {
				api.WriteJSON(w, http.StatusMethodNotAllowed, api.ErrorBody{ErrorLabel: apperr.LabelMethodNotAllowed, Message: req.Method + " is not allowed here"})
				return
			}
		}
		webHandler.ServeHTTP(w, req)
	})
	return r, nil
}

// Jobs lists the scheduled work of every domain.
func (a *App) Jobs() []jobs.Job {
	return []jobs.Job{
		{Name: "user-activation", Run: func(ctx context.Context, day string) (string, error) {
			act, deact, err := a.Users.ApplyPlans(ctx, day)
			return fmt.Sprintf("%d activated, %d deactivated", act, deact), err
		}},
		// before budget-periods: a company deactivated on the 1st gets no
		// top-up for the month it leaves in
		{Name: "company-deactivation", Run: func(ctx context.Context, day string) (string, error) {
			r, err := a.Deactivations.RunDay(ctx, day)
			return fmt.Sprintf("%d requests handled at their deadline, %d companies deactivated", r.Handled, r.Effective), err
		}},
		{Name: "partner-deactivation", Run: func(ctx context.Context, day string) (string, error) {
			r, err := a.Deactivations.ResumePartners(ctx)
			return fmt.Sprintf("%d companies deactivated, %d partner deactivations finished", r.Companies, r.Finished), err
		}},
		{Name: "company-settlement", Run: func(ctx context.Context, day string) (string, error) {
			r, err := a.Deactivations.Settle(ctx, day)
			return fmt.Sprintf("%d companies settled: %d private budgets refunded, %d budgets back to the company, %d cents, %d negative left",
				r.Companies, r.Refunded, r.Returned, r.Amount, r.Negative), err
		}},
		{Name: "budget-periods", Run: func(ctx context.Context, day string) (string, error) {
			r, err := a.Budgets.RunPeriods(ctx, day)
			return fmt.Sprintf("%d credited, %d reset, %d skipped", r.Credited, r.Reset, r.Skipped), err
		}},
		{Name: "recurring-expenses", Run: func(ctx context.Context, day string) (string, error) {
			r, err := a.Expenses.RunRecurring(ctx, day)
			return fmt.Sprintf("%d booked, %d failed, %d skipped", r.Booked, r.Failed, r.Skipped), err
		}},
		// on any day: the previous month's missing invoices (a rerun issues
		// nothing twice, so the first days after a month catch up)
		{Name: "invoices", Run: func(ctx context.Context, day string) (string, error) {
			r, err := a.Invoices.RunDay(ctx, day)
			return fmt.Sprintf("%s: %d invoices, %d self-billing invoices, %d already there", r.Month, r.Invoices,
				r.SelfBillingInvoices, r.Skipped), err
		}},
		// on any day: the previous month's approved trip registrations not
		// paid yet (a rerun pays nothing twice, so the days after a month
		// catch up, and users who had no budget are paid once they do)
		{Name: "trip-compensation", Run: func(ctx context.Context, day string) (string, error) {
			r, err := a.TripRegistrations.RunDay(ctx, day)
			return fmt.Sprintf("%s: %d users paid %d cents for %d registrations, %d without a budget, %d already paid", r.Month, r.Paid,
				r.Amount, r.Registrations, r.NoBudget, r.Skipped), err
		}},
		{Name: "token-cleanup", Run: func(ctx context.Context, day string) (string, error) {
			if err := a.Auth.Cleanup(ctx); err != nil {
				return "", err
			}
			n, err := a.Idempotency.Cleanup(ctx)
			return fmt.Sprintf("expired tokens removed, %d idempotency keys removed", n), err
		}},
		{Name: "ledger-verify", Run: func(ctx context.Context, day string) (string, error) {
			return a.Budgets.VerifyLedgerJob(ctx)
		}},
		// provider bookings against the platform's (rows change only
		// when their amounts or status do; RESOLVED ones stay)
		{Name: "reconciliation", Run: func(ctx context.Context, day string) (string, error) {
			r, err := a.Reconciliation.Run(ctx)
			return fmt.Sprintf("%d bookings: %d matched, %d mismatch, %d missing at provider, %d missing at platform", r.Rows, r.Matched,
				r.Mismatch, r.MissingAtProvider, r.MissingAtPlatform), err
		}},
		{Name: "monthly-reports", Run: func(ctx context.Context, day string) (string, error) {
			r, err := a.Reporting.RunJob(ctx, day)
			return fmt.Sprintf("%s: %d made, %d already there, %d mails", r.Month, r.Made, r.Skipped, r.Mails), err
		}},
	}
}

// JobRunner runs the jobs of the portal.
func (a *App) JobRunner() *jobs.Runner { return jobs.NewRunner(a.DB, a.Clock, a.Jobs()) }
