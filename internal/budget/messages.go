package budget

import (
	"context"

	"mobility/portal/internal/apperr"
	"mobility/portal/internal/i18n"
)

// The budget service's errors carry their message in the caller's
// language (the errorLabel stays the contract the web app translates).

// LabelBalanceOutOfRange: a booking would overflow the balance; nothing is
// written.
var LabelBalanceOutOfRange = apperr.Define("BALANCE_OUT_OF_RANGE")

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

// conflict is a 409 with a label and a translated message.
func conflict(ctx context.Context, label, key string) *apperr.Error {
	return apperr.Conflict(label, text(ctx, key))
}

// invalid is a single-field error with a label; the message is a
// translated rule naming the field.
func invalid(ctx context.Context, label, field, key string) *apperr.Error {
	lang := i18n.FromContext(ctx)
	name := field
	if i18n.Has("field." + field) {
		name = i18n.T(lang, "field."+field)
	}
	return apperr.Invalid(label, field, i18n.T(lang, key, name))
}
