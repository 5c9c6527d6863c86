package order

import (
	"context"
	"strconv"
	"strings"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/database"
)

type store struct{ db *database.DB }

// orderRow is a season_card_orders row.
type orderRow struct {
	ID                 int64      `db:"id"`
	OspID              string     `db:"osp_id"`
	CompanyID          int64      `db:"corporate_account_id"`
	UserID             int64      `db:"user_id"`
	Status             string     `db:"status"`
	Version            int        `db:"version"`
	RequestedAt        time.Time  `db:"requested_at"`
	Gender             string     `db:"gender"`
	Firstname          string     `db:"firstname"`
	Lastname           string     `db:"lastname"`
	Street             string     `db:"street"`
	HouseNumber        string     `db:"house_number"`
	PostalCode         string     `db:"postal_code"`
	City               string     `db:"city"`
	Country            string     `db:"country"`
	BirthDate          string     `db:"birth_date"`
	Language           string     `db:"language"`
	NationalNumber     string     `db:"national_number"`
	PersonnelNumber    string     `db:"personnel_number"`
	CardNumber         string     `db:"card_number"`
	Product            string     `db:"product"`
	DurationMonths     int        `db:"duration_months"`
	StartDate          string     `db:"start_date"`
	Price              int64      `db:"price"`
	Remark             string     `db:"remark"`
	Origin             string     `db:"origin"`
	Destination        string     `db:"destination"`
	TravelClass        int        `db:"travel_class"`
	Subnets            string     `db:"subnets"`
	IncludeParking     bool       `db:"include_parking"`
	ParkingPrice       int64      `db:"parking_price"`
	TrainType          string     `db:"train_type"`
	Email              string     `db:"email"`
	BudgetType         string     `db:"budget_type"`
	B2BContractNumber  string     `db:"b2b_contract_number"`
	Limited            bool       `db:"limited"`
	SearchText         string     `db:"search_text"`
	EffectiveStartDate *string    `db:"effective_start_date"`
	EffectivePrice     *int64     `db:"effective_price"`
	BudgetID           *int64     `db:"budget_id"`
	ExpenseID          *int64     `db:"expense_id"`
	ExpenseOspID       *string    `db:"expense_osp_id"`
	ConfirmedBy        *int64     `db:"confirmed_by"`
	ConfirmedAt        *time.Time `db:"confirmed_at"`
	CancelledBy        *int64     `db:"cancelled_by"`
	CancelledAt        *time.Time `db:"cancelled_at"`
	CancelReason       *string    `db:"cancel_reason"`
	HandledAt          *time.Time `db:"handled_at"`
}

const orderCols = `o.id, o.osp_id, o.corporate_account_id, o.user_id, o.status, o.version, o.requested_at, o.gender, o.firstname,
	o.lastname, o.street, o.house_number, o.postal_code, o.city, o.country, o.birth_date, o.language, o.national_number,
	o.personnel_number, o.card_number, o.product, o.duration_months, o.start_date, o.price, o.remark, o.origin, o.destination,
	o.travel_class, o.subnets, o.include_parking, o.parking_price, o.train_type, o.email, o.budget_type, o.b2b_contract_number,
	o.limited, o.search_text, o.effective_start_date, o.effective_price, o.budget_id, o.expense_id, o.expense_osp_id,
	o.confirmed_by, o.confirmed_at, o.cancelled_by, o.cancelled_at, o.cancel_reason, o.handled_at`

// insert adds an OPEN order and counts it, in one transaction.
func (s *store) insert(ctx context.Context, r *orderRow) (id int64, err error) {
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		if id, err = s.insertRow(ctx, r); err != nil {
			return err
		}
		return s.recount(ctx, r.CompanyID, "", StatusOpen)
	})
	return id, err
}

// recount moves one of a company's orders from state from ("" for a new
// order) to state to in the kept counts; the caller's transaction holds
// the order's change.
func (s *store) recount(ctx context.Context, companyID int64, from, to string) error {
	if from != "" {
		if _, err := s.db.Exec(ctx, `UPDATE season_card_order_counts SET n = n - 1 WHERE corporate_account_id = ? AND status = ?`,
			companyID, from); err != nil {
			return err
		}
	}
	_, err := s.db.Exec(ctx, `INSERT INTO season_card_order_counts (corporate_account_id, status, n) VALUES (?, ?, 1)
		ON CONFLICT (corporate_account_id, status) DO UPDATE SET n = season_card_order_counts.n + 1`, companyID, to)
	return err
}

func (s *store) insertRow(ctx context.Context, r *orderRow) (int64, error) {
	return s.db.Insert(ctx, `INSERT INTO season_card_orders (osp_id, corporate_account_id, user_id, status, version, requested_at,
		gender, firstname, lastname, street, house_number, postal_code, city, country, birth_date, language, national_number,
		personnel_number, card_number, product, duration_months, start_date, price, remark, origin, destination, travel_class,
		subnets, include_parking, parking_price, train_type, email, budget_type, b2b_contract_number, limited, search_text)
		VALUES (?, ?, ?, 'OPEN', 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		RETURNING id`,
		r.OspID, r.CompanyID, r.UserID, r.RequestedAt, r.Gender, r.Firstname, r.Lastname, r.Street, r.HouseNumber, r.PostalCode,
		r.City, r.Country, r.BirthDate, r.Language, r.NationalNumber, r.PersonnelNumber, r.CardNumber, r.Product, r.DurationMonths,
		r.StartDate, r.Price, r.Remark, r.Origin, r.Destination, r.TravelClass, r.Subnets, r.IncludeParking, r.ParkingPrice,
		r.TrainType, r.Email, r.BudgetType, r.B2BContractNumber, r.Limited, r.SearchText)
}

// byOspID reads an order within scope; lock takes its row lock in the
// same query (PostgreSQL; SQLite's write transactions are serialised), so
// another tenant's order is never locked and answers no rows.
func (s *store) byOspID(ctx context.Context, scope access.Scope, ospID string, lock bool) (*orderRow, error) {
	cond, args := scope.InCompanies("o.corporate_account_id")
	q := `SELECT ` + orderCols + ` FROM season_card_orders o WHERE o.osp_id = ? AND ` + cond
	if lock {
		q += s.db.Dialect.ForUpdate()
	}
	var r orderRow
	err := s.db.Get(ctx, &r, q, append([]any{ospID}, args...)...)
	return &r, err
}

// confirm moves an order from OPEN at version to CONFIRMED: the
// conditional UPDATE is the state guard, false when another call moved it.
func (s *store) confirm(ctx context.Context, r *orderRow, version int) (bool, error) {
	n, err := s.db.Exec(ctx, `UPDATE season_card_orders SET status = 'CONFIRMED', version = version + 1, effective_start_date = ?,
		effective_price = ?, budget_id = ?, expense_id = ?, expense_osp_id = ?, confirmed_by = ?, confirmed_at = ?, handled_at = ?
		WHERE id = ? AND status = 'OPEN' AND version = ?`,
		r.EffectiveStartDate, r.EffectivePrice, r.BudgetID, r.ExpenseID, r.ExpenseOspID, r.ConfirmedBy, r.ConfirmedAt, r.HandledAt,
		r.ID, version)
	if err != nil || n != 1 {
		return false, err
	}
	return true, s.recount(ctx, r.CompanyID, StatusOpen, StatusConfirmed)
}

// cancel moves an order at version from its state r.Status (OPEN or
// CONFIRMED) to CANCELLED, keeping what a confirmation recorded (its
// booking stays).
func (s *store) cancel(ctx context.Context, r *orderRow, version int) (bool, error) {
	n, err := s.db.Exec(ctx, `UPDATE season_card_orders SET status = 'CANCELLED', version = version + 1, cancelled_by = ?,
		cancelled_at = ?, cancel_reason = ?, handled_at = ? WHERE id = ? AND status = ? AND status IN ('OPEN', 'CONFIRMED')
		AND version = ?`,
		r.CancelledBy, r.CancelledAt, r.CancelReason, r.HandledAt, r.ID, r.Status, version)
	if err != nil || n != 1 {
		return false, err
	}
	return true, s.recount(ctx, r.CompanyID, r.Status, StatusCancelled)
}

// filter is a list's conditions after the scope.
type filter struct {
	handled   bool
	companyID int64
	product   string
	search    string
	from, to  *time.Time // [from, to) on the request or handling time
}

// list pages the orders in scope: open ones by request time, handled ones
// by handling time, newest first. The state's index (status, time, id)
// serves both the page and the count.
func (s *store) list(ctx context.Context, scope access.Scope, f filter, size, offset int) ([]orderRow, int, error) {
	cond, args := scope.InCompanies("o.corporate_account_id")
	where := []string{cond}
	col := "o.requested_at"
	if f.handled {
		where = append(where, "o.status IN ('CONFIRMED', 'CANCELLED')")
		col = "o.handled_at"
	} else {
		where = append(where, "o.status = 'OPEN'")
	}
	if f.companyID != 0 {
		where, args = append(where, "o.corporate_account_id = ?"), append(args, f.companyID)
	}
	if f.product != "" {
		where, args = append(where, "o.product = ?"), append(args, f.product)
	}
	if f.search != "" {
		where, args = append(where, "o.search_text LIKE ? ESCAPE '\\'"), append(args, database.LikePattern(strings.ToLower(f.search)))
	}
	if f.from != nil {
		where, args = append(where, col+" >= ?"), append(args, *f.from)
	}
	if f.to != nil {
		where, args = append(where, col+" < ?"), append(args, *f.to)
	}
	w := strings.Join(where, " AND ")
	total, err := s.count(ctx, scope, f, w, args)
	if err != nil {
		return nil, 0, err
	}
	var out []orderRow
	if total == 0 {
		return out, 0, nil
	}
	err = s.db.Select(ctx, &out, `SELECT `+orderCols+` FROM season_card_orders o WHERE `+w+` ORDER BY `+col+` DESC, o.id DESC
		LIMIT `+strconv.Itoa(size)+` OFFSET `+strconv.Itoa(offset), args...)
	return out, total, err
}

// count is a list's total: from the kept counts when only the scope, the
// state and a company narrow it (every page of the order screens until
// one searches), else by counting the matching orders (where, args: the
// list's conditions).
func (s *store) count(ctx context.Context, scope access.Scope, f filter, where string, args []any) (int, error) {
	var total int
	if f.product != "" || f.search != "" || f.from != nil || f.to != nil {
		err := s.db.Get(ctx, &total, `SELECT COUNT(*) FROM season_card_orders o WHERE `+where, args...)
		return total, err
	}
	cond, cargs := scope.InCompanies("c.corporate_account_id")
	states := "c.status = 'OPEN'"
	if f.handled {
		states = "c.status IN ('CONFIRMED', 'CANCELLED')"
	}
	if f.companyID != 0 {
		cond, cargs = cond+" AND c.corporate_account_id = ?", append(cargs, f.companyID)
	}
	err := s.db.Get(ctx, &total, `SELECT CAST(COALESCE(SUM(c.n), 0) AS BIGINT) FROM season_card_order_counts c WHERE `+states+` AND `+cond, cargs...)
	return total, err
}

// confirmedBetween lists the orders confirmed in [from, to), in id order
// (cancelled ones too: cancelling after confirmation keeps the charge).
func (s *store) confirmedBetween(ctx context.Context, from, to time.Time) ([]orderRow, error) {
	var out []orderRow
	err := s.db.Select(ctx, &out, `SELECT `+orderCols+` FROM season_card_orders o WHERE o.confirmed_at >= ? AND o.confirmed_at < ?
		AND o.expense_id IS NOT NULL ORDER BY o.id`, from, to)
	return out, err
}

// configRow is a season_card_order_config row.
type configRow struct {
	CompanyID         int64  `db:"corporate_account_id"`
	HandledBy         string `db:"handled_by"`
	DefaultBudgetType string `db:"default_budget_type"`
}

// config reads a company's settings; no rows: the defaults apply.
func (s *store) config(ctx context.Context, companyID int64) (*configRow, error) {
	var r configRow
	err := s.db.Get(ctx, &r, `SELECT corporate_account_id, handled_by, default_budget_type FROM season_card_order_config
		WHERE corporate_account_id = ?`, companyID)
	return &r, err
}

func (s *store) saveConfig(ctx context.Context, r *configRow, by int64, now time.Time) error {
	var who *int64
	if by != 0 {
		who = &by
	}
	_, err := s.db.Exec(ctx, `INSERT INTO season_card_order_config (corporate_account_id, handled_by, default_budget_type, updated_by,
		updated_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (corporate_account_id) DO UPDATE SET handled_by = excluded.handled_by,
		default_budget_type = excluded.default_budget_type, updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
		r.CompanyID, r.HandledBy, r.DefaultBudgetType, who, now)
	return err
}
