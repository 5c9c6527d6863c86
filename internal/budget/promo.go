package budget

import (
	"context"
	"strings"

	"mobility/portal/internal/access"
	"mobility/portal/internal/apperr"
	"mobility/portal/internal/clock"
	"mobility/portal/internal/database"
	"mobility/portal/internal/money"
	"mobility/portal/internal/validate"
)

// Promo-code labels.
var (
	LabelPromoUnknown = apperr.Define("PROMO_CODE_UNKNOWN")
	LabelPromoExpired = apperr.Define("PROMO_CODE_NOT_VALID_NOW")
	LabelPromoUsed    = apperr.Define("PROMO_CODE_ALREADY_USED")
)

// PromoCode is a code platform staff hand out: an amount, a validity.
type PromoCode struct {
	Code      string       `json:"code" db:"code"`
	Amount    money.Amount `json:"amount" db:"amount" description:"cents"`
	ValidFrom string       `json:"validFrom" db:"valid_from"`
	ValidTo   string       `json:"validTo" db:"valid_to"`
}

// CreatePromo stores a new promo code (platform staff).
func (s *Service) CreatePromo(ctx context.Context, p *access.Principal, req PromoCode) (*PromoCode, error) {
	v := validate.New(ctx)
	req.Code = strings.ToUpper(strings.TrimSpace(req.Code))
	if v.Required("code", req.Code) {
		v.ExtID("code", req.Code)
	}
	if v.AmountInBounds("amount", req.Amount) && req.Amount <= 0 {
		v.Fail("amount", "rule.invalid")
	}
	if v.Required("validFrom", req.ValidFrom) {
		v.Date("validFrom", req.ValidFrom)
	}
	if v.Required("validTo", req.ValidTo) {
		v.Date("validTo", req.ValidTo)
	}
	if !v.Has("validTo") && !v.Has("validFrom") && req.ValidTo < req.ValidFrom {
		v.Fail("validTo", "rule.invalid")
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	err := s.store.insertPromo(ctx, req, p.UserID, s.now())
	if database.IsUniqueViolation(err) {
		v := validate.New(ctx)
		v.Fail("code", "rule.unique")
		return nil, v.Err()
	}
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return &req, nil
}

// ListPromos lists promo codes, newest first.
func (s *Service) ListPromos(ctx context.Context) ([]PromoCode, error) {
	out, err := s.store.promos(ctx)
	if err != nil {
		return nil, apperr.Internal(err)
	}
	return out, nil
}

// Redeem credits a valid promo code to a budget, at most once per budget.
func (s *Service) Redeem(ctx context.Context, p *access.Principal, req RedeemRequest) (*Budget, error) {
	code := strings.ToUpper(strings.TrimSpace(req.PromoCode))
	v := validate.New(ctx)
	v.Required("promoCode", code)
	if err := v.Err(); err != nil {
		return nil, err
	}
	var id int64
	err := s.db.WithTx(ctx, func(ctx context.Context) error {
		b, err := s.find(ctx, p, req.BudgetOspID, true)
		if err != nil {
			return err
		}
		id = b.ID
		if b.UserID == nil { // the company budget is credited by bank transfers only
			return invalid(ctx, apperr.LabelValidationFailed, "budgetOspId", "money.rule.userBudgetOnly")
		}
		promo, err := s.store.promoByCode(ctx, code)
		if database.IsNoRows(err) {
			return apperr.Invalid(LabelPromoUnknown, "promoCode", text(ctx, "money.error.promoUnknown"))
		}
		if err != nil {
			return err
		}
		today := clock.Today(s.clock.Now())
		if today < promo.ValidFrom || today > promo.ValidTo {
			return apperr.Invalid(LabelPromoExpired, "promoCode", text(ctx, "money.error.promoExpired"))
		}
		n, err := s.store.redeemOnce(ctx, promo.ID, b.ID, s.now())
		if err != nil {
			return err
		}
		if n == 0 {
			return conflict(ctx, LabelPromoUsed, "money.error.promoUsed")
		}
		if !b.active() {
			return conflict(ctx, LabelDeactivated, "money.error.deactivated")
		}
		_, err = s.post(ctx, b, Entry{Type: TxTopup, Amount: promo.Amount.Cents(), Description: "promo code " + code, CreatedBy: &p.UserID})
		return err
	})
	if err != nil {
		return nil, apperr.Wrap(err)
	}
	return s.getByID(ctx, id)
}
