package clock

import (
	"slices"
	"testing"
)

func TestEaster(t *testing.T) {
	for year, want := range map[int]string{
		1961: "1961-04-02", 2000: "2000-04-23", 2008: "2008-03-23", 2019: "2019-04-21",
		2024: "2024-03-31", 2025: "2025-04-20", 2026: "2026-04-05", 2027: "2027-03-28", 2038: "2038-04-25",
	} {
		if got := Easter(year).Format(DateLayout); got != want {
			t.Errorf("Easter %d = %s, want %s", year, got, want)
		}
	}
}

// The published Belgian public holidays (belgium.be) of 2024 to 2027.
func TestBelgianHolidays(t *testing.T) {
	want := map[int][]string{
		2024: {"2024-01-01", "2024-04-01", "2024-05-01", "2024-05-09", "2024-05-20", "2024-07-21", "2024-08-15", "2024-11-01", "2024-11-11", "2024-12-25"},
		2025: {"2025-01-01", "2025-04-21", "2025-05-01", "2025-05-29", "2025-06-09", "2025-07-21", "2025-08-15", "2025-11-01", "2025-11-11", "2025-12-25"},
		2026: {"2026-01-01", "2026-04-06", "2026-05-01", "2026-05-14", "2026-05-25", "2026-07-21", "2026-08-15", "2026-11-01", "2026-11-11", "2026-12-25"},
		2027: {"2027-01-01", "2027-03-29", "2027-05-01", "2027-05-06", "2027-05-17", "2027-07-21", "2027-08-15", "2027-11-01", "2027-11-11", "2027-12-25"},
	}
	for year, dates := range want {
		var got []string
		for _, h := range BelgianHolidays(year) {
			got = append(got, h.Date)
		}
		if !slices.Equal(got, dates) {
			t.Errorf("%d: got %v, want %v", year, got, dates)
		}
	}
	// 2008: Ascension fell on 1 May; listed once
	if n := len(BelgianHolidays(2008)); n != 9 {
		t.Errorf("2008: %d holidays, want 9 (1 May is Ascension too)", n)
	}
}

func TestBelgianWorkingDays(t *testing.T) {
	cases := []struct {
		day  string
		n    int
		want string
	}{
		{"2026-11-23", 3, "2026-11-26"}, // Monday → Thursday
		{"2026-11-20", 3, "2026-11-25"}, // Friday → Wednesday (weekend)
		{"2026-11-21", 3, "2026-11-25"}, // Saturday → Wednesday
		{"2026-11-09", 3, "2026-11-13"}, // Monday, Wapenstilstand (Wed 11 Nov) skipped
		{"2026-12-23", 3, "2026-12-29"}, // Wed: Thu 24, (Fri 25 Christmas), Mon 28, Tue 29
		{"2027-03-25", 3, "2027-03-31"}, // Thu: Fri 26, (weekend, Easter Monday 29), Tue 30, Wed 31
		{"2026-05-13", 3, "2026-05-19"}, // Wed: (Thu 14 Ascension) Fri 15, Mon 18, Tue 19
		{"2026-05-22", 1, "2026-05-26"}, // Fri: weekend and Whit Monday 25 May
		{"2024-07-19", 1, "2024-07-22"}, // 21 July 2024 is a Sunday: Monday is a working day
		{"2026-11-23", 0, "2026-11-23"},
	}
	for _, c := range cases {
		got, err := AddBelgianWorkingDays(c.day, c.n)
		if err != nil || got != c.want {
			t.Errorf("AddBelgianWorkingDays(%s, %d) = %s, %v; want %s", c.day, c.n, got, err, c.want)
		}
	}
	if IsBelgianWorkingDay("2026-11-11") || IsBelgianWorkingDay("2026-11-22") || !IsBelgianWorkingDay("2026-11-23") {
		t.Error("IsBelgianWorkingDay: 11 Nov and Sundays are not working days, Mondays are")
	}
	if _, err := AddBelgianWorkingDays("2026-13-01", 3); err == nil {
		t.Error("a bad date must fail")
	}
}

func TestMonthAndDays(t *testing.T) {
	for in, want := range map[string]string{"2026-11-25": "2026-12-01", "2026-12-31": "2027-01-01", "2027-01-31": "2027-02-01"} {
		if got, _ := FirstOfNextMonth(in); got != want {
			t.Errorf("FirstOfNextMonth(%s) = %s, want %s", in, got, want)
		}
	}
	if got, _ := AddDays("2027-01-01", 60); got != "2027-03-02" {
		t.Errorf("AddDays = %s", got)
	}
}
