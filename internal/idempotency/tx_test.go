package idempotency_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/api"
	"mobility/portal/internal/testkit"
)

// The answer is stored in the transaction of the call's own writes: when
// the call fails or panics after writing, both its writes and the key are
// rolled back, so a crash can never leave a booking without its stored
// answer (booked twice on retry) or an answer without its booking.
func TestAnswerCommitsWithTheBooking(t *testing.T) {
	testkit.ForEachEnv(t, func(t *testing.T, e *testkit.Env) {
		var userID int64
		if err := e.DB.Get(context.Background(), &userID, `SELECT id FROM users WHERE login = 'acme.admin'`); err != nil {
			t.Fatal(err)
		}
		runs := 0
		outcome := "fail"
		book := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			runs++
			if _, err := e.DB.Exec(r.Context(), `INSERT INTO partners (osp_id, name, partner_type, created_at) VALUES (?, 'Booked', 'MSP', ?)`,
				"p-"+outcome, time.Now().UTC()); err != nil {
				t.Error(err)
			}
			switch outcome {
			case "fail":
				api.WriteJSON(w, http.StatusInternalServerError, api.ErrorBody{ErrorLabel: "INTERNAL_ERROR"})
			case "panic":
				panic("crash after booking")
			default:
				api.WriteJSON(w, http.StatusOK, map[string]string{"booked": outcome})
			}
		})
		h := e.App.Idempotency.Wrap(book)
		call := func() *httptest.ResponseRecorder {
			r := httptest.NewRequest(http.MethodPost, "/book", strings.NewReader(`{}`))
			r.Header.Set(api.IdempotencyKeyHeader, "k1")
			r = r.WithContext(access.WithPrincipal(r.Context(), &access.Principal{UserID: userID}))
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			return w
		}
		booked := func() int { return count(t, e, `SELECT COUNT(*) FROM partners WHERE name = 'Booked'`) }

		if w := call(); w.Code != 500 || booked() != 0 || keyRows(t, e) != 0 {
			t.Fatalf("failed call: %d, %d booked, %d keys", w.Code, booked(), keyRows(t, e))
		}
		outcome = "panic"
		func() {
			defer func() {
				if recover() == nil {
					t.Fatal("the panic was swallowed")
				}
			}()
			call()
		}()
		if booked() != 0 || keyRows(t, e) != 0 {
			t.Fatalf("after a crash: %d booked, %d keys", booked(), keyRows(t, e))
		}
		// the failed call wrote and failed, which broke its group-commit
		// batch: it ran there and again alone (database/group.go)
		if runs != 3 {
			t.Fatalf("a failed call and a crash: %d runs, want 2 + 1", runs)
		}
		outcome = "ok"
		first := call()
		again := call()
		if first.Code != 200 || again.Code != 200 || first.Body.String() != again.Body.String() || runs != 4 {
			t.Fatalf("ok: %d %s / %d %s, %d runs (the replay must not run)", first.Code, first.Body, again.Code, again.Body, runs)
		}
		if booked() != 1 || keyRows(t, e) != 1 {
			t.Fatalf("after success: %d booked, %d keys", booked(), keyRows(t, e))
		}
	})
}
