package access

import (
	"context"
	"slices"
	"strings"
)

// Principal is the signed-in user as every layer below HTTP sees it.
type Principal struct {
	UserID    int64
	UserOspID string
	SessionID int64
	Login     string
	Language  string
	// Firstname, Lastname and Email name the signed-in user as at the
	// request's start (user.FullName makes the shown name of them): a
	// posting answers with who booked it without reading them again
	Firstname, Lastname, Email string
	Roles                      []Role
	Scope                      Scope
	// PartnerOspID and TenantOspID make up the segmented session id.
	PartnerOspID string
	TenantOspID  string
}

// Has tells whether the principal holds role r; ospadmin passes every check.
func (p *Principal) Has(r Role) bool {
	return slices.Contains(p.Roles, OspAdmin) || slices.Contains(p.Roles, r)
}

// HasAny tells whether the principal holds one of roles (ospadmin always).
func (p *Principal) HasAny(roles ...Role) bool {
	return slices.ContainsFunc(roles, p.Has)
}

// HoldsExactly tells whether the principal itself holds r, without the
// ospadmin pass (used for "grant only roles you hold").
func (p *Principal) HoldsExactly(r Role) bool { return slices.Contains(p.Roles, r) }

// IsOspAdmin tells whether the principal is platform staff.
func (p *Principal) IsOspAdmin() bool { return slices.Contains(p.Roles, OspAdmin) }

// SessionUserID is the segmented id "partner:user:tenant" the web app
// receives. SPEC §6: a user is MSP when the first and third segments are
// equal, which holds for partner admins (their tenant is the partner) and
// for platform staff.
func (p *Principal) SessionUserID() string {
	return strings.Join([]string{p.PartnerOspID, p.UserOspID, p.TenantOspID}, ":")
}

// IsMsp applies SPEC §6's rule to the session id.
func (p *Principal) IsMsp() bool {
	if p.IsOspAdmin() {
		return true
	}
	seg := strings.Split(p.SessionUserID(), ":")
	return len(seg) == 3 && seg[0] != "" && seg[0] == seg[2]
}

type principalKey struct{}

// WithPrincipal stores p in ctx.
func WithPrincipal(ctx context.Context, p *Principal) context.Context {
	return context.WithValue(ctx, principalKey{}, p)
}

// FromContext returns the signed-in principal, or nil on public calls.
func FromContext(ctx context.Context) *Principal {
	p, _ := ctx.Value(principalKey{}).(*Principal)
	return p
}
