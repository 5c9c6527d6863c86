package access

// Policy is what a route declares about who may call it. The zero value is
// invalid on purpose: a test walks the route table and fails on it.
type Policy struct {
	// Public routes need no sign-in (login, reset, the public config).
	Public bool
	// AnySignedIn routes need a signed-in portal user, whatever their roles.
	AnySignedIn bool
	// Roles lists the roles of which one is needed; ospadmin always passes.
	Roles []Role
	// MspOnly routes also need an MSP user (SPEC §2's mspOnly guard, §6's
	// rule: partner admins and platform staff); company admins are refused
	// whatever their roles.
	MspOnly bool
}

// Declared tells whether the policy says anything.
func (p Policy) Declared() bool { return p.Public || p.AnySignedIn || len(p.Roles) > 0 }

// Allows tells whether principal (nil when not signed in) may pass.
func (p Policy) Allows(pr *Principal) bool {
	switch {
	case p.Public:
		return true
	case pr == nil:
		return false
	case p.MspOnly && !pr.IsMsp():
		return false
	case p.AnySignedIn:
		return true
	default:
		return pr.HasAny(p.Roles...)
	}
}

// Public is the policy of routes open to everyone.
func PublicPolicy() Policy { return Policy{Public: true} }

// SignedIn is the policy of routes for any signed-in portal user.
func SignedIn() Policy { return Policy{AnySignedIn: true} }

// Need is the policy of routes that need one of roles.
func Need(roles ...Role) Policy { return Policy{Roles: roles} }

// MspNeed is the policy of MSP-only routes (corporate-accounts screens,
// the company's app menu): an MSP user holding one of roles, or platform
// staff. With no roles, any MSP user passes.
func MspNeed(roles ...Role) Policy {
	if len(roles) == 0 {
		return Policy{AnySignedIn: true, MspOnly: true}
	}
	return Policy{Roles: roles, MspOnly: true}
}
