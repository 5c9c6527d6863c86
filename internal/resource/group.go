package resource

import (
	"context"
	"strings"

	"github.com/google/uuid"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/database"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/validate"
)

func (s *Service) findGroup(ctx context.Context, ospID string) (*groupRow, error) {
	v := validate.New(ctx)
	v.Required("ospId", ospID)
	if err := v.Err(); err != nil {
		return nil, err
	}
	g, err := s.store.getGroup(ctx, ospID)
	if database.IsNoRows(err) {
		return nil, apperr.NotFound("resource group")
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return g, nil
}

func (g *groupRow) toAPI() Group {
	return Group{OspID: g.OspID, Name: g.Name, Description: g.Description, Active: g.Active, ResourceCount: g.ResourceCount,
		ActiveResourceCount: g.ActiveResourceCount, CreatedOn: stamp(g.CreatedAt)}
}

// GetGroup returns a group with its members (inactive ones flagged: they
// are not part of compositions while inactive).
func (s *Service) GetGroup(ctx context.Context, _ *access.Principal, ospID string) (*GroupDetail, error) {
	g, err := s.findGroup(ctx, ospID)
	if err != nil {
		return nil, err
	}
	rows, err := s.store.members(ctx, g.ID)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	members, err := s.summariesOf(ctx, rows)
	if err != nil {
		return nil, err
	}
	return &GroupDetail{Group: g.toAPI(), Resources: members}, nil
}

func checkGroup(ctx context.Context, name, description string) (string, string, error) {
	v := validate.New(ctx)
	name, description = strings.TrimSpace(name), strings.TrimSpace(description)
	if v.Required("name", name) {
		v.MaxLength("name", name, 100)
		plain(v, "name", name)
	}
	v.MaxLength("description", description, 1000)
	return name, description, v.Err()
}

func groupNameTaken(ctx context.Context) error {
	v := validate.New(ctx)
	v.Fail("name", "rule.unique")
	return v.Err()
}

// members resolves resource ospIds for a group change: every one must be a
// resource that was not deleted (UNKNOWN_RESOURCES), and, to be added,
// active (RESOURCE_NOT_ACTIVE).
func (s *Service) memberIDs(ctx context.Context, ospIDs []string, add bool) ([]int64, error) {
	uniq := dedupe(ospIDs)
	if len(uniq) > MaxBatch {
		v := validate.New(ctx)
		v.Fail("resourceOspIds", "rule.maxItems", MaxBatch)
		return nil, v.Err()
	}
	rows, err := s.store.byOspIDs(ctx, uniq)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	if len(rows) != len(uniq) {
		return nil, apperr.Invalid(LabelUnknownResources, "resourceOspIds", "some resources do not exist")
	}
	ids := make([]int64, len(rows))
	for i, r := range rows {
		if add && !r.Active {
			return nil, apperr.Invalid(LabelResourceNotActive, "resourceOspIds", "only active resources join a group: "+r.Name+" is inactive")
		}
		ids[i] = r.ID
	}
	return ids, nil
}

// CreateGroup adds an active group, with its first members when given.
func (s *Service) CreateGroup(ctx context.Context, p *access.Principal, req GroupWrite) (*GroupDetail, error) {
	name, description, err := checkGroup(ctx, req.Name, req.Description)
	if err != nil {
		return nil, err
	}
	ids, err := s.memberIDs(ctx, req.ResourceOspIDs, true)
	if err != nil {
		return nil, err
	}
	osp := uuid.NewString()
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		now := database.Now(s.clock.Now())
		id, err := s.store.insertGroup(ctx, osp, name, description, now)
		if err != nil {
			return err
		}
		return s.store.addMembers(ctx, id, ids, now)
	})
	if database.IsUniqueViolation(err) {
		return nil, groupNameTaken(ctx)
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return s.GetGroup(ctx, p, osp)
}

// UpdateGroup renames a group or changes its description.
func (s *Service) UpdateGroup(ctx context.Context, p *access.Principal, req GroupUpdate) (*GroupDetail, error) {
	g, err := s.findGroup(ctx, req.OspID)
	if err != nil {
		return nil, err
	}
	name, description, err := checkGroup(ctx, req.Name, req.Description)
	if err != nil {
		return nil, err
	}
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		return s.store.updateGroup(ctx, g.ID, name, description, database.Now(s.clock.Now()))
	})
	if database.IsUniqueViolation(err) {
		return nil, groupNameTaken(ctx)
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return s.GetGroup(ctx, p, req.OspID)
}

// FindAllGroups lists every group by name.
func (s *Service) FindAllGroups(ctx context.Context, _ *access.Principal, active *bool) ([]Group, error) {
	rows, err := s.store.allGroups(ctx, active)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := make([]Group, len(rows))
	for i := range rows {
		out[i] = rows[i].toAPI()
	}
	return out, nil
}

// FilterGroups pages through groups by name; a resourceOspId that names no
// resource matches nothing.
func (s *Service) FilterGroups(ctx context.Context, _ *access.Principal, req GroupFilterRequest) (*paging.Page[Group], error) {
	var resourceID int64
	if req.ResourceOspID != "" {
		resourceID = -1
		if r, err := s.store.get(ctx, AnyKind, req.ResourceOspID); err == nil {
			resourceID = r.ID
		} else if !database.IsNoRows(err) {
			return nil, apperr.Internal(err)
		}
	}
	pg := req.Pagination.Normalize(defaultPageSize)
	rows, total, err := s.store.listGroups(ctx, req, resourceID, pg)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := make([]Group, len(rows))
	for i := range rows {
		out[i] = rows[i].toAPI()
	}
	page := paging.NewPage(out, total, pg)
	return &page, nil
}

// ChangeMembers adds active resources to a group, or removes resources
// from it: all or none.
func (s *Service) ChangeMembers(ctx context.Context, p *access.Principal, req GroupMembersRequest, add bool) (*GroupDetail, error) {
	g, err := s.findGroup(ctx, req.OspID)
	if err != nil {
		return nil, err
	}
	ids, err := s.memberIDs(ctx, req.ResourceOspIDs, add)
	if err != nil {
		return nil, err
	}
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		if add {
			return s.store.addMembers(ctx, g.ID, ids, database.Now(s.clock.Now()))
		}
		return s.store.removeMembers(ctx, g.ID, ids)
	})
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return s.GetGroup(ctx, p, req.OspID)
}

// SetGroupActive activates or deactivates a group; an inactive group
// leaves every composition view at once (GroupRefs, GroupMembers).
func (s *Service) SetGroupActive(ctx context.Context, p *access.Principal, ospID string, active bool) (*GroupDetail, error) {
	g, err := s.findGroup(ctx, ospID)
	if err != nil {
		return nil, err
	}
	if err := s.write(ctx, func(ctx context.Context) error {
		return s.store.setGroupActive(ctx, g.ID, active, database.Now(s.clock.Now()))
	}); err != nil {
		return nil, err
	}
	return s.GetGroup(ctx, p, ospID)
}

// DeleteGroup archives a group (see the package documentation).
func (s *Service) DeleteGroup(ctx context.Context, _ *access.Principal, ospID string) error {
	g, err := s.findGroup(ctx, ospID)
	if err != nil {
		return err
	}
	return s.write(ctx, func(ctx context.Context) error { return s.store.archiveGroup(ctx, g.ID, database.Now(s.clock.Now())) })
}
