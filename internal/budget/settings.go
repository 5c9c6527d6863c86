package budget

import (
	"context"
	"strings"

	"github.com/google/uuid"

	"mobility/portal/internal/access"
	"mobility/portal/internal/api"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/database"
	"mobility/portal/internal/money"
	"mobility/portal/internal/validate"
)

// CompanyBudgetType is one budget type a company offers, with its defaults
// for new budgets (company settings, budgets tab).
type CompanyBudgetType struct {
	BudgetType       string        `json:"budgetType" db:"budget_type"`
	Enabled          bool          `json:"enabled" db:"-"`
	Frequency        *string       `json:"frequency" db:"frequency"`
	TransferStrategy *string       `json:"transferStrategy" db:"transfer_strategy"`
	FrequencyAmount  money.Amount  `json:"frequencyAmount" db:"frequency_amount"`
	Limited          bool          `json:"-" db:"limited"`
	Unlimited        bool          `json:"unlimited" db:"-"`
	BudgetUpperLimit *money.Amount `json:"budgetUpperLimit" db:"budget_upper_limit"`
}

// CompanyBudgetTypesUpdate replaces a company's budget-type settings.
type CompanyBudgetTypesUpdate struct {
	CorporateAccountOspID string              `json:"corporateAccountOspId" required:"true"`
	BudgetTypes           []CompanyBudgetType `json:"budgetTypes"`
}

// UsageReason is a reason an employee gives for an expense.
type UsageReason struct {
	OspID  string `json:"ospId" db:"osp_id"`
	Label  string `json:"label" db:"label"`
	Active bool   `json:"active" db:"active"`
}

// UsageReasonAdd adds a reason to a company.
type UsageReasonAdd struct {
	CorporateAccountOspID string `json:"corporateAccountOspId" required:"true"`
	Label                 string `json:"label" required:"true" maxLength:"100"`
}

// UsageReasonUpdate renames or (de)activates a reason.
type UsageReasonUpdate struct {
	OspID  string `json:"ospId" required:"true"`
	Label  string `json:"label" maxLength:"100"`
	Active bool   `json:"active"`
}

// UserTypes are the budget types a company can offer its users.
var UserTypes = []string{TypeMobility, TypeBusiness, TypeCafeteria, TypeCommuting}

// CompanyTypes lists a company's settings for every user budget type.
func (s *Service) CompanyTypes(ctx context.Context, p *access.Principal, companyOspID string) ([]CompanyBudgetType, error) {
	ca, err := s.companies.Resolve(ctx, p, companyOspID)
	if err != nil {
		return nil, err
	}
	return s.companyTypes(ctx, ca.ID)
}

func (s *Service) companyTypes(ctx context.Context, companyID int64) ([]CompanyBudgetType, error) {
	stored, err := s.store.companyTypes(ctx, companyID)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	byType := map[string]CompanyBudgetType{}
	for _, t := range stored {
		t.Enabled, t.Unlimited = true, !t.Limited
		byType[t.BudgetType] = t
	}
	out := make([]CompanyBudgetType, 0, len(UserTypes))
	for _, typ := range UserTypes {
		if t, ok := byType[typ]; ok {
			out = append(out, t)
			continue
		}
		r := Rules[typ]
		t := CompanyBudgetType{BudgetType: typ, Enabled: len(stored) == 0} // nothing configured: every type offered
		if r.DefaultFrequency != "" {
			f, st := r.DefaultFrequency, r.DefaultStrategy[r.DefaultFrequency]
			t.Frequency, t.TransferStrategy = &f, &st
		}
		out = append(out, t)
	}
	return out, nil
}

// UpdateCompanyTypes stores which types a company offers and their
// defaults, checked against each type's rules, in one transaction.
func (s *Service) UpdateCompanyTypes(ctx context.Context, p *access.Principal, req CompanyBudgetTypesUpdate) ([]CompanyBudgetType, error) {
	ca, err := s.companies.Resolve(ctx, p, req.CorporateAccountOspID)
	if err != nil {
		return nil, err
	}
	v := validate.New(ctx)
	seen := map[string]bool{}
	for i, t := range req.BudgetTypes {
		field := "budgetTypes." + t.BudgetType
		if !contains(UserTypes, t.BudgetType) || seen[t.BudgetType] {
			v.Fail("budgetTypes", "rule.invalid")
			continue
		}
		seen[t.BudgetType] = true
		r := Rules[t.BudgetType]
		freq := ""
		if t.Frequency != nil {
			freq = *t.Frequency
		}
		if !contains(r.Frequencies, freq) {
			v.Fail(field, "rule.invalid")
		}
		if freq == "" {
			req.BudgetTypes[i].TransferStrategy = nil
		} else if t.TransferStrategy == nil || !r.StrategyAllowed(freq, *t.TransferStrategy) {
			v.Fail(field, "rule.invalid")
		}
		if !v.AmountInBounds(field+".frequencyAmount", t.FrequencyAmount) ||
			(t.BudgetUpperLimit != nil && !v.AmountInBounds(field+".budgetUpperLimit", *t.BudgetUpperLimit)) {
			continue
		}
		if t.Unlimited && !r.UnlimitedAllowed || t.FrequencyAmount < 0 || (t.BudgetUpperLimit != nil && *t.BudgetUpperLimit < 0) {
			v.Fail(field, "rule.invalid")
		}
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	if err := s.store.replaceCompanyTypes(ctx, ca.ID, req.BudgetTypes); err != nil {
		return nil, apperr.Internal(err)
	}
	return s.companyTypes(ctx, ca.ID)
}

func emptyNil(s *string) *string {
	if s == nil || *s == "" {
		return nil
	}
	return s
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// LabelTypeNotOffered: the company does not offer this budget type.
var LabelTypeNotOffered = apperr.Define("BUDGET_TYPE_NOT_ALLOWED")

// companyDefaults fills unset fields of a new user budget from the
// company's settings for the type, and refuses a type it does not offer.
func (s *Service) companyDefaults(ctx context.Context, companyID int64, typ string, d *WriteData) error {
	if typ == TypeCompany {
		return nil
	}
	types, err := s.companyTypes(ctx, companyID)
	if err != nil {
		return err
	}
	for _, t := range types {
		if t.BudgetType != typ {
			continue
		}
		if !t.Enabled {
			return conflict(ctx, LabelTypeNotOffered, "money.error.typeNotOffered")
		}
		if d.Frequency == nil && t.Frequency != nil {
			d.Frequency = t.Frequency
			if d.TransferStrategy == nil {
				d.TransferStrategy = t.TransferStrategy
			}
		}
		if d.FrequencyAmount == nil && t.FrequencyAmount > 0 {
			amount := t.FrequencyAmount
			d.FrequencyAmount = &amount
		}
		if d.Unlimited == nil && t.Unlimited {
			u := true
			d.Unlimited = &u
		}
		if d.BudgetUpperLimit == nil && t.BudgetUpperLimit != nil {
			d.BudgetUpperLimit = t.BudgetUpperLimit
		}
	}
	return nil
}

// UsageReasons lists a company's usage reasons.
func (s *Service) UsageReasons(ctx context.Context, p *access.Principal, companyOspID string) ([]UsageReason, error) {
	ca, err := s.companies.Resolve(ctx, p, companyOspID)
	if err != nil {
		return nil, err
	}
	out, err := s.store.usageReasons(ctx, ca.ID)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return out, nil
}

func (s *Service) checkLabel(ctx context.Context, label string) (string, error) {
	label = strings.TrimSpace(label)
	v := validate.New(ctx)
	if v.Required("label", label) {
		v.MaxLength("label", label, 100)
	}
	return label, v.Err()
}

// AddUsageReason adds a reason; labels are unique within a company.
func (s *Service) AddUsageReason(ctx context.Context, p *access.Principal, req UsageReasonAdd) (*UsageReason, error) {
	label, err := s.checkLabel(ctx, req.Label)
	if err != nil {
		return nil, err
	}
	ca, err := s.companies.Resolve(ctx, p, req.CorporateAccountOspID)
	if err != nil {
		return nil, err
	}
	r := &UsageReason{OspID: uuid.NewString(), Label: label, Active: true}
	err = s.store.addUsageReason(ctx, ca.ID, r)
	if database.IsUniqueViolation(err) {
		v := validate.New(ctx)
		v.Fail("label", "rule.unique")
		return nil, v.Err()
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return r, nil
}

func (s *Service) usageReasonID(ctx context.Context, p *access.Principal, ospID string) (int64, error) {
	id, err := s.store.usageReasonID(ctx, p.Scope, ospID)
	if database.IsNoRows(err) {
		return 0, notFound(ctx, "usageReason")
	}
	if err != nil {
		return 0, apperr.Internal(err)
	}
	return id, nil
}

// UpdateUsageReason renames or (de)activates a reason.
func (s *Service) UpdateUsageReason(ctx context.Context, p *access.Principal, req UsageReasonUpdate) (*UsageReason, error) {
	label, err := s.checkLabel(ctx, req.Label)
	if err != nil {
		return nil, err
	}
	id, err := s.usageReasonID(ctx, p, req.OspID)
	if err != nil {
		return nil, err
	}
	err = s.store.updateUsageReason(ctx, id, label, req.Active)
	if database.IsUniqueViolation(err) {
		v := validate.New(ctx)
		v.Fail("label", "rule.unique")
		return nil, v.Err()
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return &UsageReason{OspID: req.OspID, Label: label, Active: req.Active}, nil
}

// DeleteUsageReason removes a reason (expenses keep the text they had).
func (s *Service) DeleteUsageReason(ctx context.Context, p *access.Principal, ospID string) error {
	id, err := s.usageReasonID(ctx, p, ospID)
	if err != nil {
		return err
	}
	if err := s.store.deleteUsageReason(ctx, id); err != nil {
		return apperr.Internal(err)
	}
	return nil
}

func (s *Service) settingsRoutes() []api.Route {
	pr := access.FromContext
	read, write := access.SignedIn(), access.Need(access.UserManager)
	const c = "/portal-service/v1/company"
	return []api.Route{
		api.Post(c+"/budgetType/list", read, "company", "The budget types a company offers, with their defaults",
			func(ctx context.Context, req *CompanyBudgetRequest) ([]CompanyBudgetType, error) {
				return s.CompanyTypes(ctx, pr(ctx), req.CorporateAccountOspID)
			}),
		api.Post(c+"/budgetType/update", write, "company", "Set which budget types a company offers and their defaults",
			func(ctx context.Context, req *CompanyBudgetTypesUpdate) ([]CompanyBudgetType, error) {
				return s.UpdateCompanyTypes(ctx, pr(ctx), *req)
			}),
		api.Post(c+"/usageReason/list", read, "company", "A company's usage reasons",
			func(ctx context.Context, req *CompanyBudgetRequest) ([]UsageReason, error) {
				return s.UsageReasons(ctx, pr(ctx), req.CorporateAccountOspID)
			}),
		api.Post(c+"/usageReason/add", write, "company", "Add a usage reason",
			func(ctx context.Context, req *UsageReasonAdd) (*UsageReason, error) {
				return s.AddUsageReason(ctx, pr(ctx), *req)
			}),
		api.Post(c+"/usageReason/update", write, "company", "Rename or (de)activate a usage reason",
			func(ctx context.Context, req *UsageReasonUpdate) (*UsageReason, error) {
				return s.UpdateUsageReason(ctx, pr(ctx), *req)
			}),
		api.Post(c+"/usageReason/delete", write, "company", "Delete a usage reason",
			func(ctx context.Context, req *GetRequest) (api.NoContent, error) {
				return api.NoContent{}, s.DeleteUsageReason(ctx, pr(ctx), req.OspID)
			}),
	}
}
