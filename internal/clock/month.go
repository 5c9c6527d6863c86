package clock

import (
	"fmt"
	"strconv"
	"time"
)

// Month is a calendar month in Europe/Brussels: what reports and invoices
// are made for, written yyyyMM (SPEC §9).
type Month struct{ Year, Month int }

// MinMonthYear: months before it are refused (no data predates the
// portal, and nothing older is reported or billed).
const MinMonthYear = 2000

// ParseMonth reads a yyyyMM month from MinMonthYear to 9999.
func ParseMonth(s string) (Month, bool) {
	if len(s) != 6 {
		return Month{}, false
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return Month{}, false
	}
	m := Month{n / 100, n % 100}
	if m.Month < 1 || m.Month > 12 || m.Year < MinMonthYear {
		return Month{}, false
	}
	return m, true
}

// MonthOf is the month t falls in, in Europe/Brussels.
func MonthOf(t time.Time) Month {
	t = t.In(Brussels)
	return Month{t.Year(), int(t.Month())}
}

// String is yyyyMM.
func (m Month) String() string { return fmt.Sprintf("%04d%02d", m.Year, m.Month) }

// Index counts months from year 0, so months compare and subtract.
func (m Month) Index() int { return m.Year*12 + m.Month - 1 }

// Add is the month n months later (earlier for n < 0).
func (m Month) Add(n int) Month { i := m.Index() + n; return Month{i / 12, i%12 + 1} }

// Next is the month after m.
func (m Month) Next() Month { return m.Add(1) }

// Start is the month's first instant (Brussels midnight on the 1st).
func (m Month) Start() time.Time {
	return time.Date(m.Year, time.Month(m.Month), 1, 0, 0, 0, 0, Brussels)
}

// End is the next month's first instant.
func (m Month) End() time.Time { return m.Next().Start() }

// FirstDay and LastDay are the month's first and last dates, yyyy-MM-dd.
func (m Month) FirstDay() string { return m.Start().Format(DateLayout) }
func (m Month) LastDay() string  { return m.End().AddDate(0, 0, -1).Format(DateLayout) }

// Days is the number of days in the month.
func (m Month) Days() int { return m.End().AddDate(0, 0, -1).Day() }
