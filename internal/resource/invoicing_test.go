package resource

import (
	"testing"
	"time"

	"mobility/portal/internal/clock"
)

// TestCronOccurrences: a fee schedule's occurrences in a month, in
// Europe/Brussels (the month's bounds at local midnight, across a DST
// change).
func TestCronOccurrences(t *testing.T) {
	month := func(y int, m time.Month) (time.Time, time.Time) {
		from := time.Date(y, m, 1, 0, 0, 0, 0, clock.Brussels)
		return from, from.AddDate(0, 1, 0)
	}
	for _, c := range []struct {
		expr string
		y    int
		m    time.Month
		want int
	}{
		{"0 0 1 * *", 2026, time.November, 1}, // at the month's first instant: counted once
		{"0 6 1 * *", 2026, time.November, 1},
		{"0 0 * * 1", 2026, time.November, 5}, // Mondays: 2, 9, 16, 23, 30
		{"@daily", 2026, time.February, 28},
		{"@daily", 2026, time.October, 31},    // DST ends on the 25th: still 31 days
		{"0 2 * * *", 2026, time.March, 30},   // 29 March 02:00 does not exist in Brussels
		{"0 0 1 1 *", 2026, time.November, 0}, // yearly in January
		{"@yearly", 2027, time.January, 1},
	} {
		from, to := month(c.y, c.m)
		got, err := CronOccurrences(c.expr, from, to)
		if err != nil || got != c.want {
			t.Errorf("%q in %d-%02d: %d, %v; want %d", c.expr, c.y, c.m, got, err, c.want)
		}
	}
	if _, err := CronOccurrences("not a schedule", time.Now(), time.Now()); err == nil {
		t.Error("a bad schedule counted")
	}
}
