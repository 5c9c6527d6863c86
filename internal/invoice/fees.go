package invoice

import (
	"context"
	"slices"

	"mobility/portal/internal/budget"
	"mobility/portal/internal/company"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/invoice/document"
	"mobility/portal/internal/resource"
)

// Fee types of the catalogue (resource_fees.fee_type).
const (
	feeFixed    = "FIXED"
	feeVariable = "VARIABLE"
)

// loadCatalogue reads, for the month's run, the service resources each
// company offers and every resource the month's expenses were booked on,
// with their fees (a few batched queries for all companies).
func (s *Service) loadCatalogue(ctx context.Context, d *monthData, companies []company.Invoicing) error {
	d.selected = map[int64][]int64{}
	d.resources = map[int64]resource.Billing{}
	if s.resources == nil {
		return nil
	}
	if s.catalogues != nil {
		owners := make(map[int64]int64, len(companies))
		for _, c := range companies {
			owners[c.ID] = c.PartnerID
		}
		cats, err := s.catalogues.CompanyCatalogues(ctx, owners)
		if err != nil {
			return err
		}
		var osp []string
		for _, cat := range cats {
			osp = append(osp, cat.SelectedServiceResources...)
		}
		offered, err := s.resources.ActiveBillingByOspIDs(ctx, osp)
		if err != nil {
			return err
		}
		idOf := make(map[string]int64, len(offered))
		for id, r := range offered {
			idOf[r.OspID] = id
			d.resources[id] = r
		}
		for companyID, cat := range cats {
			for _, o := range cat.SelectedServiceResources {
				if id, ok := idOf[o]; ok {
					d.selected[companyID] = append(d.selected[companyID], id)
				}
			}
		}
	}
	var booked []int64
	for _, e := range d.expenses {
		if e.ResourceID != nil {
			if _, ok := d.resources[*e.ResourceID]; !ok {
				booked = append(booked, *e.ResourceID)
			}
		}
	}
	more, err := s.resources.BillingByIDs(ctx, booked)
	if err != nil {
		return err
	}
	for id, r := range more {
		d.resources[id] = r
	}
	return nil
}

// usage is a resource's bookings in the month by one company: how many,
// and the quantity used (thousandths of the fee's unit).
type usage struct {
	bookings int64
	milli    int64
}

// fees adds one RESOURCE_FEE line per (resource, fee) charged to the
// company (fees with onUserBudget=false) of the service resources it
// offers and the resources its month's expenses were booked on:
//   - FIXED with a schedule: the amount once per occurrence in the month
//     (Europe/Brussels); pro rata when the company existed only part of
//     the month and the fee says so (days active / days, rounded once);
//   - FIXED without a schedule: the amount per booking in the month;
//   - VARIABLE: the amount per unit x the bookings' quantity, rounded once.
//
// Amounts are net; nothing owed, no line.
func (b *lineBuilder) fees(data *monthData, c company.Invoicing, rows []budget.MonthExpense) error {
	used := map[int64]*usage{}
	ids := slices.Clone(data.selected[c.ID])
	for _, r := range rows {
		e := data.expenses[r.ExpenseID]
		if e.ResourceID == nil {
			continue
		}
		id := *e.ResourceID
		ids = append(ids, id)
		if !r.Booked {
			continue // a correction of an earlier month's booking
		}
		u := used[id]
		if u == nil {
			u = &usage{}
			used[id] = u
		}
		u.bookings++
		if e.QuantityMilli != nil {
			u.milli += *e.QuantityMilli
		}
	}
	slices.Sort(ids)
	for _, id := range slices.Compact(ids) {
		res, ok := data.resources[id]
		if !ok {
			continue
		}
		u := used[id]
		if u == nil {
			u = &usage{}
		}
		for _, f := range res.Fees {
			if f.OnUserBudget {
				continue // charged on the user's budget when booked
			}
			if err := b.fee(data.m, c, res, f, u); err != nil {
				return err
			}
		}
	}
	return nil
}

// fee adds the line of one fee, if anything is owed.
func (b *lineBuilder) fee(m month, c company.Invoicing, res resource.Billing, f resource.BillingFee, u *usage) error {
	l := document.Line{LineType: LineResourceFee, MobilityMode: res.MobilityMode, VatBasisPoints: f.VatBasisPoints,
		Description: feeDescription(b.lang, res, f)}
	switch {
	case f.FeeType == feeFixed && f.Cron != "":
		n, err := resource.CronOccurrences(f.Cron, m.Start(), m.End())
		if err != nil || n == 0 {
			return err
		}
		active, days := activeDays(c, m), int64(m.Days())
		if f.ProRata && active < days {
			full, err := mulDivRound(f.Amount, int64(n), 1)
			if err != nil {
				return err
			}
			if l.NetAmount, err = mulDivRound(full, active, days); err != nil {
				return err
			}
			l.QuantityMilli, l.UnitPrice = 1000, l.NetAmount
			break
		}
		if err := perUnit(&l, f.Amount, int64(n)); err != nil {
			return err
		}
	case f.FeeType == feeFixed:
		if err := perUnit(&l, f.Amount, u.bookings); err != nil {
			return err
		}
	case f.FeeType == feeVariable:
		net, err := mulDivRound(f.Amount, u.milli, 1000)
		if err != nil {
			return err
		}
		l.QuantityMilli, l.UnitPrice, l.NetAmount = 1000, net, net
	}
	if l.NetAmount == 0 {
		return nil
	}
	vat, err := mulDivRound(l.NetAmount, int64(f.VatBasisPoints), 10000)
	if err != nil {
		return err
	}
	b.add(l, []document.Item{{ItemType: ItemFee, Reference: res.ExtID, Date: m.LastDay(), MobilityMode: res.MobilityMode,
		Description: l.Description, GrossAmount: l.NetAmount + vat, VatBasisPoints: f.VatBasisPoints}})
	return nil
}

// perUnit makes l n times amount: quantity n, unit price amount.
func perUnit(l *document.Line, amount, n int64) error {
	net, err := mulDivRound(amount, n, 1)
	if err != nil {
		return err
	}
	l.QuantityMilli, l.UnitPrice, l.NetAmount = n*1000, amount, net
	return nil
}

// activeDays is how many days of the month the company existed (from the
// day it was created).
func activeDays(c company.Invoicing, m month) int64 {
	days := int64(m.Days())
	created := monthDay(c.CreatedAt)
	switch {
	case created.m.Index() < m.Index():
		return days
	case created.m.Index() > m.Index():
		return 0
	default:
		return days - int64(created.day) + 1
	}
}

func feeDescription(lang i18n.Lang, res resource.Billing, f resource.BillingFee) string {
	what := f.Description
	if what == "" {
		what = i18n.T(lang, "invoice.fee."+f.FeeType)
	}
	return res.Name + " – " + what
}
