package resource

import (
	"context"
	"errors"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/database"
	"mobility/portal/internal/paging"
)

// Partner is what resource needs of a partner (partner owns them).
type Partner struct {
	ID     int64
	OspID  string
	Name   string
	Type   string
	Active bool
}

// Company is what resource needs of a corporate account (company owns them).
type Company struct {
	ID    int64
	OspID string
	Name  string
}

// Partners is how resource reads partners: partner sits beside resource
// and is handed over at wiring (internal/server), so neither imports the
// other. Providers are public to every admin (partner/mrp/getAll), so no
// scope applies.
type Partners struct {
	// ByOspID finds a partner; NOT_FOUND when there is none.
	ByOspID func(ctx context.Context, ospID string) (*Partner, error)
	// ByIDs finds partners by id, one query per 500 ids.
	ByIDs func(ctx context.Context, ids []int64) (map[int64]Partner, error)
}

// Companies is how resource reads corporate accounts (gas-station owners).
type Companies struct {
	// Resolve finds a company within the caller's scope; another tenant's
	// or an unknown one is NOT_FOUND.
	Resolve func(ctx context.Context, p *access.Principal, ospID string) (*Company, error)
	// ByIDs finds companies by id within scope, one query per 500 ids.
	ByIDs func(ctx context.Context, scope access.Scope, ids []int64) (map[int64]Company, error)
}

// Deps are what the service is built from.
type Deps struct {
	DB        *database.DB
	Clock     clock.Clock
	Partners  Partners
	Companies Companies
}

// Service manages the catalogue's resources, groups, labels, icons and
// gas-station owners.
type Service struct {
	db        *database.DB
	store     *store
	clock     clock.Clock
	partners  Partners
	companies Companies
}

// NewService builds the service.
func NewService(d Deps) *Service {
	return &Service{db: d.DB, store: &store{db: d.DB}, clock: d.Clock, partners: d.Partners, companies: d.Companies}
}

var errTodo = apperr.Internal(errors.New("not implemented yet"))

// Create adds a resource of kind (active).
func (s *Service) Create(ctx context.Context, p *access.Principal, kind string, in input) (*detail, error) {
	return nil, errTodo
}

// Update replaces a resource of kind.
func (s *Service) Update(ctx context.Context, p *access.Principal, kind, ospID string, in input) (*detail, error) {
	return nil, errTodo
}

// Get returns a resource of kind.
func (s *Service) Get(ctx context.Context, p *access.Principal, kind, ospID string) (*detail, error) {
	return nil, errTodo
}

// FilterKind pages through a kind's resources.
func (s *Service) FilterKind(ctx context.Context, p *access.Principal, kind string, req KindFilterRequest) ([]detail, int, paging.Pagination, error) {
	return nil, 0, paging.Pagination{}, errTodo
}

// SetActive activates or deactivates a resource of kind.
func (s *Service) SetActive(ctx context.Context, p *access.Principal, kind, ospID string, active bool) (*detail, error) {
	return nil, errTodo
}

// Delete archives a resource of kind.
func (s *Service) Delete(ctx context.Context, p *access.Principal, kind, ospID string) error {
	return errTodo
}

// Filter pages through resources of every kind.
func (s *Service) Filter(ctx context.Context, p *access.Principal, req FilterRequest) (*paging.Page[Summary], error) {
	return nil, errTodo
}

// ByLabel pages through the resources that carry a label.
func (s *Service) ByLabel(ctx context.Context, p *access.Principal, req ByLabelRequest) (*paging.Page[Summary], error) {
	return nil, errTodo
}

// FindAll lists every resource of kind by name.
func (s *Service) FindAll(ctx context.Context, p *access.Principal, kind string, active *bool) ([]Summary, error) {
	return nil, errTodo
}

// MobilityModes lists the mobility modes in the caller's language.
func (s *Service) MobilityModes(ctx context.Context) []MobilityMode { return []MobilityMode{} }

// CheckCron checks a fee schedule.
func (s *Service) CheckCron(ctx context.Context, expr string) *CronCheck {
	return &CronCheck{NextOccurrences: []string{}}
}

// DeleteIcon removes a service resource's icon.
func (s *Service) DeleteIcon(ctx context.Context, p *access.Principal, ospID string) error { return errTodo }

// CreateLabel adds a label.
func (s *Service) CreateLabel(ctx context.Context, p *access.Principal, req LabelWrite) (*Label, error) {
	return nil, errTodo
}

// UpdateLabel changes a label's texts.
func (s *Service) UpdateLabel(ctx context.Context, p *access.Principal, req LabelUpdate) (*Label, error) {
	return nil, errTodo
}

// GetLabel returns a label.
func (s *Service) GetLabel(ctx context.Context, p *access.Principal, ospID string) (*Label, error) {
	return nil, errTodo
}

// FilterLabels pages through labels.
func (s *Service) FilterLabels(ctx context.Context, p *access.Principal, req LabelFilterRequest) (*paging.Page[Label], error) {
	return nil, errTodo
}

// SetLabelActive activates or deactivates a label.
func (s *Service) SetLabelActive(ctx context.Context, p *access.Principal, ospID string, active bool) (*Label, error) {
	return nil, errTodo
}

// DeleteLabel archives a label.
func (s *Service) DeleteLabel(ctx context.Context, p *access.Principal, ospID string) error { return errTodo }

// CreateGroup adds a group.
func (s *Service) CreateGroup(ctx context.Context, p *access.Principal, req GroupWrite) (*GroupDetail, error) {
	return nil, errTodo
}

// UpdateGroup renames a group.
func (s *Service) UpdateGroup(ctx context.Context, p *access.Principal, req GroupUpdate) (*GroupDetail, error) {
	return nil, errTodo
}

// GetGroup returns a group with its members.
func (s *Service) GetGroup(ctx context.Context, p *access.Principal, ospID string) (*GroupDetail, error) {
	return nil, errTodo
}

// FindAllGroups lists every group.
func (s *Service) FindAllGroups(ctx context.Context, p *access.Principal, active *bool) ([]Group, error) {
	return nil, errTodo
}

// FilterGroups pages through groups.
func (s *Service) FilterGroups(ctx context.Context, p *access.Principal, req GroupFilterRequest) (*paging.Page[Group], error) {
	return nil, errTodo
}

// ChangeMembers adds resources to or removes them from a group.
func (s *Service) ChangeMembers(ctx context.Context, p *access.Principal, req GroupMembersRequest, add bool) (*GroupDetail, error) {
	return nil, errTodo
}

// SetGroupActive activates or deactivates a group.
func (s *Service) SetGroupActive(ctx context.Context, p *access.Principal, ospID string, active bool) (*GroupDetail, error) {
	return nil, errTodo
}

// DeleteGroup archives a group.
func (s *Service) DeleteGroup(ctx context.Context, p *access.Principal, ospID string) error { return errTodo }

// Owners returns a station's owner periods.
func (s *Service) Owners(ctx context.Context, p *access.Principal, stationOspID string) (*StationOwners, error) {
	return nil, errTodo
}

// ReplaceOwners replaces a station's owner periods.
func (s *Service) ReplaceOwners(ctx context.Context, p *access.Principal, req OwnersUpdate) (*StationOwners, error) {
	return nil, errTodo
}

// ByOwner lists a company's stations.
func (s *Service) ByOwner(ctx context.Context, p *access.Principal, req ByOwnerRequest) ([]OwnedStation, error) {
	return nil, errTodo
}

// FuelPartners lists the MRP partners that offer gas stations.
func (s *Service) FuelPartners(ctx context.Context) ([]FuelPartner, error) { return nil, errTodo }
