package deactivation_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"mobility/portal/internal/clock"
	"mobility/portal/internal/deactivation"
	"mobility/portal/internal/testkit"
)

const (
	v1      = "/portal-service/v1"
	company = v1 + "/corporateAccount"
	partner = v1 + "/partner"
)

// at is 10:00 in Brussels on day.
func at(day string) time.Time {
	d, err := time.ParseInLocation(clock.DateLayout, day, clock.Brussels)
	if err != nil {
		panic(err)
	}
	return d.Add(10 * time.Hour)
}

// runDay runs the jobs of day as `portal jobs run --at day` does (a minute
// into the day), then sets the clock to 10:00 for the day's calls.
func runDay(t *testing.T, e *testkit.Env, day string) {
	t.Helper()
	d, _ := time.ParseInLocation(clock.DateLayout, day, clock.Brussels)
	e.Clock.Set(d.Add(time.Minute))
	results, err := e.App.JobRunner().RunDay(context.Background(), day)
	if err != nil {
		t.Fatalf("jobs of %s: %v", day, err)
	}
	for _, r := range results {
		if r.Status == "failed" {
			t.Fatalf("job %s on %s failed: %s", r.Job, day, r.Detail)
		}
	}
	e.Clock.Set(at(day))
}

// runDays runs every day from the day after from up to and including to.
func runDays(t *testing.T, e *testkit.Env, from, to string, each func(day string)) {
	t.Helper()
	for day := next(from); day <= to; day = next(day) {
		runDay(t, e, day)
		if each != nil {
			each(day)
		}
	}
}

func next(day string) string {
	d, err := clock.AddDays(day, 1)
	if err != nil {
		panic(err)
	}
	return d
}

func get(t *testing.T, e *testkit.Env, token, companyOspID string) *deactivation.CompanyDeactivation {
	t.Helper()
	res := e.Post(company+"/deactivation/get", token, map[string]string{"ospId": companyOspID})
	testkit.MustStatus(t, res, 200)
	if strings.TrimSpace(string(res.Body)) == "null" {
		return nil
	}
	var d deactivation.CompanyDeactivation
	res.JSON(t, &d)
	return &d
}

func call(t *testing.T, e *testkit.Env, path, token string, body any, status int) *deactivation.CompanyDeactivation {
	t.Helper()
	res := e.Post(path, token, body)
	testkit.MustStatus(t, res, status)
	if status != 200 || strings.TrimSpace(string(res.Body)) == "null" {
		return nil
	}
	var d deactivation.CompanyDeactivation
	res.JSON(t, &d)
	return &d
}

func wantLabel(t *testing.T, res *testkit.Response, status int, label string) {
	t.Helper()
	if res.Status != status || res.Label() != label {
		t.Fatalf("want %d %s, got %d %s", status, label, res.Status, res.Body)
	}
}

func str(p *string) string {
	if p == nil {
		return "<nil>"
	}
	return *p
}

// scalar reads one value with SQL (tests look at stored state directly).
func scalar[T any](t *testing.T, e *testkit.Env, q string, args ...any) T {
	t.Helper()
	var v T
	if err := e.DB.Get(context.Background(), &v, q, args...); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return v
}

// as returns a function that signs login in (tokens expire as tests move
// the clock by weeks).
func as(e *testkit.Env, login string) func() string {
	return func() string { return e.LoginAs(login) }
}
