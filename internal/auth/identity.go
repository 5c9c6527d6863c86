package auth

import (
	"context"

	"mobility/portal/internal/access"
)

// Identity is a user as sign-in and the principal need them: the user's
// own columns, their roles, and their company's and partner's ids. user
// owns those tables and supplies it (Identities); auth sits below user and
// adds the credentials it owns.
type Identity struct {
	UserID             int64   `db:"id"`
	OspID              string  `db:"osp_id"`
	UserType           string  `db:"user_type"`
	Login              *string `db:"login"`
	Email              string  `db:"email"`
	Firstname          string  `db:"firstname"`
	Lastname           string  `db:"lastname"`
	Language           string  `db:"language"`
	Active             bool    `db:"active"`
	TwoFactorEnabled   bool    `db:"two_factor_enabled"`
	CompanyTwoFactor   bool    `db:"company_two_factor"`
	CorporateAccountID *int64  `db:"corporate_account_id"`
	PartnerID          *int64  `db:"partner_id"`
	PartnerOspID       *string `db:"partner_osp_id"`
	TenantOspID        *string `db:"tenant_osp_id"`

	Roles []access.Role `db:"-"`
}

// Identities is the sign-in read model user hands auth at wiring
// (Service.UseIdentities). Each call is one query (a token check runs it on
// every request); a missing user is sql.ErrNoRows (database.IsNoRows).
type Identities interface {
	IdentityByID(ctx context.Context, userID int64) (*Identity, error)
	// IdentityByLogin finds a user not anonymized by login.
	IdentityByLogin(ctx context.Context, login string) (*Identity, error)
	// IdentitiesByEmail lists the users not anonymized with a login at an
	// address (case-insensitive), by login.
	IdentitiesByEmail(ctx context.Context, email string) ([]Identity, error)
}

// UseIdentities is how user, which owns users and roles, hands auth the
// identities it signs in. Set at wiring, before any request.
func (s *Service) UseIdentities(ids Identities) { s.store.users = ids }
