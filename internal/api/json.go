package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"strconv"

	"github.com/go-chi/chi/v5"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
)

// Handler is a typed call: it gets the decoded request and returns the
// response or an error.
type Handler[Req, Resp any] func(ctx context.Context, req *Req) (Resp, error)

// Call builds a JSON route from a typed handler.
func Call[Req, Resp any](method, path string, policy access.Policy, tag, summary string, h Handler[Req, Resp]) Route {
	var req Req
	var resp Resp
	status := http.StatusOK
	var respType any = resp
	if _, ok := any(resp).(NoContent); ok {
		status = http.StatusNoContent
		respType = nil
	}
	var reqType any = req
	if _, ok := any(req).(Empty); ok {
		reqType = nil
	}
	return Route{
		Method: method, Path: path, Policy: policy, Tag: tag, Summary: summary,
		Request: reqType, Response: respType, Status: status,
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			var in Req
			if err := Decode(r, &in); err != nil {
				WriteError(w, r, err)
				return
			}
			out, err := h(r.Context(), &in)
			if err != nil {
				WriteError(w, r, err)
				return
			}
			if status == http.StatusNoContent {
				w.WriteHeader(status)
				return
			}
			WriteJSON(w, status, out)
		}),
	}
}

// Post is Call with POST, the method of most calls (DESIGN.md).
func Post[Req, Resp any](path string, policy access.Policy, tag, summary string, h Handler[Req, Resp]) Route {
	return Call(http.MethodPost, path, policy, tag, summary, h)
}

// Get is Call with GET; the request comes from path and query parameters.
func Get[Req, Resp any](path string, policy access.Policy, tag, summary string, h Handler[Req, Resp]) Route {
	return Call(http.MethodGet, path, policy, tag, summary, h)
}

// Decode reads a JSON body (an empty body is {}) and fills fields tagged
// `path:"name"` or `query:"name"` from the URL.
func Decode(r *http.Request, dst any) error {
	if r.Body != nil && r.Method != http.MethodGet {
		dec := json.NewDecoder(r.Body)
		if err := dec.Decode(dst); err != nil && !errors.Is(err, io.EOF) {
			return decodeError(err)
		}
	}
	return fillParams(r, dst)
}

func decodeError(err error) error {
	var typeErr *json.UnmarshalTypeError
	var maxErr *http.MaxBytesError
	switch {
	case errors.As(err, &maxErr):
		return apperr.New(apperr.KindInvalid, apperr.LabelBodyTooLarge, "request body too large")
	case errors.As(err, &typeErr):
		msg := fmt.Sprintf("%s must be of type %s", typeErr.Field, typeErr.Type.String())
		return &apperr.Error{Kind: apperr.KindInvalid, Label: apperr.LabelValidationFailed, Message: msg,
			Fields: []apperr.FieldError{{Field: typeErr.Field, Messages: []string{msg}}}}
	default:
		return apperr.New(apperr.KindInvalid, apperr.LabelBadRequest, "request body is not valid JSON")
	}
}

func fillParams(r *http.Request, dst any) error {
	v := reflect.ValueOf(dst).Elem()
	if v.Kind() != reflect.Struct {
		return nil
	}
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		var raw string
		var present bool
		if name := f.Tag.Get("path"); name != "" {
			raw = chi.URLParam(r, name)
			present = raw != ""
		} else if name := f.Tag.Get("query"); name != "" {
			present = r.URL.Query().Has(name)
			raw = r.URL.Query().Get(name)
		} else {
			continue
		}
		if !present {
			continue
		}
		fv := v.Field(i)
		switch fv.Kind() {
		case reflect.String:
			fv.SetString(raw)
		case reflect.Int, reflect.Int64, reflect.Int32:
			n, err := strconv.ParseInt(raw, 10, 64)
			if err != nil {
				return apperr.Invalid(apperr.LabelValidationFailed, f.Name, f.Name+" must be a number")
			}
			fv.SetInt(n)
		case reflect.Bool:
			b, err := strconv.ParseBool(raw)
			if err != nil {
				return apperr.Invalid(apperr.LabelValidationFailed, f.Name, f.Name+" must be true or false")
			}
			fv.SetBool(b)
		}
	}
	return nil
}

// WriteJSON encodes v with status.
func WriteJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
