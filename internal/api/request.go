package api

import (
	"context"
	"net"
	"net/http"
	"strings"
)

// RequestInfo is what typed handlers may need of the HTTP request itself.
type RequestInfo struct {
	ClientAddr  string // the peer's IP address (no port)
	BearerToken string
}

type infoKey struct{}

// WithRequestInfo stores the request's info in its context.
func WithRequestInfo(r *http.Request) *http.Request {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	info := RequestInfo{ClientAddr: host, BearerToken: BearerToken(r)}
	return r.WithContext(context.WithValue(r.Context(), infoKey{}, info))
}

// Info returns the request's info (zero outside a request).
func Info(ctx context.Context) RequestInfo {
	i, _ := ctx.Value(infoKey{}).(RequestInfo)
	return i
}

// BearerToken reads "Authorization: Bearer <token>".
func BearerToken(r *http.Request) string {
	h := r.Header.Get("Authorization")
	if len(h) > 7 && strings.EqualFold(h[:7], "bearer ") {
		return strings.TrimSpace(h[7:])
	}
	return ""
}
