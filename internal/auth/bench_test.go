package auth_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"mobility/portal/internal/auth"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/config"
	"mobility/portal/internal/database"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/server"
	"mobility/portal/internal/testkit"
)

// BenchmarkLoginRoundTrip measures one sign-in through the whole handler
// with the production argon2id cost (the aim: under 100 ms).
func BenchmarkLoginRoundTrip(b *testing.B) {
	db := testkit.NewDB(b, database.SQLite)
	cfg := config.Defaults()
	app, err := server.New(cfg, db, clock.System{})
	if err != nil {
		b.Fatal(err)
	}
	app.Auth.PerLoginLimit, app.Auth.PerAddressLimit = 1<<30, 1<<30
	if err := seed.Demo(context.Background(), seed.Deps{DB: db, Users: app.Users, Auth: app.Auth, Now: app.Clock.Now()}); err != nil {
		b.Fatal(err)
	}
	h, err := app.Handler(nil)
	if err != nil {
		b.Fatal(err)
	}
	body := `{"username":"acme.admin","passdigest":"` + auth.Digest(seed.DemoPassword) + `"}`
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest(http.MethodPost, testkit.LoginPath, strings.NewReader(body)))
		if w.Code != 200 {
			b.Fatalf("login: %d %s", w.Code, w.Body)
		}
	}
}

// BenchmarkArgon2id is the password check alone at the production cost.
func BenchmarkArgon2id(b *testing.B) {
	cfg := config.Defaults()
	h := auth.Hasher{MemoryKiB: cfg.Argon2MemoryKiB, Time: cfg.Argon2Time, Threads: cfg.Argon2Threads}
	hash, _ := h.Hash(auth.Digest("x"))
	for i := 0; i < b.N; i++ {
		if ok, _ := h.Verify(hash, auth.Digest("x")); !ok {
			b.Fatal("verify")
		}
	}
}
