// Package onboarding creates an app user together with their budgets: the
// one call (user/mobile/create with userBudgets) of the add-user form.
//
// It is a thin place that orchestrates two domains rather than a hook
// inside the user service. The budget package already depends on user
// (user.Resolved, user.Service.Resolve), so user cannot call budget; an
// interface the user service takes would still leave user's request type
// unable to name budget.WriteData, and the create payload would lose its
// typed budgets. Here both services are used as they are: each checks its
// own part with its own rules (user.Service.CheckMobile,
// budget.Service.CheckNewUserBudgets), then one database transaction runs
// user.Service.CreateMobile and budget.Service.OpenForNewUser, whose own
// WithTx calls join it. Nothing of the user (row, group memberships,
// budgets, ledger rows, welcome mail in the outbox) outlives a failure.
package onboarding

import (
	"context"

	"mobility/portal/internal/access"
	"mobility/portal/internal/api"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/budget"
	"mobility/portal/internal/database"
	"mobility/portal/internal/user"
)

// Service creates app users with their budgets.
type Service struct {
	db      *database.DB
	users   *user.Service
	budgets *budget.Service
}

func NewService(db *database.DB, users *user.Service, budgets *budget.Service) *Service {
	return &Service{db: db, users: users, budgets: budgets}
}

// CreateMobileUserRequest is the SPEC §3 create payload of an app user:
// the user's part and the budgets to open with them.
type CreateMobileUserRequest struct {
	user.CreateMobileRequest
	UserBudgets []budget.NewUserBudget `json:"userBudgets" maxItems:"10" description:"budgets opened with the user, in the same transaction; a failure of one creates nothing"`
}

// Routes is the create call of the add-user form.
func (s *Service) Routes() []api.Route {
	return []api.Route{
		api.Post("/portal-service/v1/user/mobile/create", access.Need(access.UserManager), "user",
			"Create an app user (role ospuser) with their budgets, all or nothing",
			func(ctx context.Context, req *CreateMobileUserRequest) (*user.User, error) {
				return s.CreateMobile(ctx, access.FromContext(ctx), *req)
			}).WithIdempotencyKey(), // the budgets book their start amounts
	}
}

// CreateMobile checks the user and every budget first, answering one
// VALIDATION_FAILED naming every failing field (userData.email,
// userBudgets[1].data.frequencyAmount), then creates the user, their
// groups and budgets in one transaction.
func (s *Service) CreateMobile(ctx context.Context, p *access.Principal, req CreateMobileUserRequest) (*user.User, error) {
	companyID, err := s.users.CheckMobile(ctx, p, req.CreateMobileRequest)
	if err != nil && !isInvalid(err) {
		return nil, err
	}
	userErr := err
	var budgetErr error
	if companyID != 0 {
		budgetErr = s.budgets.CheckNewUserBudgets(ctx, companyID, req.UserBudgets)
		if budgetErr != nil && !isInvalid(budgetErr) {
			return nil, budgetErr
		}
	}
	if err := merge(userErr, budgetErr); err != nil {
		return nil, err
	}
	var created *user.User
	err = s.db.WithTx(ctx, func(ctx context.Context) error {
		u, err := s.users.CreateMobile(ctx, p, req.CreateMobileRequest)
		if err != nil {
			return err
		}
		if _, err := s.budgets.OpenForNewUser(ctx, p, u.OspID, req.UserBudgets); err != nil {
			return err
		}
		created = u
		return nil
	})
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	return created, nil
}

func isInvalid(err error) bool {
	e := apperr.As(err)
	return e != nil && e.Kind == apperr.KindInvalid && len(e.Fields) > 0
}

// merge joins the field errors of the user's and the budgets' checks into
// one VALIDATION_FAILED, so the form shows both steps' errors at once.
func merge(userErr, budgetErr error) error {
	if userErr == nil || budgetErr == nil {
		if userErr != nil {
			return userErr // as it is, with its own label
		}
		return budgetErr
	}
	var v apperr.Validation
	for _, err := range []error{userErr, budgetErr} {
		if err == nil {
			continue
		}
		for _, f := range apperr.As(err).Fields {
			for _, m := range f.Messages {
				v.Add(f.Field, m)
			}
		}
	}
	return v.Err()
}
