package deactivation

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/database"
	"mobility/portal/internal/paging"
)

// Deps are what the deactivation workflows use.
type Deps struct {
	DB    *database.DB
	Clock clock.Clock
}

// Service runs the deactivation workflows.
type Service struct {
	db    *database.DB
	clock clock.Clock
}

// NewService builds the service.
func NewService(d Deps) *Service { return &Service{db: d.DB, clock: d.Clock} }

func notYet() error {
	return apperr.New(apperr.KindInternal, apperr.LabelInternal, "not implemented yet")
}

// Request asks for a company's deactivation.
func (s *Service) Request(ctx context.Context, pr *access.Principal, req RequestRequest) (*CompanyDeactivation, error) {
	return nil, notYet()
}

// Current is the company's open or last request, nil when it has none.
func (s *Service) Current(ctx context.Context, pr *access.Principal, companyOspID string) (*CompanyDeactivation, error) {
	return nil, notYet()
}

// Withdraw withdraws the company's open request before it takes effect.
func (s *Service) Withdraw(ctx context.Context, pr *access.Principal, companyOspID string) (*CompanyDeactivation, error) {
	return nil, notYet()
}

// Handle confirms the company's open request (platform staff).
func (s *Service) Handle(ctx context.Context, pr *access.Principal, companyOspID string) (*CompanyDeactivation, error) {
	return nil, notYet()
}

// Filter pages through requests.
func (s *Service) Filter(ctx context.Context, pr *access.Principal, req FilterRequest) (*paging.Page[CompanyDeactivation], error) {
	return nil, notYet()
}

// ActivateCompany activates a deactivated company again.
func (s *Service) ActivateCompany(ctx context.Context, pr *access.Principal, companyOspID string) (*CompanyDeactivation, error) {
	return nil, notYet()
}

// DeactivatePartner starts a partner's deactivation.
func (s *Service) DeactivatePartner(ctx context.Context, pr *access.Principal, partnerOspID string) (*PartnerDeactivation, error) {
	return nil, notYet()
}

// ActivatePartner activates a partner again.
func (s *Service) ActivatePartner(ctx context.Context, pr *access.Principal, partnerOspID string) (*PartnerDeactivation, error) {
	return nil, notYet()
}

// PartnerProgress is the partner's last deactivation, nil when none.
func (s *Service) PartnerProgress(ctx context.Context, pr *access.Principal, partnerOspID string) (*PartnerDeactivation, error) {
	return nil, notYet()
}
