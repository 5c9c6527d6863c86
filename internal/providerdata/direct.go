package providerdata

import (
	"context"
	"strings"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/budget"
	"mobility/portal/internal/i18n"
)

// A company may pay a provider directly (its train tickets invoiced to the
// company, say): per company and kind, platform staff set it, and that
// kind's matched lines of the company's users are booked on the company
// budget (budget.TypeCompany), the user still the traveller. Surcharges
// follow their earlier booking and have no setting.

// DirectPaymentsRequest names the company.
type DirectPaymentsRequest struct {
	CorporateAccountOspID string `json:"corporateAccountOspId" required:"true" maxLength:"36"`
}

// DirectPayment is one kind's setting.
type DirectPayment struct {
	Kind          string `json:"kind"`
	Provider      string `json:"provider" description:"the provider's name"`
	PaidByCompany bool   `json:"paidByCompany" description:"the kind's lines are booked on the company budget"`
}

// DirectPayments are a company's settings, one per kind.
type DirectPayments struct {
	CorporateAccountOspID string          `json:"corporateAccountOspId"`
	HasCompanyBudget      bool            `json:"hasCompanyBudget" description:"false: lines of a kind paid by the company fail with NO_BUDGET until platform staff open the company budget"`
	Kinds                 []DirectPayment `json:"kinds"`
}

// DirectPaymentUpdate sets one kind's setting.
type DirectPaymentUpdate struct {
	CorporateAccountOspID string `json:"corporateAccountOspId" required:"true" maxLength:"36"`
	Kind                  string `json:"kind" required:"true" enum:"LINE,KBC,NMBS,SWAPFIETS,BLUEBIKE_EVENTS,BEMOBILE,CHARGING"`
	PaidByCompany         *bool  `json:"paidByCompany" required:"true"`
}

// directKinds are the kinds a company may pay directly (every kind that
// matches a token).
func directKinds() []*kindDef {
	var out []*kindDef
	for _, k := range Kinds {
		if k.TokenField != "" {
			out = append(out, k)
		}
	}
	return out
}

// DirectPayments answers a company's settings. Platform staff (the
// route's policy); the company is resolved within the caller's scope.
func (s *Service) DirectPayments(ctx context.Context, p *access.Principal, req DirectPaymentsRequest) (*DirectPayments, error) {
	ca, err := s.companies.Resolve(ctx, p, req.CorporateAccountOspID)
	if err != nil {
		return nil, err
	}
	return s.directPaymentsOf(ctx, ca.ID, ca.OspID)
}

func (s *Service) directPaymentsOf(ctx context.Context, companyID int64, ospID string) (*DirectPayments, error) {
	kinds, err := s.store.directKindsOf(ctx, companyID)
	if err != nil {
		return nil, internal(err)
	}
	cb, err := s.budgets.CompanyBudgets(ctx, []int64{companyID})
	if err != nil {
		return nil, err
	}
	out := &DirectPayments{CorporateAccountOspID: ospID, HasCompanyBudget: cb[companyID] != budget.ProviderBudget{}, Kinds: []DirectPayment{}}
	for _, k := range directKinds() {
		out.Kinds = append(out.Kinds, DirectPayment{Kind: k.Kind, Provider: k.Provider, PaidByCompany: kinds[k.Kind]})
	}
	return out, nil
}

// SetDirectPayment sets whether a company pays a kind's provider directly
// and answers the company's settings. Later processes book by it; lines
// booked before stay where they are.
func (s *Service) SetDirectPayment(ctx context.Context, p *access.Principal, req DirectPaymentUpdate) (*DirectPayments, error) {
	k := kindOf(req.Kind)
	if k == nil || k.TokenField == "" {
		names := make([]string, 0, len(Kinds))
		for _, d := range directKinds() {
			names = append(names, d.Kind)
		}
		return nil, apperr.Invalid(apperr.LabelValidationFailed, "kind",
			i18n.T(i18n.FromContext(ctx), "rule.oneOf", "kind", strings.Join(names, ", ")))
	}
	if req.PaidByCompany == nil {
		return nil, apperr.Invalid(apperr.LabelValidationFailed, "paidByCompany", i18n.T(i18n.FromContext(ctx), "rule.required", "paidByCompany"))
	}
	ca, err := s.companies.Resolve(ctx, p, req.CorporateAccountOspID)
	if err != nil {
		return nil, err
	}
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		return s.store.setDirect(ctx, ca.ID, k.Kind, *req.PaidByCompany, p.UserID, s.now())
	})
	if err != nil {
		return nil, internal(err)
	}
	return s.directPaymentsOf(ctx, ca.ID, ca.OspID)
}
