package partner

import (
	"context"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/database"
)

type store struct{ db *database.DB }

const columns = `id, osp_id, name, ext_id, partner_type, active, brand_color,
	street, street_number, zip_code, city, country, vat_number, email, send_invoices, self_billing`

// byID reads a partner by id; the scope is in the same query.
func (s *store) byID(ctx context.Context, scope access.Scope, id int64) (*Partner, error) {
	cond, args := scope.Partners("id")
	var p Partner
	err := s.db.Get(ctx, &p, `SELECT `+columns+` FROM partners WHERE id = ? AND `+cond, append([]any{id}, args...)...)
	return &p, err
}

// byOspID reads a partner by public id; the scope is in the same query.
func (s *store) byOspID(ctx context.Context, scope access.Scope, ospID string) (*Partner, error) {
	cond, args := scope.Partners("id")
	var p Partner
	err := s.db.Get(ctx, &p, `SELECT `+columns+` FROM partners WHERE osp_id = ? AND `+cond, append([]any{ospID}, args...)...)
	return &p, err
}

func (s *store) byIDs(ctx context.Context, scope access.Scope, ids []int64) ([]Partner, error) {
	cond, a := scope.Partners("id")
	return database.SelectIn[Partner](ctx, s.db, ids, func(in string) string {
		return `SELECT ` + columns + ` FROM partners WHERE id IN (` + in + `) AND ` + cond
	}, a...)
}

// list reads partners within scope, by name; active filters when set,
// types when not empty.
func (s *store) list(ctx context.Context, scope access.Scope, active *bool, types []string) ([]Partner, error) {
	cond, args := scope.Partners("id")
	q := `SELECT ` + columns + ` FROM partners WHERE ` + cond
	if active != nil {
		q += ` AND active = ?`
		args = append(args, *active)
	}
	if len(types) > 0 {
		q += ` AND partner_type IN (` + database.Placeholders(len(types)) + `)`
		for _, t := range types {
			args = append(args, t)
		}
	}
	out := []Partner{}
	err := s.db.Select(ctx, &out, q+` ORDER BY name, id`, args...)
	return out, err
}

func (s *store) insert(ctx context.Context, p *Partner, now time.Time) (int64, error) {
	return s.db.Insert(ctx, `INSERT INTO partners (osp_id, name, ext_id, partner_type, active, brand_color,
		street, street_number, zip_code, city, country, vat_number, email, send_invoices, self_billing, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		p.OspID, p.Name, p.ExtID, p.PartnerType, p.Active, p.BrandColor,
		p.Street, p.StreetNumber, p.ZipCode, p.City, p.Country, p.VatNumber, p.Email, p.SendInvoices, p.SelfBilling, now)
}

// update writes a partner's own fields (not active, not the brand colour).
func (s *store) update(ctx context.Context, p *Partner) error {
	_, err := s.db.Exec(ctx, `UPDATE partners SET name = ?, ext_id = ?, partner_type = ?,
		street = ?, street_number = ?, zip_code = ?, city = ?, country = ?, vat_number = ?, email = ?,
		send_invoices = ?, self_billing = ? WHERE id = ?`,
		p.Name, p.ExtID, p.PartnerType, p.Street, p.StreetNumber, p.ZipCode, p.City, p.Country, p.VatNumber, p.Email,
		p.SendInvoices, p.SelfBilling, p.ID)
	return err
}

// lock takes the partner's row lock in the transaction of ctx.
func (s *store) lock(ctx context.Context, id int64) error {
	return s.db.LockRow(ctx, "partners", "id", id)
}

func (s *store) setActive(ctx context.Context, id int64, active bool) (int64, error) {
	return s.db.Exec(ctx, `UPDATE partners SET active = ? WHERE id = ?`, active, id)
}

// extIDTaken tells whether another partner than id has extID.
func (s *store) extIDTaken(ctx context.Context, extID string, id int64) (bool, error) {
	var n int
	err := s.db.Get(ctx, &n, `SELECT COUNT(*) FROM partners WHERE ext_id = ? AND id <> ?`, extID, id)
	return n > 0, err
}

type typeRow struct {
	PartnerID  int64  `db:"partner_id"`
	BudgetType string `db:"budget_type"`
}

// budgetTypes reads the selected budget types of partners, 500 a query.
func (s *store) budgetTypes(ctx context.Context, ids []int64) ([]typeRow, error) {
	return database.SelectIn[typeRow](ctx, s.db, ids, func(in string) string {
		return `SELECT partner_id, budget_type FROM partner_budget_types WHERE partner_id IN (` + in + `) ORDER BY partner_id, budget_type`
	})
}

// replaceBudgetTypes stores a partner's selection in place of the old one.
func (s *store) replaceBudgetTypes(ctx context.Context, id int64, types []string) error {
	return s.db.WithTx(ctx, func(ctx context.Context) error {
		if _, err := s.db.Exec(ctx, `DELETE FROM partner_budget_types WHERE partner_id = ?`, id); err != nil {
			return err
		}
		for _, t := range types {
			if _, err := s.db.Exec(ctx, `INSERT INTO partner_budget_types (partner_id, budget_type) VALUES (?, ?)`, id, t); err != nil {
				return err
			}
		}
		return nil
	})
}

type linkRow struct {
	SuperID int64 `db:"super_partner_id"`
	SubID   int64 `db:"sub_partner_id"`
}

// links reads every link (partners are few: a few hundred at most), for
// the cycle check.
func (s *store) links(ctx context.Context) ([]linkRow, error) {
	var out []linkRow
	err := s.db.Select(ctx, &out, `SELECT super_partner_id, sub_partner_id FROM partner_links`)
	return out, err
}

// linksOf reads the links above and below partner id.
func (s *store) linksOf(ctx context.Context, id int64) ([]linkRow, error) {
	var out []linkRow
	err := s.db.Select(ctx, &out, `SELECT super_partner_id, sub_partner_id FROM partner_links
		WHERE super_partner_id = ? OR sub_partner_id = ?`, id, id)
	return out, err
}

// lockLinks serialises link writers, so two links added at once cannot
// close a cycle together: PostgreSQL takes a table lock that other link
// writers wait for (readers do not); SQLite's write transactions are
// serialised already.
func (s *store) lockLinks(ctx context.Context) error {
	if s.db.Dialect != database.Postgres {
		return nil
	}
	_, err := s.db.Exec(ctx, `LOCK TABLE partner_links IN SHARE ROW EXCLUSIVE MODE`)
	return err
}

func (s *store) addLink(ctx context.Context, superID, subID int64, now time.Time) error {
	_, err := s.db.Exec(ctx, `INSERT INTO partner_links (super_partner_id, sub_partner_id, created_at) VALUES (?, ?, ?)`, superID, subID, now)
	return err
}

func (s *store) removeLink(ctx context.Context, superID, subID int64) (int64, error) {
	return s.db.Exec(ctx, `DELETE FROM partner_links WHERE super_partner_id = ? AND sub_partner_id = ?`, superID, subID)
}

// WithOspID is a predicate partner publishes: partnerCol is the partner
// with that public id.
func WithOspID(partnerCol, ospID string) (string, []any) {
	return partnerCol + " IN (SELECT id FROM partners WHERE osp_id = ?)", []any{ospID}
}

// OspIDOf is an expression partner publishes: the public id of the partner
// whose id is partnerCol (NULL when there is none), a lookup by primary key.
func OspIDOf(partnerCol string) string {
	return "(SELECT osp_id FROM partners WHERE partners.id = " + partnerCol + ")"
}
