package server

import (
	"mobility/portal/internal/budget"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/company"
	"mobility/portal/internal/config"
	"mobility/portal/internal/database"
	"mobility/portal/internal/expense"
	"mobility/portal/internal/invoice"
	"mobility/portal/internal/mail"
	"mobility/portal/internal/partner"
	"mobility/portal/internal/resource"
	"mobility/portal/internal/user"
)

// newInvoices wires invoice to the read models it bills from: companies,
// partners, users, the ledger, expenses and the catalogue's resources,
// and to the outbox that mails the documents.
func newInvoices(cfg *config.Config, db *database.DB, c clock.Clock, companies *company.Service, partners *partner.Service,
	users *user.Service, budgets *budget.Service, expenses *expense.Service, resources *resource.Service,
	outbox *mail.Outbox) *invoice.Service {
	return invoice.NewService(invoice.Deps{DB: db, Clock: c, Config: cfg, Companies: companies, Partners: partners, Users: users,
		Budgets: budgets, Expenses: expenses, Resources: resources, Outbox: outbox})
}
