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

// ResourceCatalog is internal/resource's read model, as product reads it;
// kind is KindResourceGroup, KindService or KindRentalCar. Each answers in
// batches.
type ResourceCatalog interface {
	// Active returns the active groups or resources of kind among ospIDs,
	// by ospId; unknown, deactivated and other kinds' ids are absent.
	Active(ctx context.Context, kind string, ospIDs []string) (map[string]ResourceRef, error)
	// ByIDs returns groups or resources of kind by id whatever their state
	// (deactivated ones with Active false), for showing history.
	ByIDs(ctx context.Context, kind string, ids []int64) (map[int64]ResourceRef, error)
	// GroupMembers returns the ospIds of the active resources of the
	// active groups among groupIDs, by group id.
	GroupMembers(ctx context.Context, groupIDs []int64) (map[int64][]string, error)
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

// UseResources hands over only the resource catalogue, leaving the other
// neighbours as wired (tests that stand in for internal/resource).
func (s *Service) UseResources(r ResourceCatalog) { s.resources = r }
