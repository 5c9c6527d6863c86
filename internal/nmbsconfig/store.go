package nmbsconfig

import (
	"context"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/database"
)

type store struct{ db *database.DB }

// seasonRow is a nmbs_season_ticket_configs row; the lists are stored
// comma-separated (a handful of fixed codes each).
type seasonRow struct {
	CompanyID      int64     `db:"corporate_account_id"`
	Enabled        bool      `db:"enabled"`
	Products       string    `db:"products"`
	Classes        string    `db:"classes"`
	BudgetTypes    string    `db:"budget_types"`
	ParkingAllowed bool      `db:"parking_allowed"`
	OrganismNumber string    `db:"organism_number"`
	UpdatedBy      int64     `db:"updated_by"`
	UpdatedAt      time.Time `db:"updated_at"`
}

// salesRow is a nmbs_ticket_sales_configs row: of a partner or a company.
type salesRow struct {
	PartnerID         *int64    `db:"partner_id"`
	CompanyID         *int64    `db:"corporate_account_id"`
	Enabled           bool      `db:"enabled"`
	SalesChannel      string    `db:"sales_channel"`
	CustomerNumber    string    `db:"customer_number"`
	ContractNumber    string    `db:"contract_number"`
	FirstClassAllowed bool      `db:"first_class_allowed"`
	MaxTicket         int64     `db:"max_ticket_cents"`
	MonthlyLimit      int64     `db:"monthly_limit_cents"`
	UpdatedBy         int64     `db:"updated_by"`
	UpdatedAt         time.Time `db:"updated_at"`
}

// season reads a company's settings within scope (the caller resolved
// the company within it too: the query holds the tenant check again).
func (s *store) season(ctx context.Context, scope access.Scope, companyID int64) (*seasonRow, error) {
	cond, args := scope.InCompanies("c.corporate_account_id")
	var r seasonRow
	err := s.db.Get(ctx, &r, `SELECT c.corporate_account_id, c.enabled, c.products, c.classes, c.budget_types, c.parking_allowed,
		c.organism_number, c.updated_by, c.updated_at FROM nmbs_season_ticket_configs c WHERE c.corporate_account_id = ? AND `+cond, append([]any{companyID}, args...)...)
	return &r, err
}

// organism reads the organism number a company's settings hold ("" when
// it has none): for internal callers that checked the company already.
func (s *store) organism(ctx context.Context, companyID int64) (string, error) {
	var n string
	err := s.db.Get(ctx, &n, `SELECT organism_number FROM nmbs_season_ticket_configs WHERE corporate_account_id = ?`, companyID)
	if database.IsNoRows(err) {
		return "", nil
	}
	return n, err
}

func (s *store) saveSeason(ctx context.Context, r *seasonRow) error {
	_, err := s.db.Exec(ctx, `INSERT INTO nmbs_season_ticket_configs (corporate_account_id, enabled, products, classes, budget_types,
		parking_allowed, organism_number, updated_by, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (corporate_account_id) DO UPDATE SET enabled = excluded.enabled, products = excluded.products,
		classes = excluded.classes, budget_types = excluded.budget_types, parking_allowed = excluded.parking_allowed,
		organism_number = excluded.organism_number, updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
		r.CompanyID, r.Enabled, r.Products, r.Classes, r.BudgetTypes, r.ParkingAllowed, r.OrganismNumber, r.UpdatedBy, r.UpdatedAt)
	return err
}

const selectSales = `SELECT t.partner_id, t.corporate_account_id, t.enabled, t.sales_channel, t.customer_number, t.contract_number,
	t.first_class_allowed, t.max_ticket_cents, t.monthly_limit_cents, t.updated_by, t.updated_at FROM nmbs_ticket_sales_configs t `

// sales reads an assignee's settings within scope: column is partner_id
// or corporate_account_id (code constants).
func (s *store) sales(ctx context.Context, scope access.Scope, column string, id int64) (*salesRow, error) {
	cond, args := scope.InCompanies("t.corporate_account_id")
	if column == "partner_id" {
		cond, args = scope.Partners("t.partner_id")
	}
	var r salesRow
	err := s.db.Get(ctx, &r, selectSales+`WHERE t.`+column+` = ? AND `+cond, append([]any{id}, args...)...)
	return &r, err
}

func (s *store) saveSales(ctx context.Context, column string, r *salesRow) error {
	_, err := s.db.Exec(ctx, `INSERT INTO nmbs_ticket_sales_configs (partner_id, corporate_account_id, enabled, sales_channel,
		customer_number, contract_number, first_class_allowed, max_ticket_cents, monthly_limit_cents, updated_by, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (`+column+`) DO UPDATE SET enabled = excluded.enabled, sales_channel = excluded.sales_channel,
		customer_number = excluded.customer_number, contract_number = excluded.contract_number,
		first_class_allowed = excluded.first_class_allowed, max_ticket_cents = excluded.max_ticket_cents,
		monthly_limit_cents = excluded.monthly_limit_cents, updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
		r.PartnerID, r.CompanyID, r.Enabled, r.SalesChannel, r.CustomerNumber, r.ContractNumber, r.FirstClassAllowed, r.MaxTicket,
		r.MonthlyLimit, r.UpdatedBy, r.UpdatedAt)
	return err
}
