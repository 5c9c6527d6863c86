package budget

import (
	"time"

	"mobility/portal/internal/clock"
)

// The period rules, as pure functions so they are tested on their own:
//   - monthly budgets are credited once per calendar month, yearly ones
//     once per calendar year, on the first run of the jobs in that period
//     (normally the 1st; later if the portal was down, never twice);
//   - MONTH_RESET and YEAR_RESET forfeit what remains first;
//     MONTH_ADD_MONTHLY_RESET_YEARLY forfeits in January only;
//   - a mobility budget forfeits what remains at the end of every calendar
//     year (its January run), whatever its strategy;
//   - with endOfYearRecurrenceStrategy STOP the recurrence ends with the
//     year the budget was created in;
//   - the period a budget is created in counts as run: its start amount
//     stands for it.

// PeriodKey names the period of day for a frequency: "2026-12" or "2027";
// "" for a manual budget.
func PeriodKey(frequency string, day time.Time) string {
	switch frequency {
	case FrequencyMonth:
		return day.Format("2006-01")
	case FrequencyYear:
		return day.Format("2006")
	default:
		return ""
	}
}

// Schedule is what a budget's scheduled run must do in one period.
type Schedule struct {
	Period string
	Reset  bool // forfeit the positive remainder (automatic_update_reset)
	Credit bool // add the recurring amount (automatic_update_add)
}

// ScheduleFor tells what the run of day (a business date) owes budget b.
// The caller skips periods already recorded in budget_period_runs.
func ScheduleFor(b Settings, day time.Time) Schedule {
	key := PeriodKey(b.Frequency, day)
	if key == "" {
		return Schedule{}
	}
	january := day.Month() == time.January
	s := Schedule{Period: key, Credit: true}
	switch b.TransferStrategy {
	case MonthReset, YearReset:
		s.Reset = true
	case MonthAddMonthlyResetYear:
		s.Reset = january
	}
	if Rules[b.BudgetType].ResetsAtYearEnd && (b.Frequency == FrequencyYear || january) {
		s.Reset = true
	}
	if b.EndOfYear == YearEndStop && day.Year() > b.CreatedDay.Year() {
		s.Credit, s.Reset = false, false
	}
	return s
}

// Settings are the fields of a budget the period rules read.
type Settings struct {
	BudgetType       string
	Frequency        string
	TransferStrategy string
	EndOfYear        string
	CreatedDay       time.Time
}

// Credit is what a top-up adds to balance: the recurring amount, capped so
// the balance does not pass the upper limit (nil: no limit).
func Credit(amount, balance int64, upperLimit *int64) int64 {
	if upperLimit == nil {
		return amount
	}
	room := *upperLimit - balance
	if room <= 0 {
		return 0
	}
	return min(amount, room)
}

// Forfeit is what a reset takes away: the positive remainder. A negative
// balance (unlimited budgets) is a debt and is carried, not forgiven.
func Forfeit(balance int64) int64 {
	if balance > 0 {
		return balance
	}
	return 0
}

// BusinessDay parses a yyyy-MM-dd business date in Brussels.
func BusinessDay(s string) (time.Time, error) {
	return time.ParseInLocation(clock.DateLayout, s, clock.Brussels)
}
