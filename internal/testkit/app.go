package testkit

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"mobility/portal/internal/auth"
	"mobility/portal/internal/budget"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/config"
	"mobility/portal/internal/database"
	"mobility/portal/internal/mail"
	"mobility/portal/internal/seed"
	"mobility/portal/internal/server"
)

// Start is the fixed clock's first instant in tests: a Saturday morning in
// Brussels.
var Start = time.Date(2026, 11, 21, 10, 0, 0, 0, clock.Brussels)

// Env is a whole portal over a real database with the demo data, served
// in-process, with a clock the test controls.
type Env struct {
	T       testing.TB
	App     *server.App
	DB      *database.DB
	Clock   *clock.Fixed
	Handler http.Handler
	// changes counts the writes per table once Snapshot has run
	// (changes.go).
	changes *changeTracker
	// dsn reaches the database again, for SecondProcess ("" on an Env
	// built on a handle).
	dsn string
	dur durability
}

// ForEachEnv runs fn once per dialect with a fresh Env.
func ForEachEnv(t *testing.T, fn func(t *testing.T, e *Env)) {
	t.Helper()
	for _, d := range Dialects() {
		t.Run(string(d), func(t *testing.T) {
			fn(t, NewEnv(t, d))
		})
	}
}

// TestConfig is the default configuration with a cheap password hash, so
// tests spend their time on behaviour rather than on argon2.
func TestConfig() *config.Config {
	cfg := config.Defaults()
	cfg.Argon2MemoryKiB = 8 * 1024
	cfg.Argon2Time = 1
	cfg.PublicURL = "http://portal.test"
	return cfg
}

// NewEnv builds an Env on dialect d, on a copy of the process's seeded
// template database (template.go), whose commits do not wait for the disk.
func NewEnv(t testing.TB, d database.Dialect) *Env {
	t.Helper()
	db, dsn := copyWithDSN(t, d, seeded, notDurable)
	e := envOn(t, db, false)
	e.dsn, e.dur = dsn, notDurable
	return e
}

// NewDurableEnv is NewEnv on a database that commits as the product's do
// (SQLite synchronous=FULL, PostgreSQL synchronous_commit on), where
// NewEnv's do not wait for the disk: for benchmarks of durable postings.
func NewDurableEnv(t testing.TB, d database.Dialect) *Env {
	t.Helper()
	db, dsn := copyWithDSN(t, d, seeded, durable)
	e := envOn(t, db, false)
	e.dsn, e.dur = dsn, durable
	return e
}

// SecondProcess is another portal on e's database, as a second process
// would be: its own connection pool, group commit, caches and App, on the
// same data (and e's clock).
func (e *Env) SecondProcess() *Env {
	e.T.Helper()
	if e.dsn == "" {
		e.T.Fatal("SecondProcess needs an Env of NewEnv or NewDurableEnv")
	}
	db, err := openAs(context.Background(), e.dsn, e.dur)
	if err != nil {
		e.T.Fatal(err)
	}
	e.T.Cleanup(func() { db.Close() })
	app, err := server.New(TestConfig(), db, e.Clock)
	if err != nil {
		e.T.Fatal(err)
	}
	h, err := app.Handler(nil)
	if err != nil {
		e.T.Fatal(err)
	}
	return &Env{T: e.T, App: app, DB: db, Clock: e.Clock, Handler: h, dsn: e.dsn, dur: e.dur}
}

// EnvOn builds an Env on a migrated, empty database (a benchmark's),
// seeding it.
func EnvOn(t testing.TB, db *database.DB) *Env {
	t.Helper()
	return envOn(t, db, true)
}

func envOn(t testing.TB, db *database.DB, seedIt bool) *Env {
	t.Helper()
	c := clock.NewFixed(Start)
	app, err := server.New(TestConfig(), db, c)
	if err != nil {
		t.Fatal(err)
	}
	if seedIt {
		if err := seed.Demo(context.Background(), seed.Deps{DB: db, Users: app.Users, Auth: app.Auth, Branding: app.Branding,
			Companies: app.Companies, Now: c.Now()}); err != nil {
			t.Fatal(err)
		}
	}
	h, err := app.Handler(nil)
	if err != nil {
		t.Fatal(err)
	}
	return &Env{T: t, App: app, DB: db, Clock: c, Handler: h}
}

// Response is a recorded answer.
type Response struct {
	Status int
	Header http.Header
	Body   []byte
}

// JSON decodes the body into v, failing the test on bad JSON.
func (r *Response) JSON(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		t.Fatalf("decode %q: %v", r.Body, err)
	}
}

// Map decodes the body as an object.
func (r *Response) Map(t testing.TB) map[string]any {
	t.Helper()
	var m map[string]any
	r.JSON(t, &m)
	return m
}

// Field is the first field an error body names ("" for none).
func (r *Response) Field() string {
	var b struct {
		Errors []struct {
			Field string `json:"field"`
		} `json:"errors"`
	}
	_ = json.Unmarshal(r.Body, &b)
	if len(b.Errors) == 0 {
		return ""
	}
	return b.Errors[0].Field
}

// Label is the errorLabel of an error body ("" for none).
func (r *Response) Label() string {
	var b struct {
		ErrorLabel string `json:"errorLabel"`
	}
	_ = json.Unmarshal(r.Body, &b)
	return b.ErrorLabel
}

// Request describes one call.
type Request struct {
	Method  string
	Path    string
	Token   string
	Body    any // marshalled to JSON unless []byte or string
	Headers map[string]string
}

// Do sends a request through the whole handler (middleware included).
func (e *Env) Do(req Request) *Response {
	e.T.Helper()
	var body io.Reader
	switch b := req.Body.(type) {
	case nil:
	case []byte:
		body = bytes.NewReader(b)
	case string:
		body = strings.NewReader(b)
	default:
		j, err := json.Marshal(b)
		if err != nil {
			e.T.Fatal(err)
		}
		body = bytes.NewReader(j)
	}
	if req.Method == "" {
		req.Method = http.MethodPost
	}
	r := httptest.NewRequest(req.Method, req.Path, body)
	r.RemoteAddr = "192.0.2.10:4321"
	if req.Token != "" {
		r.Header.Set("Authorization", "Bearer "+req.Token)
	}
	for k, v := range req.Headers {
		r.Header.Set(k, v)
	}
	w := httptest.NewRecorder()
	e.Handler.ServeHTTP(w, r)
	return &Response{Status: w.Code, Header: w.Header(), Body: w.Body.Bytes()}
}

// Post is Do with POST.
func (e *Env) Post(path, token string, body any) *Response {
	e.T.Helper()
	return e.Do(Request{Method: http.MethodPost, Path: path, Token: token, Body: body})
}

// LoginPath is the sign-in call.
const LoginPath = "/user-service/v1/auth/login"

// LoginAs signs in a demo login with the demo password and returns the
// access token, failing the test otherwise.
func (e *Env) LoginAs(login string) string {
	e.T.Helper()
	res := e.Post(LoginPath, "", map[string]string{"username": login, "passdigest": auth.Digest(seed.DemoPassword)})
	if res.Status != http.StatusOK {
		e.T.Fatalf("login %s: %d %s", login, res.Status, res.Body)
	}
	var out struct {
		Token string `json:"token"`
	}
	res.JSON(e.T, &out)
	if out.Token == "" {
		e.T.Fatalf("login %s: no token in %s", login, res.Body)
	}
	return out.Token
}

// Mails returns the outbox rows to an address.
func (e *Env) Mails(to string) []mail.Mail {
	e.T.Helper()
	m, err := e.App.Outbox.List(context.Background(), to)
	if err != nil {
		e.T.Fatal(err)
	}
	return m
}

// MustStatus fails the test unless res has the status.
func MustStatus(t testing.TB, res *Response, status int) {
	t.Helper()
	if res.Status != status {
		t.Fatalf("want status %d, got %d: %s", status, res.Status, res.Body)
	}
}

func init() {
	// Request logs would drown test output; tests assert behaviour instead.
	// PORTAL_TEST_LOG=1 shows them (errors only) when debugging.
	var w io.Writer = io.Discard
	if os.Getenv("PORTAL_TEST_LOG") == "1" {
		w = os.Stderr
	}
	slog.SetDefault(slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelError})))
}

// UserOspID returns the ospId of the user with login.
func (e *Env) UserOspID(login string) string {
	e.T.Helper()
	var osp string
	if err := e.DB.Get(context.Background(), &osp, `SELECT osp_id FROM users WHERE login = ?`, login); err != nil {
		e.T.Fatalf("user %s: %v", login, err)
	}
	return osp
}

// CreateBudget opens a budget of typ for owner through the API (amounts in
// cents in data) and returns it.
func (e *Env) CreateBudget(token, typ, owner string, data map[string]any) budget.Budget {
	e.T.Helper()
	res := e.Post("/portal-service/v1/budget/"+typ+"/create", token, map[string]any{"ownerOspId": owner, "data": data})
	MustStatus(e.T, res, 200)
	var b budget.Budget
	res.JSON(e.T, &b)
	return b
}
