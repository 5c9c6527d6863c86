package api

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"reflect"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/validate"
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

// Decode reads a JSON body (an empty body is {}; anything after the one
// JSON value is refused), fills fields tagged `path:"name"` or
// `query:"name"` from the URL, and then holds the whole request to the
// input limits of validate.Input (NUL, lengths, list sizes, ranges), so no
// handler sees unbounded input. Every failure is a 400 in the caller's
// language naming the field.
func Decode(r *http.Request, dst any) error {
	ctx := r.Context()
	if r.Body != nil && r.Method != http.MethodGet {
		dec := json.NewDecoder(r.Body)
		err := dec.Decode(dst)
		if err != nil && !errors.Is(err, io.EOF) {
			return decodeError(ctx, err, reflect.TypeOf(dst))
		}
		if err == nil {
			// One JSON value per body: `{"a":1} garbage` or two objects
			// are not a request we understand.
			var extra json.RawMessage
			if err := dec.Decode(&extra); !errors.Is(err, io.EOF) {
				if tooLarge(err) {
					return bodyTooLarge()
				}
				return apperr.New(apperr.KindInvalid, apperr.LabelBadRequest, "data after the JSON body")
			}
		}
	}
	if err := fillParams(r, dst); err != nil {
		return err
	}
	return validate.Input(ctx, dst)
}

func tooLarge(err error) bool {
	var maxErr *http.MaxBytesError
	return errors.As(err, &maxErr)
}

// The messages of errors without field messages are only a fallback:
// WriteError answers their label's text in the caller's language.
func bodyTooLarge() error {
	return apperr.New(apperr.KindInvalid, apperr.LabelBodyTooLarge, "request body too large")
}

func decodeError(ctx context.Context, err error, dst reflect.Type) error {
	var typeErr *json.UnmarshalTypeError
	switch {
	case tooLarge(err):
		return bodyTooLarge()
	case errors.As(err, &typeErr) && typeErr.Field != "":
		v := validate.New(ctx)
		v.Fail(jsonPath(dst, typeErr.Field), typeRule(typeErr.Type, typeErr.Value))
		return v.Err()
	default:
		return apperr.New(apperr.KindInvalid, apperr.LabelBadRequest, "request body is not valid JSON")
	}
}

// jsonPath is a decode error's field path in the request's own JSON
// names: encoding/json spells the Go names of embedded structs in it
// ("ResourceWrite.fees.amount"), which the client never sent.
func jsonPath(t reflect.Type, path string) string {
	var out []string
	for _, seg := range strings.Split(path, ".") {
		for t != nil && (t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array || t.Kind() == reflect.Map) {
			t = t.Elem()
		}
		if t != nil && t.Kind() == reflect.Struct {
			if f, ok := t.FieldByName(seg); ok && f.Anonymous && jsonName(f) == "" {
				t = f.Type
				continue
			}
			t = fieldByJSON(t, seg)
		} else {
			t = nil
		}
		out = append(out, seg)
	}
	return strings.Join(out, ".")
}

func jsonName(f reflect.StructField) string {
	name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	return name
}

// fieldByJSON is the type of the field of struct t (promoted ones too)
// whose JSON name is name, or nil.
func fieldByJSON(t reflect.Type, name string) reflect.Type {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		switch n := jsonName(f); {
		case n == name || (n == "" && f.Name == name):
			return f.Type
		case n == "" && f.Anonymous && f.Type.Kind() == reflect.Struct:
			if ft := fieldByJSON(f.Type, name); ft != nil {
				return ft
			}
		}
	}
	return nil
}

// typeRule names what a field must be in words a user knows ("a whole
// number"), never the Go type ("int64").
func typeRule(t reflect.Type, jsonValue string) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if strings.HasPrefix(jsonValue, "number") && !strings.ContainsAny(jsonValue, ".eE") {
			return "rule.type.range" // a whole number, but too large for the field
		}
		return "rule.type.integer"
	case reflect.Float32, reflect.Float64:
		return "rule.type.number"
	case reflect.String:
		return "rule.type.text"
	case reflect.Bool:
		return "rule.type.boolean"
	case reflect.Slice, reflect.Array:
		return "rule.type.list"
	default:
		return "rule.type.object"
	}
}

func fillParams(r *http.Request, dst any) error {
	v := reflect.ValueOf(dst).Elem()
	if v.Kind() != reflect.Struct {
		return nil
	}
	check := validate.New(r.Context())
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		var raw, name string
		var present bool
		if name = f.Tag.Get("path"); name != "" {
			raw = chi.URLParam(r, name)
			present = raw != ""
		} else if name = f.Tag.Get("query"); name != "" {
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
			n, err := strconv.ParseInt(raw, 10, fv.Type().Bits())
			if err != nil {
				if errors.Is(err, strconv.ErrRange) {
					check.Fail(name, "rule.type.range")
				} else {
					check.Fail(name, "rule.type.integer")
				}
				continue
			}
			fv.SetInt(n)
		case reflect.Bool:
			b, err := strconv.ParseBool(raw)
			if err != nil {
				check.Fail(name, "rule.type.boolean")
				continue
			}
			fv.SetBool(b)
		}
	}
	return check.Err()
}

// WriteJSON encodes v with status.
func WriteJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
