// Package clock is the injected source of time: business dates are in
// Europe/Brussels, and tests and `portal jobs run --at` set the day.
package clock

import (
	"sync"
	"time"
	_ "time/tzdata" // Europe/Brussels must resolve on machines without zoneinfo
)

// Brussels is the zone every business date lives in.
var Brussels = mustLoad("Europe/Brussels")

func mustLoad(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		panic(err)
	}
	return loc
}

// Clock tells the time.
type Clock interface {
	Now() time.Time
}

// System is the real clock.
type System struct{}

func (System) Now() time.Time { return time.Now() }

// Fixed is a settable clock for tests and for runs "as of" a date.
type Fixed struct {
	mu sync.Mutex
	t  time.Time
}

func NewFixed(t time.Time) *Fixed { return &Fixed{t: t} }

func (f *Fixed) Now() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.t
}

// Set moves the clock to t.
func (f *Fixed) Set(t time.Time) {
	f.mu.Lock()
	f.t = t
	f.mu.Unlock()
}

// Advance moves the clock forward by d.
func (f *Fixed) Advance(d time.Duration) {
	f.mu.Lock()
	f.t = f.t.Add(d)
	f.mu.Unlock()
}

// Today is the business date (yyyy-MM-dd in Brussels) of t.
func Today(t time.Time) string { return t.In(Brussels).Format(DateLayout) }

// DateLayout is the API's date format.
const DateLayout = "2006-01-02"
