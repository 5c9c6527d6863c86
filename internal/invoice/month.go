package invoice

import (
	"fmt"
	"strconv"
	"time"

	"mobility/portal/internal/clock"
)

// minYear: months before it are refused (the portal bills nothing older).
const minYear = 2000

// month is a calendar month (Europe/Brussels).
type month struct{ y, m int }

func parseMonth(s string) (month, bool) {
	if len(s) != 6 {
		return month{}, false
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return month{}, false
	}
	mo := month{n / 100, n % 100}
	if mo.m < 1 || mo.m > 12 || mo.y < minYear || mo.y > 9999 {
		return month{}, false
	}
	return mo, true
}

func monthOf(t time.Time) month {
	t = t.In(clock.Brussels)
	return month{t.Year(), int(t.Month())}
}

func (m month) String() string { return fmt.Sprintf("%04d%02d", m.y, m.m) }
func (m month) index() int     { return m.y*12 + m.m - 1 }
func (m month) add(n int) month {
	i := m.index() + n
	return month{i / 12, i%12 + 1}
}
func (m month) start() time.Time {
	return time.Date(m.y, time.Month(m.m), 1, 0, 0, 0, 0, clock.Brussels)
}
func (m month) end() time.Time   { return m.add(1).start() }
func (m month) firstDay() string { return m.start().Format(clock.DateLayout) }
func (m month) lastDay() string  { return m.end().AddDate(0, 0, -1).Format(clock.DateLayout) }
func (m month) days() int        { return m.end().AddDate(0, 0, -1).Day() }

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
	return day{m: month{t.Year(), int(t.Month())}, day: t.Day()}
}
