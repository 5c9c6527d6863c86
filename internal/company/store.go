package company

import (
	"context"
	"strings"

	"mobility/portal/internal/access"
	"mobility/portal/internal/database"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/partner"
)

type store struct{ db *database.DB }

// row is a corporate account as stored, with its partner joined.
type row struct {
	ID                 int64   `db:"id"`
	OspID              string  `db:"osp_id"`
	PartnerID          int64   `db:"partner_id"`
	PartnerOspID       string  `db:"-"` // from partner's read model (Service.withPartners)
	PartnerType        string  `db:"-"`
	Name               string  `db:"name"`
	ExtID              *string `db:"ext_id"`
	CompanyType        string  `db:"company_type"`
	PaymentType        string  `db:"payment_type"`
	TwoFactorForAdmins bool    `db:"two_factor_for_admins"`
	Street             string  `db:"street"`
	StreetNumber       string  `db:"street_number"`
	ZipCode            string  `db:"zip_code"`
	City               string  `db:"city"`
	VatNumber          string  `db:"vat_number"`
	Active             bool    `db:"active"`
}

func (r *row) toAPI() CorporateAccount {
	ext := ""
	if r.ExtID != nil {
		ext = *r.ExtID
	}
	return CorporateAccount{
		OspID: r.OspID, Name: r.Name, ExtID: ext, CompanyType: r.CompanyType,
		Data:   Data{ExtID: ext, Name: r.Name, PaymentType: r.PaymentType, Partner: Ref{OspID: r.PartnerOspID}},
		Street: r.Street, StreetNumber: r.StreetNumber, ZipCode: r.ZipCode, City: r.City, VatNumber: r.VatNumber,
		TwoFactorForAdmins: r.TwoFactorForAdmins, Active: r.Active, PartnerType: r.PartnerType, PaymentType: r.PaymentType,
		Partner: Ref{OspID: r.PartnerOspID}, Country: DefaultCountry,
		AllowedBudgetTypes: []string{}, SelectedBudgetTypes: []string{}, AppMenu: []string{},
	}
}

const selectRow = `SELECT ca.id, ca.osp_id, ca.partner_id,
	ca.name, ca.ext_id, ca.company_type, ca.payment_type, ca.two_factor_for_admins, ca.street, ca.street_number,
	ca.zip_code, ca.city, ca.vat_number, ca.active
FROM corporate_accounts ca `

// get returns the account with ospID inside scope; sql.ErrNoRows otherwise.
func (s *store) get(ctx context.Context, scope access.Scope, ospID string) (*row, error) {
	cond, args := scope.CorporateAccounts("ca.id", "ca.partner_id")
	var r row
	err := s.db.Get(ctx, &r, selectRow+`WHERE ca.osp_id = ? AND `+cond, append([]any{ospID}, args...)...)
	return &r, err
}

// byID returns the account with id inside scope, in one query;
// sql.ErrNoRows otherwise.
func (s *store) byID(ctx context.Context, scope access.Scope, id int64) (*row, error) {
	cond, args := scope.CorporateAccounts("ca.id", "ca.partner_id")
	var r row
	err := s.db.Get(ctx, &r, selectRow+`WHERE ca.id = ? AND `+cond, append([]any{id}, args...)...)
	return &r, err
}

var sortColumns = map[string]string{"name": "ca.name", "extId": "ca.ext_id", "createdOn": "ca.created_at"}

func (s *store) filter(ctx context.Context, scope access.Scope, f FilterRequest, p paging.Pagination) ([]row, int, error) {
	cond, args := scope.CorporateAccounts("ca.id", "ca.partner_id")
	where := []string{cond}
	if f.Active != nil {
		where = append(where, "ca.active = ?")
		args = append(args, *f.Active)
	}
	if f.PartnerOspID != "" {
		cond, a := partner.WithOspID("ca.partner_id", f.PartnerOspID)
		where = append(where, cond)
		args = append(args, a...)
	}
	if f.CompanyType != "" {
		where = append(where, "ca.company_type = ?")
		args = append(args, f.CompanyType)
	}
	if q := strings.TrimSpace(f.NameOrExtIDLike); q != "" {
		like := s.db.Dialect.LikeOp()
		where = append(where, "(ca.name "+like+" ? ESCAPE '\\' OR ca.ext_id "+like+" ? ESCAPE '\\')")
		pat := database.LikePattern(q)
		args = append(args, pat, pat)
	}
	clause := "WHERE " + strings.Join(where, " AND ")
	var total int
	if err := s.db.Get(ctx, &total, `SELECT COUNT(*) FROM corporate_accounts ca `+clause, args...); err != nil {
		return nil, 0, err
	}
	var rows []row
	q := selectRow + clause + p.OrderBy(sortColumns, "ca.name ASC, ca.id ASC") + ` LIMIT ? OFFSET ?`
	err := s.db.Select(ctx, &rows, q, append(args, p.Size, p.Offset())...)
	return rows, total, err
}

// byIDs reads the accounts with ids inside scope.
func (s *store) byIDs(ctx context.Context, scope access.Scope, ids []int64) ([]row, error) {
	cond, a := scope.CorporateAccounts("ca.id", "ca.partner_id")
	return database.SelectIn[row](ctx, s.db, ids, func(in string) string {
		return selectRow + `WHERE ca.id IN (` + in + `) AND ` + cond
	}, a...)
}
