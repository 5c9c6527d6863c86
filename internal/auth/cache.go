package auth

import (
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/database"
)

// principalCache keeps the principals of recently used access tokens, so a
// request's sign-in check is one read of a single row (the sign-in epoch)
// instead of the token, session, credentials, user, roles, company and
// partner (issue 17: reads off the posting's path).
//
// A principal is trusted only while the epoch is the one read before the
// principal was: the database moves the epoch in the same transaction as
// any change that could alter or end a principal (migration 00035's
// triggers: a session ended, a role taken, a user deactivated or blocked,
// a company changed), so a revocation committed before a request began is
// seen by that request, in this process and in every other one on the same
// database. Expiry needs no epoch: the cached expiry time is checked on
// every use. Only access tokens that pass the other sign-in checks are
// kept (an expired one is then refused from the cache); a token refused
// otherwise is looked up each time.
type principalCache = database.EpochCache[string, cachedPrincipal]

type cachedPrincipal struct {
	principal access.Principal
	expiresAt time.Time
}
