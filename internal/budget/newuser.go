package budget

import (
	"context"
	"fmt"
	"slices"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/validate"
)

// NewUserBudget is one budget opened together with a new app user (an
// element of the userBudgets of user/mobile/create, SPEC §3).
type NewUserBudget struct {
	Type string    `json:"type" required:"true" enum:"MOBILITY_BUDGET,BUSINESS_BUDGET,CAFETERIA_BUDGET,COMMUTING_BUDGET"`
	Data WriteData `json:"data"`
}

// userBudgetField names field of the i-th new budget as the create
// payload does, so the web app can show it on the budgets step:
// userBudgets[1].type, userBudgets[1].data.frequencyAmount.
func userBudgetField(i int, field string) string {
	if field == "type" {
		return fmt.Sprintf("userBudgets[%d].type", i)
	}
	return fmt.Sprintf("userBudgets[%d].data.%s", i, field)
}

// CheckNewUserBudgets checks the budgets of an app user about to be
// created in the company companyID with the very rules Create applies
// (type, company settings, amounts within money.Amount bounds, frequency
// and strategy), writing nothing. Every failure is one VALIDATION_FAILED
// naming userBudgets[i].<field>.
func (s *Service) CheckNewUserBudgets(ctx context.Context, companyID int64, budgets []NewUserBudget) error {
	var all apperr.Validation
	seen := map[string]bool{}
	for i, b := range budgets {
		c := validate.New(ctx)
		c.OneOf("type", b.Type, userTypes) // the company budget is the company's own
		if err := c.Err(); err != nil {
			_ = addAsFields(&all, i, err)
			continue
		}
		r, _, err := s.prepare(ctx, companyID, b.Type, b.Data)
		if err != nil {
			if err := addAsFields(&all, i, err); err != nil {
				return err
			}
			continue
		}
		// one active budget per type and payment type: the second would
		// be refused inside the transaction; say so before it starts
		if key := r.BudgetType + "/" + r.PaymentType; seen[key] {
			all.Add(userBudgetField(i, "type"), text(ctx, "money.error.duplicate"))
		} else {
			seen[key] = true
		}
	}
	return all.Err()
}

// OpenForNewUser opens budgets (checked by CheckNewUserBudgets) for the app
// user userOspID just created, booking their start amounts. It runs inside
// the caller's transaction (database.WithTx reuses it), so a failure undoes
// the user as well; a failure of budget i names userBudgets[i].
func (s *Service) OpenForNewUser(ctx context.Context, p *access.Principal, userOspID string, budgets []NewUserBudget) ([]Budget, error) {
	out := make([]Budget, 0, len(budgets))
	for i, b := range budgets {
		created, err := s.Create(ctx, p, CreateRequest{Type: b.Type, OwnerOspID: userOspID, Data: b.Data})
		if err != nil {
			var v apperr.Validation
			if err := addAsFields(&v, i, err); err != nil {
				return nil, err
			}
			return nil, v.Err()
		}
		out = append(out, *created)
	}
	return out, nil
}

// addAsFields adds the field errors of err (a VALIDATION_FAILED, or a
// refusal of the budget type such as BUDGET_TYPE_NOT_ALLOWED) to v under
// budget i's names; any other error is returned as it is.
func addAsFields(v *apperr.Validation, i int, err error) error {
	e := apperr.As(err)
	switch {
	case e == nil:
		return apperr.Wrap(err)
	case e.Kind == apperr.KindInvalid && len(e.Fields) > 0:
		for _, f := range e.Fields {
			for _, m := range f.Messages {
				v.Add(userBudgetField(i, f.Field), m)
			}
		}
		return nil
	case e.Label == LabelTypeNotOffered || e.Label == LabelDuplicate:
		v.Add(userBudgetField(i, "type"), e.Message)
		return nil
	default:
		return err
	}
}

// userTypes are the budget types an app user may get.
var userTypes = slices.DeleteFunc(slices.Clone(Types), func(t string) bool { return t == TypeCompany })
