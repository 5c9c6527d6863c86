package productaccess

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/company"
	"mobility/portal/internal/database"
	"mobility/portal/internal/product"
	"mobility/portal/internal/user"
	"mobility/portal/internal/usergroup"
)

// Error labels of this package. PRODUCT_DEFAULT_IN_USE is
// internal/product's (deactivating a product answers it too); this package
// answers the same label for a revoke or a narrowed selection.
var (
	// LabelNotAllowed: a company selects a product or service resource its
	// partner does not allow.
	LabelNotAllowed = apperr.Define("PRODUCT_NOT_ALLOWED_BY_PARTNER")
	// LabelNotOffered: a product granted to a group its company does not
	// offer.
	LabelNotOffered = apperr.Define("PRODUCT_NOT_OFFERED")
	// LabelDisallowed: a partner selects a product platform staff
	// disallowed.
	LabelDisallowed = apperr.Define("PRODUCT_PLATFORM_DISALLOWED")
	// LabelNotUsable: a default product the user may not use.
	LabelNotUsable = apperr.Define("PRODUCT_NOT_USABLE")
)

// LabelDefaultInUse is SPEC §8's "product default must be removed for all
// employees first", defined (with its texts) by internal/product, whose
// deactivation answers it too.
var LabelDefaultInUse = product.LabelDefaultInUse

// ProductRef is internal/product's read model of a product, as this
// package reads it.
type ProductRef struct {
	ID     int64
	OspID  string
	ExtID  string
	Label  string
	Active bool
}

// ProductCatalog is internal/product's read model, wired in app.go
// (product cannot be imported here: it asks this package whether a
// product is some user's default). Both answer in batches (500 ids a
// query); unknown ids are absent; deactivated products are present with
// Active false.
type ProductCatalog interface {
	Refs(ctx context.Context, ospIDs []string) (map[string]ProductRef, error)
	ByIDs(ctx context.Context, ids []int64) (map[int64]ProductRef, error)
}

// productLocker is a catalogue that locks a product's row in the
// caller's transaction (internal/product's LockActive), so a default set
// and a deactivation of the product wait for each other.
type productLocker interface {
	LockActive(ctx context.Context, id int64) (bool, error)
}

// lockProduct takes the product's row lock when the catalogue offers it.
func (s *Service) lockProduct(ctx context.Context, id int64) error {
	if l, ok := s.products.(productLocker); ok {
		_, err := l.LockActive(ctx, id)
		return err
	}
	return nil
}

// ResourceRef is internal/resource's read model of a service resource.
type ResourceRef struct {
	OspID           string
	Name            string
	MobilityMode    string
	MrpPartnerOspID string
	Active          bool
}

// ServiceResources is internal/resource's read model of service resources
// (kind service only), wired in app.go: unknown ospIds and resources of
// another kind are absent; deactivated ones present with Active false.
type ServiceResources interface {
	Refs(ctx context.Context, ospIDs []string) (map[string]ResourceRef, error)
}

// Companies is what this package needs of internal/company.
type Companies interface {
	Resolve(ctx context.Context, p *access.Principal, ospID string) (*company.Resolved, error)
	Names(ctx context.Context, scope access.Scope, ids []int64) (map[int64]*company.Resolved, error)
	IDsOfPartner(ctx context.Context, partnerID int64) ([]int64, error)
}

// Groups is what this package needs of internal/usergroup.
type Groups interface {
	Resolve(ctx context.Context, p *access.Principal, ospID string) (*usergroup.Resolved, error)
	Refs(ctx context.Context, scope access.Scope, ids []int64) (map[int64]*usergroup.Resolved, error)
}

// Users is what this package needs of internal/user.
type Users interface {
	Resolve(ctx context.Context, p *access.Principal, ospID string) (*user.Resolved, error)
	ResolveID(ctx context.Context, scope access.Scope, id int64) (*user.Resolved, error)
	Displays(ctx context.Context, scope access.Scope, ids []int64) (map[int64]user.Display, error)
}

// Deps are the services productaccess is built on.
type Deps struct {
	DB        *database.DB
	Clock     clock.Clock
	Companies Companies
	Groups    Groups
	Users     Users
}

// Service decides and manages who may use which product.
type Service struct {
	d         Deps
	store     *store
	products  ProductCatalog
	resources ServiceResources
}

// NewService builds the service; UseCatalog hands it the catalogue.
func NewService(d Deps) *Service {
	if d.Clock == nil {
		d.Clock = clock.System{}
	}
	return &Service{d: d, store: &store{db: d.DB}}
}

// UseCatalog hands over internal/product's and internal/resource's read
// models (a nil one keeps what was handed over before); set at wiring,
// before any request. Until they are handed over the catalogue is empty:
// every product and service resource is unknown.
func (s *Service) UseCatalog(products ProductCatalog, resources ServiceResources) {
	if products != nil {
		s.products = products
	}
	if resources != nil {
		s.resources = resources
	}
}

func (s *Service) catalog() ProductCatalog {
	if s.products == nil {
		return noProducts{}
	}
	return s.products
}

func (s *Service) serviceResources() ServiceResources {
	if s.resources == nil {
		return noResources{}
	}
	return s.resources
}

// noProducts and noResources are the empty catalogue.
type (
	noProducts  struct{}
	noResources struct{}
)

func (noProducts) ByIDs(context.Context, []int64) (map[int64]ProductRef, error) {
	return map[int64]ProductRef{}, nil
}

func (noProducts) Refs(context.Context, []string) (map[string]ProductRef, error) {
	return map[string]ProductRef{}, nil
}

func (noResources) Refs(context.Context, []string) (map[string]ResourceRef, error) {
	return map[string]ResourceRef{}, nil
}
