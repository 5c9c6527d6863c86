package invoice

import (
	"time"

	"mobility/portal/internal/clock"
)

// month is a calendar month (Europe/Brussels).
type month = clock.Month

const dateLayout = clock.DateLayout

// parseDay reads a yyyy-MM-dd business date (Europe/Brussels).
func parseDay(s string) (time.Time, error) {
	return time.ParseInLocation(dateLayout, s, clock.Brussels)
}

// day is a calendar day of a month.
type day struct {
	m   month
	day int
}

// monthDay is t's day in Europe/Brussels.
func monthDay(t time.Time) day {
	t = t.In(clock.Brussels)
	return day{m: clock.MonthOf(t), day: t.Day()}
}
