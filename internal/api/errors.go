package api

import (
	"log/slog"
	"net/http"

	"mobility/portal/internal/apperr"
)

// ErrorBody is the JSON of every 4xx/5xx answer (DESIGN.md).
type ErrorBody struct {
	ErrorLabel string              `json:"errorLabel"`
	Message    string              `json:"message"`
	Errors     []apperr.FieldError `json:"errors,omitempty"`
}

// StatusOf maps an error kind to its HTTP status.
func StatusOf(k apperr.Kind) int {
	switch k {
	case apperr.KindInvalid:
		return http.StatusBadRequest
	case apperr.KindNotFound:
		return http.StatusNotFound
	case apperr.KindConflict:
		return http.StatusConflict
	case apperr.KindForbidden:
		return http.StatusForbidden
	case apperr.KindUnauthorized:
		return http.StatusUnauthorized
	case apperr.KindTooManyRequests:
		return http.StatusTooManyRequests
	default:
		return http.StatusInternalServerError
	}
}

// WriteError answers err as the error body; unexpected errors are logged
// with their cause and answered as a bare INTERNAL_ERROR.
func WriteError(w http.ResponseWriter, r *http.Request, err error) {
	e := apperr.As(err)
	if e == nil {
		e = apperr.Internal(err)
	}
	status := StatusOf(e.Kind)
	if status >= 500 {
		slog.ErrorContext(r.Context(), "request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	}
	WriteJSON(w, status, ErrorBody{ErrorLabel: e.Label, Message: e.Message, Errors: e.Fields})
}
