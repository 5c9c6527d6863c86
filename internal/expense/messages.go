package expense

import (
	"context"

	"mobility/portal/internal/apperr"
	"mobility/portal/internal/i18n"
)

// The expense service's errors carry their message in the caller's
// language (the errorLabel stays the contract the web app translates).

// text translates a catalog key into the caller's language.
func text(ctx context.Context, key string, args ...any) string {
	return i18n.T(i18n.FromContext(ctx), key, args...)
}

// notFound is apperr.NotFound with a translated message; what is the
// catalog suffix (money.notFound.<what>).
func notFound(ctx context.Context, what string) *apperr.Error {
	e := apperr.NotFound(what)
	e.Message = text(ctx, "money.notFound."+what)
	return e
}
