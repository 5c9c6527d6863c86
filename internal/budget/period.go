package budget

import (
	"time"

	"mobility/portal/internal/clock"
	"mobility/portal/internal/money"
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
//     stands for it;
//   - the mobility budget's year-end forfeit is the legal reset: it
//     happens whatever the budget's activation status (a deactivated
//     budget gets no credit, but still loses what remains on 1 January);
//   - a change of frequency counts the current period as run under the
//     new frequency (its credit was given under the old one);
//   - a run catches up every period missed since the budget's last
//     recorded one (each its own (budget, period) row, so exactly once),
//     except periods that began while the budget was deactivated.

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
	legalReset := Rules[b.BudgetType].ResetsAtYearEnd && (b.Frequency == FrequencyYear || january)
	if legalReset {
		s.Reset = true
	}
	if b.EndOfYear == YearEndStop && day.Year() > b.CreatedDay.Year() {
		s.Credit, s.Reset = false, legalReset
	}
	if b.Deactivated {
		s.Credit, s.Reset = false, legalReset
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
	// Deactivated: the period began while the budget was deactivated.
	Deactivated bool
}

// Credit is what a top-up adds to balance: the recurring amount, capped so
// the balance does not pass the upper limit (nil: no limit).
func Credit(amount, balance int64, upperLimit *int64) int64 {
	if upperLimit == nil {
		return amount
	}
	if balance >= *upperLimit {
		return 0
	}
	// checked: a room beyond int64 holds any amount
	neg, err := money.Neg(balance)
	if err != nil {
		return amount
	}
	room, err := money.Add(*upperLimit, neg)
	if err != nil {
		return amount
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

// maxCatchUp bounds how many missed periods one run books for a budget
// (ten years of months); older ones are forgone rather than block a run.
const maxCatchUp = 120

// PeriodStart is the first day of the period named key ("2026-12" or
// "2027") in Brussels.
func PeriodStart(key string) (time.Time, bool) {
	layout := "2006-01"
	if len(key) == 4 {
		layout = "2006"
	}
	t, err := time.ParseInLocation(layout, key, clock.Brussels)
	return t, err == nil
}

// DuePeriods lists, oldest first, the first days of the periods of
// frequency that a run on day owes a budget whose last recorded period is
// last: every period after last up to day's own. With no recorded period
// (a budget made outside the service) only day's period is due. A last
// period that covers day's period already (after a change of frequency) leaves nothing
// due.
func DuePeriods(frequency, last string, day time.Time) []time.Time {
	return newDueCalc(day).due(frequency, last)
}

// dueCalc answers DuePeriods for many budgets on one day: the current and
// previous periods of each frequency are worked out once, so the common
// case (the last recorded period is the previous one, or there is none)
// costs a string comparison, not date parsing.
type dueCalc struct {
	day      time.Time
	current  map[string]time.Time // frequency → start of day's period
	previous map[string]string    // frequency → key of the period before
}

func newDueCalc(day time.Time) *dueCalc {
	c := &dueCalc{day: day, current: map[string]time.Time{}, previous: map[string]string{}}
	for _, f := range []string{FrequencyMonth, FrequencyYear} {
		start, _ := PeriodStart(PeriodKey(f, day))
		c.current[f] = start
		if f == FrequencyMonth {
			c.previous[f] = PeriodKey(f, start.AddDate(0, -1, 0))
		} else {
			c.previous[f] = PeriodKey(f, start.AddDate(-1, 0, 0))
		}
	}
	return c
}

func (c *dueCalc) due(frequency, last string) []time.Time {
	current, ok := c.current[frequency]
	if !ok {
		return nil
	}
	if last == "" || last == c.previous[frequency] {
		return []time.Time{current}
	}
	return duePeriods(frequency, last, current)
}

// duePeriods is DuePeriods' general case, from the current period's start.
func duePeriods(frequency, last string, current time.Time) []time.Time {
	ls, ok := PeriodStart(last)
	if !ok {
		return []time.Time{current}
	}
	var next time.Time
	switch {
	case frequency == FrequencyMonth && len(last) == 4: // a yearly period covers its months
		next = ls.AddDate(1, 0, 0)
	case frequency == FrequencyMonth:
		next = ls.AddDate(0, 1, 0)
	default: // YEAR: the year after the last period's year
		next = time.Date(ls.Year()+1, time.January, 1, 0, 0, 0, 0, clock.Brussels)
	}
	var out []time.Time
	for p := next; !p.After(current); {
		out = append(out, p)
		if frequency == FrequencyMonth {
			p = p.AddDate(0, 1, 0)
		} else {
			p = p.AddDate(1, 0, 0)
		}
	}
	if len(out) > maxCatchUp {
		out = out[len(out)-maxCatchUp:]
	}
	return out
}
