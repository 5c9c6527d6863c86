package resource

import (
	"context"
	"fmt"
	"slices"
	"time"

	"mobility/portal/internal/apperr"
)

// Read model of the invoice run: resources with their fees and MRP
// partner (who is paid through self-billing), and the occurrences of a
// fee's schedule in a month.

// Billing is a resource as the invoice run bills it.
type Billing struct {
	ID           int64
	OspID        string
	ExtID        string
	Name         string
	MobilityMode string
	MrpPartnerID int64
	Fees         []BillingFee
}

// BillingFee is one fee of a resource; amounts net (excl. VAT), cents.
type BillingFee struct {
	Position       int
	FeeType        string // FIXED or VARIABLE
	Amount         int64
	Unit           string // VARIABLE: MINUTE, HOUR, DAY, KM, KWH, LITRE
	VatBasisPoints int
	Cron           string
	ProRata        bool
	OnUserBudget   bool
	Description    string
}

// BillingByIDs returns resources by id, whatever their state (a booking
// of a resource since archived is still billed), with their fees: one
// query per 500 ids for each.
func (s *Service) BillingByIDs(ctx context.Context, ids []int64) (map[int64]Billing, error) {
	ids = slices.Clone(ids)
	slices.Sort(ids)
	rows, err := s.store.byIDs(ctx, slices.Compact(ids))
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return s.billing(ctx, rows)
}

// ActiveBillingByOspIDs returns the active resources among ospIDs (a
// company's selected service resources), by id, with their fees.
func (s *Service) ActiveBillingByOspIDs(ctx context.Context, ospIDs []string) (map[int64]Billing, error) {
	rows, err := s.store.activeByOspIDs(ctx, AnyKind, dedupe(ospIDs))
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return s.billing(ctx, rows)
}

func (s *Service) billing(ctx context.Context, rows []row) (map[int64]Billing, error) {
	out := make(map[int64]Billing, len(rows))
	ids := make([]int64, 0, len(rows))
	for _, r := range rows {
		out[r.ID] = Billing{ID: r.ID, OspID: r.OspID, ExtID: r.ExtID, Name: r.Name, MobilityMode: r.MobilityMode, MrpPartnerID: r.MrpPartnerID}
		ids = append(ids, r.ID)
	}
	fees, err := s.store.fees(ctx, ids)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	for _, f := range fees {
		b := out[f.ResourceID]
		unit := ""
		if f.Unit != nil {
			unit = *f.Unit
		}
		b.Fees = append(b.Fees, BillingFee{Position: f.Position, FeeType: f.FeeType, Amount: f.Amount, Unit: unit,
			VatBasisPoints: int(f.VatBasisPoints), Cron: f.Cron, ProRata: f.ProRata, OnUserBudget: f.OnUserBudget,
			Description: f.Description})
		out[f.ResourceID] = b
	}
	return out, nil
}

// CronOccurrences counts the times a fee schedule fires in [from, to)
// (Europe/Brussels, as the schedule is read).
func CronOccurrences(expr string, from, to time.Time) (int, error) {
	sched, rule := parseCron(expr)
	if rule != "" {
		return 0, fmt.Errorf("resource: fee schedule %q: %s", expr, rule)
	}
	n := 0
	// Next is strictly after its argument: start a moment before from
	for t := sched.Next(from.Add(-time.Second)); !t.IsZero() && t.Before(to); t = sched.Next(t) {
		n++
	}
	return n, nil
}

// ProviderIDs lists the partners that offer resources (archived ones
// too: their bookings are still billed), for the invoice run's
// self-billing. One query.
func (s *Service) ProviderIDs(ctx context.Context) ([]int64, error) {
	ids, err := s.store.providerIDs(ctx)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return ids, nil
}
