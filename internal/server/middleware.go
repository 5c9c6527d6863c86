package server

import (
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/go-chi/chi/v5/middleware"

	"mobility/portal/internal/api"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/i18n"
)

// hstsValue tells browsers to use https only, for a year, subdomains too.
const hstsValue = "max-age=31536000; includeSubDomains"

// securityHeaders sets the headers every answer carries. The CSP allows no
// inline script; inline styles are allowed because the component library
// injects them. With an https public URL every answer also carries HSTS.
// Every answer under the API bases is no-store (JSON, XLSX downloads,
// import templates alike: they hold personal data and money, and must not
// stay in a shared browser's or proxy's cache); a handler may still choose
// otherwise for a harmless file. The web app's hashed assets keep their
// long cache (spa.go).
func securityHeaders(hsts bool, next http.Handler) http.Handler {
	csp := strings.Join([]string{
		"default-src 'self'",
		"script-src 'self'",
		"style-src 'self' 'unsafe-inline'",
		"img-src 'self' data: blob:",
		"font-src 'self' data:",
		"connect-src 'self'",
		"object-src 'none'",
		"base-uri 'self'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	}, "; ")
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", csp)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
		if hsts {
			h.Set("Strict-Transport-Security", hstsValue)
		}
		if isAPIPath(r.URL.Path) {
			h.Set("Cache-Control", "no-store")
		}
		next.ServeHTTP(w, r)
	})
}

// isAPIPath tells whether path is under one of the API bases.
func isAPIPath(path string) bool {
	for _, p := range apiPrefixes {
		if strings.HasPrefix(path, p) {
			return true
		}
	}
	return false
}

// limitBody caps request bodies; larger JSON answers BODY_TOO_LARGE.
func limitBody(max int64) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Body != nil {
				r.Body = http.MaxBytesReader(w, r.Body, max)
			}
			next.ServeHTTP(w, r)
		})
	}
}

// requestContext adds the client address, bearer token and the language
// (lang cookie, else Accept-Language, else nl; a signed-in user's own
// language replaces it once authenticated).
func requestContext(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r = api.WithRequestInfo(r)
		lang := i18n.Default
		if c, err := r.Cookie("lang"); err == nil && i18n.IsSupported(c.Value) {
			lang = i18n.Lang(c.Value)
		} else if l := i18n.FromAcceptLanguage(r.Header.Get("Accept-Language")); l != "" {
			lang = l
		}
		next.ServeHTTP(w, r.WithContext(i18n.WithLang(r.Context(), lang)))
	})
}

// requestLog writes one structured line per API request. It logs the path
// only, never the query string, headers or body, so no token or passdigest
// reaches the log.
func requestLog(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
		next.ServeHTTP(ww, r)
		if !strings.HasPrefix(r.URL.Path, "/assets/") {
			slog.LogAttrs(r.Context(), slog.LevelInfo, "request",
				slog.String("method", r.Method), slog.String("path", r.URL.Path),
				slog.Int("status", ww.Status()), slog.Int("bytes", ww.BytesWritten()),
				slog.Duration("duration", time.Since(start)), slog.String("client", api.Info(r.Context()).ClientAddr))
		}
	})
}

// recoverer answers a panic as INTERNAL_ERROR and logs it.
func recoverer(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					panic(p)
				}
				slog.ErrorContext(r.Context(), "panic", "path", r.URL.Path, "panic", p)
				api.WriteJSON(w, http.StatusInternalServerError, api.ErrorBody{ErrorLabel: apperr.LabelInternal, Message: "internal error"})
			}
		}()
		next.ServeHTTP(w, r)
	})
}
