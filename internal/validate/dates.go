package validate

import (
	"time"

	"mobility/portal/internal/clock"
)

// Sane windows for business dates, so a typo (1900-01-01, 9999-12-31) is
// refused with a message instead of booking an expense in another century
// or planning a deactivation nobody will live to see.
const (
	// ExpenseMaxYearsBack: an expense may be booked at most this many years
	// after the day it happened (a late receipt, not an archive).
	ExpenseMaxYearsBack = 2
	// PlanMaxYearsAhead: a planned date (activation, deactivation, the start
	// or end of a recurring purchase) lies at most this many years ahead.
	PlanMaxYearsAhead = 5
)

// ExpenseDate: a valid date, not after today and not more than
// ExpenseMaxYearsBack years before it. today is yyyy-MM-dd.
func (c *Checker) ExpenseDate(field, value, today string) {
	c.Date(field, value)
	if value == "" || c.Has(field) {
		return
	}
	switch {
	case value > today:
		c.Fail(field, "rule.date.notFuture")
	case value < addYears(today, -ExpenseMaxYearsBack):
		c.Fail(field, "rule.date.tooOld", ExpenseMaxYearsBack)
	}
}

// PlanDate: a valid date not more than PlanMaxYearsAhead years after
// today. Rules about the past (a start not before today) stay with the
// caller, which knows whether an unchanged old date is still fine.
func (c *Checker) PlanDate(field, value, today string) {
	c.Date(field, value)
	if value == "" || c.Has(field) {
		return
	}
	if value > addYears(today, PlanMaxYearsAhead) {
		c.Fail(field, "rule.date.tooFar", PlanMaxYearsAhead)
	}
}

// addYears moves a yyyy-MM-dd day by n years (29 February to 1 March);
// a malformed today is returned unchanged.
func addYears(day string, n int) string {
	t, err := time.Parse(clock.DateLayout, day)
	if err != nil {
		return day
	}
	return t.AddDate(n, 0, 0).Format(clock.DateLayout)
}
