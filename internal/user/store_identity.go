package user

import (
	"context"
	"strings"

	"mobility/portal/internal/access"
	"mobility/portal/internal/auth"
	"mobility/portal/internal/company"
	"mobility/portal/internal/partner"
)

// The sign-in read model user hands auth (auth.Identities): one query on
// users, with the roles aggregated and the company's and partner's ids
// through the expressions they publish. A token check runs it on every
// request, so it stays one query (string_agg: SQLite 3.44+ and PostgreSQL).

var (
	identityPartner = "COALESCE(u.partner_id, " + company.Attr("u.corporate_account_id", company.FieldPartnerID) + ")"
	identitySelect  = `SELECT u.id, u.osp_id, u.user_type, u.login, u.email, u.firstname, u.lastname, u.language, u.active,
	u.two_factor_enabled, u.corporate_account_id, ` + identityPartner + ` AS partner_id,
	COALESCE(` + company.Attr("u.corporate_account_id", company.FieldTwoFactorForAdmins) + `, FALSE) AS company_two_factor,
	` + partner.OspIDOf(identityPartner) + ` AS partner_osp_id,
	COALESCE(` + company.Attr("u.corporate_account_id", company.FieldOspID) + `, ` + partner.OspIDOf(identityPartner) + `) AS tenant_osp_id,
	(SELECT string_agg(r.role, ',' ORDER BY r.role) FROM user_roles r WHERE r.user_id = u.id) AS roles
FROM users u `
)

// identityRow is an identity with its roles as one comma-separated text.
type identityRow struct {
	auth.Identity
	RoleList *string `db:"roles"`
}

func (r *identityRow) identity() auth.Identity {
	id := r.Identity
	id.Roles = []access.Role{}
	if r.RoleList != nil && *r.RoleList != "" {
		for _, role := range strings.Split(*r.RoleList, ",") {
			id.Roles = append(id.Roles, access.Role(role))
		}
	}
	return id
}

// identities is the store's side of auth.Identities.
type identities struct{ s *store }

func (i identities) IdentityByID(ctx context.Context, userID int64) (*auth.Identity, error) {
	return i.one(ctx, `WHERE u.id = ?`, userID)
}

func (i identities) IdentityByLogin(ctx context.Context, login string) (*auth.Identity, error) {
	return i.one(ctx, `WHERE u.login = ? AND u.anonymized_at IS NULL`, login)
}

func (i identities) IdentitiesByEmail(ctx context.Context, email string) ([]auth.Identity, error) {
	var rows []identityRow
	if err := i.s.db.Select(ctx, &rows, identitySelect+`WHERE LOWER(u.email) = LOWER(?) AND u.login IS NOT NULL AND u.anonymized_at IS NULL ORDER BY u.login`, email); err != nil {
		return nil, err
	}
	out := make([]auth.Identity, len(rows))
	for k := range rows {
		out[k] = rows[k].identity()
	}
	return out, nil
}

func (i identities) one(ctx context.Context, where string, arg any) (*auth.Identity, error) {
	var r identityRow
	if err := i.s.db.Get(ctx, &r, identitySelect+where, arg); err != nil {
		return nil, err
	}
	id := r.identity()
	return &id, nil
}
