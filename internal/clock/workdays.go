package clock

import (
	"sync"
	"time"
)

// Belgian working days: Monday to Friday except the ten legal public
// holidays of Belgium, three of which move with Easter. Computed per year
// (no table to keep up to date): Easter by the Anonymous Gregorian
// algorithm (Meeus/Jones/Butcher), valid for every Gregorian year.
//
// A library was considered (github.com/rickar/cal/v2 has a `be`
// package), but its last release dates from April 2023; these rules are
// fixed by law, short, and tested here against the published dates.

// Easter is Easter Sunday of year (Gregorian calendar), at midnight in
// Brussels.
func Easter(year int) time.Time {
	a := year % 19
	b := year / 100
	c := year % 100
	d := b / 4
	e := b % 4
	f := (b + 8) / 25
	g := (b - f + 1) / 3
	h := (19*a + b - d - g + 15) % 30
	i := c / 4
	k := c % 4
	l := (32 + 2*e + 2*i - h - k) % 7
	m := (a + 11*h + 22*l) / 451
	month := (h + l - 7*m + 114) / 31
	day := (h+l-7*m+114)%31 + 1
	return time.Date(year, time.Month(month), day, 0, 0, 0, 0, Brussels)
}

// Holiday is one public holiday.
type Holiday struct {
	Date string // yyyy-MM-dd
	Name string // Dutch name, as Belgian calendars print it
}

var (
	holidayMu    sync.Mutex
	holidayCache = map[int][]Holiday{}
)

// BelgianHolidays lists the ten legal public holidays of Belgium in year,
// in date order.
func BelgianHolidays(year int) []Holiday {
	holidayMu.Lock()
	defer holidayMu.Unlock()
	if h, ok := holidayCache[year]; ok {
		return h
	}
	easter := Easter(year)
	fixed := func(m time.Month, d int) string {
		return time.Date(year, m, d, 0, 0, 0, 0, Brussels).Format(DateLayout)
	}
	afterEaster := func(days int) string { return easter.AddDate(0, 0, days).Format(DateLayout) }
	h := []Holiday{
		{fixed(time.January, 1), "Nieuwjaar"},
		{afterEaster(1), "Paasmaandag"},
		{fixed(time.May, 1), "Dag van de Arbeid"},
		{afterEaster(39), "O.L.H. Hemelvaart"},
		{afterEaster(50), "Pinkstermaandag"},
		{fixed(time.July, 21), "Nationale feestdag"},
		{fixed(time.August, 15), "O.L.V. Hemelvaart"},
		{fixed(time.November, 1), "Allerheiligen"},
		{fixed(time.November, 11), "Wapenstilstand"},
		{fixed(time.December, 25), "Kerstmis"},
	}
	// Ascension can fall on 1 May (e.g. 2008): keep date order, no dupes.
	out := h[:0:0]
	seen := map[string]bool{}
	for _, x := range h {
		if !seen[x.Date] {
			seen[x.Date] = true
			out = append(out, x)
		}
	}
	sortHolidays(out)
	holidayCache[year] = out
	return out
}

func sortHolidays(h []Holiday) {
	for i := 1; i < len(h); i++ {
		for j := i; j > 0 && h[j].Date < h[j-1].Date; j-- {
			h[j], h[j-1] = h[j-1], h[j]
		}
	}
}

// IsBelgianHoliday tells whether day (yyyy-MM-dd) is a public holiday.
func IsBelgianHoliday(day string) bool {
	t, err := time.ParseInLocation(DateLayout, day, Brussels)
	if err != nil {
		return false
	}
	for _, h := range BelgianHolidays(t.Year()) {
		if h.Date == day {
			return true
		}
	}
	return false
}

// IsBelgianWorkingDay tells whether day (yyyy-MM-dd) is a working day:
// Monday to Friday and no public holiday.
func IsBelgianWorkingDay(day string) bool {
	t, err := time.ParseInLocation(DateLayout, day, Brussels)
	if err != nil {
		return false
	}
	if wd := t.Weekday(); wd == time.Saturday || wd == time.Sunday {
		return false
	}
	return !IsBelgianHoliday(day)
}

// AddBelgianWorkingDays is the n-th working day after day (yyyy-MM-dd):
// a request made on Friday with n = 3 is due on Wednesday, and a holiday
// in between adds a day. n <= 0 answers day itself.
func AddBelgianWorkingDays(day string, n int) (string, error) {
	t, err := time.ParseInLocation(DateLayout, day, Brussels)
	if err != nil {
		return "", err
	}
	for n > 0 {
		t = t.AddDate(0, 0, 1)
		if IsBelgianWorkingDay(t.Format(DateLayout)) {
			n--
		}
	}
	return t.Format(DateLayout), nil
}

// AddDays is day (yyyy-MM-dd) plus n calendar days.
func AddDays(day string, n int) (string, error) {
	t, err := time.ParseInLocation(DateLayout, day, Brussels)
	if err != nil {
		return "", err
	}
	return t.AddDate(0, 0, n).Format(DateLayout), nil
}

// FirstOfNextMonth is the first day of the month after day's (yyyy-MM-dd).
func FirstOfNextMonth(day string) (string, error) {
	t, err := time.ParseInLocation(DateLayout, day, Brussels)
	if err != nil {
		return "", err
	}
	return time.Date(t.Year(), t.Month()+1, 1, 0, 0, 0, 0, Brussels).Format(DateLayout), nil
}
