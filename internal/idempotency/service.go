// Package idempotency makes the money calls safe to repeat (DESIGN.md): a
// call that carries an Idempotency-Key header is answered once, and a
// repeat of it by the same user within 24 hours gets that first answer and
// books nothing again.
//
// Exactly-once has to survive a crash, so the key is claimed, the call is
// run and its answer is stored in ONE database transaction, the one the
// call's own booking joins (database.WithTx reuses an outer transaction):
// either the booking and its stored answer commit together, or neither does
// and the key may be retried. Only successful (2xx) answers are kept; a
// refused call rolls back and leaves the key free. The transaction is a
// group-committed one (database.WithGroupTx): concurrent money calls share
// a commit, each in a savepoint of its own.
package idempotency

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"net/http"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/api"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/database"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/validate"
)

// Error labels of this package.
// LabelKeyReused: the key was used before, within the window, for
// another request (method, path or body differ).
var LabelKeyReused = apperr.Define("IDEMPOTENCY_KEY_REUSED")

const (
	// Window is how long a first answer is kept and replayed.
	Window = 24 * time.Hour
	// MaxKeyLength is the longest key accepted, in characters.
	MaxKeyLength = 255
	// ReplayedHeader marks an answer that was replayed from the store.
	ReplayedHeader = "Idempotent-Replayed"
)

// Service claims keys, runs the call and stores its answer.
type Service struct {
	db    *database.DB
	store *store
	clock clock.Clock
}

// NewService builds the service on db.
func NewService(db *database.DB, c clock.Clock) *Service {
	return &Service{db: db, store: &store{db: db}, clock: c}
}

// errReplay and errNotKept end the transaction without committing: a
// repeat books nothing, and a refused first call leaves the key free.
var (
	errReplay  = errors.New("idempotency: replay")
	errNotKept = errors.New("idempotency: answer not kept")
)

// Wrap makes next honour the Idempotency-Key header. It runs after the
// sign-in guard, since keys are scoped per signed-in user; a call without
// the header runs as before.
func (s *Service) Wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		values := r.Header.Values(api.IdempotencyKeyHeader)
		p := access.FromContext(r.Context())
		if len(values) == 0 || p == nil {
			next.ServeHTTP(w, r)
			return
		}
		if len(values) > 1 || !ValidKey(values[0]) {
			v := validate.New(r.Context())
			v.FailText(api.IdempotencyKeyHeader, "idempotency.keyInvalid")
			api.WriteError(w, r, v.Err())
			return
		}
		key := values[0]
		body, err := io.ReadAll(r.Body)
		if err != nil {
			api.WriteError(w, r, readError(err))
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		hash := requestHash(r, body)

		now := database.Now(s.clock.Now())
		var (
			rec   *recorder
			first *answer
		)
		err = s.db.WithGroupTx(r.Context(), func(ctx context.Context) error {
			claimed, err := s.store.claim(ctx, p.UserID, key, hash, now, now.Add(-Window))
			if err != nil {
				return err
			}
			if !claimed {
				if first, err = s.store.find(ctx, p.UserID, key); err != nil {
					return err
				}
				return errReplay
			}
			// a fresh answer and body each run: a group-committed call that
			// met a lock held elsewhere runs again alone (database.WithGroupTx)
			rec = newRecorder()
			run := r.WithContext(ctx)
			run.Body = io.NopCloser(bytes.NewReader(body))
			next.ServeHTTP(rec, run)
			if rec.status < 200 || rec.status > 299 {
				return errNotKept
			}
			return s.store.save(ctx, p.UserID, key, answer{Status: rec.status, ContentType: rec.header.Get("Content-Type"), Body: rec.body.Bytes()})
		})
		switch {
		case errors.Is(err, errReplay):
			if first.RequestHash != hash {
				api.WriteError(w, r, apperr.Conflict(LabelKeyReused, message(r.Context(), "error.IDEMPOTENCY_KEY_REUSED")))
				return
			}
			replay(w, first)
		case errors.Is(err, errNotKept), err == nil:
			rec.writeTo(w)
		default:
			// The claim or the commit failed: nothing was booked, so the
			// call's own answer must not be sent.
			api.WriteError(w, r, apperr.Wrap(err))
		}
	})
}

// ValidKey tells whether key is 1 to 255 printable ASCII characters.
func ValidKey(key string) bool {
	if len(key) == 0 || len(key) > MaxKeyLength {
		return false
	}
	for i := 0; i < len(key); i++ {
		if key[i] < 0x20 || key[i] > 0x7e {
			return false
		}
	}
	return true
}

// Cleanup removes the keys older than the window (the daily clean-up job).
func (s *Service) Cleanup(ctx context.Context) (int64, error) {
	return s.store.deleteExpired(ctx, database.Now(s.clock.Now()).Add(-Window))
}

// requestHash identifies a request: method, path (with query) and body
// bytes. The same key with another hash is a different request.
func requestHash(r *http.Request, body []byte) string {
	h := sha256.New()
	h.Write([]byte(r.Method))
	h.Write([]byte{0})
	h.Write([]byte(r.URL.Path))
	h.Write([]byte{'?'})
	h.Write([]byte(r.URL.RawQuery))
	h.Write([]byte{0})
	h.Write(body)
	return hex.EncodeToString(h.Sum(nil))
}

// readError answers a body that could not be read like the JSON decoder does.
func readError(err error) error {
	var maxErr *http.MaxBytesError
	if errors.As(err, &maxErr) {
		return apperr.New(apperr.KindInvalid, apperr.LabelBodyTooLarge, "request body too large")
	}
	return apperr.New(apperr.KindInvalid, apperr.LabelBadRequest, "request body could not be read")
}

// replay writes a stored first answer.
func replay(w http.ResponseWriter, a *answer) {
	if a.ContentType != "" {
		w.Header().Set("Content-Type", a.ContentType)
	}
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set(ReplayedHeader, "true")
	w.WriteHeader(a.Status)
	_, _ = w.Write(a.Body)
}

// recorder keeps the call's answer until the transaction has committed.
type recorder struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func newRecorder() *recorder { return &recorder{header: http.Header{}} }

func (rec *recorder) Header() http.Header { return rec.header }

func (rec *recorder) WriteHeader(status int) {
	if rec.status == 0 {
		rec.status = status
	}
}

func (rec *recorder) Write(b []byte) (int, error) {
	if rec.status == 0 {
		rec.status = http.StatusOK
	}
	return rec.body.Write(b)
}

func (rec *recorder) writeTo(w http.ResponseWriter) {
	for k, v := range rec.header {
		w.Header()[k] = v
	}
	if rec.status == 0 {
		rec.status = http.StatusOK
	}
	w.WriteHeader(rec.status)
	_, _ = w.Write(rec.body.Bytes())
}

// message is a text of the catalog in the caller's language.
func message(ctx context.Context, key string) string {
	return i18n.T(i18n.FromContext(ctx), key)
}
