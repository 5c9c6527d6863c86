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
