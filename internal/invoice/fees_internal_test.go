package invoice

import (
	"testing"
	"time"

	"mobility/portal/internal/clock"
	"mobility/portal/internal/company"
)

// TestActiveDays: the days of a month a company existed, from the day it
// was created (Europe/Brussels: created late on the 31st UTC is the 1st).
func TestActiveDays(t *testing.T) {
	nov := month{Year: 2026, Month: 11}
	for _, c := range []struct {
		created time.Time
		want    int64
	}{
		{time.Date(2026, 10, 31, 12, 0, 0, 0, clock.Brussels), 30},
		{time.Date(2026, 11, 1, 0, 0, 0, 0, clock.Brussels), 30},
		{time.Date(2026, 11, 21, 10, 0, 0, 0, clock.Brussels), 10},
		{time.Date(2026, 11, 30, 23, 0, 0, 0, clock.Brussels), 1},
		{time.Date(2026, 10, 31, 23, 30, 0, 0, time.UTC), 30}, // 00:30 on 1 November in Brussels
		{time.Date(2026, 12, 1, 0, 0, 0, 0, clock.Brussels), 0},
	} {
		if got := activeDays(company.Invoicing{CreatedAt: c.created}, nov); got != c.want {
			t.Errorf("created %s: %d days, want %d", c.created, got, c.want)
		}
	}
}
