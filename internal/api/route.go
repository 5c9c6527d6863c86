// Package api is the HTTP plumbing every domain shares: the Route type that
// both the router and the OpenAPI document are built from, typed JSON
// handlers, the error body of DESIGN.md, and pagination.
package api

import (
	"net/http"

	"mobility/portal/internal/access"
)

// Route is one call of the API. The server mounts it and the OpenAPI
// generator describes it, so the Go types are the one source of truth.
type Route struct {
	Method  string
	Path    string // full path, e.g. /portal-service/v1/user/get; {name} for path params
	Policy  access.Policy
	Summary string
	Tag     string
	// Request and Response are zero values of the payload types (nil: none).
	Request  any
	Response any
	// ResponseContentType is set for binary answers (images, files).
	ResponseContentType string
	// Status is the success status (200 unless 204 for no content).
	Status  int
	Handler http.Handler
	// Idempotent money calls honour an Idempotency-Key header (DESIGN.md):
	// the server wraps them in internal/idempotency and the OpenAPI document
	// shows the header. Set it with WithIdempotencyKey where the route is
	// declared.
	Idempotent bool
	// NullableResponse calls answer null when there is nothing (a nil
	// pointer from the handler), and the OpenAPI document says so. Set it
	// with OrNull where the route is declared.
	NullableResponse bool
}

// IdempotencyKeyHeader is the header a client sends to make a money call
// safe to repeat.
const IdempotencyKeyHeader = "Idempotency-Key"

// WithIdempotencyKey marks a money call as honouring the Idempotency-Key
// header.
func (r Route) WithIdempotencyKey() Route {
	r.Idempotent = true
	return r
}

// OrNull marks a call whose answer may be null ("the last request, or
// null"); its handler returns a nil pointer then.
func (r Route) OrNull() Route {
	r.NullableResponse = true
	return r
}

// NoContent is the response type of calls that answer 204.
type NoContent struct{}

// Empty is the request type of calls that take no body.
type Empty struct{}
