package user

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/auth"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/company"
	"mobility/portal/internal/config"
	"mobility/portal/internal/database"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/mail"
	"mobility/portal/internal/partner"
	"mobility/portal/internal/usergroup"
	"mobility/portal/internal/validate"
)

// Service manages users: app users, admins and contacts.
type Service struct {
	db        *database.DB
	store     *store
	clock     clock.Clock
	cfg       *config.Config
	companies *company.Service
	partners  *partner.Service
	groups    *usergroup.Service
	auth      *auth.Service
	outbox    *mail.Outbox
	// voucherUsers: see UseVoucherCodes (voucher.go)
	voucherUsers func(ctx context.Context, code string) ([]int64, error)
	// resolvedAt: Resolve's answers at the sign-in epoch (resolve.go)
	resolvedAt database.EpochCache[resolveKey, Resolved]
}

// Deps are the services the user service calls.
type Deps struct {
	DB        *database.DB
	Clock     clock.Clock
	Config    *config.Config
	Companies *company.Service
	Partners  *partner.Service
	Groups    *usergroup.Service
	Auth      *auth.Service
	Outbox    *mail.Outbox
}

func NewService(d Deps) *Service {
	s := &Service{db: d.DB, store: &store{db: d.DB, companies: d.Companies, auth: d.Auth}, clock: d.Clock, cfg: d.Config, companies: d.Companies,
		partners: d.Partners, groups: d.Groups, auth: d.Auth, outbox: d.Outbox}
	if d.Groups != nil {
		// usergroup sits below user: it reads users through these
		d.Groups.UseUsers(s.IDsInCompany, NotAnonymized)
	}
	if d.Auth != nil {
		// auth sits below user: it signs in the identities user reads
		d.Auth.UseIdentities(identities{s.store})
	}
	return s
}

// NewOspID makes the public id of a new entity.
func NewOspID() string { return uuid.NewString() }

// TypeOf derives the user type from roles (SPEC §3).
func TypeOf(roles []access.Role) string {
	switch {
	case slices.Contains(roles, access.OspUser):
		return TypeMobile
	case slices.Contains(roles, access.ContactUser):
		return TypeContact
	default:
		return TypeAdmin
	}
}

// Current returns the signed-in user with their company and partner.
func (s *Service) Current(ctx context.Context, p *access.Principal) (*SessionUser, error) {
	pr, err := s.store.profile(ctx, p.UserID)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	su := &SessionUser{
		OspID: pr.OspID, ID: p.SessionUserID(), Firstname: pr.Firstname, Lastname: pr.Lastname,
		FullName: FullName(pr.Firstname, pr.Lastname, pr.Email), Email: pr.Email, Language: pr.Language,
		Roles: p.Roles, IsMsp: p.IsMsp(), IsOspAdmin: p.IsOspAdmin(), TwoFactorEnabled: pr.TwoFactorEnabled,
	}
	if pr.Login != nil {
		su.Login = *pr.Login
	}
	partnerID := int64(0)
	if pr.PartnerID != nil {
		partnerID = *pr.PartnerID
	}
	if pr.CorporateAccountID != nil {
		// the caller's own company, named by their session
		ca, err := s.companies.ByID(ctx, access.SystemScope(), *pr.CorporateAccountID)
		if err != nil {
			return nil, err
		}
		su.CorporateAccount = &CompanyRef{OspID: ca.OspID, Name: ca.Name, PaymentType: ca.Data.PaymentType, CompanyType: ca.CompanyType}
		res, err := s.companies.ResolveID(ctx, access.SystemScope(), *pr.CorporateAccountID)
		if err != nil {
			return nil, err
		}
		partnerID = res.PartnerID
	}
	if partnerID != 0 {
		// the partner of the caller's own account: reached through the session
		pa, err := s.partners.ByID(ctx, access.SystemScope(), partnerID)
		if err != nil {
			return nil, err
		}
		su.Partner = &PartnerRef{OspID: pa.OspID, Name: pa.Name, PartnerType: pa.PartnerType}
	}
	if su.Roles == nil {
		su.Roles = []access.Role{}
	}
	return su, nil
}

// ChangeLanguage stores the signed-in user's interface language.
func (s *Service) ChangeLanguage(ctx context.Context, p *access.Principal, lang string) error {
	v := validate.New(ctx)
	v.Language("language", lang)
	if err := v.Err(); err != nil {
		return apperr.As(err).WithLabel(apperr.LabelUnsupportedLang)
	}
	if err := s.store.setLanguage(ctx, p.UserID, lang, database.Now(s.clock.Now())); err != nil {
		return apperr.Internal(err)
	}
	return nil
}

// Create inserts a user with roles without the checks of the API
// (seeding and `portal user create-admin`); company users join their
// default group.
func (s *Service) Create(ctx context.Context, u NewUser) (int64, string, error) {
	login := NormalizeLogin(u.Login)
	if u.Language == "" {
		u.Language = string(i18n.Default)
	}
	now := database.Now(s.clock.Now())
	r := &row{OspID: NewOspID(), CorporateAccountID: u.CorporateAccountID, PartnerID: u.PartnerID, UserType: TypeOf(u.Roles),
		Firstname: u.Firstname, Lastname: u.Lastname, Email: u.Email, Language: u.Language, TwoFactorEnabled: u.TwoFactorEnabled,
		Active: true, StartActivationTime: &now, Roles: u.Roles}
	if login != "" {
		r.Login = &login
	}
	var id int64
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		var err error
		if id, err = s.store.insertRow(ctx, r, nil, now); err != nil {
			return err
		}
		if u.CorporateAccountID != nil {
			return s.groups.JoinDefault(ctx, *u.CorporateAccountID, id)
		}
		return nil
	})
	if database.IsUniqueViolation(err) {
		return 0, "", apperr.Conflict(apperr.LabelValidationFailed, "login "+login+" is already taken")
	}
	return id, r.OspID, err
}

// NormalizeLogin is how logins are stored and compared.
func NormalizeLogin(login string) string { return strings.ToLower(strings.TrimSpace(login)) }

// IDByLogin finds a user's internal id by login.
func (s *Service) IDByLogin(ctx context.Context, login string) (int64, error) {
	id, err := s.store.idByLogin(ctx, NormalizeLogin(login))
	if database.IsNoRows(err) {
		return 0, apperr.NotFound("user")
	}
	return id, err
}

// find loads a user the principal may reach (anonymized users included, so
// their financial history stays reachable); others' are NOT_FOUND.
func (s *Service) find(ctx context.Context, p *access.Principal, ospID string) (*row, error) {
	v := validate.New(ctx)
	v.Required("ospId", ospID)
	if err := v.Err(); err != nil {
		return nil, err
	}
	r, err := s.store.get(ctx, p.Scope, ospID)
	if database.IsNoRows(err) {
		return nil, apperr.NotFound("user")
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return r, nil
}

func (s *Service) now() time.Time { return database.Now(s.clock.Now()) }

// today is the business date in Brussels.
func (s *Service) today() string { return clock.Today(s.clock.Now()) }
