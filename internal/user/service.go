package user

import (
	"context"
	"strings"

	"github.com/google/uuid"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/company"
	"mobility/portal/internal/database"
	"mobility/portal/internal/i18n"
	"mobility/portal/internal/partner"
	"mobility/portal/internal/validate"
)

// Service manages users.
type Service struct {
	db        *database.DB
	store     *store
	clock     clock.Clock
	companies *company.Service
	partners  *partner.Service
}

func NewService(db *database.DB, c clock.Clock, companies *company.Service, partners *partner.Service) *Service {
	return &Service{db: db, store: &store{db: db}, clock: c, companies: companies, partners: partners}
}

// NewOspID makes the public id of a new entity.
func NewOspID() string { return uuid.NewString() }

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
	if pr.CorporateAccountID != nil {
		ca, err := s.companies.ByID(ctx, *pr.CorporateAccountID)
		if err != nil {
			return nil, err
		}
		su.CorporateAccount = &CompanyRef{OspID: ca.OspID, Name: ca.Name, PaymentType: ca.Data.PaymentType, CompanyType: ca.CompanyType}
	}
	if pid := s.partnerIDOf(ctx, pr); pid != 0 {
		pa, err := s.partners.ByID(ctx, pid)
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

// partnerIDOf is the user's own partner, or their company's.
func (s *Service) partnerIDOf(ctx context.Context, pr *profile) int64 {
	if pr.PartnerID != nil {
		return *pr.PartnerID
	}
	if pr.CorporateAccountID == nil {
		return 0
	}
	var id int64
	if err := s.db.Get(ctx, &id, `SELECT partner_id FROM corporate_accounts WHERE id = ?`, *pr.CorporateAccountID); err != nil {
		return 0
	}
	return id
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

// Create inserts a user with roles (seeding and `portal user create-admin`).
func (s *Service) Create(ctx context.Context, u NewUser) (int64, string, error) {
	u.Login = strings.ToLower(strings.TrimSpace(u.Login))
	if u.Language == "" {
		u.Language = string(i18n.Default)
	}
	osp := NewOspID()
	id, err := s.store.insert(ctx, osp, u, database.Now(s.clock.Now()))
	if database.IsUniqueViolation(err) {
		return 0, "", apperr.Conflict(apperr.LabelValidationFailed, "login "+u.Login+" is already taken")
	}
	return id, osp, err
}

// IDByLogin finds a user's internal id by login.
func (s *Service) IDByLogin(ctx context.Context, login string) (int64, error) {
	id, err := s.store.idByLogin(ctx, strings.ToLower(strings.TrimSpace(login)))
	if database.IsNoRows(err) {
		return 0, apperr.NotFound("user")
	}
	return id, err
}
