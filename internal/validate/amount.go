package validate

import (
	"mobility/portal/internal/money"
)

// AmountInBounds refuses an amount outside ±money.MaxAmount, naming the
// field. api.Decode checks every money.Amount of a request already; the
// services check again because jobs and imports reach them without HTTP.
func (c *Checker) AmountInBounds(field string, a money.Amount) bool {
	if a.InBounds() {
		return true
	}
	c.Fail(field, "money.rule.amountRange", money.FormatEuro(-money.MaxAmount, string(c.lang)), money.FormatEuro(money.MaxAmount, string(c.lang)))
	return false
}
