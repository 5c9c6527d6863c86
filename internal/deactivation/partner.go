package deactivation

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/database"
	"mobility/portal/internal/partner"
)

// BackgroundTimeout bounds one background pass over the running partner
// deactivations; what it leaves is picked up by the next pass or by the
// jobs runner's "partner-deactivation" job.
const BackgroundTimeout = 30 * time.Minute

// DeactivatePartner deactivates a partner with all its companies, their
// users and budgets (platform staff). The partner and its own admins are
// switched off at once and its active companies are listed; each company
// is then deactivated in its own transaction and marked done there, by a
// background pass started now and by the jobs runner, so a crash part-way
// resumes with the rest and never does a company twice or by half.
func (s *Service) DeactivatePartner(ctx context.Context, pr *access.Principal, partnerOspID string) (*PartnerDeactivation, error) {
	pa, err := s.partners.Resolve(ctx, pr.Scope, partnerOspID)
	if err != nil {
		return nil, err
	}
	var run *partnerRow
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		last, err := s.store.lastPartner(ctx, pa.ID)
		if err == nil && last.Status == PartnerRunning {
			run = last // asked twice: the same run goes on
			return nil
		}
		if err != nil && !database.IsNoRows(err) {
			return err
		}
		if !pa.Active {
			return conflict(ctx, LabelPartnerAlreadyInactive)
		}
		if err := s.partners.SetActive(ctx, pa.ID, false); err != nil {
			return err
		}
		if _, err := s.users.DeactivatePartnerUsers(ctx, pr.Scope, pa.ID); err != nil {
			return err
		}
		ids, err := s.companies.ActiveIDsOfPartner(ctx, pr.Scope, pa.ID)
		if err != nil {
			return err
		}
		now := s.now()
		run = &partnerRow{PartnerID: pa.ID, Status: PartnerRunning, StartedOn: s.today(), StartedBy: &pr.UserID,
			CompaniesTotal: len(ids), StartedAt: now}
		if len(ids) == 0 {
			run.Status, run.FinishedAt = PartnerDone, &now
		}
		err = s.store.insertPartner(ctx, run, ids)
		if database.IsUniqueViolation(err) { // a concurrent call started it
			return conflict(ctx, LabelPartnerRunning)
		}
		return err
	})
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	if run.Status == PartnerRunning {
		s.Kick()
	}
	return s.progress(ctx, pa, run.ID)
}

// ActivatePartner makes a deactivated partner active again with its own
// admins; its companies stay deactivated until activated one by one.
func (s *Service) ActivatePartner(ctx context.Context, pr *access.Principal, partnerOspID string) (*PartnerDeactivation, error) {
	pa, err := s.partners.Resolve(ctx, pr.Scope, partnerOspID)
	if err != nil {
		return nil, err
	}
	var runID int64
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		last, err := s.store.lastPartner(ctx, pa.ID)
		if err != nil && !database.IsNoRows(err) {
			return err
		}
		hasRun := err == nil
		if hasRun && last.Status == PartnerRunning {
			return conflict(ctx, LabelPartnerRunning)
		}
		if pa.Active {
			return conflict(ctx, LabelPartnerActive)
		}
		if err := s.partners.SetActive(ctx, pa.ID, true); err != nil {
			return err
		}
		if _, err := s.users.ReactivatePartnerUsers(ctx, pr.Scope, pa.ID); err != nil {
			return err
		}
		if hasRun {
			runID = last.ID
			return s.store.activatedPartner(ctx, last.ID, s.now())
		}
		return nil
	})
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	if runID == 0 {
		return &PartnerDeactivation{PartnerOspID: pa.OspID, Status: PartnerActivated, PartnerActive: true,
			StartedOn: s.now().Format(time.RFC3339)}, nil
	}
	pa.Active = true
	return s.progress(ctx, pa, runID)
}

// PartnerProgress is the partner's last deactivation, nil when none.
func (s *Service) PartnerProgress(ctx context.Context, pr *access.Principal, partnerOspID string) (*PartnerDeactivation, error) {
	pa, err := s.partners.Resolve(ctx, pr.Scope, partnerOspID)
	if err != nil {
		return nil, err
	}
	last, err := s.store.lastPartner(ctx, pa.ID)
	if database.IsNoRows(err) {
		return nil, nil
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return s.progressOf(pa, last), nil
}

func (s *Service) progress(ctx context.Context, pa *partner.Partner, runID int64) (*PartnerDeactivation, error) {
	r, err := s.store.partnerByID(ctx, runID)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	// read again: the partner's flag may have changed in the transaction
	fresh, err := s.partners.ByID(ctx, access.SystemScope(), pa.ID)
	if err != nil {
		return nil, err
	}
	return s.progressOf(fresh, r), nil
}

func (s *Service) progressOf(pa *partner.Partner, r *partnerRow) *PartnerDeactivation {
	out := &PartnerDeactivation{PartnerOspID: pa.OspID, Status: r.Status, CompaniesDone: r.CompaniesDone,
		CompaniesTotal: r.CompaniesTotal, StartedOn: r.StartedAt.Format(time.RFC3339), PartnerActive: pa.Active}
	if r.FinishedAt != nil {
		f := r.FinishedAt.Format(time.RFC3339)
		out.FinishedOn = &f
	}
	return out
}

// Kick starts the background pass over the running partner deactivations
// unless one is going; a pass going on looks again before it ends.
func (s *Service) Kick() {
	s.again.Store(true)
	if !s.busy.CompareAndSwap(false, true) {
		return
	}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		for {
			s.again.Store(false)
			ctx, cancel := context.WithTimeout(context.Background(), BackgroundTimeout)
			if _, err := s.ResumePartners(ctx); err != nil {
				slog.Error("partner deactivation", "err", err)
			}
			cancel()
			s.busy.Store(false)
			// a kick that came while busy saw busy and left the work to us
			if !s.again.Load() || !s.busy.CompareAndSwap(false, true) {
				return
			}
		}
	}()
}

// WaitIdle waits until the background pass has ended (tests, shutdown).
func (s *Service) WaitIdle() { s.wg.Wait() }

// PartnerResult is what a pass over running partner deactivations did.
type PartnerResult struct {
	Companies int // companies deactivated by this pass
	Finished  int // partner deactivations completed
}

// ResumePartners carries on every running partner deactivation (the jobs
// runner's "partner-deactivation" job and the background pass): each
// company in its own transaction, marked done there; a company another
// pass did meanwhile is skipped.
func (s *Service) ResumePartners(ctx context.Context) (PartnerResult, error) {
	var res PartnerResult
	runs, err := s.store.runningPartners(ctx)
	if err != nil {
		return res, err
	}
	for _, id := range runs {
		if err := s.resumePartner(ctx, id, &res); err != nil {
			return res, err
		}
	}
	return res, nil
}

// errInjected is the failure tests inject part-way (SetFailAfter).
var errInjected = errors.New("injected failure")

func (s *Service) resumePartner(ctx context.Context, runID int64, res *PartnerResult) error {
	run, err := s.store.partnerByID(ctx, runID)
	if err != nil {
		return err
	}
	pending, err := s.store.pendingCompanies(ctx, runID)
	if err != nil {
		return err
	}
	for _, companyID := range pending {
		if err := ctx.Err(); err != nil {
			return err
		}
		if s.failAfter != nil {
			if err := s.failAfter(res.Companies); err != nil {
				return err
			}
		}
		done := false
		err := s.db.WithTx(ctx, func(ctx context.Context) error {
			claimed, err := s.store.claimCompany(ctx, runID, companyID, s.now())
			if err != nil || !claimed {
				return err
			}
			done = true
			return s.deactivateForPartner(ctx, run, companyID)
		})
		if err != nil {
			return fmt.Errorf("partner deactivation %d, company %d: %w", runID, companyID, err)
		}
		if done {
			res.Companies++
		}
	}
	finished, err := s.store.finishPartner(ctx, runID, s.now())
	if err != nil {
		return err
	}
	if finished {
		res.Finished++
	}
	return nil
}

// deactivateForPartner deactivates one company of a partner deactivation,
// effective on the day the partner's deactivation started: its open
// request, if any, takes effect now; otherwise a request is recorded as
// handled by whoever deactivated the partner.
func (s *Service) deactivateForPartner(ctx context.Context, run *partnerRow, companyID int64) error {
	// the background pass and the jobs act for no signed-in user
	active, err := s.companyActive(ctx, access.SystemScope(), companyID)
	if err != nil || !active {
		return err // switched off meanwhile: nothing to do
	}
	r, err := s.store.open(ctx, access.SystemScope(), companyID)
	now := s.now()
	switch {
	case database.IsNoRows(err):
		r = &companyRow{OspID: uuid.NewString(), CorporateAccountID: companyID, Remark: "partner deactivation",
			RequestedOn: run.StartedOn, RequestedBy: run.StartedBy, HandleBy: run.StartedOn, CreatedAt: now}
	case err != nil:
		return err
	}
	if err := effectiveFrom(r, run.StartedOn, run.StartedOn); err != nil {
		return err
	}
	r.Status, r.HandledBy, r.PartnerDeactivationID, r.UpdatedAt = StatusHandled, run.StartedBy, &run.ID, now
	if r.ID == 0 {
		if err := s.store.insertCompany(ctx, r); err != nil {
			return err
		}
	}
	return s.takeEffect(ctx, r)
}
