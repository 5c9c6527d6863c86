package product

import "context"

// What product needs from the packages around it, as small interfaces
// wired in internal/server/app.go (Service.Wire), so product imports none
// of them and none of them has to import product.

// ResourceRef is what the catalogue of resources (internal/resource) says
// about a resource group or a resource.
type ResourceRef struct {
	ID              int64
	OspID           string
	Kind            string // one of ElementKinds
	Name            string
	MobilityMode    string
	MrpPartnerOspID string
	Active          bool
}

// ResourceCatalog is internal/resource's read model, as product reads it.
// Both answer in batches; unknown ids are absent from the answer.
type ResourceCatalog interface {
	// Refs resolves resource-group or resource ospIds of one kind
	// (KindResourceGroup, KindService or KindRentalCar) to what the
	// catalogue says of them, deactivated ones included (Active false).
	Refs(ctx context.Context, kind string, ospIDs []string) (map[string]ResourceRef, error)
	// GroupMembers lists the resources (ospIds) of each resource group,
	// deactivated groups included.
	GroupMembers(ctx context.Context, groupOspIDs []string) (map[string][]string, error)
}

// DefaultUsage is internal/productaccess's read model of users' default
// products: a product some user has as default may not be deactivated
// (SPEC §8).
type DefaultUsage interface {
	UsersWithDefault(ctx context.Context, productID int64) (int, error)
}

// Assignments is internal/productaccess's read model of who may offer or
// use which product: the products a company offers its employees (its
// available-products selection) and those granted to a user group. The
// caller has resolved the company or group within its scope.
type Assignments interface {
	CompanyProductIDs(ctx context.Context, companyID int64) ([]int64, error)
	GroupProductIDs(ctx context.Context, groupID int64) ([]int64, error)
}

// Wiring is what app.go hands over. A nil field is a neighbour not built
// yet: no resources (nothing can be added to a composition, and existing
// elements show as unknown), no default products, no assignments.
type Wiring struct {
	Resources   ResourceCatalog
	Defaults    DefaultUsage
	Assignments Assignments
}

// Wire sets the neighbours, before any request.
func (s *Service) Wire(w Wiring) {
	s.resources = w.Resources
	s.defaults = w.Defaults
	s.assignments = w.Assignments
}
