package seed

import (
	"context"
	"fmt"
	"strings"

	"mobility/portal/internal/expense"
	"mobility/portal/internal/money"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/reconciliation"
)

// reconcile makes a reconciliation problem of each status after the
// providers' files (issue 15), through the services: the second NMBS
// ticket corrected by 1.00 on the platform (MISMATCH against the file), a
// ticket booked with a provider booking id no file reports
// (MISSING_AT_PROVIDER), the files' unmatched lines (MISSING_AT_PLATFORM);
// then runs the reconciliation, and platform staff keep the platform's
// side of the KBC session on an unknown plate (RESOLVED). The rest match.
func (s *story) reconcile(ctx context.Context, firstTicket string) error {
	second := strings.TrimSuffix(firstTicket, "0001") + "0002"
	refs, err := s.app.Expenses.ByBookingIDs(ctx, []string{firstTicket, second})
	if err != nil {
		return err
	}
	first, ok1 := refs[firstTicket]
	corrected, ok2 := refs[second]
	if !ok1 || !ok2 {
		return fmt.Errorf("reconciliation: the NMBS tickets %s and %s were not booked", firstTicket, second)
	}
	if _, err := s.app.Expenses.Correct(ctx, s.staff, expense.CorrectRequest{OspID: corrected.OspID, Amount: money.Amount(-100),
		Remark: "Goodwill: train 40 minutes late"}); err != nil {
		return fmt.Errorf("reconciliation, correction: %w", err)
	}
	nmbs, err := s.app.Expenses.ResolveMRP(ctx, expense.MrpNMBS)
	if err != nil {
		return err
	}
	if _, err := s.app.Expenses.BookProvider(ctx, expense.ProviderBooking{UserID: first.UserID, CompanyID: first.CompanyID, Mrp: nmbs,
		BudgetID: first.BudgetID, Amount: 1340, VatBasisPoints: 600, Date: first.ExpenseDate,
		BookingID: strings.TrimSuffix(firstTicket, "0001") + "9001", ExternalReference: "TK-MANUAL", MobilityMode: "TRAIN",
		Description: "NMBS/SNCB ticket booked at the counter"}); err != nil {
		return fmt.Errorf("reconciliation, booking: %w", err)
	}
	if _, err := s.app.Reconciliation.Run(ctx); err != nil {
		return fmt.Errorf("reconciliation run: %w", err)
	}
	kbc, err := s.app.Reconciliation.Problems(ctx, s.staff, reconciliation.ProblemsRequest{Provider: "KBC",
		Status: reconciliation.StatusMissingAtPlatform, Pagination: paging.Pagination{Page: 1, Size: 1}})
	if err != nil {
		return err
	}
	if len(kbc.Content) != 1 {
		return fmt.Errorf("reconciliation: no KBC line missing at the platform")
	}
	_, err = s.app.Reconciliation.Override(ctx, s.staff, reconciliation.OverrideRequest{BookingID: kbc.Content[0].BookingID,
		Decision: reconciliation.DecisionKeepPlatform, Remark: "Plate not registered with any of our users"})
	return err
}
