package seed

import (
	"context"
	"fmt"

	"mobility/portal/internal/access"
	"mobility/portal/internal/userfee"
)

// demoUserFees gives MobiPartner (Acme's and Globex's MSP) its user fee
// tiers through the user fee service, so the monthly invoice runs that
// follow charge its companies' app users: 1–10 events €0.50, 11–50 €1.00,
// 51–1000 €1.50, each plus 21 % VAT.
func demoUserFees(ctx context.Context, d Deps) error {
	staff := &access.Principal{Roles: []access.Role{access.OspAdmin}, Scope: access.SystemScope()}
	for _, t := range []struct {
		from, to int
		amount   int64
	}{{1, 10, 50}, {11, 50, 100}, {51, 1000, 150}} {
		if _, err := d.UserFees.Create(ctx, staff, userfee.TierWrite{AssigneeType: userfee.AssigneePartner,
			AssigneeOspID: MobiPartnerOspID, EventCountFrom: t.from, EventCountTo: t.to, Amount: t.amount, VatPercent: 21}); err != nil {
			return fmt.Errorf("seed user fee tier %d-%d: %w", t.from, t.to, err)
		}
	}
	return nil
}
