package resource

import "context"

// Read models resource publishes for product (compositions) and
// productaccess (permissions). Each answers a list of ids in one query per
// 500 ids; what is inactive or archived is left out, so deactivating a
// resource or a group takes it out of every view at once.

// Ref is a resource as other domains see it.
type Ref struct {
	ID              int64
	OspID           string
	Kind            string
	Name            string
	MobilityMode    string
	MrpPartnerOspID string
	Active          bool
}

// GroupRef is a resource group as other domains see it.
type GroupRef struct {
	ID     int64
	OspID  string
	Name   string
	Active bool
}

// ActiveByOspIDs returns the active resources among ospIDs, of kind (or
// of any kind with AnyKind), by ospId; unknown, inactive, archived and
// other kinds' ids are left out.
func (s *Service) ActiveByOspIDs(ctx context.Context, kind string, ospIDs []string) (map[string]Ref, error) {
	return nil, errTodo
}

// RefsByIDs returns resources by id whatever their state (inactive and
// archived ones too, with Active false): for showing history.
func (s *Service) RefsByIDs(ctx context.Context, ids []int64) (map[int64]Ref, error) {
	return nil, errTodo
}

// GroupRefs returns the active groups among ospIDs, by ospId.
func (s *Service) GroupRefs(ctx context.Context, ospIDs []string) (map[string]GroupRef, error) {
	return nil, errTodo
}

// GroupRefsByIDs returns groups by id whatever their state (for history).
func (s *Service) GroupRefsByIDs(ctx context.Context, ids []int64) (map[int64]GroupRef, error) {
	return nil, errTodo
}

// GroupMembers returns the active resources of the active groups among
// groupIDs, by group id, each list by name; an inactive group has none.
func (s *Service) GroupMembers(ctx context.Context, groupIDs []int64) (map[int64][]Ref, error) {
	return nil, errTodo
}
