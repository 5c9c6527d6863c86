package resource

import (
	"context"

	"mobility/portal/internal/apperr"
)

// Read models resource publishes for product (compositions) and
// productaccess (permissions). Each answers a list of ids in one query per
// 500 ids (plus one for the partners' public ids); what is inactive or
// deleted is left out of the Active ones, so deactivating a resource or a
// group takes it out of every view at once.

// Ref is a resource as other domains see it.
type Ref struct {
	ID              int64
	OspID           string
	Kind            string
	Name            string
	MobilityMode    string
	MrpPartnerOspID string
	// MrpPartnerName is the provider's name (an expense's detail shows it).
	MrpPartnerName string
	Active         bool
}

// GroupRef is a resource group as other domains see it.
type GroupRef struct {
	ID     int64
	OspID  string
	Name   string
	Active bool
}

// refs turns rows into Refs with their partners' public ids.
func (s *Service) refs(ctx context.Context, rows []row) ([]Ref, error) {
	ids := make([]int64, 0, len(rows))
	seen := map[int64]bool{}
	for _, r := range rows {
		if !seen[r.MrpPartnerID] {
			seen[r.MrpPartnerID] = true
			ids = append(ids, r.MrpPartnerID)
		}
	}
	partners, err := s.partners.ByIDs(ctx, ids)
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	out := make([]Ref, len(rows))
	for i, r := range rows {
		out[i] = Ref{ID: r.ID, OspID: r.OspID, Kind: r.Kind, Name: r.Name, MobilityMode: r.MobilityMode,
			MrpPartnerOspID: partners[r.MrpPartnerID].OspID, MrpPartnerName: partners[r.MrpPartnerID].Name, Active: r.Active}
	}
	return out, nil
}

// ActiveByOspIDs returns the active resources among ospIDs, of kind (or
// of any kind with AnyKind), by ospId; unknown, inactive, deleted and
// other kinds' ids are left out.
func (s *Service) ActiveByOspIDs(ctx context.Context, kind string, ospIDs []string) (map[string]Ref, error) {
	rows, err := s.store.activeByOspIDs(ctx, kind, dedupe(ospIDs))
	if err != nil {
		return nil, apperr.Internal(err)
	}
	refs, err := s.refs(ctx, rows)
	if err != nil {
		return nil, err
	}
	out := make(map[string]Ref, len(refs))
	for _, r := range refs {
		out[r.OspID] = r
	}
	return out, nil
}

// RefsByIDs returns resources by id whatever their state (inactive and
// deleted ones too, with Active false): for showing history.
func (s *Service) RefsByIDs(ctx context.Context, ids []int64) (map[int64]Ref, error) {
	rows, err := s.store.byIDs(ctx, ids)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	refs, err := s.refs(ctx, rows)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]Ref, len(refs))
	for _, r := range refs {
		out[r.ID] = r
	}
	return out, nil
}

// GroupRefs returns the active groups among ospIDs, by ospId; unknown,
// inactive and deleted ones are left out.
func (s *Service) GroupRefs(ctx context.Context, ospIDs []string) (map[string]GroupRef, error) {
	rows, err := s.store.activeGroupsByOspIDs(ctx, dedupe(ospIDs))
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := make(map[string]GroupRef, len(rows))
	for _, g := range rows {
		out[g.OspID] = GroupRef{ID: g.ID, OspID: g.OspID, Name: g.Name, Active: g.Active}
	}
	return out, nil
}

// GroupRefsByIDs returns groups by id whatever their state (for history).
func (s *Service) GroupRefsByIDs(ctx context.Context, ids []int64) (map[int64]GroupRef, error) {
	rows, err := s.store.groupsByIDs(ctx, ids)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := make(map[int64]GroupRef, len(rows))
	for _, g := range rows {
		out[g.ID] = GroupRef{ID: g.ID, OspID: g.OspID, Name: g.Name, Active: g.Active}
	}
	return out, nil
}

// GroupMembers returns the active resources of the active groups among
// groupIDs, by group id, each list by name; an inactive or deleted group
// has none.
func (s *Service) GroupMembers(ctx context.Context, groupIDs []int64) (map[int64][]Ref, error) {
	rows, err := s.store.activeMembers(ctx, groupIDs)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	plain := make([]row, len(rows))
	for i := range rows {
		plain[i] = rows[i].row
	}
	refs, err := s.refs(ctx, plain)
	if err != nil {
		return nil, err
	}
	out := make(map[int64][]Ref)
	for i, r := range refs {
		out[rows[i].GroupID] = append(out[rows[i].GroupID], r)
	}
	return out, nil
}
