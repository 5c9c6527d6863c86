package auth

import (
	"sync"
	"time"

	"mobility/portal/internal/access"
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
type principalCache struct {
	mu      sync.Mutex
	epoch   int64
	byToken map[string]cachedPrincipal
}

type cachedPrincipal struct {
	principal access.Principal
	expiresAt time.Time
}

// principalCacheSize bounds the memory: past it the cache starts over
// (tokens in use come back with one lookup each).
const principalCacheSize = 20000

// get answers the principal of a token hash cached at epoch.
func (c *principalCache) get(hash string, epoch int64) (cachedPrincipal, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.epoch != epoch {
		return cachedPrincipal{}, false
	}
	e, ok := c.byToken[hash]
	return e, ok
}

// put keeps a principal read after the epoch was read as epoch. An older
// epoch than the cache's is dropped; a newer one empties the cache first.
func (c *principalCache) put(hash string, epoch int64, e cachedPrincipal) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if epoch < c.epoch {
		return
	}
	if epoch > c.epoch || c.byToken == nil || len(c.byToken) >= principalCacheSize {
		c.epoch, c.byToken = epoch, map[string]cachedPrincipal{}
	}
	c.byToken[hash] = e
}
