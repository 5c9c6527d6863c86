// Package apperr holds the typed errors every layer returns. Each carries a
// generic Kind (which decides the HTTP status) and a stable errorLabel that
// the web app translates, so the label is the contract and the English
// message only a fallback.
package apperr

import (
	"errors"
	"fmt"
)

// Kind is the generic category of an error; the HTTP layer maps it to a status.
type Kind int

const (
	KindInternal Kind = iota
	KindInvalid
	KindNotFound
	KindConflict
	KindForbidden
	KindUnauthorized
	KindTooManyRequests
)

// Stable error labels shared with the web app's translations (see Define).
var (
	LabelValidationFailed  = Define("VALIDATION_FAILED")
	LabelNotFound          = Define("NOT_FOUND")
	LabelForbidden         = Define("FORBIDDEN")
	LabelUnauthorized      = Define("UNAUTHORIZED")
	LabelTokenExpired      = Define("TOKEN_EXPIRED")
	LabelInternal          = Define("INTERNAL_ERROR")
	LabelBadRequest        = Define("BAD_REQUEST")
	LabelBodyTooLarge      = Define("BODY_TOO_LARGE")
	LabelTooManyAttempts   = Define("TOO_MANY_ATTEMPTS")
	LabelWrongCredentials  = Define("WRONG_CREDENTIALS")
	LabelWrong2FACode      = Define("INCORRECT_TWO_FACTOR_AUTHENTICATION_CODE")
	LabelUserBlocked       = Define("USER_BLOCKED")
	LabelNoPortalAccess    = Define("NO_PORTAL_ACCESS")
	LabelRefreshInvalid    = Define("REFRESH_TOKEN_INVALID")
	LabelResetTokenInvalid = Define("RESET_TOKEN_INVALID")
	LabelWrongPassword     = Define("WRONG_PASSWORD")
	LabelUnsupportedLang   = Define("UNSUPPORTED_LANGUAGE")
	LabelMethodNotAllowed  = Define("METHOD_NOT_ALLOWED")
)

// FieldError names one input field and what is wrong with it.
type FieldError struct {
	Field    string   `json:"field"`
	Messages []string `json:"messages"`
}

// Error is the one error type of the application.
type Error struct {
	Kind    Kind
	Label   string
	Message string
	Fields  []FieldError
	cause   error
}

func (e *Error) Error() string {
	if e.cause != nil {
		return fmt.Sprintf("%s: %s: %v", e.Label, e.Message, e.cause)
	}
	return e.Label + ": " + e.Message
}

func (e *Error) Unwrap() error { return e.cause }

// New builds an error of the given kind and label.
func New(kind Kind, label, message string) *Error {
	return &Error{Kind: kind, Label: label, Message: message}
}

// NotFound is what unknown ids and other tenants' ids answer.
func NotFound(what string) *Error {
	return New(KindNotFound, LabelNotFound, what+" not found")
}

func Forbidden(message string) *Error {
	return New(KindForbidden, LabelForbidden, message)
}

func Unauthorized(label, message string) *Error {
	return New(KindUnauthorized, label, message)
}

func Conflict(label, message string) *Error {
	return New(KindConflict, label, message)
}

// Internal wraps an unexpected error; its cause is logged, never shown.
func Internal(cause error) *Error {
	return &Error{Kind: KindInternal, Label: LabelInternal, Message: "internal error", cause: cause}
}

// As returns the *Error inside err, or nil.
func As(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return nil
}

// IsNotFound tells whether err is a not-found error.
func IsNotFound(err error) bool {
	e := As(err)
	return e != nil && e.Kind == KindNotFound
}

// WithLabel returns a copy of e with another label.
func (e *Error) WithLabel(label string) *Error {
	c := *e
	c.Label = label
	return &c
}

// Wrap passes an *Error through and turns anything else into Internal, for
// the end of a transaction whose body returns both kinds. nil stays nil.
func Wrap(err error) error {
	if err == nil || As(err) != nil {
		return err
	}
	return Internal(err)
}
