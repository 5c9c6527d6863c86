package api

import (
	"log/slog"
	"net/http"

	"github.com/swaggest/jsonschema-go"

	"mobility/portal/internal/apperr"
	"mobility/portal/internal/i18n"
)

// ErrorBody is the JSON of every 4xx/5xx answer (DESIGN.md).
type ErrorBody struct {
	ErrorLabel string              `json:"errorLabel"`
	Message    string              `json:"message"`
	Errors     []apperr.FieldError `json:"errors,omitempty"`
}

// PrepareJSONSchema publishes every label defined with apperr.Define as the
// enum of errorLabel, so /openapi.json (and the web app's types and
// translation test generated from it) carry the one list of labels.
func (ErrorBody) PrepareJSONSchema(s *jsonschema.Schema) error {
	prop, ok := s.Properties["errorLabel"]
	if !ok || prop.TypeObject == nil {
		return nil
	}
	labels := apperr.Labels()
	enum := make([]any, len(labels))
	for i, l := range labels {
		enum[i] = l
	}
	prop.TypeObject.Enum = enum
	s.Properties["errorLabel"] = prop
	return nil
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
	WriteJSON(w, status, ErrorBody{ErrorLabel: e.Label, Message: message(r, e), Errors: e.Fields})
}

// message is the text shown with an error, in the caller's language. Field
// messages are written translated by validate; an error without them gets
// its label's server text (error.<LABEL>), so a service's English fallback
// message never reaches a Dutch or French admin.
func message(r *http.Request, e *apperr.Error) string {
	if len(e.Fields) > 0 {
		return e.Message
	}
	key := "error." + e.Label
	if !i18n.Has(key) {
		return e.Message
	}
	return i18n.T(i18n.FromContext(r.Context()), key)
}
