package budget

import (
	"context"
	"time"
)

// storedPromo is a promo code with its row id.
type storedPromo struct {
	ID int64 `db:"id"`
	PromoCode
}

func (s *store) insertPromo(ctx context.Context, c PromoCode, by int64, now time.Time) error {
	_, err := s.db.Insert(ctx, `INSERT INTO promo_codes (code, amount, valid_from, valid_to, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id`,
		c.Code, c.Amount.Cents(), c.ValidFrom, c.ValidTo, by, now)
	return err
}

func (s *store) promos(ctx context.Context) ([]PromoCode, error) {
	out := []PromoCode{}
	err := s.db.Select(ctx, &out, `SELECT code, amount, valid_from, valid_to FROM promo_codes ORDER BY id DESC`)
	return out, err
}

func (s *store) promoByCode(ctx context.Context, code string) (storedPromo, error) {
	var promo storedPromo
	err := s.db.Get(ctx, &promo, `SELECT id, code, amount, valid_from, valid_to FROM promo_codes WHERE code = ?`, code)
	return promo, err
}

// redeemOnce records a redemption; 0 rows means the budget had it already.
func (s *store) redeemOnce(ctx context.Context, promoID, budgetID int64, now time.Time) (int64, error) {
	return s.db.Exec(ctx, `INSERT INTO promo_redemptions (promo_code_id, budget_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`,
		promoID, budgetID, now)
}
