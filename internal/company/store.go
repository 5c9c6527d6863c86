package company

import (
	"context"
	"strings"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/database"
	"mobility/portal/internal/money"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/partner"
)

type store struct{ db *database.DB }

// row is a corporate account as stored; the partner's public id and type
// come from partner's read model, the budget types and app menu from
// their own reads (Service.decorate).
type row struct {
	ID                         int64         `db:"id"`
	OspID                      string        `db:"osp_id"`
	PartnerID                  int64         `db:"partner_id"`
	Name                       string        `db:"name"`
	ExtID                      *string       `db:"ext_id"`
	CompanyType                string        `db:"company_type"`
	PaymentType                string        `db:"payment_type"`
	TwoFactorForAdmins         bool          `db:"two_factor_for_admins"`
	Street                     string        `db:"street"`
	StreetNumber               string        `db:"street_number"`
	ZipCode                    string        `db:"zip_code"`
	City                       string        `db:"city"`
	Country                    string        `db:"country"`
	CompanyNumber              string        `db:"company_number"`
	VatNumber                  string        `db:"vat_number"`
	VatLiable                  bool          `db:"vat_liable"`
	Iban                       string        `db:"iban"`
	Bic                        string        `db:"bic"`
	PoNumber                   string        `db:"po_number"`
	MaxUsers                   *int          `db:"max_users"`
	ExternalReferenceMandatory bool          `db:"external_reference_mandatory"`
	ContractType               string        `db:"contract_type"`
	InvoiceSendingMethod       string        `db:"invoice_sending_method"`
	InvoicePaymentMethod       string        `db:"invoice_payment_method"`
	SecurityDepositAmount      *money.Amount `db:"security_deposit_amount"`
	CompanyBudgetThreshold     *money.Amount `db:"company_budget_threshold"`
	PaymentReference           *string       `db:"payment_reference"`
	Active                     bool          `db:"active"`

	PartnerOspID string   `db:"-"`
	PartnerType  string   `db:"-"`
	Allowed      []string `db:"-"`
	Selected     []string `db:"-"`
	AppMenu      []string `db:"-"`
	// Catalogue is filled for one account's detail (withCatalogue).
	Catalogue *Catalogue `db:"-"`
}

func (r *row) toAPI() CorporateAccount {
	ext := ""
	if r.ExtID != nil {
		ext = *r.ExtID
	}
	ref := ""
	if r.PaymentReference != nil {
		ref = *r.PaymentReference
	}
	return CorporateAccount{
		OspID: r.OspID, Name: r.Name, ExtID: ext, CompanyType: r.CompanyType,
		Data:   Data{ExtID: ext, Name: r.Name, PaymentType: r.PaymentType, Partner: Ref{OspID: r.PartnerOspID}},
		Street: r.Street, StreetNumber: r.StreetNumber, ZipCode: r.ZipCode, City: r.City, Country: r.Country,
		CompanyNumber: r.CompanyNumber, VatNumber: r.VatNumber, VatLiable: r.VatLiable,
		Iban: r.Iban, Bic: r.Bic, PoNumber: r.PoNumber, MaxUsers: r.MaxUsers,
		TwoFactorForAdmins: r.TwoFactorForAdmins, ExternalReferenceMandatory: r.ExternalReferenceMandatory,
		ContractType: r.ContractType, InvoiceSendingMethod: r.InvoiceSendingMethod, InvoicePaymentMethod: r.InvoicePaymentMethod,
		PaymentType: r.PaymentType, SecurityDepositAmount: r.SecurityDepositAmount, CompanyBudgetThreshold: r.CompanyBudgetThreshold,
		PaymentReference: ref, Partner: Ref{OspID: r.PartnerOspID}, PartnerType: r.PartnerType,
		AllowedBudgetTypes: nonNil(r.Allowed), SelectedBudgetTypes: nonNil(r.Selected), AppMenu: nonNil(r.AppMenu),
		Active: r.Active,
	}.withCatalogue(r.Catalogue)
}

func (ca CorporateAccount) withCatalogue(c *Catalogue) CorporateAccount {
	if c != nil {
		ca.AllowedProducts, ca.AllowedServiceResources = c.AllowedProducts, c.AllowedServiceResources
		ca.SelectedProducts, ca.SelectedServiceResources = c.SelectedProducts, c.SelectedServiceResources
	}
	return ca
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

const rowColumns = `ca.id, ca.osp_id, ca.partner_id,
	ca.name, ca.ext_id, ca.company_type, ca.payment_type, ca.two_factor_for_admins, ca.street, ca.street_number,
	ca.zip_code, ca.city, ca.country, ca.company_number, ca.vat_number, ca.vat_liable, ca.iban, ca.bic, ca.po_number,
	ca.max_users, ca.external_reference_mandatory, ca.contract_type, ca.invoice_sending_method, ca.invoice_payment_method,
	ca.security_deposit_amount, ca.company_budget_threshold, ca.payment_reference, ca.active`

const selectRow = `SELECT ` + rowColumns + ` FROM corporate_accounts ca `

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

// sortColumns are the sort properties of the lists; name and extId have
// an index within a partner, so an MSP admin's 10,000 companies sort
// without a full sort.
var sortColumns = map[string]string{"name": "ca.name", "extId": "ca.ext_id", "createdOn": "ca.created_at"}

// orderBy is the ORDER BY of a list: the first known sort property (name
// when none), ties broken by id in the same direction, so the database
// reads an index in order instead of sorting every row of the partner.
func orderBy(p paging.Pagination) string {
	for _, o := range p.SortOrders {
		col, ok := sortColumns[o.Property]
		if !ok {
			continue
		}
		dir := "ASC"
		if strings.EqualFold(o.Direction, "DESC") {
			dir = "DESC"
		}
		return " ORDER BY " + col + " " + dir + ", ca.id " + dir
	}
	return " ORDER BY ca.name ASC, ca.id ASC"
}

// query is one list of accounts: the caller's scope and optional filters.
type query struct {
	active      *bool
	partnerOsp  string
	partnerID   int64
	companyType string
	// like searches name and extId; likeAny also company and VAT numbers.
	like    string
	likeAny bool
}

func (s *store) list(ctx context.Context, scope access.Scope, q query, p paging.Pagination) ([]row, int, error) {
	cond, args := scope.CorporateAccounts("ca.id", "ca.partner_id")
	where := []string{cond}
	if q.active != nil {
		where = append(where, "ca.active = ?")
		args = append(args, *q.active)
	}
	if q.partnerOsp != "" {
		cond, a := partner.WithOspID("ca.partner_id", q.partnerOsp)
		where = append(where, cond)
		args = append(args, a...)
	}
	if q.partnerID != 0 {
		where = append(where, "ca.partner_id = ?")
		args = append(args, q.partnerID)
	}
	if q.companyType != "" {
		where = append(where, "ca.company_type = ?")
		args = append(args, q.companyType)
	}
	if t := strings.TrimSpace(q.like); t != "" {
		like := s.db.Dialect.LikeOp()
		cols := []string{"ca.name", "ca.ext_id"}
		if q.likeAny {
			cols = append(cols, "ca.company_number", "ca.vat_number")
		}
		pat := database.LikePattern(t)
		parts := make([]string, len(cols))
		for i, c := range cols {
			parts[i] = c + " " + like + " ? ESCAPE '\\'"
			args = append(args, pat)
		}
		where = append(where, "("+strings.Join(parts, " OR ")+")")
	}
	clause := "WHERE " + strings.Join(where, " AND ")
	var total int
	if err := s.db.Get(ctx, &total, `SELECT COUNT(*) FROM corporate_accounts ca `+clause, args...); err != nil {
		return nil, 0, err
	}
	// the page's ids first, from the index alone (skipping the offset's
	// rows reads no row), then those rows
	var rows []row
	sql := selectRow + `WHERE ca.id IN (SELECT ca.id FROM corporate_accounts ca ` + clause + orderBy(p) + ` LIMIT ? OFFSET ?)` + orderBy(p)
	err := s.db.Select(ctx, &rows, sql, append(args, p.Size, p.Offset())...)
	return rows, total, err
}

// byIDs reads the accounts with ids inside scope.
func (s *store) byIDs(ctx context.Context, scope access.Scope, ids []int64) ([]row, error) {
	cond, a := scope.CorporateAccounts("ca.id", "ca.partner_id")
	return database.SelectIn[row](ctx, s.db, ids, func(in string) string {
		return selectRow + `WHERE ca.id IN (` + in + `) AND ` + cond
	}, a...)
}

// extIDTaken tells whether another account (not exceptID) has extID.
func (s *store) extIDTaken(ctx context.Context, extID string, exceptID int64) (bool, error) {
	var n int
	err := s.db.Get(ctx, &n, `SELECT COUNT(*) FROM corporate_accounts WHERE ext_id = ? AND id <> ?`, extID, exceptID)
	return n > 0, err
}

// paymentReferenceTaken tells whether a structured reference is in use.
func (s *store) paymentReferenceTaken(ctx context.Context, ref string) (bool, error) {
	var n int
	err := s.db.Get(ctx, &n, `SELECT COUNT(*) FROM corporate_accounts WHERE payment_reference = ?`, ref)
	return n > 0, err
}

func (s *store) insert(ctx context.Context, r *row, now time.Time) (int64, error) {
	return s.db.Insert(ctx, `INSERT INTO corporate_accounts (osp_id, partner_id, name, ext_id, company_type, payment_type,
		two_factor_for_admins, street, street_number, zip_code, city, country, company_number, vat_number, vat_liable,
		iban, bic, po_number, max_users, external_reference_mandatory, contract_type, invoice_sending_method,
		invoice_payment_method, security_deposit_amount, company_budget_threshold, payment_reference, active, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, TRUE, ?) RETURNING id`,
		r.OspID, r.PartnerID, r.Name, r.ExtID, r.CompanyType, r.PaymentType,
		r.TwoFactorForAdmins, r.Street, r.StreetNumber, r.ZipCode, r.City, r.Country, r.CompanyNumber, r.VatNumber, r.VatLiable,
		r.Iban, r.Bic, r.PoNumber, r.MaxUsers, r.ExternalReferenceMandatory, r.ContractType, r.InvoiceSendingMethod,
		r.InvoicePaymentMethod, cents(r.SecurityDepositAmount), cents(r.CompanyBudgetThreshold), r.PaymentReference, now)
}

// update writes every changeable column of an account (not its public id,
// payment reference or active flag).
func (s *store) update(ctx context.Context, r *row) error {
	_, err := s.db.Exec(ctx, `UPDATE corporate_accounts SET partner_id = ?, name = ?, ext_id = ?, company_type = ?,
		payment_type = ?, two_factor_for_admins = ?, street = ?, street_number = ?, zip_code = ?, city = ?, country = ?,
		company_number = ?, vat_number = ?, vat_liable = ?, iban = ?, bic = ?, po_number = ?, max_users = ?,
		external_reference_mandatory = ?, contract_type = ?, invoice_sending_method = ?, invoice_payment_method = ?,
		security_deposit_amount = ?, company_budget_threshold = ? WHERE id = ?`,
		r.PartnerID, r.Name, r.ExtID, r.CompanyType, r.PaymentType, r.TwoFactorForAdmins, r.Street, r.StreetNumber,
		r.ZipCode, r.City, r.Country, r.CompanyNumber, r.VatNumber, r.VatLiable, r.Iban, r.Bic, r.PoNumber, r.MaxUsers,
		r.ExternalReferenceMandatory, r.ContractType, r.InvoiceSendingMethod, r.InvoicePaymentMethod,
		cents(r.SecurityDepositAmount), cents(r.CompanyBudgetThreshold), r.ID)
	return err
}

func cents(a *money.Amount) *int64 {
	if a == nil {
		return nil
	}
	c := a.Cents()
	return &c
}

type menuRow struct {
	CompanyID int64  `db:"corporate_account_id"`
	Entry     string `db:"entry"`
}

// appMenus reads the app menu entries of the accounts with ids, in one
// query per 500 ids.
func (s *store) appMenus(ctx context.Context, ids []int64) (map[int64][]string, error) {
	rows, err := database.SelectIn[menuRow](ctx, s.db, ids, func(in string) string {
		return `SELECT corporate_account_id, entry FROM company_app_menu WHERE corporate_account_id IN (` + in + `)`
	})
	if err != nil {
		return nil, err
	}
	out := make(map[int64][]string, len(ids))
	for _, r := range rows {
		out[r.CompanyID] = append(out[r.CompanyID], r.Entry)
	}
	return out, nil
}

// replaceAppMenu stores entries as the account's app menu (inside the
// caller's transaction).
func (s *store) replaceAppMenu(ctx context.Context, companyID int64, entries []string) error {
	if _, err := s.db.Exec(ctx, `DELETE FROM company_app_menu WHERE corporate_account_id = ?`, companyID); err != nil {
		return err
	}
	for _, e := range entries {
		if _, err := s.db.Exec(ctx, `INSERT INTO company_app_menu (corporate_account_id, entry) VALUES (?, ?)`, companyID, e); err != nil {
			return err
		}
	}
	return nil
}
