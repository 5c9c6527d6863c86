package invoice

import (
	"cmp"
	"slices"

	"mobility/portal/internal/clock"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/invoice/document"
	"mobility/portal/internal/money"
	"mobility/portal/internal/userfee"
)

// userFees adds one USER_FEE line per (fee, VAT rate) of the month's user
// fee charges: quantity the number of users, unit price the fee, net their
// product (exact: no rounding). Charges of 0 bill nothing.
func (b *lineBuilder) userFees(charges []userfee.Charge) error {
	type key struct {
		amount int64
		bp     int
	}
	groups := map[key][]userfee.Charge{}
	for _, c := range charges {
		if c.Amount == 0 {
			continue
		}
		k := key{c.Amount, c.VatBasisPoints}
		groups[k] = append(groups[k], c)
	}
	keys := make([]key, 0, len(groups))
	for k := range groups {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b key) int { return cmp.Or(cmp.Compare(a.amount, b.amount), cmp.Compare(a.bp, b.bp)) })
	for _, k := range keys {
		cs := groups[k]
		net, err := mulDivRound(k.amount, int64(len(cs)), 1)
		if err != nil {
			return err
		}
		items := make([]document.Item, 0, len(cs))
		for _, c := range cs {
			gross, err := money.Add(c.Amount, c.VatAmount)
			if err != nil {
				return err
			}
			items = append(items, document.Item{ItemType: ItemUserFee, Reference: c.BudgetTxOspID, UserOspID: c.UserOspID,
				UserName: c.UserName, Date: monthEnd(c.Month), Description: i18n.T(b.lang, "invoice.userFeeEvents", c.EventCount),
				GrossAmount: gross, VatBasisPoints: c.VatBasisPoints})
		}
		b.add(document.Line{LineType: LineUserFee, Description: i18n.T(b.lang, "invoice.userFee"),
			QuantityMilli: int64(len(cs)) * 1000, UnitPrice: k.amount, NetAmount: net, VatBasisPoints: k.bp}, items)
	}
	return nil
}

// monthEnd is the last day of a yyyyMM month ("" when it is not one).
func monthEnd(s string) string {
	m, ok := clock.ParseMonth(s)
	if !ok {
		return ""
	}
	return m.LastDay()
}
