package user

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"strings"
	"time"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/mail"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/usergroup"
	"mobility/portal/internal/validate"
)

// Roles returns a user's roles.
func (s *Service) Roles(ctx context.Context, p *access.Principal, ospID string) ([]access.Role, error) {
	r, err := s.find(ctx, p, ospID)
	if err != nil {
		return nil, err
	}
	return r.Roles, nil
}

// AssignableRoles lists every admin role with whether the caller may grant
// it (SPEC §6: only roles they hold; platform staff any).
func (s *Service) AssignableRoles(p *access.Principal) []RoleInfo {
	out := []RoleInfo{}
	for _, r := range access.AdminRoles {
		if r == access.OspAdmin && !p.IsOspAdmin() {
			continue
		}
		out = append(out, RoleInfo{Role: r, Assignable: canGrant(p, r)})
	}
	return out
}

// AddRole grants one role; RemoveRole takes one away (SPEC §4: one at a
// time). An admin keeps at least one admin role.
func (s *Service) ChangeRole(ctx context.Context, p *access.Principal, req RoleRequest, add bool) ([]access.Role, error) {
	r, err := s.findToChange(ctx, p, req.OspID)
	if err != nil {
		return nil, err
	}
	v := validate.New(ctx)
	if v.Required("role", string(req.Role)) && !req.Role.Valid() {
		v.Fail("role", "rule.invalid")
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	if !canGrant(p, req.Role) {
		return nil, apperr.Forbidden("you can only grant or remove roles you hold").WithLabel(LabelRoleNotHeld)
	}
	mobileRoles := []access.Role{access.CompanyBudgetManager} // app users may also manage the company budget
	if r.UserType == TypeMobile && !containsRole(mobileRoles, req.Role) && req.Role != access.OspUser {
		return nil, apperr.Conflict(LabelWrongUserType, "an app user can only get the company budget role")
	}
	if r.UserType == TypeContact {
		return nil, apperr.Conflict(LabelWrongUserType, "contacts have no roles to change")
	}
	if !add && r.UserType == TypeAdmin && countAdminRoles(r.Roles, req.Role) == 0 {
		return nil, apperr.Conflict(LabelLastRole, "an admin keeps at least one role")
	}
	if !add && r.ID == p.UserID {
		return nil, apperr.Conflict(LabelLastRole, "you cannot remove your own roles")
	}
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		if add {
			return s.store.addRole(ctx, r.ID, req.Role)
		}
		return s.store.removeRole(ctx, r.ID, req.Role)
	})
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return s.Roles(ctx, p, req.OspID)
}

// LabelLastRole: an admin must keep a role.
var LabelLastRole = apperr.Define("LAST_ROLE")

func containsRole(rs []access.Role, r access.Role) bool {
	for _, x := range rs {
		if x == r {
			return true
		}
	}
	return false
}

// countAdminRoles counts the admin roles left after removing one.
func countAdminRoles(roles []access.Role, removed access.Role) int {
	n := 0
	for _, r := range roles {
		if r != removed && r.IsAdminRole() {
			n++
		}
	}
	return n
}

// ContactTypeList lists the contact types.
func ContactTypeList() []ContactTypeInfo {
	out := make([]ContactTypeInfo, len(ContactTypes))
	for i, t := range ContactTypes {
		out[i] = ContactTypeInfo{ContactType: t}
	}
	return out
}

// VerifyLogin tells whether a login is free (checked live by the form).
func (s *Service) VerifyLogin(ctx context.Context, p *access.Principal, req VerifyLoginRequest) (*VerifyResult, error) {
	login := NormalizeLogin(req.Login)
	lang := i18n.FromContext(ctx)
	if !validLogin(login) {
		return &VerifyResult{Valid: false, Message: i18n.T(lang, "rule.invalid", i18n.T(lang, "field.login"))}, nil
	}
	except := int64(0)
	if req.UserOspID != "" {
		r, err := s.find(ctx, p, req.UserOspID)
		if err != nil {
			return nil, err
		}
		except = r.ID
	}
	taken, err := s.store.loginTaken(ctx, login, except)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	if taken {
		return &VerifyResult{Valid: false, Message: i18n.T(lang, "rule.loginTaken")}, nil
	}
	return &VerifyResult{Valid: true}, nil
}

// VerifyContractID tells whether a contract id may be used in a company:
// letters, digits, '-', '_', '/', and not used by another of its users.
func (s *Service) VerifyContractID(ctx context.Context, p *access.Principal, req VerifyContractRequest) (*VerifyResult, error) {
	ca, err := s.companies.Resolve(ctx, p, req.CorporateAccountOspID)
	if err != nil {
		return nil, err
	}
	lang := i18n.FromContext(ctx)
	c := strings.TrimSpace(req.ContractID)
	if c == "" || !validContract(c) {
		return &VerifyResult{Valid: false, Message: i18n.T(lang, "rule.invalid", i18n.T(lang, "field.contractId"))}, nil
	}
	except := int64(0)
	if req.UserOspID != "" {
		r, err := s.find(ctx, p, req.UserOspID)
		if err != nil {
			return nil, err
		}
		except = r.ID
	}
	taken, err := s.store.contractTaken(ctx, ca.ID, c, except)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	if taken {
		return &VerifyResult{Valid: false, Message: i18n.T(lang, "rule.unique", i18n.T(lang, "field.contractId"))}, nil
	}
	return &VerifyResult{Valid: true}, nil
}

// SelfRegistrationTTL is how long a self-registration link works.
const SelfRegistrationTTL = 30 * 24 * time.Hour

// GenerateLink makes a self-registration link for a company and mails it
// to the admin who asked, to pass on to employees.
func (s *Service) GenerateLink(ctx context.Context, p *access.Principal, req LinkRequest) (*LinkResponse, error) {
	ca, err := s.companies.Resolve(ctx, p, req.OspID)
	if err != nil {
		return nil, err
	}
	me, err := s.store.byID(ctx, p.UserID)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	b := make([]byte, 24)
	_, _ = rand.Read(b)
	token := base64.RawURLEncoding.EncodeToString(b)
	sum := sha256.Sum256([]byte(token))
	now := s.now()
	expires := now.Add(SelfRegistrationTTL)
	link := s.cfg.PublicURL + "/self-registration?token=" + token
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		if err := s.store.insertSelfRegistrationLink(ctx, hex.EncodeToString(sum[:]), ca.ID, p.UserID, now, expires); err != nil {
			return err
		}
		return s.outbox.Enqueue(ctx, mail.Message{To: me.Email, Name: "self_registration_link", Lang: i18n.Lang(me.Language), CompanyID: ca.ID,
			Data: map[string]any{"Name": FullName(me.Firstname, me.Lastname, me.Email), "Company": ca.Name, "Link": link,
				"Expires": expires.In(brussels()).Format("02/01/2006")}})
	})
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return &LinkResponse{Link: link, ExpiresOn: expires.In(brussels()).Format("2006-01-02")}, nil
}

// Backoffice returns any user by ospId for platform staff.
func (s *Service) Backoffice(ctx context.Context, p *access.Principal, id string) (*User, error) {
	return s.Get(ctx, p, id)
}

// Recipients lists the admins of a company who may receive replies to
// message channels (communication managers).
func (s *Service) Recipients(ctx context.Context, p *access.Principal, companyOspID string) ([]Recipient, error) {
	ca, err := s.companies.Resolve(ctx, p, companyOspID)
	if err != nil {
		return nil, err
	}
	rows, _, err := s.store.list(ctx, listFilter{scope: p.Scope, companyID: ca.ID, active: boolPtr(true),
		roles: []access.Role{access.CommunicationManager}, types: []string{TypeAdmin}}, paging.Pagination{Page: 1, Size: 1000})
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := make([]Recipient, len(rows))
	for i, r := range rows {
		out[i] = Recipient{OspID: r.OspID, FullName: FullName(r.Firstname, r.Lastname, r.Email), Email: r.Email}
	}
	return out, nil
}

func boolPtr(b bool) *bool { return &b }

// Groups lists the groups of a user.
func (s *Service) Groups(ctx context.Context, p *access.Principal, userOspID string) ([]usergroup.UserGroup, error) {
	r, err := s.find(ctx, p, userOspID)
	if err != nil {
		return nil, err
	}
	return s.groups.ByUser(ctx, p.Scope, r.ID)
}

// ParkingHistory pages through a user's parking stays, newest first.
func (s *Service) ParkingHistory(ctx context.Context, p *access.Principal, req ParkingRequest) (*paging.Page[ParkingSession], error) {
	r, err := s.find(ctx, p, req.UserOspID)
	if err != nil {
		return nil, err
	}
	pg := req.Pagination.Normalize(20)
	rows, total, err := s.store.parkingSessions(ctx, r.ID, pg)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	out := make([]ParkingSession, len(rows))
	for i, x := range rows {
		out[i] = ParkingSession{OspID: x.OspID, ParkingName: x.ParkingName, LicensePlate: x.LicensePlate,
			StartedAt: x.StartedAt.Format(time.RFC3339), AmountCents: x.AmountCents}
		if x.EndedAt != nil {
			e := x.EndedAt.Format(time.RFC3339)
			out[i].EndedAt = &e
		}
	}
	page := paging.NewPage(out, total, pg)
	return &page, nil
}
