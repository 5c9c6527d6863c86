package budget_test

import (
	"math"
	"strings"
	"testing"

	"mobility/portal/internal/budget"
)

func TestDuePeriods(t *testing.T) {
	day := at("2027-10-01")
	cases := []struct {
		freq, last string
		want       string
	}{
		{"MONTH", "", "2027-10"},                        // no history: today's period only
		{"MONTH", "2027-09", "2027-10"},                 // the common case
		{"MONTH", "2027-07", "2027-08 2027-09 2027-10"}, // the portal missed August and September
		{"MONTH", "2027-10", ""},                        // nothing due
		{"MONTH", "2026", "2027-01 2027-02 2027-03 2027-04 2027-05 2027-06 2027-07 2027-08 2027-09 2027-10"}, // a year covers its months
		{"YEAR", "2026", "2027"},
		{"YEAR", "2024", "2025 2026 2027"},
		{"YEAR", "2027-04", ""}, // changed to YEAR in April 2027: 2027 counts as run
		{"YEAR", "2027", ""},
		{"", "", ""}, // manual
	}
	for _, c := range cases {
		var got []string
		for _, p := range budget.DuePeriods(c.freq, c.last, day) {
			got = append(got, budget.PeriodKey(c.freq, p))
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("DuePeriods(%q, %q) = %v, want %s", c.freq, c.last, got, c.want)
		}
	}
	if n := len(budget.DuePeriods("MONTH", "1990-01", day)); n != 120 {
		t.Errorf("catch-up over decades: %d periods, want the last 120", n)
	}
}

func TestScheduleLegalResetWhateverTheStatus(t *testing.T) {
	mob := budget.Settings{BudgetType: "MOBILITY_BUDGET", Frequency: "YEAR", TransferStrategy: "YEAR_ADD", EndOfYear: "CONTINUE",
		CreatedDay: at("2026-01-10"), Deactivated: true}
	if s := budget.ScheduleFor(mob, at("2027-01-01")); !s.Reset || s.Credit || s.Period != "2027" {
		t.Errorf("deactivated mobility budget on 1 January: %+v", s)
	}
	biz := budget.Settings{BudgetType: "BUSINESS_BUDGET", Frequency: "MONTH", TransferStrategy: "MONTH_RESET", CreatedDay: at("2026-01-10"), Deactivated: true}
	if s := budget.ScheduleFor(biz, at("2027-01-01")); s.Reset || s.Credit {
		t.Errorf("deactivated business budget: %+v", s)
	}
	limit := int64(500)
	if got := budget.Credit(100, math.MinInt64, &limit); got != 100 {
		t.Errorf("credit below a huge debt: %d", got)
	}
}
