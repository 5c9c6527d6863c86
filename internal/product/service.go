package product

import (
	"context"
	"errors"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/company"
	"mobility/portal/internal/database"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/usergroup"
)

// Error labels of this package.
var (
	// LabelDefaultInUse: SPEC §8, "product default must be removed for all
	// employees first" (deactivation here; productaccess's revocations use
	// the same label).
	LabelDefaultInUse = apperr.Define("PRODUCT_DEFAULT_IN_USE")
)

// Service manages products and their composition.
type Service struct {
	db        *database.DB
	store     *store
	clock     clock.Clock
	companies *company.Service
	groups    *usergroup.Service

	resources   ResourceCatalog
	defaults    DefaultUsage
	assignments Assignments
}

// Deps are what NewService needs.
type Deps struct {
	DB        *database.DB
	Clock     clock.Clock
	Companies *company.Service
	Groups    *usergroup.Service
}

// NewService builds the product service; Wire hands it its neighbours.
func NewService(d Deps) *Service {
	return &Service{db: d.DB, store: &store{db: d.DB}, clock: d.Clock, companies: d.Companies, groups: d.Groups}
}

var errTodo = errors.New("not implemented yet")

func (s *Service) FindAll(ctx context.Context, p *access.Principal, req FindAllRequest) ([]Product, error) {
	return nil, apperr.Internal(errTodo)
}

func (s *Service) Filter(ctx context.Context, p *access.Principal, req FilterRequest) (*paging.Page[Product], error) {
	return nil, apperr.Internal(errTodo)
}

func (s *Service) ByResource(ctx context.Context, p *access.Principal, req ByResourceRequest) ([]Product, error) {
	return nil, apperr.Internal(errTodo)
}

func (s *Service) ByAssignee(ctx context.Context, p *access.Principal, req ByAssigneeRequest) ([]Product, error) {
	return nil, apperr.Internal(errTodo)
}

func (s *Service) Create(ctx context.Context, p *access.Principal, req CreateRequest) (*Product, error) {
	return nil, apperr.Internal(errTodo)
}

func (s *Service) Update(ctx context.Context, p *access.Principal, req UpdateRequest) (*Product, error) {
	return nil, apperr.Internal(errTodo)
}

func (s *Service) SetActive(ctx context.Context, p *access.Principal, ospID string, active bool) (*Product, error) {
	return nil, apperr.Internal(errTodo)
}

func (s *Service) Composition(ctx context.Context, p *access.Principal, productOspID string) (*Composition, error) {
	return nil, apperr.Internal(errTodo)
}

func (s *Service) Details(ctx context.Context, p *access.Principal, req DetailsRequest) (*CompositionDetails, error) {
	return nil, apperr.Internal(errTodo)
}

func (s *Service) AddElements(ctx context.Context, p *access.Principal, req AddRequest) (*Composition, error) {
	return nil, apperr.Internal(errTodo)
}

func (s *Service) UpdateElement(ctx context.Context, p *access.Principal, req UpdateElementRequest) (*Composition, error) {
	return nil, apperr.Internal(errTodo)
}

func (s *Service) DeleteElement(ctx context.Context, p *access.Principal, req DeleteElementRequest) (*Composition, error) {
	return nil, apperr.Internal(errTodo)
}
