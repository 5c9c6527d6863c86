package clock

import "testing"

func TestParseMonth(t *testing.T) {
	for _, c := range []struct {
		in   string
		ok   bool
		last string
	}{
		{"202602", true, "2026-02-28"},
		{"202402", true, "2024-02-29"},
		{"202612", true, "2026-12-31"},
		{"200001", true, "2000-01-31"},
		{"199912", false, ""},
		{"202613", false, ""},
		{"202600", false, ""},
		{"20261", false, ""},
		{"2026-1", false, ""},
		{"+20261", false, ""},
		{"", false, ""},
	} {
		m, ok := ParseMonth(c.in)
		if ok != c.ok || (ok && (m.LastDay() != c.last || m.String() != c.in)) {
			t.Errorf("ParseMonth(%q) = %v %v (last %s), want ok %v last %s", c.in, m, ok, m.LastDay(), c.ok, c.last)
		}
	}
}

func TestMonthArithmetic(t *testing.T) {
	m := Month{2026, 1}
	if got := m.Add(-1).String(); got != "202512" {
		t.Errorf("Add(-1) = %s", got)
	}
	if got := m.Add(23).String(); got != "202712" {
		t.Errorf("Add(23) = %s", got)
	}
	if m.Next().Index()-m.Index() != 1 || m.Days() != 31 || m.FirstDay() != "2026-01-01" {
		t.Errorf("Next/Days/FirstDay wrong for %s", m)
	}
	// a Brussels month starts at Brussels midnight: 23:00 UTC the day before in winter
	if got := m.Start().UTC().Format("2006-01-02T15"); got != "2025-12-31T23" {
		t.Errorf("Start = %s", got)
	}
}
