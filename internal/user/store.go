package user

import (
	"context"
	"strings"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/auth"
	"mobility/portal/internal/company"
	"mobility/portal/internal/database"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/usergroup"
)

type store struct {
	db *database.DB
	// The owners of the company and sign-in columns a user row shows:
	// decorate reads them in one batch per page (no join on their tables).
	companies *company.Service
	auth      credentialStates
}

// credentialStates is what user reads of auth (auth.Service.CredentialStates).
type credentialStates interface {
	CredentialStates(ctx context.Context, userIDs []int64) (map[int64]auth.Credentials, error)
}

// row is a user as stored, with their company's ids and sign-in state.
type row struct {
	ID                      int64      `db:"id"`
	OspID                   string     `db:"osp_id"`
	CorporateAccountID      *int64     `db:"corporate_account_id"`
	CompanyOspID            *string    `db:"-"` // from company's read model
	CompanyName             *string    `db:"-"`
	PartnerID               *int64     `db:"partner_id"`
	UserType                string     `db:"user_type"`
	Firstname               string     `db:"firstname"`
	Lastname                string     `db:"lastname"`
	Email                   string     `db:"email"`
	Login                   *string    `db:"login"`
	Msisdn                  string     `db:"msisdn"`
	Language                string     `db:"language"`
	Birthdate               *string    `db:"birthdate"`
	EmployeeNumber          string     `db:"employee_number"`
	ContractID              string     `db:"contract_id"`
	ExtID                   *string    `db:"ext_id"`
	WorkStreet              string     `db:"work_street"`
	WorkNumber              string     `db:"work_number"`
	WorkZip                 string     `db:"work_zip"`
	WorkCity                string     `db:"work_city"`
	HomeStreet              string     `db:"home_street"`
	HomeNumber              string     `db:"home_number"`
	HomeZip                 string     `db:"home_zip"`
	HomeCity                string     `db:"home_city"`
	TwoFactorEnabled        bool       `db:"two_factor_enabled"`
	Active                  bool       `db:"active"`
	StartActivationTime     *time.Time `db:"start_activation_time"`
	DesiredActivationDate   *string    `db:"desired_activation_date"`
	DesiredDeactivationDate *string    `db:"desired_deactivation_date"`
	LicensePlate            string     `db:"license_plate"`
	MobibCardNumber         string     `db:"mobib_card_number"`
	MobibChipID             string     `db:"mobib_chip_id"`
	MobibValidFrom          *string    `db:"mobib_valid_from"`
	AnonymizedAt            *time.Time `db:"anonymized_at"`
	CreatedAt               time.Time  `db:"created_at"`
	Blocked                 bool       `db:"-"` // from auth's read model
	FailedLoginCount        int        `db:"-"`
	TOTPConfirmed           bool       `db:"-"`

	Roles        []access.Role `db:"-"`
	ContactTypes []string      `db:"-"`
}

// selectRow reads the users table alone; decorate adds the company (from
// company) and the sign-in state (from auth) in one batch each.
const selectRow = `SELECT u.id, u.osp_id, u.corporate_account_id,
	u.partner_id, u.user_type, u.firstname, u.lastname, u.email, u.login,
	u.msisdn, u.language, u.birthdate, u.employee_number, u.contract_id, u.ext_id,
	u.work_street, u.work_number, u.work_zip, u.work_city, u.home_street, u.home_number, u.home_zip, u.home_city,
	u.two_factor_enabled, u.active, u.start_activation_time, u.desired_activation_date, u.desired_deactivation_date,
	u.license_plate, u.mobib_card_number, u.mobib_chip_id, u.mobib_valid_from, u.anonymized_at, u.created_at
FROM users u `

// selectHit reads what a dashboard search hit shows (SearchResult and
// matchedOn) and no more: a page of 1,000 hits scanned a third of its
// time in the other columns and their timestamps.
const selectHit = `SELECT u.id, u.osp_id, u.corporate_account_id, u.partner_id, u.user_type, u.firstname, u.lastname,
	u.email, u.login, u.msisdn, u.employee_number, u.ext_id, u.active
FROM users u `

// scoped is the tenancy condition on a user row: a company's users are in
// its scope, a partner admin in their partner's, platform staff in the
// platform's only. It needs no join, so counts stay on the users table.
func scoped(scope access.Scope) (string, []any) { return scopedOn(scope, "u.corporate_account_id") }

// scopedOn is scoped with the company column given; a text search passes
// "+u.corporate_account_id": the unary plus keeps SQLite from probing the
// company index for every hit, so the (smaller) trigram result drives the
// query and each hit costs one row lookup.
func scopedOn(scope access.Scope, companyCol string) (string, []any) {
	// the partner's companies' users, and the partner's own admins
	return scope.CompaniesOrPartner(companyCol, "u.partner_id")
}

func (s *store) get(ctx context.Context, scope access.Scope, ospID string) (*row, error) {
	cond, args := scoped(scope)
	var r row
	if err := s.db.Get(ctx, &r, selectRow+`WHERE u.osp_id = ? AND `+cond, append([]any{ospID}, args...)...); err != nil {
		return nil, err
	}
	return &r, s.decorate(ctx, []*row{&r})
}

func (s *store) byID(ctx context.Context, id int64) (*row, error) {
	var r row
	if err := s.db.Get(ctx, &r, selectRow+`WHERE u.id = ?`, id); err != nil {
		return nil, err
	}
	return &r, s.decorate(ctx, []*row{&r})
}

// decorate loads the roles and contact types of rows in two queries, then
// their companies and sign-in state from company's and auth's read models
// (one batch each, whatever the number of rows).
func (s *store) decorate(ctx context.Context, rows []*row) error {
	if len(rows) == 0 {
		return nil
	}
	if err := s.owned(ctx, rows); err != nil {
		return err
	}
	if err := s.withCompanies(ctx, rows); err != nil {
		return err
	}
	return s.withCredentials(ctx, rows)
}

// withCompanies fills each row's company public id and name, and the
// company's partner for a user without one of their own. The rows were
// reached within the caller's scope, so the read uses the system scope.
func (s *store) withCompanies(ctx context.Context, rows []*row) error {
	var ids []int64
	for _, r := range rows {
		if r.CorporateAccountID != nil {
			ids = append(ids, *r.CorporateAccountID)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	cas, err := s.companies.Names(ctx, access.SystemScope(), ids)
	if err != nil {
		return err
	}
	for _, r := range rows {
		if r.CorporateAccountID == nil {
			continue
		}
		if ca := cas[*r.CorporateAccountID]; ca != nil {
			osp, name, partner := ca.OspID, ca.Name, ca.PartnerID
			r.CompanyOspID, r.CompanyName = &osp, &name
			if r.PartnerID == nil {
				r.PartnerID = &partner
			}
		}
	}
	return nil
}

// withCredentials fills each row's blocked, failed sign-ins and two-factor
// state (zero for a user who never had credentials).
func (s *store) withCredentials(ctx context.Context, rows []*row) error {
	ids := make([]int64, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	cs, err := s.auth.CredentialStates(ctx, ids)
	if err != nil {
		return err
	}
	for _, r := range rows {
		c := cs[r.ID]
		r.Blocked, r.FailedLoginCount, r.TOTPConfirmed = c.Blocked, c.FailedLoginCount, c.TwoFactorEnrolled
	}
	return nil
}

// owned loads what user's own tables add to rows: roles and contact types.
func (s *store) owned(ctx context.Context, rows []*row) error {
	byID := map[int64]*row{}
	ids := make([]any, 0, len(rows))
	for _, r := range rows {
		byID[r.ID] = r
		ids = append(ids, r.ID)
		r.Roles, r.ContactTypes = []access.Role{}, []string{}
	}
	in := placeholders(len(ids))
	var roles []struct {
		UserID int64  `db:"user_id"`
		Role   string `db:"role"`
	}
	if err := s.db.Select(ctx, &roles, `SELECT user_id, role FROM user_roles WHERE user_id IN (`+in+`) ORDER BY role`, ids...); err != nil {
		return err
	}
	for _, r := range roles {
		byID[r.UserID].Roles = append(byID[r.UserID].Roles, access.Role(r.Role))
	}
	var cts []struct {
		UserID int64  `db:"user_id"`
		Type   string `db:"contact_type"`
	}
	if err := s.db.Select(ctx, &cts, `SELECT user_id, contact_type FROM user_contact_types WHERE user_id IN (`+in+`) ORDER BY contact_type`, ids...); err != nil {
		return err
	}
	for _, c := range cts {
		byID[c.UserID].ContactTypes = append(byID[c.UserID].ContactTypes, c.Type)
	}
	return nil
}

func placeholders(n int) string { return database.Placeholders(n) }

// listFilter is findByAny after ids were resolved within the caller's scope.
type listFilter struct {
	scope            access.Scope
	companyID        int64
	active           *bool
	groupID          int64
	excludeGroupID   int64
	roles            []access.Role
	types            []string
	search           string
	includeAnonymous bool
}

var listSort = map[string]string{
	"firstname": "u.firstname", "lastname": "u.lastname", "email": "u.email", "login": "u.login",
	"employeeNumber": "u.employee_number", "extId": "u.ext_id", "active": "u.active", "fullName": "u.firstname",
}

// listOrder is findByAny's default order; the company's name index
// (users_company_name, migration 00036; on SQLite users_company_walk,
// migration 00040) walks it.
const listOrder = "u.lastname ASC, u.firstname ASC, u.id ASC"

// where is the FROM and WHERE of findByAny: the users table, joined to its
// trigram table when a search can use one (TextSearchJoin).
func (s *store) where(f listFilter) (string, []any) {
	q := strings.TrimSpace(f.search)
	where, args := listConds(f, q != "")
	from := "FROM users u "
	if q != "" {
		join, cond, a := s.db.Dialect.TextSearchJoin("users", "u", q)
		from += join
		where = append(where, cond)
		args = append(args, a...)
	}
	return from + "WHERE " + strings.Join(where, " AND "), args
}

// listConds are findByAny's conditions but the search. searchDrives keeps
// SQLite from using a company index (the unary +), so the trigram table
// drives a search rather than a walk over the whole company.
func listConds(f listFilter, searchDrives bool) ([]string, []any) {
	companyCol := "u.corporate_account_id"
	if searchDrives {
		companyCol = "+" + companyCol
	}
	cond, args := scopedOn(f.scope, companyCol)
	where := []string{cond}
	if !f.includeAnonymous {
		where = append(where, "u.anonymized_at IS NULL")
	}
	if f.companyID != 0 {
		where = append(where, companyCol+" = ?")
		args = append(args, f.companyID)
	}
	if f.active != nil {
		where = append(where, "u.active = ?")
		args = append(args, *f.active)
	}
	if f.groupID != 0 {
		cond, a := usergroup.Member("u.id", f.groupID)
		where = append(where, cond)
		args = append(args, a...)
	}
	if f.excludeGroupID != 0 {
		cond, a := usergroup.Member("u.id", f.excludeGroupID)
		where = append(where, "NOT "+cond)
		args = append(args, a...)
	}
	if len(f.roles) > 0 {
		where = append(where, "EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id AND r.role IN ("+placeholders(len(f.roles))+"))")
		for _, r := range f.roles {
			args = append(args, string(r))
		}
	}
	if len(f.types) > 0 {
		where = append(where, "u.user_type IN ("+placeholders(len(f.types))+")")
		for _, t := range f.types {
			args = append(args, t)
		}
	}
	return where, args
}

// list is findByAny's page. Without a search the total is exact. With one
// it is counted only up to p.CountLimit()+1 hits (paging.NewCountedPage
// says "more than" beyond), and a search that finds more than that reads
// its page by walking the default order (walkPage) rather than sorting
// every hit: a 3-letter search over 100,000 users stays within
// milliseconds whether it finds ten users or all of them.
func (s *store) list(ctx context.Context, f listFilter, p paging.Pagination) ([]*row, int, error) {
	clause, args := s.where(f)
	order := p.OrderBy(listSort, listOrder)
	q := strings.TrimSpace(f.search)
	var total int
	var rows []*row
	var err error
	if q == "" {
		if err = s.db.Get(ctx, &total, `SELECT COUNT(*) `+clause, args...); err == nil {
			rows, err = s.page(ctx, selectRow, clause+order, args, p)
		}
	} else {
		sq := hitsQuery{sel: selectRow, fromWhere: clause, args: args, order: order}
		if listInDefaultOrder(p) {
			sq.keys = listKeys
			sq.walkConds = func() ([]string, []any) { return listConds(f, false) }
		}
		rows, total, err = s.searchHits(ctx, sq, q, p)
	}
	if err != nil {
		return nil, 0, err
	}
	return rows, total, s.decorate(ctx, rows)
}

// listKeys are findByAny's default order (then the id's), which the
// index users_company_walk walks within a company (on SQLite it also
// holds what the walk tests: migration 00040).
var listKeys = []string{"lastname", "firstname"}

// listInDefaultOrder: p's sort orders, if any, leave findByAny in its
// default order (lastname, then firstname, ascending), which an index
// walks; any other order sorts the hits.
func listInDefaultOrder(p paging.Pagination) bool {
	keys := []string{"lastname", "firstname"}
	for i, o := range p.SortOrders {
		if i >= len(keys) || o.Property != keys[i] || strings.EqualFold(o.Direction, "DESC") {
			return false
		}
	}
	return true
}

// countUpTo counts the rows of fromWhere, stopping at limit.
func (s *store) countUpTo(ctx context.Context, fromWhere string, args []any, limit int) (int, error) {
	var n int
	err := s.db.Get(ctx, &n, `SELECT COUNT(*) FROM (SELECT 1 AS one `+fromWhere+` LIMIT ?) counted`,
		s.db.Dialect.PlanForValues(append(args, limit))...)
	return n, err
}

// hitsQuery is a search's hits as searchPage reads a page of them: the
// columns of the page's rows (sel: selectRow, selectHit), the hits' FROM
// and WHERE with their arguments, and their ORDER BY. keys, when the order
// is theirs and then the id's (which an index walks), allow a walk;
// walkConds are then the hits' conditions but the search, as the walk
// tests each row for the search itself.
type hitsQuery struct {
	sel       string
	fromWhere string
	args      []any
	order     string
	keys      []string
	walkConds func() ([]string, []any)
}

// searchHits counts a search's hits up to p.CountLimit()+1 (countUpTo)
// and reads their page p: by walking the order (walkPage) when the search
// finds more than the limit and can be tested row by row
// (Dialect.TextSearchRow), else, or when the walk does not reach the page,
// by sorting the hits. The sort runs beside the count and the walk when a
// core is spare (database.RunBeside), and is dropped when the walk finds
// the page: a search answers in the time of the longer of the two, not
// their sum (docs/users.md). Each statement is planned for its values
// (Dialect.PlanForValues).
func (s *store) searchHits(ctx context.Context, q hitsQuery, search string, p paging.Pagination) ([]*row, int, error) {
	sortArgs := s.db.Dialect.PlanForValues(append([]any{}, q.args...)) // its own copy: the count appends to q.args meanwhile
	sorted := database.RunBeside(ctx, s.db, func(ctx context.Context, live database.Live) ([]int64, error) {
		return s.pageIDs(ctx, q.fromWhere+" AND "+live.Cond+q.order, append(sortArgs, live.Args...), p)
	})
	total, err := s.countUpTo(ctx, q.fromWhere, q.args, p.CountLimit()+1)
	if err != nil {
		sorted.Drop()
		return nil, 0, err
	}
	ids, walked, err := s.walkIfMany(ctx, q, search, total, p)
	if err != nil || walked {
		sorted.Drop()
	} else {
		ids, err = sorted.Result()
	}
	if err != nil {
		return nil, 0, err
	}
	rows, err := s.rowsOf(ctx, q.sel, ids)
	return rows, total, err
}

// walkIfMany reads page p by walking the order (walkPage) when the search
// finds more than p's count limit (counted) and a row can be tested for
// it; walked is false when it did not or the walk did not reach the page.
func (s *store) walkIfMany(ctx context.Context, q hitsQuery, search string, counted int, p paging.Pagination) (ids []int64, walked bool, err error) {
	if counted <= p.CountLimit() || q.keys == nil {
		return nil, false, nil
	}
	hit, hitArgs, ok := s.db.Dialect.TextSearchRow("u", search, searchColumns...)
	if !ok {
		return nil, false, nil
	}
	conds, condArgs := q.walkConds()
	return s.walkPage(ctx, q.keys, hit, hitArgs, strings.Join(conds, " AND "), condArgs, p)
}

// searchColumns are the columns users.search_text joins with spaces (its
// generated expression, migration 00003), for the walk's row test
// (Dialect.TextSearchRow). TestSearchColumnsAreSearchTexts checks them
// against the schema.
var searchColumns = []string{"firstname", "lastname", "login", "email", "employee_number", "ext_id", "msisdn"}

// walkBound is how many rows walkPage passes at most for page p on
// dialect d: as many as the search is known to find (its count limit, at
// most 20,000), on SQLite two thirds of that. On PostgreSQL a row passed
// costs about what a hit sorted costs (well under a microsecond), so a
// walk that fails costs at most what sorting the hits costs anyway, and
// one that succeeds saves sorting them all. On SQLite a row passed costs
// about three times a hit sorted (about 1.5 µs against 0.5, users.md): a
// walk that fails after two thirds of the count limit costs about twice
// the sort it falls back to, where the whole limit cost three times. ok
// is false for a page too deep for the most.
func walkBound(p paging.Pagination, d database.Dialect) (int, bool) {
	bound := min(20000, p.CountLimit())
	if d == database.SQLite {
		bound = bound * 2 / 3
	}
	return bound, p.Offset()+p.Size <= bound
}

// walkPage reads page p of a search that finds a great many rows (more
// than the page's CountLimit) by walking the users in scope (where, args)
// in the order of keys and then id, which an index gives, and testing each
// row with hit (hitArgs), passing walkBound rows at most. ok is false when
// the page was not among them (the hits lie late in the order, or the
// page is deep): the caller then sorts the hits. Since the search finds
// more rows than the page ends at, a short page means exactly that.
func (s *store) walkPage(ctx context.Context, keys []string, hit string, hitArgs []any, where string, args []any,
	p paging.Pagination) ([]int64, bool, error) {
	bound, ok := walkBound(p, s.db.Dialect)
	if !ok {
		return nil, false, nil
	}
	query, all := walkStatement(keys, hit, hitArgs, where, args, bound, p)
	all = s.db.Dialect.PlanForValues(all)
	var ids []int64
	if err := s.db.Select(ctx, &ids, query, all...); err != nil {
		return nil, false, err
	}
	if len(ids) < p.Size {
		return nil, false, nil
	}
	return ids, true, nil
}

// walkStatement is walkPage's statement and its arguments: the first
// bound users of where in the order of keys, tested with hit, and page p
// of those that pass.
func walkStatement(keys []string, hit string, hitArgs []any, where string, args []any, bound int, p paging.Pagination) (string, []any) {
	inner, outer := make([]string, len(keys)), make([]string, len(keys))
	for i, k := range keys {
		inner[i] = "u." + k
		outer[i] = "w." + k
	}
	query := `SELECT w.id FROM (SELECT u.id, ` + strings.Join(inner, ", ") + `, ` + hit + ` AS hit FROM users u WHERE ` + where +
		` ORDER BY ` + strings.Join(inner, ", ") + `, u.id LIMIT ?) w WHERE w.hit ORDER BY ` + strings.Join(outer, ", ") + `, w.id LIMIT ? OFFSET ?`
	return query, append(append(append([]any{}, hitArgs...), args...), bound, p.Size, p.Offset())
}

// page selects one page of fromWhereOrder (FROM ... WHERE ... ORDER BY,
// the users table aliased u) in two steps: the ids in order, then the
// columns sel reads (selectRow, selectHit) of just those ids (the caller
// adds the other owners' read models for the page only), so sorting
// thousands of search hits reads narrow rows.
func (s *store) page(ctx context.Context, sel, fromWhereOrder string, args []any, p paging.Pagination) ([]*row, error) {
	ids, err := s.pageIDs(ctx, fromWhereOrder, args, p)
	if err != nil {
		return nil, err
	}
	return s.rowsOf(ctx, sel, ids)
}

// pageIDs are the ids of page p of fromWhereOrder, in its order.
func (s *store) pageIDs(ctx context.Context, fromWhereOrder string, args []any, p paging.Pagination) ([]int64, error) {
	var ids []int64
	err := s.db.Select(ctx, &ids, `SELECT u.id `+fromWhereOrder+` LIMIT ? OFFSET ?`, append(args, p.Size, p.Offset())...)
	return ids, err
}

// rowsOf reads the columns sel reads of the users ids, in the order of ids.
func (s *store) rowsOf(ctx context.Context, sel string, ids []int64) ([]*row, error) {
	if len(ids) == 0 {
		return []*row{}, nil
	}
	idArgs := make([]any, len(ids))
	for i, id := range ids {
		idArgs[i] = id
	}
	var rows []*row
	if err := s.db.Select(ctx, &rows, sel+`WHERE u.id IN (`+placeholders(len(ids))+`)`, idArgs...); err != nil {
		return nil, err
	}
	byID := make(map[int64]*row, len(rows))
	for _, r := range rows {
		byID[r.ID] = r
	}
	out := make([]*row, 0, len(ids))
	for _, id := range ids {
		if r, ok := byID[id]; ok {
			out = append(out, r)
		}
	}
	return out, nil
}

// searchFilter is the dashboard search.
type searchFilter struct {
	scope       access.Scope
	search      string
	activeOnly  bool
	partnerID   int64
	companyID   int64
	companyType string
	// voucherUsers are the users a voucher code equal to the search
	// belongs to or was redeemed by (voucher's read model): they match too
	voucherUsers []int64
}

// searchConds are the dashboard search's conditions but the search.
// Unless plainCompany, they write the company columns with a unary +, so
// no index of the company drives the statement: SQLite then lets the
// trigram table drive the search, and walks users_by_name in a walk
// (walkPage). Without statistics (SQLite has none unless ANALYZE ran)
// SQLite takes an equality on an indexed column to match a few rows, and
// would read a company's every user by its index and sort them all: 156
// ms for a walk of 100,000 users instead of a few. PostgreSQL's walk
// takes them plain, so it estimates them from the column's statistics
// (an expression it takes to match one row in 200, and sorts the users
// it finds rather than walk users_by_name).
func searchConds(f searchFilter, plainCompany bool) ([]string, []any) {
	companyCol := "u.corporate_account_id"
	if !plainCompany {
		companyCol = "+" + companyCol
	}
	cond, args := scopedOn(f.scope, companyCol)
	where := []string{cond, "u.anonymized_at IS NULL"}
	if f.activeOnly {
		where = append(where, "u.active")
	}
	if f.partnerID != 0 {
		in, a := access.Scope{PartnerID: f.partnerID}.InCompanies(companyCol)
		where = append(where, "("+in+" OR u.partner_id = ?)")
		args = append(append(args, a...), f.partnerID)
	}
	if f.companyID != 0 {
		where = append(where, companyCol+" = ?")
		args = append(args, f.companyID)
	}
	if f.companyType != "" {
		in, a := company.OfType(companyCol, f.companyType)
		where = append(where, in)
		args = append(args, a...)
	}
	return where, args
}

// dashboardKeys are the dashboard search's order (then the id's), which
// the index users_by_name walks.
var dashboardKeys = []string{"firstname", "lastname", "email"}

// dashboardWalkConds are the conditions of the dashboard search's walk:
// the company columns plain on PostgreSQL only (searchConds).
func (s *store) dashboardWalkConds(f searchFilter) ([]string, []any) {
	return searchConds(f, s.db.Dialect == database.Postgres)
}

func (s *store) search(ctx context.Context, f searchFilter, p paging.Pagination) ([]*row, int, error) {
	where, args := searchConds(f, false)
	base := strings.Join(where, " AND ")
	from := "FROM users u "
	var searchCond string
	var searchArgs []any
	if len(f.voucherUsers) > 0 {
		// a hit of either kind: the trigram table cannot drive an OR
		cond, a := s.db.Dialect.TextSearch("users", "u", f.search)
		searchCond = "(" + cond + " OR u.id IN (" + database.Placeholders(len(f.voucherUsers)) + "))"
		searchArgs = a
		for _, id := range f.voucherUsers {
			searchArgs = append(searchArgs, id)
		}
	} else {
		var join string
		join, searchCond, searchArgs = s.db.Dialect.TextSearchJoin("users", "u", f.search)
		from += join
	}
	clause := from + "WHERE " + base + " AND " + searchCond
	args = append(args, searchArgs...)
	// counted ahead as findByAny's search is (list), and a search that
	// finds more read by walking users_by_name (migration 00036)
	sq := hitsQuery{sel: selectHit, fromWhere: clause, args: args, order: ` ORDER BY u.firstname ASC, u.lastname ASC, u.email ASC, u.id ASC`}
	if len(f.voucherUsers) == 0 { // a voucher's users are no hit a row test finds
		sq.keys = dashboardKeys
		sq.walkConds = func() ([]string, []any) { return s.dashboardWalkConds(f) }
	}
	rows, total, err := s.searchHits(ctx, sq, f.search, p)
	if err != nil {
		return nil, 0, err
	}
	// a hit shows its company's name, not its roles or sign-in state
	return rows, total, s.withCompanies(ctx, rows)
}

// insertRow writes a new user with roles and contact types.
func (s *store) insertRow(ctx context.Context, r *row, createdBy *int64, now time.Time) (int64, error) {
	id, err := s.db.Insert(ctx, `INSERT INTO users (osp_id, corporate_account_id, partner_id, user_type, firstname, lastname, email,
		login, msisdn, language, birthdate, employee_number, contract_id, ext_id, work_street, work_number, work_zip, work_city,
		home_street, home_number, home_zip, home_city, two_factor_enabled, active, start_activation_time,
		desired_activation_date, desired_deactivation_date, license_plate, mobib_card_number, mobib_chip_id, mobib_valid_from,
		created_by, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		r.OspID, r.CorporateAccountID, r.PartnerID, r.UserType, r.Firstname, r.Lastname, r.Email,
		r.Login, r.Msisdn, r.Language, r.Birthdate, r.EmployeeNumber, r.ContractID, r.ExtID, r.WorkStreet, r.WorkNumber, r.WorkZip, r.WorkCity,
		r.HomeStreet, r.HomeNumber, r.HomeZip, r.HomeCity, r.TwoFactorEnabled, r.Active, r.StartActivationTime,
		r.DesiredActivationDate, r.DesiredDeactivationDate, r.LicensePlate, r.MobibCardNumber, r.MobibChipID, r.MobibValidFrom,
		createdBy, now, now)
	if err != nil {
		return 0, err
	}
	for _, role := range r.Roles {
		if err := s.addRole(ctx, id, role); err != nil {
			return 0, err
		}
	}
	if err := s.setContactTypes(ctx, id, r.ContactTypes); err != nil {
		return 0, err
	}
	return id, nil
}

// updateRow writes a user's editable fields.
func (s *store) updateRow(ctx context.Context, r *row, now time.Time) error {
	_, err := s.db.Exec(ctx, `UPDATE users SET firstname = ?, lastname = ?, email = ?, login = ?, msisdn = ?, language = ?,
		birthdate = ?, employee_number = ?, contract_id = ?, ext_id = ?, work_street = ?, work_number = ?, work_zip = ?,
		work_city = ?, home_street = ?, home_number = ?, home_zip = ?, home_city = ?, two_factor_enabled = ?,
		desired_activation_date = ?, desired_deactivation_date = ?, license_plate = ?, updated_at = ? WHERE id = ?`,
		r.Firstname, r.Lastname, r.Email, r.Login, r.Msisdn, r.Language, r.Birthdate, r.EmployeeNumber, r.ContractID, r.ExtID,
		r.WorkStreet, r.WorkNumber, r.WorkZip, r.WorkCity, r.HomeStreet, r.HomeNumber, r.HomeZip, r.HomeCity, r.TwoFactorEnabled,
		r.DesiredActivationDate, r.DesiredDeactivationDate, r.LicensePlate, now, r.ID)
	return err
}

func (s *store) addRole(ctx context.Context, userID int64, role access.Role) error {
	_, err := s.db.Exec(ctx, `INSERT INTO user_roles (user_id, role) VALUES (?, ?) ON CONFLICT DO NOTHING`, userID, string(role))
	return err
}

func (s *store) removeRole(ctx context.Context, userID int64, role access.Role) error {
	_, err := s.db.Exec(ctx, `DELETE FROM user_roles WHERE user_id = ? AND role = ?`, userID, string(role))
	return err
}

func (s *store) setType(ctx context.Context, userID int64, t string) error {
	_, err := s.db.Exec(ctx, `UPDATE users SET user_type = ? WHERE id = ?`, t, userID)
	return err
}

func (s *store) setContactTypes(ctx context.Context, userID int64, types []string) error {
	if _, err := s.db.Exec(ctx, `DELETE FROM user_contact_types WHERE user_id = ?`, userID); err != nil {
		return err
	}
	for _, t := range types {
		if _, err := s.db.Exec(ctx, `INSERT INTO user_contact_types (user_id, contact_type) VALUES (?, ?) ON CONFLICT DO NOTHING`, userID, t); err != nil {
			return err
		}
	}
	return nil
}

// setActive switches a user on or off now and clears the plan it fulfils.
func (s *store) setActive(ctx context.Context, userID int64, active bool, now time.Time) error {
	if active {
		_, err := s.db.Exec(ctx, `UPDATE users SET active = TRUE, start_activation_time = ?, desired_activation_date = NULL,
			deactivated_at = NULL, updated_at = ? WHERE id = ?`, now, now, userID)
		return err
	}
	_, err := s.db.Exec(ctx, `UPDATE users SET active = FALSE, desired_deactivation_date = NULL, deactivated_at = ?, updated_at = ?
		WHERE id = ?`, now, now, userID)
	return err
}

func (s *store) planActivation(ctx context.Context, userID int64, date *string, now time.Time) error {
	_, err := s.db.Exec(ctx, `UPDATE users SET desired_activation_date = ?, updated_at = ? WHERE id = ?`, date, now, userID)
	return err
}

func (s *store) planDeactivation(ctx context.Context, userID int64, date *string, now time.Time) error {
	_, err := s.db.Exec(ctx, `UPDATE users SET desired_deactivation_date = ?, updated_at = ? WHERE id = ?`, date, now, userID)
	return err
}

// applyPlans carries out the activations and deactivations planned for
// day or earlier; it is idempotent, so a job may run it again.
func (s *store) applyPlans(ctx context.Context, day string, now time.Time) (activated, deactivated int64, err error) {
	activated, err = s.db.Exec(ctx, `UPDATE users SET active = TRUE, start_activation_time = ?, desired_activation_date = NULL, deactivated_at = NULL,
		updated_at = ? WHERE desired_activation_date IS NOT NULL AND desired_activation_date <= ? AND anonymized_at IS NULL`, now, now, day)
	if err != nil {
		return 0, 0, err
	}
	deactivated, err = s.db.Exec(ctx, `UPDATE users SET active = FALSE, desired_deactivation_date = NULL, deactivated_at = ?, updated_at = ?
		WHERE desired_deactivation_date IS NOT NULL AND desired_deactivation_date <= ? AND anonymized_at IS NULL`, now, now, day)
	return activated, deactivated, err
}

// anonymize replaces a user's personal data in the tables user owns, for
// good; the service asks auth and usergroup to forget the rest. Financial
// records keep pointing at the (now anonymous) user id.
func (s *store) anonymize(ctx context.Context, userID int64, now time.Time) error {
	stmts := []string{
		`UPDATE users SET firstname = '', lastname = '', email = '', login = NULL, msisdn = '', birthdate = NULL,
			employee_number = '', contract_id = '', ext_id = NULL, work_street = '', work_number = '', work_zip = '', work_city = '',
			home_street = '', home_number = '', home_zip = '', home_city = '', license_plate = '', mobib_card_number = '',
			mobib_chip_id = '', mobib_valid_from = NULL, two_factor_enabled = FALSE, active = FALSE,
			desired_activation_date = NULL, desired_deactivation_date = NULL, anonymized_at = ?, updated_at = ? WHERE id = ?`,
		`DELETE FROM identification_token_fields WHERE token_id IN (SELECT id FROM identification_tokens WHERE user_id = ?)`,
		`DELETE FROM identification_tokens WHERE user_id = ?`,
		`DELETE FROM user_contact_types WHERE user_id = ?`,
	}
	for i, q := range stmts {
		args := []any{userID}
		if i == 0 {
			args = []any{now, now, userID}
		}
		if _, err := s.db.Exec(ctx, q, args...); err != nil {
			return err
		}
	}
	return nil
}

func (s *store) loginTaken(ctx context.Context, login string, exceptID int64) (bool, error) {
	var n int
	err := s.db.Get(ctx, &n, `SELECT COUNT(*) FROM users WHERE login = ? AND id <> ?`, login, exceptID)
	return n > 0, err
}

func (s *store) extIDTaken(ctx context.Context, extID string, exceptID int64) (bool, error) {
	var n int
	err := s.db.Get(ctx, &n, `SELECT COUNT(*) FROM users WHERE ext_id = ? AND id <> ?`, extID, exceptID)
	return n > 0, err
}

func (s *store) contractTaken(ctx context.Context, companyID int64, contractID string, exceptID int64) (bool, error) {
	var n int
	err := s.db.Get(ctx, &n, `SELECT COUNT(*) FROM users WHERE corporate_account_id = ? AND contract_id = ? AND id <> ? AND anonymized_at IS NULL`, companyID, contractID, exceptID)
	return n > 0, err
}

// --- session user (issue 2) ---

type profile struct {
	ID                 int64   `db:"id"`
	OspID              string  `db:"osp_id"`
	Firstname          string  `db:"firstname"`
	Lastname           string  `db:"lastname"`
	Email              string  `db:"email"`
	Login              *string `db:"login"`
	Language           string  `db:"language"`
	TwoFactorEnabled   bool    `db:"two_factor_enabled"`
	CorporateAccountID *int64  `db:"corporate_account_id"`
	PartnerID          *int64  `db:"partner_id"`
}

func (s *store) profile(ctx context.Context, id int64) (*profile, error) {
	var p profile
	err := s.db.Get(ctx, &p, `SELECT id, osp_id, firstname, lastname, email, login, language, two_factor_enabled,
		corporate_account_id, partner_id FROM users WHERE id = ?`, id)
	return &p, err
}

func (s *store) setLanguage(ctx context.Context, id int64, lang string, now time.Time) error {
	_, err := s.db.Exec(ctx, `UPDATE users SET language = ?, updated_at = ? WHERE id = ?`, lang, now, id)
	return err
}

func (s *store) idByLogin(ctx context.Context, login string) (int64, error) {
	var id int64
	err := s.db.Get(ctx, &id, `SELECT id FROM users WHERE login = ?`, login)
	return id, err
}
