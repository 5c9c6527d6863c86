package productaccess

import (
	"context"
	"fmt"
	"strings"
	"time"

	"mobility/portal/internal/company"
	"mobility/portal/internal/database"
	"mobility/portal/internal/product"
	"mobility/portal/internal/user"
	"mobility/portal/internal/usergroup"
)

// store holds the SQL of the tables productaccess owns: the platform's
// disallowed products, the partner and company selections, the group
// grants and the users' default products.
type store struct{ db *database.DB }

// ---- platform ----

type disallowedRow struct {
	ProductID    int64     `db:"product_id"`
	DisallowedAt time.Time `db:"disallowed_at"`
}

func (s *store) disallow(ctx context.Context, productID, by int64, now time.Time) error {
	var byID any
	if by != 0 {
		byID = by
	}
	_, err := s.db.Exec(ctx, `INSERT INTO product_platform_disallowed (product_id, disallowed_by, disallowed_at) VALUES (?, ?, ?)
		ON CONFLICT (product_id) DO NOTHING`, productID, byID, now)
	return err
}

func (s *store) allow(ctx context.Context, productID int64) error {
	_, err := s.db.Exec(ctx, `DELETE FROM product_platform_disallowed WHERE product_id = ?`, productID)
	return err
}

func (s *store) disallowed(ctx context.Context) ([]disallowedRow, error) {
	out := []disallowedRow{}
	err := s.db.Select(ctx, &out, `SELECT product_id, disallowed_at FROM product_platform_disallowed ORDER BY product_id`)
	return out, err
}

// disallowedAmong returns which of ids are disallowed, 500 a query.
func (s *store) disallowedAmong(ctx context.Context, ids []int64) (map[int64]time.Time, error) {
	rows, err := database.SelectIn[disallowedRow](ctx, s.db, ids, func(in string) string {
		return `SELECT product_id, disallowed_at FROM product_platform_disallowed WHERE product_id IN (` + in + `)`
	})
	out := make(map[int64]time.Time, len(rows))
	for _, r := range rows {
		out[r.ProductID] = r.DisallowedAt
	}
	return out, err
}

// ---- partner selection ----

type partnerProduct struct {
	PartnerID int64 `db:"partner_id"`
	ProductID int64 `db:"product_id"`
}

type partnerResource struct {
	PartnerID int64  `db:"partner_id"`
	OspID     string `db:"resource_osp_id"`
}

func (s *store) partnerProducts(ctx context.Context, partnerIDs []int64) ([]partnerProduct, error) {
	return database.SelectIn[partnerProduct](ctx, s.db, partnerIDs, func(in string) string {
		return `SELECT partner_id, product_id FROM partner_products WHERE partner_id IN (` + in + `) ORDER BY partner_id, product_id`
	})
}

func (s *store) partnerResources(ctx context.Context, partnerIDs []int64) ([]partnerResource, error) {
	return database.SelectIn[partnerResource](ctx, s.db, partnerIDs, func(in string) string {
		return `SELECT partner_id, resource_osp_id FROM partner_service_resources WHERE partner_id IN (` + in + `)
			ORDER BY partner_id, resource_osp_id`
	})
}

// addPartnerProducts and the other writers below run in the caller's
// transaction; adding what is there already is a no-op.
func (s *store) addPartnerProducts(ctx context.Context, partnerID int64, ids []int64) error {
	for _, id := range ids {
		if _, err := s.db.Exec(ctx, `INSERT INTO partner_products (partner_id, product_id) VALUES (?, ?) ON CONFLICT DO NOTHING`,
			partnerID, id); err != nil {
			return err
		}
	}
	return nil
}

// removePartnerProducts removes products from a partner's selection; the
// schema removes them from its companies' selections and their groups'
// grants with them.
func (s *store) removePartnerProducts(ctx context.Context, partnerID int64, ids []int64) error {
	return s.deleteIn(ctx, ids, `DELETE FROM partner_products WHERE partner_id = ? AND product_id IN (%s)`, partnerID)
}

func (s *store) addPartnerResources(ctx context.Context, partnerID int64, ospIDs []string) error {
	for _, id := range ospIDs {
		if _, err := s.db.Exec(ctx, `INSERT INTO partner_service_resources (partner_id, resource_osp_id) VALUES (?, ?) ON CONFLICT DO NOTHING`,
			partnerID, id); err != nil {
			return err
		}
	}
	return nil
}

func (s *store) removePartnerResources(ctx context.Context, partnerID int64, ospIDs []string) error {
	for _, id := range ospIDs {
		if _, err := s.db.Exec(ctx, `DELETE FROM partner_service_resources WHERE partner_id = ? AND resource_osp_id = ?`, partnerID, id); err != nil {
			return err
		}
	}
	return nil
}

// ---- company selection ----

type companyProduct struct {
	CompanyID int64 `db:"corporate_account_id"`
	PartnerID int64 `db:"partner_id"`
	ProductID int64 `db:"product_id"`
}

type companyResource struct {
	CompanyID int64  `db:"corporate_account_id"`
	PartnerID int64  `db:"partner_id"`
	OspID     string `db:"resource_osp_id"`
}

func (s *store) companyProducts(ctx context.Context, companyIDs []int64) ([]companyProduct, error) {
	return database.SelectIn[companyProduct](ctx, s.db, companyIDs, func(in string) string {
		return `SELECT corporate_account_id, partner_id, product_id FROM company_products WHERE corporate_account_id IN (` + in + `)
			ORDER BY corporate_account_id, product_id`
	})
}

func (s *store) companyResources(ctx context.Context, companyIDs []int64) ([]companyResource, error) {
	return database.SelectIn[companyResource](ctx, s.db, companyIDs, func(in string) string {
		return `SELECT corporate_account_id, partner_id, resource_osp_id FROM company_service_resources
			WHERE corporate_account_id IN (` + in + `) ORDER BY corporate_account_id, resource_osp_id`
	})
}

func (s *store) addCompanyProducts(ctx context.Context, companyID, partnerID int64, ids []int64) error {
	for _, id := range ids {
		if _, err := s.db.Exec(ctx, `INSERT INTO company_products (corporate_account_id, partner_id, product_id) VALUES (?, ?, ?)
			ON CONFLICT DO NOTHING`, companyID, partnerID, id); err != nil {
			return err
		}
	}
	return nil
}

// removeCompanyProducts removes products from a company's selection; the
// schema removes its groups' grants of them.
func (s *store) removeCompanyProducts(ctx context.Context, companyID int64, ids []int64) error {
	return s.deleteIn(ctx, ids, `DELETE FROM company_products WHERE corporate_account_id = ? AND product_id IN (%s)`, companyID)
}

func (s *store) addCompanyResources(ctx context.Context, companyID, partnerID int64, ospIDs []string) error {
	for _, id := range ospIDs {
		if _, err := s.db.Exec(ctx, `INSERT INTO company_service_resources (corporate_account_id, partner_id, resource_osp_id)
			VALUES (?, ?, ?) ON CONFLICT DO NOTHING`, companyID, partnerID, id); err != nil {
			return err
		}
	}
	return nil
}

func (s *store) removeCompanyResources(ctx context.Context, companyID int64, ospIDs []string) error {
	for _, id := range ospIDs {
		if _, err := s.db.Exec(ctx, `DELETE FROM company_service_resources WHERE corporate_account_id = ? AND resource_osp_id = ?`,
			companyID, id); err != nil {
			return err
		}
	}
	return nil
}

// moveCompany files a company's selection under its new partner (what
// that partner does not allow was removed before).
func (s *store) moveCompany(ctx context.Context, companyID, partnerID int64) error {
	if _, err := s.db.Exec(ctx, `UPDATE company_products SET partner_id = ? WHERE corporate_account_id = ?`, partnerID, companyID); err != nil {
		return err
	}
	_, err := s.db.Exec(ctx, `UPDATE company_service_resources SET partner_id = ? WHERE corporate_account_id = ?`, partnerID, companyID)
	return err
}

// lockOffers takes the row locks of a company's (companyID) or a
// partner's companies' (companyID 0) offers of products ids, in the
// caller's transaction, so that a default set and a revoke or a removal
// of the same offer wait for each other (PostgreSQL; SQLite's write
// transactions are serialised already).
func (s *store) lockOffers(ctx context.Context, partnerID, companyID int64, ids []int64) error {
	if s.db.Dialect != database.Postgres || len(ids) == 0 {
		return nil
	}
	where, key := `partner_id = ?`, partnerID
	if companyID != 0 {
		where, key = `corporate_account_id = ?`, companyID
	}
	_, err := database.SelectIn[int64](ctx, s.db, ids, func(in string) string {
		return `SELECT product_id FROM company_products WHERE product_id IN (` + in + `) AND ` + where +
			` ORDER BY corporate_account_id, product_id` + s.db.Dialect.ForUpdate()
	}, key)
	return err
}

// isForeignKeyViolation tells whether err is a foreign-key failure, in
// either dialect's words (an offer removed while a grant was written).
func isForeignKeyViolation(err error) bool {
	if err == nil {
		return false
	}
	m := err.Error()
	return strings.Contains(m, "FOREIGN KEY constraint failed") || strings.Contains(m, "SQLSTATE 23503")
}

// ---- group grants ----

type grantRow struct {
	GroupID   int64 `db:"user_group_id"`
	ProductID int64 `db:"product_id"`
}

func (s *store) groupGrants(ctx context.Context, groupID int64) ([]int64, error) {
	out := []int64{}
	err := s.db.Select(ctx, &out, `SELECT product_id FROM user_group_products WHERE user_group_id = ? ORDER BY product_id`, groupID)
	return out, err
}

// companyGrants lists the grants of a company's groups.
func (s *store) companyGrants(ctx context.Context, companyID int64) ([]grantRow, error) {
	out := []grantRow{}
	err := s.db.Select(ctx, &out, `SELECT user_group_id, product_id FROM user_group_products WHERE corporate_account_id = ?
		ORDER BY product_id, user_group_id`, companyID)
	return out, err
}

func (s *store) grant(ctx context.Context, groupID, companyID, productID int64, now time.Time) error {
	_, err := s.db.Exec(ctx, `INSERT INTO user_group_products (user_group_id, corporate_account_id, product_id, granted_at)
		VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`, groupID, companyID, productID, now)
	return err
}

func (s *store) revoke(ctx context.Context, groupID int64, ids []int64) error {
	return s.deleteIn(ctx, ids, `DELETE FROM user_group_products WHERE user_group_id = ? AND product_id IN (%s)`, groupID)
}

// ---- the rule ----

// factsRow are the facts of MayUse as one query reads them.
type factsRow struct {
	ProductActive   bool   `db:"product_active"`
	UserKnown       bool   `db:"user_known"`
	UserActive      *bool  `db:"user_active"`
	CompanyID       *int64 `db:"company_id"`
	CompanyActive   *bool  `db:"company_active"`
	Disallowed      bool   `db:"disallowed"`
	PartnerSelected bool   `db:"partner_selected"`
	CompanySelected bool   `db:"company_selected"`
	GroupGrant      bool   `db:"group_grant"`
}

// facts reads every fact of the rule in one query, each an index lookup:
// the product's state (product's predicate), the user's and its company's
// (the expressions user and company publish), and this package's levels,
// the grant through the user's active groups (usergroup's predicate).
func (s *store) facts(ctx context.Context, userID, productID int64) (factsRow, error) {
	uid, pid := "x.uid", "x.pid"
	cid := user.Attr(uid, user.FieldCompanyID)
	var f factsRow
	err := s.db.Get(ctx, &f, `SELECT
		`+product.ActiveProduct(pid)+` AS product_active,
		`+user.Attr(uid, user.FieldOspID)+` IS NOT NULL AS user_known,
		`+user.Attr(uid, user.FieldActive)+` AS user_active,
		`+cid+` AS company_id,
		`+company.Attr(cid, company.FieldActive)+` AS company_active,
		EXISTS (SELECT 1 FROM product_platform_disallowed WHERE product_id = x.pid) AS disallowed,
		EXISTS (SELECT 1 FROM partner_products WHERE partner_id = `+company.Attr(cid, company.FieldPartnerID)+`
			AND product_id = x.pid) AS partner_selected,
		EXISTS (SELECT 1 FROM company_products WHERE corporate_account_id = `+cid+` AND product_id = x.pid) AS company_selected,
		EXISTS (SELECT 1 FROM user_group_products gp WHERE gp.product_id = x.pid AND gp.corporate_account_id = `+cid+`
			AND `+usergroup.InActiveGroupOf("gp.user_group_id", uid)+`) AS group_grant
		FROM (SELECT CAST(? AS BIGINT) AS uid, CAST(? AS BIGINT) AS pid) x`, userID, productID)
	return f, err
}

// ---- defaults ----

type defaultRow struct {
	UserID    int64 `db:"user_id"`
	CompanyID int64 `db:"corporate_account_id"`
	ProductID int64 `db:"product_id"`
}

func (s *store) defaultOf(ctx context.Context, userID int64) (*defaultRow, error) {
	var r defaultRow
	err := s.db.Get(ctx, &r, `SELECT user_id, corporate_account_id, product_id FROM user_default_products WHERE user_id = ?`, userID)
	return &r, err
}

func (s *store) setDefault(ctx context.Context, userID, companyID, productID int64, now time.Time) error {
	_, err := s.db.Exec(ctx, `INSERT INTO user_default_products (user_id, corporate_account_id, product_id, set_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET corporate_account_id = excluded.corporate_account_id,
		product_id = excluded.product_id, set_at = excluded.set_at`, userID, companyID, productID, now)
	return err
}

func (s *store) clearDefault(ctx context.Context, userID int64) error {
	_, err := s.db.Exec(ctx, `DELETE FROM user_default_products WHERE user_id = ?`, userID)
	return err
}

// live leaves out anonymized users: their default no longer counts.
var live = user.NotAnonymized("d.user_id")

// defaultsOfProduct counts the users (not anonymized) with productID as
// default, anywhere.
func (s *store) defaultsOfProduct(ctx context.Context, productID int64) (int, error) {
	var n int
	err := s.db.Get(ctx, &n, `SELECT COUNT(*) FROM user_default_products d WHERE d.product_id = ? AND `+live, productID)
	return n, err
}

type defaultCount struct {
	ProductID int64 `db:"product_id"`
	Users     int   `db:"users"`
}

// companyDefaultCounts counts a company's users per default product.
func (s *store) companyDefaultCounts(ctx context.Context, companyID int64) ([]defaultCount, error) {
	out := []defaultCount{}
	err := s.db.Select(ctx, &out, `SELECT d.product_id, COUNT(*) AS users FROM user_default_products d
		WHERE d.corporate_account_id = ? AND `+live+` GROUP BY d.product_id`, companyID)
	return out, err
}

// companyDefaultUsers lists the users of a company with productID as
// default.
func (s *store) companyDefaultUsers(ctx context.Context, companyID, productID int64) ([]int64, error) {
	out := []int64{}
	err := s.db.Select(ctx, &out, `SELECT d.user_id FROM user_default_products d
		WHERE d.corporate_account_id = ? AND d.product_id = ? AND `+live+` ORDER BY d.user_id`, companyID, productID)
	return out, err
}

// defaultsInCompanies lists which of ids are some user's default in the
// companies of partnerID (companyID 0) or in companyID, one row per
// product.
func (s *store) defaultsAmong(ctx context.Context, partnerID, companyID int64, ids []int64) ([]int64, error) {
	where, arg := `c.partner_id = ?`, partnerID
	if companyID != 0 {
		where, arg = `c.corporate_account_id = ?`, companyID
	}
	return database.SelectIn[int64](ctx, s.db, ids, func(in string) string {
		return `SELECT DISTINCT d.product_id FROM user_default_products d
			JOIN company_products c ON c.corporate_account_id = d.corporate_account_id AND c.product_id = d.product_id
			WHERE d.product_id IN (` + in + `) AND ` + where + ` AND ` + live + ` ORDER BY d.product_id`
	}, arg)
}

// forgetAnonymized removes the default rows of anonymized users for ids
// in the companies of partnerID (companyID 0) or in companyID: they no
// longer count, and would hold the products in the selection by key.
func (s *store) forgetAnonymized(ctx context.Context, partnerID, companyID int64, ids []int64) error {
	where, key := `corporate_account_id IN (SELECT c.corporate_account_id FROM company_products c WHERE c.partner_id = %d)`, partnerID
	if companyID != 0 {
		where, key = `corporate_account_id = %d`, companyID
	}
	for i := 0; i < len(ids); i += database.InBatch {
		part := ids[i:min(i+database.InBatch, len(ids))]
		args := []any{}
		for _, id := range part {
			args = append(args, id)
		}
		q := `DELETE FROM user_default_products WHERE product_id IN (` + database.Placeholders(len(part)) + `) AND ` +
			fmt.Sprintf(where, key) + ` AND NOT ` + user.NotAnonymized("user_default_products.user_id")
		if _, err := s.db.Exec(ctx, q, args...); err != nil {
			return err
		}
	}
	return nil
}

// strandedByRevoke lists which of ids some member of groupID (among
// users, when not nil) has as default without holding it through another
// active group: taking them from the group, or the members from it, would
// leave that member without their default.
func (s *store) strandedByRevoke(ctx context.Context, groupID int64, ids, users []int64) ([]int64, error) {
	member, margs := usergroup.Member("d.user_id", groupID)
	among := ""
	args := margs
	if users != nil {
		if len(users) == 0 {
			return nil, nil
		}
		among = ` AND d.user_id IN (` + database.Placeholders(len(users)) + `)`
		for _, u := range users {
			args = append(args, u)
		}
	}
	return database.SelectIn[int64](ctx, s.db, ids, func(in string) string {
		return `SELECT DISTINCT d.product_id FROM user_default_products d
			WHERE d.product_id IN (` + in + `) AND ` + member + among + ` AND ` + live + `
			AND NOT EXISTS (SELECT 1 FROM user_group_products gp WHERE gp.product_id = d.product_id
				AND gp.corporate_account_id = d.corporate_account_id AND gp.user_group_id <> ?
				AND ` + usergroup.InActiveGroupOf("gp.user_group_id", "d.user_id") + `)
			ORDER BY d.product_id`
	}, append(args, groupID)...)
}

// deleteIn runs a DELETE whose query has one %s for an IN list of ids
// after a leading key argument, 500 ids a statement.
func (s *store) deleteIn(ctx context.Context, ids []int64, query string, key int64) error {
	for i := 0; i < len(ids); i += database.InBatch {
		part := ids[i:min(i+database.InBatch, len(ids))]
		args := []any{key}
		for _, id := range part {
			args = append(args, id)
		}
		if _, err := s.db.Exec(ctx, fmt.Sprintf(query, database.Placeholders(len(part))), args...); err != nil {
			return err
		}
	}
	return nil
}
