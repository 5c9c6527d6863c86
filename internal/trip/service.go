package trip

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/company"
	"mobility/portal/internal/database"
	"mobility/portal/internal/user"
)

// Error labels of the trip configuration.
var (
	// LabelBusinessTripsNotEnabled: a business-trip setting (or trip) for a
	// user of a company that has not enabled business trips (SPEC §8).
	LabelBusinessTripsNotEnabled = apperr.Define("BUSINESS_TRIPS_NOT_ENABLED")
	// LabelTaxFreeRatesOverlap: two periods of one kind's tax-free rate
	// may not overlap.
	LabelTaxFreeRatesOverlap = apperr.Define("TAX_FREE_RATES_OVERLAP")
)

// Deps are what the service is built from: trip reads users and companies
// through their read models.
type Deps struct {
	DB        *database.DB
	Clock     clock.Clock
	Companies *company.Service
	Users     *user.Service
}

// Service is the trip domain.
type Service struct {
	db        *database.DB
	store     *store
	clock     clock.Clock
	companies *company.Service
	users     *user.Service
}

// NewService builds the service.
func NewService(d Deps) *Service {
	return &Service{db: d.DB, store: &store{db: d.DB}, clock: d.Clock, companies: d.Companies, users: d.Users}
}

// today is the current day in Brussels, yyyy-MM-dd.
func (s *Service) today() string { return s.clock.Now().In(clock.Brussels).Format("2006-01-02") }

// appUser resolves a user the principal may reach who belongs to a
// company (trip settings are an employee's); others answer NOT_FOUND.
func (s *Service) appUser(ctx context.Context, p *access.Principal, ospID string) (*user.Resolved, error) {
	u, err := s.users.Resolve(ctx, p, ospID)
	if err != nil {
		return nil, err
	}
	if u.CompanyID == 0 {
		return nil, apperr.NotFound("user")
	}
	return u, nil
}
