package budget

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/api"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/constants"
	"mobility/portal/internal/money"
	"mobility/portal/internal/paging"
	"mobility/portal/internal/user"
	"mobility/portal/internal/validate"
)

// CompanyBudgetRequest names a company.
type CompanyBudgetRequest struct {
	CorporateAccountOspID string `json:"corporateAccountOspId" required:"true"`
}

// CompanyBudgetView is the finance/company-budget screen's data.
type CompanyBudgetView struct {
	Budget           *Budget `json:"budget" description:"null until the first transfer"`
	PaymentReference string  `json:"paymentReference" description:"Belgian structured reference to quote on transfers"`
	Threshold        *int64  `json:"threshold"`
	BelowThreshold   bool    `json:"belowThreshold"`
}

// ThresholdRequest sets the company budget's warning threshold.
type ThresholdRequest struct {
	CorporateAccountOspID string        `json:"corporateAccountOspId" required:"true"`
	Threshold             *money.Amount `json:"threshold" description:"cents; null removes it"`
}

// PrivateListRequest pages users' private balances in a company.
type PrivateListRequest struct {
	CorporateAccountOspID string            `json:"corporateAccountOspId" required:"true"`
	Pagination            paging.Pagination `json:"pagination"`
}

// PrivateRow is one user's own money.
type PrivateRow struct {
	UserOspID   string `json:"userOspId" db:"user_osp_id"`
	FullName    string `json:"fullName" db:"-"`
	Firstname   string `json:"-" db:"firstname"`
	Lastname    string `json:"-" db:"lastname"`
	Email       string `json:"-" db:"email"`
	Balance     int64  `json:"balance" db:"balance"`
	BudgetOspID string `json:"budgetOspId" db:"budget_osp_id"`
}

// LabelNoCompanyBudget: SPEC §2's canViewCompanyBudget refuses.
var LabelNoCompanyBudget = apperr.Define("COMPANY_BUDGET_NOT_AVAILABLE")

func (s *Service) companyFor(ctx context.Context, p *access.Principal, ospID string) (int64, string, error) {
	ca, err := s.companies.Resolve(ctx, p, ospID)
	if err != nil {
		return 0, "", err
	}
	if !ca.CanViewCompanyBudget(p) {
		return 0, "", apperr.Forbidden(text(ctx, "money.error.noCompanyBudget")).WithLabel(LabelNoCompanyBudget)
	}
	return ca.ID, ca.OspID, nil
}

// CompanyView returns a company's own budget with its payment reference.
func (s *Service) CompanyView(ctx context.Context, p *access.Principal, ospID string) (*CompanyBudgetView, error) {
	companyID, _, err := s.companyFor(ctx, p, ospID)
	if err != nil {
		return nil, err
	}
	out := &CompanyBudgetView{PaymentReference: PaymentReference(companyID)}
	rows, err := s.store.byOwner(ctx, 0, companyID, TypeCompany)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	if len(rows) > 0 {
		b, err := s.toAPI(ctx, rows[0])
		if err != nil {
			return nil, err
		}
		out.Budget, out.Threshold, out.BelowThreshold = b, rows[0].Threshold, rows[0].BelowThreshold
	}
	return out, nil
}

// SetThreshold sets (or clears) the company budget's threshold; crossing
// it from then on mails the budget contacts once.
func (s *Service) SetThreshold(ctx context.Context, p *access.Principal, req ThresholdRequest) (*CompanyBudgetView, error) {
	if req.Threshold != nil {
		v := validate.New(ctx)
		if v.AmountInBounds("threshold", *req.Threshold) && *req.Threshold < 0 {
			v.Fail("threshold", "rule.invalid")
		}
		if err := v.Err(); err != nil {
			return nil, err
		}
	}
	companyID, osp, err := s.companyFor(ctx, p, req.CorporateAccountOspID)
	if err != nil {
		return nil, err
	}
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		// the threshold is set on an open company budget: only platform
		// staff open one (with its first bank transfer)
		b, err := s.companyBudget(ctx, companyID, p.UserID, false)
		if err != nil {
			return err
		}
		b.Threshold = cents(req.Threshold)
		if err := s.store.setThreshold(ctx, b.ID, b.Threshold); err != nil {
			return err
		}
		return s.watchThreshold(ctx, b)
	})
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	return s.CompanyView(ctx, p, osp)
}

// PrivateList pages users' private balances in a company (platform staff).
func (s *Service) PrivateList(ctx context.Context, p *access.Principal, req PrivateListRequest) (*paging.Page[PrivateRow], error) {
	ca, err := s.companies.Resolve(ctx, p, req.CorporateAccountOspID)
	if err != nil {
		return nil, err
	}
	pg := req.Pagination.Normalize(constants.DefaultPageSize)
	rows, total, err := s.store.privateRows(ctx, ca.ID, pg)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	for i := range rows {
		rows[i].FullName = user.FullName(rows[i].Firstname, rows[i].Lastname, rows[i].Email)
	}
	page := paging.NewPage(rows, total, pg)
	return &page, nil
}

func (s *Service) companyRoutes() []api.Route {
	pr := access.FromContext
	return []api.Route{
		api.Post(base+"/company/get", access.SignedIn(), "budget", "The company budget with its payment reference (prepaid companies, artemis partners, platform staff)",
			func(ctx context.Context, req *CompanyBudgetRequest) (*CompanyBudgetView, error) {
				return s.CompanyView(ctx, pr(ctx), req.CorporateAccountOspID)
			}),
		api.Post(base+"/company/threshold", access.Need(access.UserManager, access.CompanyBudgetManager), "budget", "Set the company budget's warning threshold",
			func(ctx context.Context, req *ThresholdRequest) (*CompanyBudgetView, error) {
				return s.SetThreshold(ctx, pr(ctx), *req)
			}),
		api.Post(base+"/private/list", access.Need(access.OspAdmin), "budget", "Users' private balances in a company",
			func(ctx context.Context, req *PrivateListRequest) (*paging.Page[PrivateRow], error) {
				return s.PrivateList(ctx, pr(ctx), *req)
			}),
	}
}
