package usergroup

import (
	"context"

	"github.com/google/uuid"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/company"
	"mobility/portal/internal/database"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/validate"
)

// Error labels of this package.
var (
	LabelDefaultGroup = apperr.Define("DEFAULT_USER_GROUP_IMMUTABLE")
	LabelUnknownUsers = apperr.Define("UNKNOWN_USERS")
)

// Service manages user groups.
type Service struct {
	db        *database.DB
	store     *store
	clock     clock.Clock
	companies *company.Service
	// userIDs turns a company's users' public ids into ids; user sets it
	// (usergroup sits below user and cannot import it).
	userIDs UserIDs
	// leaving is asked before members lose a group (UseLeaveGuard).
	leaving LeaveGuard
}

// LeaveGuard is asked, in the transaction of the change, before members
// lose what a group gives them: all its members when the group is
// deactivated or deleted (userIDs nil), or the users removed from it.
// internal/productaccess refuses while one of them would lose their
// default product (SPEC §8); field names the request field to blame.
type LeaveGuard func(ctx context.Context, groupID int64, userIDs []int64, field string) error

// UseLeaveGuard hands usergroup the guard; set at wiring, before any
// request.
func (s *Service) UseLeaveGuard(g LeaveGuard) { s.leaving = g }

// guardLeave asks the guard, when there is one.
func (s *Service) guardLeave(ctx context.Context, groupID int64, userIDs []int64, field string) error {
	if s.leaving == nil {
		return nil
	}
	return s.leaving(ctx, groupID, userIDs, field)
}

// UserIDs resolves the public ids of a company's users to ids, leaving out
// unknown, foreign and anonymized users, in one query.
type UserIDs func(ctx context.Context, companyID int64, ospIDs []string) (map[string]int64, error)

// UseUsers is how user, which owns users, hands usergroup what it needs of
// them: new members' ids, and a condition on a user-id column that holds
// for users not anonymized (a group's count leaves the others out). Set at
// wiring, before any request.
func (s *Service) UseUsers(ids UserIDs, notAnonymized func(userCol string) string) {
	s.userIDs = ids
	s.store.live = notAnonymized
}

func NewService(db *database.DB, c clock.Clock, companies *company.Service) *Service {
	return &Service{db: db, store: &store{db: db}, clock: c, companies: companies}
}

func (s *Service) find(ctx context.Context, p *access.Principal, ospID string) (*row, error) {
	v := validate.New(ctx)
	v.Required("ospId", ospID)
	if err := v.Err(); err != nil {
		return nil, err
	}
	r, err := s.store.get(ctx, p.Scope, ospID)
	if database.IsNoRows(err) {
		return nil, apperr.NotFound("user group")
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return r, nil
}

// Get returns one group the caller may see.
func (s *Service) Get(ctx context.Context, p *access.Principal, ospID string) (*UserGroup, error) {
	r, err := s.find(ctx, p, ospID)
	if err != nil {
		return nil, err
	}
	rows := []row{*r}
	if err := s.named(ctx, rows); err != nil {
		return nil, err
	}
	g := rows[0].toAPI()
	return &g, nil
}

// named fills the company's public id into groups from company's read
// model, one batch for all (the rows were reached within scope).
func (s *Service) named(ctx context.Context, rows []row) error {
	if len(rows) == 0 {
		return nil
	}
	ids := make([]int64, len(rows))
	for i := range rows {
		ids[i] = rows[i].CorporateAccountID
	}
	cas, err := s.companies.ResolveIDs(ctx, access.SystemScope(), ids)
	if err != nil {
		return err
	}
	for i := range rows {
		if ca := cas[rows[i].CorporateAccountID]; ca != nil {
			rows[i].CompanyOspID = ca.OspID
		}
	}
	return nil
}

// FindAll pages through a company's groups, the default group first.
func (s *Service) FindAll(ctx context.Context, p *access.Principal, req FindAllRequest) (*paging.Page[UserGroup], error) {
	ca, err := s.companies.Resolve(ctx, p, req.CorporateAccountOspID)
	if err != nil {
		return nil, err
	}
	if err := s.EnsureDefault(ctx, ca.ID); err != nil {
		return nil, err
	}
	pg := req.Pagination.Normalize(100)
	rows, total, err := s.store.list(ctx, ca.ID, req, pg)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	if err := s.named(ctx, rows); err != nil {
		return nil, err
	}
	out := make([]UserGroup, len(rows))
	for i := range rows {
		out[i] = rows[i].toAPI()
	}
	page := paging.NewPage(out, total, pg)
	return &page, nil
}

// ByUser lists the groups of a user within scope.
func (s *Service) ByUser(ctx context.Context, scope access.Scope, userID int64) ([]UserGroup, error) {
	rows, err := s.store.byUser(ctx, scope, userID)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	if err := s.named(ctx, rows); err != nil {
		return nil, err
	}
	out := make([]UserGroup, len(rows))
	for i := range rows {
		out[i] = rows[i].toAPI()
	}
	return out, nil
}

// EnsureDefault creates the company's default group if it has none.
func (s *Service) EnsureDefault(ctx context.Context, companyID int64) error {
	_, err := s.defaultGroup(ctx, companyID)
	return err
}

func (s *Service) defaultGroup(ctx context.Context, companyID int64) (int64, error) {
	r, err := s.store.defaultOf(ctx, companyID)
	if err == nil {
		return r.ID, nil
	}
	if !database.IsNoRows(err) {
		return 0, apperr.Internal(err)
	}
	// callers resolved companyID within their scope already
	ca, err := s.companies.ResolveID(ctx, access.SystemScope(), companyID)
	if err != nil {
		return 0, err
	}
	var id int64
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		var err error
		id, err = s.store.insert(ctx, uuid.NewString(), companyID, DefaultExtID(ca.ExtID), "", true, true, database.Now(s.clock.Now()))
		return err
	})
	if database.IsUniqueViolation(err) { // another request made it first
		r, err := s.store.defaultOf(ctx, companyID)
		if err != nil {
			return 0, apperr.Internal(err)
		}
		return r.ID, nil
	}
	if err != nil {
		return 0, apperr.Internal(err)
	}
	return id, nil
}

// JoinDefault puts a user in their company's default group.
func (s *Service) JoinDefault(ctx context.Context, companyID, userID int64) error {
	gid, err := s.defaultGroup(ctx, companyID)
	if err != nil {
		return err
	}
	if err := s.store.addMember(ctx, gid, userID); err != nil {
		return apperr.Internal(err)
	}
	return nil
}

// Join puts a user in groups given by ospId, which must belong to the
// user's company; it is used by user creation, in its transaction.
func (s *Service) Join(ctx context.Context, p *access.Principal, companyID, userID int64, groupOspIDs []string) error {
	for _, osp := range groupOspIDs {
		g, err := s.find(ctx, p, osp)
		if err != nil {
			return err
		}
		if g.CorporateAccountID != companyID {
			return apperr.NotFound("user group")
		}
		if err := s.store.addMember(ctx, g.ID, userID); err != nil {
			return apperr.Internal(err)
		}
	}
	return nil
}

func (s *Service) checkData(ctx context.Context, d WriteData) (string, error) {
	v := validate.New(ctx)
	name := StoredName(d.ExtID)
	if v.Required("name", name) {
		v.ExtID("name", name)
		v.MaxLength("name", name, 100)
	}
	v.MaxLength("description", d.Description, 255)
	return name, v.Err()
}

func (s *Service) nameTaken(ctx context.Context) error {
	v := validate.New(ctx)
	v.Fail("name", "rule.unique")
	return v.Err()
}

// Create adds a group to a company.
func (s *Service) Create(ctx context.Context, p *access.Principal, req CreateRequest) (*UserGroup, error) {
	name, err := s.checkData(ctx, req.Data)
	if err != nil {
		return nil, err
	}
	ca, err := s.companies.Resolve(ctx, p, req.CorporateAccount.OspID)
	if err != nil {
		return nil, err
	}
	if err := s.EnsureDefault(ctx, ca.ID); err != nil {
		return nil, err
	}
	active := req.Data.Active == nil || *req.Data.Active
	osp := uuid.NewString()
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		_, err := s.store.insert(ctx, osp, ca.ID, name, req.Data.Description, active, false, database.Now(s.clock.Now()))
		return err
	})
	if database.IsUniqueViolation(err) {
		return nil, s.nameTaken(ctx)
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return s.Get(ctx, p, osp)
}

// Update renames a group or changes its description; the default group
// keeps its name.
func (s *Service) Update(ctx context.Context, p *access.Principal, req UpdateRequest) (*UserGroup, error) {
	g, err := s.find(ctx, p, req.OspID)
	if err != nil {
		return nil, err
	}
	name, err := s.checkData(ctx, req.Data)
	if err != nil {
		return nil, err
	}
	active := g.Active
	if req.Data.Active != nil {
		active = *req.Data.Active
	}
	if g.IsDefault && (name != g.ExtID || !active) {
		return nil, apperr.Conflict(LabelDefaultGroup, "the default group keeps its name and stays active")
	}
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		if g.Active && !active {
			if err := s.guardLeave(ctx, g.ID, nil, "data.active"); err != nil {
				return err
			}
		}
		return s.store.update(ctx, g.ID, name, req.Data.Description, active)
	})
	if database.IsUniqueViolation(err) {
		return nil, s.nameTaken(ctx)
	}
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	return s.Get(ctx, p, req.OspID)
}

// SetActive activates or deactivates a group (not the default one).
func (s *Service) SetActive(ctx context.Context, p *access.Principal, ospID string, active bool) (*UserGroup, error) {
	g, err := s.find(ctx, p, ospID)
	if err != nil {
		return nil, err
	}
	if g.IsDefault && !active {
		return nil, apperr.Conflict(LabelDefaultGroup, "the default group stays active")
	}
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		if g.Active && !active {
			if err := s.guardLeave(ctx, g.ID, nil, "ospId"); err != nil {
				return err
			}
		}
		return s.store.update(ctx, g.ID, g.ExtID, g.Description, active)
	})
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	return s.Get(ctx, p, ospID)
}

// Delete removes a group and its memberships (never the default group).
func (s *Service) Delete(ctx context.Context, p *access.Principal, ospID string) error {
	g, err := s.find(ctx, p, ospID)
	if err != nil {
		return err
	}
	if g.IsDefault {
		return apperr.Conflict(LabelDefaultGroup, "the default group cannot be deleted")
	}
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		if g.Active {
			if err := s.guardLeave(ctx, g.ID, nil, "ospId"); err != nil {
				return err
			}
		}
		return s.store.delete(ctx, g.ID)
	})
	if err != nil {
		return apperr.Wrap(err)
	}
	return nil
}

// ChangeMembers adds or removes users of the group's company, all or none.
func (s *Service) ChangeMembers(ctx context.Context, p *access.Principal, req MembersRequest, add bool) (*UserGroup, error) {
	g, err := s.find(ctx, p, req.Usergroup.OspID)
	if err != nil {
		return nil, err
	}
	if g.IsDefault && !add {
		return nil, apperr.Conflict(LabelDefaultGroup, "users leave the default group only by leaving the company")
	}
	osps := make([]string, 0, len(req.Users))
	for _, u := range req.Users {
		osps = append(osps, u.OspID)
	}
	ids, err := s.userIDs(ctx, g.CorporateAccountID, osps)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	if len(ids) != len(uniq(osps)) {
		return nil, apperr.Invalid(LabelUnknownUsers, "users", "some users do not exist in this company")
	}
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		if !add && g.Active {
			leaving := make([]int64, 0, len(ids))
			for _, id := range ids {
				leaving = append(leaving, id)
			}
			if err := s.guardLeave(ctx, g.ID, leaving, "users"); err != nil {
				return err
			}
		}
		for _, id := range ids {
			var err error
			if add {
				err = s.store.addMember(ctx, g.ID, id)
			} else {
				err = s.store.removeMember(ctx, g.ID, id)
			}
			if err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	return s.Get(ctx, p, g.OspID)
}

func uniq(s []string) map[string]bool {
	m := map[string]bool{}
	for _, x := range s {
		m[x] = true
	}
	return m
}

// IDInScope resolves a group ospId to its id within the caller's scope
// (for user filters).
func (s *Service) IDInScope(ctx context.Context, p *access.Principal, ospID string) (int64, error) {
	r, err := s.find(ctx, p, ospID)
	if err != nil {
		return 0, err
	}
	return r.ID, nil
}

// LeaveAll takes a user out of every group, in the caller's transaction
// (anonymizing a user).
func (s *Service) LeaveAll(ctx context.Context, userID int64) error {
	if err := s.store.leaveAll(ctx, userID); err != nil {
		return apperr.Internal(err)
	}
	return nil
}
